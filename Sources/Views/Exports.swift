// The modules below the views come along with them: geometry, frame timing, the run loop, the
// solver, motion, the display list and the layer tree.
@_exported import FrameTiming
@_exported import Geometry
@_exported import Layers
@_exported import LayoutSolver
@_exported import Motion
@_exported import RenderModel
@_exported import UpdateLoop
