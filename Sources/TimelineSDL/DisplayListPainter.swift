import CSDL2
import Geometry
import Timeline

#if canImport(Glibc)
import Glibc
#endif

/// Draws a `DisplayList` with an SDL renderer (D2). The window and the offscreen image renderer
/// both use it, so what a test sees in a PNG is what the window shows.
///
/// Every shape is tessellated on the CPU by RenderModel's `Tessellator` into triangles in
/// device pixels (the group's transform times the list's scale, so rotation and scale need
/// nothing from SDL) and submitted through `SDL_RenderGeometryRaw` in batches; edges get a one-pixel
/// alpha ramp for antialiasing.
///
/// The painter is split by job: this file holds the SDL state, the command loop and batching;
/// `Painter+SoftwarePath.swift` the software renderer's rectangle-and-corner fast path;
/// `Painter+Groups.swift` offscreen groups and clipping; `Painter+Text.swift` text. A group
/// with opacity below 1 is drawn into an offscreen target and composited once with that opacity
/// (opacity is inherited, as a layer's is), except when it holds a single drawing and no
/// subgroups, where multiplying the colour is exactly equivalent and free. Clipping uses SDL's
/// clip rectangle: the device bounding box of the clip rect (exact for unrotated views).
///
/// Steady frames allocate nothing: vertex, index and stack buffers keep their capacity, offscreen
/// targets are pooled by nesting depth and glyphs are kept in an atlas.
@MainActor
public final class DisplayListPainter {
    /// The SDL renderer drawn with (`SDL_Renderer *`).
    public let renderer: OpaquePointer
    /// Glyphs rasterised since the painter was made (a steady frame adds none).
    public internal(set) var glyphsRasterized = 0

    /// The batch being built: shapes tessellated by the platform-free ``Tessellator`` into
    /// triangles in device pixels, submitted with `SDL_RenderGeometryRaw` by ``flush()``.
    var mesh = Tessellator()
    var batchTexture: OpaquePointer?
    /// The software renderer's clipped copy of the mesh (see ``flush()``), reused every flush.
    var clippedVertices: [MeshVertex] = []
    var clippedIndices: [Int32] = []

    /// An open group: the parent's state it gives back when it ends, and where it draws. Kept
    /// small (the offscreen and memory parts, a few hundred bytes, are on stacks of their own),
    /// since every group of every paint pushes and pops one (LT11).
    struct GroupFrame {
        var transform: AffineTransform
        var opacity: Double
        var clip: SDL_Rect?
        var drawing = Drawing.inPlace

        /// Where a group draws.
        enum Drawing {
            /// Straight into its parent's target.
            case inPlace
            /// On an offscreen target, the last of ``DisplayListPainter/openOffscreens``.
            case offscreen
            /// In memory (`Painter+MemoryGroups.swift`), the last of ``DisplayListPainter/openMemoryGroups``.
            case memory
        }
    }
    struct Offscreen {
        var texture: OpaquePointer
        var previousTarget: OpaquePointer?
        var region: SDL_Rect
        var opacity: Double
        /// A clip shape to mask the group with before compositing (a rounded or transformed
        /// clip): the clip rectangle in the group's coordinates, its corner radius, and the
        /// group's device transform.
        var mask: (rect: Rect, radius: Double, transform: AffineTransform)?
        /// A coverage mask (``GroupState/mask``) and the group's device transform.
        var alphaMask: (mask: GroupMask, transform: AffineTransform)?
        /// Index into ``DisplayListPainter/tileRuns`` of the runs of 32-pixel tiles the group's
        /// drawings touch: only those are cleared, read and composited.
        var runs: Int = 0
        /// How the group's pixels combine with the target's (`GroupState.blendMode`).
        var blendMode = BlendMode.normal
        /// Filters run over the group's pixels before compositing, and its device transform.
        var filters: [Filter] = [], filterTransform = AffineTransform.identity
        /// The sides of the group's region (left, top, right, bottom) cut by the target or a
        /// parent's clip before the filters' reach: a blur reads their edge pixels past them.
        var cutSides = (false, false, false, false)
    }
    /// Per nesting depth, the tile runs of the offscreen group open at that depth.
    var tileRuns: [[SDL_Rect]] = []
    var tileMarks: [Bool] = []
    /// The open groups' frames, innermost last. Changed only by ``pushGroup(_:)``,
    /// ``popGroup()``, ``setInnermostGroupDrawing(_:)`` and ``removeAllGroups()``, each through a
    /// local taken out and put back: an array changed in place through a call keeps a run-time
    /// exclusivity check on every access, about 75 instructions each, twice a group; taken out,
    /// every access reads or writes it whole and is checked when compiled (AM4, LT11).
    var groups: [GroupFrame] = []
    /// The offscreen passes and memory groups of the open groups, innermost last.
    var openOffscreens: [Offscreen] = []
    var openMemoryGroups: [MemoryGroup] = []
    var maskPixels: [UInt32] = []
    /// Scratch for filtered groups (``Filter``): a blur's passes and a drop shadow's pixels.
    var filterScratch = FilterScratch()
    var boundsStack: [AffineTransform] = []
    /// The device boxes of a group's drawings, for the disjointness check (reused each frame).
    var drawingBoxes: [Rect] = []
    /// Whether ``drawingBoxes`` holds every drawing of the group being measured.
    var haveDrawingBoxes = false
    /// Whether a group inside the one measured clips.
    var groupHasClippedSubgroup = false
    /// Whether every drawing of the group measured can be drawn in memory (``isRasterisable(_:_:)``).
    var groupIsRasterisable = false
    var transform = AffineTransform.identity
    var opacity = 1.0
    var clip: SDL_Rect?
    var target: OpaquePointer?
    var base = AffineTransform.identity
    var targetSize = (width: Int32(0), height: Int32(0))
    var targetPool: [OpaquePointer] = []
    /// A streaming texture as large as the target, through which composited group pixels are
    /// written back (``DisplayListPainter/compositeOffscreen(_:clip:)``).
    var scratch: OpaquePointer?
    /// The destination pixels under a group being composited.
    var destinationPixels: [UInt32] = []
    var offscreenDepth = 0
    /// The rectangles the last paint repainted, in device pixels; empty when it repainted the whole target.
    public var lastDamageRegions: [SDL_Rect] { state.lastDamage == nil ? [] : regions }
    var regions: [SDL_Rect] = []
    /// What the last paint drew: the list's revision, scale and background.
    var lastPainted: (origin: Int, revision: Int, scale: Double, background: Color)?

    /// This paint's direct pixels: the surface's first pixel and its row length in pixels.
    var direct: (base: UnsafeMutablePointer<UInt32>, stride: Int)?
    /// This paint's direct pixels for filled paths, whatever the background: a shape's coverage
    /// is laid over them in premultiplied alpha, which is SDL's blend of a straight-alpha texture
    /// (`dst = src·a + dst·(1 - a)`, alpha likewise) over opaque and translucent pixels alike.
    var directShapes: (base: UnsafeMutablePointer<UInt32>, stride: Int)?
    /// Whether such groups are laid directly (off: they open a memory group, as any masked group).
    var laysMaskedFillsDirectly = true
    /// Whether the outermost memory group is laid over the image's pixels from its own buffer
    /// (off: its runs are gathered into one buffer first, as for an SDL target).
    var compositesMemoryGroupsInPlace = true

    /// Buffers of groups drawn in memory, pooled by depth, and how many are open.
    var memoryLayers: [MemoryLayer] = []
    /// The group scratch this paint used; what it did not use goes at its end
    /// (``releaseUnusedGroupScratch()``).
    var groupScratchUsed = GroupScratchUse()
    var memoryDepth = 0
    /// The outermost memory group's touched tiles as runs; scratch for ``appendTileRuns``.
    var memoryRuns: [SDL_Rect] = []
    var openRuns: [Int] = []
    var nextOpenRuns: [Int] = []

    /// Whether the renderer rasterises on the CPU. SDL's software triangle filler allocates a
    /// surface per blended triangle, so there unrotated rectangles, rounded or not, are drawn as
    /// blended rectangle fills plus cached antialiased corner textures, snapped to whole pixels.
    public let isSoftware: Bool
    /// Antialiased discs (or rings) keyed by radius and ring width in pixels, in a colour;
    /// corners copy a quadrant. Per-colour textures blit several times faster than one white
    /// texture modulated by colour; past ``maxColouredDiscs`` (say, a colour animation) the
    /// white one is modulated instead.
    struct DiscKey: Hashable { var radius: Int32; var ring: Int32; var rgba: UInt32 }
    struct Disc { var texture: OpaquePointer; var lastUsed: Int }
    var discs: [DiscKey: Disc] = [:]
    var coverage: [DiscKey: [UInt8]] = [:]
    var filledDiscCoverage: [[UInt8]] = []
    /// Bytes of corner coverage tables kept, and the most kept at once.
    var coverageBytes = 0
    var maximumCoverageBytes = 32 << 20
    let maxColouredDiscs = 256
    var rects: [SDL_Rect] = []

    /// The glyph atlas (see Painter+Text.swift), where glyphs are in it, the packing cursor, and
    /// the faces drawn (kept so that a face's identity is never reused while its glyphs are).
    var glyphAtlas: OpaquePointer?
    var glyphCache: [GlyphKey: AtlasGlyph] = [:]
    var atlasCursor: (x: Int32, y: Int32, row: Int32) = (1, 1, 0)
    var atlasSide: Int32 = DisplayListPainter.smallestAtlas
    var glyphFaces: [ObjectIdentifier: FontFace] = [:]
    var staleGlyphKeys: [GlyphKey] = []
    /// Texels (with gutters) of the glyphs in ``glyphCache``: how full the atlas is of glyphs
    /// still in use, which decides whether a full atlas doubles or starts over.
    var atlasLiveArea = 0
    /// The software path's glyph copies, by modulation state (bit 0 colour, bit 1 alpha; see
    /// ``glyphCopyState(_:opacity:)``): a texture per state drawn, each holding the same glyphs
    /// at the same places. SDL rebuilds a surface's blit mapping, allocating, whenever its
    /// modulation switches on or off, as white and tinted labels taking turns would make it do
    /// twice a row every frame; a texture per state keeps each mapping. The first state drawn
    /// copies from ``glyphAtlas`` itself (``glyphAtlasCopyState``); `glyphCopyStates` has a bit
    /// per state drawn, whose textures are made again with the atlas.
    var glyphCopyAtlases: [OpaquePointer?] = [nil, nil, nil, nil]
    var glyphCopyStates: UInt8 = 0
    var glyphAtlasCopyState = -1

    /// Images uploaded as textures (see Painter+Images.swift), bounded by bytes.
    var imageTextures: [ImageTextureKey: ImageTexture] = [:]
    var imageTextureBytes = 0
    var staleImageKeys: [ImageTextureKey] = []
    /// The most bytes of image textures kept (least recently drawn out first; those drawn in
    /// the frame being painted stay): 64 MiB, sixteen 2048 x 512 images.
    public var imageTextureLimit = 64 << 20
    /// Frames an image's texture is kept undrawn before it is freed (about two seconds at 60 Hz;
    /// drawing it again uploads it again).
    static let imageTextureIdleFrames = 120
    /// Images uploaded so far (an image drawn again, by any number of views, uploads nothing).
    public internal(set) var imageTexturesUploaded = 0
    /// Filled paths and shadows are rasterised here and drawn through ``shapeTexture``.
    var shapes = ShapeRasterizer()
    /// Coverage of paths filled in memory groups, kept while they are filled the same way paint
    /// after paint, or were a few paints ago (`Painter+MemoryGroups.swift`), and the values held.
    var keptCoverage: [CoverageKey: KeptCoverage] = [:]
    var keptCoverageCount = 0
    var staleCoverageKeys: [CoverageKey] = []
    /// Digests of paths filled in this paint and the last that ``keptCoverage`` does not hold:
    /// one filled again is entered there (``withCoverage(of:rule:within:budget:_:)``).
    var coverageCandidates = Set<Int>(), lastCoverageCandidates = Set<Int>()
    /// Coverage of path masks used paint after paint (`Painter+AlphaMasks.swift`), counted in
    /// ``keptCoverageCount`` with the paths'.
    var keptMasks: [MaskKey: KeptMask] = [:]
    var staleMaskKeys: [MaskKey] = []
    /// Combined coverage of whole path masks used paint after paint (`Painter+AlphaMasks.swift`),
    /// counted in ``keptCoverageCount`` too.
    var keptPathMasks: [PathMaskKey: KeptPathMask] = [:]
    var stalePathMaskKeys: [PathMaskKey] = []
    /// Digests of masks (either kind) used in this paint and the last that neither holds.
    var maskCandidates = Set<Int>(), lastMaskCandidates = Set<Int>()
    /// The coverage of the offscreen group being composited, over its region (0...255).
    var alphaCoverage: (region: SDL_Rect, values: [UInt8])?
    /// Coverage buffers path masks are combined in, kept between paints.
    var maskScratch: (total: [Float], one: [Float]) = ([], [])
    /// Draws mask content into memory (made on first use; see `Painter+AlphaMasks.swift`).
    var maskPainter: MaskPainter?
    /// How deep inside masks' own content this painter draws (a mask painter's is its
    /// parent's plus one); masks past ``maximumMaskNesting`` are not applied.
    var maskNesting = 0
    /// Pixels of mask content drawn in this paint, against ``maximumMaskPixelsInTargets``.
    var maskPixelsPainted = 0
    var shapeTexture: OpaquePointer?
    var shapeTextureSize = (width: Int32(0), height: Int32(0))
    var shapeCache: [ShapeKey: ShapeTexture] = [:]
    var shapeCachePixels = 0
    /// Shapes drawn through the streaming texture, with the frame they were drawn in.
    var shapeCandidates: [ShapeKey: Int] = [:]
    /// Device pixels of shapes this frame may still rasterise (see ``shapeBudgetInTargets``).
    var shapeBudget = 0.0
    /// What the last paint did, counted (`Counts`), and the settings and results behind the
    /// public properties (`State`).
    var counts = Counts()
    var state = State()
    var frameNumber = 0

    /// A painter drawing with `renderer` (an `SDL_Renderer *` the caller keeps alive).
    public init(renderer: OpaquePointer) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        isSoftware = SDL_GetRendererInfo(renderer, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE.rawValue) != 0
        // SDL reads each attribute of the mesh where it lies (see `submit`): two floats at the
        // position, four bytes at the colour, two floats at the texture coordinates.
        precondition(MeshAttribute.areContiguous, "MeshVertex's x, y / r, g, b, a / u, v are no longer side by side")
    }

    /// What the painter holds between frames (MR1): each cache's entries and the bytes of the
    /// textures behind them. A page that is left and freed leaves these where they were before
    /// it was shown, once the caches' sweep (every 120 frames) has run.
    public struct CacheCounts: Equatable, Sendable, CustomStringConvertible {
        /// Uploaded images, and their texture bytes (budget ``imageTextureLimit``).
        public var imageTextures: Int, imageTextureBytes: Int
        /// Glyphs placed in the atlas, the faces they belong to, and the atlas's side in texels
        /// (at most 2048: 16 MiB, times the modulation copies drawn on the software renderer).
        public var glyphs: Int, glyphFaces: Int, glyphAtlasSide: Int
        /// Shapes kept as textures of their own (budget `maximumShapeCachePixels`), corner discs,
        /// kept path coverage and mask coverage, and offscreen targets.
        public var shapeTextures: Int, discs: Int, keptCoverage: Int, keptMasks: Int, offscreenTargets: Int

        /// One line of the cache counts, sizes in KiB, for logs and `timeline bench`.
        public var description: String {
            "images \(imageTextures) (\(imageTextureBytes >> 10) KiB), glyphs \(glyphs) in \(glyphFaces) faces (atlas \(glyphAtlasSide)), "
                + "shapes \(shapeTextures), discs \(discs), coverage \(keptCoverage), masks \(keptMasks), targets \(offscreenTargets)"
        }
    }

    /// The painter's caches now (see ``CacheCounts``).
    public var cacheCounts: CacheCounts {
        CacheCounts(imageTextures: imageTextures.count, imageTextureBytes: imageTextureBytes, glyphs: glyphCache.count,
                    glyphFaces: glyphFaces.count, glyphAtlasSide: glyphAtlas == nil ? 0 : Int(atlasSide),
                    shapeTextures: shapeCache.count, discs: discs.count, keptCoverage: keptCoverage.count,
                    keptMasks: keptMasks.count, offscreenTargets: targetPool.count)
    }

    /// Frees the cached textures; call before destroying the renderer.
    public func releaseResources() {
        for t in targetPool { SDL_DestroyTexture(t) }
        targetPool.removeAll()
        if let scratch { SDL_DestroyTexture(scratch) }
        scratch = nil
        for case let t? in glyphCopyAtlases where t != glyphAtlas { SDL_DestroyTexture(t) }
        for s in glyphCopyAtlases.indices { glyphCopyAtlases[s] = nil }
        if let t = glyphAtlas { SDL_DestroyTexture(t) }
        glyphAtlas = nil
        for (_, t) in imageTextures { SDL_DestroyTexture(t.texture) }
        imageTextures.removeAll()
        imageTextureBytes = 0
        glyphCache.removeAll()
        atlasLiveArea = 0
        atlasCursor = (1, 1, 0)
        for (_, d) in discs { SDL_DestroyTexture(d.texture) }
        discs.removeAll()
        if let t = shapeTexture { SDL_DestroyTexture(t) }
        shapeTexture = nil
        shapeTextureSize = (0, 0)
        for (_, e) in shapeCache { SDL_DestroyTexture(e.texture) }
        shapeCache.removeAll()
        shapeCachePixels = 0
        shapeCandidates.removeAll()
    }

    // MARK: Painting

    /// Clears the current render target to the list's background and draws every command.
    /// Does not present.
    public func paint(_ list: DisplayList) { paint(list, only: nil) }

    /// ``paint(_:)``, or with `only` set, clears and draws only that region (device pixels),
    /// whatever the list's damage says (a mask's content is needed only where its group is).
    func paint(_ list: DisplayList, only: SDL_Rect?) {
        frameNumber += 1
        maskPixelsPainted = 0
        counts = Counts()
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        shapeBudget = Double(max(1, w)) * Double(max(1, h)) * Double(Self.shapeBudgetInTargets)
        var damage = damagedRegion(list, width: w, height: h)
        if let only {
            damage = only
            var list = regions
            regions = []
            list.removeAll(keepingCapacity: true)
            list.append(only)
            regions = list
        }
        lastPainted = (list.origin, list.revision, list.scale, list.background)
        state.lastDamage = damage
        if (w, h) != targetSize {
            for t in targetPool { SDL_DestroyTexture(t) }
            targetPool.removeAll()
            if let scratch { SDL_DestroyTexture(scratch) }
            scratch = nil
            memoryLayers.removeAll()
            keptCoverage.removeAll()              // kept for the old target's area
            coverageCandidates.removeAll(); lastCoverageCandidates.removeAll()
            maskCandidates.removeAll(); lastMaskCandidates.removeAll()
            keptMasks.removeAll()
            keptPathMasks.removeAll()
            keptCoverageCount = 0
            targetSize = (w, h)
        }
        target = state.baseTarget
        sdl(SDL_SetRenderTarget(renderer, state.baseTarget), "SDL_SetRenderTarget")
        direct = state.baseTarget == nil && state.drawsDirectly && list.background.alpha >= 1 ? directPixels(width: w, height: h) : nil
        directShapes = state.baseTarget == nil && state.drawsDirectly ? directPixels(width: w, height: h) : nil
        state.lastError = nil
        if let d = damage {
            // Only the damaged regions: each cleared, then every drawing that reaches it,
            // clipped to it.
            guard d.w > 0, d.h > 0 else { evictStaleTextures(); releaseUnusedGroupScratch(); return }
            for k in regions.indices { paintPass(list, region: regions[k]) }
        } else {
            paintPass(list, region: nil)
        }
        evictStaleTextures()
        releaseUnusedGroupScratch()
    }

    /// One pass over the list: the whole target (`region` nil) or only `region`, cleared to the
    /// background and drawn clipped to it, skipping the groups whose box misses it.
    func paintPass(_ list: DisplayList, region: SDL_Rect?) {
        sdl(SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE), "SDL_SetRenderDrawBlendMode")
        let bg = list.background
        sdl(SDL_SetRenderDrawColor(renderer, byte(bg.red), byte(bg.green), byte(bg.blue), byte(bg.alpha)), "SDL_SetRenderDrawColor")
        if let px = directShapes, target == nil {
            // Cleared in place: SDL's fill writes past the cache (non-temporal stores), so the
            // shapes drawn next read every pixel back from memory; on a small Lottie canvas the
            // clear was a third of a frame.
            var d = targetRect
            if let region { d = intersect(region, targetRect) }
            if region != nil { sdl(SDL_RenderSetClipRect(renderer, &d), "SDL_RenderSetClipRect") } else { sdl(SDL_RenderSetClipRect(renderer, nil), "SDL_RenderSetClipRect") }
            sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
            let value = UInt32(byte(bg.alpha)) << 24 | UInt32(byte(bg.red)) << 16 | UInt32(byte(bg.green)) << 8 | UInt32(byte(bg.blue))
            if d.w > 0 { for yy in d.y..<(d.y + d.h) { (px.base + Int(yy) * px.stride + Int(d.x)).update(repeating: value, count: Int(d.w)) } }
        } else if var d = region {
            sdl(SDL_RenderSetClipRect(renderer, &d), "SDL_RenderSetClipRect")
            sdl(SDL_RenderFillRect(renderer, &d), "SDL_RenderFillRect")
        } else {
            sdl(SDL_RenderSetClipRect(renderer, nil), "SDL_RenderSetClipRect")
            sdl(SDL_RenderClear(renderer), "SDL_RenderClear")
        }
        base = AffineTransform(scaleX: list.scale, y: list.scale)
        transform = base; opacity = 1; clip = region; offscreenDepth = 0; memoryDepth = 0
        removeAllGroups()
        openOffscreens.removeAll(keepingCapacity: true)
        openMemoryGroups.removeAll(keepingCapacity: true)
        let commands = list.commands
        var i = 0
        while i < commands.count {
            let group = commands[i].groupExtent
            if let d = region, let g = group, g.end > i, g.end < commands.count, !g.bounds.isNull {
                // A group whose box misses the region draws nothing there: skip it whole.
                let box = intersect(deviceRect(base.apply(to: g.bounds).inset(by: EdgeInsets(all: -2))), d)
                if box.w <= 0 || box.h <= 0 {
                    i = g.end + 1
                    continue
                }
            }
            if laysMaskedFillsDirectly, group != nil, let end = layMaskedFill(commands, at: i) {
                i = end + 1
                continue
            }
            draw(commands, at: i, scale: list.scale)
            i += 1
        }
        flush()
        // Unbalanced lists (not produced by the engine) still leave the renderer on its target.
        while !groups.isEmpty { endGroup() }
    }

    /// The device pixels to repaint for `list`, as the union of the rectangles it leaves in
    /// ``regions``: nil for all of them (the target does not keep its pixels, the list does not
    /// follow the one painted last, or its damage is unknown or its rectangles cover more than
    /// half the target); an empty rectangle when nothing changed.
    func damagedRegion(_ list: DisplayList, width w: Int32, height h: Int32) -> SDL_Rect? {
        guard state.retainsPixels, state.repaintsDamageOnly, let d = list.damage, let last = lastPainted,
              list.origin == last.origin, list.revision == last.revision + 1, list.scale == last.scale, list.background == last.background,
              (w, h) == targetSize else { return nil }
        if d.isNull || d.width <= 0 || d.height <= 0 { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
        // The damage's rectangles in device pixels, two pixels around each for antialiased
        // edges; their areas together decide.
        let scale = AffineTransform(scaleX: list.scale, y: list.scale), target = SDL_Rect(x: 0, y: 0, w: w, h: h)
        func device(_ r: Rect) -> SDL_Rect { intersect(deviceRect(scale.apply(to: r).inset(by: EdgeInsets(all: -2))), target) }
        // Made in a local and stored whole (see ``regions``).
        var rects = regions
        regions = []
        rects.removeAll(keepingCapacity: true)
        for r in list.damageRects {
            let region = device(r)
            if region.w > 0 && region.h > 0 { rects.append(region) }
        }
        let union = device(d)
        if rects.isEmpty { rects.append(union) }
        var area = 0
        for r in rects { area += Int(r.w) * Int(r.h) }
        regions = rects
        guard area * 2 <= Int(w) * Int(h) else { return nil }
        return union
    }

    func draw(_ commands: [DrawCommand], at i: Int, scale: Double) {
        switch commands[i] {
        case .line, .fillEllipse, .strokeEllipse, .image:
            // Shapes wholly off the target cost triangles and draw nothing (an emitter's
            // particles flying away). Only those whose box is cheap: a path's box is a pass over
            // its points, and shapes of paths have their own budget.
            if missesTarget(commands[i]) { counts.culledShapes += 1; return }
        default: break
        }
        switch commands[i] {
        case .beginGroup(let g): beginGroup(g, commands: commands, at: i)
        case .endGroup: endGroup()
        case .fillRect(let r, let color, let radius):
            if memoryDepth > 0 { rasterRoundedRect(r, radius: radius, color); return }
            if direct != nil, target == nil, isAxisAligned { directRoundedRect(r, radius: radius, color); return }
            if isSoftware, isAxisAligned { blitRoundedRect(r, radius: radius, lineWidth: nil, color); return }
            prepareMesh(); mesh.fillRoundedRect(r, radius: radius, color: color)
        case .strokeRect(let r, let color, let lw, let radius):
            if isSoftware, isAxisAligned { blitRoundedRect(r, radius: radius, lineWidth: lw, color); return }
            prepareMesh(); mesh.strokeRoundedRect(r, radius: radius, lineWidth: lw, color: color)
        case .strokeBorder(let r, let color, let width, let radius):
            if isSoftware, isAxisAligned { blitBorder(r, outerRadius: radius, width: width, color); return }
            prepareMesh(); mesh.strokeInside(r, outerRadius: max(0, min(radius, r.width / 2, r.height / 2)), lineWidth: width, color: color)
        case .line(let a, let b, let color, let width): prepareMesh(); mesh.line(from: a, to: b, width: width, color: color)
        case .fillEllipse(let r, let color): prepareMesh(); mesh.fillEllipse(r, color: color)
        case .strokeEllipse(let r, let color, let lw): prepareMesh(); mesh.strokeEllipse(r, lineWidth: lw, color: color)
        case .fillPath(let path, let color): prepareMesh(); mesh.fillPath(path, color: color)
        case .strokePath(let path, let color, let lw): prepareMesh(); mesh.strokePath(path, lineWidth: lw, color: color)
        case .glyphs(let run, let at): glyphs(run, at: at)
        case .fillShape(let path, let paint, let rule): fillShape(path, paint, rule)
        case .shadow(let path, let color, let radius): shadow(path, color, radius: radius)
        case .image(let d): image(d)
        }
    }

    /// Whether `command` draws nothing on the target: its box in device pixels misses the clip
    /// (or the whole target). Offscreen and memory groups draw into surfaces of their own and are
    /// not culled here.
    func missesTarget(_ command: DrawCommand) -> Bool {
        guard offscreenDepth == 0, memoryDepth == 0, let b = command.localBounds, !b.isNull,
              b.width.isFinite, b.height.isFinite else { return false }
        let device = transform.apply(to: b)
        guard device.minX.isFinite, device.maxX.isFinite, device.minY.isFinite, device.maxY.isFinite else { return false }
        let area = clip ?? SDL_Rect(x: 0, y: 0, w: targetSize.width, h: targetSize.height)
        let margin = 2.0
        return device.maxX < Double(area.x) - margin || device.minX > Double(area.x + area.w) + margin
            || device.maxY < Double(area.y) - margin || device.minY > Double(area.y + area.h) + margin
    }

    /// The most vertices a mesh batch gathers before it is submitted.
    static let maximumBatchVertices = 65_536

    /// The transform mesh vertices are made in: the device transform, moved half a pixel on the
    /// software renderer, whose rasteriser samples pixels at their corners rather than their
    /// centres (without it every tessellated shape sits half a pixel up and left of where the
    /// rectangle path and an exact renderer put it).
    var meshTransform: AffineTransform {
        isSoftware ? transform.concatenating(AffineTransform(translationX: 0.5, y: 0.5)) : transform
    }

    /// The mesh, ready for untextured shapes in the current group's transform and opacity.
    @discardableResult
    func prepareMesh() -> UnsafeMutablePointer<Tessellator> {
        useTexture(nil)
        // A batch is submitted once it holds this many vertices: a list of a hundred thousand
        // particles draws in pieces rather than growing one mesh of millions.
        if mesh.vertices.count >= Self.maximumBatchVertices { flush() }
        mesh.transform = meshTransform
        mesh.opacity = opacity
        return withUnsafeMutablePointer(to: &mesh) { $0 }
    }

    /// How many device pixels one point spans in the current group (for segment counts, widths).
    var deviceScale: Double {
        (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
    }

    var isAxisAligned: Bool { Self.isAxisAligned(transform) }

    /// Whether `t` only scales (positively) and translates: rectangles stay rectangles.
    static func isAxisAligned(_ t: AffineTransform) -> Bool { t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0 }

    /// `r` in whole device pixels, each edge rounded to the nearest pixel.
    func pixelRect(_ r: Rect) -> SDL_Rect {
        let x0 = pixel(r.minX), y0 = pixel(r.minY)
        return SDL_Rect(x: x0, y: y0, w: pixel(r.maxX) - x0, h: pixel(r.maxY) - y0)
    }

    // MARK: Batching

    /// Submits the mesh built since the last flush in one `SDL_RenderGeometryRaw` call.
    ///
    /// SDL's software rasteriser computes its edge functions in 32-bit fixed point, which
    /// overflows for triangles thousands of pixels across (a huge view, a runaway scale): there
    /// the mesh is first clipped to the target plus a margin and split into triangles at most
    /// 2,048 pixels across. Triangles that already fit, every steady frame of a normal scene,
    /// go through unchanged.
    func flush() {
        guard !mesh.indices.isEmpty else { return }
        sdl(SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        if isSoftware {
            let bounds = Rect(x: -64, y: -64, width: Double(targetSize.width) + 128, height: Double(targetSize.height) + 128)
            mesh.clipped(to: bounds, maxExtent: 2_048, vertices: &clippedVertices, indices: &clippedIndices)
            submit(clippedVertices, clippedIndices)
        } else {
            submit(mesh.vertices, mesh.indices)
        }
        counts.triangles += mesh.triangleCount
        counts.submissions += 1
        mesh.removeAll()
    }

    /// Hands SDL the mesh as RenderModel lays it out: `SDL_RenderGeometryRaw` takes a pointer
    /// and a stride per attribute, so the vertices are read in place, with no copy into
    /// `SDL_Vertex`s and no assumption about where RenderModel puts each field.
    private func submit(_ vertices: [MeshVertex], _ indices: [Int32]) {
        guard !indices.isEmpty else { return }
        let stride = Int32(MemoryLayout<MeshVertex>.stride)
        let code = vertices.withUnsafeBytes { mesh in
            indices.withUnsafeBufferPointer { ix in
                guard let base = mesh.baseAddress else { return Int32(0) }
                // SDL reads r, g, b, a through an `SDL_Color *` (four bytes); Swift never does.
                return SDL_RenderGeometryRaw(
                    renderer, batchTexture,
                    (base + MeshAttribute.position).assumingMemoryBound(to: Float.self), stride,
                    (base + MeshAttribute.color).assumingMemoryBound(to: SDL_Color.self), stride,
                    (base + MeshAttribute.textureCoordinates).assumingMemoryBound(to: Float.self), stride,
                    Int32(vertices.count), ix.baseAddress, Int32(ix.count), Int32(MemoryLayout<Int32>.size))
            }
        }
        sdl(code, "SDL_RenderGeometryRaw")
    }

    func useTexture(_ t: OpaquePointer?) {
        if t != batchTexture {
            flush()
            batchTexture = t
        }
    }

    func sdlColor(_ c: Color, alpha: Double = 1) -> SDL_Color {
        SDL_Color(r: byte(c.red), g: byte(c.green), b: byte(c.blue), a: byte(c.alpha * opacity * alpha))
    }

    /// Checks an SDL return code through the backend's helper; the first failure of a paint is
    /// kept in ``lastError`` (drawing goes on: one failed call should not blank a frame).
    func sdl(_ code: Int32, _ operation: @autoclosure () -> String) {
        guard code != 0 else { return }
        do { try check(code, operation()) } catch { if state.lastError == nil { state.lastError = error } }
    }
}

/// Where each attribute of RenderModel's ``MeshVertex`` lies in it, for `SDL_RenderGeometryRaw`
/// (the offsets are constants the optimiser folds).
enum MeshAttribute {
    /// The byte offset of `x`, followed by `y`.
    static var position: Int { MemoryLayout<MeshVertex>.offset(of: \MeshVertex.x)! }
    /// The byte offset of `r`, followed by `g`, `b` and `a`.
    static var color: Int { MemoryLayout<MeshVertex>.offset(of: \MeshVertex.r)! }
    /// The byte offset of `u`, followed by `v`.
    static var textureCoordinates: Int { MemoryLayout<MeshVertex>.offset(of: \MeshVertex.u)! }

    /// Whether each attribute's components lie side by side, as SDL reads them.
    static var areContiguous: Bool {
        let f = MemoryLayout<Float>.size
        func offset(_ field: PartialKeyPath<MeshVertex>) -> Int? { MemoryLayout<MeshVertex>.offset(of: field) }
        return offset(\MeshVertex.y) == position + f && offset(\MeshVertex.v) == textureCoordinates + f
            && offset(\MeshVertex.g) == color + 1 && offset(\MeshVertex.b) == color + 2 && offset(\MeshVertex.a) == color + 3
    }
}

/// A device coordinate as a whole pixel, clamped to ±2²⁶ so that huge, infinite or NaN geometry
/// (a view scaled to nothing, a runaway animation) draws nothing instead of trapping.
@inline(__always) func pixel(_ v: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int32 {
    guard v.isFinite else { return v.isNaN ? 0 : (v > 0 ? 1 << 26 : -(1 << 26)) }
    // Clamped first, to whole bounds (so rounding gives what it gives clamped after), then
    // rounded from the value truncated and its exact remainder: the baseline x86-64 build has
    // no rounding instruction, and `rounded(_:)` is a call into libm (LT11).
    let c = max(-67_108_864, min(67_108_864, v))
    let t = Int32(c), rest = c - Double(t)
    switch rule {
    case .down: return rest < 0 ? t - 1 : t
    case .up: return rest > 0 ? t + 1 : t
    case .toNearestOrAwayFromZero: return rest >= 0.5 ? t + 1 : (rest <= -0.5 ? t - 1 : t)
    default: return Int32(c.rounded(rule))
    }
}

extension Rect {
    /// A rectangle of device pixels as a rectangle.
    init(_ r: SDL_Rect) { self.init(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h)) }
}

/// A colour component or opacity from 0...1 as a byte; NaN as 0 (MR0).
@inline(__always) func byte(_ v: Double) -> UInt8 {
    UInt8(saturating: (v * 255).rounded())
}

// The group stack's changes, each through a local (see ``DisplayListPainter/groups``).
extension DisplayListPainter {
    func pushGroup(_ frame: GroupFrame) {
        var stack = groups
        groups = []
        stack.append(frame)
        groups = stack
    }

    func popGroup() -> GroupFrame? {
        var stack = groups
        groups = []
        defer { groups = stack }
        return stack.popLast()
    }

    /// Records where the innermost open group draws.
    func setInnermostGroupDrawing(_ drawing: GroupFrame.Drawing) {
        var stack = groups
        groups = []
        stack[stack.count - 1].drawing = drawing
        groups = stack
    }

    func removeAllGroups() {
        var stack = groups
        groups = []
        stack.removeAll(keepingCapacity: true)
        groups = stack
    }
}
