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

    /// A quarter-ish turn about y with perspective, as a card flip sets it.
    static func flip(_ angle: Double) -> Transform3D {
        var p = Transform3D.identity
        p.m34 = -1.0 / 400
        return Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0).concatenating(p)
    }

    @Test("CA2: a 3D transform on a view's own layer draws the view and its subviews projected, as the same transform on a sublayer draws")
    func CA2_viewLayer3DTransform() throws {
        func scene(onView: Bool) throws -> (RGBAImage, View) {
            let host = makeHost(width: 200, height: 200)
            host.window.backgroundColor = .clear
            let v = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
            host.root.addSubview(v)
            if onView {
                v.backgroundColor = Color(red: 0, green: 0, blue: 1)
                v.layer.transform = Self.flip(.pi / 3)
            } else {
                let l = Layer()
                l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
                l.position = Point(x: 50, y: 50)
                l.backgroundColor = Color(red: 0, green: 0, blue: 1)
                l.transform = Self.flip(.pi / 3)
                v.layer.addSublayer(l)
            }
            host.runUntilIdle()
            let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 200)
            renderer.render(host.window.displayList)
            return (renderer.image(), v)
        }
        let (viewImage, v) = try scene(onView: true)
        let (layerImage, _) = try scene(onView: false)
        // Turned 60 degrees about y: about half as wide, its middle still covered, its sides clear.
        #expect(alpha(viewImage, 100, 100) == 255 && alpha(viewImage, 56, 100) == 0 && alpha(viewImage, 144, 100) == 0)
        var off = 0
        for k in 0..<(200 * 200) where abs(Int(viewImage.bytes[k * 4 + 3]) - Int(layerImage.bytes[k * 4 + 3])) > 48 { off += 1 }
        #expect(off <= 200, "\(off) pixels differ from the same transform on a sublayer")
        // Perspective: the side turned towards the eye is taller than the far one.
        let columns = (0..<200).filter { x in (0..<200).contains { alpha(viewImage, x, $0) > 128 } }
        let left = try #require(columns.first), right = try #require(columns.last)
        func height(_ x: Int) -> Int { (0..<200).filter { alpha(viewImage, x, $0) > 128 }.count }
        #expect(height(left + 2) != height(right - 2), "\(height(left + 2)) and \(height(right - 2))")
        // The view's transform is the 2-D part; setting it flattens the view again.
        #expect(v.transform == Self.flip(.pi / 3).affineTransform)
        v.transform = .identity
        #expect(v.layer.transform.isAffine)
    }

    @Test("CA2: subviews of a view turned in 3D turn with it; a layer animation of transform.rotation.y on a view's layer draws projected")
    func CA2_viewLayer3DSubviewsAndAnimation() throws {
        let host = makeHost(width: 200, height: 200)
        host.window.backgroundColor = .clear
        let card = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let stripe = View(frame: Rect(x: 0, y: 40, width: 100, height: 20))
        stripe.backgroundColor = Color(red: 1, green: 0, blue: 0)
        card.addSubview(stripe)
        host.root.addSubview(card)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 400
        card.layer.transform = perspective
        let turn = BasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0.0
        turn.toValue = Double.pi / 3
        turn.duration = 1
        turn.fillMode = .forwards
        turn.isRemovedOnCompletion = false
        card.layer.add(turn, forKey: "flip")
        host.step(frames: 70)
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 200)
        renderer.render(host.window.displayList)
        let i = renderer.image()
        #expect(alpha(i, 56, 100) == 0 && alpha(i, 144, 100) == 0, "turned by the animation")
        #expect(i.bytes[(100 * 200 + 100) * 4] == 255 && alpha(i, 100, 100) == 255, "the red stripe turned with the card")
        #expect(i.bytes[(70 * 200 + 100) * 4 + 2] == 255, "the blue card above it")
    }
}
