import PanelApp
import Timeline
import TimelineSDL

// Opens a window with the panel screen and runs until it is closed. `--seconds S` quits after S
// seconds (for a smoke test under Xvfb).
let seconds = CommandLine.arguments.firstIndex(of: "--seconds").flatMap { i in
    CommandLine.arguments.indices.contains(i + 1) ? Double(CommandLine.arguments[i + 1]) : nil
}

MainActor.assumeIsolated {
    do {
        let host = try SDLWindowHost(title: "Example app", size: Size(width: 640, height: 400))
        host.window.rootViewController = PanelViewController()
        if let seconds {
            host.runLoop.schedule(after: .nanoseconds(Int64(seconds * 1e9))) { host.runLoop.stop() }
        }
        host.run()
    } catch {
        print("ExampleApp: \(error)")
    }
}
