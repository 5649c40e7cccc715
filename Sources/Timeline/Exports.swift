// The view engine is the module an app imports: it brings the modules below it along, so that
// `import Timeline` gives views, layout, animation, the run loop, the display list,
// geometry and frame timing, as `import UIKit` does.
@_exported import FrameTiming
@_exported import Geometry
@_exported import Layers
@_exported import LayoutSolver
@_exported import Motion
@_exported import RenderModel
@_exported import UpdateLoop
