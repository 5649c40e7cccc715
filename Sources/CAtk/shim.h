// ATK, its AT-SPI bridge and GIO (the accessibility bus's status), for CAtkShim only: Swift
// sees CAtkShim's small header, not GLib's.
#include <atk/atk.h>
#include <atk-bridge.h>
#include <gio/gio.h>
