import CSDL2

/// What a paint counts, for tests and benchmarks. The counts live in one internal value
/// (``DisplayListPainter/counts``) behind public getters: a public stored property of a class
/// is checked for exclusive access at run time on every read and write inside the module (about
/// 70 instructions each: the counters' reset alone was 1,500 a paint), an internal one is
/// checked when compiled (LT11).
extension DisplayListPainter {
    /// The counters one paint sets from zero.
    struct Counts {
        var triangles = 0, submissions = 0, offscreens = 0, memoryGroups = 0, directFills = 0, unblendedGroups = 0
        var unfilteredGroups = 0, directShapes = 0, directImages = 0, directMaskedFills = 0, keptCoverageUses = 0
        var combinedMasks = 0, skippedMasks = 0, skippedShapes = 0, culledShapes = 0
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
}
