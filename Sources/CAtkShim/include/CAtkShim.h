// A small C face over ATK for TimelineAccessibility: one AtkObject subclass whose every answer
// comes from callbacks into Swift, the application root, and the AT-SPI bridge's start and main
// loop. Swift sees only this header (no GLib types), so importing it costs little.
#ifndef CATKSHIM_H
#define CATKSHIM_H

#include <stdbool.h>
#include <stdint.h>

/// Roles the engine's objects take; the shim maps each to ATK's.
typedef enum {
    TLRoleUnknown = 0, TLRoleFrame, TLRolePanel, TLRolePushButton, TLRoleToggleButton, TLRoleCheckBox,
    TLRoleSlider, TLRoleSpinButton, TLRoleProgressBar, TLRoleLabel, TLRoleEntry, TLRoleText, TLRoleImage,
    TLRoleList, TLRoleListItem, TLRoleTable, TLRoleTableCell, TLRoleHeading, TLRoleLink, TLRolePageTabList,
    TLRolePageTab, TLRoleScrollPane, TLRoleToolBar, TLRoleAnimation, TLRoleRadioButton, TLRoleMenu, TLRoleMenuItem,
} TLRole;

/// State bits (``AccessibleStates`` in Swift); the shim maps each to ATK's.
enum {
    TLStateEnabled = 1 << 0, TLStateSensitive = 1 << 1, TLStateFocusable = 1 << 2, TLStateFocused = 1 << 3,
    TLStateCheckable = 1 << 4, TLStateChecked = 1 << 5, TLStateSelectable = 1 << 6, TLStateSelected = 1 << 7,
    TLStateShowing = 1 << 8, TLStateVisible = 1 << 9, TLStateEditable = 1 << 10, TLStateSingleLine = 1 << 11,
    TLStateMultiLine = 1 << 12, TLStateHorizontal = 1 << 13, TLStateActive = 1 << 14, TLStatePressed = 1 << 15,
};

/// Interfaces an object implements besides AtkObject and AtkComponent (chosen when it is made).
enum { TLInterfaceAction = 1 << 0, TLInterfaceValue = 1 << 1, TLInterfaceText = 1 << 2, TLInterfaceEditableText = 1 << 3 };

/// What an object asks Swift. `node` is the pointer given to tl_atk_object_new; strings returned
/// are malloc'd and become the shim's. Objects returned (child, parent) are borrowed.
typedef struct {
    char *_Nullable (*_Nonnull name)(void *_Nonnull node);
    char *_Nullable (*_Nonnull description)(void *_Nonnull node);
    int32_t (*_Nonnull role)(void *_Nonnull node);
    uint64_t (*_Nonnull states)(void *_Nonnull node);
    int32_t (*_Nonnull childCount)(void *_Nonnull node);
    void *_Nullable (*_Nonnull child)(void *_Nonnull node, int32_t index);
    /// The parent object; NULL: the application (a window's frame).
    void *_Nullable (*_Nonnull parent)(void *_Nonnull node);
    int32_t (*_Nonnull indexInParent)(void *_Nonnull node);
    /// The frame in window points, and the window's origin on the screen.
    void (*_Nonnull extents)(void *_Nonnull node, double *_Nonnull rect, double *_Nonnull windowOrigin);
    bool (*_Nonnull grabFocus)(void *_Nonnull node);
    int32_t (*_Nonnull actionCount)(void *_Nonnull node);
    char *_Nullable (*_Nonnull actionName)(void *_Nonnull node, int32_t index);
    bool (*_Nonnull doAction)(void *_Nonnull node, int32_t index);
    /// current, minimum, maximum, step; false: no value now.
    bool (*_Nonnull value)(void *_Nonnull node, double *_Nonnull values);
    bool (*_Nonnull setValue)(void *_Nonnull node, double value);
    /// The whole text (UTF-8); offsets below count characters (Unicode scalars), as ATK's do.
    char *_Nullable (*_Nonnull text)(void *_Nonnull node);
    /// The selection; start == end: the caret there. False: no caret (not editable text).
    bool (*_Nonnull selection)(void *_Nonnull node, int32_t *_Nonnull start, int32_t *_Nonnull end);
    bool (*_Nonnull setSelection)(void *_Nonnull node, int32_t start, int32_t end);
    /// Replaces characters start..<end with `text` (UTF-8) as an edit in code would.
    bool (*_Nonnull replaceText)(void *_Nonnull node, int32_t start, int32_t end, const char *_Nonnull text);
    /// Character `offset`'s box as `extents` gives an object's (window coordinates in the
    /// screen's units, and the window's origin on the screen); false: no such character.
    bool (*_Nonnull characterExtents)(void *_Nonnull node, int32_t offset, double *_Nonnull rect, double *_Nonnull windowOrigin);
    /// The character offset nearest a point in window coordinates (the screen's units); -1: none.
    int32_t (*_Nonnull offsetAtPoint)(void *_Nonnull node, double x, double y);
    /// The object's place in a set of like items (from 1) and the set's size; false: in none.
    /// Reported as the object attributes `posinset` and `setsize`.
    bool (*_Nonnull setPosition)(void *_Nonnull node, int32_t *_Nonnull position, int32_t *_Nonnull count);
} TLAtkCallbacks;

/// Whether the desktop asks for accessibility: the accessibility bus's `org.a11y.Status`
/// `IsEnabled` (or `ScreenReaderEnabled`) on the session bus; false without a session bus.
/// Blocks for at most `timeoutMilliseconds`.
bool tl_atk_bus_is_enabled(int32_t timeoutMilliseconds);

/// Installs the toolkit's AtkUtil (root, event listeners), makes the application object and
/// starts the AT-SPI bridge on the default GLib main context, once per process; later calls
/// return the first one's answer. False: the bridge could not start (no accessibility bus).
bool tl_atk_start(const char *_Nonnull applicationName);

/// A new object (one reference, the caller's) whose answers come from `callbacks` with `node`.
void *_Nonnull tl_atk_object_new(const TLAtkCallbacks *_Nonnull callbacks, void *_Nonnull node, int32_t interfaces);
/// The node is gone: the object answers nothing more, reports itself defunct, and the caller's
/// reference is dropped (an assistive technology may hold its own).
void tl_atk_object_detach(void *_Nonnull object);

/// Adds a window's frame object to the application (children-changed is emitted), or removes it.
void tl_atk_add_window(void *_Nonnull object);
void tl_atk_remove_window(void *_Nonnull object);

/// Events: a state bit (one TLState*) turned on or off; the value changed; the name changed.
void tl_atk_notify_state(void *_Nonnull object, uint64_t state, bool on);
void tl_atk_notify_value(void *_Nonnull object);
void tl_atk_notify_name(void *_Nonnull object);
/// `child` was added to `parent`'s children at `index`, or removed from there.
void tl_atk_notify_children(void *_Nonnull parent, int32_t index, void *_Nonnull child, bool added);
/// The text changed: `removed` characters at `start` went, then `inserted` came.
void tl_atk_notify_text(void *_Nonnull object, int32_t start, int32_t removed, int32_t inserted);
/// The caret moved to `offset` (characters).
void tl_atk_notify_caret(void *_Nonnull object, int32_t offset);
/// The selected text changed (it grew, shrank, moved, appeared or went).
void tl_atk_notify_text_selection(void *_Nonnull object);
/// `text` is to be spoken now (ATK's "announcement", AT-SPI's object:announcement); nothing
/// where the installed ATK has no such signal.
void tl_atk_notify_announcement(void *_Nonnull object, const char *_Nonnull text);
/// What a reader presents next within `object` (a window's frame) is `child`.
void tl_atk_notify_active_descendant(void *_Nonnull object, void *_Nonnull child);

/// Sets what the watcher thread calls, from its own thread, when something for the default main
/// context is ready (a request came, a timeout fell due), so that a run loop waiting for input
/// wakes and dispatches: `wake(context)` must be safe to call from any thread. NULL: none (the
/// run loop then looks on its own). One for the process; a later call replaces it. Returns
/// false when there is no watcher (`tl_atk_start` failed, or TIMELINE_ATK_WATCH=0).
bool tl_atk_set_wake(void (*_Nullable wake)(void *_Nullable context), void *_Nullable context);
/// Removes the wake set with `context`, if it is still the one set; once this returns, it is
/// not being called and will not be.
void tl_atk_clear_wake(void *_Nullable context);

/// Runs what is ready on the default GLib main context (D-Bus requests to the bridge); when
/// something was, goes on serving what arrives for up to `burstMilliseconds` (a reader's next
/// call). At most `limit` iterations; returns how many ran.
int32_t tl_atk_dispatch_pending(int32_t limit, int32_t burstMilliseconds);

#endif
