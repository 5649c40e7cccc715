// What does not exist on Linux is a compile-time message where UIKit has the API (UK7).

@available(*, unavailable, message: "storyboards do not exist on Linux; build the interface in code")
public final class UIStoryboard {
    public init(name: String, bundle: Bundle?) {}
}
@available(*, unavailable, message: "nibs do not exist on Linux; build the interface in code")
public final class UINib {
    public init(nibName: String, bundle: Bundle?) {}
}
@available(*, unavailable, message: "haptics do not exist on Linux desktops")
public final class UIImpactFeedbackGenerator {
    public enum FeedbackStyle: Int { case light, medium, heavy, soft, rigid }
    public init(style: FeedbackStyle) {}
    public func impactOccurred() {}
    public func prepare() {}
}
@available(*, unavailable, message: "haptics do not exist on Linux desktops")
public final class UINotificationFeedbackGenerator {
    public enum FeedbackType: Int { case success, warning, error }
    public init() {}
    public func notificationOccurred(_ type: FeedbackType) {}
}
@available(*, unavailable, message: "haptics do not exist on Linux desktops")
public final class UISelectionFeedbackGenerator {
    public init() {}
    public func selectionChanged() {}
}
