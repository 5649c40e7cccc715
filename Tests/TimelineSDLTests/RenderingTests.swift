import Foundation
import FrameTiming
import Geometry
import TimelineScene
@testable import TimelineSDL
import Testing
import TimelineTestSupport
import Timeline

/// Shared set-up: a headless host, a font, and an offscreen image of the window's size.
@MainActor
struct Rig {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let host: HeadlessHost
    let image: ImageRenderer

    init(size: Size = Size(width: 200, height: 120), scale: Double = 1) throws {
        host = HeadlessHost(size: size)
        host.window.scale = scale
        host.window.backgroundColor = .black
        image = try ImageRenderer(pixelWidth: Int(size.width * scale), pixelHeight: Int(size.height * scale))
    }

    /// Runs the update cycle and renders the committed list.
    func render() -> RGBAImage {
        host.runUntilIdle()
        image.render(host.window.displayList)
        return image.image()
    }

    func view(_ frame: Rect, _ color: Color, radius: Double = 0, in parent: View? = nil) -> View {
        let v = View(frame: frame)
        v.backgroundColor = color
        v.cornerRadius = radius
        (parent ?? host.root).addSubview(v)
        return v
    }
}

let red = Color(red: 1, green: 0, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)
let white = Color.white

@MainActor
@Suite("D1, D2 rendering the display list")
struct RenderingTests {
    @Test("D2: a background fill covers the view's frame and nothing else")
    func D2_fill() throws {
        let rig = try Rig()
        _ = rig.view(Rect(x: 20, y: 10, width: 50, height: 30), red)
        let img = rig.render()
        #expect(isClose(img.color(x: 21, y: 11), red))
        #expect(isClose(img.color(x: 69, y: 39), red))
        #expect(isClose(img.color(x: 70, y: 20), .black))
        #expect(isClose(img.color(x: 19, y: 20), .black))
        #expect(isClose(img.color(x: 40, y: 40), .black))
    }

    @Test("D2: rounded corners leave the corner pixel empty and the edge midpoints full")
    func D2_roundedCorners() throws {
        let rig = try Rig()
        _ = rig.view(Rect(x: 20, y: 20, width: 80, height: 60), red, radius: 20)
        let img = rig.render()
        #expect(isClose(img.color(x: 20, y: 20), .black))                 // outside the arc
        #expect(isClose(img.color(x: 99, y: 79), .black))
        #expect(isClose(img.color(x: 60, y: 20), red))                    // top edge midpoint
        #expect(isClose(img.color(x: 20, y: 50), red))                    // left edge midpoint
        // The arc is antialiased: the corner square holds partly covered pixels.
        var partial = 0
        for y in 20..<40 { for x in 20..<40 where (0.1...0.9).contains(img.color(x: x, y: y).red) { partial += 1 } }
        #expect(partial >= 10)
    }

    @Test("D2: a rounded view cut by the window's left and top edges keeps every corner whole (no gap column)")
    func D2_cutRoundedCorners() throws {
        let rig = try Rig()
        // Cut on the left by a pixel: the corner copies are clipped to the target, which once
        // shrank the rectangles the next corners were drawn with.
        _ = rig.view(Rect(x: -1.2, y: -1.2, width: 120, height: 100), red, radius: 16)
        let img = rig.render()
        for (x, y) in [(14, 95), (14, 2), (104, 2), (104, 95), (60, 97), (1, 50), (117, 50)] {
            #expect(isClose(img.color(x: x, y: y), red), "(\(x), \(y)) \(img.color(x: x, y: y))")
        }
    }

    @Test("D2: a border is drawn inside the bounds, over the fill and the subviews")
    func D2_border() throws {
        let rig = try Rig()
        let v = rig.view(Rect(x: 10, y: 10, width: 100, height: 80), red)
        v.borderWidth = 6
        v.borderColor = white
        _ = rig.view(Rect(x: -20, y: 30, width: 40, height: 20), blue, in: v)  // crosses the left border
        let img = rig.render()
        #expect(isClose(img.color(x: 12, y: 50), white))                  // border over the fill
        #expect(isClose(img.color(x: 12, y: 42), white))                  // border over the subview
        #expect(isClose(img.color(x: 20, y: 42), blue))                   // subview inside
        #expect(isClose(img.color(x: 60, y: 50), red))                    // fill
        #expect(isClose(img.color(x: 8, y: 42), blue))                    // subview outside, unclipped
    }

    @Test("D2: opacity is inherited and composited as a group: overlapping subviews do not show through")
    func D2_groupOpacity() throws {
        let rig = try Rig()
        let parent = rig.view(Rect(x: 10, y: 10, width: 100, height: 60), red)
        parent.alpha = 0.5
        _ = rig.view(Rect(x: 50, y: 20, width: 80, height: 30), red, in: parent)   // overlaps and overhangs
        let img = rig.render()
        let single = img.color(x: 20, y: 20)                            // parent only
        let overlap = img.color(x: 70, y: 30)                           // parent and child
        let overhang = img.color(x: 120, y: 30)                         // child only, outside the parent
        #expect(abs(single.red - 0.5) < 0.02)
        #expect(isClose(overlap, single))                                 // one layer's worth, not two
        #expect(isClose(overhang, single))                                // the child inherits the opacity
    }

    @Test("D2: a single view's opacity multiplies its colour (no offscreen pass needed)")
    func D2_leafOpacity() throws {
        let rig = try Rig()
        let v = rig.view(Rect(x: 10, y: 10, width: 40, height: 40), blue)
        v.alpha = 0.25
        let img = rig.render()
        #expect(abs(img.color(x: 30, y: 30).blue - 0.25) < 0.02)
        #expect(rig.image.painter.lastOffscreenCount == 0)
    }

    @Test("D2: clipsToBounds clips subviews to the view's bounds")
    func D2_clipping() throws {
        let rig = try Rig()
        let clipper = rig.view(Rect(x: 20, y: 20, width: 60, height: 60), red)
        clipper.clipsToBounds = true
        _ = rig.view(Rect(x: 40, y: 40, width: 60, height: 60), blue, in: clipper)
        let img = rig.render()
        #expect(isClose(img.color(x: 70, y: 70), blue))                   // inside both
        #expect(isClose(img.color(x: 90, y: 90), .black))                 // child outside the clip
        #expect(isClose(img.color(x: 30, y: 30), red))
    }

    @Test("D2: a rounded view that clips to its bounds clips its subviews to the rounded shape")
    func D2_roundedClipping() throws {
        let rig = try Rig()
        let card = rig.view(Rect(x: 20, y: 20, width: 100, height: 80), red, radius: 24)
        card.clipsToBounds = true
        _ = rig.view(Rect(x: -10, y: -10, width: 140, height: 120), blue, in: card)   // covers the whole card
        let img = rig.render()
        #expect(isClose(img.color(x: 21, y: 21), .black))                        // outside the rounded corner
        #expect(isClose(img.color(x: 118, y: 98), .black))
        #expect(isClose(img.color(x: 70, y: 60), blue))                          // inside
        #expect(isClose(img.color(x: 70, y: 21), blue))                          // the straight edges are not cut
        #expect(isClose(img.color(x: 15, y: 60), .black))                        // outside the bounds
        var partial = 0
        for y in 20..<44 { for x in 20..<44 where (0.1...0.9).contains(img.color(x: x, y: y).blue) { partial += 1 } }
        #expect(partial >= 10)                                                 // an antialiased cut
        #expect(rig.image.painter.lastOffscreenCount == 1)
    }

    @Test("D2: transforms rotate and scale about the view's centre")
    func D2_transforms() throws {
        let rig = try Rig(size: Size(width: 200, height: 200))
        let v = rig.view(Rect(x: 60, y: 90, width: 80, height: 20), red)      // a horizontal bar
        v.transform = AffineTransform(rotationAngle: .pi / 2)                  // now vertical
        let s = rig.view(Rect(x: 10, y: 10, width: 20, height: 20), blue)
        s.transform = AffineTransform(scaleX: 2, y: 2)                         // covers 0...40
        let img = rig.render()
        #expect(isClose(img.color(x: 100, y: 65), red))                          // above the centre
        #expect(isClose(img.color(x: 70, y: 100), .black))                       // where the bar was
        #expect(isClose(img.color(x: 2, y: 2), blue))
        #expect(isClose(img.color(x: 38, y: 38), blue))
    }

    @Test("D2: text is drawn with the shipped font inside the label's frame")
    func D2_text() throws {
        let rig = try Rig()
        let label = Label(text: "Hello", fontSize: 20)
        label.textColor = white
        rig.host.root.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: rig.host.root.leadingAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: rig.host.root.topAnchor, constant: 10),
        ])
        let img = rig.render()
        let f = label.frame
        #expect(f.width > 40 && f.width < 70)                                  // TTF metrics, not the fixed model
        var lit = 0, outside = 0
        for y in 0..<img.height {
            for x in 0..<img.width where img.color(x: x, y: y).red > 0.5 {
                if f.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { lit += 1 } else { outside += 1 }
            }
        }
        #expect(lit > 60)
        #expect(outside == 0)
    }

    @Test("D2: the same text in two colours, one rotated, keeps each colour (a tint never leaks to the next draw)")
    func D2_textTints() throws {
        let rig = try Rig(size: Size(width: 200, height: 200))
        for (i, colour) in [red, white].enumerated() {
            let label = Label(text: "MMMM", fontSize: 30)
            label.textColor = colour
            label.translatesAutoresizingMaskIntoConstraints = true
            rig.host.root.addSubview(label)
            label.frame = Rect(x: 20, y: 20 + Double(i) * 90, width: 120, height: 40)
            if i == 1 { label.transform = AffineTransform(rotationAngle: 0.05) }
        }
        let img = rig.render()
        func lit(_ rows: Range<Int>) -> [Color] {
            rows.flatMap { y in (0..<img.width).map { img.color(x: $0, y: y) } }.filter { $0.red > 0.9 }
        }
        let top = lit(20..<60), bottom = lit(105..<155)
        #expect(!top.isEmpty && top.allSatisfy { $0.green < 0.1 })           // red text
        #expect(bottom.contains { $0.green > 0.9 && $0.blue > 0.9 })          // white text, not tinted red
    }

    @Test("D2: custom draw(_:in:) through the canvas: rects, lines, ellipses and paths")
    func D2_canvas() throws {
        final class Drawing: View {
            override func draw(_ rect: Rect, in canvas: Canvas) {
                canvas.fill(Rect(x: 0, y: 0, width: 20, height: 20), color: .white)
                canvas.line(from: Point(x: 30, y: 10), to: Point(x: 90, y: 10), color: Color(red: 0, green: 1, blue: 0), width: 4)
                canvas.fillEllipse(in: Rect(x: 0, y: 30, width: 40, height: 40), color: Color(red: 1, green: 0, blue: 0))
                var p = Path()
                p.move(to: Point(x: 60, y: 30)); p.addLine(to: Point(x: 100, y: 30)); p.addLine(to: Point(x: 100, y: 70))
                p.addLine(to: Point(x: 80, y: 50)); p.addLine(to: Point(x: 60, y: 70)); p.close()   // concave
                canvas.fill(p, color: Color(red: 0, green: 0, blue: 1))
            }
        }
        let rig = try Rig()
        rig.host.root.addSubview(Drawing(frame: Rect(x: 0, y: 0, width: 120, height: 100)))
        let img = rig.render()
        #expect(isClose(img.color(x: 10, y: 10), white))
        #expect(isClose(img.color(x: 60, y: 10), Color(red: 0, green: 1, blue: 0)))
        #expect(isClose(img.color(x: 60, y: 14), .black))
        #expect(isClose(img.color(x: 20, y: 50), red))
        #expect(isClose(img.color(x: 2, y: 32), .black))                         // outside the circle
        #expect(isClose(img.color(x: 95, y: 40), blue))
        #expect(isClose(img.color(x: 80, y: 65), .black))                        // the concave notch
    }

    @Test("D2: runaway geometry (a huge scale, a zero scale, an enormous frame) draws without trapping")
    func D2_runawayGeometry() throws {
        let rig = try Rig()
        let huge = rig.view(Rect(x: 10, y: 10, width: 20, height: 20), red, radius: 4)
        huge.transform = AffineTransform(scaleX: 1e200, y: 1e200)
        let flat = rig.view(Rect(x: 40, y: 10, width: 20, height: 20), blue, radius: 4)
        flat.transform = AffineTransform(scaleX: 0, y: 0)
        let wide = rig.view(Rect(x: -1e12, y: 50, width: 2e12, height: 10), white)
        wide.borderWidth = 2
        wide.borderColor = red
        let turned = rig.view(Rect(x: 60, y: 60, width: 1e9, height: 1e9), blue, radius: 30)
        turned.transform = AffineTransform(rotationAngle: 0.3)
        let img = rig.render()
        #expect(img.width == 200)
        #expect(isClose(img.color(x: 100, y: 55), white))                        // the enormous bar still shows
    }

    @Test("D3: high-DPI scale renders the same points at twice the pixels")
    func D3_scale() throws {
        let rig = try Rig(size: Size(width: 100, height: 60), scale: 2)
        _ = rig.view(Rect(x: 10, y: 10, width: 30, height: 20), red)
        let img = rig.render()
        #expect(img.width == 200 && img.height == 120)
        #expect(isClose(img.color(x: 21, y: 21), red))
        #expect(isClose(img.color(x: 78, y: 58), red))
        #expect(isClose(img.color(x: 81, y: 30), .black))
    }

    @Test("D1: the image follows the presentation tree frame by frame")
    func D1_followsPresentation() throws {
        let rig = try Rig()
        let v = rig.view(Rect(x: 0, y: 0, width: 20, height: 20), red)
        rig.host.runUntilIdle()
        View.animate(withDuration: 1, curve: .linear) { v.frame.origin.x = 100 }
        rig.host.step(frames: 31)                                              // half way
        rig.image.render(rig.host.window.displayList)
        let img = rig.image.image()
        #expect(isClose(img.color(x: 55, y: 10), red))
        #expect(isClose(img.color(x: 5, y: 10), .black))
    }
}

@MainActor
@Suite("D1 golden images")
struct GoldenImageTests {
    /// Renders `scene` at `frame` and compares with the committed PNG: at most 0.5% of pixels
    /// may differ by more than 24/255 in a channel (font hinting, rounding).
    func compare(scene: String, frame: Int, scale: Double, golden: String) throws {
        let loaded = try SceneLoader.load(path: Rig.root.appendingPathComponent(scene).path)
        let host = HeadlessHost(size: loaded.size)
        host.window.scale = scale
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.diagnostics.logger = nil
        let built = SceneBuilder.build(loaded, in: host.window)
        let animator = SceneAnimator(scene: loaded, built: built, runLoop: host.runLoop)
        host.step(frames: frame + 1)
        let image = try ImageRenderer(pixelWidth: Int(loaded.size.width * scale), pixelHeight: Int(loaded.size.height * scale))
        image.render(host.window.displayList)
        let path = Rig.root.appendingPathComponent("Tests/TimelineSDLTests/Golden/\(golden)").path
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil { try image.savePNG(to: path) }
        let expected = try RGBAImage.load(path: path)
        let (off, worst) = image.image().difference(from: expected, tolerance: 24)
        #expect(off <= 0.005, "\(golden): \(off * 100)% of pixels differ (worst channel delta \(worst)); run with UPDATE_GOLDEN=1 after checking the new image")
        withExtendedLifetime(animator) {}
    }

    @Test("T1/T2 golden: wrapped, truncated, aligned text and explicit line breaks at 2x (Assets/scenes/text.json)")
    func T1_goldenText() throws {
        try compare(scene: "Assets/scenes/text.json", frame: 0, scale: 2, golden: "text-2x.png")
    }

    @Test("D1/D2 golden: every drawing feature at 2x (Assets/scenes/drawing.json)")
    func D1_goldenDrawing() throws {
        try compare(scene: "Assets/scenes/drawing.json", frame: 0, scale: 2, golden: "drawing-2x.png")
    }

    @Test("D1 golden: the SPEC example mid-animation (Assets/scenes/hello.json, frame 42)")
    func D1_goldenHello() throws {
        try compare(scene: "Assets/scenes/hello.json", frame: 42, scale: 1, golden: "hello-f42.png")
    }

    @Test("D1: a golden comparison notices a changed pixel region")
    func D1_goldenDetectsChange() throws {
        var a = RGBAImage(width: 100, height: 100)
        let b = a
        #expect(a.difference(from: b, tolerance: 0).fractionOff == 0)
        a = try {
            let rig = try Rig(size: Size(width: 100, height: 100))
            _ = rig.view(Rect(x: 0, y: 0, width: 10, height: 10), red)
            return rig.render()
        }()
        #expect(a.difference(from: b, tolerance: 24).fractionOff > 0.009)
    }
}

@MainActor
@Suite("Bad input: fonts, assets and output paths")
struct BackendErrorTests {
    @Test("Z1: assets beside the executable are looked up before the working directory's, which comes last")
    func Z1_assetLookupOrder() {
        let roots = AssetLocator.candidateRoots()
        #expect(roots.last == "Assets")
        #expect(roots.filter { $0 == "Assets" }.count == 1)
        #expect(roots.dropLast().contains { $0.hasSuffix("/Assets") && $0.hasPrefix("/") })
    }

    @Test("Z3: a PNG that cannot be written is an error that leaves no file behind")
    func Z3_unwritablePNG() throws {
        let image = try ImageRenderer(pixelWidth: 8, pixelHeight: 8)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("z3-png-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: SDLError.self) { try image.savePNG(to: dir.path + "/missing/out.png") }
        let read = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(read.isEmpty)
        // A written PNG has the mode a new file gets (the umask's), not its temporary's 0600.
        try image.savePNG(to: dir.path + "/out.png")
        let mask = umask(0)
        umask(mask)
        var info = stat()
        #expect(stat(dir.path + "/out.png", &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])
        #expect(throws: SDLError.self) { try ImageRenderer(pixelWidth: 16_385, pixelHeight: 1) }
    }

    @Test("D2/TX2: a missing font file is an error naming the file")
    func D2_missingFont() throws {
        let fonts = try FontSystem()
        #expect {
            _ = try fonts.face(atPath: "/nonexistent/font.ttf")
        } throws: { error in
            "\(error)".contains("/nonexistent/font.ttf")
        }
    }

    @Test("D2: a missing asset lists every place searched")
    func D2_missingAsset() {
        #expect {
            _ = try AssetLocator.path(of: "fonts/NoSuchFont.ttf")
        } throws: { error in
            "\(error)".contains("NoSuchFont.ttf") && "\(error)".contains("TIMELINE_ASSETS")
        }
    }

    @Test("D1: an unwritable PNG path is an SDLError naming the path")
    func D1_unwritablePNG() throws {
        let image = try ImageRenderer(pixelWidth: 4, pixelHeight: 4)
        #expect {
            try image.savePNG(to: "/nonexistent-dir/out.png")
        } throws: { error in
            "\(error)".contains("/nonexistent-dir/out.png")
        }
    }
}
