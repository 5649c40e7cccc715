import CSDL2
import Geometry
import Images
import RenderModel

/// Images laid straight into a target whose pixels the painter can write (the image renderer's
/// surface), as shapes are (``fillShape(_:_:_:)``). SDL's software renderer draws a textured
/// triangle at about 250 instructions a pixel: a rotating 200 x 300 image layer
/// (rlottie's `image_embedded.json`) cost 15 M instructions a frame, 2.4 times the faster of
/// rlottie and ThorVG (LT11). Here each row of the image's quad is one span, found from the
/// affine map, its pixels the nearest texels of the bitmap's bytes, as SDL's software renderer
/// samples (the same pixels as before, 10 times fewer instructions).
extension DisplayListPainter {
    /// Lays `d`'s source rectangle, tinted by `tint` (alpha times the opacity), over the target's
    /// pixels, filling the device quad `q0`, `q1`, `q2`, `q3` (the rectangle's top left, top right,
    /// bottom right and bottom left corners): every pixel whose centre falls inside takes the
    /// image sampled there. False when the pixels are not at hand or the quad is not a
    /// parallelogram (a projected layer's), and SDL draws it.
    func layImageDirectly(_ d: ImageDrawing, tint: Color, _ q0: Point, _ q1: Point, _ q2: Point, _ q3: Point) -> Bool {
        guard let px = directShapes, target == nil, offscreenDepth == 0, memoryDepth == 0 else { return false }
        let ex = (x: q1.x - q0.x, y: q1.y - q0.y), ey = (x: q3.x - q0.x, y: q3.y - q0.y)
        let det = ex.x * ey.y - ex.y * ey.x
        let span = max(abs(ex.x) + abs(ex.y), abs(ey.x) + abs(ey.y))
        guard det.isFinite, abs(det) > 1e-9, abs(q0.x + ex.x + ey.x - q2.x) <= 1e-6 * max(1, span),
              abs(q0.y + ex.y + ey.y - q2.y) <= 1e-6 * max(1, span) else { return false }
        let bitmap = d.image.bitmap
        let w = bitmap.width, h = bitmap.height
        let bounds = intersect(clip ?? targetRect, targetRect)
        guard bounds.w > 0, bounds.h > 0 else { return true }
        // The quad's rows within the bounds.
        let minY = min(q0.y, q1.y, q2.y, q3.y), maxY = max(q0.y, q1.y, q2.y, q3.y)
        let top = max(Int(bounds.y), Int((minY - 0.5).rounded(.down)))
        let bottom = min(Int(bounds.y + bounds.h), Int((maxY + 0.5).rounded(.up)) + 1)
        guard top < bottom else { return true }
        flush()
        sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
        counts.directImages += 1
        // The quad's coordinates (s, t) in 0..<1 of a device point p: p = q0 + s·ex + t·ey.
        let ds = ey.y / det, dt = -ex.y / det
        let sx0 = d.source.minX, sy0 = d.source.minY, sw = d.source.width, sh = d.source.height
        // The texels sampled: the source rectangle's, clamped to the bitmap.
        let ix0 = max(0, Int(sx0.rounded(.down))), ix1 = min(w - 1, Int(d.source.maxX.rounded(.up)) - 1)
        let iy0 = max(0, Int(sy0.rounded(.down))), iy1 = min(h - 1, Int(d.source.maxY.rounded(.up)) - 1)
        guard ix0 <= ix1, iy0 <= iy1 else { return true }
        let tr = UInt32(byte(tint.red)), tg = UInt32(byte(tint.green)), tb = UInt32(byte(tint.blue)), ta = UInt32(byte(tint.alpha))
        guard ta > 0 else { return true }
        let plain = tr == 255 && tg == 255 && tb == 255 && ta == 255 && !d.isTemplate
        let left = Double(bounds.x), right = Double(bounds.x + bounds.w)
        bitmap.rgba.withUnsafeBytes { bytes in
            for y in top..<bottom {
                let cy = Double(y) + 0.5 - q0.y
                // s and t at the row's first column's centre (x = 0), and their steps along it.
                let s0 = ((0.5 - q0.x) * ey.y - cy * ey.x) / det, t0 = (cy * ex.x - (0.5 - q0.x) * ex.y) / det
                var lo = left, hi = right
                Self.narrow(&lo, &hi, start: s0, step: ds)
                Self.narrow(&lo, &hi, start: t0, step: dt)
                guard hi > lo else { continue }
                let line = px.base + y * px.stride
                let first = Int(lo.rounded(.down)), end = min(Int(right), Int(hi.rounded(.up)))
                // Texel coordinates along the row in 16.16 fixed point: a step a pixel, and a
                // centre inside the source rectangle when u - u0 is in 0..<width (unsigned).
                let one = 65_536.0
                let u = (sx0 + sw * (s0 + ds * Double(first))) * one, v = (sy0 + sh * (t0 + dt * Double(first))) * one
                let du = sw * ds * one, dv = sh * dt * one
                // Every fixed-point quantity fits an Int64 (a degenerate map skips the row).
                guard first < end, max(abs(u), abs(v), abs(du), abs(dv)) < 0x1p52,
                      max(abs(sx0), abs(sy0), abs(sw), abs(sh)) * one < 0x1p52 else { continue }
                var uf = Int64(u), vf = Int64(v)
                let duf = Int64(du), dvf = Int64(dv), u0 = Int64(sx0 * one), v0 = Int64(sy0 * one)
                let uw = UInt64(sw * one), vh = UInt64(sh * one)
                for x in first..<end {
                    defer { uf &+= duf; vf &+= dvf }
                    guard UInt64(bitPattern: uf &- u0) < uw, UInt64(bitPattern: vf &- v0) < vh else { continue }
                    let i = min(max(Int(truncatingIfNeeded: uf >> 16), ix0), ix1), j = min(max(Int(truncatingIfNeeded: vf >> 16), iy0), iy1)
                    var c = bytes.loadUnaligned(fromByteOffset: (j &* w &+ i) &* 4, as: UInt32.self)
                    var a = c >> 24
                    if plain, a == 255 {
                        // Opaque: red and blue swap places (RGBA bytes to ARGB).
                        line[x] = 0xFF00_0000 | (c & 0xFF) << 16 | (c & 0xFF00) | (c >> 16) & 0xFF
                        continue
                    }
                    if !plain {
                        if d.isTemplate { c = 0x00FF_FFFF | a << 24 }
                        c = Premultiplied.mul(c & 0xFF, tr) | Premultiplied.mul((c >> 8) & 0xFF, tg) << 8
                            | Premultiplied.mul((c >> 16) & 0xFF, tb) << 16
                        a = Premultiplied.mul(a, ta)
                    }
                    guard a > 0 else { continue }
                    let p = Premultiplied.pixel(c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, alpha: a)
                    line[x] = a == 255 ? p : Premultiplied.over(p, alpha: a, onto: line[x])
                }
            }
        }
        return true
    }

    /// Narrows the columns `lo..<hi` to those whose centre has `start + step·x` in 0..<1 (a pixel
    /// of margin either side; each pixel is tested exactly).
    nonisolated static func narrow(_ lo: inout Double, _ hi: inout Double, start: Double, step: Double) {
        if step == 0 {
            if !(start >= 0 && start < 1) { hi = lo }
            return
        }
        let a = (0 - start) / step, b = (1 - start) / step
        lo = max(lo, min(a, b) - 1)
        hi = min(hi, max(a, b) + 1)
    }
}
