import Foundation
import Geometry
import Timeline

// The device, its orientation and accessibility state, as UIKit reports them on a desktop: the
// screen is the application's window, so its size decides the idiom, the orientation and the
// size classes, and resizing the window changes them as rotating a device would.

public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6 }

public enum UIDeviceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscape, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

extension UIInterfaceOrientation {
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// `UIDevice`: the machine the application runs on. The idiom and orientation come from the
/// window's size (700 points or wider: a pad; wider than tall: landscape).
@preconcurrency @MainActor
public final class UIDevice: NSObject {
    public static let current = UIDevice()
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    public static let proximityStateDidChangeNotification = Notification.Name("UIDeviceProximityStateDidChangeNotification")

    public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

    public var name: String { ProcessInfo.processInfo.hostName }
    public var model: String { "Linux" }
    public var localizedModel: String { model }
    public var systemName: String { "Linux" }
    public var systemVersion: String {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return "\(v.majorVersion).\(v.minorVersion).\(v.patchVersion)"
    }
    /// A value that stays the same for this process.
    public let identifierForVendor: UUID? = UUID()
    public var userInterfaceIdiom: UIUserInterfaceIdiom { UIScreen.main.bounds.width >= 700 ? .pad : .phone }
    public var orientation: UIDeviceOrientation {
        let b = UIScreen.main.bounds
        return b.width > b.height ? .landscapeLeft : .portrait
    }
    public private(set) var isGeneratingDeviceOrientationNotifications = false
    private var orientationObservers = 0
    public func beginGeneratingDeviceOrientationNotifications() {
        orientationObservers += 1
        isGeneratingDeviceOrientationNotifications = true
    }
    public func endGeneratingDeviceOrientationNotifications() {
        orientationObservers = max(0, orientationObservers - 1)
        isGeneratingDeviceOrientationNotifications = orientationObservers > 0
    }
    /// Partial: a desktop reports no battery (level -1, state unknown) and no proximity sensor.
    public var isBatteryMonitoringEnabled = false
    public var batteryLevel: Float { -1 }
    public var batteryState: BatteryState { .unknown }
    public var isProximityMonitoringEnabled = false
    public var proximityState: Bool { false }
    public var isMultitaskingSupported: Bool { true }
    /// Partial: there is no input click sound.
    public func playInputClick() {}

    /// The window (the screen) changed size: an orientation change is posted when asked for.
    func screenDidResize(from old: CGSize, to new: CGSize) {
        guard isGeneratingDeviceOrientationNotifications, (old.width > old.height) != (new.width > new.height) else { return }
        NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: self)
    }
}

/// `UIAccessibility`: the state of assistive technologies. "Is running" and the preferences
/// other than reduce motion are false; a posted notification reaches the engine window's
/// accessibility observers (the AT-SPI bridge: an announcement is spoken, a screen or layout
/// change moves the reader) and observers of `UIAccessibility.postedNotification`.
@preconcurrency @MainActor
public enum UIAccessibility {
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
        public static let pageScrolled = Notification(rawValue: 1009)
    }
    /// Posted (to NotificationCenter) for each `post(notification:argument:)`, so tests and tools
    /// can see what would have been announced; the object is the argument.
    public static let postedNotification = Foundation.Notification.Name("TimelineUIAccessibilityPosted")
    public static func post(notification: Notification, argument: Any?) {
        if isOnMainQueue { MainActor.assumeIsolated { postToEngine(notification, argument) } }
        NotificationCenter.default.post(name: postedNotification, object: argument, userInfo: ["notification": notification.rawValue])
    }
    /// The engine's notification for `notification`, posted to the argument's window (the key
    /// window when the argument is no view or element).
    private static func postToEngine(_ notification: Notification, _ argument: Any?) {
        let object: AccessibilityObject? = (argument as? UIView)?.view ?? (argument as? UIAccessibilityElement)?.engine
        guard let window = object?.accessibilityWindow ?? UIApplication.shared.keyWindow?.engineWindow else { return }
        let text = (argument as? String) ?? (argument as? NSAttributedString)?.string
        switch notification {
        case .screenChanged: window.postAccessibilityNotification(.screenChanged(object))
        case .layoutChanged: window.postAccessibilityNotification(.layoutChanged(object))
        case .announcement: if let text { window.postAccessibilityNotification(.announcement(text)) }
        case .pageScrolled: if let text { window.postAccessibilityNotification(.pageScrolled(text)) }
        default: break
        }
    }
    public static var isVoiceOverRunning: Bool { false }
    public static var isSwitchControlRunning: Bool { false }
    /// The key window's engine flag, which follows the desktop's setting (AX4, TimelineDesktop).
    public static var isReduceMotionEnabled: Bool {
        guard isOnMainQueue else { return false }
        return MainActor.assumeIsolated { UIApplication.shared.keyWindow?.engineWindow.prefersReducedMotion ?? false }
    }
    public static var isReduceTransparencyEnabled: Bool { false }
    public static var isBoldTextEnabled: Bool { false }
    public static var isDarkerSystemColorsEnabled: Bool { false }
    public static var isInvertColorsEnabled: Bool { false }
    public static var prefersCrossFadeTransitions: Bool { isReduceMotionEnabled }
    public static var shouldDifferentiateWithoutColor: Bool { false }
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// Edges of a rectangle (screen-edge gestures, extended layout).
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// The idiom of the current device: `UIDevice.current.userInterfaceIdiom` under its C macro's
/// name (`UI_USER_INTERFACE_IDIOM() == .pad`), which iOS 13 deprecated and old code still calls.
/// Callable from any isolation, as the C macro is; off the main thread it answers `.phone`.
public func UI_USER_INTERFACE_IDIOM() -> UIUserInterfaceIdiom { onMainThread { UIDevice.current.userInterfaceIdiom } ?? .phone }
