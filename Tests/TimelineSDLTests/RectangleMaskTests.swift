import CSDL2
import Geometry
import Layers
import RenderModel
@testable import TimelineSDL
import Testing

/// LT11: a path mask that is one rectangle on the pixel grid's axes, added to nothing, has its
/// coverage bytes read from the rectangle's rows rather than rasterised, joined into a total and
/// converted. They must be the bytes the general path gives: checked against the same rectangle
/// with an extra point on its top side (which the rasteriser takes through its edges, not its
/// rows), over rectangles at fractional places and sizes, under scales either way, in regions
/// that cut them or hold them, at opacities from none to past whole, NaN included.
@MainActor
@Suite("LT11 rectangular masks read from their rows")
struct RectangleMaskTests {
    @Test("LT11 a rectangular mask's bytes from its rows are the combined coverage's, bit for bit")
    func LT11_rectangleMaskMatchesGeneral() throws {
        let painter = try ImageRenderer(pixelWidth: 120, pixelHeight: 90).painter
        var g = SplitMix(seed: 68)
        func value(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(g.next() % 4096) / 4096 * (range.upperBound - range.lowerBound)
        }
        var read = 0, partial = 0
        for round in 0..<600 {
            let x0 = value(-20...110), y0 = value(-20...80)
            var x1 = x0 + value(-50...50), y1 = y0 + value(-50...50)
            if g.next() % 4 == 0 { (x1, y1) = (x1.rounded(), y1.rounded()) }
            guard abs(x1 - x0) > 0.01, abs(y1 - y0) > 0.01 else { continue }
            let scale = [1.0, 2, 0.5, -1, 1.75][Int(g.next() % 5)]
            let sy = g.next() % 2 == 0 ? scale : -scale
            let transform = AffineTransform(a: scale, b: 0, c: 0, d: sy, tx: 60 - scale * (x0 + x1) / 2 + value(-30...30),
                                            ty: 45 - sy * (y0 + y1) / 2 + value(-30...30))
            let region = SDL_Rect(x: Int32(value(-10...60)), y: Int32(value(-10...40)), w: Int32(value(1...90)), h: Int32(value(1...70)))
            let opacity = [1.0, 0.5, 0, 0.3, 1.5, .nan][Int(g.next() % 6)]
            let mask = MaskPath(path: DirectRectangleTests.rectangle(x0, y0, x1, y1, midpoint: false), opacity: opacity)
            let general = MaskPath(path: DirectRectangleTests.rectangle(x0, y0, x1, y1, midpoint: true), opacity: opacity)
            let rows = DisplayListPainter.rectangleMaskBytes(mask, transform: transform, region: region)
            #expect(rows != nil, "round \(round): not read from its rows")
            #expect(DisplayListPainter.rectangleMaskBytes(general, transform: transform, region: region) == nil)
            let expected = painter.pathCoverage([general], transform: transform, region: region)
            #expect(rows == expected, "round \(round): \(x0), \(y0) to \(x1), \(y1) under \(transform) in \(region), opacity \(opacity)")
            #expect(painter.pathCoverage([mask], transform: transform, region: region) == expected, "round \(round): through pathCoverage")
            read += 1
            if expected.contains(where: { $0 > 0 && $0 < 255 }) { partial += 1 }
        }
        #expect(read > 500 && partial > 150, "\(read) compared, \(partial) with partly covered pixels")
    }

    @Test("LT11 a mask that is not one plain rectangle on the axes is combined as before")
    func LT11_otherMasksCombined() {
        let square = Path(rect: Rect(x: 10, y: 10, width: 20, height: 20))
        let region = SDL_Rect(x: 0, y: 0, w: 40, h: 40)
        let turned = AffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 5, ty: 5)
        #expect(DisplayListPainter.rectangleMaskBytes(MaskPath(path: square), transform: .identity, region: region) != nil)
        #expect(DisplayListPainter.rectangleMaskBytes(MaskPath(path: square, isInverted: true), transform: .identity, region: region) == nil)
        #expect(DisplayListPainter.rectangleMaskBytes(MaskPath(path: square, mode: .subtract), transform: .identity, region: region) == nil)
        #expect(DisplayListPainter.rectangleMaskBytes(MaskPath(path: square, expansion: 2), transform: .identity, region: region) == nil)
        #expect(DisplayListPainter.rectangleMaskBytes(MaskPath(path: square), transform: turned, region: region) == nil)
        // An infinite or NaN expansion is no expansion, as the general path reads it.
        #expect(DisplayListPainter.rectangleMaskBytes(MaskPath(path: square, expansion: .nan), transform: .identity, region: region) != nil)
        // A square on whole pixels: 255 inside, 0 outside.
        let values = DisplayListPainter.rectangleMaskBytes(MaskPath(path: square), transform: .identity, region: region) ?? []
        #expect(values.count == 1_600 && values[15 * 40 + 15] == 255 && values[5 * 40 + 5] == 0 && values.filter { $0 == 255 }.count == 400)
    }
}
