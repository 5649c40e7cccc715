import Geometry
import RenderModel
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Tessellation needs no SDL: these tests read the mesh directly.
@Suite("D2 tessellation (no SDL)")
struct TessellatorTests {
    /// The triangles' total signed area over solid (fully covered) parts, by vertex alpha: the
    /// antialiasing rim is half a pixel outside and half inside the exact edge, so for a convex
    /// shape the area weighted by alpha is the shape's area to within the rim's rounding.
    func coveredArea(_ t: Tessellator) -> Double {
        var area = 0.0
        let v = t.vertices
        for k in stride(from: 0, to: t.indices.count, by: 3) {
            let a = v[Int(t.indices[k])], b = v[Int(t.indices[k + 1])], c = v[Int(t.indices[k + 2])]
            let cross = Double((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
            let alpha = (Double(a.a) + Double(b.a) + Double(c.a)) / (3 * 255)
            area += abs(cross) * alpha
        }
        return area
    }

    @Test("D2: a filled rectangle covers its area, with an antialiasing rim straddling the edge")
    func D2_fillRectArea() {
        var t = Tessellator()
        t.fillRoundedRect(Rect(x: 10, y: 10, width: 40, height: 20), radius: 0, color: Color(red: 1, green: 0, blue: 0))
        #expect(t.triangleCount == 2 + 8)                        // interior fan of 4 points, rim of 4 quads
        #expect(abs(coveredArea(t) - 800) < 1)
        let xs = t.vertices.map(\.x)
        #expect(xs.min() == 9.5 && xs.max() == 50.5)             // half a pixel out, half in
    }

    @Test("D2: a rounded rectangle's covered area is the rectangle less its corners")
    func D2_roundedRectArea() {
        var t = Tessellator()
        t.fillRoundedRect(Rect(x: 0, y: 0, width: 100, height: 60), radius: 20, color: Color(red: 0, green: 0, blue: 1))
        let exact = 100.0 * 60 - (4 - Double.pi) * 400
        #expect(abs(coveredArea(t) - exact) / exact < 0.01)
    }

    @Test("D2: transforms apply before tessellation: a 2x scale quadruples the area")
    func D2_transformScales() {
        var t = Tessellator()
        t.transform = AffineTransform(scaleX: 2, y: 2)
        t.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, color: Color(red: 0, green: 1, blue: 0))
        #expect(abs(coveredArea(t) - 400) < 1)
    }

    @Test("D2: opacity multiplies vertex alpha; colours are straight alpha bytes")
    func D2_opacity() {
        var t = Tessellator()
        t.opacity = 0.5
        t.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        let solid = t.vertices.filter { $0.a > 0 }
        #expect(!solid.isEmpty && solid.allSatisfy { $0.r == 255 && $0.g == 128 && $0.b == 0 && $0.a == 128 })
    }

    @Test("D2: a border ring's joins skip the repeated points of square corners (no smeared inner edge)")
    func D2_ringJoinsSkipZeroLengthEdges() {
        var t = Tessellator()
        t.transform = AffineTransform(rotationAngle: 0.3)
        // Outer radius 3 below the width 4: the inner edge has square corners, each a point
        // repeated once per segment of the outer arc.
        t.strokeInside(Rect(x: 0, y: 0, width: 50, height: 30), outerRadius: 3, lineWidth: 4, color: Color(red: 0, green: 0, blue: 0))
        // The inner rim's transparent vertices lie half a pixel inside the hole (4...46 x 4...26),
        // corners included. With a zero-length edge deciding the join, a corner's copies sat on
        // the edge line instead and smeared the edge's ramp along it.
        let inverse = AffineTransform(rotationAngle: 0.3).inverted()!
        var innerRim = 0
        for v in t.vertices where v.a == 0 {
            let p = inverse.apply(to: Point(x: Double(v.x), y: Double(v.y)))
            guard p.x > 2, p.x < 48, p.y > 2, p.y < 28 else { continue }     // the outer rim
            innerRim += 1
            #expect(p.x > 4.4 && p.x < 45.6 && p.y > 4.4 && p.y < 25.6, "inner rim vertex at \(p)")
        }
        #expect(innerRim > 4)
    }

    @Test("D2: non-finite geometry is clamped, never passed on as NaN or infinity")
    func D2_runawayGeometry() {
        var t = Tessellator()
        t.fillRoundedRect(Rect(x: 0, y: 0, width: .infinity, height: 10), radius: 3, color: Color(red: 1, green: 1, blue: 1))
        t.fillEllipse(Rect(x: .nan, y: 0, width: 10, height: 10), color: Color(red: 1, green: 1, blue: 1))
        #expect(t.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test("D2: paths fill by ear clipping and stroke per segment")
    func D2_paths() {
        var t = Tessellator()
        t.fillPath(.polygon([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 5, y: 4), Point(x: 0, y: 10)]),
                   color: Color(red: 1, green: 0, blue: 0))
        #expect(t.triangleCount == 3)                           // a concave pentagon: three ears
        t.removeAll()
        t.strokePath(.polygon([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]), lineWidth: 2,
                     color: Color(red: 1, green: 0, blue: 0))
        #expect(t.triangleCount == 3 * 10)                      // three segments, each a quad with its rim
    }

    @Test("D2/Z1: clipping for fixed-point rasterisers keeps what lies inside and splits what is too wide")
    func D2_clippedToBoundsAndSplit() {
        var t = Tessellator()
        // A rectangle a million pixels wide, rotated a little: its triangles are enormous.
        t.transform = AffineTransform(rotationAngle: 0.05).concatenating(AffineTransform(translationX: 50, y: 40))
        t.fillRoundedRect(Rect(x: -500_000, y: -10, width: 1_000_000, height: 20), radius: 0, color: Color(red: 1, green: 0, blue: 0))
        let bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        var vertices: [MeshVertex] = [], indices: [Int32] = []
        t.clipped(to: bounds, maxExtent: 32, vertices: &vertices, indices: &indices)
        #expect(!indices.isEmpty)
        for k in stride(from: 0, to: indices.count, by: 3) {
            let tri = (0..<3).map { vertices[Int(indices[k + $0])] }
            #expect(tri.allSatisfy { $0.x >= -0.5 && $0.x <= 100.5 && $0.y >= -0.5 && $0.y <= 80.5 })   // Float positions
            #expect(tri.map(\.x).max()! - tri.map(\.x).min()! <= 32.001)
            #expect(tri.map(\.y).max()! - tri.map(\.y).min()! <= 32.001)
        }
        // The clipped band still covers the band's area inside the bounds: 100 wide (tilted), 20 tall.
        var area = 0.0
        for k in stride(from: 0, to: indices.count, by: 3) {
            let a = vertices[Int(indices[k])], b = vertices[Int(indices[k + 1])], c = vertices[Int(indices[k + 2])]
            area += abs(Double((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))) / 2 * Double(a.a) / 255
        }
        #expect(abs(area - 100 * 20 / cos(0.05)) < 60, "\(area)")
        // A mesh that already fits goes through unchanged.
        var small = Tessellator()
        small.fillRoundedRect(Rect(x: 10, y: 10, width: 20, height: 20), radius: 4, color: Color(red: 0, green: 1, blue: 0))
        small.clipped(to: bounds, maxExtent: 32, vertices: &vertices, indices: &indices)
        #expect(indices.count == small.indices.count)
    }
}
