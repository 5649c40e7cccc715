import CSDL2
import Foundation
import Testing
import Timeline
import TimelineSDL
import TimelineTestSupport

/// A private weston for in-process window tests (DK1): its own runtime directory and socket.
///
/// Weston 10's headless backend offers no `wl_seat`, and SDL 2.26's Wayland driver dereferences
/// its missing input when video starts (a crash in `SDL_InitSubSystem`, seen here with a
/// plain C program), so weston runs with its X11 backend on a private Xvfb instead: a real
/// Wayland compositor with a seat, rendering with pixman, whose clients know nothing of X.
final class PrivateWeston {
    let x: PrivateXServer
    let process = Process()
    let runtimeDirectory: String
    let socket = "wayland-timeline"

    /// Starts weston at `scale` (its output's scale factor, which it tells its clients).
    init(scale: Int = 1) throws {
        x = try PrivateXServer()
        runtimeDirectory = NSTemporaryDirectory() + "weston-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // --debug lets weston-screenshooter take the screen.
        process.arguments = ["weston", "--backend=x11-backend.so", "--socket=\(socket)", "--width=640", "--height=480",
                             "--scale=\(scale)", "--use-pixman", "--idle-time=0", "--debug", "--no-config"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = x.display
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: runtimeDirectory + "/" + socket), Date() < deadline, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Whether weston is serving its socket.
    var isReady: Bool { process.isRunning && FileManager.default.fileExists(atPath: runtimeDirectory + "/" + socket) }

    /// The environment a client of this weston needs.
    var clientEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["WAYLAND_DISPLAY"] = socket
        env.removeValue(forKey: "DISPLAY")
        return env
    }

    /// Starts weston-screenshooter, which writes wayland-screenshot-*.png into `directory`.
    func startScreenshot(into directory: String) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["weston-screenshooter"]
        p.environment = clientEnvironment
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// Stops weston and its X server, and removes the runtime directory.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        x.stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

/// Runs `body` as a client of a private weston at `scale` through SDL's `driver` (nil: none asked
/// for, with the X server weston runs on as DISPLAY too), then shuts SDL's video down and stops
/// weston.
@MainActor
func onPrivateWeston(scale: Int = 1, driver: String? = "wayland", _ body: (PrivateWeston) throws -> Void) throws {
    let weston = try PrivateWeston(scale: scale)
    defer { weston.stop() }
    try #require(weston.isReady, "weston started and serves its socket")
    let saved = ProcessInfo.processInfo.environment
    setenv("XDG_RUNTIME_DIR", weston.runtimeDirectory, 1)
    setenv("WAYLAND_DISPLAY", weston.socket, 1)
    if let driver {
        setenv("SDL_VIDEODRIVER", driver, 1)
        unsetenv("DISPLAY")
    } else {                                                    // both displays: SDL chooses
        unsetenv("SDL_VIDEODRIVER")
        setenv("DISPLAY", weston.x.display, 1)
    }
    defer {
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
        for name in ["XDG_RUNTIME_DIR", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "DISPLAY"] {
            if let v = saved[name] { setenv(name, v, 1) } else { unsetenv(name) }
        }
    }
    try body(weston)
}

/// DK1: the window on Wayland through SDL's Wayland driver, in a private weston.
@MainActor
@Suite("DK1 Wayland through SDL's Wayland driver", .serialized, .tags(.wayland))
struct WaylandTests {
    let green = Color(red: 0, green: 0.8, blue: 0.2)
    let magenta = Color(red: 0.9, green: 0.1, blue: 0.7)

    /// Opens a window on weston showing a green card on magenta, takes weston's screenshot once
    /// the window has drawn (up to three tries), and returns the host, the screenshot and its path.
    func showAndScreenshot(_ weston: PrivateWeston, name: String) throws -> (host: SDLWindowHost, shot: RGBAImage, path: String) {
        let host = try SDLWindowHost(title: "wayland", size: Size(width: 200, height: 120))
        host.window.backgroundColor = magenta
        let card = View(frame: Rect(x: 40, y: 30, width: 100, height: 50))
        card.backgroundColor = green
        host.window.rootView.addSubview(card)
        let field = TextField(text: "Wayland")
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 40, y: 86, width: 120, height: 28)
        host.window.rootView.addSubview(field)
        let dir = ProcessInfo.processInfo.environment["TIMELINE_SCREENSHOTS"] ?? NSTemporaryDirectory()
        // A loaded machine may not have shown the first frame when the first screenshot is
        // taken: up to three, until the card shows.
        var last: (RGBAImage, String)?
        for attempt in 1...3 {
            let shots = dir + "/dk1-\(name)-\(UUID().uuidString.prefix(6))"
            try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
            var shooter: Process?
            let start = host.runLoop.schedule(after: .milliseconds(attempt == 1 ? 700 : 300)) {
                shooter = try? weston.startScreenshot(into: shots)
            }
            let started = Date()
            let watch = host.runLoop.schedule(after: .milliseconds(50), repeating: .milliseconds(50)) {
                if let s = shooter, !s.isRunning { host.runLoop.stop() }
                if Date().timeIntervalSince(started) > 10 { host.runLoop.stop() }
            }
            host.run()
            host.runLoop.cancel(start)
            host.runLoop.cancel(watch)
            if let file = try FileManager.default.contentsOfDirectory(atPath: shots).first(where: { $0.hasSuffix(".png") }) {
                let path = shots + "/" + file
                let shot = try RGBAImage.load(path: path)
                last = (shot, path)
                if box(of: green, in: shot).count > 0 { break }
            }
        }
        let (shot, path) = try #require(last, "weston-screenshooter wrote a PNG")
        return (host, shot, path)
    }

    /// The bounding box of the pixels close to `color`, and how many there are.
    func box(of color: Color, in image: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int) {
        var b = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1, count: 0)
        for y in 0..<image.height {
            for x in 0..<image.width where isClose(image.color(x: x, y: y), color, 6 / 255) {
                b = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y), b.count + 1)
            }
        }
        return b
    }

    @Test("DK1: the window opens on weston through SDL's Wayland driver and weston's screenshot shows what it drew")
    func DK1_windowOnWeston() throws {
        try onPrivateWeston { weston in
            let (host, shot, path) = try showAndScreenshot(weston, name: "scale1")
            #expect(host.videoDriver == "wayland")
            #expect(host.window.scale == 1)
            #expect(host.scaleSource == .windowSystem)
            let card = box(of: green, in: shot)
            #expect(card.count == 100 * 50, "the green card, whole, in the compositor's picture (\(path))")
            #expect(card.maxX - card.minX + 1 == 100 && card.maxY - card.minY + 1 == 50)
            let back = box(of: magenta, in: shot)
            #expect(back.minX == card.minX - 40 && back.minY == card.minY - 30, "the window's content origin")
        }
    }

    @Test("DK1: X11 stays the default: with both DISPLAY and WAYLAND_DISPLAY set and no SDL_VIDEODRIVER, the window is on X11")
    func DK1_x11StaysDefault() throws {
        try onPrivateWeston(driver: nil) { _ in
            let host = try SDLWindowHost(title: "both", size: Size(width: 100, height: 80), software: true)
            #expect(host.videoDriver == "x11")
        }
    }

    @Test("DK2 on Wayland: weston at scale 2 gives a window of device pixels; layout stays in points, the scale comes from the compositor")
    func DK2_waylandScaleTwo() throws {
        try onPrivateWeston(scale: 2) { weston in
            let (host, shot, path) = try showAndScreenshot(weston, name: "scale2")
            #expect(host.window.scale == 2, "the renderer's output is twice the window's points")
            #expect(host.window.size == Size(width: 200, height: 120))
            #expect(host.scaleSource == .windowSystem)
            let card = box(of: green, in: shot)
            #expect(card.maxX - card.minX + 1 == 200 && card.maxY - card.minY + 1 == 100,
                    "100x50 points are 200x100 device pixels in the compositor's picture (\(path))")
            #expect(card.count == 200 * 100)
        }
    }
}
