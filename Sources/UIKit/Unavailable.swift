// What does not exist on Linux is a compile-time message where UIKit has the API (UK7).

/// `UIStoryboard`: no storyboard can be made on Linux (its initialiser is refused with a
/// message), so none exists; the type is here so that code reading a controller's
/// `UIViewController.storyboard`, always nil, compiles (RU7).
public final class UIStoryboard {
    /// Unavailable: storyboards do not exist on Linux.
    @available(*, unavailable, message: "storyboards do not exist on Linux; build the interface in code")
    public init(name: String, bundle: Bundle?) {}
    /// Never called: no storyboard exists.
    public func instantiateInitialViewController() -> UIViewController? { nil }
    /// Never called: no storyboard exists.
    public func instantiateViewController(withIdentifier identifier: String) -> UIViewController { UIViewController() }
}
extension UIViewController {
    /// The storyboard the controller came from: always nil, as on iOS for a controller made in
    /// code (no storyboard can be made here).
    public var storyboard: UIStoryboard? { nil }
}
/// `UINib`: unavailable; nibs do not exist on Linux.
@available(*, unavailable, message: "nibs do not exist on Linux; build the interface in code")
public final class UINib {
    /// Unavailable.
    public init(nibName: String, bundle: Bundle?) {}
}
extension Bundle {
    /// Views from nib files: refused with UIKit's signature, so a call gets this message rather
    /// than a missing member (RU7).
    @available(*, unavailable, message: "nibs do not exist on Linux; build the interface in code")
    public func loadNibNamed(_ name: String, owner: Any?, options: [String: Any]? = nil) -> [Any]? { nil }
}
/// `UIImpactFeedbackGenerator`: unavailable; use `NoHaptics.ImpactFeedbackGenerator`.
@available(*, unavailable, message: "haptics do not exist on Linux desktops; use NoHaptics.ImpactFeedbackGenerator, which does nothing, or leave the feedback out")
public final class UIImpactFeedbackGenerator {
    /// Unavailable.
    public enum FeedbackStyle: Int { case light, medium, heavy, soft, rigid }
    /// Unavailable.
    public init(style: FeedbackStyle) {}
    /// Unavailable.
    public func impactOccurred() {}
    /// Unavailable.
    public func prepare() {}
}
/// `UINotificationFeedbackGenerator`: unavailable; use `NoHaptics.NotificationFeedbackGenerator`.
@available(*, unavailable, message: "haptics do not exist on Linux desktops; use NoHaptics.NotificationFeedbackGenerator, which does nothing, or leave the feedback out")
public final class UINotificationFeedbackGenerator {
    /// Unavailable.
    public enum FeedbackType: Int { case success, warning, error }
    /// Unavailable.
    public init() {}
    /// Unavailable.
    public func notificationOccurred(_ type: FeedbackType) {}
}
/// `UISelectionFeedbackGenerator`: unavailable; use `NoHaptics.SelectionFeedbackGenerator`.
@available(*, unavailable, message: "haptics do not exist on Linux desktops; use NoHaptics.SelectionFeedbackGenerator, which does nothing, or leave the feedback out")
public final class UISelectionFeedbackGenerator {
    /// Unavailable.
    public init() {}
    /// Unavailable.
    public func selectionChanged() {}
}

extension UIApplication {
    /// More scenes than the one made at launch do not exist on a Linux desktop.
    @available(*, unavailable, message: "scene sessions beyond launch do not exist on Linux: the application has the one window scene made at launch")
    public func requestSceneSessionActivation(_ sceneSession: UISceneSession?, userActivity: NSUserActivity?,
                                              options: Any?, errorHandler: ((any Error) -> Void)? = nil) {}
    /// Unavailable: the application has only the scene made at launch.
    @available(*, unavailable, message: "scene sessions beyond launch do not exist on Linux: the application has the one window scene made at launch")
    public func requestSceneSessionDestruction(_ sceneSession: UISceneSession, options: Any?,
                                               errorHandler: ((any Error) -> Void)? = nil) {}
    /// Whether more than one scene can be shown: never on Linux.
    public var supportsMultipleScenes: Bool { false }
}
