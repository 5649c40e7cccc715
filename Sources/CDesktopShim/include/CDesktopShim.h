// A small C face over GIO's GDBus for TimelineDesktop (AX4, DK5): the desktop's appearance and
// motion settings read from the XDG settings portal (org.freedesktop.portal.Settings on the
// session bus) and followed through its SettingChanged signal. Swift sees only this header (no
// GLib types).
#ifndef CDESKTOPSHIM_H
#define CDESKTOPSHIM_H

#include <stdbool.h>
#include <stdint.h>

typedef struct TLDesktopSettings TLDesktopSettings;

/// Called on GDBus's worker thread when a SettingChanged signal arrived: ask the thread that
/// owns the settings to call tl_desktop_dispatch (it must not touch anything else).
typedef void (*TLDesktopWake)(void *_Nullable context);

/// The settings the engine uses; -1: the portal does not have it.
typedef struct {
    /// org.freedesktop.appearance color-scheme: 0 no preference, 1 dark, 2 light.
    int32_t colorScheme;
    /// org.freedesktop.appearance reduced-motion (newer portals): 0 no preference, 1 reduce.
    int32_t reducedMotion;
    /// org.gnome.desktop.interface enable-animations: 0 (reduce motion) or 1.
    int32_t enableAnimations;
} TLDesktopValues;

/// Connects to the bus at `address` (NULL: the session bus, never autolaunched), reads the
/// settings (each call waits at most `timeoutMilliseconds`) and subscribes to SettingChanged.
/// NULL when there is no bus (no error: the defaults apply). A bus without a portal gives a
/// handle whose values are all -1 and that follows a portal started later.
TLDesktopSettings *_Nullable tl_desktop_open(const char *_Nullable address, int32_t timeoutMilliseconds,
                                             TLDesktopWake _Nullable wake, void *_Nullable context);
/// The values now.
TLDesktopValues tl_desktop_values(const TLDesktopSettings *_Nonnull settings);
/// On the thread that opened it: delivers the SettingChanged signals that arrived (its private
/// GLib main context), updating the values. Returns how many of the three values changed.
int32_t tl_desktop_dispatch(TLDesktopSettings *_Nonnull settings);
/// Unsubscribes, closes the connection; no wake comes after it returns.
void tl_desktop_close(TLDesktopSettings *_Nonnull settings);

#endif
