import ArgumentParser
import Foundation
import Geometry
import TimelineSDL
import Timeline

/// `timeline bench navigation`: issue 25's reach. A navigation controller pushes and pops between
/// two screens of 200 views each (coloured tiles, a quarter of them labelled) in a 390 x 844
/// window drawn by the software renderer; every frame of each transition is timed (all phases,
/// the paint included), and the medians, 99th percentiles and worst frames are printed against
/// the 16.7 ms of a 60 fps frame.
struct NavigationBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigation",
        abstract: "Time the frames of pushes and pops between two screens of 200 views.")

    @Option(help: "Push-and-pop rounds.") var rounds = 5
    @Option(help: "Views per screen.") var views = 200
    @Flag(help: "Print JSON.") var json = false

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
        let (rounds, views, json) = (self.rounds, self.views, self.json)
        let text: String = MainActor.assumeIsolated {
            do throws(SDLError) {
                let r = try NavigationBench.measure(rounds: rounds, views: views)
                let push = AnimationBench.percentiles(r.push), pop = AnimationBench.percentiles(r.pop)
                if json {
                    return "{\"navigation\": {\"views_per_screen\": \(views), \"rounds\": \(rounds), "
                        + "\"push_p50_ms\": \(push.0), \"push_p99_ms\": \(push.1), \"push_max_ms\": \(r.push.max() ?? 0), "
                        + "\"pop_p50_ms\": \(pop.0), \"pop_p99_ms\": \(pop.1), \"pop_max_ms\": \(r.pop.max() ?? 0), "
                        + "\"frames_per_transition\": \(r.framesPerTransition)}}"
                }
                return table([["transition", "p50 ms", "p99 ms", "max ms", "note"],
                              ["push", fmt(push.0, digits: 3), fmt(push.1, digits: 3), fmt(r.push.max() ?? 0, digits: 3),
                               "\(r.push.count) frames over \(rounds) pushes"],
                              ["pop", fmt(pop.0, digits: 3), fmt(pop.1, digits: 3), fmt(r.pop.max() ?? 0, digits: 3),
                               "\(r.pop.count) frames over \(rounds) pops"],
                              ["budget", "16.667", "", "", "a 60 fps frame; \(views) views a screen, software renderer"]],
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
    @MainActor static func measure(rounds: Int, views: Int) throws(SDLError) -> (push: [Double], pop: [Double], framesPerTransition: Int) {
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
        return (push, pop, frames)
    }
}
