import Foundation
import Geometry
import TimelineSDL
import Testing
import TimelineTestSupport

/// Runs the desktop demo under Xvfb, takes a screenshot of the X screen with ImageMagick's
/// `import` (what a person would see, not the app's own buffer) and checks what it shows.
@MainActor
@Suite("D3 the desktop demo under Xvfb", .serialized, .tags(.xvfb))
struct GalleryDemoTests {
    static var gallery: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Gallery"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("Gallery"),
            Rig.root.appendingPathComponent(".build/debug/Gallery"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts the gallery on `scene` in a fresh Xvfb, waits `after` seconds, screenshots the root window.
    func screenshot(scene: String, after: Double, size: String = "1100x680") throws -> RGBAImage {
        let exe = try #require(Self.gallery, "the Gallery demo is not built (swift build --build-tests builds it)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(scene)-\(getpid()).png").path
        try? FileManager.default.removeItem(atPath: out)
        let script = "\"\(exe.path)\" --scene \(scene) --size \(size) --seconds \(after + 3) & pid=$!; sleep \(after); import -window root \"\(out)\"; wait $pid"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script]
        p.currentDirectoryURL = Rig.root
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "xvfb-run failed: \(errText)")
        return try RGBAImage.load(path: out)
    }

    /// The pixels within `tolerance` of `color`: their count and the centroid and bounding box.
    func find(_ color: Color, in img: RGBAImage, tolerance: Double = 10.0 / 255, minX: Int = 0, maxX: Int = .max) -> (count: Int, centroid: Point, box: Rect) {
        var n = 0, sx = 0.0, sy = 0.0
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<img.height {
            for x in min(minX, img.width)..<min(img.width, maxX) where isClose(img.color(x: x, y: y), color, tolerance) {
                n += 1; sx += Double(x); sy += Double(y)
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        guard n > 0 else { return (0, .zero, .null) }
        return (n, Point(x: sx / Double(n), y: sy / Double(n)), Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1)))
    }

    static let accents = [Color(red: 0.88, green: 0.28, blue: 0.24), Color(red: 0.95, green: 0.71, blue: 0.2),
                          Color(red: 0.23, green: 0.7, blue: 0.45), Color(red: 0.16, green: 0.44, blue: 0.86),
                          Color(red: 0.61, green: 0.35, blue: 0.71)]

    @Test("D3: the springs scene shows five balls in their rows, top to bottom, and the HUD's frame graph")
    func D3_demoSprings() throws {
        let img = try screenshot(scene: "springs", after: 3)
        var rows: [Double] = []
        // The 1100x680 window is centred on the 1280x800 screen; its HUD (whose graph uses
        // similar colours) is sized to its widest figures and starts near x = 925, so the balls are
        // looked for left of it.
        for color in Self.accents {
            let hit = find(color, in: img, maxX: 915)
            #expect(hit.count > 700, "ball \(color) not found (\(hit.count) pixels)")   // a 40-point disc is ~1250
            #expect(hit.box.height <= 42)                                                 // one ball, not a smear
            rows.append(hit.centroid.y)
        }
        for k in 1..<rows.count {
            #expect(abs(rows[k] - rows[k - 1] - 90) < 3, "rows \(rows)")                 // 90-point rows in order
        }
        // The HUD's frame-time bars, green, amber or red by length (a slow machine draws slow frames).
        let barColours = [Color(red: 0.23, green: 0.8, blue: 0.45), Color(red: 0.95, green: 0.71, blue: 0.2),
                          Color(red: 0.9, green: 0.3, blue: 0.25)]
        let bars = barColours.map { find($0, in: img, tolerance: 6.0 / 255, minX: 920).count }.reduce(0, +)
        #expect(bars > 300, "no HUD frame-time bars")
    }

    @Test("D3: the panel scene shows the panel slid in: 340 points wide, at the header's left edge")
    func D3_demoPanel() throws {
        let img = try screenshot(scene: "panel", after: 2.5)
        let panel = find(Color(red: 0.16, green: 0.44, blue: 0.86), in: img, tolerance: 4.0 / 255)
        #expect(abs(panel.box.width - 340) <= 2, "panel box \(panel.box)")
        #expect(panel.box.height > 400)
        let header = find(Color(red: 0.93, green: 0.94, blue: 0.96), in: img, tolerance: 30.0 / 255)
        #expect(header.count > 200)                                                       // title and labels drawn
    }

    @Test("D3: at 800x500 the panel scene shrinks its panel to fit beside the HUD, rows and all")
    func D3_demoPanelAt800x500() throws {
        let img = try screenshot(scene: "panel", after: 2.5, size: "800x500")
        // The 800x500 window sits at (240, 150) on the 1280x800 screen.
        let panel = find(Color(red: 0.16, green: 0.44, blue: 0.86), in: img, tolerance: 4.0 / 255)
        // No panel on screen (a screenshot taken too early): fail here, before its empty box is
        // turned into pixel bounds.
        try #require(panel.count > 0, "no panel in the screenshot")
        #expect(panel.box.width >= 200 && panel.box.width < 340, "panel box \(panel.box)")
        #expect(panel.box.minX >= 240 && panel.box.maxY <= 150 + 500 - 40, "panel box \(panel.box)")
        // The five rows' dots (the accents) are all inside the panel.
        for color in Self.accents {
            let dot = find(color, in: img, tolerance: 4.0 / 255, minX: Int(panel.box.minX), maxX: Int(panel.box.maxX))
            #expect(dot.count > 50 && dot.box.maxY <= panel.box.maxY, "dot \(color) \(dot.box)")
        }
    }

    @Test("D3: --views starts the stress scene with that many views and --report prints the frame rate, the commit's list, paint and present, and the p99 frame interval")
    func D3_stressReport() throws {
        let exe = try #require(Self.gallery, "the Gallery demo is not built (swift build --build-tests builds it)")
        func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", exe.path] + arguments
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            let o = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, o, e)
        }
        let ran = try run(["--scene", "stress", "--views", "300", "--seconds", "2.5", "--report"])
        #expect(ran.status == 0, "\(ran.err)")
        let report = try #require(ran.out.split(separator: "\n").last { $0.contains("median commit") }, "\(ran.out)")
        let numbers = report.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        // frames, seconds, fps, commit, list, paint, present, "99" of "p99", the p99 frame interval
        #expect(numbers.count == 9, "\(report)")
        if numbers.count == 9 {
            // (Figures, not fps targets: tests run the debug build on a shared machine.)
            #expect(numbers[0] >= 1 && numbers[1] > 0 && numbers[2] > 0, "\(report)")
            #expect(abs(numbers[3] - (numbers[4] + numbers[5] + numbers[6])) < 0.02, "the split adds up: \(report)")
            #expect(numbers[7] == 99 && numbers[8] > 0, "\(report)")
        }
        let bad = try run(["--scene", "stress", "--views", "30000"])
        #expect(bad.status != 0 && bad.err.contains("--views must be 0 to 20000; got 30000"), "\(bad.err)")
    }

    @Test("D3, K3: the controls scene shows its stack view's five chips in one row, 12 points apart")
    func D3_demoControls() throws {
        let img = try screenshot(scene: "controls", after: 2.5)
        var centres: [Point] = []
        for color in Self.accents {
            // Tight tolerance: the buttons' blue is close to the fourth chip's.
            let chip = find(color, in: img, tolerance: 4.0 / 255, maxX: 770)
            #expect(abs(chip.box.width - 56) <= 2 && abs(chip.box.height - 56) <= 2, "chip \(color) box \(chip.box)")
            centres.append(chip.centroid)
        }
        for k in 1..<centres.count {
            #expect(abs(centres[k].y - centres[0].y) < 1, "centres \(centres)")
            #expect(abs(centres[k].x - centres[k - 1].x - 68) < 2, "centres \(centres)")   // 56 wide + 12 spacing
        }
    }

    @Test("SC9: the scrolling page shows the table's rows, the first carousel page and the photo to zoom")
    func SC9_demoScrolling() throws {
        let img = try screenshot(scene: "scrolling", after: 2.5)
        // The carousel's first page, in the first accent colour, beside the table.
        let page = find(Self.accents[0], in: img, tolerance: 6.0 / 255, minX: 540)
        #expect(page.count > 20_000 && page.box.minX > 540, "page \(page.box)")
        // The photo below it: a greenish forest (green well above red and blue) in the right column.
        var green = 0
        for y in 0..<img.height {
            for x in 540..<min(img.width, 920) {
                let c = img.color(x: x, y: y)
                if c.green > c.red + 0.15, c.green > c.blue + 0.15 { green += 1 }
            }
        }
        #expect(green > 20_000, "the photo's green pixels: \(green)")
        // The table's rows: light text on the card down the left half (many light pixels there).
        let rows = find(Color(red: 0.93, green: 0.94, blue: 0.96), in: img, tolerance: 0.08, maxX: 530)
        #expect(rows.count > 500, "row text pixels \(rows.count)")
    }

    @Test("MR2: every gallery page shown 100 times, a page a frame: every page's scene, views and layers are freed once it is left")
    func MR2_galleryPagesFreed() throws {
        let exe = try #require(Self.gallery, "the Gallery demo is not built (swift build --build-tests builds it)")
        // An X server of its own (-displayfd), not xvfb-run -a, whose choice of a free display
        // can race another test's server: input meant for that one would reach this gallery.
        let server = try PrivateXServer()
        defer { server.stop() }
        let p = Process()
        p.executableURL = exe
        p.arguments = ["--cycle-pages", "100"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.display
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)")
        #expect(text.contains("showed every page 100 times") && text.contains("were freed"), "\(text)")
    }
}
