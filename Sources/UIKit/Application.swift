// The application: the run loop it owns, its delegate and scenes, `UIApplicationMain` (UK1).
import Geometry
import RenderModel
import TextEngine
import Timeline
import TimelineSDL
import UpdateLoop
import FrameTiming
import SceneReading
import Motion
import TimelineInspector

/// `UIApplication`: owns the run loop (an SDL window, or headless frames when
/// `UIKIT_HEADLESS=SECONDS` is set, writing `UIKIT_SCREENSHOT` if given), and is `shared`.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    private static var current: UIApplication?
    /// `UIApplication.shared`: the running application (made on first use).
    public static var shared: UIApplication {
        if let c = current { return c }
        let a = UIApplication()
        current = a
        return a
    }
    /// `UIApplication.delegate`: the application's delegate.
    public weak var delegate: (any UIApplicationDelegate)?
    /// Partial: a desktop window has no status bar; its frame is empty, its orientation
    /// portrait, and its style is kept for code that reads it back (iOS 13 deprecated these).
    public var statusBarFrame: CGRect { .zero }
    /// `UIApplication.statusBarOrientation`: always `.portrait`.
    public var statusBarOrientation: UIInterfaceOrientation { .portrait }
    /// `UIApplication.statusBarStyle`: stored only.
    public var statusBarStyle: UIStatusBarStyle = .default
    /// `UIApplication.isStatusBarHidden`: stored only.
    public var isStatusBarHidden = false
    /// `UIApplication.setStatusBarStyle(_:animated:)`: stores `style`.
    public func setStatusBarStyle(_ style: UIStatusBarStyle, animated: Bool) { statusBarStyle = style }
    weak var keyWindowStorage: UIWindow?
    private var allWindows: [UIWindow] = []
    /// `UIApplication.windows`: the application's windows.
    public var windows: [UIWindow] { allWindows }
    /// `UIApplication.keyWindow`: the window made key last.
    public var keyWindow: UIWindow? { keyWindowStorage }
    /// `UIApplication.connectedScenes`: the window scene, when a scene delegate is used.
    public var connectedScenes: Set<UIScene> { windowScene.map { [$0] } ?? [] }
    /// The window scene (with a scene delegate, from launch).
    var windowScene: UIWindowScene?
    /// Makes the scene delegate `UIApplication.main(_:sceneDelegate:)` was given.
    var sceneDelegateFactory: (() -> any UISceneDelegate)?
    /// `UIApplication.applicationState`: always `.active`.
    public var applicationState: State { .active }
    /// `UIApplication.State`: active, inactive or background; always active here.
    public enum State: Int, Sendable { case active, inactive, background }
    /// `UIApplication.isIdleTimerDisabled`: stored only; the screen saver is not held off.
    public var isIdleTimerDisabled = false
    /// `UIApplication.applicationIconBadgeNumber`: stored only; there is no icon badge.
    public var applicationIconBadgeNumber = 0
    /// The appearance proxies of the application's views (``Views/AppearanceRegistry``): the
    /// registry of the engine window the application was attached to, else the key window's,
    /// else the application's own until a window exists.
    var appearance: AppearanceRegistry {
        (attachedWindow ?? keyWindowStorage?.engineWindow)?.appearance ?? ownAppearance
    }
    private lazy var ownAppearance = AppearanceRegistry()
    /// The engine window last given to ``attach(runLoop:window:)``.
    private weak var attachedWindow: Window?
    /// The engine window standing for the screen: the key window's, else the attached one (an
    /// SDL host's before any window is key). `UIPasteboard.general` is its pasteboard (DK3) and
    /// `UIScreen.main.scale` its scale (DK2).
    var screenWindow: Window? { keyWindowStorage?.engineWindow ?? attachedWindow }
    /// `UIApplication.LaunchOptionsKey`: a key of the launch options (none are given on Linux).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public let rawValue: String
        /// The key of string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    /// `UIApplication.sendAction(_:to:from:for:)`: performs `action` on `target`; false when the target
    /// is nil (the responder chain is not searched) or does not implement it.
    public func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        guard let t = target.map({ $0 as AnyObject }) else { return false }
        return action.perform(on: t, with: sender, event).performed
    }
    /// `UIApplication.open(_:options:completionHandler:)`: opens nothing; calls the handler with false.
    public func open(_ url: URL, options: [String: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) { completionHandler?(false) }
    /// `UIApplication.canOpenURL(_:)`: always false.
    public func canOpenURL(_ url: URL) -> Bool { false }
    /// The fonts text is laid out with: the key window's, or the application's own before a
    /// window exists.
    public var fontSystem: FontSystem { keyWindowStorage?.engineWindow.fontSystem ?? ownFonts }
    private lazy var ownFonts = FontSystem.standard()
    /// `UIApplication.beginIgnoringInteractionEvents()`: does nothing.
    public func beginIgnoringInteractionEvents() {}
    /// `UIApplication.endIgnoringInteractionEvents()`: does nothing.
    public func endIgnoringInteractionEvents() {}

    /// Lists `w` and, when it was not the key window before, posts `UIWindow`'s key
    /// notifications: the previous key window resigns, `w` becomes key (object: the window).
    func windowDidBecomeKey(_ w: UIWindow, previous: UIWindow?) {
        if !allWindows.contains(where: { $0 === w }) { allWindows.append(w) }
        guard previous !== w else { return }
        if let previous { NotificationCenter.default.post(name: UIWindow.didResignKeyNotification, object: previous) }
        NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: w)
    }

    /// The engine window the first `UIWindow` takes (the SDL window's, or the headless one).
    private var hostWindow: Window?
    func takeHostWindow() -> Window? { defer { hostWindow = nil }; return hostWindow }

    /// Runs the application: the delegate's launch, then frames until the window closes (or,
    /// headless, for the seconds `UIKIT_HEADLESS` gives).
    func run(delegate: any UIApplicationDelegate) -> Never {
        self.delegate = delegate
        let env = ProcessInfo.processInfo.environment
        let size = UIScreen.main.bounds.size.size
        // TIMELINE_REPLAY=rec.json: the app replays its own recording headless and exits (IN6).
        replayIfRequested(delegate, size: size, environment: env)
        if let text = env["UIKIT_HEADLESS"] {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                print("UIApplication: UIKIT_HEADLESS must be a number of seconds in (0, 3600]; got \(text)")
                exit(2)
            }
            let host = HeadlessHost(size: size)
            attach(runLoop: host.runLoop, window: host.window)
            var renderer: ImageRenderer?
            if env["UIKIT_SCREENSHOT"] != nil {
                do {
                    let r = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
                    host.window.renderer = r
                    renderer = r
                } catch { print("UIApplication: \(error)"); exit(1) }
            }
            if let path = env["UIKIT_INPUT"] {
                // A scene file's scripted input (SceneReading's ScriptedInput: only its "input"
                // is read), sent as its times come.
                do { scheduleInput(try ScriptedInput.load(path: path), on: host.runLoop) } catch {
                    print("UIApplication: UIKIT_INPUT: \(error)")
                    exit(2)
                }
            }
            let recorder = startRecordingIfRequested(on: host.runLoop, size: size, environment: env)
            launch(delegate)
            host.step(frames: max(1, Int(seconds * 60)))
            if let recorder { finishRecording(recorder, window: host.window) }
            if env["UIKIT_DUMP"] != nil { dumpTree(host.window.rootView, depth: 0) }
            if let path = env["UIKIT_SCREENSHOT"], let renderer {
                do { try renderer.savePNG(to: path) } catch { print("UIApplication: \(error)"); exit(1) }
            }
            exit(0)
        }
        let host: SDLWindowHost
        do { host = try SDLWindowHost(title: ProcessInfo.processInfo.processName, size: size) } catch {
            print("UIApplication: cannot open a window: \(error)")
            exit(1)
        }
        attach(runLoop: host.runLoop, window: host.window)
        let recorder = startRecordingIfRequested(on: host.runLoop, size: size, environment: env)
        launch(delegate)
        host.run()
        if let recorder { finishRecording(recorder, window: host.window) }
        disconnectScene()
        delegate.applicationWillTerminate(self)
        NotificationCenter.default.post(name: UIApplication.willTerminateNotification, object: self)
        exit(0)
    }
    /// Sends `steps` on `loop` as the frames reach their times (seconds after the first frame).
    private func scheduleInput(_ steps: [InputStep], on loop: MainRunLoop) {
        guard !steps.isEmpty else { return }
        var next = 0
        var start: Int64?
        loop.schedule(after: .zero, repeating: .nanoseconds(1)) {
            let now = loop.currentMediaTimeNanoseconds
            if start == nil { start = now }
            while next < steps.count, MediaTime.nanoseconds(steps[next].at) <= now - start! {
                loop.send(steps[next].event)
                next += 1
            }
        }
    }

    /// A window's memory warning: the delegate is told, then the notification is posted.
    func didReceiveMemoryWarning() {
        delegate?.applicationDidReceiveMemoryWarning(self)
        NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: self)
    }

    /// Prints the view tree with frames (headless runs with `UIKIT_DUMP` set).
    private func dumpTree(_ v: View, depth: Int) {
        let name = v.facade.map { String(describing: type(of: $0)) } ?? String(describing: type(of: v))
        let flags = (v.isHidden ? " hidden" : "") + (v.alpha < 1 ? " alpha=\(v.alpha)" : "")
        print(String(repeating: "  ", count: depth) + "\(name) \(v.frame)\(flags)")
        for s in v.subviews { dumpTree(s, depth: depth + 1) }
    }

    /// Hooks the application to an engine run loop and window (the SDL host's, a headless
    /// one, or a test's): the first `UIWindow` made takes the window, display links and
    /// timers run on the loop, and Foundation's main run loop is served in its event phase.
    package func attach(runLoop: MainRunLoop, window: Window, inspects: Bool = true) {
        hostWindow = window
        attachedWindow = window
        CAEngineHost.runLoop = runLoop
        pumpFoundation(runLoop)
        // The live inspector, when TIMELINE_INSPECT asks (IN1): its tree shows UIKit's class names.
        if inspects, inspector == nil { inspector = Inspector.startIfRequested(on: runLoop) }
    }
    /// The live inspector, when the environment asked for one.
    private var inspector: Inspector?
    func launch(_ delegate: any UIApplicationDelegate) {
        _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
        if keyWindowStorage == nil, let w = delegate.window { w.makeKeyAndVisible() }
        NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: self)
        if let make = sceneDelegateFactory { connectScene(make, appDelegate: delegate) }
        delegate.applicationDidBecomeActive(self)
        NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: self)
    }
    /// Serves Foundation's main run loop (DispatchQueue.main work, scheduled Timers) in the
    /// event phase of every frame, so such work sees UIKit's order (UK4). One pass of
    /// Foundation's loop handles one kind of work, so there are two: the timers that are due,
    /// then the main queue (work queued from there runs in the next frame, as on iOS). About
    /// 7 µs a frame.
    private func pumpFoundation(_ loop: MainRunLoop) {
        loop.schedule(after: .zero, repeating: .nanoseconds(1)) {
            _ = RunLoop.main.run(mode: .default, before: .distantPast)
            _ = RunLoop.main.run(mode: .default, before: .distantPast)
        }
    }
}

/// `UIApplicationMain` finds the delegate class by name, which needs the Objective-C runtime.
@available(*, unavailable, message: "Linux has no Objective-C runtime to make a delegate from its class name; call UIApplication.main(AppDelegate()) in main.swift")
@preconcurrency @MainActor
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 { 1 }

extension UIApplication {
    /// Runs the application with `delegate` (Linux's entry point: `@main` on a delegate class
    /// cannot make the delegate without an Objective-C runtime, so `main.swift` calls this).
    /// Callable from `main.swift`'s top-level code, which runs on the main thread.
    public nonisolated static func main(_ delegate: @autoclosure @MainActor () -> any UIApplicationDelegate) -> Never {
        MainActor.assumeIsolated { shared.run(delegate: delegate()) }
    }
}
