// The process's side of ATK, which is process-wide by design: the application object
// (atk_get_root) holding each window's frame, the toolkit's AtkUtil (what the AT-SPI bridge
// calls to hear events: GObject emission hooks on ATK's signals, as toolkits outside GTK do),
// and the bridge's start (the main loop's dispatch is mainloop.c). All of it runs on the thread
// that drives the engine's run loop.
#include "private.h"
#include <string.h>

// MARK: The application object

typedef struct {
    AtkObject parent;
    GPtrArray *windows;
} TLApplication;
typedef struct { AtkObjectClass parent; } TLApplicationClass;

static gint app_n_children(AtkObject *o) { return (gint)((TLApplication *)o)->windows->len; }
static AtkObject *app_ref_child(AtkObject *o, gint i) {
    GPtrArray *w = ((TLApplication *)o)->windows;
    return i >= 0 && (guint)i < w->len ? g_object_ref(g_ptr_array_index(w, i)) : NULL;
}
static AtkObject *app_get_parent(AtkObject *o) { (void)o; return NULL; }
static gint app_index_in_parent(AtkObject *o) { (void)o; return -1; }

static void app_class_init(gpointer klass, gpointer data) {
    (void)data;
    AtkObjectClass *k = ATK_OBJECT_CLASS(klass);
    k->get_n_children = app_n_children;
    k->ref_child = app_ref_child;
    k->get_parent = app_get_parent;
    k->get_index_in_parent = app_index_in_parent;
}

static void app_init(GTypeInstance *instance, gpointer klass) {
    (void)klass;
    ((TLApplication *)instance)->windows = g_ptr_array_new_with_free_func(g_object_unref);
}

static AtkObject *application;

AtkObject *tl_atk_application(void) { return application; }

static AtkObject *application_new(const char *name) {
    GTypeInfo info = {0};
    info.class_size = sizeof(TLApplicationClass);
    info.class_init = app_class_init;
    info.instance_size = sizeof(TLApplication);
    info.instance_init = app_init;
    GType t = g_type_register_static(ATK_TYPE_OBJECT, "TLApplication", &info, 0);
    AtkObject *app = g_object_new(t, NULL);
    atk_object_initialize(app, NULL);
    atk_object_set_role(app, ATK_ROLE_APPLICATION);
    atk_object_set_name(app, name);
    return app;
}

void tl_atk_add_window(void *object) {
    if (!application) return;
    GPtrArray *w = ((TLApplication *)application)->windows;
    g_ptr_array_add(w, g_object_ref(object));
    g_signal_emit_by_name(application, "children-changed::add", w->len - 1, object);
}

void tl_atk_remove_window(void *object) {
    if (!application) return;
    GPtrArray *w = ((TLApplication *)application)->windows;
    guint i;
    if (!g_ptr_array_find(w, object, &i)) return;
    g_object_ref(object);
    g_ptr_array_remove_index(w, i);
    g_signal_emit_by_name(application, "children-changed::remove", i, object);
    g_object_unref(object);
}

// MARK: AtkUtil

/// Listener id -> (signal id, emission hook id), for removing.
static GHashTable *listeners;
static guint next_listener;

typedef struct { guint signal; gulong hook; } TLListener;

/// "Toolkit:Type:signal" (the bridge's form): an emission hook on the type's signal; the older
/// two-part form ("window:create") is refused (0), so the bridge uses the three-part one.
static guint util_add_listener(GSignalEmissionHook listener, const gchar *event_type) {
    gchar **parts = g_strsplit(event_type, ":", 3);
    guint id = 0;
    if (parts[0] && parts[1] && parts[2]) {
        GType type = g_type_from_name(parts[1]);
        guint signal = type ? g_signal_lookup(parts[2], type) : 0;
        if (signal) {
            TLListener *l = g_new(TLListener, 1);
            l->signal = signal;
            l->hook = g_signal_add_emission_hook(signal, 0, listener, NULL, NULL);
            id = ++next_listener;
            g_hash_table_insert(listeners, GUINT_TO_POINTER(id), l);
        }
    }
    g_strfreev(parts);
    return id;
}

static void util_remove_listener(guint id) {
    TLListener *l = g_hash_table_lookup(listeners, GUINT_TO_POINTER(id));
    if (!l) return;
    g_signal_remove_emission_hook(l->signal, l->hook);
    g_hash_table_remove(listeners, GUINT_TO_POINTER(id));
}

static guint util_add_key_listener(AtkKeySnoopFunc f, gpointer data) { (void)f; (void)data; return 0; }
static void util_remove_key_listener(guint id) { (void)id; }
static AtkObject *util_get_root(void) { return application; }
static const gchar *util_toolkit_name(void) { return "Timeline"; }
static const gchar *util_toolkit_version(void) { return "1.0"; }

// MARK: Start

bool tl_atk_start(const char *name) {
    static bool tried, started;
    if (tried) return started;
    tried = true;
    listeners = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->add_global_event_listener = util_add_listener;
    util->remove_global_event_listener = util_remove_listener;
    util->add_key_event_listener = util_add_key_listener;
    util->remove_key_event_listener = util_remove_key_listener;
    util->get_root = util_get_root;
    util->get_toolkit_name = util_toolkit_name;
    util->get_toolkit_version = util_toolkit_version;
    // The interfaces' signals exist once their default vtables do; the bridge looks them up.
    GType interfaces[] = {ATK_TYPE_COMPONENT, ATK_TYPE_ACTION, ATK_TYPE_VALUE, ATK_TYPE_TEXT, ATK_TYPE_SELECTION,
                          ATK_TYPE_WINDOW, ATK_TYPE_DOCUMENT, ATK_TYPE_HYPERTEXT, ATK_TYPE_TABLE};
    for (size_t i = 0; i < sizeof interfaces / sizeof interfaces[0]; i++) g_type_default_interface_ref(interfaces[i]);
    if (!g_get_prgname()) g_set_prgname(name);
    application = application_new(name);
    started = atk_bridge_adaptor_init(NULL, NULL) == 0;
    if (started) tl_watch_start();
    return started;
}

// MARK: The desktop's setting

/// Reads one boolean property of org.a11y.Status; false when absent.
static gboolean status_property(GDBusConnection *bus, const char *name, int32_t timeout) {
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_sync(bus, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties",
                                                  "Get", g_variant_new("(ss)", "org.a11y.Status", name),
                                                  G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, timeout, NULL, &error);
    if (!reply) {
        g_clear_error(&error);
        return FALSE;
    }
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    gboolean on = g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(value);
    g_variant_unref(value);
    g_variant_unref(reply);
    return on;
}

bool tl_atk_bus_is_enabled(int32_t timeout) {
    // No session bus named and none at the usual place: do not let GIO autolaunch one.
    if (!g_getenv("DBUS_SESSION_BUS_ADDRESS")) {
        gchar *path = g_build_filename(g_get_user_runtime_dir(), "bus", NULL);
        gboolean exists = g_file_test(path, G_FILE_TEST_EXISTS);
        g_free(path);
        if (!exists) return false;
    }
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) {
        g_clear_error(&error);
        return false;
    }
    bool on = status_property(bus, "IsEnabled", timeout) || status_property(bus, "ScreenReaderEnabled", timeout);
    g_object_unref(bus);
    return on;
}
