import ArgumentParser
import Foundation
import Geometry
import TimelineSDL
import Timeline

/// `timeline bench navigation`: issue 25's reach. A navigation controller pushes and pops between
/// two screens of 200 views each (coloured tiles, a quarter of them labelled) at 390 x 844; every
/// frame of each transition is timed (all phases, the paint included), and the medians, 99th
/// percentiles and worst frames are printed against the 16.7 ms of a 60 fps frame. Headless by
/// default (the software image renderer, frames stepped); `--window` runs it in an SDL window on
/// the live 60 fps clock (Xvfb will do) and adds the frames dropped during the transitions.
struct NavigationBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigation",
        abstract: "Time the frames of pushes and pops between two screens of 200 views.")

    @Option(help: "Push-and-pop rounds.") var rounds = 5
    @Option(help: "Views per screen.") var views = 200
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "In an SDL window on the live clock (needs a display; Xvfb will do).") var window = false
    @Flag(help: "With --window: SDL's software renderer.") var software = false

    func validate() throws {
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be 1 to 100; got \(rounds)") }
        guard (1...5_000).contains(views) else { throw ValidationError("--views must be 1 to 5000; got \(views)") }
    }

    /// A screen of `count` tiles in a grid, every fourth with a label.
    @MainActor final class TileScreen: ViewController {
        let count: Int, hue: Int
        init(count: Int, hue: Int, title: String) {
            self.count = count; self.hue = hue
            super.init()
            self.title = title
        }
        override func loadView() {
            let v = View()
            v.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
            let columns = 10
            for i in 0..<count {
                let tile: View
                if i % 4 == 0 {
                    let l = Label(text: "\(i)", fontSize: 12)
                    l.translatesAutoresizingMaskIntoConstraints = true
                    l.textColor = .black
                    tile = l
                } else {
                    tile = View()
                    let k = Double((i * 7 + hue * 3) % 10) / 10
                    tile.backgroundColor = Color(red: 0.3 + 0.6 * k, green: 0.5, blue: 0.9 - 0.6 * k)
                    tile.cornerRadius = 4
                }
                tile.frame = Rect(x: 6 + Double(i % columns) * 38, y: 8 + Double(i / columns) * 38, width: 34, height: 34)
                v.addSubview(tile)
            }
            setView(v)
        }
    }

    func run() throws {
        let (rounds, views, json, window, software) = (self.rounds, self.views, self.json, self.window, self.software)
        let text: String = MainActor.assumeIsolated {
            do throws(SDLError) {
                let r = window ? try NavigationBench.measureInWindow(rounds: rounds, views: views, software: software)
                               : try NavigationBench.measure(rounds: rounds, views: views)
                let push = AnimationBench.percentiles(r.push), pop = AnimationBench.percentiles(r.pop)
                if json {
                    return "{\"navigation\": {\"views_per_screen\": \(views), \"rounds\": \(rounds), "
                        + "\"push_p50_ms\": \(push.0), \"push_p99_ms\": \(push.1), \"push_max_ms\": \(r.push.max() ?? 0), "
                        + "\"pop_p50_ms\": \(pop.0), \"pop_p99_ms\": \(pop.1), \"pop_max_ms\": \(r.pop.max() ?? 0), "
                        + "\"frames_per_transition\": \(r.framesPerTransition), \"window\": \(window), \"dropped_frames\": \(r.dropped)}}"
                }
                return table([["transition", "p50 ms", "p99 ms", "max ms", "note"],
                              ["push", fmt(push.0, digits: 3), fmt(push.1, digits: 3), fmt(r.push.max() ?? 0, digits: 3),
                               "\(r.push.count) frames over \(rounds) pushes"],
                              ["pop", fmt(pop.0, digits: 3), fmt(pop.1, digits: 3), fmt(r.pop.max() ?? 0, digits: 3),
                               "\(r.pop.count) frames over \(rounds) pops"],
                              ["budget", "16.667", "", "", "a 60 fps frame; \(views) views a screen, "
                                + (window ? "in a window, \(r.dropped) frames dropped" : "software image renderer, headless")]],
                             rightAligned: [1, 2, 3])
            } catch {
                return "error: \(error)"
            }
        }
        if text.hasPrefix("error: ") {
            printToStandardError("timeline bench navigation: \(text.dropFirst(7))")
            throw ExitCode(1)
        }
        print(text)
    }

    /// Pushes and pops `rounds` times; each frame's time (all phases) while a transition runs.
    @MainActor static func measure(rounds: Int, views: Int) throws(SDLError) -> (push: [Double], pop: [Double], framesPerTransition: Int, dropped: Int) {
        let size = Size(width: 390, height: 844)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let host = HeadlessHost(size: size)
        host.window.renderer = image
        host.runLoop.measuresPhases = true
        let nav = NavigationController(rootViewController: TileScreen(count: views, hue: 0, title: "First"))
        host.window.rootViewController = nav
        _ = host.runUntilIdle()
        let second = TileScreen(count: views, hue: 5, title: "Second")
        second.loadViewIfNeeded()
        var push: [Double] = [], pop: [Double] = [], frames = 0
        func transition(into samples: inout [Double]) {
            var n = 0
            while nav.isTransitioning, n < 600 {
                host.step()
                samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6)
                n += 1
            }
            frames = n
            _ = host.runUntilIdle()
        }
        for _ in 0..<rounds {
            nav.pushViewController(second, animated: true)
            transition(into: &push)
            nav.popViewController(animated: true)
            transition(into: &pop)
        }
        return (push, pop, frames, 0)
    }

    /// The same pushes and pops in an SDL window on the live clock: each transition frame's work
    /// (all phases) and the frames the clock dropped while transitions ran.
    @MainActor static func measureInWindow(rounds: Int, views: Int, software: Bool) throws(SDLError)
        -> (push: [Double], pop: [Double], framesPerTransition: Int, dropped: Int) {
        let host = try SDLWindowHost(title: "timeline bench navigation", size: Size(width: 390, height: 844), software: software)
        let runLoop = host.runLoop
        runLoop.measuresPhases = true
        let nav = NavigationController(rootViewController: TileScreen(count: views, hue: 0, title: "First"))
        host.window.rootViewController = nav
        let second = TileScreen(count: views, hue: 5, title: "Second")
        second.loadViewIfNeeded()
        var push: [Double] = [], pop: [Double] = [], frames = 0, perTransition = 0, dropped = 0
        var started = 0, settle = 10, running: Bool? = nil          // running: nil, or whether a push runs
        // Each frame: the previous frame's work while a transition ran in it; a new transition
        // (a push, then a pop, in turn) once the last has settled for ten frames.
        let observer = runLoop.addFrameObserver { info in
            if let isPush = running {
                let work = Double(runLoop.lastFramePhaseNanoseconds.reduce(0, +)) / 1e6
                if isPush { push.append(work) } else { pop.append(work) }
                dropped += info.droppedFrames
                frames += 1
                if nav.isTransitioning { return }
                running = nil
                perTransition = frames
                frames = 0
            }
            settle -= 1
            guard settle <= 0 else { return }
            if started == 2 * rounds { runLoop.stop(); return }
            settle = 10
            let isPush = started % 2 == 0
            if isPush { nav.pushViewController(second, animated: true) } else { nav.popViewController(animated: true) }
            running = isPush
            started += 1
        }
        host.run()
        runLoop.removeFrameObserver(observer)
        return (push, pop, perTransition, dropped)
    }
}
