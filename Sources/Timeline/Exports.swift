// The view engine is the module an app imports: it brings the modules below it along, so that
// `import Timeline` gives views, controls, scrolling, lists, navigation, layout, animation, the
// run loop, the display list, geometry and frame timing, as `import UIKit` does.
@_exported import Controls
@_exported import Lists
@_exported import Navigation
@_exported import Scrolling
@_exported import Views
