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

extension NotificationCenter {
    /// Calls `aSelector` on `observer` (held weakly; the observation ends when it is gone) with
    /// the notification, for each `aName` posted by `anObject` (any name or object for nil).
    /// Partial: `removeObserver(_:)` is Foundation's and does not know these observations; they
    /// end when the observer is deallocated, as on iOS 9 and later.
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        let box = WeakTarget(observer as AnyObject)
        let token = TokenBox()
        token.value = addObserver(forName: aName, object: anObject, queue: nil) { [weak self] note in
            guard let target = box.object else {
                if let t = token.value { self?.removeObserver(t) }
                return
            }
            let deliver = {
                MainActor.assumeIsolated {
                    if !aSelector.perform(on: target, with: note).performed {
                        print("NotificationCenter: \(type(of: target)) does not implement \(aSelector.name) taking a Notification")
                    }
                }
            }
            // On the main queue (the main actor's), at once, as iOS calls on the posting thread;
            // from another thread, on the main queue next.
            if isOnMainQueue { deliver() } else {
                DispatchQueue.main.async(execute: deliver)
            }
        }
    }
}

/// Marks the main queue, so code can tell it runs there (the main actor's executor) even when
/// the queue is drained by a thread other than the main one. (The key is Sendable; the value it
/// marks is set once, when the key is first used.)
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Whether this code runs on the main queue (the main actor's executor), on whichever thread.
var isOnMainQueue: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil }

/// The observation token a selector observer removes itself with once its target is gone.
private final class TokenBox: @unchecked Sendable {
    var value: (any NSObjectProtocol)?
}

extension UIResponder {
    /// Posted by an on-screen keyboard; a desktop has none, so these are never posted (code
    /// observing them sees a hardware keyboard, as on an iPad with one).
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// `UIResponder.keyboardDidShowNotification`: never posted (no on-screen keyboard).
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// `UIResponder.keyboardWillHideNotification`: never posted (no on-screen keyboard).
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// `UIResponder.keyboardDidHideNotification`: never posted (no on-screen keyboard).
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// `UIResponder.keyboardWillChangeFrameNotification`: never posted (no on-screen keyboard).
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// `UIResponder.keyboardDidChangeFrameNotification`: never posted (no on-screen keyboard).
    public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// Whether the keyboard belongs to this app (always, were one posted).
    public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
    /// The keyboard's frame before the change (never posted here).
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame after the change (never posted here).
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The keyboard animation's duration (never posted here).
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The keyboard animation's curve (never posted here).
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
}

extension UIWindow {
    /// `UIWindow.didBecomeKeyNotification`: posted when a window becomes the key window
    /// (`makeKeyAndVisible()` of a window that was not), the window as its object.
    public static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    /// `UIWindow.didResignKeyNotification`: posted when another window becomes key, the window
    /// that was key as its object.
    public static let didResignKeyNotification = Notification.Name("UIWindowDidResignKeyNotification")
}

extension UIApplication {
    /// Posted at launch (after the delegate's launch, then when it becomes active) and at the
    /// end of a windowed run (will terminate). A desktop window does not go to the background.
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// `UIApplication.didBecomeActiveNotification`: posted at launch once the application is active.
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// `UIApplication.willResignActiveNotification`: never posted; a desktop window stays active.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// `UIApplication.didEnterBackgroundNotification`: never posted; a desktop window does not go to the
    /// background.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// `UIApplication.willEnterForegroundNotification`: never posted.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// `UIApplication.willTerminateNotification`: posted at the end of a windowed run.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted when a window receives a memory warning (resident memory past the budget the app
    /// set on the engine window, the kernel's memory pressure, or a simulated warning), before
    /// the controllers' `didReceiveMemoryWarning()`.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}
