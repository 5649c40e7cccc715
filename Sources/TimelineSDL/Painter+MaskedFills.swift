import CSDL2
import Geometry
import RenderModel

/// A group of one opaque fill that covers everything its path masks can show (an After Effects
/// solid, the composition's size, cut to a shape by masks), laid straight into the target's
/// pixels: its colour times the masks' coverage. The memory group it would otherwise open
/// clears a buffer, fills it with the one colour and gathers it back only to be multiplied by
/// the same coverage (LT11: rlottie's `like.json`, four 800 x 600 solids under moving masks, cost
/// 5.9 M instructions a frame, 3.2x rlottie). The bytes are the memory group's.
extension DisplayListPainter {
    /// Lays the group opening at `i` in `commands` when it is such a group, and returns the index
    /// of its end; nil when it is not (or the target's pixels are not at hand), and it is drawn
    /// as any group.
    func layMaskedFill(_ commands: [DrawCommand], at i: Int) -> Int? {
        guard case .beginGroup(let g) = commands[i], let mask = g.mask, case .paths = mask,
              let d = directShapes, target == nil, offscreenDepth == 0, memoryDepth == 0, isSoftware, drawsGroupsInMemory,
              g.filters.isEmpty, g.blendMode == .normal, !g.isIsolated, g.clip == nil,
              i + 2 < commands.count, case .endGroup = commands[i + 2] else { return nil }
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
        var region = bounds.isNull ? SDL_Rect(x: 0, y: 0, w: 0, h: 0) : deviceRect(bounds.inset(by: EdgeInsets(all: -2)))
        region = intersect(intersect(region, clip ?? targetRect), targetRect)
        // Every pixel of the region is wholly inside the fill.
        guard Double(region.x) >= box.minX, Double(region.y) >= box.minY,
              Double(region.x + region.w) <= box.maxX, Double(region.y + region.h) <= box.maxY else { return nil }
        let end = i + 2
        lastDirectMaskedFillCount += 1
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
