import UpdateLoop
import FrameTiming

/// The run loop the facade's clocks and display links use: the application's (UIKit sets it
/// when `UIApplication` starts). Core Animation's API has no engine argument —
/// `CACurrentMediaTime()` and `CADisplayLink(target:selector:)` find "the" run loop — so this
/// one reference is the facade's only process-wide state, as UIKit's own `UIApplication.shared`.
@preconcurrency @MainActor
public enum CAEngineHost {
    /// The application's run loop; nil until `UIApplication` starts.
    public static var runLoop: MainRunLoop?
}

/// Seconds on the engine's media clock: the current frame's time while the application runs
/// (so animations and time read in the same frame agree), the monotonic clock when no
/// application does.
@preconcurrency @MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
    if let loop = CAEngineHost.runLoop { return loop.currentMediaTime }
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `CAFrameRateRange`.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest, highest and preferred frame rates, in frames a second.
    public var minimum: Float, maximum: Float, preferred: Float?
    /// A range of these rates (frames a second).
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    /// `CAFrameRateRange.default`: no preference (all zero).
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

/// `CADisplayLink`: calls its target's selector once a frame, in the frame's event phase
/// (UK4), with `timestamp` the frame's time and `targetTimestamp` the next one's.
///
/// As on iOS, the link retains its target and the run loop it was added to retains the link,
/// until ``invalidate()``: a link left running keeps its target alive (MR3), and invalidating
/// it frees both.
@preconcurrency @MainActor
public final class CADisplayLink: NSObject {
    /// Retained until ``invalidate()``, as Core Animation retains a display link's target.
    private var target: AnyObject?
    private let selector: Selector
    private var token: TimerToken?
    private weak var loop: MainRunLoop?
    /// `CADisplayLink.timestamp`: the run loop's media time at the current frame, in seconds.
    public private(set) var timestamp: CFTimeInterval = 0
    /// `CADisplayLink.targetTimestamp`: when the next frame is expected (`timestamp` plus `duration`).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// `CADisplayLink.duration`: the time between the last two frames, in seconds (1/60 at first).
    public private(set) var duration: CFTimeInterval = 1.0 / 60
    /// `CADisplayLink.isPaused`: whether calls are held.
    public var isPaused = false
    /// Frames between calls (1: every frame).
    public var preferredFramesPerSecond = 0
    /// `CADisplayLink.preferredFrameRateRange`: stored only; the link runs at the display's rate.
    public var preferredFrameRateRange = CAFrameRateRange.default
    /// `CADisplayLink.frameInterval`: stored only; use `preferredFramesPerSecond`.
    @available(*, deprecated, message: "use preferredFramesPerSecond")
    public var frameInterval = 1

    /// `CADisplayLink(target:selector:)`: a link calling `sel` on `target` each frame once added.
    public init(target: Any, selector sel: Selector) {
        self.target = target as AnyObject
        selector = sel
        super.init()
    }

    /// Starts calling the target on the application's run loop (the run loop and mode
    /// arguments are accepted as UIKit spells them; there is one loop).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard token == nil, let loop = CAEngineHost.runLoop else {
            if CAEngineHost.runLoop == nil {
                print("CADisplayLink: no application is running; create UIApplication (UIApplicationMain) first")
            }
            return
        }
        self.loop = loop
        // Phase 1 of every frame: a timer due at once that repeats at most once a frame. The
        // timer's closure holds the link, as the run loop retains a link added to it, until
        // invalidate() cancels the timer.
        token = loop.schedule(after: .zero, repeating: .nanoseconds(1)) { self.tick() }
    }
    /// `CADisplayLink.remove(from:forMode:)`: the same as `invalidate()`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }
    /// `CADisplayLink.invalidate()`: stops the calls and lets the run loop release the link.
    public func invalidate() {
        if let token, let loop { loop.cancel(token) }
        token = nil
        target = nil
    }

    private var frameCount = 0
    private func tick() {
        guard let loop else { return }
        let now = loop.currentMediaTime
        if timestamp > 0 { duration = max(1e-4, now - timestamp) }
        timestamp = now
        targetTimestamp = now + duration
        frameCount += 1
        let every = preferredFramesPerSecond > 0 ? max(1, Int((60.0 / Double(preferredFramesPerSecond)).rounded())) : 1
        guard !isPaused, frameCount % every == 0, let target else { return }
        let r = selector.perform(on: target, with: self)
        if !r.performed { print("CADisplayLink: \(type(of: target)) does not implement \(selector.name) taking a CADisplayLink") }
    }
}
