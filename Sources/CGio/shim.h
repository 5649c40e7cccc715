// GIO's D-Bus client (GDBus), for CDesktopShim only: Swift sees CDesktopShim's small header,
// not GLib's.
#include <gio/gio.h>
