import Geometry
@testable import TimelineSDL
import Testing
@testable import Timeline

/// CA10: a layer's `compositingFilter` blends the layer, flattened with its sublayers, with
/// what is beneath it (Core Animation's blend-mode filters, W3C's formulas), on both of the
/// software painter's offscreen paths.
@MainActor
@Suite("CA10 compositing filters")
struct BlendModeRenderTests {
    static let backdrop = Color(red: 0.8, green: 0.4, blue: 0.2)
    static let first = Color(red: 0.2, green: 0.6, blue: 1.0), second = Color(red: 0.4, green: 0.2, blue: 0.6)

    /// A 100 x 100 backdrop under a layer with `filter` holding two overlapping squares
    /// (x 10...60 and 40...90); with `border`, the layer also draws a border, which sends the
    /// group through an SDL target rather than a buffer in memory.
    func draw(_ filter: BlendMode?, border: Bool) throws -> (Int, Int) -> [Int] {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = Self.backdrop
        let group = Layer()
        group.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        group.compositingFilter = filter
        if border { group.borderWidth = 2; group.borderColor = Self.first }
        for (x, color) in [(10.0, Self.first), (40.0, Self.second)] {
            let square = Layer()
            square.frame = Rect(x: x, y: 20, width: 50, height: 60)
            square.backgroundColor = color
            group.addSublayer(square)
        }
        root.addSublayer(group)
        let i = try renderedLayerTree(root).image()
        return { x, y in (0..<4).map { Int(i.bytes[(y * 100 + x) * 4 + $0]) } }
    }

    /// W3C's multiply of two opaque colours, as bytes.
    func multiply(_ a: Color, _ b: Color) -> [Int] {
        [a.red * b.red, a.green * b.green, a.blue * b.blue].map { Int(($0 * 255).rounded()) } + [255]
    }

    func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 1 } }

    @Test("CA10: a multiply compositing filter multiplies the layer's flattened group into the backdrop, in memory or through a target",
          arguments: [false, true])
    func CA10_multiplyFilter(border: Bool) throws {
        let pixel = try draw(.multiply, border: border)
        #expect(near(pixel(20, 50), multiply(Self.backdrop, Self.first)), "first square: \(pixel(20, 50))")
        // Where the squares overlap the group shows the upper one, multiplied once (not the
        // two multiplied in turn, as blending each sublayer on its own would give).
        #expect(near(pixel(50, 50), multiply(Self.backdrop, Self.second)), "overlap: \(pixel(50, 50))")
        #expect(pixel(50, 90) == [204, 102, 51, 255], "outside the squares the backdrop is unchanged")
        let normal = try draw(nil, border: border)
        #expect(near(normal(50, 50), [102, 51, 153, 255]), "without a filter the square covers the backdrop")
    }
}
