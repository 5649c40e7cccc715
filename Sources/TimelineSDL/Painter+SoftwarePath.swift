import CSDL2
import Geometry
import Timeline

/// The software renderer's fast path: unrotated rectangles as blended rectangle fills plus
/// cached antialiased corner textures (SDL's software triangle filler allocates a surface per
/// blended triangle, which made the geometry path too slow there).
extension DisplayListPainter {
    /// The largest corner radius, in pixels, drawn from a cached disc texture (a 2048² texture);
    /// larger corners are tessellated.
    static let maximumCornerTextureRadius: Int32 = 1_024

    // MARK: Software fast path

    /// Draws a view's border on an unrotated view: inside `r`, `width` wide, outer corner radius
    /// `outerRadius` and inner corner radius `max(0, outerRadius - width)` (D2).
    func blitBorder(_ r: Rect, outerRadius: Double, width: Double, _ color: Color) {
        blitBand(pixelRect(transform.apply(to: r)), outerRadius: pixel(outerRadius * transform.a), thickness: width * transform.a,
                 r, outerRadius: outerRadius, width: width, color)
    }

    /// Fills (or, with `lineWidth`, strokes) an unrotated rounded rectangle with blended
    /// rectangle fills and four corner copies from a cached disc or ring texture.
    func blitRoundedRect(_ r: Rect, radius: Double, lineWidth: Double?, _ color: Color) {
        if let lineWidth {
            // A canvas stroke is centred on the edge: the band from half the width outside it to
            // half inside, its outer corners the radius plus half the width.
            let outer = r.inset(by: EdgeInsets(all: -lineWidth / 2))
            let outerRadius = radius > 0 ? radius + lineWidth / 2 : 0
            blitBand(pixelRect(transform.apply(to: outer)), outerRadius: pixel(outerRadius * transform.a),
                     thickness: lineWidth * transform.a, outer, outerRadius: outerRadius, width: lineWidth, color)
            return
        }
        flush()
        let outer = r
        let box = pixelRect(transform.apply(to: outer))
        let (w, h) = (box.w, box.h)
        guard w > 0, h > 0 else { return }
        let rr = max(0, min(pixel(radius * transform.a), w / 2, h / 2))
        guard rr <= Self.maximumCornerTextureRadius else {
            // A corner texture this large (a huge radius on a huge rectangle) would cost more
            // than it saves: tessellate it instead.
            prepareMesh()
            mesh.fillRoundedRect(r, radius: radius, color: color)
            return
        }
        guard let c = beginRectangleFills(color) else { return }
        if rr <= 0 {
            rects.append(box)
            submitRects()
            return
        }
        Self.forEachBand(box, radius: rr) { rects.append($0) }
        submitRects()
        blitCorners(box, radius: rr, ring: 0, c)
    }

    /// The band inside the device box `box`, `thickness` pixels wide, with outer corners of
    /// `rr` pixels and inner corners of `max(0, rr - thickness)`: edge rectangles, ring textures
    /// in the corners when the radius reaches past the band, else a disc quarter at the very
    /// corner and rectangles for the rest of the corner block. (`r`, `outerRadius` and `width`
    /// in points go to the tessellator for corners too large for a texture.)
    func blitBand(_ box: SDL_Rect, outerRadius rrIn: Int32, thickness: Double, _ r: Rect, outerRadius: Double, width: Double, _ color: Color) {
        flush()
        let (x0, y0, w, h) = (box.x, box.y, box.w, box.h)
        let x1 = x0 + w, y1 = y0 + h
        guard w > 0, h > 0 else { return }
        let rr = max(0, min(rrIn, w / 2, h / 2))
        guard rr <= Self.maximumCornerTextureRadius else {
            prepareMesh()
            mesh.strokeInside(r, outerRadius: outerRadius, lineWidth: width, color: color)
            return
        }
        guard let c = beginRectangleFills(color) else { return }
        let t = max(1, pixel(thickness))                 // bounded: a runaway scale must not trap
        if 2 * t >= w || 2 * t >= h {
            // The band covers it all: a filled rounded rectangle.
            if rr <= 0 { rects.append(box); submitRects(); return }
            Self.forEachBand(box, radius: rr) { rects.append($0) }
            submitRects()
            blitCorners(box, radius: rr, ring: 0, c)
            return
        }
        let k = max(rr, t)
        rects.append(SDL_Rect(x: x0 + k, y: y0, w: w - 2 * k, h: t))
        rects.append(SDL_Rect(x: x0 + k, y: y1 - t, w: w - 2 * k, h: t))
        rects.append(SDL_Rect(x: x0, y: y0 + k, w: t, h: h - 2 * k))
        rects.append(SDL_Rect(x: x1 - t, y: y0 + k, w: t, h: h - 2 * k))
        if rr < t {
            // The inner corners are square; the outer ones rounded by rr (a disc quarter in the
            // rr x rr square at the very corner) or square.
            for (cx, cy, right, bottom) in [(x0, y0, false, false), (x1 - t, y0, true, false), (x1 - t, y1 - t, true, true), (x0, y1 - t, false, true)] {
                if rr <= 0 { rects.append(SDL_Rect(x: cx, y: cy, w: t, h: t)); continue }
                // The two rectangles of the t x t block outside the rr x rr corner square.
                rects.append(SDL_Rect(x: right ? cx : cx + rr, y: bottom ? cy + t - rr : cy, w: t - rr, h: rr))
                rects.append(SDL_Rect(x: cx, y: bottom ? cy : cy + rr, w: t, h: t - rr))
            }
            submitRects()
            if rr > 0 { blitCorners(box, radius: rr, ring: 0, c) }
            return
        }
        submitRects()
        blitCorners(box, radius: rr, ring: t, c)
    }

    /// Sets the draw colour for rectangle fills and empties ``rects``; nil for a clear colour.
    func beginRectangleFills(_ color: Color) -> SDL_Color? {
        let c = sdlColor(color)
        guard c.a > 0 else { return nil }
        // An opaque colour needs no blending: a plain fill is several times faster in software.
        sdl(SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        sdl(SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a), "SDL_SetRenderDrawColor")
        rects.removeAll(keepingCapacity: true)
        return c
    }

    func submitRects() {
        let n = rects.count
        rects.withUnsafeBufferPointer { sdl(SDL_RenderFillRects(renderer, $0.baseAddress, Int32(n)), "SDL_RenderFillRects") }
        counts.submissions += 1
    }

    func blitCorners(_ box: SDL_Rect, radius rr: Int32, ring: Int32, _ c: SDL_Color) {
        let rgba = UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(c.a)
        // A disc in this colour, or (cache full) the white one modulated by it.
        let coloured = discTexture(radius: rr, ring: ring, rgba: rgba)
        guard let disc = coloured ?? discTexture(radius: rr, ring: ring, rgba: 0xFFFF_FFFF) else { return }
        let tint = coloured == nil ? c : SDL_Color(r: 255, g: 255, b: 255, a: 255)
        // Fresh rectangles for each corner: `copy` cuts them in place to the visible part.
        Self.forEachCorner(box, radius: rr) { qx, qy, square in
            var src = SDL_Rect(x: qx, y: qy, w: rr, h: rr), dst = square
            copy(disc, &src, &dst, tint)
        }
    }

    /// The three rectangles that cover the rounded rectangle `box` (corner radius `rr` pixels)
    /// but for its corners: the full height between the corners, then the left and right edges
    /// between them.
    static func forEachBand(_ box: SDL_Rect, radius rr: Int32, _ body: (SDL_Rect) -> Void) {
        body(SDL_Rect(x: box.x + rr, y: box.y, w: box.w - 2 * rr, h: box.h))
        body(SDL_Rect(x: box.x, y: box.y + rr, w: rr, h: box.h - 2 * rr))
        body(SDL_Rect(x: box.x + box.w - rr, y: box.y + rr, w: rr, h: box.h - 2 * rr))
    }

    /// The four `rr`-pixel corner squares of `box`, each with the corner of a 2rr disc square
    /// (its x and y there, 0 or rr) that it shows: top left, top right, bottom right, bottom left.
    static func forEachCorner(_ box: SDL_Rect, radius rr: Int32, _ body: (Int32, Int32, SDL_Rect) -> Void) {
        let x1 = box.x + box.w, y1 = box.y + box.h
        body(0, 0, SDL_Rect(x: box.x, y: box.y, w: rr, h: rr))
        body(rr, 0, SDL_Rect(x: x1 - rr, y: box.y, w: rr, h: rr))
        body(rr, rr, SDL_Rect(x: x1 - rr, y: y1 - rr, w: rr, h: rr))
        body(0, rr, SDL_Rect(x: box.x, y: y1 - rr, w: rr, h: rr))
    }

    /// Copies `src` of `texture` to `dst` tinted by `tint`, leaving the texture untinted for its
    /// next user (SDL records the tint with the queued copy).
    ///
    /// The copy is cut to the part of `dst` inside the target (and `src` in proportion): SDL's
    /// software renderer scales into a buffer as large as the whole destination, so a scaled-up
    /// label or corner thousands of times the target's size would ask for gigabytes.
    func copy(_ texture: OpaquePointer, _ src: inout SDL_Rect, _ dst: inout SDL_Rect, _ tint: SDL_Color) {
        let visible = intersect(dst, targetRect)
        guard visible.w > 0, visible.h > 0, dst.w > 0, dst.h > 0 else { return }
        if visible.w != dst.w || visible.h != dst.h {
            let sx = Double(src.w) / Double(dst.w), sy = Double(src.h) / Double(dst.h)
            let x0 = Double(src.x) + Double(visible.x - dst.x) * sx, y0 = Double(src.y) + Double(visible.y - dst.y) * sy
            let x1 = x0 + Double(visible.w) * sx, y1 = y0 + Double(visible.h) * sy
            src = SDL_Rect(x: Int32(x0.rounded(.down)), y: Int32(y0.rounded(.down)),
                           w: max(1, Int32(x1.rounded(.up)) - Int32(x0.rounded(.down))),
                           h: max(1, Int32(y1.rounded(.up)) - Int32(y0.rounded(.down))))
            dst = visible
        }
        let tinted = tint.r != 255 || tint.g != 255 || tint.b != 255 || tint.a != 255
        if tinted {
            sdl(SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b), "SDL_SetTextureColorMod")
            sdl(SDL_SetTextureAlphaMod(texture, tint.a), "SDL_SetTextureAlphaMod")
        }
        sdl(SDL_RenderCopy(renderer, texture, &src, &dst), "SDL_RenderCopy")
        if tinted {
            sdl(SDL_SetTextureColorMod(texture, 255, 255, 255), "SDL_SetTextureColorMod")
            sdl(SDL_SetTextureAlphaMod(texture, 255), "SDL_SetTextureAlphaMod")
        }
        counts.submissions += 1
    }

    /// Coverage (0...255) of each pixel of a 2r x 2r square by a disc of radius `r` (a ring `ring`
    /// pixels wide when positive), estimated on a 4x4 sample grid; cached per shape.
    /// Filled discs (every fill's corners) are found by radius in an array, rings by hashing.
    func discCoverage(radius r: Int32, ring: Int32) -> [UInt8] {
        let filled = ring == 0 && r >= 0
        if filled, Int(r) < filledDiscCoverage.count, !filledDiscCoverage[Int(r)].isEmpty { return filledDiscCoverage[Int(r)] }
        let shape = DiscKey(radius: r, ring: ring, rgba: 0)
        if !filled, let c = coverage[shape] { return c }
        let side = Int(2 * r)
        var cover = [UInt8](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side { cover[y * side + x] = Self.coverage(x: x, y: y, radius: r, ring: ring) }
        }
        // Bounded: a radius animated through every value up to the limit would otherwise keep
        // gigabytes of tables (4r² bytes each).
        coverageBytes += cover.count
        if coverageBytes > maximumCoverageBytes {
            filledDiscCoverage.removeAll()
            coverage.removeAll()
            coverageBytes = cover.count
        }
        if filled {
            if filledDiscCoverage.count <= Int(r) { filledDiscCoverage += Array(repeating: [], count: Int(r) + 1 - filledDiscCoverage.count) }
            filledDiscCoverage[Int(r)] = cover
        } else {
            coverage[shape] = cover
        }
        return cover
    }

    /// Coverage (0...255) of pixel (`x`, `y`) of the 2r x 2r square around a disc of radius `r`
    /// (a ring `ring` pixels wide when positive), on a 4x4 sample grid.
    static func coverage(x: Int, y: Int, radius r: Int32, ring: Int32) -> UInt8 {
        let outer = Double(r), inner = ring > 0 ? Double(r - ring) : -1
        // A pixel whose centre is more than half a diagonal from every edge is all in or all out.
        let cx = Double(x) + 0.5 - outer, cy = Double(y) + 0.5 - outer
        let d = (cx * cx + cy * cy).squareRoot()
        if d > outer + 0.71 || d < inner - 0.71 { return 0 }
        if d < outer - 0.71 && d > inner + 0.71 { return 255 }
        var covered = 0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let px = Double(x) + (Double(sx) + 0.5) / 4 - outer
                let py = Double(y) + (Double(sy) + 0.5) / 4 - outer
                let d = (px * px + py * py).squareRoot()
                if d <= outer && d >= inner { covered += 1 }
            }
        }
        return UInt8((covered * 255 + 8) / 16)
    }

    /// A disc of radius `r` pixels (a ring `ring` pixels wide when positive) in colour `rgba`,
    /// with antialiased edges: each pixel's alpha is its coverage, estimated on a 4x4 sample
    /// grid. Returns nil when the coloured cache is full (the caller modulates the white disc).
    func discTexture(radius r: Int32, ring: Int32, rgba: UInt32) -> OpaquePointer? {
        let key = DiscKey(radius: r, ring: ring, rgba: rgba)
        if let i = discs.index(forKey: key) {
            discs.values[i].lastUsed = frameNumber
            return discs.values[i].texture
        }
        if rgba != 0xFFFF_FFFF, discs.count >= maxColouredDiscs { return nil }
        let side = Int(2 * r)
        guard side > 0, let tex = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                  Int32(side), Int32(side)) else { return nil }
        let cover = discCoverage(radius: r, ring: ring)
        let alpha = rgba & 0xFF, rgb = rgba >> 8
        var pixels = [UInt32](repeating: 0, count: side * side)
        for i in pixels.indices { pixels[i] = ((UInt32(cover[i]) * alpha + 127) / 255) << 24 | rgb }
        pixels.withUnsafeBytes { sdl(SDL_UpdateTexture(tex, nil, $0.baseAddress, Int32(side * 4)), "SDL_UpdateTexture") }
        sdl(SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        discs[key] = Disc(texture: tex, lastUsed: frameNumber)
        return tex
    }

}
