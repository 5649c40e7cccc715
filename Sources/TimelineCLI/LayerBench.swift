import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import TimelineSDL
import Timeline

/// `timeline bench layers`: issue 22's reach. (1) 4,000 layers with one moving each frame,
/// against the same frame with every layer repainted; (2) 1,000 layers each running a basic
/// animation: the animation phase per frame.
struct LayerBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layers",
        abstract: "Measure layer frames: one layer moving among thousands, and a thousand running layer animations.")

    @Option(help: "Frames measured per case (after 30 warm-up frames).") var frames = 300
    @Option(help: "Layers in the first case.") var layers = 4_000
    @Option(help: "Animated layers in the second case.") var animated = 1_000
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Run only the animation case (for allocation counts under valgrind: scripts/count-allocations).")
    var onlyAnimations = false

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10; got \(frames)") }
        guard (1...100_000).contains(layers) else { throw ValidationError("--layers must be 1 to 100000; got \(layers)") }
        guard (1...100_000).contains(animated) else { throw ValidationError("--animated must be 1 to 100000; got \(animated)") }
    }

    func run() throws {
        let (frames, layerCount, animatedCount, json) = (self.frames, self.layers, self.animated, self.json)
        if onlyAnimations {
            let tick = MainActor.assumeIsolated { LayerBench.animationPhase(layers: animatedCount, frames: frames) }
            print("animation phase, \(animatedCount) basic animations: p50 \(fmt(tick.p50, digits: 4)) ms")
            return
        }
        let text: String = MainActor.assumeIsolated {
            do throws(SDLError) {
                let one = try LayerBench.moving(layers: layerCount, frames: frames, repaintAll: false)
                let all = try LayerBench.moving(layers: layerCount, frames: frames, repaintAll: true)
                let tick = LayerBench.animationPhase(layers: animatedCount, frames: frames)
                let ratio = one.p50 / all.p50
                if json {
                    return "{\"layers\": [{\"case\": \"one_moving\", \"layers\": \(layerCount), \"p50_ms\": \(one.p50), \"p99_ms\": \(one.p99)}, "
                        + "{\"case\": \"all_repainted\", \"layers\": \(layerCount), \"p50_ms\": \(all.p50), \"p99_ms\": \(all.p99), \"ratio\": \(ratio)}, "
                        + "{\"case\": \"animation_phase\", \"animations\": \(animatedCount), \"p50_ms\": \(tick.p50), \"p99_ms\": \(tick.p99)}]}"
                }
                let rows = [["case", "p50 ms", "p99 ms", "note"],
                            ["\(layerCount) layers, one moving", fmt(one.p50, digits: 3), fmt(one.p99, digits: 3), "whole frame: update, list, paint"],
                            ["\(layerCount) layers, all repainted", fmt(all.p50, digits: 3), fmt(all.p99, digits: 3),
                             "one moving / all repainted: \(fmt(ratio, digits: 2))x (target 0.3x)"],
                            ["\(animatedCount) basic animations", fmt(tick.p50, digits: 4), fmt(tick.p99, digits: 4), "animation phase only (target 0.3 ms)"]]
                return table(rows, rightAligned: [1, 2])
            } catch {
                return "error: \(error)"
            }
        }
        if text.hasPrefix("error: ") {
            printToStandardError("timeline bench layers: \(text.dropFirst(7))")
            throw ExitCode(1)
        }
        print(text)
    }

    /// A window whose one view hosts `n` rounded layers on a grid, painted each frame by the
    /// software image renderer. Each frame moves one layer (or, with `repaintAll`, every
    /// layer's colour changes, so everything is repainted). Whole-frame cost, ms.
    @MainActor static func moving(layers n: Int, frames: Int, repaintAll: Bool) throws(SDLError) -> (p50: Double, p99: Double) {
        let size = Size(width: 1280, height: 720)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let host = HeadlessHost(size: size)
        host.window.renderer = image
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.measuresPhases = true
        let canvas = View(frame: Rect(origin: .zero, size: size))
        host.root.addSubview(canvas)
        var all: [Layer] = []
        let columns = 80
        Transaction.begin()
        Transaction.setDisableActions(true)
        for i in 0..<n {
            let l = Layer()
            l.frame = Rect(x: Double(i % columns) * 16, y: Double(i / columns % 45) * 16, width: 14, height: 14)
            l.cornerRadius = 3
            l.backgroundColor = Color(red: Double(i % 7) / 7, green: 0.5, blue: 1 - Double(i % 5) / 5)
            canvas.layer.addSublayer(l)
            all.append(l)
        }
        Transaction.commit()
        host.step(frames: 30)
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for k in 0..<frames {
            Transaction.begin()
            Transaction.setDisableActions(true)
            if repaintAll {
                let shade = Double(k % 2)
                for l in all { l.backgroundColor = Color(red: shade, green: 0.5, blue: 1 - shade) }
            } else {
                all[n / 2].position.x += k % 2 == 0 ? 3 : -3
            }
            Transaction.commit()
            host.step()
            samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6)
        }
        return AnimationBench.percentiles(samples)
    }

    /// `n` layers each running a repeating basic animation of position.x; the animation phase.
    @MainActor static func animationPhase(layers n: Int, frames: Int) -> (p50: Double, p99: Double) {
        let host = HeadlessHost(size: Size(width: 1280, height: 720))
        // No recording renderer: it keeps each frame's list, so patching the next one in place
        // would copy it (an allocation a real window's painter, which keeps nothing, never causes).
        host.window.renderer = nil
        host.runLoop.keepsRunningWhenIdle = true
        // Allocation counting (scripts/count-allocations) runs without the phase timer, whose
        // array this harness reads each frame.
        let counting = ProcessInfo.processInfo.environment["COUNT_ALLOCATIONS"] != nil
        host.runLoop.measuresPhases = !counting
        let canvas = View(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        host.root.addSubview(canvas)
        Transaction.begin()
        Transaction.setDisableActions(true)
        for i in 0..<n {
            let l = Layer()
            l.frame = Rect(x: Double(i % 80) * 16, y: Double(i / 80 % 45) * 16, width: 12, height: 12)
            l.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
            canvas.layer.addSublayer(l)
            let a = BasicAnimation(keyPath: "position.x")
            a.byValue = 20.0
            a.duration = 0.8
            a.autoreverses = true
            a.repeatCount = .infinity
            l.add(a, forKey: "move")
        }
        Transaction.commit()
        host.step(frames: 30)
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for _ in 0..<frames {
            host.step()
            samples.append(counting ? 0 : Double(host.runLoop.phaseNanoseconds[FramePhase.animation.rawValue]) / 1e6)
        }
        return AnimationBench.percentiles(samples)
    }
}
