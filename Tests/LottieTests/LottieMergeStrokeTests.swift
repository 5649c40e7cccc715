import Testing
import Geometry
import TimelineSDL
@testable import Lottie

/// LT13: a stroke below a merge strokes the merged outline, as After Effects draws it: where a
/// path is the combination's edge, not each path's whole outline.
@Suite("LT13 strokes of merged paths")
@MainActor
struct LottieMergeStrokeTests {
    /// Two 60-point squares, A from (20, 20) to (80, 80) and B from (50, 50) to (110, 110),
    /// merged in `mode` and stroked 4 points wide in black, drawn on a clear 200 x 100 canvas.
    func render(mode: Int) throws -> (image: RGBAImage, warnings: [String]) {
        let square = { (x: Int, y: Int) in #"{"ty":"rc","p":{"a":0,"k":[\#(x),\#(y)]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}}"# }
        let shapes = square(50, 50) + "," + square(80, 80) + #",{"ty":"mm","mm":\#(mode)},"#
            + #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":2,"lj":1}"#
        let animation = try Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes)))
        let composition = LottieComposition(animation: animation)
        composition.setFrame(0)
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 100)
        renderer.render(composition.displayList())
        return (renderer.image(), animation.warnings)
    }

    func alpha(_ image: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(image.bytes[(y * image.width + x) * 4 + 3]) }

    @Test("LT13: subtract strokes A's edge outside B and B's edge inside A, nothing else")
    func LT13_subtractOutline() throws {
        let (image, warnings) = try render(mode: 3)
        #expect(warnings.isEmpty, "\(warnings)")
        for (x, y) in [(20, 35), (35, 20), (80, 35), (50, 65), (65, 50)] {
            #expect(alpha(image, x, y) > 200, "the outline at (\(x), \(y)) is not stroked")
        }
        // A's right edge inside B, and B's edges outside A, are not the outline.
        for (x, y) in [(80, 65), (50, 95), (95, 50), (110, 70)] {
            #expect(alpha(image, x, y) < 20, "(\(x), \(y)) is stroked but is not on the outline")
        }
    }

    @Test("LT13: intersect strokes each square's edge inside the other; exclude strokes both outlines whole")
    func LT13_intersectAndExcludeOutlines() throws {
        let intersect = try render(mode: 4).image
        for (x, y) in [(80, 65), (65, 80), (50, 65), (65, 50)] {
            #expect(alpha(intersect, x, y) > 200, "intersect: (\(x), \(y)) on the outline is not stroked")
        }
        for (x, y) in [(20, 35), (35, 20), (95, 50), (50, 95)] {
            #expect(alpha(intersect, x, y) < 20, "intersect: (\(x), \(y)) is stroked but is not on the outline")
        }
        let exclude = try render(mode: 5).image
        for (x, y) in [(20, 35), (80, 65), (50, 65), (95, 50), (50, 95)] {
            #expect(alpha(exclude, x, y) > 200, "exclude: (\(x), \(y)) on an outline is not stroked")
        }
        #expect(alpha(exclude, 35, 35) < 20 && alpha(exclude, 65, 65) < 20)
    }
}
