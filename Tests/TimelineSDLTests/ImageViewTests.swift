import Foundation
import Testing
import Timeline
@testable import TimelineSDL
import TimelineTestSupport

/// A bitmap of `colors` (row by row, straight RGBA bytes), `width` pixels wide.
func bitmap(_ width: Int, _ colors: [(UInt8, UInt8, UInt8, UInt8)]) -> Bitmap {
    Bitmap(width: width, height: colors.count / width, rgba: colors.flatMap { [$0.0, $0.1, $0.2, $0.3] })
}

/// A `w` x `h` image of one colour.
func solid(_ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8, UInt8), scale: Double = 1) -> Image {
    Image(bitmap: bitmap(w, Array(repeating: c, count: w * h)), scale: scale)
}

func near(_ c: Color, _ r: Double, _ g: Double, _ b: Double, _ tolerance: Double = 0.02) -> Bool {
    abs(c.red - r) <= tolerance && abs(c.green - g) <= tolerance && abs(c.blue - b) <= tolerance
}

@Suite("CN2 image views: content modes, templates, nine slices, animation, one upload", .endsIdle)
@MainActor
struct ImageViewTests {
    let quadrants = Image(bitmap: bitmap(2, [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)]))

    func render(_ host: HeadlessHost, _ renderer: ImageRenderer? = nil) throws -> RGBAImage {
        let r = try renderer ?? ImageRenderer(pixelWidth: Int(host.window.size.width), pixelHeight: Int(host.window.size.height))
        r.render(host.window.displayList)
        return r.image()
    }

    @Test("CN2 scale to fill stretches the pixels over the bounds; the intrinsic size is the image's size in points")
    func scaleToFill() throws {
        let host = makeHost(width: 100, height: 100)
        host.window.backgroundColor = .black
        let view = ImageView(image: quadrants)
        #expect(view.intrinsicContentSize == Size(width: 2, height: 2) && view.frame.size == Size(width: 2, height: 2))
        view.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        host.root.addSubview(view)
        host.runUntilIdle()
        let px = try render(host)
        #expect(near(px.color(x: 20, y: 20), 1, 0, 0))              // each quadrant's centre is its pixel
        #expect(near(px.color(x: 40, y: 20), 0, 1, 0))
        #expect(near(px.color(x: 20, y: 40), 0, 0, 1))
        #expect(near(px.color(x: 40, y: 40), 1, 1, 1))
        #expect(near(px.color(x: 5, y: 5), 0, 0, 0))                 // outside: the background
        // A @2x image of 4 x 4 pixels is 2 x 2 points.
        #expect(ImageView(image: solid(4, 4, (1, 2, 3, 255), scale: 2)).intrinsicContentSize == Size(width: 2, height: 2))
    }

    @Test("CN2 images two pixels wide or high draw every pixel on the software renderer")
    func twoPixelSides() throws {
        for (w, h) in [(2, 2), (2, 4), (4, 2), (2, 3)] {
            var colors: [(UInt8, UInt8, UInt8, UInt8)] = []
            for y in 0..<h { for x in 0..<w { colors.append(x < w / 2 ? (y < h / 2 ? (255, 0, 0, 255) : (0, 0, 255, 255)) : (y < h / 2 ? (0, 255, 0, 255) : (255, 255, 255, 255))) } }
            let img = Image(bitmap: bitmap(w, colors))
            let r = try ImageRenderer(pixelWidth: 40, pixelHeight: 40)
            var list = DisplayList()
            list.size = Size(width: 40, height: 40)
            list.commands = [.image(ImageDrawing(image: img, rect: Rect(x: 0, y: 0, width: 40, height: 40)))]
            r.render(list)
            let px = r.image()
            #expect(near(px.color(x: 10, y: 10), 1, 0, 0) && near(px.color(x: 30, y: 10), 0, 1, 0), "\(w) x \(h)")
            #expect(near(px.color(x: 10, y: 30), 0, 0, 1) && near(px.color(x: 30, y: 30), 1, 1, 1), "\(w) x \(h)")
        }
    }

    @Test("LT13 a large image drawn large on the software renderer shows its own pixels (dog_car_ride.json's 1200-point layers)")
    func largeImageDrawnLarge() throws {
        // SDL 2.26's software triangles overflow when the area times the texture's side is
        // large: a 400-pixel image over 1200 x 1200 read outside its texture. The quad is cut
        // into pieces small enough, each showing its part of the image.
        var colors: [(UInt8, UInt8, UInt8, UInt8)] = []
        for y in 0..<400 { for x in 0..<400 { colors.append(x < 200 ? (y < 200 ? (255, 0, 0, 255) : (0, 0, 255, 255)) : (0, 255, 0, 255)) } }
        let img = Image(bitmap: bitmap(400, colors))
        let r = try ImageRenderer(pixelWidth: 1200, pixelHeight: 1200)
        var list = DisplayList()
        list.size = Size(width: 1200, height: 1200)
        list.commands = [.image(ImageDrawing(image: img, rect: Rect(x: 0, y: 0, width: 1200, height: 1200)))]
        r.render(list)
        let px = r.image()
        for (x, y) in [(100, 100), (500, 500), (590, 300)] { #expect(near(px.color(x: x, y: y), 1, 0, 0), "\(x), \(y)") }
        for (x, y) in [(100, 1100), (500, 700), (300, 1190)] { #expect(near(px.color(x: x, y: y), 0, 0, 1), "\(x), \(y)") }
        for (x, y) in [(700, 100), (1100, 1100), (1190, 610)] { #expect(near(px.color(x: x, y: y), 0, 1, 0), "\(x), \(y)") }
        #expect(DisplayListPainter.softwareQuadPieces(Point(x: 0, y: 0), Point(x: 1200, y: 0), Point(x: 0, y: 1200), textureSide: 400) > 1)
        #expect(DisplayListPainter.softwareQuadPieces(Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 0, y: 40), textureSide: 400) == 1)
    }

    @Test("CN2 every content mode places the image as UIKit's image view does")
    func contentModes() throws {
        let bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        let size = Size(width: 20, height: 10)
        let expected: [ContentMode: Rect] = [
            .scaleToFill: bounds, .redraw: bounds,
            .scaleAspectFit: Rect(x: 0, y: 10, width: 40, height: 20),
            .scaleAspectFill: Rect(x: -20, y: 0, width: 80, height: 40),
            .center: Rect(x: 10, y: 15, width: 20, height: 10),
            .top: Rect(x: 10, y: 0, width: 20, height: 10), .bottom: Rect(x: 10, y: 30, width: 20, height: 10),
            .left: Rect(x: 0, y: 15, width: 20, height: 10), .right: Rect(x: 20, y: 15, width: 20, height: 10),
            .topLeft: Rect(x: 0, y: 0, width: 20, height: 10), .topRight: Rect(x: 20, y: 0, width: 20, height: 10),
            .bottomLeft: Rect(x: 0, y: 30, width: 20, height: 10), .bottomRight: Rect(x: 20, y: 30, width: 20, height: 10),
        ]
        #expect(expected.count == ContentMode.allCases.count)
        for (mode, rect) in expected { #expect(Layer.place(size, in: bounds, gravity: mode.gravity) == rect, "\(mode)") }
        // And drawn there: a red 20 x 10 image at the bottom right of a 40 x 40 view.
        let host = makeHost(width: 60, height: 60)
        host.window.backgroundColor = .black
        let view = ImageView(image: solid(20, 10, (255, 0, 0, 255)))
        view.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        view.contentMode = .bottomRight
        host.root.addSubview(view)
        host.runUntilIdle()
        let px = try render(host)
        #expect(near(px.color(x: 40, y: 45), 1, 0, 0) && near(px.color(x: 20, y: 45), 0, 0, 0) && near(px.color(x: 40, y: 30), 0, 0, 0))
        #expect(view.layer.contentsGravity == .bottomRight)
    }

    @Test("CN2 a template image is drawn in the tint colour through its alpha; an original one in its own colours")
    func templates() throws {
        let host = makeHost(width: 40, height: 20)
        host.window.backgroundColor = .white
        let shape = Image(bitmap: bitmap(2, [(10, 20, 30, 255), (10, 20, 30, 0)]))
        let template = ImageView(image: shape.withRenderingMode(.alwaysTemplate))
        template.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        template.tintColor = Color(red: 1, green: 0, blue: 0)
        let original = ImageView(image: shape)
        original.frame = Rect(x: 20, y: 0, width: 20, height: 20)
        host.root.addSubview(template); host.root.addSubview(original)
        host.runUntilIdle()
        var px = try render(host)
        #expect(near(px.color(x: 3, y: 10), 1, 0, 0))               // opaque half: the tint
        #expect(near(px.color(x: 17, y: 10), 1, 1, 1))              // transparent half: the background
        #expect(near(px.color(x: 23, y: 10), 10 / 255, 20 / 255, 30 / 255))
        template.tintColor = Color(red: 0, green: 0, blue: 1)
        host.runUntilIdle()
        px = try render(host)
        #expect(near(px.color(x: 3, y: 10), 0, 0, 1))
    }

    @Test("CN2 a resizable image keeps its caps and stretches or tiles its middle")
    func nineSlices() throws {
        // 6 x 6: a 2-pixel black frame around white.
        var colors: [(UInt8, UInt8, UInt8, UInt8)] = []
        for y in 0..<6 { for x in 0..<6 { colors.append((1..<5).contains(x) && (1..<5).contains(y) ? (255, 255, 255, 255) : (0, 0, 0, 255)) } }
        let framed = Image(bitmap: bitmap(6, colors))
        let host = makeHost(width: 100, height: 40)
        host.window.backgroundColor = Color(red: 0, green: 1, blue: 0)
        let stretched = ImageView(image: framed.resizableImage(withCapInsets: EdgeInsets(all: 1), resizingMode: .stretch))
        stretched.frame = Rect(x: 0, y: 0, width: 60, height: 30)
        host.root.addSubview(stretched)
        host.runUntilIdle()
        let px = try render(host)
        // The one-point frame stays one point wide at any size; the middle is white.
        #expect(near(px.color(x: 30, y: 15), 1, 1, 1) && near(px.color(x: 2, y: 15), 1, 1, 1) && near(px.color(x: 57, y: 15), 1, 1, 1))
        #expect(px.color(x: 0, y: 15).red < 0.3 && px.color(x: 59, y: 15).red < 0.3 && px.color(x: 30, y: 0).red < 0.3)
        // Nine commands for a stretched image, more for a tiling one (its middle repeats).
        func imageCommands() -> Int { host.window.displayList.commands.filter { if case .image = $0 { true } else { false } }.count }
        #expect(imageCommands() == 9)
        stretched.image = framed.resizableImage(withCapInsets: EdgeInsets(all: 1), resizingMode: .tile)
        host.runUntilIdle()
        #expect(imageCommands() == 4 + 2 * 15 + 2 * 7 + 15 * 7)     // corners, edges, middle tiles of 4 x 4
        // Without caps it is one command however it is stretched.
        stretched.image = framed
        host.runUntilIdle()
        #expect(imageCommands() == 1)
    }

    @Test("CN2 an animated image shows the frame its time says; animationImages play between start and stop")
    func animation() throws {
        let host = makeHost(width: 20, height: 20)
        let frames = [solid(1, 1, (255, 0, 0, 255)), solid(1, 1, (0, 255, 0, 255)), solid(1, 1, (0, 0, 255, 255))]
        let view = ImageView(image: Image.animatedImage(with: frames, duration: 0.3))
        view.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        host.root.addSubview(view)
        let renderer = try ImageRenderer(pixelWidth: 20, pixelHeight: 20)
        host.step()                                                  // frame 0: the first frame
        let t0 = host.window.layers!.frameTime
        var seen: [Color] = []
        for _ in 0..<24 {
            let t = host.window.layers!.frameTime - t0
            seen.append(try render(host, renderer).color(x: 10, y: 10))
            let expected = Int((t / 0.1).rounded(.down)) % 3
            // On a frame boundary (every sixth frame) rounding may pick either side.
            if abs(t / 0.1 - (t / 0.1).rounded()) < 1e-6 { host.step(); continue }
            #expect(near(seen.last!, expected == 0 ? 1 : 0, expected == 1 ? 1 : 0, expected == 2 ? 1 : 0), "at \(t)")
            host.step()
        }
        view.removeFromSuperview()
        host.runUntilIdle()

        let still = solid(1, 1, (9, 9, 9, 255))
        let player = ImageView(image: still)
        player.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        player.animationImages = frames
        player.animationDuration = 0.3
        player.animationRepeatCount = 1
        host.root.addSubview(player)
        host.runUntilIdle()
        player.startAnimating()
        #expect(player.isAnimating)
        host.step(frames: 8)                                         // 0.13 s: the second frame
        #expect(near(try render(host, renderer).color(x: 10, y: 10), 0, 1, 0))
        host.runUntilIdle()                                          // one pass, then the still image
        #expect(!player.isAnimating)
        #expect(near(try render(host, renderer).color(x: 10, y: 10), 9 / 255, 9 / 255, 9 / 255))
    }

    @Test("CN2 a 4,000 x 3,000 PNG named by ten image views decodes once and uploads once")
    func decodedOnceUploadedOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cn2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The PNG: a 4,000 x 3,000 render of a gradient, written by the software renderer.
        let big = try ImageRenderer(pixelWidth: 4_000, pixelHeight: 3_000)
        var list = DisplayList()
        list.size = Size(width: 4_000, height: 3_000)
        list.background = Color(red: 0.2, green: 0.4, blue: 0.6)
        big.render(list)
        try big.savePNG(to: dir.appendingPathComponent("photo.png").path)

        let assets = ImageAssets(directory: dir.path)
        let host = makeHost(width: 500, height: 100)
        for k in 0..<10 {
            let v = ImageView(image: assets.image(named: "photo"))
            v.frame = Rect(x: Double(k) * 50, y: 0, width: 48, height: 36)
            v.contentMode = .scaleAspectFill
            v.clipsToBounds = true
            host.root.addSubview(v)
        }
        host.runUntilIdle()
        // Through SDL's textures (as the window draws): uploaded once.
        let renderer = try ImageRenderer(pixelWidth: 500, pixelHeight: 100)
        renderer.painter.drawsDirectly = false
        renderer.render(host.window.displayList)
        renderer.render(host.window.displayList)
        #expect(assets.decodeCount == 1)
        #expect(renderer.painter.imageTexturesUploaded == 1)
        #expect(near(renderer.image().color(x: 475, y: 18), 0.2, 0.4, 0.6))
        // Laid straight into the image's pixels (LT11): no texture, the same picture.
        let direct = try ImageRenderer(pixelWidth: 500, pixelHeight: 100)
        direct.render(host.window.displayList)
        #expect(direct.painter.imageTexturesUploaded == 0 && direct.painter.lastDirectImageCount == 10)
        #expect(direct.image() == renderer.image())
        #expect(assets.decodeCount == 1)
    }

    @Test("CN2 a sublayer shows its contents by gravity, contentsRect and contentsScale, as Core Animation's")
    func layerContents() throws {
        let host = makeHost(width: 60, height: 60)
        host.window.backgroundColor = .black
        let l = Layer()
        l.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        l.contents = quadrants
        l.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)        // the right column: green over white
        l.contentsGravity = .center
        l.contentsScale = 0.1                                              // 1 x 2 pixels: 10 x 20 points
        host.root.layer.addSublayer(l)
        host.runUntilIdle()
        let px = try render(host)
        #expect(near(px.color(x: 30, y: 24), 0, 1, 0) && near(px.color(x: 30, y: 36), 1, 1, 1))
        #expect(near(px.color(x: 22, y: 30), 0, 0, 0) && near(px.color(x: 30, y: 16), 0, 0, 0))
    }

    @Test("CN1 a configured button draws its image before the title, imagePadding apart, a template in the foreground colour")
    func buttonImage() throws {
        let host = makeHost(width: 200, height: 60)
        host.window.backgroundColor = .black
        var c = Button.Configuration.filled()
        c.title = "Share"
        c.image = solid(16, 16, (0, 0, 0, 255)).withRenderingMode(.alwaysTemplate)
        c.imagePadding = 6
        c.baseBackgroundColor = Color(red: 0, green: 0, blue: 1)
        let b = Button(configuration: c)
        let titleOnly = Button(configuration: { var t = c; t.image = nil; return t }())
        let expected = titleOnly.intrinsicContentSize.width + 16 + 6
        #expect(abs(b.intrinsicContentSize.width - expected) < 1e-9)
        b.translatesAutoresizingMaskIntoConstraints = true
        b.frame = Rect(x: 10, y: 10, width: b.intrinsicContentSize.width, height: 40)
        host.root.addSubview(b)
        host.runUntilIdle()
        let image = try #require(b.imageView)
        #expect(abs(image.frame.maxX + 6 - b.titleLabel.frame.minX) < 1e-9)         // the padding
        #expect(abs(image.frame.minX - 12) < 1e-6)                                   // the leading inset
        #expect(abs(image.frame.midY - b.titleLabel.frame.midY) < 1e-9)
        // The template is drawn in white (a filled button's foreground) on the blue background.
        let px = try render(host)
        let p = Point(x: 10 + image.frame.midX, y: 10 + image.frame.midY)
        #expect(near(px.color(x: Int(p.x), y: Int(p.y)), 1, 1, 1))
    }

    @Test("CN2 Auto Layout sizes an image view by its image")
    func intrinsicSizeInLayout() throws {
        let host = makeHost(width: 200, height: 200)
        let view = ImageView(image: solid(30, 20, (1, 1, 1, 255)))
        view.translatesAutoresizingMaskIntoConstraints = false
        host.root.addSubview(view)
        view.centerXAnchor.constraint(equalTo: host.root.centerXAnchor).isActive = true
        view.centerYAnchor.constraint(equalTo: host.root.centerYAnchor).isActive = true
        host.runUntilIdle()
        #expect(view.frame == Rect(x: 85, y: 90, width: 30, height: 20))
        view.image = solid(50, 40, (1, 1, 1, 255))
        host.runUntilIdle()
        #expect(view.frame == Rect(x: 75, y: 80, width: 50, height: 40))
    }
}
