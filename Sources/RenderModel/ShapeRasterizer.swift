import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rasterises filled paths into antialiased coverage, with no platform code. Coverage is the
/// exact area of each pixel inside the path's edges, by signed-area accumulation (the technique
/// of FreeType's smooth rasteriser and font-rs): every edge adds, to each pixel cell it crosses,
/// its signed height there (its *cover*) split into the part right of the edge inside the cell
/// and the part carried to the cells after it; a running sum along each row then gives every
/// pixel its winding area, which the fill rule turns into coverage (non-zero: its magnitude up
/// to 1; even-odd: folded with period 2). Where edges of one winding overlap inside a pixel the
/// sum can exceed the pixel's true area, the approximation every area rasteriser makes.
///
/// The result can be blurred (a shadow) and painted with a colour or a gradient into
/// straight-alpha ARGB pixels, which a backend uploads as a texture (CA10's shapes, gradients
/// and shadows in the window and the headless image renderer alike).
///
/// Buffers keep their capacity between shapes, so a steady frame allocates nothing.
public struct ShapeRasterizer: Sendable {
    /// The rasterised region in device pixels.
    public private(set) var x = 0, y = 0, width = 0, height = 0
    /// Coverage 0...1 per pixel of the region, row by row.
    public private(set) var coverage: [Float] = []
    /// The painted pixels (after ``paint(_:opacity:inverse:)``), `0xAARRGGBB`, straight alpha.
    public private(set) var pixels: [UInt32] = []
    /// Per row of the region, the columns `[start, end)` that may hold coverage: outside them
    /// the row is zero (an empty row has `start == end`). Compositors loop over these only.
    public private(set) var rowStarts: [Int32] = [], rowEnds: [Int32] = []
    /// Rows and columns of the region whose coverage is known to be whole (1 or more) without
    /// looking: a rectangle's inside, so a compositor fills it with no pass over its coverage
    /// (LT11). Empty when nothing is known; any coverage outside it may still be whole.
    public private(set) var wholeRows = 0..<0, wholeColumns = 0..<0

    /// The path's edges in device pixels, as flattened (both ends finite).
    private var edges: [Edge] = []
    /// The path's polylines before the transform, and where each ends (``Path/flatten(tolerance:maximumSegmentsPerCurve:points:subpaths:)``).
    private var flatPoints: [Point] = []
    private var flatSubpaths: [Path.FlatSubpathEnd] = []
    private var blurScratch: [Float] = []
    private var kernel: [Float] = []
    private var ramp: [UInt32] = []
    /// ``ramp`` at the opacity being composited, premultiplied (wholly covered pixels' colours).
    private var solidRamp: [UInt32] = []
    /// The opacity ``solidRamp`` was made at (nil: made for no ramp yet, or the ramp changed).
    private var solidRampOpacity: Float?
    /// The stops ``ramp`` was made for (a gradient whose points move keeps its ramp).
    private var rampStops: RampStops?
    /// Ramps of other stops made earlier, with their premultiplied copies, so that shapes whose
    /// gradients alternate (a Lottie file's twenty gradient fills, every frame) make each ramp
    /// once, not once a shape (LT11). At most ``rampCacheLimit`` entries; past that a new ramp
    /// takes the place (and the buffers) of an old one.
    private var rampCache: [RampStops: KeptRamp] = [:]
    /// How many ramps were made (not taken from the cache) since this rasteriser was made: what
    /// tests count.
    public private(set) var rampsMade = 0

    /// A gradient's colours and locations: what its ramp depends on.
    struct RampStops: Hashable {
        var colors: [Color], locations: [Double]?
    }

    /// A ramp put aside, with its premultiplied copy and the opacity that copy was made at.
    struct KeptRamp {
        var ramp: [UInt32], solidRamp: [UInt32], solidRampOpacity: Float?
    }

    /// A straight edge from (x0, y0) to (x1, y1), in the path's direction: going down (y1 > y0)
    /// it winds +1, going up -1.
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
    }

    /// An empty rasteriser: its buffers grow to the largest shape it is given and are kept.
    public init() {}

    /// Rasterises `path` under `transform` (to device pixels) by `rule`, limited to `clip` (device
    /// pixels) and grown by `margin` pixels on each side (room for a blur). Returns false when
    /// nothing lands in the clip.
    ///
    /// - Complexity: O(pixel cells the edges cross + the rows' covered columns, this shape's
    ///   and the last one's: summed and cleared).
    public mutating func rasterize(_ path: Path, transform: AffineTransform, rule: FillRule, clip: Rect, margin: Int = 0) -> Bool {
        clearCoverage()
        edges.removeAll(keepingCapacity: true)
        (wholeRows, wholeColumns) = (0..<0, 0..<0)
        // A rectangle kept axis-aligned by the transform (a layer's square, a Lottie "rc")
        // has its coverage written row by row (LT11).
        if transform.b == 0, transform.c == 0, let (a, c) = path.axisAlignedCorners {
            let p = transform.apply(to: a), q = transform.apply(to: c)
            if p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite {
                return rasterizeRectangle(p, q, rule: rule, clip: clip, margin: margin)
            }
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let scale = (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
        let tolerance = scale > 0 && scale.isFinite ? 0.1 / scale : 0.1
        // Flattened into buffers kept between shapes: no arrays made per shape (LT11).
        path.flatten(tolerance: tolerance, points: &flatPoints, subpaths: &flatSubpaths)
        edges.reserveCapacity(flatPoints.count)
        // An edge wholly above or below the clip covers none of its rows.
        let above = clip.minY - 1, below = clip.maxY + 1
        var first = 0
        flatPoints.withUnsafeBufferPointer { points in
            for sub in flatSubpaths {
                defer { first = sub.end }
                guard sub.end - first >= 2 else { continue }
                var prev = transform.apply(to: points[sub.end - 1])      // fills close every subpath
                for k in first..<sub.end {
                    let p = transform.apply(to: points[k])
                    guard p.x.isFinite, p.y.isFinite, prev.x.isFinite, prev.y.isFinite else { prev = p; continue }
                    minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
                    if p.y != prev.y, max(p.y, prev.y) > above, min(p.y, prev.y) < below {
                        edges.append(Edge(x0: prev.x, y0: prev.y, x1: p.x, y1: p.y))
                    }
                    prev = p
                }
            }
        }
        guard minX <= maxX, minY <= maxY, !edges.isEmpty,
              let (ox, oy) = makeRegion(minX: minX, minY: minY, maxX: maxX, maxY: maxY, clip: clip, margin: margin) else { return false }
        let (w, h, evenOdd) = (width, height, rule != .nonZero)
        // The accumulation works on the buffers' storage directly: no uniqueness or bounds
        // checks per cell (every index is clamped into the region first).
        edges.withUnsafeBufferPointer { edges in
        coverage.withUnsafeMutableBufferPointer { cov in
        rowStarts.withUnsafeMutableBufferPointer { rowStarts in
        rowEnds.withUnsafeMutableBufferPointer { rowEnds in
            let cells = CoverageCells(base: cov.baseAddress!, width: w, height: h, first: rowStarts.baseAddress!, last: rowEnds.baseAddress!)
            cells.first.update(repeating: Int32(w), count: h)
            cells.last.update(repeating: -1, count: h)
            for e in edges { cells.add(e.x0 - ox, e.y0 - oy, e.x1 - ox, e.y1 - oy) }
            cells.sweep(evenOdd: evenOdd)
        }
        }
        }
        }
        return true
    }

    /// The region the box `minX...maxX` × `minY...maxY` (device pixels) covers, grown by
    /// `margin` and a pixel and cut to `clip`, on whole pixels; nil when it is empty or absurdly
    /// far away.
    static func region(minX: Double, minY: Double, maxX: Double, maxY: Double, clip: Rect,
                       margin: Int) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let box = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        let m = Double(max(0, margin))
        let grown = box.inset(by: EdgeInsets(all: -m - 1))
        let cx0 = max(grown.minX, clip.minX).rounded(.down), cy0 = max(grown.minY, clip.minY).rounded(.down)
        let cx1 = min(grown.maxX, clip.maxX).rounded(.up), cy1 = min(grown.maxY, clip.maxY).rounded(.up)
        guard cx1 > cx0, cy1 > cy0, cx0 > -1e9, cy0 > -1e9, cx1 < 1e9, cy1 < 1e9 else { return nil }
        return (cx0, cy0, cx1, cy1)
    }

    /// Makes ``region(minX:minY:maxX:maxY:clip:margin:)`` the rasterised region, with room in the
    /// buffers for it, and returns its origin; nil when there is none.
    private mutating func makeRegion(minX: Double, minY: Double, maxX: Double, maxY: Double, clip: Rect, margin: Int) -> (Double, Double)? {
        guard let r = Self.region(minX: minX, minY: minY, maxX: maxX, maxY: maxY, clip: clip, margin: margin) else { return nil }
        useRegion(x: Int(r.x0), y: Int(r.y0), width: Int(r.x1 - r.x0), height: Int(r.y1 - r.y0))
        return (r.x0, r.y0)
    }

    /// Makes the given region the rasterised one, growing the buffers to hold it.
    private mutating func useRegion(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
        let count = width * height
        if coverage.count < count { coverage.append(contentsOf: repeatElement(0, count: count - coverage.count)) }
        if rowStarts.count < height {
            rowStarts.append(contentsOf: repeatElement(0, count: height - rowStarts.count))
            rowEnds.append(contentsOf: repeatElement(0, count: height - rowEnds.count))
        }
    }

    /// Rasterises the axis-aligned rectangle with opposite corners `p` and `q` (device pixels,
    /// finite): the coverage ``RectangleRows`` gives, written row by row, no cells added and no
    /// row swept.
    private mutating func rasterizeRectangle(_ p: Point, _ q: Point, rule: FillRule, clip: Rect, margin: Int) -> Bool {
        guard var rows = RectangleRows(p, q, rule: rule, clip: clip, margin: margin) else { return false }
        useRegion(x: rows.x, y: rows.y, width: rows.width, height: rows.height)
        let (w, h) = (width, height)
        coverage.withUnsafeMutableBufferPointer { cov in
        rowStarts.withUnsafeMutableBufferPointer { starts in
        rowEnds.withUnsafeMutableBufferPointer { ends in
            starts.baseAddress!.update(repeating: 0, count: h)
            ends.baseAddress!.update(repeating: 0, count: h)
            var whole = (first: Int.max, last: Int.min, left: 0, right: 0)
            while let (r, count) = rows.nextRun() {
                for index in r.index..<(r.index + count) {
                    let line = cov.baseAddress! + index * w
                    line[r.left] = r.leftValue
                    if r.right > r.left {
                        if r.right > r.left + 1 { (line + r.left + 1).update(repeating: r.inside, count: r.right - r.left - 1) }
                        line[r.right] = r.rightValue
                    }
                    starts[index] = Int32(r.left)
                    ends[index] = Int32(min(r.right + 1, w - 1) + 1)
                }
                // The rows whose inside is whole lie together (every row but the first and
                // last covers the pixel's height).
                if r.right > r.left + 1, r.inside >= 1 { whole = (min(whole.first, r.index), r.index + count - 1, r.left + 1, r.right) }
            }
            if whole.first <= whole.last { (wholeRows, wholeColumns) = (whole.first..<(whole.last + 1), whole.left..<whole.right) }
        }
        }
        }
        return true
    }

    /// Zeroes the last rasterisation's covered columns, leaving ``coverage`` all zero (it is zero
    /// outside the rows' covered columns, beyond the region too: grown with zeros, cleared this
    /// way, and traded only with snapshots of such coverage), and the region empty. Clearing what
    /// was covered rather than the next region costs the last shape's area, not its box's.
    private mutating func clearCoverage() {
        let (w, h) = (width, height)
        coverage.withUnsafeMutableBufferPointer { cov in
            for row in 0..<h {
                let start = Int(rowStarts[row]), end = Int(rowEnds[row])
                if end > start { (cov.baseAddress! + row * w + start).update(repeating: 0, count: end - start) }
            }
        }
        width = 0; height = 0
    }

    /// Blurs the coverage by a Gaussian of standard deviation `sigma` pixels. From 2 pixels up
    /// it is approximated, as SVG's feGaussianBlur specifies, by three box blurs per axis of
    /// width d = ⌊σ·3·√(2π)/4 + 0.5⌋ (within a few percent of the Gaussian, at a cost that does
    /// not grow with the radius); below 2 pixels the exact kernel, cut at three deviations, is
    /// small and used as it is.
    public mutating func blur(sigma: Double) {
        guard sigma > 0.05, sigma.isFinite, width > 0, height > 0 else { return }
        let count = width * height
        (wholeRows, wholeColumns) = (0..<0, 0..<0)
        // A blur spreads coverage over whole rows.
        for k in 0..<height { rowStarts[k] = 0; rowEnds[k] = Int32(width) }
        if blurScratch.count < count { blurScratch.append(contentsOf: repeatElement(0, count: count - blurScratch.count)) }
        let w = width, h = height
        if sigma >= 2, let passes = BoxBlurPasses(sigma: sigma) {
            coverage.withUnsafeMutableBufferPointer { c in
                blurScratch.withUnsafeMutableBufferPointer { t in passes.blur(c.baseAddress!, width: w, height: h, scratch: t.baseAddress!) }
            }
            return
        }
        let radius = Int((3 * sigma).rounded(.up))
        kernel.removeAll(keepingCapacity: true)
        var sum: Float = 0
        for k in -radius...radius {
            let v = Float(exp(-Double(k * k) / (2 * sigma * sigma)))
            kernel.append(v); sum += v
        }
        for k in kernel.indices { kernel[k] /= sum }
        kernel.withUnsafeBufferPointer { kern in
            coverage.withUnsafeMutableBufferPointer { c in
                blurScratch.withUnsafeMutableBufferPointer { t in
                    for yy in 0..<h {
                        let base = yy * w
                        for xx in 0..<w {
                            var acc: Float = 0
                            let lo = max(-radius, -xx), hi = min(radius, w - 1 - xx)
                            if lo <= hi { for k in lo...hi { acc += c[base + xx + k] * kern[k + radius] } }
                            t[base + xx] = acc
                        }
                    }
                    for yy in 0..<h {
                        let lo = max(-radius, -yy), hi = min(radius, h - 1 - yy)
                        for xx in 0..<w {
                            var acc: Float = 0
                            if lo <= hi { for k in lo...hi { acc += t[(yy + k) * w + xx] * kern[k + radius] } }
                            c[yy * w + xx] = acc
                        }
                    }
                }
            }
        }
    }

    /// Paints the coverage into ``pixels``: `paint`'s colour at each pixel centre (a gradient is
    /// evaluated in its own coordinates, `inverse` mapping device pixels there), alpha times the
    /// coverage and `opacity`.
    public mutating func paint(_ paint: Paint, opacity: Double, inverse: AffineTransform) {
        let count = width * height
        if pixels.count < count { pixels.append(contentsOf: repeatElement(0, count: count - pixels.count)) }
        let o = Float(min(max(opacity.isNaN ? 0 : opacity, 0), 1))
        switch paint {
        case .color(let c):
            let rgb = UInt32(Self.byte(c.red)) << 16 | UInt32(Self.byte(c.green)) << 8 | UInt32(Self.byte(c.blue))
            let a = Float(min(max(c.alpha, 0), 1)) * o
            coverage.withUnsafeBufferPointer { cov in
                pixels.withUnsafeMutableBufferPointer { px in
                    for k in 0..<count { px[k] = UInt32(min(255, cov[k] * a * 255 + 0.5)) << 24 | rgb }
                }
            }
        case .gradient(let g):
            // A ramp of 1,024 entries: within a quarter of a byte step per channel for any
            // gradient between two stops.
            let n = Self.rampCount
            prepareRamp(g)
            let w = width, h = height, ox = Double(x), oy = Double(y)
            func parameter(_ xx: Double, _ yy: Double) -> Double { g.parameter(at: inverse.apply(to: Point(x: ox + xx + 0.5, y: oy + yy + 0.5))) }
            let steps = GradientSteps(g, inverse: inverse, originX: ox, originY: oy)
            let (t00, tx, ty, stepped) = (steps.t00, steps.tx, steps.ty, steps.stepped)
            let last = Double(n - 1)
            coverage.withUnsafeBufferPointer { coverage in
            ramp.withUnsafeBufferPointer { ramp in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for yy in 0..<h {
                    // Only the row's covered columns are painted; the rest is transparent.
                    let start = Int(rowStarts[yy]), end = Int(rowEnds[yy])
                    (pixels.baseAddress! + yy * w).update(repeating: 0, count: start)
                    (pixels.baseAddress! + yy * w + end).update(repeating: 0, count: w - end)
                    if stepped {
                        // The ramp index stepped along the row in ramp entries.
                        let rowT = (t00 + ty * Double(yy)) * last, step = tx * last
                        for xx in start..<end {
                            let k = yy * w + xx
                            let cov = coverage[k]
                            if cov <= 0 { pixels[k] = 0; continue }
                            let t = rowT + step * Double(xx)
                            let c = ramp[Int(min(max(t, 0), last) + 0.5)]
                            let a = Float(c >> 24) * cov * o
                            pixels[k] = UInt32(min(255, a + 0.5)) << 24 | (c & 0x00ff_ffff)
                        }
                        continue
                    }
                    for xx in start..<end {
                        let k = yy * w + xx
                        let cov = coverage[k]
                        if cov <= 0 { pixels[k] = 0; continue }
                        let t = parameter(Double(xx), Double(yy))
                        let idx = t.isNaN ? 0 : Int(min(max(t, 0), 1) * last + 0.5)
                        let c = ramp[idx]
                        let a = Float(c >> 24) * cov * o
                        pixels[k] = UInt32(min(255, a + 0.5)) << 24 | (c & 0x00ff_ffff)
                    }
                }
            }
            }
            }
        case .pattern(let pattern):
            paintPattern(pattern, opacity: o, inverse: inverse)
        }
    }

    /// Paints the coverage with `pattern`: each covered pixel takes the bitmap pixel under its
    /// centre (mapped by `inverse` to the group's coordinates, then by the pattern's inverse
    /// transform to its space), its alpha times the coverage, the pattern's opacity and `o`.
    private mutating func paintPattern(_ pattern: ImagePattern, opacity o: Float, inverse: AffineTransform) {
        let w = width, h = height, ox = Double(x), oy = Double(y)
        guard let toPattern = pattern.transform.inverted().map({ inverse.concatenating($0) }), pattern.isDrawable else {
            pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            return
        }
        let a = o * Float(min(1, max(0, pattern.opacity)))
        let bitmap = pattern.image.bitmap
        coverage.withUnsafeBufferPointer { coverage in
        bitmap.rgba.withUnsafeBufferPointer { rgba in
        pixels.withUnsafeMutableBufferPointer { pixels in
            for yy in 0..<h {
                let start = Int(rowStarts[yy]), end = Int(rowEnds[yy])
                (pixels.baseAddress! + yy * w).update(repeating: 0, count: start)
                (pixels.baseAddress! + yy * w + end).update(repeating: 0, count: w - end)
                for xx in start..<end {
                    let k = yy * w + xx
                    let cov = coverage[k]
                    guard cov > 0, let (px, py) = pattern.pixel(at: toPattern.apply(to: Point(x: ox + Double(xx) + 0.5, y: oy + Double(yy) + 0.5)))
                    else { pixels[k] = 0; continue }
                    let s = (py * bitmap.width + px) * 4
                    let alpha = Float(rgba[s + 3]) * cov * a
                    pixels[k] = UInt32(min(255, alpha + 0.5)) << 24 | UInt32(rgba[s]) << 16 | UInt32(rgba[s + 1]) << 8 | UInt32(rgba[s + 2])
                }
            }
        }
        }
        }
    }

    /// Entries of a gradient's colour ramp.
    static let rampCount = 1024

    /// Ramps kept for stops other than the current one's (each 1,024 entries and as many
    /// premultiplied: 8 KiB).
    public static let rampCacheLimit = 64

    /// Makes ``ramp`` `g`'s, unless it already is (same stops): the current ramp is put aside
    /// in ``rampCache`` and `g`'s taken from there when it was made before, else made.
    ///
    /// - Complexity: O(stops) when `g`'s ramp is current or kept, O(``rampCount``) otherwise.
    private mutating func prepareRamp(_ g: Gradient) {
        if let current = rampStops, current.colors == g.colors, current.locations == g.locations { return }
        let stops = RampStops(colors: g.colors, locations: g.locations)
        let kept = rampCache.removeValue(forKey: stops)
        // At the bound one kept ramp (any) gives up its place and its buffers to the new one, so
        // stops that change every frame reuse memory instead of allocating a ramp a frame.
        var spare = kept == nil && rampCache.count >= Self.rampCacheLimit ? rampCache.popFirst()?.value : nil
        if let current = rampStops {
            rampCache[current] = KeptRamp(ramp: ramp, solidRamp: solidRamp, solidRampOpacity: solidRampOpacity)
        }
        rampStops = stops
        if let kept {
            (ramp, solidRamp, solidRampOpacity) = (kept.ramp, kept.solidRamp, kept.solidRampOpacity)
            return
        }
        // The buffers just put aside now belong to the cache: the spare's, or fresh ones.
        ramp = spare?.ramp ?? []
        solidRamp = spare?.solidRamp ?? []
        spare = nil
        ramp.removeAll(keepingCapacity: true)
        solidRamp.removeAll(keepingCapacity: true)
        ramp.reserveCapacity(Self.rampCount)
        for k in 0..<Self.rampCount {
            let c = g.color(at: Double(k) / Double(Self.rampCount - 1))
            ramp.append(UInt32(Self.byte(c.alpha)) << 24 | UInt32(Self.byte(c.red)) << 16 | UInt32(Self.byte(c.green)) << 8 | UInt32(Self.byte(c.blue)))
        }
        solidRampOpacity = nil
        rampsMade += 1
    }

    /// Lays the coverage painted with `g` over premultiplied `0xAARRGGBB` pixels in one pass: the
    /// pixels ``paint(_:opacity:inverse:)`` makes, each laid "over" its destination as
    /// `dst = src·a + dst·(1 - a)` in bytes rounded to nearest. `base` is the destination pixel
    /// of the region's origin (rows `stride` apart); only `rows` and `columns` of the region
    /// (within each row's covered columns) are visited.
    public mutating func composite(_ g: Gradient, opacity: Double, inverse: AffineTransform,
                                   into base: UnsafeMutablePointer<UInt32>, stride: Int, rows: Range<Int>, columns: Range<Int>) {
        prepareRamp(g)
        let o = Float(min(max(opacity.isNaN ? 0 : opacity, 0), 1))
        let last = Double(Self.rampCount - 1), ox = Double(x), oy = Double(y), w = width
        func parameter(_ xx: Double, _ yy: Double) -> Double { g.parameter(at: inverse.apply(to: Point(x: ox + xx + 0.5, y: oy + yy + 0.5))) }
        let steps = GradientSteps(g, inverse: inverse, originX: ox, originY: oy)
        let (t00, tx, ty, stepped) = (steps.t00, steps.tx, steps.ty, steps.stepped)
        let (u00, ux, uy, radial) = (steps.u00, steps.ux, steps.uy, steps.radial)
        // Bytes times bytes: wrapping operations, as no product can overflow (no checks per pixel).
        @inline(__always) func mul(_ v: UInt32, _ f: UInt32) -> UInt32 { let t = v &* f &+ 128; return (t &+ (t >> 8)) >> 8 }
        @inline(__always) func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
            var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
            rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
            var ag = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
            ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
            return rb | ag
        }
        // Wholly covered pixels take the ramp's entry at the opacity, premultiplied as the
        // loop below would make it: one lookup and one "over" each. Made again only when the
        // ramp or the opacity changed (a gradient whose points move keeps it: making it cost
        // as much as compositing a small shape).
        if solidRampOpacity != o {
            solidRamp.removeAll(keepingCapacity: true)
            for c in ramp {
                let alpha = o == 1 ? c >> 24 : UInt32(min(255, Float(c >> 24) * o + 0.5))
                solidRamp.append(alpha << 24 | mul((c >> 16) & 0xFF, alpha) << 16 | mul((c >> 8) & 0xFF, alpha) << 8 | mul(c & 0xFF, alpha))
            }
            solidRampOpacity = o
        }
        coverage.withUnsafeBufferPointer { coverage in
        solidRamp.withUnsafeBufferPointer { solid in
        ramp.withUnsafeBufferPointer { ramp in
            for yy in rows {
                let lo = max(columns.lowerBound, Int(rowStarts[yy])), hi = min(columns.upperBound, Int(rowEnds[yy]))
                guard hi > lo else { continue }
                let dst = base + yy * stride
                let rowT = (t00 + ty * Double(yy)) * last, step = tx * last
                let rowU = u00.x + uy.x * Double(yy), rowV = u00.y + uy.y * Double(yy)
                for xx in lo..<hi {
                    let cov = coverage[yy * w + xx]
                    if cov <= 0 { continue }
                    let index: Int
                    if stepped {
                        index = Int(min(max(rowT + step * Double(xx), 0), last) + 0.5)
                    } else if radial {
                        let u = rowU + ux.x * Double(xx), v = rowV + ux.y * Double(xx)
                        let d = (u * u + v * v).squareRoot()
                        index = Int((d < 1 ? d : 1) * last + 0.5)      // NaN reads as 1, not a trap
                    } else {
                        let t = parameter(Double(xx), Double(yy))
                        index = t.isNaN ? 0 : Int(min(max(t, 0), 1) * last + 0.5)
                    }
                    if cov >= 1 {
                        let p = solid[index], alpha = p >> 24
                        if alpha == 0 { continue }
                        dst[xx] = alpha == 255 ? p : p &+ scale(dst[xx], 255 &- alpha)
                        continue
                    }
                    let c = ramp[index]
                    // Inside the shape at full opacity the ramp's alpha is the pixel's.
                    let alpha = cov >= 1 && o == 1 ? c >> 24 : UInt32(min(255, Float(c >> 24) * cov * o + 0.5))
                    if alpha == 0 { continue }
                    if alpha == 255 { dst[xx] = 0xFF00_0000 | (c & 0x00FF_FFFF); continue }
                    let p = alpha << 24 | mul((c >> 16) & 0xFF, alpha) << 16 | mul((c >> 8) & 0xFF, alpha) << 8 | mul(c & 0xFF, alpha)
                    dst[xx] = p &+ scale(dst[xx], 255 &- alpha)
                }
            }
        }
        }
        }
    }

    /// A rasterisation kept to be laid again (``snapshot()``, ``trade(_:)``): a shape drawn
    /// the same way frame after frame need not be rasterised again.
    public struct Snapshot: Sendable {
        /// The region the coverage covers, in device pixels: left column, top row, width and height.
        public internal(set) var x: Int, y: Int, width: Int, height: Int
        var coverage: [Float], rowStarts: [Int32], rowEnds: [Int32]
        var wholeRows: Range<Int>, wholeColumns: Range<Int>
        /// The coverage values it holds (for a cache's bound).
        public var count: Int { coverage.count }
    }

    /// The last rasterisation, copied out.
    public func snapshot() -> Snapshot {
        Snapshot(x: x, y: y, width: width, height: height, coverage: Array(coverage[0..<(width * height)]),
                 rowStarts: Array(rowStarts[0..<height]), rowEnds: Array(rowEnds[0..<height]),
                 wholeRows: wholeRows, wholeColumns: wholeColumns)
    }

    /// Makes `s` the current rasterisation by trading buffers with it, copying nothing: until
    /// the same call trades them back, `s` holds the rasteriser's own buffers and the
    /// rasteriser reads `s`'s. A kept shape laid frame after frame over a large area costs no
    /// copy of its coverage. Nothing may be
    /// rasterised while the buffers are traded (it would overwrite the kept coverage).
    public mutating func trade(_ s: inout Snapshot) {
        swap(&coverage, &s.coverage)
        swap(&rowStarts, &s.rowStarts)
        swap(&rowEnds, &s.rowEnds)
        swap(&wholeRows, &s.wholeRows)
        swap(&wholeColumns, &s.wholeColumns)
        let kept = (s.x, s.y, s.width, s.height)
        (s.x, s.y, s.width, s.height) = (x, y, width, height)
        (x, y, width, height) = kept
    }

    static func byte(_ v: Double) -> UInt8 {
        let x = (v * 255).rounded()
        return x >= 255 ? 255 : (x > 0 ? UInt8(x) : 0)
    }
}

/// Where a gradient's ramp stands across device pixels, for stepping it along rows: an axial
/// ramp's parameter, and a radial gradient's point in the space where its ellipse is the unit
/// circle (no focal point), are affine in device pixels, so each is the value at the origin
/// pixel's centre plus a step per column and per row, instead of a mapping back and a
/// projection at every pixel (leaving a square root per pixel for the radial one).
struct GradientSteps {
    /// The axial parameter at pixel (0, 0) and its change per column and per row.
    var t00 = 0.0, tx = 0.0, ty = 0.0
    /// Whether the axial steps apply (an axial gradient with finite steps).
    var stepped = false
    /// The unit-circle point at pixel (0, 0) and its change per column and per row.
    var u00 = Point.zero, ux = Point.zero, uy = Point.zero
    /// Whether the radial steps apply (a radial gradient without a focal point, finite steps).
    var radial = false

    /// The steps of `g` drawn through `inverse` (device to gradient space) for pixels counted
    /// from (`originX`, `originY`).
    init(_ g: Gradient, inverse: AffineTransform, originX ox: Double, originY oy: Double) {
        func point(_ xx: Double, _ yy: Double) -> Point { inverse.apply(to: Point(x: ox + xx + 0.5, y: oy + yy + 0.5)) }
        if g.kind == .axial {
            t00 = g.parameter(at: point(0, 0))
            tx = g.parameter(at: point(1, 0)) - t00
            ty = g.parameter(at: point(0, 1)) - t00
            stepped = t00.isFinite && tx.isFinite && ty.isFinite
        }
        let rx = abs(g.endPoint.x - g.startPoint.x), ry = abs(g.endPoint.y - g.startPoint.y)
        guard g.kind == .radial, g.focalPoint == nil, rx > 0, ry > 0 else { return }
        func unit(_ xx: Double, _ yy: Double) -> Point {
            let p = point(xx, yy)
            return Point(x: (p.x - g.startPoint.x) / rx, y: (p.y - g.startPoint.y) / ry)
        }
        u00 = unit(0, 0)
        ux = unit(1, 0) - u00
        uy = unit(0, 1) - u00
        radial = [u00.x, u00.y, ux.x, ux.y, uy.x, uy.y].allSatisfy(\.isFinite)
    }
}
