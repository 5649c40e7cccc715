import ArgumentParser
import FrameStatistics
import FrameTiming
import Foundation
import Geometry
import TimelineSDL
import Timeline

/// `timeline bench render`: issue 5's reach. Renders frames of N animated rounded views with the
/// offscreen software renderer and reports the render time per frame (paint and rasterise, no
/// present), next to the update cycle that produced each list.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Measure software rendering of N animated rounded views per frame.")

    @Option(help: "Animated views.") var views = 1_000
    @Option(help: "Frame size in points, WxH.") var size = "1280x720"
    @Option(help: "Frames measured (after 30 warm-up frames).") var frames = 300
    @Option(help: "Side of each view in points.") var side = 32.0
    @Option(help: "Corner radius in points.") var radius = 8.0
    @Option(help: "Nest the views, translucent, in this many translucent groups (each inside the last, --group-inset points in from it).")
    var groups = 0
    @Option(name: .customLong("group-inset"), help: "With --groups: how far each group sits inside the last, in points (0: the views of different groups never overlap).")
    var groupInset = 10.0
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Show no progress on stderr (shown for runs past a second, outside the timed parts).") var quiet = false

    func validate() throws {
        guard views >= 1, views <= 100_000 else { throw ValidationError("--views must be 1 to 100000; got \(views)") }
        guard WindowSize(size) != nil else { throw ValidationError("\(WindowSize.help); got '\(size)'") }
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10; got \(frames)") }
        guard side > 0, radius >= 0 else { throw ValidationError("--side must be positive and --radius not negative") }
        guard (0...100).contains(groups) else { throw ValidationError("--groups must be 0 to 100; got \(groups)") }
        guard groupInset >= 0, groupInset <= 1000 else { throw ValidationError("--group-inset must be 0 to 1000; got \(groupInset)") }
    }

    func run() throws {
        let (n, frames, side, radius, json, groupCount, groupInset) = (views, self.frames, self.side, self.radius, self.json, self.groups, self.groupInset)
        let size = WindowSize(size)!.size
        let progress = ProgressReporter.standardError(label: "bench render", total: frames, quiet: quiet)
        let result: Result<String, SDLError> = MainActor.assumeIsolated {
            defer { progress.finish() }
            do throws(SDLError) {
                let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
                let host = HeadlessHost(size: size)
                host.runLoop.keepsRunningWhenIdle = true
                host.runLoop.measuresPhases = true
                var all: [View] = []
                // Optional nested translucent groups (issue 15's reach): each 10 points inside the
                // last, at opacity 0.9; the views are spread over them, translucent themselves.
                var containers: [View] = [host.root]
                for g in 0..<groupCount {
                    let inset = Double(g + 1) * groupInset
                    let group = View(frame: Rect(x: groupInset, y: groupInset, width: max(1, size.width - 2 * inset), height: max(1, size.height - 2 * inset)))
                    group.alpha = 0.9
                    containers.last!.addSubview(group)
                    containers.append(group)
                }
                let columns = max(1, Int(size.width / (side * 1.25)))
                for i in 0..<n {
                    let v = View(frame: Rect(x: Double(i % columns) * side * 1.25, y: Double(i / columns % max(1, Int(size.height / (side * 1.25)))) * side * 1.25,
                                             width: side, height: side))
                    v.cornerRadius = radius
                    v.backgroundColor = Color(red: Double(i % 7) / 7, green: 0.5, blue: 1 - Double(i % 5) / 5, alpha: groupCount > 0 ? 0.6 : 1)
                    containers[groupCount == 0 ? 0 : 1 + i % groupCount].addSubview(v)
                    all.append(v)
                }
                host.runUntilIdle()
                View.animate(withDuration: 0.8, curve: .easeInOut, repeatCount: .infinity, autoreverses: true) {
                    for v in all { v.center.x += side / 2; v.center.y += side / 3 }
                }
                host.step(frames: 30)
                var render: [Int64] = [], cycle: [Int64] = []
                render.reserveCapacity(frames); cycle.reserveCapacity(frames)
                var triangles = 0
                for _ in 0..<frames {
                    host.step()
                    cycle.append(host.runLoop.phaseNanoseconds.reduce(0, +))
                    let t0 = MonotonicClock.now()
                    image.render(host.window.displayList)
                    render.append(MonotonicClock.now() - t0)
                    triangles = image.painter.lastTriangleCount
                    progress.advance()
                }
                let r = DurationPercentiles(nanoseconds: render), c = DurationPercentiles(nanoseconds: cycle)
                let (r50, r99, rMax, c50, c99) = (r.p50, r.p99, r.max, c.p50, c.p99)
                if json {
                    return .success("{\"views\": \(n), \"size\": [\(Int(size.width)), \(Int(size.height))], \"frames\": \(frames), \"render_ms\": {\"p50\": \(r50), \"p99\": \(r99), \"max\": \(rMax)}, \"update_cycle_ms\": {\"p50\": \(c50), \"p99\": \(c99)}, \"triangles\": \(triangles)}")
                }
                let rows = [["case", "p50 ms", "p99 ms", "max ms"],
                            ["render \(n) rounded views \(Int(side))pt r\(fmt(radius, digits: 0)), \(Int(size.width))x\(Int(size.height)), software",
                             fmt(r50, digits: 3), fmt(r99, digits: 3), fmt(rMax, digits: 3)],
                            ["update cycle producing the list", fmt(c50, digits: 3), fmt(c99, digits: 3), ""]]
                return .success(table(rows, rightAligned: [1, 2, 3]) + "\n\(triangles) triangles per frame")
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let text): print(text)
        case .failure(let e):
            printToStandardError("timeline bench render: \(e)")
            throw ExitCode(1)
        }
    }
}
