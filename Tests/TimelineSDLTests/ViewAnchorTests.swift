import Geometry
@testable import TimelineSDL
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views

/// CA2: a view's layer's anchor point is where the view's center sits and what its transform
/// turns about, as in UIKit: moving it moves the frame (the position stays), a frame set
/// afterwards places the position by it, and what is drawn, hit-tested and converted follows.
@MainActor
@Suite("CA2 a view's anchor point")
struct ViewAnchorTests {
    func alpha(_ i: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(i.bytes[(y * i.width + x) * 4 + 3]) }

    @Test("CA2: moving a view's anchor point moves its frame, its drawing and its hit area; the frame setter places the position by it")
    func CA2_viewAnchorPoint() throws {
        let host = makeHost(width: 200, height: 200)
        host.window.backgroundColor = .clear
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        v.backgroundColor = Color(red: 0, green: 0, blue: 1)
        host.root.addSubview(v)
        host.runUntilIdle()
        v.layer.anchorPoint = Point(x: 0, y: 0)
        #expect(v.center == Point(x: 50, y: 25) && v.layer.position == Point(x: 50, y: 25))   // the position stays
        #expect(v.frame == Rect(x: 50, y: 25, width: 100, height: 50))                      // the frame moves
        host.runUntilIdle()
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 200)
        func shot() -> RGBAImage { renderer.render(host.window.displayList); return renderer.image() }
        var i = shot()
        #expect(alpha(i, 140, 70) == 255 && alpha(i, 40, 20) == 0, "drawn at the moved frame")
        #expect(host.root.hitTest(Point(x: 140, y: 70)) === v && host.root.hitTest(Point(x: 40, y: 20)) !== v)
        #expect(v.convert(Point(x: 0, y: 0), to: nil) == Point(x: 50, y: 25))
        // A quarter turn turns about the anchor (the top-left corner stays at the position).
        v.transform = AffineTransform(rotationAngle: .pi / 2)
        let f = v.frame
        #expect(abs(f.minX - 0) < 1e-9 && abs(f.minY - 25) < 1e-9 && abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9, "\(f)")
        host.runUntilIdle()
        i = shot()
        #expect(alpha(i, 25, 100) == 255 && alpha(i, 100, 40) == 0, "drawn turned about the corner")
        // Setting the frame puts the anchor's point of the new frame at the position.
        v.transform = .identity
        v.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(v.center == Point(x: 10, y: 20) && v.frame == Rect(x: 10, y: 20, width: 30, height: 40))
        // Back to the middle: the frame is centred on the position again.
        v.layer.anchorPoint = Point(x: 0.5, y: 0.5)
        #expect(v.frame == Rect(x: -5, y: 0, width: 30, height: 40))
        // A presentation copy keeps the anchor point.
        v.layer.anchorPoint = Point(x: 1, y: 1)
        host.runUntilIdle()
        let p = try #require(v.layer.presentation())
        #expect(p.anchorPoint == Point(x: 1, y: 1) && p.frame == Rect(x: -20, y: -20, width: 30, height: 40))
    }
}
