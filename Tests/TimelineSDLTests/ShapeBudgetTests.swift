import Geometry
@testable import TimelineSDL
import Testing
import Timeline

/// The painter bounds the rasterisation work of one frame (Z1 for layers): a list of more
/// window-sized shapes than the budget draws the ones that fit and counts the rest.
@MainActor
@Suite("CA10 the painter's per-frame budget for shapes")
struct ShapeBudgetTests {
    /// `shapes` circles `size` across, each a little different (no two alike, so none is drawn
    /// from the painter's cache of unchanged shapes), in colour `tag`.
    func list(shapes: Int, size: Double, tag: Double) -> DisplayList {
        var l = DisplayList()
        l.size = Size(width: 64, height: 48)
        l.background = .black
        for k in 0..<shapes {
            let r = Rect(x: -size / 2, y: -size / 2, width: size, height: size)
            l.commands.append(.fillShape(Path(ellipseIn: r).applying(AffineTransform(translationX: Double(k) / 100, y: 0)),
                                         .color(Color(red: tag, green: 0, blue: 0, alpha: 0.01)), .nonZero))
        }
        return l
    }

    @Test("CA10 shapes within the budget all draw; past it the rest are skipped and counted")
    func budget() throws {
        let image = try ImageRenderer(pixelWidth: 64, pixelHeight: 48)
        image.render(list(shapes: 20, size: 1e6, tag: 0.1))                     // each covers the whole image
        #expect(image.painter.lastSkippedShapeCount == 0)
        image.render(list(shapes: 200, size: 1e6, tag: 0.2))
        // Each costs the image grown by its one-pixel antialiasing margin, 66 x 50 pixels, from a
        // budget of 64 images of 64 x 48: 59 draw.
        let drawn = DisplayListPainter.shapeBudgetInTargets * 64 * 48 / (66 * 50)
        #expect(drawn == 59 && image.painter.lastSkippedShapeCount == 200 - drawn)
        image.render(list(shapes: 200, size: 4, tag: 0.3))                      // small ones cost little: all draw
        #expect(image.painter.lastSkippedShapeCount == 0)
    }

    @Test("LT6/Z1: the rows of a kept shape inside a clip that lies wholly past it are none (the gallery's Lottie page trapped on a backwards range)")
    func LT6_clipPastKeptShape() {
        #expect(DisplayListPainter.span(120, 160, within: 100) == 100..<100)     // the clip below the shape
        #expect(DisplayListPainter.span(-50, -10, within: 100) == 0..<0)         // above it
        #expect(DisplayListPainter.span(-10, 40, within: 100) == 0..<40)
        #expect(DisplayListPainter.span(30, 500, within: 100) == 30..<100)
        #expect(DisplayListPainter.span(30, 20, within: 100) == 30..<30)         // an empty clip
    }
}
