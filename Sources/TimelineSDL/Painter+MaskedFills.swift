import CSDL2
import Geometry
import RenderModel

/// A group of one fill under path masks (a Lottie shape layer with masks and one fill, an After
/// Effects solid cut to a shape), laid straight into the target's pixels rather than through a
/// memory group, which clears a target-wide buffer's tiles, lays the fill, gathers the tiles
/// back, multiplies them by the masks' coverage and lays them over. The bytes are the memory
/// group's (LT11):
/// - an opaque rectangle covering everything the masks can show is its colour times the masks'
///   coverage (rlottie's `like.json`, four 800 x 600 solids under moving masks, cost 5.9 M
///   instructions a frame, 3.2x rlottie);
/// - any other fill is laid, as the memory group lays it, into its buffer only where the masks
///   can show it, then multiplied and laid over row by row, by the memory group's own steps
///   (the corpus's `layer_start_time.json`: a band under a moving mask a tenth its size).
extension DisplayListPainter {
    /// Lays the group opening at `i` in `commands` when it is such a group, and returns the index
    /// of its end; nil when it is not (or the target's pixels are not at hand), and it is drawn
    /// as any group.
    func layMaskedFill(_ commands: [DrawCommand], at i: Int) -> Int? {
        guard case .beginGroup(let g) = commands[i], let mask = g.mask, case .paths = mask,
              let d = directShapes, target == nil, offscreenDepth == 0, memoryDepth == 0, isSoftware, state.drawsGroupsInMemory,
              g.filters.isEmpty, g.blendMode == .normal, !g.isIsolated, g.clip == nil,
              i + 2 < commands.count, case .endGroup = commands[i + 2] else { return nil }
        if let end = layMaskedSolid(g, mask, commands, at: i, into: d) { return end }
        return layMaskedShape(g, mask, commands, at: i, into: d)
    }

    /// The opaque rectangle covering what the masks show, if the group's fill is one.
    private func layMaskedSolid(_ g: GroupState, _ mask: GroupMask, _ commands: [DrawCommand], at i: Int,
                                into d: (base: UnsafeMutablePointer<UInt32>, stride: Int)) -> Int? {
        let fill: Rect, colour: Color
        switch commands[i + 1] {
        case .fillShape(let p, .color(let c), _):
            guard let r = p.axisAlignedRectangle else { return nil }
            (fill, colour) = (r, c)
        case .fillRect(let r, let c, let radius) where radius <= 0:
            (fill, colour) = (r, c)
        default:
            return nil
        }
        let device = g.transform.concatenating(base)
        guard colour.alpha >= 1, Self.isAxisAligned(device) else { return nil }
        // The region the memory group would mask: the fill's box, cut to what the masks can
        // cover, two pixels around, within the clip and the target.
        let box = device.apply(to: fill)
        var bounds = box
        if let covered = mask.coveredBox { bounds = bounds.intersection(device.apply(to: covered)) }
        let region = maskedRegion(bounds)
        // Every pixel of the region is wholly inside the fill.
        guard Double(region.x) >= box.minX, Double(region.y) >= box.minY,
              Double(region.x + region.w) <= box.maxX, Double(region.y + region.h) <= box.maxY else { return nil }
        let end = i + 2
        counts.directMaskedFills += 1
        guard region.w > 0, region.h > 0 else { return end }
        flush()
        sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
        let solid = 0xFF00_0000 | UInt32(byte(colour.red)) << 16 | UInt32(byte(colour.green)) << 8 | UInt32(byte(colour.blue))
        let o = UInt32(UInt8(saturating: (g.opacity * opacity * 255).rounded()))
        let coverage = maskCoverage(mask, transform: device, region: region)
        let cr = coverage.region, cw = Int(cr.w)
        guard !coverage.values.isEmpty, o > 0 else { return end }
        // The region's columns inside the coverage's region (outside it the masks cover nothing).
        let x0 = max(Int(region.x), Int(cr.x)), x1 = min(Int(region.x + region.w), Int(cr.x) + cw)
        guard x1 > x0 else { return end }
        coverage.values.withUnsafeBufferPointer { cov in
            for y in max(Int(region.y), Int(cr.y))..<min(Int(region.y + region.h), Int(cr.y + cr.h)) {
                let src = cov.baseAddress! + (y - Int(cr.y)) * cw - Int(cr.x)
                Self.layRuns(solid, opacity: o, coverage: src, from: x0, to: x1, onto: d.base + y * d.stride)
            }
        }
        return end
    }

    /// Any other fill: the memory group's steps on the pixels the masks can show.
    private func layMaskedShape(_ g: GroupState, _ mask: GroupMask, _ commands: [DrawCommand], at i: Int,
                                into d: (base: UnsafeMutablePointer<UInt32>, stride: Int)) -> Int? {
        guard case .fillShape(let path, let paint, let rule) = commands[i + 1] else { return nil }
        let width = Int(targetSize.width), height = Int(targetSize.height)
        let targetPixels = max(1, width) * max(1, height)
        // Where the memory group would not open (its bound), nor does this.
        guard (offscreenDepth + 1) * targetPixels <= Self.maximumOffscreenPixels else { return nil }
        var bounds = groupBounds(commands, after: i)
        guard groupIsRasterisable else { return nil }
        // The region the memory group masks (``beginGroup(_:commands:at:)``).
        let device = g.transform.concatenating(base)
        if let covered = mask.coveredBox { bounds = bounds.intersection(device.apply(to: covered)) }
        let region = maskedRegion(bounds)
        let end = i + 2
        counts.directMaskedFills += 1
        flush()
        sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
        // The fill as the memory group lays it: at the group's transform and full opacity,
        // within the clip, after spending the shape budget.
        let fillBounds = intersect(clip ?? targetRect, targetRect)
        guard fillBounds.w > 0, fillBounds.h > 0 else { return end }
        let saved = (transform, opacity)
        transform = device
        opacity = 1
        defer { (transform, opacity) = saved }
        guard spendShapeBudget(path, margin: 1) else { return end }
        let o = UInt32(UInt8(saturating: (g.opacity * saved.1 * 255).rounded()))
        // The masks' coverage first: it may rasterise, and the fill's coverage must be the last.
        let coverage = maskCoverage(mask, transform: device, region: region)
        // Outside the coverage's region the memory group clears the pixels; outside the clip it
        // has none. Only the rest is drawn.
        let drawn = intersect(coverage.region, fillBounds)
        guard !coverage.values.isEmpty, o > 0, drawn.w > 0, drawn.h > 0 else { return end }
        prepareMemoryLayer(0)
        // The layer's buffer serves as scratch: a memory group clears each tile it marks.
        var layer = MemoryLayer()
        swap(&layer, &memoryLayers[0])
        defer { swap(&layer, &memoryLayers[0]) }
        let (x0, w) = (Int(drawn.x), Int(drawn.w))
        withCoverage(of: path, rule: rule, within: fillBounds) { _ in
            layer.pixels.withUnsafeMutableBufferPointer { px in
                let buffer = px.baseAddress!
                for y in Int(drawn.y)..<Int(drawn.y + drawn.h) { (buffer + y * width + x0).update(repeating: 0, count: w) }
                compositeShapeDirectly(paint, into: (buffer, width), clip: drawn)
                for y in Int(drawn.y)..<Int(drawn.y + drawn.h) {
                    let row = buffer + y * width + x0
                    Self.applyCoverage(coverage, to: row, run: SDL_Rect(x: drawn.x, y: Int32(y), w: drawn.w, h: 1))
                    Premultiplied.over(row, opacity: o, onto: d.base + y * d.stride + x0, count: w)
                }
            }
        }
        return end
    }

    /// Lays `solid` (opaque) times the coverage `cov[x]` for x in `x0..<x1`, at `opacity`, over
    /// `dst[x]`: eight uncovered pixels skipped, eight whole ones filled, at once; each pixel
    /// the memory group's arithmetic (``applyCoverage(_:to:run:)``'s scale, then
    /// ``Premultiplied/over(_:opacity:onto:count:)``'s: the colour scaled by the opacity, the
    /// destination by what its alpha leaves).
    nonisolated static func layRuns(_ solid: UInt32, opacity o: UInt32, coverage cov: UnsafePointer<UInt8>, from x0: Int, to x1: Int,
                                    onto dst: UnsafeMutablePointer<UInt32>) {
        let whole = o == 255 ? solid : Premultiplied.scale(solid, o)
        var x = x0
        while x < x1 {
            if x + 8 <= x1 {
                let c8 = UnsafeRawPointer(cov + x).loadUnaligned(as: UInt64.self)
                if c8 == 0 { x += 8; continue }
                if c8 == UInt64.max { Premultiplied.fill(whole, over: dst + x, count: 8); x += 8; continue }
            }
            let c = UInt32(cov[x])
            if c == 255 {
                dst[x] = Premultiplied.over(whole, alpha: whole >> 24, onto: dst[x])
            } else if c > 0 {
                var p = Premultiplied.scale(solid, c)
                if o != 255 { p = Premultiplied.scale(p, o) }
                if p != 0 { dst[x] = Premultiplied.over(p, alpha: p >> 24, onto: dst[x]) }
            }
            x += 1
        }
    }
}
