import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One vertex of a triangle mesh in device pixels: its position, its straight-alpha RGBA colour
/// (a byte a channel) and its texture coordinates, interleaved, so that a batch is one buffer
/// that keeps its capacity from frame to frame. A backend reads each attribute in place, at its
/// `MemoryLayout.offset(of:)` with the type's stride, so the buffer is never converted.
public struct MeshVertex: Sendable, Equatable {
    /// The position in device pixels, y down.
    public var x: Float, y: Float
    /// The colour, a byte a channel with straight alpha; `a` includes the tessellator's opacity and
    /// the antialiasing ramp at edges.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// Texture coordinates, 0...1 across the texture; 0 for shapes without one.
    public var u: Float, v: Float

    /// A vertex from its parts; texture coordinates 0 unless given.
    public init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float = 0, v: Float = 0) {
        self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
    }
}

/// Turns the display list's shapes into triangles in device pixels, with no platform code: fills
/// and strokes of rounded rectangles, ellipses, lines and paths under any affine transform. Every
/// edge gets a one-pixel alpha ramp (half inside, half outside the exact edge) for antialiasing.
///
/// Set ``transform`` (the group's transform times the output scale) and ``opacity`` (the inherited
/// opacity colours are multiplied by), then call the shape methods: they append to ``vertices``
/// and ``indices`` until ``removeAll()``. Buffers keep their capacity, so a steady frame allocates
/// nothing.
public struct Tessellator: Sendable {
    /// Maps shape coordinates to device pixels.
    public var transform = AffineTransform.identity
    /// Multiplies every colour's alpha.
    public var opacity = 1.0
    /// The mesh so far.
    public private(set) var vertices: [MeshVertex] = []
    /// Three indices into ``vertices`` per triangle.
    public private(set) var indices: [Int32] = []
    /// The exact position of each vertex (``vertices`` holds them as floats, clamped to ±1e7).
    private var positions: [Point] = []

    private var outline: [Point] = []
    private var clipPolygon: [ClipVertex] = []
    private var clipNext: [ClipVertex] = []
    private var inner: [Point] = []
    private var scratch: [Int] = []

    /// An empty mesh, identity transform, opacity 1, with room for 4,096 vertices and 8,192 indices reserved.
    public init() {
        vertices.reserveCapacity(4096)
        positions.reserveCapacity(4096)
        indices.reserveCapacity(8192)
    }

    /// Empties the mesh, keeping the buffers' capacity.
    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Triangles in the mesh.
    public var triangleCount: Int { indices.count / 3 }

    /// How many device pixels one unit spans under ``transform`` (for segment counts and widths).
    public var deviceScale: Double {
        (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
    }

    // MARK: Shapes

    /// Fills a rectangle with corners of `radius` (clamped to half the shorter side).
    public mutating func fillRoundedRect(_ r: Rect, radius: Double, color: Color) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        Self.roundedRectOutline(r, radius: radius, transform: transform, segments: cornerSegments(rad), into: &outline)
        fillConvex(outline, color)
    }

    /// Strokes the band from `outerRadius` at `r`'s edge inwards by `lineWidth`: the outer edge is
    /// `r` with corner radius `outerRadius`, the inner edge `r` inset by `lineWidth` with corner
    /// radius `max(0, outerRadius - lineWidth)` (Core Animation's border, drawn inside the bounds).
    public mutating func strokeInside(_ r: Rect, outerRadius: Double, lineWidth: Double, color: Color) {
        let innerRect = r.inset(by: EdgeInsets(all: lineWidth))
        let segs = cornerSegments(outerRadius)
        Self.roundedRectOutline(r, radius: outerRadius, transform: transform, segments: segs, into: &outline)
        if innerRect.width <= 0 || innerRect.height <= 0 {
            fillConvex(outline, color)
            return
        }
        Self.roundedRectOutline(innerRect, radius: max(0, outerRadius - lineWidth), transform: transform, segments: segs, into: &inner)
        strokeRing(color)
    }

    /// Strokes a rounded rectangle centred on its edge (`lineWidth / 2` each side), as a canvas
    /// stroke does.
    public mutating func strokeRoundedRect(_ r: Rect, radius: Double, lineWidth: Double, color: Color) {
        let outerRect = r.inset(by: EdgeInsets(all: -lineWidth / 2))
        strokeInside(outerRect, outerRadius: radius > 0 ? radius + lineWidth / 2 : 0, lineWidth: lineWidth, color: color)
    }

    /// Fills the ellipse inscribed in `r` (shape coordinates), as a polygon of 12 to 160 sides,
    /// more the larger it is on screen.
    public mutating func fillEllipse(_ r: Rect, color: Color) {
        Self.ellipseOutline(r, transform: transform, into: &outline)
        fillConvex(outline, color)
    }

    /// Strokes the ellipse inscribed in `r`, `lineWidth` units wide, centred on its outline.
    public mutating func strokeEllipse(_ r: Rect, lineWidth: Double, color: Color) {
        Self.ellipseOutline(r.inset(by: EdgeInsets(all: -lineWidth / 2)), transform: transform, into: &outline)
        let count = outline.count
        Self.ellipseOutline(r.inset(by: EdgeInsets(all: lineWidth / 2)), transform: transform, count: count, into: &inner)
        strokeRing(color)
    }

    /// A straight segment from `a` to `b` in shape coordinates, `width` units wide.
    public mutating func line(from a: Point, to b: Point, width: Double, color: Color) {
        deviceLine(from: transform.apply(to: a), to: transform.apply(to: b), width: width * deviceScale, color)
    }

    /// A textured quad at `origin` (shape coordinates), `width` x `height` units, mapping the
    /// whole texture, tinted by `color`.
    public mutating func texturedQuad(origin: Point, width w: Double, height h: Double, color: Color) {
        let c = bytes(color)
        let first = Int32(vertices.count)
        appendVertex(transform.apply(to: origin), c, u: 0, v: 0)
        appendVertex(transform.apply(to: Point(x: origin.x + w, y: origin.y)), c, u: 1, v: 0)
        appendVertex(transform.apply(to: Point(x: origin.x + w, y: origin.y + h)), c, u: 1, v: 1)
        appendVertex(transform.apply(to: Point(x: origin.x, y: origin.y + h)), c, u: 0, v: 1)
        indices.append(first); indices.append(first + 1); indices.append(first + 2)
        indices.append(first); indices.append(first + 2); indices.append(first + 3)
    }

    /// A textured quad by its four corners in device pixels (clockwise from the top-left, not
    /// transformed), mapping the texture's normalised rectangle (u0, v0)-(u1, v1), tinted by
    /// `color` (times ``opacity``).
    public mutating func deviceTexturedQuad(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                            u0: Double, v0: Double, u1: Double, v1: Double, color: Color) {
        let c = bytes(color)
        let first = Int32(vertices.count)
        appendVertex(p0, c, u: Float(u0), v: Float(v0))
        appendVertex(p1, c, u: Float(u1), v: Float(v0))
        appendVertex(p2, c, u: Float(u1), v: Float(v1))
        appendVertex(p3, c, u: Float(u0), v: Float(v1))
        indices.append(first); indices.append(first + 1); indices.append(first + 2)
        indices.append(first); indices.append(first + 2); indices.append(first + 3)
    }

    // MARK: Paths

    /// Fills each closed subpath of `path` (ear clipping; self-intersecting input fills what it can).
    public mutating func fillPath(_ path: Path, color: Color) {
        let c = bytes(color)
        var polygons: [[Point]] = []
        flatten(path) { points, _ in polygons.append(points) }
        for var poly in polygons {
            if let f = poly.first, let l = poly.last, distanceSquared(f, l) < 1e-9 { poly.removeLast() }
            guard poly.count >= 3 else { continue }
            let first = Int32(vertices.count)
            for p in poly { appendVertex(p, c) }
            earClip(poly, first: first)
        }
    }

    /// Strokes every segment of `path`, `lineWidth` units wide.
    public mutating func strokePath(_ path: Path, lineWidth: Double, color: Color) {
        let w = lineWidth * deviceScale
        var subpaths: [([Point], Bool)] = []
        flatten(path) { points, closed in subpaths.append((points, closed)) }
        for (points, closed) in subpaths {
            for k in 1..<points.count { deviceLine(from: points[k - 1], to: points[k], width: w, color) }
            if closed, let f = points.first, let l = points.last { deviceLine(from: l, to: f, width: w, color) }
        }
    }

    // MARK: Outlines

    /// The outline of a rounded rectangle in device pixels, clockwise on screen. Square corners
    /// repeat their point `segments + 1` times so that two outlines made with the same segment
    /// count pair up point for point (rings need that); the repeats are skipped when filling and
    /// when computing joins.
    static func roundedRectOutline(_ r: Rect, radius: Double, transform: AffineTransform, segments: Int,
                                   into points: inout [Point]) {
        points.removeAll(keepingCapacity: true)
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        let segs = segments
        // Corners clockwise on screen from the top left; each arc turns a quarter from `start`.
        for corner in 0..<4 {
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            if segs == 0 || rad <= 0 {
                let p = transform.apply(to: Point(x: right ? r.maxX : r.minX, y: bottom ? r.maxY : r.minY))
                for _ in 0...segs { points.append(p) }
                continue
            }
            let cx = right ? r.maxX - rad : r.minX + rad, cy = bottom ? r.maxY - rad : r.minY + rad
            let start = Double.pi + Double(corner) * (.pi / 2)
            for k in 0...segs {
                let a = start + Double(k) / Double(segs) * (.pi / 2)
                points.append(transform.apply(to: Point(x: cx + rad * cos(a), y: cy + rad * sin(a))))
            }
        }
    }

    /// Segments per quarter circle of `radius` units: enough that the chord error stays under a
    /// tenth of a pixel, at most 24.
    func cornerSegments(_ radius: Double) -> Int {
        Self.cornerSegments(radius, deviceScale: deviceScale)
    }

    static func cornerSegments(_ radius: Double, deviceScale: Double) -> Int {
        let r = radius * deviceScale
        if !(r >= 0.75) { return 0 }
        let n = (r.squareRoot() * 1.4).rounded(.up)
        return n.isFinite ? min(24, max(2, Int(min(n, 24)))) : 24
    }

    static func ellipseOutline(_ r: Rect, transform: AffineTransform, count fixed: Int? = nil, into points: inout [Point]) {
        points.removeAll(keepingCapacity: true)
        let rx = max(0, r.width / 2), ry = max(0, r.height / 2)
        let deviceScale = (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
        let estimate = ((max(rx, ry) * deviceScale).squareRoot() * 6).rounded(.down)
        let n = fixed ?? (estimate.isFinite ? min(160, max(12, Int(min(estimate, 160)))) : 160)
        for k in 0..<n {
            let a = Double(k) / Double(n) * 2 * .pi
            points.append(transform.apply(to: Point(x: r.midX + rx * cos(a), y: r.midY + ry * sin(a))))
        }
    }

    // MARK: Triangles

    /// Fills a convex polygon given in device pixels, with a one-pixel antialiased rim.
    mutating func fillConvex(_ poly: [Point], _ color: Color, alphaScale: Double = 1) {
        // Drop repeated points; normals of zero-length edges are undefined.
        scratch.removeAll(keepingCapacity: true)
        for k in poly.indices {
            if let last = scratch.last, distanceSquared(poly[last], poly[k]) < 1e-6 { continue }
            scratch.append(k)
        }
        while scratch.count > 1, distanceSquared(poly[scratch[0]], poly[scratch[scratch.count - 1]]) < 1e-6 { scratch.removeLast() }
        let n = scratch.count
        guard n >= 3 else { return }
        let orientation: Double = signedArea(poly) >= 0 ? 1 : -1
        let solid = bytes(color, alpha: alphaScale)
        var clear = solid; clear.a = 0
        let first = Int32(vertices.count)
        for k in 0..<n {
            let p = poly[scratch[k]]
            let prev = poly[scratch[(k + n - 1) % n]], next = poly[scratch[(k + 1) % n]]
            let m = Self.miter(prev, p, next, orientation: orientation)
            appendVertex(Point(x: p.x - 0.5 * m.x, y: p.y - 0.5 * m.y), solid)
            appendVertex(Point(x: p.x + 0.5 * m.x, y: p.y + 0.5 * m.y), clear)
        }
        // Interior fan over the inner ring, then the rim between the rings.
        for k in 1..<(n - 1) {
            indices.append(first); indices.append(first + Int32(2 * k)); indices.append(first + Int32(2 * (k + 1)))
        }
        for k in 0..<n {
            let a0 = first + Int32(2 * k), b0 = a0 + 1
            let a1 = first + Int32(2 * ((k + 1) % n)), b1 = a1 + 1
            indices.append(a0); indices.append(b0); indices.append(b1)
            indices.append(a0); indices.append(b1); indices.append(a1)
        }
    }

    /// Fills the band between `outline` (outer) and `inner`, which have matching point counts,
    /// antialiasing both edges.
    mutating func strokeRing(_ color: Color) {
        let n = min(outline.count, inner.count)
        guard n >= 3 else { return }
        let orientation: Double = signedArea(outline) >= 0 ? 1 : -1
        let solid = bytes(color)
        var clear = solid; clear.a = 0
        let first = Int32(vertices.count)
        // Four rings interleaved per point: outer rim, outer solid, inner solid, inner rim.
        for k in 0..<n {
            let o = outline[k], i = inner[k]
            let mo = Self.miter(in: outline, at: k, count: n, orientation: orientation)
            let mi = Self.miter(in: inner, at: k, count: n, orientation: orientation)
            appendVertex(Point(x: o.x + 0.5 * mo.x, y: o.y + 0.5 * mo.y), clear)
            appendVertex(Point(x: o.x - 0.5 * mo.x, y: o.y - 0.5 * mo.y), solid)
            appendVertex(Point(x: i.x + 0.5 * mi.x, y: i.y + 0.5 * mi.y), solid)
            appendVertex(Point(x: i.x - 0.5 * mi.x, y: i.y - 0.5 * mi.y), clear)
        }
        for k in 0..<n {
            let a = first + Int32(4 * k), b = first + Int32(4 * ((k + 1) % n))
            for ring in 0..<3 {
                let p0 = a + Int32(ring), p1 = a + Int32(ring + 1), q0 = b + Int32(ring), q1 = b + Int32(ring + 1)
                indices.append(p0); indices.append(p1); indices.append(q1)
                indices.append(p0); indices.append(q1); indices.append(q0)
            }
        }
    }

    /// A straight segment between device points, `width` pixels wide (thinner lines are drawn one
    /// pixel wide and proportionally fainter).
    mutating func deviceLine(from a: Point, to b: Point, width: Double, _ color: Color) {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1e-9 else { return }
        let w = max(width, 1), fade = min(1, width)
        let nx = -dy / len * w / 2, ny = dx / len * w / 2
        outline.removeAll(keepingCapacity: true)
        outline.append(Point(x: a.x + nx, y: a.y + ny)); outline.append(Point(x: b.x + nx, y: b.y + ny))
        outline.append(Point(x: b.x - nx, y: b.y - ny)); outline.append(Point(x: a.x - nx, y: a.y - ny))
        fillConvex(outline, color, alphaScale: fade)
    }

    /// Flattens a path into subpaths of device points (curves as 16-segment polylines).
    func flatten(_ path: Path, _ body: ([Point], Bool) -> Void) {
        var sub: [Point] = []
        var closed = false
        func emit() { if sub.count >= 2 { body(sub, closed) }; sub.removeAll(keepingCapacity: true); closed = false }
        var current = Point.zero, start = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p):
                emit(); current = p; start = p; sub.append(transform.apply(to: p))
            case .line(let p):
                if sub.isEmpty { sub.append(transform.apply(to: current)) }
                current = p; sub.append(transform.apply(to: p))
            case .curve(let c1, let c2, let p):
                if sub.isEmpty { sub.append(transform.apply(to: current)) }
                let p0 = current
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    let x = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    sub.append(transform.apply(to: Point(x: x, y: y)))
                }
                current = p
            case .close:
                closed = true; current = start; emit()
            }
        }
        emit()
    }

    /// Triangulates a simple polygon by ear clipping. - Complexity: O(n²).
    mutating func earClip(_ poly: [Point], first: Int32) {
        var remaining = Array(poly.indices)
        let orientation = signedArea(poly) >= 0 ? 1.0 : -1.0
        var guardCount = 0
        while remaining.count > 3, guardCount < poly.count * poly.count {
            guardCount += 1
            var clipped = false
            for k in remaining.indices {
                let i0 = remaining[(k + remaining.count - 1) % remaining.count], i1 = remaining[k]
                let i2 = remaining[(k + 1) % remaining.count]
                let a = poly[i0], b = poly[i1], c = poly[i2]
                let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
                if cross * orientation <= 0 { continue }                  // reflex corner
                var containsOther = false
                for j in remaining where j != i0 && j != i1 && j != i2 {
                    if Self.pointInTriangle(poly[j], a, b, c) { containsOther = true; break }
                }
                if containsOther { continue }
                indices.append(first + Int32(i0)); indices.append(first + Int32(i1)); indices.append(first + Int32(i2))
                remaining.remove(at: k)
                clipped = true
                break
            }
            if !clipped { break }   // self-intersecting input: fill what was clipped
        }
        if remaining.count == 3 {
            for i in remaining { indices.append(first + Int32(i)) }
        }
    }

    // MARK: Clipping for fixed-point rasterisers

    /// The mesh with every triangle clipped to `bounds` and split until no triangle spans more
    /// than `maxExtent` pixels on either axis, written into `vertices` and `indices` (replacing
    /// their contents). Clipping works on the exact (double) positions, not the float ones the
    /// mesh hands a GPU, so a shape a billion pixels across still has the right edges inside
    /// `bounds`. Colours and texture coordinates are interpolated linearly, which is what a
    /// rasteriser does inside a triangle, so the result draws the same pixels inside `bounds`.
    ///
    /// For rasterisers with 32-bit fixed-point edge functions (SDL's software renderer), where a
    /// triangle thousands of pixels across overflows. Clipping is Sutherland-Hodgman against the
    /// four sides; a triangle entirely outside is dropped.
    ///
    /// - Complexity: O(triangles); at most a few new vertices per clipped triangle.
    public mutating func clipped(to bounds: Rect, maxExtent: Double, vertices out: inout [MeshVertex], indices outIndices: inout [Int32]) {
        out.removeAll(keepingCapacity: true)
        outIndices.removeAll(keepingCapacity: true)
        let x0 = bounds.minX, x1 = bounds.maxX, y0 = bounds.minY, y1 = bounds.maxY
        // Kept between calls: a steady frame that clips (text at a scroll view's edge) allocates nothing.
        var polygon = clipPolygon, next = clipNext
        clipPolygon = []; clipNext = []
        defer { clipPolygon = polygon; clipNext = next }
        for k in stride(from: 0, to: indices.count - 2, by: 3) {
            let ia = Int(indices[k]), ib = Int(indices[k + 1]), ic = Int(indices[k + 2])
            // Bounded so that differences and products of positions stay finite while clipping.
            let pa = Self.bounded(positions[ia]), pb = Self.bounded(positions[ib]), pc = Self.bounded(positions[ic])
            let minX = min(pa.x, pb.x, pc.x), maxX = max(pa.x, pb.x, pc.x), minY = min(pa.y, pb.y, pc.y), maxY = max(pa.y, pb.y, pc.y)
            guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { continue }
            if maxX < x0 || minX > x1 || maxY < y0 || minY > y1 { continue }
            if minX >= x0, maxX <= x1, minY >= y0, maxY <= y1, maxX - minX <= maxExtent, maxY - minY <= maxExtent {
                // Inside already, and small: as it is.
                let first = Int32(out.count)
                out.append(vertices[ia]); out.append(vertices[ib]); out.append(vertices[ic])
                outIndices.append(first); outIndices.append(first + 1); outIndices.append(first + 2)
                continue
            }
            polygon.removeAll(keepingCapacity: true)
            polygon.append(ClipVertex(pa, vertices[ia])); polygon.append(ClipVertex(pb, vertices[ib])); polygon.append(ClipVertex(pc, vertices[ic]))
            for side in 0..<4 {
                next.removeAll(keepingCapacity: true)
                for i in polygon.indices {
                    let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                    let dp = p.distance(inside: side, x0, x1, y0, y1), dq = q.distance(inside: side, x0, x1, y0, y1)
                    if dp >= 0 { next.append(p) }
                    if (dp >= 0) != (dq >= 0) { next.append(p.mixed(with: q, dp / (dp - dq))) }
                }
                swap(&polygon, &next)
                if polygon.count < 3 { break }
            }
            guard polygon.count >= 3 else { continue }
            for i in 1..<(polygon.count - 1) {
                Self.emit(polygon[0], polygon[i], polygon[i + 1], maxExtent: maxExtent, into: &out, &outIndices)
            }
        }
    }

    /// `p` with each coordinate within ±1e12 pixels (NaN becomes 0): far beyond any target, near
    /// enough that clipping arithmetic cannot overflow.
    private static func bounded(_ p: Point) -> Point {
        func bound(_ v: Double) -> Double { v.isNaN ? 0 : max(-1e12, min(1e12, v)) }
        return Point(x: bound(p.x), y: bound(p.y))
    }

    /// A vertex being clipped: exact position, colour and texture coordinates as doubles.
    private struct ClipVertex {
        var x: Double, y: Double, r: Double, g: Double, b: Double, a: Double, u: Double, v: Double

        init(_ p: Point, _ m: MeshVertex) {
            x = p.x; y = p.y; r = Double(m.r); g = Double(m.g); b = Double(m.b); a = Double(m.a); u = Double(m.u); v = Double(m.v)
        }
        init(x: Double, y: Double, r: Double, g: Double, b: Double, a: Double, u: Double, v: Double) {
            self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
        }

        /// Signed distance inside clip side `side` (0 left, 1 right, 2 top, 3 bottom).
        func distance(inside side: Int, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> Double {
            switch side {
            case 0: x - x0
            case 1: x1 - x
            case 2: y - y0
            default: y1 - y
            }
        }

        /// The vertex a fraction `t` of the way to `q`.
        func mixed(with q: ClipVertex, _ t: Double) -> ClipVertex {
            ClipVertex(x: x + (q.x - x) * t, y: y + (q.y - y) * t, r: r + (q.r - r) * t, g: g + (q.g - g) * t,
                       b: b + (q.b - b) * t, a: a + (q.a - a) * t, u: u + (q.u - u) * t, v: v + (q.v - v) * t)
        }

        var mesh: MeshVertex {
            func byte(_ c: Double) -> UInt8 { UInt8(max(0, min(255, c.rounded()))) }
            return MeshVertex(x: Float(x), y: Float(y), r: byte(r), g: byte(g), b: byte(b), a: byte(a), u: Float(u), v: Float(v))
        }
    }

    /// Appends a triangle, halving its longest edge until it spans at most `maxExtent`.
    private static func emit(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, maxExtent: Double,
                             into out: inout [MeshVertex], _ outIndices: inout [Int32], depth: Int = 0) {
        let spanX = max(a.x, b.x, c.x) - min(a.x, b.x, c.x), spanY = max(a.y, b.y, c.y) - min(a.y, b.y, c.y)
        guard spanX.isFinite, spanY.isFinite else { return }
        // Clipped triangles span at most the bounds, so a few halvings suffice; the depth limit
        // only bounds the work for a caller with bounds far larger than `maxExtent`.
        if (spanX > maxExtent || spanY > maxExtent) && depth < 16 {
            func length(_ p: ClipVertex, _ q: ClipVertex) -> Double { (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) }
            let ab = length(a, b), bc = length(b, c), ca = length(c, a)
            if ab >= bc && ab >= ca {
                let m = a.mixed(with: b, 0.5)
                emit(a, m, c, maxExtent: maxExtent, into: &out, &outIndices, depth: depth + 1)
                emit(m, b, c, maxExtent: maxExtent, into: &out, &outIndices, depth: depth + 1)
            } else if bc >= ca {
                let m = b.mixed(with: c, 0.5)
                emit(a, b, m, maxExtent: maxExtent, into: &out, &outIndices, depth: depth + 1)
                emit(a, m, c, maxExtent: maxExtent, into: &out, &outIndices, depth: depth + 1)
            } else {
                let m = c.mixed(with: a, 0.5)
                emit(a, b, m, maxExtent: maxExtent, into: &out, &outIndices, depth: depth + 1)
                emit(m, b, c, maxExtent: maxExtent, into: &out, &outIndices, depth: depth + 1)
            }
            return
        }
        let first = Int32(out.count)
        out.append(a.mesh); out.append(b.mesh); out.append(c.mesh)
        outIndices.append(first); outIndices.append(first + 1); outIndices.append(first + 2)
    }

    // MARK: Joins and helpers

    /// The offset direction at point `k` of a closed ring of `count` points, between the nearest
    /// distinct neighbours on each side: repeated points (a square corner's copies) are skipped,
    /// so a zero-length edge never decides the join.
    static func miter(in ring: [Point], at k: Int, count n: Int, orientation: Double) -> Point {
        let p = ring[k]
        var prev = ring[(k + n - 1) % n], next = ring[(k + 1) % n]
        var step = 1
        while step < n, distanceSquared(prev, p) < 1e-12 { step += 1; prev = ring[(k + n - step) % n] }
        step = 1
        while step < n, distanceSquared(next, p) < 1e-12 { step += 1; next = ring[(k + step) % n] }
        return miter(prev, p, next, orientation: orientation)
    }

    /// The outward offset direction at `p`, scaled so that offsetting by it moves both adjacent
    /// edges by one unit (a miter, limited to 4 units at sharp corners). A zero-length edge on one
    /// side leaves the other edge's normal.
    static func miter(_ prev: Point, _ p: Point, _ next: Point, orientation: Double) -> Point {
        let n0 = edgeNormal(prev, p, orientation), n1 = edgeNormal(p, next, orientation)
        if n0 == .zero { return n1 }
        if n1 == .zero { return n0 }
        var mx = n0.x + n1.x, my = n0.y + n1.y
        let len2 = mx * mx + my * my
        if len2 < 1e-12 { return n1 }
        let dotp = (mx * n1.x + my * n1.y) / len2.squareRoot()
        let scale = 1 / max(dotp, 0.25) / len2.squareRoot()
        mx *= scale; my *= scale
        return Point(x: mx, y: my)
    }

    static func edgeNormal(_ a: Point, _ b: Point, _ orientation: Double) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return .zero }
        // For a positive (clockwise on screen, y down) polygon the outward normal is (dy, -dx).
        return Point(x: orientation * dy / len, y: -orientation * dx / len)
    }

    static func pointInTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let d1 = side(a, b, p), d2 = side(b, c, p), d3 = side(c, a, p)
        let neg = d1 < 0 || d2 < 0 || d3 < 0, pos = d1 > 0 || d2 > 0 || d3 > 0
        return !(neg && pos)
    }

    func signedArea(_ poly: [Point]) -> Double {
        var s = 0.0
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    private struct RGBA { var r: UInt8, g: UInt8, b: UInt8, a: UInt8 }

    private func bytes(_ c: Color, alpha: Double = 1) -> RGBA {
        RGBA(r: Self.byte(c.red), g: Self.byte(c.green), b: Self.byte(c.blue), a: Self.byte(c.alpha * opacity * alpha))
    }

    /// A channel in 0...1 as a byte, rounded; NaN and out-of-range values clamp.
    static func byte(_ v: Double) -> UInt8 {
        let x = (v * 255).rounded()
        return x >= 255 ? 255 : (x > 0 ? UInt8(x) : 0)
    }

    @inline(__always)
    private mutating func appendVertex(_ p: Point, _ c: RGBA, u: Float = 0, v: Float = 0) {
        // Clamped so that infinite or NaN geometry lands far off screen instead of reaching a
        // rasteriser (NaN fails both comparisons and becomes the upper bound).
        let x = Float(max(-1e7, min(1e7, p.x))), y = Float(max(-1e7, min(1e7, p.y)))
        positions.append(p)
        vertices.append(MeshVertex(x: x, y: y, r: c.r, g: c.g, b: c.b, a: c.a, u: u, v: v))
    }
}

@inline(__always) func distanceSquared(_ a: Point, _ b: Point) -> Double {
    (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
}
