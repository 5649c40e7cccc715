// The desktop's settings through the XDG settings portal, over GDBus. The connection is a
// private one (not GIO's shared session connection, which the AT-SPI bridge may hold), and the
// SettingChanged subscription delivers into a private GLib main context that only
// tl_desktop_dispatch iterates, on the engine's run loop: nothing here calls Swift from GDBus's
// worker thread except the wake, which only asks for that dispatch. With no change, nothing
// runs per frame.
#include "CDesktopShim.h"
#include <gio/gio.h>
#include <string.h>

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SETTINGS_INTERFACE "org.freedesktop.portal.Settings"
#define APPEARANCE "org.freedesktop.appearance"
#define GNOME_INTERFACE "org.gnome.desktop.interface"

struct TLDesktopSettings {
    GDBusConnection *bus;
    GMainContext *context;
    guint subscription;
    guint filter;
    TLDesktopWake wake;
    void *wakeContext;
    /// SettingChanged signals the worker thread saw, and those dispatched here.
    gint seen;
    gint handled;
    TLDesktopValues values;
};

/// A setting's value as an integer (uint32, int32, boolean; variants unwrapped); -1 otherwise.
static int32_t integer_of(GVariant *value) {
    GVariant *v = g_variant_ref(value);
    while (g_variant_is_of_type(v, G_VARIANT_TYPE_VARIANT)) {
        GVariant *inner = g_variant_get_variant(v);
        g_variant_unref(v);
        v = inner;
    }
    int32_t n = -1;
    if (g_variant_is_of_type(v, G_VARIANT_TYPE_UINT32)) n = (int32_t)g_variant_get_uint32(v);
    else if (g_variant_is_of_type(v, G_VARIANT_TYPE_INT32)) n = g_variant_get_int32(v);
    else if (g_variant_is_of_type(v, G_VARIANT_TYPE_BOOLEAN)) n = g_variant_get_boolean(v) ? 1 : 0;
    g_variant_unref(v);
    return n;
}

/// Where a (namespace, key) is kept; NULL: not one the engine uses.
static int32_t *slot(TLDesktopSettings *s, const char *ns, const char *key) {
    if (strcmp(ns, APPEARANCE) == 0 && strcmp(key, "color-scheme") == 0) return &s->values.colorScheme;
    if (strcmp(ns, APPEARANCE) == 0 && strcmp(key, "reduced-motion") == 0) return &s->values.reducedMotion;
    if (strcmp(ns, GNOME_INTERFACE) == 0 && strcmp(key, "enable-animations") == 0) return &s->values.enableAnimations;
    return NULL;
}

/// ReadOne (portal version 2), else Read (version 1, whose value is a variant in a variant).
static int32_t read_setting(GDBusConnection *bus, const char *ns, const char *key, int32_t timeout) {
    const char *methods[] = {"ReadOne", "Read"};
    for (int i = 0; i < 2; i++) {
        GError *error = NULL;
        GVariant *reply = g_dbus_connection_call_sync(bus, PORTAL_NAME, PORTAL_PATH, SETTINGS_INTERFACE, methods[i],
                                                      g_variant_new("(ss)", ns, key), G_VARIANT_TYPE("(v)"),
                                                      G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout, NULL, &error);
        if (reply) {
            GVariant *value = g_variant_get_child_value(reply, 0);
            int32_t n = integer_of(value);
            g_variant_unref(value);
            g_variant_unref(reply);
            return n;
        }
        // Only an old portal without ReadOne is worth asking again.
        gboolean unknownMethod = g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD);
        g_clear_error(&error);
        if (!unknownMethod) return -1;
    }
    return -1;
}

/// SettingChanged, dispatched in the private context (the run loop's thread).
static void on_setting_changed(GDBusConnection *bus, const gchar *sender, const gchar *path, const gchar *interface,
                               const gchar *signal, GVariant *parameters, gpointer data) {
    (void)bus; (void)sender; (void)path; (void)interface; (void)signal;
    TLDesktopSettings *s = data;
    g_atomic_int_inc(&s->handled);
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ssv)"))) return;
    const gchar *ns = NULL, *key = NULL;
    GVariant *value = NULL;
    g_variant_get(parameters, "(&s&sv)", &ns, &key, &value);
    int32_t *target = slot(s, ns, key);
    if (target) *target = integer_of(value);
    g_variant_unref(value);
}

/// On GDBus's worker thread: a SettingChanged is on its way to the private context; wake the
/// run loop to dispatch it.
static GDBusMessage *filter(GDBusConnection *bus, GDBusMessage *message, gboolean incoming, gpointer data) {
    (void)bus;
    TLDesktopSettings *s = data;
    if (incoming && g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_SIGNAL
        && g_strcmp0(g_dbus_message_get_interface(message), SETTINGS_INTERFACE) == 0
        && g_strcmp0(g_dbus_message_get_member(message), "SettingChanged") == 0
        && g_strcmp0(g_dbus_message_get_path(message), PORTAL_PATH) == 0) {
        g_atomic_int_inc(&s->seen);
        if (s->wake) s->wake(s->wakeContext);
    }
    return message;
}

static GDBusConnection *connect_bus(const char *address) {
    gchar *owned = NULL;
    if (!address) {
        // No session bus named and none at the usual place: do not let GIO autolaunch one.
        if (!g_getenv("DBUS_SESSION_BUS_ADDRESS")) {
            gchar *path = g_build_filename(g_get_user_runtime_dir(), "bus", NULL);
            gboolean exists = g_file_test(path, G_FILE_TEST_EXISTS);
            g_free(path);
            if (!exists) return NULL;
        }
        owned = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, NULL, NULL);
        if (!owned) return NULL;
        address = owned;
    }
    GError *error = NULL;
    GDBusConnection *bus = g_dbus_connection_new_for_address_sync(
        address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL,
        &error);
    g_clear_error(&error);
    g_free(owned);
    if (bus) g_dbus_connection_set_exit_on_close(bus, FALSE);
    return bus;
}

TLDesktopSettings *tl_desktop_open(const char *address, int32_t timeout, TLDesktopWake wake, void *context) {
    GDBusConnection *bus = connect_bus(address);
    if (!bus) return NULL;
    TLDesktopSettings *s = g_new0(TLDesktopSettings, 1);
    s->bus = bus;
    s->wake = wake;
    s->wakeContext = context;
    s->context = g_main_context_new();
    // Subscribe first, so a change between the reads and the subscription is not lost.
    s->filter = g_dbus_connection_add_filter(bus, filter, s, NULL);
    g_main_context_push_thread_default(s->context);
    s->subscription = g_dbus_connection_signal_subscribe(bus, PORTAL_NAME, SETTINGS_INTERFACE, "SettingChanged", PORTAL_PATH,
                                                         NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_setting_changed, s, NULL);
    g_main_context_pop_thread_default(s->context);
    s->values.colorScheme = read_setting(bus, APPEARANCE, "color-scheme", timeout);
    s->values.reducedMotion = read_setting(bus, APPEARANCE, "reduced-motion", timeout);
    s->values.enableAnimations = read_setting(bus, GNOME_INTERFACE, "enable-animations", timeout);
    return s;
}

TLDesktopValues tl_desktop_values(const TLDesktopSettings *s) { return s->values; }

static gboolean wait_ended(gpointer ended) {
    *(gboolean *)ended = TRUE;
    return G_SOURCE_REMOVE;
}

int32_t tl_desktop_dispatch(TLDesktopSettings *s) {
    TLDesktopValues before = s->values;
    while (g_main_context_iteration(s->context, FALSE)) {}
    // The worker thread wakes us from its filter just before it queues the signal here: wait
    // (briefly, bounded) for what it saw and has not queued yet.
    if (g_atomic_int_get(&s->handled) < g_atomic_int_get(&s->seen)) {
        gboolean ended = FALSE;
        GSource *timer = g_timeout_source_new(50);
        g_source_set_callback(timer, wait_ended, &ended, NULL);
        g_source_attach(timer, s->context);
        while (!ended && g_atomic_int_get(&s->handled) < g_atomic_int_get(&s->seen)) g_main_context_iteration(s->context, TRUE);
        g_source_destroy(timer);
        g_source_unref(timer);
        // One the subscription did not take (another sender) is not waited for again.
        if (ended) g_atomic_int_set(&s->handled, g_atomic_int_get(&s->seen));
    }
    return (before.colorScheme != s->values.colorScheme) + (before.reducedMotion != s->values.reducedMotion)
        + (before.enableAnimations != s->values.enableAnimations);
}

void tl_desktop_close(TLDesktopSettings *s) {
    g_dbus_connection_signal_unsubscribe(s->bus, s->subscription);
    // Closing stops the worker thread's deliveries for this connection; the filter is removed
    // after, so no wake comes once this returns.
    g_dbus_connection_close_sync(s->bus, NULL, NULL);
    g_dbus_connection_remove_filter(s->bus, s->filter);
    while (g_main_context_iteration(s->context, FALSE)) {}
    g_object_unref(s->bus);
    g_main_context_unref(s->context);
    g_free(s);
}
