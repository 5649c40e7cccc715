import CSDL2
import Geometry
import Timeline

/// Offscreen groups drawn in memory on the software path.
///
/// A group composited exactly through SDL costs four passes over its pixels on top of drawing
/// them (clear the target, read it back, read the destination, write the result back), and
/// nested groups pay them at every level: twenty nested translucent groups over a screen of
/// views spent most of a frame copying. When everything a group draws is a rectangle or a
/// rounded rectangle on the pixel grid (the software path's own fast case: views' backgrounds),
/// the painter draws the group into a premultiplied buffer of its own instead, with the same
/// pixel snapping and corner coverage as the SDL fast path, composites nested groups buffer to
/// buffer, and goes through SDL once, when the outermost group lands on its target.
///
/// Buffers are as large as the target and pooled by depth; each is split into 16-pixel tiles
/// that are cleared the first time a frame draws into them, so only touched tiles are cleared
/// and composited, and a tile the parent has not drawn into takes the child's pixels without
/// reading what is under them.
extension DisplayListPainter {
    /// The side of a memory group's tile, in pixels.
    nonisolated static let memoryTile = 16

    /// A group drawn in memory: its pool depth, the opacity and clip mask it is composited with,
    /// and (the outermost only) a coverage mask with the device region it is computed over.
    struct MemoryGroup {
        var depth: Int
        var opacity: Double
        var mask: (rect: Rect, radius: Double, transform: AffineTransform)?
        var alphaMask: (mask: GroupMask, transform: AffineTransform)?
        var region = SDL_Rect(x: 0, y: 0, w: 0, h: 0)
        /// How the group's pixels combine with its parent's (`GroupState.blendMode`).
        var blendMode = BlendMode.normal
    }

    /// A pooled buffer: premultiplied ARGB pixels as large as the target, and per tile whether
    /// this frame drew into it (a tile not marked holds stale pixels).
    struct MemoryLayer {
        var pixels: [UInt32] = []
        var marks: [Bool] = []
    }

    var tileColumns: Int { (Int(targetSize.width) + Self.memoryTile - 1) / Self.memoryTile }
    var tileRows: Int { (Int(targetSize.height) + Self.memoryTile - 1) / Self.memoryTile }

    /// Whether the drawing `command`, under the device transform `t`, can be drawn in memory:
    /// rectangles on the pixel grid, and filled paths (rasterised on the CPU in any case).
    func isRasterisable(_ command: DrawCommand, _ t: AffineTransform) -> Bool {
        if case .fillShape = command { return true }
        guard case .fillRect(_, _, let radius) = command, Self.isAxisAligned(t) else { return false }
        return pixel(radius * t.a) <= Self.maximumCornerTextureRadius
    }

    /// Fills `path` into the open memory group: rasterised within the clip and laid over the
    /// group's premultiplied pixels as ``compositeShapeDirectly(_:into:)`` lays it over the
    /// target's, after marking the tiles its covered rows reach.
    ///
    /// A path filled under the same transform in the paint before is rasterised over the whole
    /// target once and its coverage kept (``keptCoverage``): from then on it is lent to the
    /// rasteriser, not rasterised (a Lottie layer's static shapes under an animated mask or matte).
    func fillShapeInMemory(_ path: Path, _ paint: Paint, _ rule: FillRule) {
        let bounds = intersect(clip ?? targetRect, targetRect)
        guard bounds.w > 0, bounds.h > 0 else { return }
        withCoverage(of: path, rule: rule, within: bounds) { _ in layCoverageInMemory(paint, within: bounds) }
    }

    /// Makes the rasteriser's coverage `path`'s under the current transform, at least within
    /// `bounds` (device pixels), and runs `body` with it; nothing when no part of it lands there.
    ///
    /// A path filled under the same transform in the paint before is rasterised over the whole
    /// target once and its coverage kept (``keptCoverage``, whatever its paint or opacity: a
    /// fading or recoloured shape keeps it too); from then on the kept coverage is lent to the
    /// rasteriser for `body` (``ShapeRasterizer/trade(_:)``), neither rasterised nor copied. The
    /// rasteriser gives the same coverage within `bounds` (to a float's rounding) whether it
    /// rasterised the whole target or only `bounds` (an edge's crossings do not depend on the
    /// clip), so a kept shape draws the pixels a fresh one does.
    ///
    /// `body` gets the index in ``keptCoverage`` of the entry whose coverage is lent (nil when
    /// the path was rasterised): it stays good while the body runs. With `budget` (a margin in
    /// pixels), a path about to be rasterised spends the frame's shape budget first and is
    /// skipped when it does not fit; a kept one costs no rasterising, and no pass over its
    /// points for its box.
    func withCoverage(of path: Path, rule: FillRule, within bounds: SDL_Rect, budget: Double? = nil,
                      _ body: (Dictionary<CoverageKey, KeptCoverage>.Index?) -> Void) {
        let key = CoverageKey(path: path, rule: rule, transform: transform)
        let limit = keptCoverageLimit
        var area = Rect(bounds)
        var found = keptCoverage.index(forKey: key)
        if found == nil {
            // Not kept: a candidate, known by its digest, unless filled in the last paint
            // already (then kept from now on). A path that moves every frame costs a digest,
            // not a dictionary entry made and dropped each paint (LT11). One filled only earlier
            // in this paint (another damaged region's pass) is rasterised again within this
            // pass's bounds: kept, it would be rasterised over the whole target and copied, for
            // a shape that has usually moved by the next paint (LT11).
            let digest = key.hashValue
            if lastCoverageCandidates.contains(digest) {
                var kept = takeKeptCoverage()
                kept[key] = KeptCoverage(snapshot: nil, lastUsed: frameNumber)
                found = kept.index(forKey: key)
                keptCoverage = kept
            } else {
                if let budget, !spendShapeBudget(path, margin: budget) { return }
                addCoverageCandidate(digest)
                guard shapes.rasterize(path, transform: transform, rule: rule, clip: area) else { return }
                body(nil)
                return
            }
        }
        if let i = found {
            var kept = takeKeptCoverage()
            kept.values[i].lastUsed = frameNumber
            if kept.values[i].snapshot != nil {
                // Lent for the body and taken back (the dictionary's keys do not change
                // meanwhile, so the index stays good).
                var snapshot: ShapeRasterizer.Snapshot?
                swap(&snapshot, &kept.values[i].snapshot)
                keptCoverage = kept
                kept = [:]                                 // the body may change an entry: not shared
                shapes.trade(&snapshot!)
                counts.keptCoverageUses += 1
                body(i)
                shapes.trade(&snapshot!)
                kept = takeKeptCoverage()
                swap(&snapshot, &kept.values[i].snapshot)
                keptCoverage = kept
                return
            }
            keptCoverage = kept
            kept = [:]
            if let budget, !spendShapeBudget(path, margin: budget) { return }
            // Filled the same way twice running: rasterised whole and kept, while the bound allows.
            if keptCoverageCount < limit { area = Rect(x: 0, y: 0, width: Double(targetSize.width), height: Double(targetSize.height)) }
            guard shapes.rasterize(path, transform: transform, rule: rule, clip: area) else { return }
            if area.width == Double(targetSize.width), area.height == Double(targetSize.height),
               keptCoverageCount + shapes.width * shapes.height <= limit {
                let snapshot = shapes.snapshot()
                kept = takeKeptCoverage()
                kept.values[i].snapshot = snapshot
                keptCoverage = kept
                keptCoverageCount += shapes.width * shapes.height
            }
        }
        body(nil)
    }

    /// The kept coverage, left empty on the painter: it is changed in a local and stored back
    /// whole, as every cache changed on a paint's path is (changed in place, each access to it
    /// anywhere in the module would keep a run-time exclusivity check: docs/animation-model.md).
    @inline(__always)
    func takeKeptCoverage() -> [CoverageKey: KeptCoverage] {
        let kept = keptCoverage
        keptCoverage = [:]
        return kept
    }

    /// Lays the rasteriser's coverage, painted with `paint`, into the innermost memory group's
    /// buffer within `bounds`, after marking the tiles its covered rows reach.
    private func layCoverageInMemory(_ paint: Paint, within bounds: SDL_Rect) {
        // The covered box within the clip, whose tiles are marked.
        let cx0 = Int(bounds.x) - shapes.x, cx1 = Int(bounds.x) + Int(bounds.w) - shapes.x
        var lo = Int.max, hi = Int.min, top = -1, bottom = -1
        // The rows of the coverage inside the bounds (none when the bounds miss it).
        for yy in Self.span(Int(bounds.y) - shapes.y, Int(bounds.y) + Int(bounds.h) - shapes.y, within: shapes.height) {
            let s = max(cx0, Int(shapes.rowStarts[yy])), e = min(cx1, Int(shapes.rowEnds[yy]))
            guard e > s else { continue }
            lo = min(lo, s); hi = max(hi, e)
            if top < 0 { top = yy }
            bottom = yy + 1
        }
        guard top >= 0 else { return }
        let width = Int(targetSize.width), height = Int(targetSize.height)
        let covered = SDL_Rect(x: Int32(shapes.x + lo), y: Int32(shapes.y + top), w: Int32(hi - lo), h: Int32(bottom - top))
        let depth = memoryDepth - 1
        var layer = MemoryLayer()
        swap(&layer, &memoryLayers[depth])
        defer { swap(&layer, &memoryLayers[depth]) }
        layer.pixels.withUnsafeMutableBufferPointer { px in
            layer.marks.withUnsafeMutableBufferPointer { marks in
                Self.touch(covered, px.baseAddress!, marks, width: width, height: height)
                compositeShapeDirectly(paint, into: (px.baseAddress!, width), clip: bounds)
            }
        }
    }

    /// What a filled path's coverage depends on (not its paint: a shape changing colour keeps it).
    struct CoverageKey: Hashable {
        var path: Path
        var rule: FillRule
        var transform: AffineTransform

        /// Hashes the path by a sample, as ``ShapeKey`` does.
        func hash(into hasher: inout Hasher) {
            path.hashSample(into: &hasher, transform: transform)
            hasher.combine(rule)
        }
    }

    /// A path filled in the last paint (a candidate) or in two running, with its coverage.
    struct KeptCoverage {
        var snapshot: ShapeRasterizer.Snapshot?
        var lastUsed: Int
        /// The gradient the shape was last laid with on the target, at the group's opacity,
        /// and once it is laid the same way twice running, the pixels it lays: the coverage
        /// painted and premultiplied over the snapshot's box (``DisplayListPainter/layKeptGradient(_:_:into:clip:)``).
        var painted: (gradient: Gradient, opacity: Double, pixels: [UInt32])?
        /// The values held (coverage and painted pixels), against ``keptCoverageInTargets``.
        var count: Int { (snapshot?.count ?? 0) + (painted?.pixels.count ?? 0) }
    }

    /// How many target areas of coverage are kept at most (a float per pixel).
    static let keptCoverageInTargets = 4
    /// The most coverage values (and painted pixels) kept: ``keptCoverageInTargets`` targets.
    var keptCoverageLimit: Int { Self.keptCoverageInTargets * Int(targetSize.width) * Int(targetSize.height) }

    /// How many paints a path's kept coverage outlives its last fill, while the kept coverage
    /// takes no more than half its bound (half a second at 60 Hz): a layer that fades out and
    /// back in or blinks (a loader's dots), or a still shape outside a few paints' damage, is
    /// laid from it again rather than rasterised twice more (LT11).
    static let keptCoverageIdlePaints = 30
    /// How often idle kept coverage is looked for while there is room: the walk copies every
    /// entry's key and value.
    static let keptCoverageSweepPaints = 8

    /// Drops the kept coverage of paths not filled for ``keptCoverageIdlePaints`` paints (looked
    /// for every ``keptCoverageSweepPaints`` paints), or, when the kept coverage takes more than
    /// half its bound, of every path the paint just finished did not fill (called at the end of
    /// every paint; the keys are gathered into a reused buffer, so nothing is allocated).
    func evictStaleCoverage() {
        // The caches and key buffers are taken out into locals and stored back whole: changed
        // in place on the painter, each would keep a run-time exclusivity check on every access
        // in the module (docs/animation-model.md).
        let frame = frameNumber
        if !keptMasks.isEmpty {
            var (masks, stale) = (keptMasks, staleMaskKeys)
            (keptMasks, staleMaskKeys) = ([:], [])
            keptCoverageCount -= Self.drop(from: &masks, gathering: &stale, where: { $0.lastUsed != frame }, count: { $0.count })
            (keptMasks, staleMaskKeys) = (masks, stale)
        }
        if !keptPathMasks.isEmpty {
            var (masks, stale) = (keptPathMasks, stalePathMaskKeys)
            (keptPathMasks, stalePathMaskKeys) = ([:], [])
            keptCoverageCount -= Self.drop(from: &masks, gathering: &stale, where: { $0.lastUsed != frame }, count: { $0.values.count })
            (keptPathMasks, stalePathMaskKeys) = (masks, stale)
        }
        // This paint's candidates become the last paint's; the last paint's set, emptied,
        // gathers the next paint's.
        var emptied = lastCoverageCandidates
        (lastCoverageCandidates, coverageCandidates) = (coverageCandidates, [])
        emptied.removeAll(keepingCapacity: true)
        coverageCandidates = emptied
        emptied = lastMaskCandidates
        (lastMaskCandidates, maskCandidates) = (maskCandidates, [])
        emptied.removeAll(keepingCapacity: true)
        maskCandidates = emptied
        guard !keptCoverage.isEmpty else { return }
        let roomy = 2 * keptCoverageCount <= keptCoverageLimit
        guard !roomy || frame % Self.keptCoverageSweepPaints == 0 else { return }
        var (kept, stale) = (takeKeptCoverage(), staleCoverageKeys)
        staleCoverageKeys = []
        let idle = roomy ? Self.keptCoverageIdlePaints : 0
        keptCoverageCount -= Self.drop(from: &kept, gathering: &stale, where: { frame - $0.lastUsed > idle }, count: { $0.count })
        (keptCoverage, staleCoverageKeys) = (kept, stale)
    }

    /// Removes the entries of `entries` that `isStale` picks, their keys gathered in `keys` (a
    /// reused buffer, left empty), and returns the values they held, as `count` gives them.
    @inline(__always)
    static func drop<Key: Hashable, Value>(from entries: inout [Key: Value], gathering keys: inout [Key],
                                           where isStale: (Value) -> Bool, count: (Value) -> Int) -> Int {
        keys.removeAll(keepingCapacity: true)
        for (k, v) in entries where isStale(v) { keys.append(k) }
        var dropped = 0
        for k in keys { if let v = entries.removeValue(forKey: k) { dropped += count(v) } }
        keys.removeAll(keepingCapacity: true)
        return dropped
    }

    /// Adds `digest` to this paint's coverage candidates (changed in a local and stored back
    /// whole, as ``evictStaleCoverage()`` says).
    func addCoverageCandidate(_ digest: Int) {
        var candidates = coverageCandidates
        coverageCandidates = []
        candidates.insert(digest)
        coverageCandidates = candidates
    }

    /// Adds `digest` to this paint's mask candidates; whether it was one already.
    @discardableResult
    func addMaskCandidate(_ digest: Int) -> Bool {
        var candidates = maskCandidates
        maskCandidates = []
        let already = !candidates.insert(digest).inserted
        maskCandidates = candidates
        return already
    }

    /// Opens a memory group for the group just pushed; false when the buffers' memory bound is
    /// reached (the caller then takes the SDL path).
    func beginMemoryGroup(opacity groupOpacity: Double, mask: (rect: Rect, radius: Double, transform: AffineTransform)?) -> Bool {
        let targetPixels = Int(max(1, targetSize.width)) * Int(max(1, targetSize.height))
        guard (offscreenDepth + memoryDepth + 1) * targetPixels <= Self.maximumOffscreenPixels else { return false }
        if memoryDepth == 0 { flush() }                    // what is batched lands under the group
        prepareMemoryLayer(memoryDepth)
        setInnermostGroupDrawing(.memory)
        openMemoryGroups.append(MemoryGroup(depth: memoryDepth, opacity: groupOpacity, mask: mask))
        memoryDepth += 1
        counts.offscreens += 1
        counts.memoryGroups += 1
        return true
    }

    /// Makes the pooled layer at `depth` (at most one past the deepest) as large as the target
    /// with no tile marked, and counts it as used by this paint.
    func prepareMemoryLayer(_ depth: Int) {
        let targetPixels = Int(max(1, targetSize.width)) * Int(max(1, targetSize.height))
        if depth == memoryLayers.count { memoryLayers.append(MemoryLayer()) }
        if memoryLayers[depth].pixels.count != targetPixels {
            memoryLayers[depth].pixels = [UInt32](repeating: 0, count: targetPixels)
            memoryLayers[depth].marks = [Bool](repeating: false, count: tileColumns * tileRows)
        } else {
            memoryLayers[depth].marks.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
        }
        groupScratchUsed.memoryLayers = max(groupScratchUsed.memoryLayers, depth + 1)
    }

    /// Composites the memory group `m`, just closed, onto its parent: the parent memory group's
    /// buffer, or (the outermost) the SDL target.
    func endMemoryGroup(_ m: MemoryGroup) {
        memoryDepth -= 1
        let o = UInt32(UInt8(saturating: (m.opacity * 255).rounded()))
        let width = Int(targetSize.width), height = Int(targetSize.height)
        let cols = tileColumns, rows = tileRows, side = Self.memoryTile
        if m.depth > 0 {
            // Buffer to buffer, tile by tile.
            let child = m.depth, parent = m.depth - 1
            withLayers(child, parent) { src, srcMarks, dst, dstMarks in
                for ty in 0..<rows {
                    for tx in 0..<cols where srcMarks[ty * cols + tx] {
                        let x0 = tx * side, y0 = ty * side
                        let w = min(side, width - x0), h = min(side, height - y0)
                        if let mask = m.mask {
                            Self.applyMask(mask, to: src + (y0 * width + x0), stride: width,
                                           region: SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(w), h: Int32(h)))
                        }
                        let fresh = !dstMarks[ty * cols + tx]
                        dstMarks[ty * cols + tx] = true
                        for y in y0..<(y0 + h) {
                            let s = src + (y * width + x0), d = dst + (y * width + x0)
                            if fresh {
                                // Nothing under it yet: the child's pixels, times its opacity.
                                if o == 255 { d.update(from: s, count: w) } else { Premultiplied.scale(s, by: o, into: d, count: w) }
                            } else {
                                Premultiplied.composite(s, opacity: o, mode: m.blendMode, onto: d, count: w)
                            }
                        }
                    }
                }
            }
            return
        }
        // The outermost: the touched tiles as runs (rows of tiles merged, equal runs of
        // successive rows joined), their pixels gathered for the SDL composite.
        memoryRuns.removeAll(keepingCapacity: true)
        appendTileRuns(memoryLayers[0].marks, columns: cols, rows: rows, side: Int32(side),
                       in: SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)), into: &memoryRuns)
        var total = 0
        for run in memoryRuns { total += Int(run.w) * Int(run.h) }
        guard total > 0 else { return }
        if compositesMemoryGroupsInPlace, target == nil, let d = directShapes {
            compositeInPlace(m, opacity: o, onto: d)
            return
        }
        groupScratchUsed.pixels = true
        if maskPixels.count < total { maskPixels = [UInt32](repeating: 0, count: total) }
        if destinationPixels.count < total { destinationPixels = [UInt32](repeating: 0, count: total) }
        var offset = 0
        memoryLayers[0].pixels.withUnsafeMutableBufferPointer { layer in
            maskPixels.withUnsafeMutableBufferPointer { gathered in
                for run in memoryRuns {
                    for y in 0..<Int(run.h) {
                        (gathered.baseAddress! + offset + y * Int(run.w))
                            .update(from: layer.baseAddress! + ((Int(run.y) + y) * width + Int(run.x)), count: Int(run.w))
                    }
                    offset += Int(run.w) * Int(run.h)
                }
            }
        }
        // A coverage mask (path masks, a track matte) over the group's region.
        alphaCoverage = m.alphaMask.map { maskCoverage($0.mask, transform: $0.transform, region: m.region) }
        defer { alphaCoverage = nil }
        if !compositeRuns(memoryRuns, opacity: o, mask: m.mask, blendMode: m.blendMode, onto: target) {
            // The destination could not be read or written: put the group's pixels through SDL's
            // blend instead (translucency approximate).
            copyThroughScratch(memoryRuns, alpha: UInt8(o))
        }
    }

    /// Lays the outermost memory group `m`'s runs over the image's own pixels `d` from its
    /// buffer, masked there in place: what ``compositeRuns(_:opacity:mask:blendMode:onto:)``
    /// does to the runs gathered into one buffer, with no gathering copy (LT11). The buffer is
    /// scratch once the group ends (each tile is cleared when next marked), and every step is
    /// per pixel, so the bytes are the same.
    private func compositeInPlace(_ m: MemoryGroup, opacity o: UInt32, onto d: (base: UnsafeMutablePointer<UInt32>, stride: Int)) {
        flush()
        sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
        let coverage = m.alphaMask.map { maskCoverage($0.mask, transform: $0.transform, region: m.region) }
        let width = Int(targetSize.width)
        memoryLayers[0].pixels.withUnsafeMutableBufferPointer { layer in
            for run in memoryRuns {
                Self.lay(run, from: layer.baseAddress! + Int(run.y) * width + Int(run.x), stride: width, mask: m.mask,
                         coverage: coverage, opacity: o, blendMode: m.blendMode, onto: d)
            }
        }
    }

    /// Calls `body` with the pixels and tile marks of two distinct pooled layers.
    func withLayers(_ a: Int, _ b: Int,
                    _ body: (UnsafeMutablePointer<UInt32>, UnsafeMutableBufferPointer<Bool>,
                             UnsafeMutablePointer<UInt32>, UnsafeMutableBufferPointer<Bool>) -> Void) {
        var first = MemoryLayer(), second = MemoryLayer()
        swap(&first, &memoryLayers[a])
        swap(&second, &memoryLayers[b])
        first.pixels.withUnsafeMutableBufferPointer { p in
            first.marks.withUnsafeMutableBufferPointer { pm in
                second.pixels.withUnsafeMutableBufferPointer { q in
                    second.marks.withUnsafeMutableBufferPointer { qm in body(p.baseAddress!, pm, q.baseAddress!, qm) }
                }
            }
        }
        swap(&first, &memoryLayers[a])
        swap(&second, &memoryLayers[b])
    }

    /// Draws an unrotated rounded rectangle into the open memory group, as the SDL fast path
    /// draws it (``blitRoundedRect(_:radius:lineWidth:_:)``): snapped to whole pixels, corners
    /// from the same cached coverage, laid over in premultiplied alpha.
    func rasterRoundedRect(_ r: Rect, radius: Double, _ color: Color) {
        guard let shape = rasterShape(r, radius: radius, color) else { return }
        let width = Int(targetSize.width), height = Int(targetSize.height)
        let depth = memoryDepth - 1
        var layer = MemoryLayer()
        swap(&layer, &memoryLayers[depth])
        defer { swap(&layer, &memoryLayers[depth]) }
        layer.pixels.withUnsafeMutableBufferPointer { px in
            layer.marks.withUnsafeMutableBufferPointer { marks in
                let base = px.baseAddress!
                shape.cover.withUnsafeBufferPointer { cover in
                    Self.raster(shape, cover: cover, into: base, stride: width) { v in
                        Self.touch(v, base, marks, width: width, height: height)
                    }
                }
            }
        }
    }

    /// Draws an unrotated rounded rectangle straight into the target's pixels: the same pixels as
    /// ``rasterRoundedRect(_:radius:_:)`` over an opaque target. SDL's queued drawing is run first,
    /// so that the order of drawings holds.
    func directRoundedRect(_ r: Rect, radius: Double, _ color: Color) {
        guard let d = direct, let shape = rasterShape(r, radius: radius, color) else { return }
        // Corners too large for a coverage table (a runaway radius) are tessellated, as SDL's path does.
        guard shape.radius <= Self.maximumCornerTextureRadius else { blitRoundedRect(r, radius: radius, lineWidth: nil, color); return }
        flush()
        sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
        counts.directFills += 1
        shape.cover.withUnsafeBufferPointer { cover in
            Self.raster(shape, cover: cover, into: d.base, stride: d.stride) { _ in }
        }
    }

    /// The pixels of the software renderer's default target (``directSurface``, else its
    /// window's surface) when they can be written directly at `width` x `height`.
    func directPixels(width: Int32, height: Int32) -> (base: UnsafeMutablePointer<UInt32>, stride: Int)? {
        guard isSoftware, let s = state.directSurface ?? SDL_RenderGetWindow(renderer).flatMap({ SDL_GetWindowSurface($0) }),
              s.pointee.w == width, s.pointee.h == height,
              s.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let f = s.pointee.format, f.pointee.BytesPerPixel == 4,
              f.pointee.Rmask == 0x00FF_0000, f.pointee.Gmask == 0x0000_FF00, f.pointee.Bmask == 0x0000_00FF,
              s.pointee.pitch % 4 == 0, let pixels = s.pointee.pixels else { return nil }
        return (pixels.assumingMemoryBound(to: UInt32.self), Int(s.pointee.pitch) / 4)
    }

    /// A rounded rectangle ready to raster: its device box and corner radius in whole pixels,
    /// its colour premultiplied (with the group opacity), the corners' coverage (none past
    /// ``maximumCornerTextureRadius``: the caller tessellates those), and the clip. Nil when it
    /// draws nothing.
    struct RasterShape {
        var box: SDL_Rect
        var radius: Int32
        var pixel: UInt32
        var cover: [UInt8]
        var bounds: SDL_Rect
    }

    func rasterShape(_ r: Rect, radius: Double, _ color: Color) -> RasterShape? {
        let box = pixelRect(transform.apply(to: r))
        guard box.w > 0, box.h > 0 else { return nil }
        let c = sdlColor(color)
        guard c.a > 0 else { return nil }
        let rr = max(0, min(pixel(radius * transform.a), box.w / 2, box.h / 2))
        return RasterShape(box: box, radius: rr, pixel: Premultiplied.pixel(red: c.r, green: c.g, blue: c.b, alpha: c.a),
                           cover: rr > 0 && rr <= Self.maximumCornerTextureRadius ? discCoverage(radius: rr, ring: 0) : [],
                           bounds: intersect(clip ?? targetRect, targetRect))
    }

    /// Lays `shape` over the premultiplied pixels at `base` (rows `stride` pixels apart): bands
    /// filled, corner squares by coverage, all clipped to the shape's bounds. `prepare` sees each
    /// clipped rectangle before it is drawn (memory groups mark their tiles there).
    static func raster(_ shape: RasterShape, cover: UnsafeBufferPointer<UInt8>, into base: UnsafeMutablePointer<UInt32>,
                                   stride: Int, prepare: (SDL_Rect) -> Void) {
        let p = shape.pixel, rr = shape.radius, bounds = shape.bounds
        func fill(_ rect: SDL_Rect) {
            let v = intersection(rect, bounds)
            guard v.w > 0, v.h > 0 else { return }
            prepare(v)
            for y in Int(v.y)..<Int(v.y + v.h) { Premultiplied.fill(p, over: base + (y * stride + Int(v.x)), count: Int(v.w)) }
        }
        guard rr > 0 else { fill(shape.box); return }
        forEachBand(shape.box, radius: rr) { fill($0) }
        // Corners: the quadrant (qx, qy) of the 2rr disc's coverage at each corner square.
        let side = Int(2 * rr)
        forEachCorner(shape.box, radius: rr) { qx, qy, square in
            let v = intersection(square, bounds)
            guard v.w > 0, v.h > 0 else { return }
            prepare(v)
            for y in Int(v.y)..<Int(v.y + v.h) {
                let row = (Int(qy) + y - Int(square.y)) * side + Int(qx) - Int(square.x)
                let d = base + y * stride
                for x in Int(v.x)..<Int(v.x + v.w) {
                    let k = cover[row + x]
                    guard k > 0 else { continue }
                    let q = k == 255 ? p : Premultiplied.scale(p, UInt32(k))
                    d[x] = q &+ Premultiplied.scale(d[x], 255 &- (q >> 24))
                }
            }
        }
    }

    /// Marks the tiles `v` (inside the target) touches as drawn into, clearing those that were not.
    /// Unmarked tiles side by side in a row of tiles are cleared together, a pixel row of them
    /// at a time: a group over the whole target cleared 64 bytes a call (LT11: a third of a
    /// million instructions a frame for rlottie's honey-sack-hud, a masked 420 x 420 precomp).
    nonisolated static func touch(_ v: SDL_Rect, _ base: UnsafeMutablePointer<UInt32>, _ marks: UnsafeMutableBufferPointer<Bool>,
                                  width: Int, height: Int) {
        let side = memoryTile, cols = (width + side - 1) / side
        let first = Int(v.x) / side, last = (Int(v.x + v.w) - 1) / side
        for ty in (Int(v.y) / side)...((Int(v.y + v.h) - 1) / side) {
            var tx = first
            while tx <= last {
                guard !marks[ty * cols + tx] else { tx += 1; continue }
                // The run of unmarked tiles from here.
                var end = tx
                while end <= last, !marks[ty * cols + end] { marks[ty * cols + end] = true; end += 1 }
                let x0 = tx * side, w = min(end * side, width) - x0
                for y in (ty * side)..<min(ty * side + side, height) { (base + (y * width + x0)).update(repeating: 0, count: w) }
                tx = end
            }
        }
    }

    nonisolated static func intersection(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.w, b.x + b.w), y1 = min(a.y + a.h, b.y + b.h)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }
}
