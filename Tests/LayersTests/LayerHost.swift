import FrameTiming
import Geometry
import Layers
import Testing
import UpdateLoop

/// A run loop on a manual 60 fps clock with a layer engine hosting one root layer: frames run
/// when stepped (frame k at k/60 s).
@MainActor
final class LayerHost {
    let clock = ManualFrameClock(rate: .fps60)
    let runLoop: MainRunLoop
    let engine: LayerEngine
    let root = Layer()

    init() {
        runLoop = MainRunLoop(clock: clock)
        engine = LayerEngine(runLoop: runLoop)
        root.name = "root"
        root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        engine.host(root)
    }

    /// Runs one frame.
    @discardableResult func step() -> FrameInfo? { clock.step() }

    /// Steps (running frames when work is pending, letting time pass otherwise) until the
    /// clock reaches `seconds`; the frame at that time runs if anything is pending.
    func run(to seconds: Double) {
        let target = Int64((seconds * 60).rounded()) * 1_000_000_000 / 60
        repeat { clock.step() } while clock.now < target
    }

    /// Runs until nothing is pending (at most `limit` frames).
    func runUntilIdle(limit: Int = 10_000) {
        var n = 0
        while n < limit, clock.hasScheduledFrame, clock.step() != nil { n += 1 }
    }

    /// The diagnostics' messages.
    var messages: [String] { engine.diagnostics.entries.map(\.message) }
}

/// A delegate that records what it hears.
@MainActor
final class RecordingDelegate: AnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ animation: Animation) { events.append("start") }
    func animationDidStop(_ animation: Animation, finished: Bool) { events.append("stop \(finished)") }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }
func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance) && close(a.width, b.width, tolerance)
        && close(a.height, b.height, tolerance)
}
