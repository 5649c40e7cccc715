import CSDL2
import Foundation
import Testing
import Timeline
@testable import TimelineSDL
import TimelineTestSupport

/// `image` shrunk by `factor` on each side, each pixel the mean of its `factor` x `factor` block.
func downscaled(_ image: RGBAImage, by factor: Int) -> RGBAImage {
    let w = image.width / factor, h = image.height / factor
    var bytes = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            for c in 0..<4 {
                var sum = 0
                for dy in 0..<factor {
                    for dx in 0..<factor { sum += Int(image.bytes[((y * factor + dy) * image.width + x * factor + dx) * 4 + c]) }
                }
                bytes[(y * w + x) * 4 + c] = UInt8(sum / (factor * factor))
            }
        }
    }
    return RGBAImage(width: w, height: h, bytes: bytes) ?? RGBAImage(width: w, height: h)
}

/// DK2: a window at scale 2 draws device pixels for a layout in points.
@MainActor
@Suite("DK2 HiDPI")
struct HiDPITests {
    /// The same scene (fills, a rounded and bordered card, a circle, text) at `scale`.
    func render(scale: Double) throws -> RGBAImage {
        let rig = try Rig(size: Size(width: 160, height: 100), scale: scale)
        rig.host.window.backgroundColor = .white
        let card = rig.view(Rect(x: 8, y: 8, width: 90, height: 50), blue, radius: 10)
        card.borderWidth = 2
        card.borderColor = red
        _ = rig.view(Rect(x: 110, y: 12, width: 40, height: 40), red, radius: 20)
        let label = Label(text: "Crisp text")
        label.translatesAutoresizingMaskIntoConstraints = true
        label.frame = Rect(x: 8, y: 66, width: 150, height: 28)
        label.textColor = .black
        rig.host.root.addSubview(label)
        return rig.render()
    }

    @Test("DK2: a scene at scale 2 is the scene at scale 1 after a 2x downscale; layout stays in points, the pixels are device pixels")
    func DK2_scaleTwoMatchesScaleOneDownscaled() throws {
        let one = try render(scale: 1)
        let two = try render(scale: 2)
        #expect(one.width == 160 && one.height == 100)
        #expect(two.width == 320 && two.height == 200, "device pixels: twice the points")
        let down = downscaled(two, by: 2)
        let (off, worst) = down.difference(from: one, tolerance: 48)
        #expect(off <= 0.02, "\(off * 100)% of pixels differ by more than 48/255 (worst \(worst))")
        // Not an upscaled scale-1 picture: edges and glyphs are drawn at device pixels, so the
        // 2x image has detail a pixel-doubled 1x image lacks.
        var doubled = [UInt8](repeating: 0, count: two.width * two.height * 4)
        for y in 0..<two.height {
            for x in 0..<two.width {
                for c in 0..<4 { doubled[(y * two.width + x) * 4 + c] = one.bytes[((y / 2) * one.width + x / 2) * 4 + c] }
            }
        }
        let (detail, _) = two.difference(from: RGBAImage(width: two.width, height: two.height, bytes: doubled)!, tolerance: 48)
        #expect(detail > 0.005, "the 2x picture is drawn at 2x, not doubled (\(detail * 100)% of pixels differ)")
    }

    /// A view that records the traits it is told changed.
    final class TraitsView: View {
        var previousScales: [Double?] = []
        override func traitCollectionDidChange(_ previous: TraitCollection?) { previousScales.append(previous?.displayScale) }
    }

    @Test("DK2: a scale change reaching the window as input sets its scale; traits report it, views hear it, the next frame draws at device pixels")
    func DK2_scaleChangeEvent() throws {
        let rig = try Rig(size: Size(width: 160, height: 100), scale: 1)
        let card = rig.view(Rect(x: 8, y: 8, width: 90, height: 50), blue)
        let watcher = TraitsView(frame: Rect(x: 110, y: 12, width: 40, height: 40))
        card.addSubview(watcher)
        rig.host.runUntilIdle()
        let before = rig.host.renderer.presentedFrames
        rig.host.runLoop.send(.scaleChanged(2))
        rig.host.step()
        #expect(rig.host.window.scale == 2 && watcher.traitCollection.displayScale == 2)
        #expect(watcher.previousScales == [1], "told once, with the old scale")
        #expect(rig.host.renderer.presentedFrames == before + 1, "the change is drawn in the next frame")
        #expect(rig.host.window.displayList.scale == 2 && rig.host.window.size == Size(width: 160, height: 100))
        let image = try ImageRenderer(pixelWidth: 320, pixelHeight: 200)
        image.render(rig.host.window.displayList)
        let pixels = image.image()
        // The card at (8, 8, 90, 50) points covers (16, 16)-(196, 116) in device pixels.
        #expect(isClose(pixels.color(x: 17, y: 17), blue) && isClose(pixels.color(x: 195, y: 115), blue))
        #expect(!isClose(pixels.color(x: 197, y: 60), blue) && !isClose(pixels.color(x: 100, y: 117), blue))

        // Bad input: no number, out of range, or the same scale: nothing changes, nobody is told.
        for bad in [Double.nan, .infinity, 0, -2, 100] {
            rig.host.runLoop.send(.scaleChanged(bad))
        }
        rig.host.runLoop.send(.scaleChanged(2))
        rig.host.runUntilIdle()
        #expect(rig.host.window.scale == 2 && watcher.previousScales == [1])
        rig.host.runLoop.send(.scaleChanged(1.5))
        rig.host.runUntilIdle()
        #expect(rig.host.window.scale == 1.5 && watcher.previousScales == [1, 2])
        #expect(rig.host.isIdle)
    }

    @Test("DK2 bad input: TIMELINE_SCALE and GDK_SCALE are read as GTK reads GDK_SCALE; anything not a number in 1...4 is ignored")
    func DK2_scaleFromEnvironment() {
        #expect(DisplayScaleRequest.from(environment: [:]) == nil)
        #expect(DisplayScaleRequest.from(environment: ["GDK_SCALE": "2"]) == DisplayScaleRequest.from(environment: ["GDK_SCALE": " 2 "]))
        #expect(DisplayScaleRequest.from(environment: ["GDK_SCALE": "2"])?.scale == 2)
        #expect(DisplayScaleRequest.from(environment: ["GDK_SCALE": "2"])?.variable == "GDK_SCALE")
        #expect(DisplayScaleRequest.from(environment: ["TIMELINE_SCALE": "1.5", "GDK_SCALE": "2"])?.scale == 1.5)
        #expect(DisplayScaleRequest.from(environment: ["TIMELINE_SCALE": "1"]) == nil)
        for bad in ["", "x", "nan", "inf", "-2", "0", "0.5", "1e9", "5", "2 3"] {
            #expect(DisplayScaleRequest.from(environment: ["TIMELINE_SCALE": bad]) == nil, "\(bad)")
        }
        #expect(DisplayScaleRequest.from(environment: ["GDK_SCALE": "1.5"]) == nil, "GDK_SCALE is whole")
        #expect(DisplayScaleRequest.from(environment: ["TIMELINE_SCALE": "junk", "GDK_SCALE": "3"])?.scale == 3)
        // Window sides at a scale stay within SDL's largest window.
        #expect(DisplayScaleRequest.pixels(200, scale: 1.5) == 300)
        #expect(DisplayScaleRequest.pixels(16_384, scale: 4) == SDLWindowHost.maximumWindowSide)
        #expect(DisplayScaleRequest.pixels(0, scale: 2) == 1)
    }
}

/// DK2 on X11, which reports no scale: `TIMELINE_SCALE` opens the window at 2 pixels a point.
@MainActor
@Suite("DK2 HiDPI on X11 from the environment", .serialized, .tags(.xvfb))
struct HiDPIX11Tests {
    @Test("DK2: on X11 TIMELINE_SCALE=2 opens the window at device pixels; sizes, pointer events and the window's scale are in points")
    func DK2_x11ScaleFromEnvironment() throws {
        try onPrivateDisplay {
            setenv("TIMELINE_SCALE", "2", 1)
            defer { unsetenv("TIMELINE_SCALE") }
            try run()
        }
    }

    @Test("DK2: on X11 the scale is read again when the window moves to another display: TIMELINE_SCALE=2 set while running takes the window to device pixels")
    func DK2_x11ScaleReadAgainOnDisplayChange() throws {
        try onPrivateDisplay {
            unsetenv("TIMELINE_SCALE")
            unsetenv("GDK_SCALE")
            defer { unsetenv("TIMELINE_SCALE") }
            let host = try SDLWindowHost(title: "hidpi", size: Size(width: 200, height: 120), software: true)
            #expect(host.window.scale == 1 && host.scaleSource == .windowSystem)
            let watcher = HiDPITests.TraitsView(frame: Rect(x: 100, y: 60, width: 100, height: 60))
            watcher.backgroundColor = red
            host.window.rootView.addSubview(watcher)
            let id = host.windowID
            _ = host.runLoop.schedule(after: .milliseconds(100)) {
                setenv("TIMELINE_SCALE", "2", 1)
                var e = SDL_Event()
                e.window.type = SDL_WINDOWEVENT.rawValue
                e.window.windowID = id
                e.window.event = UInt8(SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue)
                _ = SDL_PushEvent(&e)
            }
            _ = host.runLoop.schedule(after: .milliseconds(500)) { host.runLoop.stop() }
            host.run()
            #expect(host.window.scale == 2 && host.scaleSource == .environment("TIMELINE_SCALE"))
            #expect(watcher.traitCollection.displayScale == 2 && watcher.previousScales.first == 1)
            #expect(host.window.size == Size(width: 200, height: 120), "the window keeps its size in points")
            let picture = try #require(host.presentedImage())
            #expect(picture.width == 400 && picture.height == 240, "\(picture.width)x\(picture.height)")
            #expect(isClose(picture.color(x: 205, y: 125), red), "the view at (100, 60) points starts at pixel (200, 120)")
            #expect(!isClose(picture.color(x: 195, y: 115), red))
        }
    }

    func run() throws {
        let host = try SDLWindowHost(title: "hidpi", size: Size(width: 200, height: 120), software: true)
        #expect(host.videoDriver == "x11")
        #expect(host.scaleSource == .environment("TIMELINE_SCALE"))
        #expect(host.window.scale == 2)
        #expect(host.window.size == Size(width: 200, height: 120))
        let target = RecordingView(frame: Rect(x: 100, y: 60, width: 100, height: 60))
        target.backgroundColor = red
        host.window.rootView.addSubview(target)
        let id = host.windowID
        _ = host.runLoop.schedule(after: .milliseconds(100)) {
            var e = SDL_Event()
            e.button.type = SDL_MOUSEBUTTONDOWN.rawValue
            e.button.windowID = id
            e.button.button = 1
            e.button.clicks = 1
            e.button.x = 300; e.button.y = 150                    // pixels: (150, 75) in points
            _ = SDL_PushEvent(&e)
        }
        _ = host.runLoop.schedule(after: .milliseconds(300)) { host.runLoop.stop() }
        host.run()
        let down = target.events.indices.first { if case .pointerDown = target.events[$0].kind { true } else { false } }
        #expect(down.map { target.points[$0] } == Point(x: 50, y: 15), "a click at pixel (300, 150) is at point (150, 75)")
        let picture = try #require(host.presentedImage())
        #expect(picture.width == 400 && picture.height == 240)
        #expect(isClose(picture.color(x: 205, y: 125), red), "the view at (100, 60) points starts at pixel (200, 120)")
        #expect(!isClose(picture.color(x: 195, y: 115), red))
    }
}
