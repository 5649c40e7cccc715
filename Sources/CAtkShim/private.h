// What the shim's files share; not seen by Swift.
#ifndef CATKSHIM_PRIVATE_H
#define CATKSHIM_PRIVATE_H
#include <atk/atk.h>
#include <atk-bridge.h>
#include <gio/gio.h>
#include "CAtkShim.h"

enum { TL_KEPT_ACTION_NAMES = 8 };

typedef struct {
    AtkObject parent;
    /// NULL once detached (the Swift node is gone): the object then answers nothing.
    const TLAtkCallbacks *callbacks;
    void *node;
    char *name;
    char *description;
    char *actionNames[TL_KEPT_ACTION_NAMES];
} TLAccessible;

typedef struct { AtkObjectClass parent; } TLAccessibleClass;

void tl_component_init(gpointer iface, gpointer data);
void tl_action_init(gpointer iface, gpointer data);
void tl_value_init(gpointer iface, gpointer data);
void tl_text_init(gpointer iface, gpointer data);
void tl_editable_text_init(gpointer iface, gpointer data);
AtkObject *tl_atk_application(void);
/// Whether `object` is a TLAccessible (of any of the four types).
gboolean tl_is_accessible(gpointer object);
AtkRole tl_atk_role(int32_t role);
AtkStateType tl_atk_state(uint64_t bit);
/// Starts the thread that waits on the default main context's descriptors (mainloop.c); without
/// it, every dispatch polls them.
void tl_watch_start(void);
#endif
