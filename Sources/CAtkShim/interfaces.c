// AtkComponent (extents in screen, window or parent coordinates; focus; hit testing),
// AtkAction and AtkValue over the Swift callbacks. ATK 2.12's value functions and the older
// GValue ones are both served: the bridge and older clients each call one set.
#include "private.h"
#include <stdlib.h>
#include <string.h>

static TLAccessible *tl(gpointer object) { return (TLAccessible *)object; }

// MARK: AtkComponent

/// The object's rectangle in `coords`; false when detached.
static gboolean tl_rect(TLAccessible *a, AtkCoordType coords, double r[4]) {
    if (!a->callbacks) return FALSE;
    double origin[2] = {0, 0};
    a->callbacks->extents(a->node, r, origin);
    if (coords == ATK_XY_SCREEN) {
        r[0] += origin[0];
        r[1] += origin[1];
    } else if (coords == ATK_XY_PARENT) {
        AtkObject *p = atk_object_get_parent(ATK_OBJECT(a));
        double pr[4] = {0, 0, 0, 0};
        if (p && tl_is_accessible(p)) tl_rect(tl(p), ATK_XY_WINDOW, pr);
        r[0] -= pr[0];
        r[1] -= pr[1];
    }
    return TRUE;
}

static void tl_get_extents(AtkComponent *c, gint *x, gint *y, gint *w, gint *h, AtkCoordType coords) {
    double r[4] = {0, 0, 0, 0};
    if (!tl_rect(tl(c), coords, r)) r[0] = r[1] = -1;
    if (x) *x = (gint)r[0];
    if (y) *y = (gint)r[1];
    if (w) *w = (gint)(r[2] + 0.5);
    if (h) *h = (gint)(r[3] + 0.5);
}

static gboolean tl_contains(AtkComponent *c, gint x, gint y, AtkCoordType coords) {
    double r[4];
    if (!tl_rect(tl(c), coords, r)) return FALSE;
    return x >= r[0] && y >= r[1] && x < r[0] + r[2] && y < r[1] + r[3];
}

/// The deepest descendant under the point, the last child first (drawn on top).
static AtkObject *tl_ref_accessible_at_point(AtkComponent *c, gint x, gint y, AtkCoordType coords) {
    AtkObject *o = ATK_OBJECT(c);
    gint n = atk_object_get_n_accessible_children(o);
    for (gint i = n - 1; i >= 0; i--) {
        AtkObject *child = atk_object_ref_accessible_child(o, i);
        if (!child) continue;
        if (ATK_IS_COMPONENT(child) && atk_component_contains(ATK_COMPONENT(child), x, y, coords)) {
            AtkObject *deeper = atk_component_ref_accessible_at_point(ATK_COMPONENT(child), x, y, coords);
            if (deeper) {
                g_object_unref(child);
                return deeper;
            }
            return child;
        }
        g_object_unref(child);
    }
    return NULL;
}

static gboolean tl_grab_focus(AtkComponent *c) {
    TLAccessible *a = tl(c);
    return a->callbacks ? a->callbacks->grabFocus(a->node) : FALSE;
}

static AtkLayer tl_get_layer(AtkComponent *c) {
    (void)c;
    return ATK_LAYER_WIDGET;
}

void tl_component_init(gpointer iface, gpointer data) {
    (void)data;
    AtkComponentIface *i = iface;
    i->get_extents = tl_get_extents;
    i->contains = tl_contains;
    i->ref_accessible_at_point = tl_ref_accessible_at_point;
    i->grab_focus = tl_grab_focus;
    i->get_layer = tl_get_layer;
}

// MARK: AtkAction

static gint tl_action_count(AtkAction *act) {
    TLAccessible *a = tl(act);
    return a->callbacks ? a->callbacks->actionCount(a->node) : 0;
}

static gboolean tl_do_action(AtkAction *act, gint i) {
    TLAccessible *a = tl(act);
    return a->callbacks ? a->callbacks->doAction(a->node, i) : FALSE;
}

static const gchar *tl_action_name(AtkAction *act, gint i) {
    TLAccessible *a = tl(act);
    if (!a->callbacks || i < 0 || i >= TL_KEPT_ACTION_NAMES) return NULL;
    free(a->actionNames[i]);
    a->actionNames[i] = a->callbacks->actionName(a->node, i);
    return a->actionNames[i];
}

void tl_action_init(gpointer iface, gpointer data) {
    (void)data;
    AtkActionIface *i = iface;
    i->do_action = tl_do_action;
    i->get_n_actions = tl_action_count;
    i->get_name = tl_action_name;
    i->get_localized_name = tl_action_name;
}

// MARK: AtkValue

/// current, minimum, maximum, step; zeros when there is no value.
static void tl_values(AtkValue *v, double out[4]) {
    TLAccessible *a = tl(v);
    out[0] = out[1] = out[2] = out[3] = 0;
    if (a->callbacks) a->callbacks->value(a->node, out);
}

static void tl_value_and_text(AtkValue *v, gdouble *value, gchar **text) {
    double d[4];
    tl_values(v, d);
    if (value) *value = d[0];
    if (text) *text = NULL;
}

static AtkRange *tl_range(AtkValue *v) {
    double d[4];
    tl_values(v, d);
    return atk_range_new(d[1], d[2], NULL);
}

static gdouble tl_increment(AtkValue *v) {
    double d[4];
    tl_values(v, d);
    return d[3];
}

static void tl_set_value(AtkValue *v, gdouble value) {
    TLAccessible *a = tl(v);
    if (a->callbacks) a->callbacks->setValue(a->node, value);
}

static void tl_gvalue(GValue *out, double d) {
    memset(out, 0, sizeof(*out));
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, d);
}

static void tl_current(AtkValue *v, GValue *out) { double d[4]; tl_values(v, d); tl_gvalue(out, d[0]); }
static void tl_minimum(AtkValue *v, GValue *out) { double d[4]; tl_values(v, d); tl_gvalue(out, d[1]); }
static void tl_maximum(AtkValue *v, GValue *out) { double d[4]; tl_values(v, d); tl_gvalue(out, d[2]); }
static void tl_step(AtkValue *v, GValue *out) { double d[4]; tl_values(v, d); tl_gvalue(out, d[3]); }

static gboolean tl_set_current(AtkValue *v, const GValue *value) {
    TLAccessible *a = tl(v);
    if (!a->callbacks || !G_VALUE_HOLDS_DOUBLE(value)) return FALSE;
    return a->callbacks->setValue(a->node, g_value_get_double(value));
}

void tl_value_init(gpointer iface, gpointer data) {
    (void)data;
    AtkValueIface *i = iface;
    i->get_value_and_text = tl_value_and_text;
    i->get_range = tl_range;
    i->get_increment = tl_increment;
    i->set_value = tl_set_value;
    i->get_current_value = tl_current;
    i->get_minimum_value = tl_minimum;
    i->get_maximum_value = tl_maximum;
    i->get_minimum_increment = tl_step;
    i->set_current_value = tl_set_current;
}
