import CSDL2
import Geometry
import Timeline

/// Filled paths, gradients and shadows (CA10): rasterised on the CPU by RenderModel's
/// ``ShapeRasterizer`` (fill rule, antialiasing, Gaussian blur, gradient paint) and drawn as one
/// textured rectangle. The window and the headless image renderer go through the same code, so
/// they draw the same pixels.
///
/// On a target whose pixels the painter can write (the image renderer's surface), fills are laid
/// straight into them and a path filled the same way paint after paint keeps its coverage.
/// Elsewhere, a shape drawn the same way (same path, paint, transform, opacity and target) in
/// two frames running keeps its rasterisation in a texture of its own, reused while it stays
/// unchanged (a shadowed card that does not move is blurred once). A shape that changes every
/// frame (a ring animating strokeEnd) goes through one streaming texture and creates nothing.
extension DisplayListPainter {
    /// What a shape's pixels depend on.
    struct ShapeKey: Hashable {
        var path: Path
        var paint: Paint
        var rule: FillRule
        /// The blur radius in points; 0 for a fill.
        var shadowRadius: Double
        var transform: AffineTransform
        var opacity: Double
        var targetWidth: Int32, targetHeight: Int32

        /// Hashes the path by a sample (``Path/hashSample(into:transform:)``); equality compares whole paths.
        func hash(into hasher: inout Hasher) {
            path.hashSample(into: &hasher, transform: transform)
            hasher.combine(paint)
            hasher.combine(rule)
            hasher.combine(shadowRadius)
            hasher.combine(opacity)
            hasher.combine(targetWidth)
            hasher.combine(targetHeight)
        }
    }

    struct ShapeTexture {
        var texture: OpaquePointer
        var x: Int32, y: Int32, width: Int32, height: Int32
        var lastUsed: Int
    }

    /// The most texture pixels kept for unchanged shapes (64 MiB).
    static let maximumShapeCachePixels = 16 << 20

    /// How many target areas of shapes a frame rasterises at most: a pathological list (ten
    /// thousand particles each scaled over the whole window, say) draws what fits and skips the
    /// rest (counted in ``lastSkippedShapeCount``) instead of taking minutes.
    static let shapeBudgetInTargets = 64

    /// Takes the device area `path` covers (clipped to the target, grown by `margin` pixels)
    /// from the frame's budget; false when it does not fit, and the shape is skipped.
    func spendShapeBudget(_ path: Path, margin: Double) -> Bool {
        let target = Rect(x: 0, y: 0, width: Double(targetSize.width), height: Double(targetSize.height))
        let box = transform.apply(to: path.boundingBox).inset(by: EdgeInsets(all: -margin))
            .intersection(target.inset(by: EdgeInsets(all: -margin)))
        let area = box.isNull ? 0 : max(0, box.width) * max(0, box.height)
        guard area.isFinite, area <= shapeBudget else { counts.skippedShapes += 1; return false }
        shapeBudget -= area
        return true
    }

    /// Fills `path` in the current group by `rule` with `paint`.
    func fillShape(_ path: Path, _ paint: Paint, _ rule: FillRule) {
        if memoryDepth > 0 {
            // Inside a group drawn in memory: laid into its buffer, never through SDL.
            guard spendShapeBudget(path, margin: 1) else { return }
            fillShapeInMemory(path, paint, rule)
            return
        }
        // On a target whose pixels are at hand, every shape goes straight into them, clipped:
        // no texture upload and no SDL blit. One that changes every frame is rasterised within
        // the clip; one filled the same way again (whatever its paint or opacity: a fading
        // layer's) has its coverage kept and laid again (``withCoverage(of:rule:within:_:)``).
        if let d = directShapes, target == nil, offscreenDepth == 0 {
            let bounds = intersect(clip ?? targetRect, targetRect)
            guard bounds.w > 0, bounds.h > 0 else { return }
            flush()
            sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
            if let rectangle = opaqueRectangle(path, paint) {
                // Laid from its rows, which cost no more than kept coverage would: no coverage
                // is written, kept or looked up for it, and it is no candidate (LT11).
                guard spendShapeBudget(path, margin: 1) else { return }
                if var rows = RectangleRows(rectangle.p, rectangle.q, rule: rule, clip: Rect(bounds), margin: 0) {
                    counts.directShapes += 1
                    ShapeRasterizer.layOpaqueRectangle(&rows, r: rectangle.r, g: rectangle.g, b: rectangle.b, into: d)
                }
                return
            }
            withCoverage(of: path, rule: rule, within: bounds, budget: 1) { kept in
                counts.directShapes += 1
                if let kept, case .gradient(let g) = paint, layKeptGradient(kept, g, into: d, clip: bounds) { return }
                compositeShapeDirectly(paint, into: d, clip: bounds)
            }
            return
        }
        let key = ShapeKey(path: path, paint: paint, rule: rule, shadowRadius: 0, transform: transform, opacity: opacity,
                           targetWidth: targetSize.width, targetHeight: targetSize.height)
        if drawCached(key) { return }
        guard spendShapeBudget(path, margin: 1) else { return }
        let clip = Rect(x: 0, y: 0, width: Double(targetSize.width), height: Double(targetSize.height))
        guard shapes.rasterize(path, transform: transform, rule: rule, clip: clip) else { return }
        shapes.paint(paint, opacity: opacity, inverse: transform.inverted() ?? .identity)
        blitShape(key)
    }

    /// `path` filled with `paint` under the current transform and opacity when that is an opaque
    /// rectangle on the pixel grid's axes (a Lottie "rc", a solid): its device corners and
    /// colour, laid from its rows (``RectangleRows``); nil otherwise.
    func opaqueRectangle(_ path: Path, _ paint: Paint) -> OpaqueRectangle? {
        guard case .color(let c) = paint, transform.b == 0, transform.c == 0, let (a, b) = path.axisAlignedCorners else { return nil }
        // Exactly full alpha takes ``compositeShapeDirectly(_:into:clip:)``'s opaque loop.
        let colour = colourBytes(c)
        guard colour.a == 255 else { return nil }
        let p = transform.apply(to: a), q = transform.apply(to: b)
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return nil }
        return OpaqueRectangle(p: p, q: q, r: colour.r, g: colour.g, b: colour.b)
    }

    /// `c`'s colour bytes and its alpha (0...255, not rounded) at the current opacity, as the
    /// direct compositors take them.
    func colourBytes(_ c: Color) -> (r: UInt32, g: UInt32, b: UInt32, a: Float) {
        let o = Float(min(max(opacity.isNaN ? 0 : opacity, 0), 1))
        return (UInt32(byte(c.red)), UInt32(byte(c.green)), UInt32(byte(c.blue)), Float(min(max(c.alpha, 0), 1)) * o * 255)
    }

    /// An opaque axis-aligned rectangle to lay straight into a target's pixels: its corners in
    /// device pixels and its colour's bytes.
    struct OpaqueRectangle {
        var p: Point, q: Point
        var r: UInt32, g: UInt32, b: UInt32
    }

    /// The part of `start..<end` within `0..<count` (empty when they do not meet, as when a
    /// clip lies wholly past a kept shape's box).
    nonisolated static func span(_ start: Int, _ end: Int, within count: Int) -> Range<Int> {
        let lower = min(max(0, start), count)
        return lower..<max(lower, min(count, end))
    }

    /// Lays the rasteriser's coverage, painted with `paint` at the group's opacity, over the
    /// premultiplied pixels of `d` (SDL's blend of the same straight-alpha pixels, rounded to
    /// nearest where SDL truncates).
    ///
    /// With `clip` (device pixels) only the part inside it is laid (a kept rasterisation of the
    /// whole shape drawn into a damaged region). The pixel loops are the rasteriser's
    /// (``ShapeRasterizer/layOpaque(_:r:g:b:a:full:into:rows:columns:)`` and its neighbours):
    /// a closure made in this main-actor method would check the actor each time it is called.
    func compositeShapeDirectly(_ paint: Paint, into d: (base: UnsafeMutablePointer<UInt32>, stride: Int), clip: SDL_Rect? = nil) {
        let (x0, y0, w, h) = (shapes.x, shapes.y, shapes.width, shapes.height)
        guard w > 0, h > 0 else { return }
        // The rows and columns (in the shape's box) inside the clip.
        var rows = 0..<h, columns = (0, w)
        if let c = clip {
            rows = Self.span(Int(c.y) - y0, Int(c.y) + Int(c.h) - y0, within: h)
            columns = (max(0, Int(c.x) - x0), max(0, min(w, Int(c.x) + Int(c.w) - x0)))
        }
        guard !rows.isEmpty, columns.1 > columns.0 else { return }
        if case .color(let c) = paint {
            let (r, g, b, a) = colourBytes(c)
            guard a > 0 else { return }
            let solid = 0xFF00_0000 | r << 16 | g << 8 | b, full = UInt32(min(255, a + 0.5))
            if full > 0, full < 255 {
                shapes.layTranslucent(r: r, g: g, b: b, a: a, full: full, into: d, rows: rows, columns: columns)
            } else {
                shapes.layOpaque(solid, r: r, g: g, b: b, a: a, full: full, into: d, rows: rows, columns: columns)
            }
            return
        }
        if case .gradient(let g) = paint {
            // Painted and laid over in one pass (the same pixels as the loop below).
            shapes.composite(g, opacity: opacity, inverse: transform.inverted() ?? .identity, into: d.base + y0 * d.stride + x0,
                             stride: d.stride, rows: rows, columns: columns.0..<columns.1)
            return
        }
        shapes.paint(paint, opacity: opacity, inverse: transform.inverted() ?? .identity)
        shapes.layPainted(into: d, rows: rows, columns: columns)
    }

    /// Lays the kept shape at `kept` (its coverage lent to the rasteriser) painted with `g` from
    /// pixels kept with it, if it was laid with the same gradient and opacity the paint before:
    /// a gradient costs a ramp lookup (and a square root, radial) per pixel, laying kept pixels
    /// one "over". They are the pixels ``ShapeRasterizer/composite`` lays over a clear target,
    /// and laying them over is that composite's arithmetic, so the target gets the same bytes.
    /// False when the shape is to be composited afresh (its gradient or opacity changed).
    func layKeptGradient(_ kept: Dictionary<CoverageKey, KeptCoverage>.Index, _ g: Gradient,
                         into d: (base: UnsafeMutablePointer<UInt32>, stride: Int), clip: SDL_Rect) -> Bool {
        let (x0, y0, w, h) = (shapes.x, shapes.y, shapes.width, shapes.height)
        var entries = takeKeptCoverage()
        defer { keptCoverage = entries }
        guard var painted = entries.values[kept].painted, painted.gradient == g, painted.opacity == opacity else {
            keptCoverageCount -= entries.values[kept].painted?.pixels.count ?? 0
            entries.values[kept].painted = (g, opacity, [])
            return false
        }
        if painted.pixels.count != w * h {
            let limit = keptCoverageLimit
            guard keptCoverageCount + w * h <= limit else { return false }
            entries.values[kept].painted = nil                      // the pixels are not shared while made
            painted.pixels = [UInt32](repeating: 0, count: w * h)
            painted.pixels.withUnsafeMutableBufferPointer { px in
                shapes.composite(g, opacity: opacity, inverse: transform.inverted() ?? .identity, into: px.baseAddress!,
                                 stride: w, rows: 0..<h, columns: 0..<w)
            }
            keptCoverageCount += w * h
            entries.values[kept].painted = painted
        }
        let rows = Self.span(Int(clip.y) - y0, Int(clip.y) + Int(clip.h) - y0, within: h)
        let (c0, c1) = (max(0, Int(clip.x) - x0), max(0, min(w, Int(clip.x) + Int(clip.w) - x0)))
        painted.pixels.withUnsafeBufferPointer { px in
            for yy in rows {
                let lo = max(c0, Int(shapes.rowStarts[yy])), hi = min(c1, Int(shapes.rowEnds[yy]))
                guard hi > lo else { continue }
                Premultiplied.over(px.baseAddress! + yy * w + lo, opacity: 255, onto: d.base + (y0 + yy) * d.stride + x0 + lo, count: hi - lo)
            }
        }
        return true
    }

    /// Draws `path`'s silhouette in `color`, blurred by a Gaussian with a standard deviation of
    /// half of `radius` points.
    func shadow(_ path: Path, _ color: Color, radius: Double) {
        let key = ShapeKey(path: path, paint: .color(color), rule: .nonZero, shadowRadius: radius, transform: transform, opacity: opacity,
                           targetWidth: targetSize.width, targetHeight: targetSize.height)
        if drawCached(key) { return }
        // A blur wider than the target is as good as uniform across it: the deviation is capped
        // at a third of the target's longer side, so the margin never exceeds that side.
        let side = Double(max(targetSize.width, targetSize.height))
        var sigma = max(0, radius) / 2 * deviceScale
        if !(sigma.isFinite) || 3 * sigma > side { sigma = side / 3 }
        let margin = Int((3 * sigma).rounded(.up))
        guard spendShapeBudget(path, margin: Double(margin)) else { return }
        let clip = Rect(x: 0, y: 0, width: Double(targetSize.width), height: Double(targetSize.height))
            .inset(by: EdgeInsets(all: -Double(margin)))
        guard shapes.rasterize(path, transform: transform, rule: .nonZero, clip: clip, margin: margin) else { return }
        shapes.blur(sigma: sigma)
        shapes.paint(.color(color), opacity: opacity, inverse: .identity)
        blitShape(key)
    }

    /// Draws the kept rasterisation of `key`, if there is one.
    private func drawCached(_ key: ShapeKey) -> Bool {
        guard let i = shapeCache.index(forKey: key) else { return false }
        shapeCache.values[i].lastUsed = frameNumber
        let e = shapeCache.values[i]
        flush()
        var src = SDL_Rect(x: 0, y: 0, w: e.width, h: e.height)
        var dst = SDL_Rect(x: e.x, y: e.y, w: e.width, h: e.height)
        sdl(SDL_RenderCopy(renderer, e.texture, &src, &dst), "SDL_RenderCopy")
        counts.submissions += 1
        return true
    }

    /// Copies the rasteriser's pixels to the target at their device position: into a texture
    /// of their own when the same shape was drawn last frame too, else through the streaming one.
    private func blitShape(_ key: ShapeKey) {
        let w = Int32(shapes.width), h = Int32(shapes.height)
        guard w > 0, h > 0 else { return }
        flush()
        if shapeCandidates[key] == frameNumber - 1, shapeCachePixels + Int(w) * Int(h) <= Self.maximumShapeCachePixels,
           let t = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), w, h) {
            sdl(SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
            var src = SDL_Rect(x: 0, y: 0, w: w, h: h)
            let code = shapes.pixels.withUnsafeBytes { SDL_UpdateTexture(t, &src, $0.baseAddress, w * 4) }
            sdl(code, "SDL_UpdateTexture")
            shapeCache[key] = ShapeTexture(texture: t, x: Int32(shapes.x), y: Int32(shapes.y), width: w, height: h, lastUsed: frameNumber)
            shapeCachePixels += Int(w) * Int(h)
            shapeCandidates[key] = nil
            _ = drawCached(key)
            return
        }
        shapeCandidates[key] = frameNumber
        if shapeTexture == nil || shapeTextureSize.width < w || shapeTextureSize.height < h {
            if let t = shapeTexture { SDL_DestroyTexture(t) }
            let nw = max(w, shapeTextureSize.width, 256), nh = max(h, shapeTextureSize.height, 256)
            shapeTexture = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), nw, nh)
            guard let t = shapeTexture else { sdl(-1, "SDL_CreateTexture(\(nw)x\(nh))"); return }
            shapeTextureSize = (nw, nh)
            sdl(SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        }
        guard let texture = shapeTexture else { return }
        var src = SDL_Rect(x: 0, y: 0, w: w, h: h)
        var dst = SDL_Rect(x: Int32(shapes.x), y: Int32(shapes.y), w: w, h: h)
        let code = shapes.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, &src, $0.baseAddress, w * 4) }
        sdl(code, "SDL_UpdateTexture")
        sdl(SDL_RenderCopy(renderer, texture, &src, &dst), "SDL_RenderCopy")
        counts.submissions += 1
    }

    /// Drops kept shapes unused for two seconds of frames and candidates older than a frame;
    /// checked every 120 frames.
    func evictStaleShapes() {
        if !shapeCandidates.isEmpty, shapeCandidates.count > 64 || frameNumber % 120 == 0 {
            shapeCandidates = shapeCandidates.filter { frameNumber - $0.value <= 1 }
        }
        guard frameNumber % 120 == 0, !shapeCache.isEmpty else { return }
        let stale = shapeCache.filter { frameNumber - $0.value.lastUsed > 120 }
        for (k, v) in stale {
            SDL_DestroyTexture(v.texture)
            shapeCachePixels -= Int(v.width) * Int(v.height)
            shapeCache[k] = nil
        }
    }
}

extension Path {
    /// Hashes the path by its length and its first and last four elements, not all of them: the
    /// painter's caches look a shape up two or three times a draw, and hashing every element of
    /// a long path cost a tenth of a Lottie frame. Keys holding a path still compare it whole.
    ///
    /// The sample and `transform` are folded into one 64-bit digest by a multiply and a shift per
    /// coordinate, which the hasher then takes once: SipHash over each of up to 54 coordinates
    /// cost about 1,000 instructions a lookup, several lookups a shape, every frame (LT11).
    /// Coordinates equal as numbers give equal digests (-0 is read as 0).
    func hashSample(into hasher: inout Hasher, transform: AffineTransform = .identity) {
        let e = elements
        var h = UInt64(truncatingIfNeeded: e.count) &* 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ v: Double) {
            h = (h ^ (v + 0).bitPattern) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        @inline(__always) func mix(_ p: Point) { mix(p.x); mix(p.y) }
        @inline(__always) func mix(_ element: Element) {
            switch element {
            case .move(let p): mix(1); mix(p)
            case .line(let p): mix(2); mix(p)
            case .curve(let c1, let c2, let p): mix(3); mix(c1); mix(c2); mix(p)
            case .close: mix(4)
            }
        }
        for k in e.indices.prefix(4) { mix(e[k]) }
        for k in e.indices.suffix(4) { mix(e[k]) }
        mix(transform.a); mix(transform.b); mix(transform.c); mix(transform.d); mix(transform.tx); mix(transform.ty)
        hasher.combine(h)
    }
}

/// The loops that lay a rasterised shape into a target's pixels (``DisplayListPainter/compositeShapeDirectly(_:into:clip:)``).
/// They are the rasteriser's, isolated to no actor: Swift 6 checks the actor on every call of a
/// closure made in a main-actor method (about 280 instructions; a shape's three nested buffer
/// closures cost more than laying a small shape's edge pixels), and closures made here have no
/// actor to check (LT11).
extension ShapeRasterizer {
    /// ``DisplayListPainter/compositeShapeDirectly(_:into:clip:)`` for a colour below full alpha (`a` 0...255,
    /// `full` its byte): a wholly covered pixel is one premultiplied pixel laid over the
    /// destination, eight at a time in 16-bit lanes while the run of covered pixels lasts (the
    /// bytes the pixel-by-pixel loop makes).
    func layTranslucent(r: UInt32, g: UInt32, b: UInt32, a: Float, full: UInt32,
                        into d: (base: UnsafeMutablePointer<UInt32>, stride: Int), rows: Range<Int>, columns: (Int, Int)) {
        let inside = Premultiplied.pixel(r, g, b, alpha: full)
        let insideLanes = unsafeBitCast(SIMD8<UInt32>(repeating: inside), to: Premultiplied.Lanes.self)
        let behind = Premultiplied.Lanes(repeating: UInt16(255 &- full))
        let colour = unsafeBitCast(SIMD8<UInt32>(repeating: 0xFF00_0000 | r << 16 | g << 8 | b), to: Premultiplied.Lanes.self)
        forEachCoveredRow(rows, columns: columns, into: d) { src, dst, start, end, _ in
            var k = start
            while k < end {
                let v = src[k]
                if v >= 1 {
                    if k + 8 <= end, all(UnsafeRawPointer(src + k).loadUnaligned(as: SIMD8<Float>.self) .>= 1) {
                        let raw = UnsafeMutableRawPointer(dst + k)
                        let q = raw.loadUnaligned(as: Premultiplied.Lanes.self)
                        raw.storeBytes(of: insideLanes &+ Premultiplied.scale(q, behind), as: Premultiplied.Lanes.self)
                        k += 8
                    } else {
                        dst[k] = Premultiplied.over(inside, alpha: full, onto: dst[k])
                        k += 1
                    }
                    continue
                }
                guard v > 0 else {
                    k = Self.pastUncovered(src, from: k, to: end)
                    continue
                }
                if k + 8 <= end, src[k + 1] > 0, src[k + 1] < 1 {
                    Self.blendEdgeRun(colour, coverage: src + k, alpha: a, onto: dst + k)
                    k += 8
                    continue
                }
                k += 1
                let alpha = UInt32(min(255, v * a + 0.5))
                if alpha == 0 { continue }
                dst[k - 1] = Premultiplied.over(Premultiplied.pixel(r, g, b, alpha: alpha), alpha: alpha, onto: dst[k - 1])
            }
        }
    }

    /// The colour `solid` (`r`, `g`, `b` opaque) at alpha `a` (0...255, `full` its byte: 255 or,
    /// for an alpha under half a step, 0) laid over `d`'s pixels by the coverage: whole runs
    /// stored, edge runs blended eight at a time, lone edge pixels one by one.
    func layOpaque(_ solid: UInt32, r: UInt32, g: UInt32, b: UInt32, a: Float, full: UInt32,
                   into d: (base: UnsafeMutablePointer<UInt32>, stride: Int), rows: Range<Int>, columns: (Int, Int)) {
        let solidLanes = unsafeBitCast(SIMD8<UInt32>(repeating: solid), to: Premultiplied.Lanes.self)
        let colour = (solid: solid, lanes: solidLanes, r: r, g: g, b: b, a: a, full: full)
        // Two loops, so that a shape with no whole inside known (any but a rectangle) pays
        // nothing for the look-up.
        guard !wholeRows.isEmpty else {
            forEachCoveredRow(rows, columns: columns, into: d) { src, dst, lo, hi, _ in
                Self.layOpaqueRow(colour, coverage: src, onto: dst, lo, hi, whole: (0, 0))
            }
            return
        }
        let (wholeRows, wholeColumns) = (self.wholeRows, self.wholeColumns)
        forEachCoveredRow(rows, columns: columns, into: d) { src, dst, lo, hi, row in
            // A rectangle's whole inside needs no look at its coverage.
            let whole = wholeRows.contains(row) ? (wholeColumns.lowerBound, min(hi, wholeColumns.upperBound)) : (0, 0)
            Self.layOpaqueRow(colour, coverage: src, onto: dst, lo, hi, whole: whole)
        }
    }

    /// One row of ``layOpaque(_:r:g:b:a:full:into:rows:columns:)``: columns `lo..<hi`, those from
    /// `whole.0` to `whole.1` known to be wholly covered.
    @inline(__always)
    static func layOpaqueRow(_ c: (solid: UInt32, lanes: Premultiplied.Lanes, r: UInt32, g: UInt32, b: UInt32, a: Float, full: UInt32),
                             coverage src: UnsafePointer<Float>, onto dst: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
                             whole: (Int, Int)) {
        let (solid, a) = (c.solid, c.a)
        var k = lo
        while k < hi {
            let v = src[k]
            if !(v > 0) {
                // Uncovered pixels inside the row's extent (a ring's hole, the gap between two
                // subpaths).
                k = pastUncovered(src, from: k, to: hi)
                continue
            }
            if v >= 1, a == 255 {
                // A run of whole pixels is one fill, its end found eight coverage values at a
                // time (looking one by one cost more than the fill: LT11).
                var e = k >= whole.0 && k < whole.1 ? whole.1 : k + 1
                while e + 8 <= hi, all(UnsafeRawPointer(src + e).loadUnaligned(as: SIMD8<Float>.self) .>= 1) { e += 8 }
                while e < hi, src[e] >= 1 { e += 1 }
                (dst + k).update(repeating: solid, count: e - k)
                k = e
                continue
            }
            if k + 8 <= hi, src[k + 1] > 0, src[k + 1] < 1 {
                // Runs of edge pixels (a slanted or thin edge); a lone one before a run or a
                // gap is cheaper on its own.
                blendEdgeRun(c.lanes, coverage: src + k, alpha: a, onto: dst + k)
                k += 8
                continue
            }
            UniformLay((solid, c.r, c.g, c.b, a, c.full), coverage: v).lay(onto: dst + k, count: 1)
            k += 1
        }
    }

    /// An opaque colour (`r`, `g`, `b`) laid over `d`'s pixels by the coverage of a rectangle
    /// read row by row (``RectangleRows``): the pixels ``layOpaque(_:r:g:b:a:full:into:rows:columns:)``
    /// lays at full alpha from the coverage the rasteriser writes for it, with no coverage
    /// written, read or cleared (LT11).
    static func layOpaqueRectangle(_ rows: inout RectangleRows, r: UInt32, g: UInt32, b: UInt32,
                                   into d: (base: UnsafeMutablePointer<UInt32>, stride: Int)) {
        let colour = (solid: 0xFF00_0000 | r << 16 | g << 8 | b, r: r, g: g, b: b, a: Float(255), full: UInt32(255))
        // A run of rows with the same values (the rows the edges cross whole) has its three
        // pixel values worked out once.
        while let (row, count) = rows.nextRun() {
            var line = d.base + (rows.y + row.index) * d.stride + rows.x
            let left = UniformLay(colour, coverage: row.leftValue)
            guard row.right > row.left else {
                for _ in 0..<count { left.lay(onto: line + row.left, count: 1); line += d.stride }
                continue
            }
            let inside = UniformLay(colour, coverage: row.inside), right = UniformLay(colour, coverage: row.rightValue)
            let between = row.right - row.left - 1
            for _ in 0..<count {
                left.lay(onto: line + row.left, count: 1)
                inside.lay(onto: line + row.left + 1, count: between)
                right.lay(onto: line + row.right, count: 1)
                line += d.stride
            }
        }
    }

    /// An opaque colour at one coverage, ready to lay over any number of pixels all covered by
    /// it, one by one: its alpha and premultiplied pixel.
    struct UniformLay {
        let solid: UInt32, pixel: UInt32, alpha: UInt32

        /// The colour (`solid`; `r`, `g`, `b`) at alpha `a` (0...255; `full` its byte) covered
        /// by `v`: wholly, at `full`; partly, at the coverage's share of `a`; not at all, at 0.
        @inline(__always)
        init(_ c: (solid: UInt32, r: UInt32, g: UInt32, b: UInt32, a: Float, full: UInt32), coverage v: Float) {
            solid = c.solid
            alpha = v > 0 ? (v >= 1 ? c.full : UInt32(min(255, v * c.a + 0.5))) : 0
            pixel = alpha > 0 && alpha < 255 ? Premultiplied.pixel(c.r, c.g, c.b, alpha: alpha) : 0
        }

        /// Lays the colour over `count` pixels at `dst`: full alpha stores it.
        @inline(__always)
        func lay(onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
            guard alpha > 0, count > 0 else { return }
            if alpha == 255 {
                dst.update(repeating: solid, count: count)
            } else {
                for k in 0..<count { dst[k] = Premultiplied.over(pixel, alpha: alpha, onto: dst[k]) }
            }
        }
    }

    /// Calls `body` for each of `rows` (in the shape's box) with its coverage, the pixels of
    /// `d` under it and the columns to visit: the row's covered extent (the rasteriser's row
    /// starts and ends) within `columns`, empty when they do not meet, and the row's index.
    @inline(__always)
    func forEachCoveredRow(_ rows: Range<Int>, columns: (Int, Int), into d: (base: UnsafeMutablePointer<UInt32>, stride: Int),
                           _ body: (UnsafePointer<Float>, UnsafeMutablePointer<UInt32>, Int, Int, Int) -> Void) {
        let (x0, y0, w) = (x, y, width)
        coverage.withUnsafeBufferPointer { cov in
        rowStarts.withUnsafeBufferPointer { starts in
        rowEnds.withUnsafeBufferPointer { ends in
            for yy in rows {
                let lo = max(columns.0, Int(starts[yy]))
                body(cov.baseAddress! + yy * w, d.base + (y0 + yy) * d.stride + x0, lo, max(lo, min(columns.1, Int(ends[yy]))), yy)
            }
        }
        }
        }
    }

    /// The index past the uncovered coverage at `k` and those after it (before `end`), looked
    /// at eight at a time (LT11).
    @inline(__always)
    static func pastUncovered(_ src: UnsafePointer<Float>, from k: Int, to end: Int) -> Int {
        var k = k + 1
        while k + 8 <= end, all(UnsafeRawPointer(src + k).loadUnaligned(as: SIMD8<Float>.self) .<= 0) { k += 8 }
        return k
    }

    /// Eight edge pixels at `dst`: `colour` (opaque lanes) at alpha `a` times their coverage,
    /// blended over what is there in 16-bit lanes (``Premultiplied/blend(_:coverage:times:onto:)``).
    @inline(__always)
    static func blendEdgeRun(_ colour: Premultiplied.Lanes, coverage src: UnsafePointer<Float>, alpha a: Float,
                             onto dst: UnsafeMutablePointer<UInt32>) {
        let raw = UnsafeMutableRawPointer(dst)
        let v8 = UnsafeRawPointer(src).loadUnaligned(as: SIMD8<Float>.self)
        raw.storeBytes(of: Premultiplied.blend(colour, coverage: v8, times: a, onto: raw.loadUnaligned(as: Premultiplied.Lanes.self)),
                       as: Premultiplied.Lanes.self)
    }

    /// The pixels ``paint(_:opacity:inverse:)`` left (straight alpha) laid over `d`'s.
    func layPainted(into d: (base: UnsafeMutablePointer<UInt32>, stride: Int), rows: Range<Int>, columns: (Int, Int)) {
        let (x0, y0, w) = (x, y, width)
        pixels.withUnsafeBufferPointer { px in
        rowStarts.withUnsafeBufferPointer { starts in
        rowEnds.withUnsafeBufferPointer { ends in
            for yy in rows {
                let src = px.baseAddress! + yy * w
                let dst = d.base + (y0 + yy) * d.stride + x0
                let lo = max(columns.0, Int(starts[yy]))
                for k in lo..<max(lo, min(columns.1, Int(ends[yy]))) {
                    let s = src[k], alpha = s >> 24
                    if alpha == 0 { continue }
                    if alpha == 255 { dst[k] = s; continue }
                    let p = Premultiplied.pixel((s >> 16) & 0xFF, (s >> 8) & 0xFF, s & 0xFF, alpha: alpha)
                    dst[k] = Premultiplied.over(p, alpha: alpha, onto: dst[k])
                }
            }
        }
        }
        }
    }
}
