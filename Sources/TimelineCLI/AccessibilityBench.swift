import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import Timeline
import TimelineAccessibility

/// `timeline bench accessibility`: issue 43's reach. (1) The frame time of an app of a few
/// hundred views with no accessibility bridge against the same app served on the AT-SPI bus
/// with a reader attached (`scripts/atspi-reader`: it has walked the whole tree and listens to
/// the events Orca listens to), in alternating blocks, medians side by side (target: at most
/// 2% more). The served app's frame does what the SDL window's does before each frame: the
/// bridge serves what arrived (``AccessibilityBridge/dispatchPending()``), then the frame runs.
/// (2) A reader's walk of a 1,000-view tree, every object asked afresh for its role, name,
/// states and children: the CPU time the app's thread spent serving it (target: at most
/// 50 ms), and the reader's wall time. (3) Bad input: a reader flooding the app with walks
/// while it animates (the longest frame, serving included: no stalled frame), then killed in
/// the middle of a walk (frames go on, and the next reader is served). Needs the accessibility
/// bus: run it under `scripts/atspi-session --run`.
struct AccessibilityBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessibility",
        abstract: "Measure the AT-SPI bridge: frame cost with no bridge against a reader attached, a 1,000-view tree served.",
        discussion: "Needs an accessibility bus: scripts/atspi-session --run .build/release/timeline bench accessibility")

    @Option(help: "Views in the app whose frames are timed.") var views = 300
    @Option(help: "Frames per block; blocks alternate off and on.") var frames = 300
    @Option(help: "Blocks of each.") var blocks = 10
    @Option(help: "Views in the tree the reader walks.") var treeViews = 1_000
    @Option(help: "Walks of that tree (the median is reported).") var walks = 5
    @Option(help: "The reader: a program taking --app NAME and --window TITLE (scripts/atspi-reader).")
    var reader = "scripts/atspi-reader"
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (2...20_000).contains(views) else { throw ValidationError("--views must be 2 to 20000; got \(views)") }
        guard (10...100_000).contains(frames) else { throw ValidationError("--frames must be 10 to 100000; got \(frames)") }
        guard (1...1_000).contains(blocks) else { throw ValidationError("--blocks must be 1 to 1000; got \(blocks)") }
        guard (2...100_000).contains(treeViews) else { throw ValidationError("--tree-views must be 2 to 100000; got \(treeViews)") }
        guard (1...50).contains(walks) else { throw ValidationError("--walks must be 1 to 50; got \(walks)") }
        guard FileManager.default.isExecutableFile(atPath: reader) else {
            throw ValidationError("--reader \(reader) is not an executable file (run from the package's root, or give its path)")
        }
    }

    func run() throws {
        let (views, frames, blocks, treeViews, walks, reader, json) = (self.views, self.frames, self.blocks, self.treeViews, self.walks, self.reader, self.json)
        try MainActor.assumeIsolated {
            guard AccessibilityBridge.isRequested() else {
                throw ValidationError("no accessibility bus is enabled here: run it in a desktop with one, as "
                                      + "`scripts/atspi-session --run .build/release/timeline bench accessibility`")
            }
            let cost = try AccessibilityBench.frameCost(views: views, frames: frames, blocks: blocks, reader: reader)
            let overhead = (cost.on / cost.off - 1) * 100
            let tree = try AccessibilityBench.treeServed(views: treeViews, walks: walks, reader: reader, cached: false)
            let cached = try AccessibilityBench.treeServed(views: treeViews, walks: walks, reader: reader, cached: true)
            let flood = try AccessibilityBench.flood(views: treeViews, reader: reader)
            if json {
                print("{\"views\": \(views), \"frames\": \(frames * blocks), \"off_median_us\": \(cost.off), "
                      + "\"reader_attached_median_us\": \(cost.on), \"overhead_percent\": \(overhead), "
                      + "\"events_heard\": \(cost.heard), \"tree_views\": \(treeViews), \"tree_objects\": \(tree.objects), "
                      + "\"tree_calls\": \(tree.calls), \"tree_dispatches\": \(tree.dispatches), \"cached_dispatches\": \(cached.dispatches), \"tree_served_ms\": \(tree.servedMs), \"tree_served_kernel_ms\": \(tree.kernelMs), \"tree_walk_ms\": \(tree.walkMs), "
                      + "\"cached_objects\": \(cached.objects), \"cached_served_ms\": \(cached.servedMs), \"cached_served_kernel_ms\": \(cached.kernelMs), "
                      + "\"cached_walk_ms\": \(cached.walkMs), \"window_appears_ms\": \(cached.appearMs), \"window_appears_longest_dispatch_ms\": \(cached.appearLongestMs), "
                      + "\"flood_walks\": \(flood.walks), \"flood_frames\": \(flood.frames), \"flood_frame_median_ms\": \(flood.medianMs), "
                      + "\"flood_longest_frame_ms\": \(flood.longestMs), \"killed_reader_frames\": \(flood.framesAfterKill), "
                      + "\"next_reader_objects\": \(flood.nextObjects)}")
            } else {
                print("accessibility: \(views) views, one moved per frame, \(blocks) blocks of \(frames) frames each way, alternating")
                print("  frame median  no bridge \(fmt(cost.off, digits: 2)) us   a reader attached \(fmt(cost.on, digits: 2)) us   "
                      + "\(fmt(overhead, digits: 2))% (target <= 2%)")
                print("  a reader's walk of \(treeViews) views (\(tree.objects) objects, \(tree.calls) calls), median of \(walks): "
                      + "served in \(fmt(tree.servedMs, digits: 1)) ms of the app's thread's CPU, \(fmt(tree.kernelMs, digits: 1)) of them "
                      + "in the kernel (target <= 50 ms); "
                      + "\(fmt(tree.walkMs, digits: 0)) ms for the reader (pyatspi, one D-Bus round trip a call)")
                print("  the same walk as Orca reads (libatspi's cache, filled by one GetItems), median of \(walks): "
                      + "served in \(fmt(cached.servedMs, digits: 1)) ms of the app's thread's CPU, \(fmt(cached.kernelMs, digits: 1)) of them "
                      + "in the kernel (target <= 50 ms), \(cached.dispatches) main-loop dispatches (asking every object: \(tree.dispatches)); "
                      + "\(fmt(cached.walkMs, digits: 1)) ms for the reader (\(cached.objects) objects); "
                      + "the window appearing while a reader is registered (the bridge's own cache walk, AddAccessible signals): "
                      + "\(fmt(cached.appearMs, digits: 1)) ms, the longest dispatch \(fmt(cached.appearLongestMs, digits: 1)) ms")
                print("  a flood: \(flood.walks) walks in \(flood.frames) frames, frame median \(fmt(flood.medianMs, digits: 2)) ms, "
                      + "longest \(fmt(flood.longestMs, digits: 2)) ms (serving at most 4 ms of a frame); the reader killed mid-walk: "
                      + "\(flood.framesAfterKill) frames after, the next reader walked \(flood.nextObjects) objects")
            }
        }
    }

    /// An app of `views` views in rows of 20 (a label, three buttons and sixteen plain views
    /// each), as `bench inspector` builds its app, with names for a reader to read.
    @MainActor
    static func makeApp(views: Int) -> (HeadlessHost, [View]) {
        let host = HeadlessHost(size: Size(width: 1280, height: 720))
        var all: [View] = []
        var row = host.root
        for i in 0..<(views - 1) {
            let v: View
            let place = Rect(x: Double(i % 20) * 25, y: 0, width: 20, height: 20)
            switch i % 20 {
            case 0:
                v = View(frame: Rect(x: Double(i % 7) * 10, y: Double(i / 20 % 14) * 50, width: 600, height: 45))
                host.root.addSubview(v)
                row = v
                all.append(v)
                continue
            case 1:
                let label = Label(text: "Row \(i / 20)")
                label.frame = place
                v = label
            case 2, 3, 4:
                let button = Button(title: "Item \(i)")
                button.frame = place
                v = button
            default:
                v = View(frame: place)
            }
            v.backgroundColor = Color(red: 0.2, green: 0.4, blue: Double(i % 10) / 10)
            row.addSubview(v)
            all.append(v)
        }
        host.runUntilIdle()
        return (host, all)
    }

    /// Median microseconds per frame with no bridge and with the bridge serving a reader that
    /// walked the tree and listens; and how many events the reader heard.
    @MainActor
    static func frameCost(views: Int, frames: Int, blocks: Int, reader: String) throws -> (off: Double, on: Double, heard: Int) {
        let (plain, plainViews) = makeApp(views: views)
        let (served, servedViews) = makeApp(views: views)
        let title = "Frame cost"
        guard let bridge = AccessibilityBridge(window: served.window, title: title, applicationName: applicationName) else {
            throw ValidationError("the AT-SPI bridge did not start")
        }
        defer { bridge.close() }
        let client = try ReaderProcess(path: reader, window: title)
        _ = try client.serve(bridge, until: "walked")
        _ = try client.serve(bridge, until: "listening")
        // Let the registry tell the bridge of the reader's listeners before timing.
        let settle = MonotonicClock.now() + 300_000_000
        while MonotonicClock.now() < settle { bridge.dispatchPending() }

        var off: [Double] = [], on: [Double] = []
        off.reserveCapacity(frames * blocks)
        on.reserveCapacity(frames * blocks)
        func block(_ host: HeadlessHost, _ all: [View], bridge: AccessibilityBridge?, into times: inout [Double]) {
            for f in 0..<frames {
                let v = all[(f * 7) % all.count]
                let start = MonotonicClock.now()
                v.frame.origin.x += f % 2 == 0 ? 1 : -1
                bridge?.dispatchPending()            // what the SDL window's pump does before each frame
                host.step()
                times.append(Double(MonotonicClock.now() - start) / 1e3)
            }
        }
        for b in 0..<blocks {
            // Alternate which goes first, so neither always runs on a warmer cache.
            if b % 2 == 0 {
                block(plain, plainViews, bridge: nil, into: &off)
                block(served, servedViews, bridge: bridge, into: &on)
            } else {
                block(served, servedViews, bridge: bridge, into: &on)
                block(plain, plainViews, bridge: nil, into: &off)
            }
        }
        let heard = try client.finish(serving: bridge)
        return (InspectorBench.median(off), InspectorBench.median(on), heard)
    }

    /// A reader's walk of a tree of `views` views, `walks` times: the median CPU milliseconds
    /// the app's thread spent serving it (inside ``AccessibilityBridge/dispatchPending()``) and
    /// the part of them in the kernel (the socket's reads and writes), the
    /// median milliseconds the reader took, and the objects and calls of one walk. `cached`:
    /// the reader walks as Orca does (`scripts/atspi-reader --cached`: from libatspi's cache,
    /// which one `Cache.GetItems` call fills), else it asks every object afresh. Also the CPU
    /// time of the window appearing (the bridge made and what it serves until quiet: ATK's
    /// bridge walks a new window into its own cache and signals each object, once a reader has
    /// ever registered, as one did before this runs).
    @MainActor
    static func treeServed(views: Int, walks: Int, reader: String, cached: Bool) throws
        -> (servedMs: Double, kernelMs: Double, walkMs: Double, objects: Int, calls: Int, appearMs: Double, appearLongestMs: Double,
            dispatches: Int) {
        let (host, _) = makeApp(views: views)
        let title = "Tree of \(views)" + (cached ? ", cached" : "")
        let t0 = ReaderProcess.threadCPUTime()
        guard let bridge = AccessibilityBridge(window: host.window, title: title, applicationName: applicationName) else {
            throw ValidationError("the AT-SPI bridge did not start")
        }
        defer { bridge.close() }
        // Serve until nothing came for 100 ms: what the window's appearing costs.
        var quietSince = MonotonicClock.now()
        var longest: Int64 = 0                    // the longest dispatch: a frame it would stall
        while MonotonicClock.now() - quietSince < 100_000_000 {
            let start = MonotonicClock.now()
            if bridge.dispatchPending() > 0 {
                quietSince = MonotonicClock.now()
                longest = max(longest, quietSince - start)
            } else {
                usleep(200)
            }
        }
        let t1 = ReaderProcess.threadCPUTime()
        // The idle loop's own sleeps and flag reads cost microseconds; the rest is serving.
        let appearMs = Double(t1.user + t1.system - t0.user - t0.system) / 1e6
        let appearLongestMs = Double(longest) / 1e6
        var served: [Double] = [], walked: [Double] = [], kernel: [Double] = [], dispatches: [Double] = []
        var objects = 0, calls = 0
        for _ in 0..<walks {
            let client = try ReaderProcess(path: reader, window: title, cached: cached)
            let (line, busy) = try client.serve(bridge, until: "walked")
            let parts = line.split(separator: " ")
            guard parts.count == 4, let o = Int(parts[1]), let c = Int(parts[2]), let s = Double(parts[3]) else {
                throw ValidationError("the reader said \(line)")
            }
            (objects, calls) = (o, c)
            served.append(Double(busy.user + busy.system) / 1e6)
            dispatches.append(Double(busy.dispatches))
            kernel.append(Double(busy.system) / 1e6)
            walked.append(s * 1e3)
            _ = try client.serve(bridge, until: "listening")
            _ = try client.finish(serving: bridge)
        }
        return (InspectorBench.median(served), InspectorBench.median(kernel), InspectorBench.median(walked), objects, calls, appearMs, appearLongestMs,
                Int(InspectorBench.median(dispatches)))
    }

    /// Bad input: a reader walking the tree of `views` views again and again while every frame
    /// moves a view, for at least 200 frames and 2 walks; then the reader is killed in the
    /// middle of a walk, frames go on for half a second, and a new reader walks the tree.
    @MainActor
    static func flood(views: Int, reader: String) throws
        -> (walks: Int, frames: Int, medianMs: Double, longestMs: Double, framesAfterKill: Int, nextObjects: Int) {
        let (host, all) = makeApp(views: views)
        let title = "Flood of \(views)"
        guard let bridge = AccessibilityBridge(window: host.window, title: title, applicationName: applicationName) else {
            throw ValidationError("the AT-SPI bridge did not start")
        }
        defer { bridge.close() }
        var frame = 0
        func step() -> Double {
            let start = MonotonicClock.now()
            all[(frame * 7) % all.count].frame.origin.x += frame % 2 == 0 ? 1 : -1
            frame += 1
            bridge.dispatchPending()
            host.step()
            return Double(MonotonicClock.now() - start) / 1e6
        }
        let client = try ReaderProcess(path: reader, window: title, flood: true)
        _ = try client.serve(bridge, until: "walked")
        var times: [Double] = [], walks = 0
        while times.count < 200 || walks < 2 {
            times.append(step())
            while let line = client.pendingLine() { if line.hasPrefix("walked") { walks += 1 } }
            guard times.count < 100_000 else { throw ValidationError("the flooding reader walked \(walks) times in 100000 frames") }
        }
        // Killed mid-walk: wait until the reader is asking (a dispatch served something), then kill it.
        var killed = false
        for _ in 0..<100_000 where !killed {
            if bridge.dispatchPending() > 0 { client.kill(); killed = true } else { usleep(100) }
        }
        guard killed else { throw ValidationError("the flooding reader stopped asking") }
        let end = MonotonicClock.now() + 500_000_000
        var after = 0
        while MonotonicClock.now() < end {
            _ = step()
            after += 1
        }
        let next = try ReaderProcess(path: reader, window: title)
        let (line, _) = try next.serve(bridge, until: "walked")
        _ = try next.serve(bridge, until: "listening")
        _ = try next.finish(serving: bridge)
        let objects = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (walks, times.count, InspectorBench.median(times), times.max() ?? 0, after, objects)
    }

    /// The name the bench's application registers under.
    static let applicationName = "timeline-bench"
}

/// The reader program, started with pipes: what it prints is read a line at a time without
/// blocking, while the caller serves the bridge.
@MainActor
final class ReaderProcess {
    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    private var buffer = Data()

    init(path: String, window: String, flood: Bool = false, cached: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--app", AccessibilityBench.applicationName, "--window", window] + (flood ? ["--flood"] : [])
            + (cached ? ["--cached"] : [])
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let fd = output.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// The calling thread's CPU time in nanoseconds, in user space and in the kernel (a burst's
    /// waits for the reader's next call sleep in poll() and cost none).
    static func threadCPUTime() -> (user: Int64, system: Int64) {
        var u = rusage()
        getrusage(__rusage_who_t(1), &u)                  // RUSAGE_THREAD (glibc names it only for _GNU_SOURCE)
        func ns(_ t: timeval) -> Int64 { Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_usec) * 1_000 }
        return (ns(u.ru_utime), ns(u.ru_stime))
    }

    /// Serves the bridge until the reader prints a line starting with `prefix` (within 120 s):
    /// the line, the CPU time (ns) this thread spent in calls of `dispatchPending` that served
    /// something, and how many main-loop dispatches they ran (about one a request).
    func serve(_ bridge: AccessibilityBridge, until prefix: String) throws -> (String, (user: Int64, system: Int64, dispatches: Int)) {
        var busy: (user: Int64, system: Int64, dispatches: Int) = (0, 0, 0)
        let deadline = MonotonicClock.now() + 120_000_000_000
        while MonotonicClock.now() < deadline {
            if let line = nextLine() {
                if line.hasPrefix("error") { throw ValidationError("the reader: \(line)") }
                if line.hasPrefix(prefix) { return (line, busy) }
                continue
            }
            let t0 = Self.threadCPUTime()
            let served = bridge.dispatchPending()
            if served > 0 {
                let t1 = Self.threadCPUTime()
                busy.user += t1.user - t0.user
                busy.system += t1.system - t0.system
                busy.dispatches += served
            } else if !process.isRunning {
                throw ValidationError("the reader ended before it printed \(prefix) (status \(process.terminationStatus))")
            } else {
                usleep(100)
            }
        }
        throw ValidationError("the reader did not print \(prefix) within 120 s")
    }

    /// Closes the reader's input, serves the bridge until it says how many events it heard,
    /// and waits for it to end.
    func finish(serving bridge: AccessibilityBridge) throws -> Int {
        try input.fileHandleForWriting.close()
        let (line, _) = try serve(bridge, until: "heard")
        process.waitUntilExit()
        return Int(line.split(separator: " ").last ?? "") ?? 0
    }

    /// A line the reader printed, if a whole one is there; never waits.
    func pendingLine() -> String? { nextLine() }

    /// Ends the reader at once (SIGKILL), wherever it is in a call, and reaps it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private func nextLine() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = read(output.fileHandleForReading.fileDescriptor, &chunk, chunk.count)
        if n > 0 { buffer.append(contentsOf: chunk[0..<n]) }
        guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...end)
        return line
    }
}
