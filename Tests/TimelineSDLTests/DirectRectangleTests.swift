import Geometry
import Layers
import RenderModel
@testable import TimelineSDL
import Testing

/// LT11: an opaque rectangle on the pixel grid's axes, filled straight into the image renderer's
/// pixels for one paint, is laid from its rows (`RectangleRows`) with no coverage buffer. The
/// pixels must be those the rasteriser's coverage gives: checked against the same rectangle
/// drawn with an extra point on its top side, which takes the general rasteriser and the
/// opaque loop over its coverage, over rectangles at fractional places and sizes, under scales
/// either way and clips, by both rules, over a background of shapes already drawn.
@MainActor
@Suite("LT11 opaque rectangles laid from their rows")
struct DirectRectangleTests {
    static let size = (width: 96, height: 72)

    /// The rectangle from (x0, y0) to (x1, y1) as four lines, or five with a point on its top
    /// side (which no longer reads as a rectangle).
    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, midpoint: Bool) -> Path {
        var p = Path()
        p.move(to: Point(x: x0, y: y0))
        if midpoint { p.addLine(to: Point(x: (x0 + x1) / 2, y: y0)) }
        p.addLine(to: Point(x: x1, y: y0)); p.addLine(to: Point(x: x1, y: y1)); p.addLine(to: Point(x: x0, y: y1))
        p.close()
        return p
    }

    @Test("LT11 a rectangle laid from its rows gives the pixels of its rasterised coverage, bit for bit")
    func LT11_rowsMatchCoverage() throws {
        var g = SplitMix(seed: 67)
        func value(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(g.next() % 4096) / 4096 * (range.upperBound - range.lowerBound)
        }
        var laidFromRows = 0
        for round in 0..<300 {
            let x0 = value(-10...90), y0 = value(-10...70)
            let x1 = x0 + value(-30...30), y1 = y0 + value(-30...30)
            guard abs(x1 - x0) > 0.01, abs(y1 - y0) > 0.01 else { continue }
            let scale = [1.0, 2, 0.5, -1, 1.75][Int(g.next() % 5)]
            let sy = g.next() % 2 == 0 ? scale : -scale
            // Centred near the target's middle, so that most land in it.
            let transform = AffineTransform(a: scale, b: 0, c: 0, d: sy, tx: 48 - scale * (x0 + x1) / 2 + value(-8...8),
                                            ty: 36 - sy * (y0 + y1) / 2 + value(-8...8))
            let clip: Rect? = g.next() % 4 == 0 ? Rect(x: value(-20...20), y: value(-20...20), width: value(20...60), height: value(20...60)) : nil
            let rule: FillRule = g.next() % 2 == 0 ? .nonZero : .evenOdd
            let colour = Color(red: value(0...1), green: value(0...1), blue: value(0...1), alpha: 1)
            var images: [[UInt8]] = []
            var regions: [(width: Int, height: Int, shapes: Int)] = []
            for midpoint in [false, true] {
                let renderer = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
                var list = DisplayList()
                list.size = Size(width: Double(Self.size.width), height: Double(Self.size.height))
                list.background = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
                // Something beneath: a translucent triangle the edges blend over.
                list.commands.append(.fillShape(.polygon([Point(x: 0, y: 0), Point(x: 96, y: 10), Point(x: 20, y: 72)]),
                                                .color(Color(red: 1, green: 0.8, blue: 0, alpha: 0.6)), .nonZero))
                var state = GroupState(transform: transform, opacity: 1, clip: clip, clipCornerRadius: 0, name: "r")
                state.bounds = .null
                list.commands.append(.beginGroup(state))
                list.commands.append(.fillShape(Self.rectangle(x0, y0, x1, y1, midpoint: midpoint), .color(colour), rule))
                list.commands.append(.endGroup)
                renderer.render(list)
                // Laid from its rows, the rectangle leaves the rasteriser as the triangle left it
                // (the whole target); rasterised, it leaves its own region there.
                regions.append((renderer.painter.shapes.width, renderer.painter.shapes.height, renderer.painter.lastDirectShapeCount))
                images.append(renderer.image().bytes)
            }
            // Counted when the rectangle is drawn (the rasterised one is then the second shape)
            // and went straight in.
            if regions[1].shapes == 2, regions[0].shapes == 2, regions[0].width == Self.size.width,
               regions[0].height == Self.size.height, regions[1].width * regions[1].height < Self.size.width * Self.size.height {
                laidFromRows += 1
            }
            #expect(images[0] == images[1], "round \(round): \(x0), \(y0) to \(x1), \(y1) under \(transform), clip \(String(describing: clip)), \(rule)")
        }
        #expect(laidFromRows > 200, "laid from rows in \(laidFromRows) of 300 rounds")
    }

    @Test("LT11 a still opaque rectangle is laid from its rows at every paint, no coverage kept for it, as a fresh renderer draws it")
    func LT11_stillRectangleIsNotKept() throws {
        let renderer = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
        for f in 0..<6 {
            var list = DisplayList()
            list.size = Size(width: Double(Self.size.width), height: Double(Self.size.height))
            list.background = .clear
            // A still opaque rectangle at fractional edges, and a still triangle beside it,
            // painted whole each time (no damage is given).
            list.commands.append(.fillShape(Path(rect: Rect(x: 10.25, y: 8.5, width: 40.5, height: 30.75)),
                                            .color(Color(red: 0, green: 0.4, blue: 1, alpha: 1)), .nonZero))
            list.commands.append(.fillShape(.polygon([Point(x: 60, y: 10), Point(x: 90, y: 60), Point(x: 55, y: 50)]),
                                            .color(Color(red: 1, green: 0.2, blue: 0, alpha: 1)), .nonZero))
            renderer.render(list)
            let fresh = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
            fresh.render(list)
            #expect(renderer.image().bytes == fresh.image().bytes, "paint \(f)")
            #expect(renderer.painter.lastDirectShapeCount == 2, "paint \(f): \(renderer.painter.lastDirectShapeCount) shapes went straight in")
            // The triangle is kept from its second paint and laid from its third; the
            // rectangle never is.
            #expect(renderer.painter.keptCoverage.count == (f == 0 ? 0 : 1), "paint \(f): \(renderer.painter.keptCoverage.count) shapes kept")
            #expect(renderer.painter.lastKeptCoverageUses == (f < 2 ? 0 : 1), "paint \(f): kept coverage laid \(renderer.painter.lastKeptCoverageUses) times")
        }
    }

    @Test("LT11 a rectangle that is not opaque, or not on the axes, is rasterised as before")
    func LT11_otherRectanglesAreRasterised() throws {
        let painterOf = { (paint: Paint, transform: AffineTransform) throws -> DisplayListPainter in
            let renderer = try ImageRenderer(pixelWidth: 64, pixelHeight: 64)
            var list = DisplayList()
            list.size = Size(width: 64, height: 64)
            list.background = .white
            list.commands = [.beginGroup(GroupState(transform: transform, opacity: 1, clip: nil, clipCornerRadius: 0, name: "r")),
                             .fillShape(Path(rect: Rect(x: 10.5, y: 10.25, width: 30, height: 20)), paint, .nonZero), .endGroup]
            renderer.render(list)
            return renderer.painter
        }
        let turned = AffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 20, ty: 0)
        #expect(try painterOf(.color(Color(red: 1, green: 0, blue: 0, alpha: 1)), .identity).shapes.width == 0)
        #expect(try painterOf(.color(Color(red: 1, green: 0, blue: 0, alpha: 0.5)), .identity).shapes.width > 0)
        #expect(try painterOf(.color(Color(red: 1, green: 0, blue: 0, alpha: 1)), turned).shapes.width > 0)
    }
}
