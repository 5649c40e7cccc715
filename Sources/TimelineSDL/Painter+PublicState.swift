import CSDL2

/// What a paint counts, for tests and benchmarks, and the painter's public settings. They live
/// in internal values (`counts`, `state`) behind public accessors: a public stored property of
/// a class is checked for exclusive access at run time on every read and write inside the
/// module (about 70 instructions each: the counters' reset alone was 1,500 a paint, and a group
/// read a setting twice), an internal one read or written whole is checked when compiled (LT11).
extension DisplayListPainter {
    /// The counters one paint sets from zero.
    struct Counts {
        var triangles = 0, submissions = 0, offscreens = 0, memoryGroups = 0, directFills = 0, unblendedGroups = 0
        var unfilteredGroups = 0, directShapes = 0, directImages = 0, directMaskedFills = 0, keptCoverageUses = 0
        var combinedMasks = 0, skippedMasks = 0, skippedShapes = 0, culledShapes = 0
        /// Masked fills whose inside was laid as a solid's, and only their edges by the memory group's steps.
        var maskedSolidInsides = 0
    }

    /// The settings and last results the public properties below read and write.
    struct State {
        var retainsPixels = false, repaintsDamageOnly = true, drawsDirectly = true, drawsGroupsInMemory = true
        var baseTarget: OpaquePointer?
        var directSurface: UnsafeMutablePointer<SDL_Surface>?
        var lastDamage: SDL_Rect?
        var lastError: SDLError?
    }

    /// Triangles and geometry submissions in the last ``paint(_:)``, for benchmarks.
    public var lastTriangleCount: Int { counts.triangles }

    /// Geometry submissions (`SDL_RenderGeometry` calls) in the last ``paint(_:)``: each costs a driver call, so fewer is cheaper.
    public var lastSubmissionCount: Int { counts.submissions }

    /// Offscreen groups composited in the last ``paint(_:)``, and how many of them were drawn
    /// in memory.
    public var lastOffscreenCount: Int { counts.offscreens }

    /// How many of the last paint's offscreen groups were composited in memory rather than on the GPU.
    public var lastMemoryGroupCount: Int { counts.memoryGroups }

    /// Rectangles the last paint wrote straight into the target's pixels (``directSurface``).
    public var lastDirectFillCount: Int { counts.directFills }

    /// Groups with a blend mode the last paint drew as normal groups, because no offscreen
    /// buffer or target could be had for them (nested past the memory bound).
    public var lastUnblendedGroupCount: Int { counts.unblendedGroups }

    /// Groups with filters the last paint drew unfiltered (nested in a memory group, or no
    /// offscreen target could be had).
    public var lastUnfilteredGroupCount: Int { counts.unfilteredGroups }

    /// Filled paths the last paint laid straight into the target's pixels (``directSurface``).
    public var lastDirectShapeCount: Int { counts.directShapes }

    /// Images the last paint laid straight into the target's pixels (parallelograms of images on
    /// the image renderer's surface, LT11), with no texture.
    public var lastDirectImageCount: Int { counts.directImages }

    /// Masked groups of one fill (an After Effects solid, a shape layer's fill under masks) the
    /// last paint laid straight into the target's pixels, with no memory group (LT11).
    public var lastDirectMaskedFillCount: Int { counts.directMaskedFills }

    /// Paths the last paint laid from kept coverage instead of rasterising them (LT6).
    public var lastKeptCoverageUses: Int { counts.keptCoverageUses }

    /// Path masks the last paint combined from their paths (not laid from kept coverage).
    public var lastCombinedMaskCount: Int { counts.combinedMasks }

    /// Masks the last paint drew unmasked because the budget for mask content was spent.
    public var lastSkippedMaskCount: Int { counts.skippedMasks }

    /// Shapes the last paint skipped for the budget.
    public var lastSkippedShapeCount: Int { counts.skippedShapes }

    /// Tessellated shapes the last frame left out because they lay wholly off the target.
    public var lastCulledShapeCount: Int { counts.culledShapes }

    /// Whether the target keeps its pixels from one paint to the next (an offscreen image does;
    /// a window's back buffer may not). Only then does a list's `DisplayList/damage` let the
    /// painter repaint just the damaged region.
    public var retainsPixels: Bool {
        get { state.retainsPixels }
        set { state.retainsPixels = newValue }
    }

    /// The texture painted into instead of the renderer's default target (a window keeps its
    /// picture in one, so that damaged repaints work there too); nil: the default target.
    public var baseTarget: OpaquePointer? {
        get { state.baseTarget }
        set { state.baseTarget = newValue }
    }

    /// Whether to repaint only the damaged region when the target keeps its pixels (P1). Off,
    /// every paint is a full repaint (for tests that compare the two).
    public var repaintsDamageOnly: Bool {
        get { state.repaintsDamageOnly }
        set { state.repaintsDamageOnly = newValue }
    }

    /// The surface a software renderer made on a surface draws into (an offscreen image's; for a
    /// window's renderer the painter finds the window's surface itself): rectangles, rounded or
    /// not, on the pixel grid are written into the default target's pixels directly, in the memory groups' arithmetic, instead of going through SDL's
    /// blended fills and tinted corner copies (the 1,000-view stress scene's paint: 11.7 -> 5.6 ms
    /// under Xvfb). Only while the list's background is opaque (over an opaque pixel, straight
    /// and premultiplied colours are the same) and the surface is 32-bit RGB in the usual byte
    /// order.
    public var directSurface: UnsafeMutablePointer<SDL_Surface>? {
        get { state.directSurface }
        set { state.directSurface = newValue }
    }

    /// Whether ``directSurface`` is used (tests compare the two paths).
    public var drawsDirectly: Bool {
        get { state.drawsDirectly }
        set { state.drawsDirectly = newValue }
    }

    /// Whether groups whose drawings are all rectangles on the pixel grid are drawn in memory
    /// on the software path (`Painter+MemoryGroups.swift`); off, they go through SDL targets.
    /// Both give the same picture (tested); the switch is for that test and for benchmarks.
    public var drawsGroupsInMemory: Bool {
        get { state.drawsGroupsInMemory }
        set { state.drawsGroupsInMemory = newValue }
    }

    /// The damaged region of the last paint, in device pixels (nil: the whole target), and the
    /// rectangles repainted within it.
    public var lastDamage: SDL_Rect? { state.lastDamage }

    /// The first SDL call that failed in the last ``paint(_:)``, if any (checked through the
    /// backend's one checking helper). Painting goes on after a failure; callers that must not
    /// lose output (PNG writing) check it.
    public var lastError: SDLError? { state.lastError }
}
