import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import Lottie
import TimelineSDL
import Timeline
import TimelineInspector
import TimeTravel

/// `timeline play ANIM.json` (LT3): a Lottie animation looping in an SDL window at its own size
/// (or `--size`), on the engine's 60 fps clock. Space pauses and resumes, left and right step a
/// frame, 1-4 set the speed (0.5, 1, 2, -1). `--seconds` quits after a while, `--screenshot`
/// saves the window just before, `--report` prints the frame rate, dropped frames and the median
/// frame's work.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a Lottie animation in a window (space: pause, arrows: step, 1-4: speed).")

    @Argument(help: "The Lottie file (Bodymovin JSON or a .lottie archive).") var file: String
    @Option(help: "For a .lottie archive: the id of the animation to play (default: the manifest's active one).") var animation: String?
    @Option(help: "Window size in points, WxH (default: the animation's, at most 1280x900).") var size: String?
    @Option(help: "Quit after this many seconds.") var seconds: Double?
    @Option(help: "Save a PNG of the window just before quitting (needs --seconds).") var screenshot: String?
    @Flag(help: "Use SDL's software renderer.") var software = false
    @Flag(help: "At quit, print frames per second, dropped frames and the median frame's work (the first second left out).") var report = false

    func validate() throws {
        if let size, WindowSize(size) == nil { throw ValidationError("\(WindowSize.help); got '\(size)'") }
        if let seconds { guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be positive; got \(seconds)") } }
        if screenshot != nil, seconds == nil { throw ValidationError("--screenshot needs --seconds (it is taken just before quitting)") }
    }

    /// The window's root: the player filling it, and the keys.
    @MainActor final class PlayerScreen: ViewController {
        let player: LottieAnimationView
        init(animation: LottieAnimation) {
            player = LottieAnimationView(animation: animation)
            super.init()
        }
        override func loadView() {
            let v = View()
            v.backgroundColor = Color(red: 0.12, green: 0.12, blue: 0.14)
            player.translatesAutoresizingMaskIntoConstraints = false
            v.addSubview(player)
            LayoutConstraint.activate([
                player.leadingAnchor.constraint(equalTo: v.leadingAnchor), player.trailingAnchor.constraint(equalTo: v.trailingAnchor),
                player.topAnchor.constraint(equalTo: v.topAnchor), player.bottomAnchor.constraint(equalTo: v.bottomAnchor),
            ])
            setView(v)
            player.loopMode = .loop
            player.play()
        }
        override func handleKey(_ key: Key, isDown: Bool) -> Bool {
            guard isDown else { return false }
            switch key.name {
            case "space": if player.isAnimationPlaying { player.pause() } else { player.play() }
            case "left": player.currentFrame = (player.currentFrame - 1).rounded()
            case "right": player.currentFrame = (player.currentFrame + 1).rounded()
            case "1", "2", "3", "4":
                player.animationSpeed = [0.5, 1, 2, -1][Int(key.name)! - 1]
                if !player.isAnimationPlaying { player.play() }
            default: return false
            }
            return true
        }
    }

    func run() throws {
        let animation = try LottieInput.load(file, command: "play", animationID: self.animation)
        let size = self.size.flatMap(WindowSize.init)?.size
            ?? Size(width: min(max(animation.width, 320), 1280), height: min(max(animation.height, 240), 900))
        let (seconds, screenshot, software, report) = (self.seconds, self.screenshot, self.software, self.report)
        let environment = ProcessInfo.processInfo.environment
        // The player in a recording (IN6): the command line that shows the same animation.
        let app = "timeline play \(file)" + (self.animation.map { " --animation \($0)" } ?? "")
        var replayStatus: Int32?
        let failure: String? = MainActor.assumeIsolated {
            // TIMELINE_REPLAY=rec.json: the player replays its own recording headless and quits.
            replayStatus = AppReplay.runIfRequested(app: app, size: size, environment: environment) { window, _ in
                window.rootViewController = PlayerScreen(animation: animation)
            }
            if replayStatus != nil { return nil }
            let host: SDLWindowHost
            do { host = try SDLWindowHost(title: "timeline play \((file as NSString).lastPathComponent)", size: size, software: software) } catch {
                return "timeline play: \(error)"
            }
            host.window.rootViewController = PlayerScreen(animation: animation)
            host.runLoop.measuresPhases = true
            // TIMELINE_INSPECT=PORT: the live inspector (IN1), kept while the player runs.
            let inspector = Inspector.startIfRequested(on: host.runLoop, appName: "timeline-play")
            var saveError: String?
            if let seconds {
                _ = host.runLoop.schedule(after: .nanoseconds(Int64(seconds * 1e9))) {
                    if let screenshot {
                        do { try host.saveScreenshot(to: screenshot) } catch { saveError = "timeline play: \(error)" }
                    }
                    host.runLoop.stop()
                }
            }
            var start: Int64 = 0, frames = 0, dropped = 0
            var work: [Double] = []
            let observer = host.runLoop.addFrameObserver(keepsClockRunning: false) { info in
                guard report else { return }
                let now = MonotonicClock.now()
                if start == 0 { start = now }
                guard now - start >= 1_000_000_000 else { return }
                frames += 1
                dropped += info.droppedFrames
                work.append(Double(host.runLoop.lastFramePhaseNanoseconds.reduce(0, +)) / 1e6)
            }
            print("timeline play: \(Int(animation.width))x\(Int(animation.height)), \(animation.layers.count) layers, "
                  + "\(fmt(animation.framerate, digits: 0)) fps, \(host.rendererName) renderer")
            // TIMELINE_RECORD=path: the session's input and clock, written when the player quits.
            let recorder = SessionRecorder.startIfRequested(on: host.runLoop, windowSize: size, app: app, environment: environment)
            withExtendedLifetime(inspector) { host.run() }
            host.runLoop.removeFrameObserver(observer)
            if let recorder {
                do {
                    if let line = try AppReplay.finishRecording(recorder, window: host.window, who: "timeline play") { print(line) }
                } catch { return "timeline play: \(error)" }
            }
            if report, frames > 0 {
                let elapsed = Double(MonotonicClock.now() - start - 1_000_000_000) / 1e9
                let sorted = work.sorted()
                print("timeline play: \(frames) frames in \(fmt(elapsed, digits: 2)) s (\(fmt(Double(frames) / elapsed, digits: 1)) fps), "
                      + "\(dropped) dropped; frame work median \(fmt(sorted[sorted.count / 2])) ms, p99 \(fmt(sorted[min(sorted.count - 1, sorted.count * 99 / 100)])) ms")
            }
            return saveError
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
        if let replayStatus, replayStatus != 0 { throw ExitCode(replayStatus) }
    }
}
