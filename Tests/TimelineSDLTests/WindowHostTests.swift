import CSDL2
import Foundation
import FrameTiming
import Geometry
import TimelineSDL
import Testing
import TimelineTestSupport
import Timeline

/// A private X server for in-process window tests: `Xvfb -displayfd` picks a free display.
final class PrivateXServer {
    let process = Process()
    let display: String

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        display = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server. Call it after every window on it is gone and SDL's video is shut down.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        var status: Int32 = 0
        waitpid(process.processIdentifier, &status, 0)
    }
}

/// Runs `body` with DISPLAY set to a private X server, then shuts SDL's video down and stops
/// the server.
@MainActor
func onPrivateDisplay(_ body: () throws -> Void) throws {
    let server = try PrivateXServer()
    setenv("DISPLAY", server.display, 1)
    defer {
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
        server.stop()
    }
    try body()
}

/// Records the pointer events a view receives.
@MainActor
final class RecordingView: View {
    var events: [InputEvent] = []
    var points: [Point] = []
    override func handle(_ event: InputEvent, at point: Point) -> Bool {
        events.append(event); points.append(point)
        return true
    }
}

@MainActor
@Suite("D3 the SDL window host", .serialized, .tags(.xvfb))
struct WindowHostTests {
    @Test("D3: SDL mouse events are hit-tested to views, a window resize relayouts the root view, quit ends run() cleanly")
    func D3_windowEvents() throws {
        try onPrivateDisplay { try runWindow() }
    }

    @Test("R4: the SDL vsync clock is refused where the display reports no refresh rate (Xvfb)")
    func R4_vsyncRefusedUnderXvfb() throws {
        try onPrivateDisplay { try vsyncRefused() }
    }

    func vsyncRefused() throws {
        #expect {
            _ = try SDLWindowHost(title: "vsync", size: Size(width: 200, height: 100), software: true, clock: .sdl)
        } throws: { error in
            "\(error)".contains("reports no refresh rate")
        }
        // The default clock works on the same display.
        let host = try SDLWindowHost(title: "dispatch", size: Size(width: 200, height: 100), software: true)
        #expect(host.clock is DispatchFrameClock)
        #expect(host.displayRefreshRate == 0)
    }

    @Test("D3: a window not asked for software still gets it where OpenGL is rasterised on the CPU (llvmpipe under Xvfb)")
    func D3_softwareWhereOpenGLIsOnTheCPU() throws {
        try onPrivateDisplay {
            let host = try SDLWindowHost(title: "renderer", size: Size(width: 200, height: 100))
            #expect(host.rendererName == "software" && host.painter.isSoftware)
        }
    }

    @Test("MR1: on a display without direct rendering (Xvfb) a window takes the software renderer without loading OpenGL to probe it")
    func MR1_noOpenGLProbeWithoutDirectRendering() throws {
        try onPrivateDisplay {
            let host = try SDLWindowHost(title: "probe", size: Size(width: 200, height: 100))
            #expect(SDLWindowHost.displayHasDirectRendering == false)
            #expect(host.rendererName == "software")
        }
    }

    /// A 300x200 software window holding `count` views in rows of `columns`, `pitch` apart from
    /// `origin`, each `side` large, with the background colour and corner radius `style` gives
    /// the k-th.
    func gridWindow(_ title: String, count: Int, columns: Int, origin: Point, pitch: Size, side: Size,
                    style: (Int) -> (Color, Double)) throws -> SDLWindowHost {
        let host = try SDLWindowHost(title: title, size: Size(width: 300, height: 200), software: true)
        for k in 0..<count {
            let v = View(frame: Rect(x: Double(k % columns) * pitch.width + origin.x, y: Double(k / columns) * pitch.height + origin.y,
                                     width: side.width, height: side.height))
            (v.backgroundColor, v.cornerRadius) = style(k)
            host.window.rootView.addSubview(v)
        }
        return host
    }

    @Test("P1: the window repaints only the damaged region of its kept canvas, and the picture equals a full repaint")
    func P1_windowDamagedRepaint() throws {
        try onPrivateDisplay { try windowDamagedRepaint() }
    }

    func windowDamagedRepaint() throws {
        let host = try gridWindow("damage", count: 40, columns: 8, origin: Point(x: 4, y: 20), pitch: Size(width: 36, height: 36),
                side: Size(width: 30, height: 30)) { k in (Color(red: Double(k % 3) / 2, green: 0.5, blue: 0.9), 6) }
        let mover = View(frame: Rect(x: 10, y: 10, width: 40, height: 30))
        mover.backgroundColor = Color(red: 1, green: 0.2, blue: 0.2, alpha: 0.8)
        mover.cornerRadius = 10
        host.window.rootView.addSubview(mover)
        var partial = 0
        _ = host.runLoop.addFrameObserver { _ in
            if let d = host.painter.lastDamage, d.w > 0, Int(d.w) * Int(d.h) < 300 * 200 / 2 { partial += 1 }
        }
        _ = host.runLoop.schedule(after: .milliseconds(50)) {
            View.animate(withDuration: 0.3, curve: .easeInOut, repeatCount: .infinity, autoreverses: true) {
                mover.center.x += 61.5; mover.center.y += 23.25
            }
        }
        _ = host.runLoop.schedule(after: .milliseconds(700)) { host.runLoop.stop() }
        host.run()
        #expect(partial >= 10)
        let kept = try #require(host.presentedImage())
        // The same list painted whole into the canvas.
        host.painter.repaintsDamageOnly = false
        try host.saveScreenshot(to: NSTemporaryDirectory() + "damage-full.png")
        let whole = try #require(host.presentedImage())
        let d = kept.difference(from: whole, tolerance: 0)
        #expect(d.fractionOff == 0, "\(d)")
    }

    @Test("P1/D2: the software window writes fills into its surface directly: a full frame of translucent rounded views draws what SDL's fills draw")
    func P1_windowDirectFills() throws {
        try onPrivateDisplay { try windowDirectFills() }
    }

    func windowDirectFills() throws {
        // Overlapping, some translucent, radii 0 to 12.
        let host = try gridWindow("direct", count: 60, columns: 10, origin: Point(x: 3, y: 8), pitch: Size(width: 27.3, height: 29.7),
                side: Size(width: 34, height: 31)) { k in
            (Color(red: Double(k % 3) / 2, green: Double(k % 5) / 4, blue: 0.9, alpha: k % 2 == 0 ? 0.55 : 1), Double(k % 4) * 4)
        }
        _ = host.runLoop.schedule(after: .milliseconds(100)) { host.runLoop.stop() }
        host.run()
        let directPath = NSTemporaryDirectory() + "direct-fills.png", sdlPath = NSTemporaryDirectory() + "sdl-fills.png"
        // Full repaints into the back buffer (the window's surface), as a frame that changed everything.
        host.painter.baseTarget = nil
        host.painter.retainsPixels = false
        try host.saveScreenshot(to: directPath)
        #expect(host.painter.lastDirectFillCount == 60)
        host.painter.drawsDirectly = false
        try host.saveScreenshot(to: sdlPath)
        #expect(host.painter.lastDirectFillCount == 0)
        let direct = try RGBAImage.load(path: directPath), sdl = try RGBAImage.load(path: sdlPath)
        // SDL's blend into the window's RGB surface truncates twice per fill (the colour times
        // alpha, then the destination times its complement) where the direct path rounds once:
        // each translucent fill may land 1-2/255 lower, and where two overlap the differences add.
        #expect(direct.difference(from: sdl, tolerance: 5).fractionOff == 0, "\(direct.difference(from: sdl, tolerance: 5))")
        #expect(direct.difference(from: sdl, tolerance: 3).fractionOff < 0.005, "\(direct.difference(from: sdl, tolerance: 3))")
    }

    func runWindow() throws {
        let host = try SDLWindowHost(title: "test", size: Size(width: 400, height: 300), software: true)
        let target = RecordingView(frame: Rect(x: 100, y: 50, width: 80, height: 60))
        host.window.rootView.addSubview(target)
        let pinned = View()                                   // follows the window's width by a constraint
        pinned.translatesAutoresizingMaskIntoConstraints = false
        host.window.rootView.addSubview(pinned)
        LayoutConstraint.activate([
            pinned.leadingAnchor.constraint(equalTo: host.window.rootView.leadingAnchor, constant: 10),
            pinned.trailingAnchor.constraint(equalTo: host.window.rootView.trailingAnchor, constant: -10),
            pinned.topAnchor.constraint(equalTo: host.window.rootView.topAnchor),
            pinned.heightAnchor.constraint(equalToConstant: 10),
        ])
        let id = host.windowID
        func push(_ type: SDL_EventType, x: Int32, y: Int32) {
            var e = SDL_Event()
            e.button.type = type.rawValue
            e.button.windowID = id
            e.button.button = 1
            e.button.x = x; e.button.y = y
            _ = SDL_PushEvent(&e)
        }
        var sizeBeforeQuit = Size.zero
        _ = host.runLoop.schedule(after: .milliseconds(100)) {
            push(SDL_MOUSEBUTTONDOWN, x: 110, y: 60)                 // inside the target
            push(SDL_MOUSEBUTTONUP, x: 400 - 1, y: 1)                 // captured: still the target's
            host.resizeWindow(to: Size(width: 600, height: 320))
        }
        _ = host.runLoop.schedule(after: .milliseconds(600)) {
            sizeBeforeQuit = host.window.size
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            _ = SDL_PushEvent(&quit)
        }
        _ = host.runLoop.schedule(after: .seconds(5)) { host.runLoop.stop() }   // never hang a test run
        let started = MonotonicClock.now()
        host.run()
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        #expect(seconds < 4, "quit did not end the run loop (ran \(seconds) s)")
        #expect(host.runLoop.isStopped)
        #expect(target.events.count == 2)
        if target.points.count == 2 {
            #expect(target.points[0] == Point(x: 10, y: 10))            // converted to the view's coordinates
            #expect(target.points[1] == Point(x: 299, y: -49))
        }
        #expect(sizeBeforeQuit == Size(width: 600, height: 320))
        #expect(host.window.rootView.bounds.size == Size(width: 600, height: 320))
        #expect(pinned.frame.width == 580)                              // a layout cycle followed the resize
    }
}
