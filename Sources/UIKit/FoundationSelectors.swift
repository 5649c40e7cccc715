// Foundation's selector-taking API that Foundation on Linux leaves out (it has no `Selector`):
// the target/selector forms of `Timer`, performed through the facade's selectors (UK3, UK4).
// The timers are Foundation's own, on the main run loop the application serves in each
// frame's event phase.

extension Timer {
    /// A timer that performs `aSelector` on `aTarget` (held weakly, unlike Foundation's strong
    /// hold) with the timer as the argument. `userInfo` is not kept: Foundation on Linux has
    /// nowhere to put it.
    @discardableResult
    public class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                                     userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
        let timer = Timer(timeInterval: ti, target: aTarget, selector: aSelector, userInfo: userInfo, repeats: yesOrNo)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }

    /// An unscheduled timer performing `aSelector` on `aTarget`; add it to a run loop.
    public convenience init(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                            userInfo: Any?, repeats yesOrNo: Bool) {
        let box = WeakTarget(aTarget as AnyObject)
        self.init(timeInterval: ti, repeats: yesOrNo) { timer in
            guard let target = box.object else { timer.invalidate(); return }
            MainActor.assumeIsolated {
                if !aSelector.perform(on: target, with: timer).performed {
                    print("Timer: \(type(of: target)) does not implement \(aSelector.name) taking a Timer")
                }
            }
        }
    }
}

/// A weak reference a timer's block may carry (timers fire on the main run loop only).
private final class WeakTarget: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
