// TLAccessible: an AtkObject whose every answer comes from callbacks into Swift (CAtkShim.h).
// GObject interfaces belong to types, not instances, so an object's interfaces pick one of
// sixteen types: the base (AtkComponent) and subclasses adding any of AtkAction, AtkValue,
// AtkText and AtkEditableText. The AT-SPI bridge lists an object's interfaces from its type, so
// a label offers no Action and a button no Value.
#include "CAtkShim.h"
#include "private.h"
#include <stdlib.h>
#include <string.h>

static gpointer tl_accessible_parent_class;

static TLAccessible *tl(gpointer object) { return (TLAccessible *)object; }

/// Keeps a string Swift returned (malloc'd) as the object's answer until the next one.
static const gchar *tl_keep(gchar **slot, char *fresh) {
    free(*slot);
    *slot = fresh;
    return fresh;
}

static const gchar *tl_get_name(AtkObject *o) {
    TLAccessible *a = tl(o);
    if (!a->callbacks) return a->name;
    return tl_keep(&a->name, a->callbacks->name(a->node));
}

static const gchar *tl_get_description(AtkObject *o) {
    TLAccessible *a = tl(o);
    if (!a->callbacks) return a->description;
    return tl_keep(&a->description, a->callbacks->description(a->node));
}

AtkRole tl_atk_role(int32_t role) {
    switch ((TLRole)role) {
    case TLRoleFrame: return ATK_ROLE_FRAME;
    case TLRolePanel: return ATK_ROLE_PANEL;
    case TLRolePushButton: return ATK_ROLE_PUSH_BUTTON;
    case TLRoleToggleButton: return ATK_ROLE_TOGGLE_BUTTON;
    case TLRoleCheckBox: return ATK_ROLE_CHECK_BOX;
    case TLRoleSlider: return ATK_ROLE_SLIDER;
    case TLRoleSpinButton: return ATK_ROLE_SPIN_BUTTON;
    case TLRoleProgressBar: return ATK_ROLE_PROGRESS_BAR;
    case TLRoleLabel: return ATK_ROLE_LABEL;
    case TLRoleEntry: return ATK_ROLE_ENTRY;
    case TLRoleText: return ATK_ROLE_TEXT;
    case TLRoleImage: return ATK_ROLE_IMAGE;
    case TLRoleList: return ATK_ROLE_LIST;
    case TLRoleListItem: return ATK_ROLE_LIST_ITEM;
    case TLRoleTable: return ATK_ROLE_TABLE;
    case TLRoleTableCell: return ATK_ROLE_TABLE_CELL;
    case TLRoleHeading: return ATK_ROLE_HEADING;
    case TLRoleLink: return ATK_ROLE_LINK;
    case TLRolePageTabList: return ATK_ROLE_PAGE_TAB_LIST;
    case TLRolePageTab: return ATK_ROLE_PAGE_TAB;
    case TLRoleScrollPane: return ATK_ROLE_SCROLL_PANE;
    case TLRoleToolBar: return ATK_ROLE_TOOL_BAR;
    case TLRoleAnimation: return ATK_ROLE_ANIMATION;
    case TLRoleRadioButton: return ATK_ROLE_RADIO_BUTTON;
    case TLRoleMenu: return ATK_ROLE_POPUP_MENU;
    case TLRoleMenuItem: return ATK_ROLE_MENU_ITEM;
    case TLRoleUnknown: break;
    }
    return ATK_ROLE_UNKNOWN;
}

AtkStateType tl_atk_state(uint64_t bit) {
    switch (bit) {
    case TLStateEnabled: return ATK_STATE_ENABLED;
    case TLStateSensitive: return ATK_STATE_SENSITIVE;
    case TLStateFocusable: return ATK_STATE_FOCUSABLE;
    case TLStateFocused: return ATK_STATE_FOCUSED;
    case TLStateCheckable: return ATK_STATE_CHECKABLE;
    case TLStateChecked: return ATK_STATE_CHECKED;
    case TLStateSelectable: return ATK_STATE_SELECTABLE;
    case TLStateSelected: return ATK_STATE_SELECTED;
    case TLStateShowing: return ATK_STATE_SHOWING;
    case TLStateVisible: return ATK_STATE_VISIBLE;
    case TLStateEditable: return ATK_STATE_EDITABLE;
    case TLStateSingleLine: return ATK_STATE_SINGLE_LINE;
    case TLStateMultiLine: return ATK_STATE_MULTI_LINE;
    case TLStateHorizontal: return ATK_STATE_HORIZONTAL;
    case TLStateActive: return ATK_STATE_ACTIVE;
    case TLStatePressed: return ATK_STATE_PRESSED;
    default: return ATK_STATE_INVALID;
    }
}

static AtkRole tl_get_role(AtkObject *o) {
    TLAccessible *a = tl(o);
    return a->callbacks ? tl_atk_role(a->callbacks->role(a->node)) : ATK_ROLE_UNKNOWN;
}

static gint tl_get_n_children(AtkObject *o) {
    TLAccessible *a = tl(o);
    return a->callbacks ? a->callbacks->childCount(a->node) : 0;
}

static AtkObject *tl_ref_child(AtkObject *o, gint i) {
    TLAccessible *a = tl(o);
    if (!a->callbacks || i < 0) return NULL;
    void *child = a->callbacks->child(a->node, i);
    return child ? g_object_ref(ATK_OBJECT(child)) : NULL;
}

static AtkObject *tl_get_parent(AtkObject *o) {
    TLAccessible *a = tl(o);
    if (!a->callbacks) return NULL;
    void *p = a->callbacks->parent(a->node);
    return p ? ATK_OBJECT(p) : tl_atk_application();
}

static gint tl_get_index_in_parent(AtkObject *o) {
    TLAccessible *a = tl(o);
    return a->callbacks ? a->callbacks->indexInParent(a->node) : -1;
}

static AtkStateSet *tl_ref_state_set(AtkObject *o) {
    TLAccessible *a = tl(o);
    AtkStateSet *set = atk_state_set_new();
    if (!a->callbacks) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    uint64_t bits = a->callbacks->states(a->node);
    for (uint64_t bit = 1; bit && bit <= bits; bit <<= 1) {
        if ((bits & bit) && tl_atk_state(bit) != ATK_STATE_INVALID) atk_state_set_add_state(set, tl_atk_state(bit));
    }
    return set;
}

/// The object's attributes: its place in a set (`posinset`, from 1, and `setsize`, the names
/// ARIA and browsers give them) when it has one; none otherwise. The set is the caller's.
static AtkAttributeSet *tl_get_attributes(AtkObject *o) {
    TLAccessible *a = tl(o);
    int32_t position = 0, count = 0;
    if (!a->callbacks || !a->callbacks->setPosition(a->node, &position, &count)) return NULL;
    AtkAttributeSet *set = NULL;
    const char *names[2] = {"setsize", "posinset"};
    int32_t values[2] = {count, position};
    for (int i = 0; i < 2; i++) {
        AtkAttribute *attribute = g_new(AtkAttribute, 1);
        attribute->name = g_strdup(names[i]);
        attribute->value = g_strdup_printf("%d", values[i]);
        set = g_slist_prepend(set, attribute);
    }
    return set;
}

static void tl_finalize(GObject *object) {
    TLAccessible *a = tl(object);
    free(a->name);
    free(a->description);
    for (int i = 0; i < TL_KEPT_ACTION_NAMES; i++) free(a->actionNames[i]);
    G_OBJECT_CLASS(tl_accessible_parent_class)->finalize(object);
}

static void tl_accessible_class_init(gpointer klass, gpointer data) {
    (void)data;
    tl_accessible_parent_class = g_type_class_peek_parent(klass);
    AtkObjectClass *k = ATK_OBJECT_CLASS(klass);
    k->get_name = tl_get_name;
    k->get_description = tl_get_description;
    k->get_role = tl_get_role;
    k->get_n_children = tl_get_n_children;
    k->ref_child = tl_ref_child;
    k->get_parent = tl_get_parent;
    k->get_index_in_parent = tl_get_index_in_parent;
    k->ref_state_set = tl_ref_state_set;
    k->get_attributes = tl_get_attributes;
    G_OBJECT_CLASS(klass)->finalize = tl_finalize;
}

/// The sixteen types (one per set of interfaces), made on first use, on the main thread as
/// every ATK call here is.
static GType tl_types[16];

static GType tl_type(int32_t interfaces) {
    interfaces &= 15;
    if (tl_types[interfaces]) return tl_types[interfaces];
    if (!tl_types[0]) {
        GTypeInfo info = {0};
        info.class_size = sizeof(TLAccessibleClass);
        info.class_init = tl_accessible_class_init;
        info.instance_size = sizeof(TLAccessible);
        tl_types[0] = g_type_register_static(ATK_TYPE_OBJECT, "TLAccessible", &info, 0);
        GInterfaceInfo component = {tl_component_init, NULL, NULL};
        g_type_add_interface_static(tl_types[0], ATK_TYPE_COMPONENT, &component);
    }
    if (interfaces == 0) return tl_types[0];
    gchar *name = g_strdup_printf("TLAccessible%d", interfaces);
    GTypeInfo info = {0};
    info.class_size = sizeof(TLAccessibleClass);
    info.instance_size = sizeof(TLAccessible);
    GType t = g_type_register_static(tl_types[0], name, &info, 0);
    g_free(name);
    struct { int bit; GType (*type)(void); GInterfaceInitFunc init; } table[] = {
        {TLInterfaceAction, atk_action_get_type, tl_action_init},
        {TLInterfaceValue, atk_value_get_type, tl_value_init},
        {TLInterfaceText, atk_text_get_type, tl_text_init},
        {TLInterfaceEditableText, atk_editable_text_get_type, tl_editable_text_init},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (!(interfaces & table[i].bit)) continue;
        GInterfaceInfo iface = {table[i].init, NULL, NULL};
        g_type_add_interface_static(t, table[i].type(), &iface);
    }
    tl_types[interfaces] = t;
    return t;
}

gboolean tl_is_accessible(gpointer object) {
    return tl_types[0] && G_TYPE_CHECK_INSTANCE_TYPE(object, tl_types[0]);
}

void *tl_atk_object_new(const TLAtkCallbacks *callbacks, void *node, int32_t interfaces) {
    TLAccessible *a = g_object_new(tl_type(interfaces), NULL);
    a->callbacks = callbacks;
    a->node = node;
    atk_object_initialize(ATK_OBJECT(a), NULL);
    return a;
}

void tl_atk_object_detach(void *object) {
    TLAccessible *a = tl(object);
    a->callbacks = NULL;
    a->node = NULL;
    atk_object_notify_state_change(ATK_OBJECT(a), ATK_STATE_DEFUNCT, TRUE);
    g_object_unref(a);
}

void tl_atk_notify_state(void *object, uint64_t state, bool on) {
    AtkStateType s = tl_atk_state(state);
    if (s != ATK_STATE_INVALID) atk_object_notify_state_change(ATK_OBJECT(object), s, on);
}

void tl_atk_notify_value(void *object) {
    g_object_notify(G_OBJECT(object), "accessible-value");
    if (ATK_IS_VALUE(object)) {
        double value = 0;
        gchar *text = NULL;
        atk_value_get_value_and_text(ATK_VALUE(object), &value, &text);
        g_signal_emit_by_name(object, "value-changed", value, text ? text : "");
        g_free(text);
    }
}

void tl_atk_notify_name(void *object) {
    g_object_notify(G_OBJECT(object), "accessible-name");
}

void tl_atk_notify_children(void *parent, int32_t index, void *child, bool added) {
    g_signal_emit_by_name(parent, added ? "children-changed::add" : "children-changed::remove", index, child);
}
