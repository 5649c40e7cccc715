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
        let o = UInt32(UInt8(saturating: (g.opacity * opacity * 255).rounded()))
        let coverage = maskCoverage(mask, transform: device, region: region)
        guard !coverage.values.isEmpty, o > 0 else { return end }
        Self.laySolid(solid(colour), opacity: o, coverage: coverage, within: region, into: d)
        return end
    }

    /// An opaque colour's pixel.
    private func solid(_ colour: Color) -> UInt32 {
        0xFF00_0000 | UInt32(byte(colour.red)) << 16 | UInt32(byte(colour.green)) << 8 | UInt32(byte(colour.blue))
    }

    /// Lays `solid` times the masks' `coverage` at `opacity` over the pixels of `rect` in `d`
    /// (outside the coverage's region the masks cover nothing).
    nonisolated static func laySolid(_ solid: UInt32, opacity o: UInt32, coverage: (region: SDL_Rect, values: [UInt8]), within rect: SDL_Rect,
                                     into d: (base: UnsafeMutablePointer<UInt32>, stride: Int)) {
        let cr = coverage.region, cw = Int(cr.w)
        let x0 = max(Int(rect.x), Int(cr.x)), x1 = min(Int(rect.x + rect.w), Int(cr.x) + cw)
        let y0 = max(Int(rect.y), Int(cr.y)), y1 = min(Int(rect.y + rect.h), Int(cr.y + cr.h))
        guard x1 > x0, y1 > y0 else { return }
        coverage.values.withUnsafeBufferPointer { cov in
            for y in y0..<y1 {
                let src = cov.baseAddress! + (y - Int(cr.y)) * cw - Int(cr.x)
                Self.layRuns(solid, opacity: o, coverage: src, from: x0, to: x1, onto: d.base + y * d.stride)
            }
        }
    }

    /// The pixels of `drawn` wholly inside `path` filled with `paint` at `device`, when `path` is
    /// an axis-aligned rectangle there and `paint` an opaque colour: their coverage is whole, so
    /// the memory group gives each the colour times the masks' coverage. Nil otherwise.
    private func opaqueInterior(_ path: Path, _ paint: Paint, device: AffineTransform, within drawn: SDL_Rect) -> (rect: SDL_Rect, solid: UInt32)? {
        guard case .color(let colour) = paint, colour.alpha >= 1, Self.isAxisAligned(device),
              let r = path.axisAlignedRectangle else { return nil }
        let box = device.apply(to: r)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let x0 = pixel(box.minX, .up), y0 = pixel(box.minY, .up)
        let rect = intersect(SDL_Rect(x: x0, y: y0, w: max(0, pixel(box.maxX, .down) - x0), h: max(0, pixel(box.maxY, .down) - y0)), drawn)
        guard rect.w > 0, rect.h > 0 else { return nil }
        return (rect, solid(colour))
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
        // An opaque rectangle's inside is laid as a solid's (a band under a moving mask); only
        // the strips around it, its edges' pixels, take the steps below.
        var strips = (drawn, SDL_Rect(), SDL_Rect(), SDL_Rect())
        if let inner = opaqueInterior(path, paint, device: device, within: drawn) {
            let r = inner.rect
            counts.maskedSolidInsides += 1
            Self.laySolid(inner.solid, opacity: o, coverage: coverage, within: r, into: d)
            strips = (SDL_Rect(x: drawn.x, y: drawn.y, w: drawn.w, h: r.y - drawn.y),
                      SDL_Rect(x: drawn.x, y: r.y + r.h, w: drawn.w, h: drawn.y + drawn.h - r.y - r.h),
                      SDL_Rect(x: drawn.x, y: r.y, w: r.x - drawn.x, h: r.h),
                      SDL_Rect(x: r.x + r.w, y: r.y, w: drawn.x + drawn.w - r.x - r.w, h: r.h))
            if strips.0.h <= 0, strips.1.h <= 0, strips.2.w <= 0, strips.3.w <= 0 { return end }
        }
        withCoverage(of: path, rule: rule, within: fillBounds) { _ in
            layer.pixels.withUnsafeMutableBufferPointer { px in
                let buffer = px.baseAddress!
                for k in 0..<4 {
                    // (Read from the tuple: an array of the four was made on the heap each paint.)
                    let strip = k == 0 ? strips.0 : k == 1 ? strips.1 : k == 2 ? strips.2 : strips.3
                    guard strip.w > 0, strip.h > 0 else { continue }
                    let (x0, w) = (Int(strip.x), Int(strip.w))
                    for y in Int(strip.y)..<Int(strip.y + strip.h) { (buffer + y * width + x0).update(repeating: 0, count: w) }
                    compositeShapeDirectly(paint, into: (buffer, width), clip: strip)
                    for y in Int(strip.y)..<Int(strip.y + strip.h) {
                        let row = buffer + y * width + x0
                        Self.applyCoverage(coverage, to: row, run: SDL_Rect(x: strip.x, y: Int32(y), w: strip.w, h: 1))
                        Premultiplied.over(row, opacity: o, onto: d.base + y * d.stride + x0, count: w)
                    }
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
