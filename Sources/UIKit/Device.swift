import Foundation
import Geometry
import Timeline

// The device, its orientation and accessibility state, as UIKit reports them on a desktop: the
// screen is the application's window, so its size decides the idiom, the orientation and the
// size classes, and resizing the window changes them as rotating a device would.

/// `UIUserInterfaceIdiom`: the kind of device; here phone or pad from the window's width.
public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6 }

/// `UIDeviceOrientation`: how the device is held; here portrait or landscape from the window's shape.
public enum UIDeviceOrientation: Int, Sendable {
    /// Unknown, the four rotations, and lying face up or down.
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    /// Whether the orientation is portrait (either way up).
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is landscape (either side).
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether the device lies face up or down.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Whether the orientation is portrait or landscape.
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// `UIInterfaceOrientationMask`: a set of interface orientations (windows do not rotate here).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    /// The mask as UIKit's bits.
    public let rawValue: UInt
    /// The mask whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Portrait.
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    /// Landscape left.
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    /// Landscape right.
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    /// Portrait upside down.
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    /// Both landscapes.
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation.
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscape, .portraitUpsideDown]
    /// Every orientation but upside down.
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

extension UIInterfaceOrientation {
    /// Whether the orientation is portrait (either way up).
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is landscape (either side).
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// `UIDevice`: the machine the application runs on. The idiom and orientation come from the
/// window's size (700 points or wider: a pad; wider than tall: landscape).
@preconcurrency @MainActor
public final class UIDevice: NSObject {
    /// `UIDevice.current`: the machine the application runs on.
    public static let current = UIDevice()
    /// `UIDevice.orientationDidChangeNotification`: posted when the window's shape turns portrait or
    /// landscape while notifications are being generated.
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    /// `UIDevice.batteryLevelDidChangeNotification`: never posted here.
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    /// `UIDevice.batteryStateDidChangeNotification`: never posted here.
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    /// `UIDevice.proximityStateDidChangeNotification`: never posted here.
    public static let proximityStateDidChangeNotification = Notification.Name("UIDeviceProximityStateDidChangeNotification")

    /// `UIDevice.BatteryState`: always unknown here.
    public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

    /// `UIDevice.name`: the machine's host name.
    public var name: String { ProcessInfo.processInfo.hostName }
    /// `UIDevice.model`: "Linux".
    public var model: String { "Linux" }
    /// `UIDevice.localizedModel`: "Linux".
    public var localizedModel: String { model }
    /// `UIDevice.systemName`: "Linux".
    public var systemName: String { "Linux" }
    /// `UIDevice.systemVersion`: the kernel's version, major.minor.patch.
    public var systemVersion: String {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return "\(v.majorVersion).\(v.minorVersion).\(v.patchVersion)"
    }
    /// A value that stays the same for this process.
    public let identifierForVendor: UUID? = UUID()
    /// `UIDevice.userInterfaceIdiom`: `.pad` when the screen is 700 points wide or more, else `.phone`.
    public var userInterfaceIdiom: UIUserInterfaceIdiom { UIScreen.main.bounds.width >= 700 ? .pad : .phone }
    /// `UIDevice.orientation`: landscape left when the screen is wider than tall, else portrait.
    public var orientation: UIDeviceOrientation {
        let b = UIScreen.main.bounds
        return b.width > b.height ? .landscapeLeft : .portrait
    }
    /// `UIDevice.isGeneratingDeviceOrientationNotifications`: whether anyone asked for them.
    public private(set) var isGeneratingDeviceOrientationNotifications = false
    private var orientationObservers = 0
    /// `UIDevice.beginGeneratingDeviceOrientationNotifications()`: one more observer of orientation.
    public func beginGeneratingDeviceOrientationNotifications() {
        orientationObservers += 1
        isGeneratingDeviceOrientationNotifications = true
    }
    /// `UIDevice.endGeneratingDeviceOrientationNotifications()`: one fewer observer of orientation.
    public func endGeneratingDeviceOrientationNotifications() {
        orientationObservers = max(0, orientationObservers - 1)
        isGeneratingDeviceOrientationNotifications = orientationObservers > 0
    }
    /// Partial: a desktop reports no battery (level -1, state unknown) and no proximity sensor.
    public var isBatteryMonitoringEnabled = false
    /// `UIDevice.batteryLevel`: -1, unknown.
    public var batteryLevel: Float { -1 }
    /// `UIDevice.batteryState`: `.unknown`.
    public var batteryState: BatteryState { .unknown }
    /// `UIDevice.isProximityMonitoringEnabled`: stored only; there is no proximity sensor.
    public var isProximityMonitoringEnabled = false
    /// `UIDevice.proximityState`: false.
    public var proximityState: Bool { false }
    /// `UIDevice.isMultitaskingSupported`: true.
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
    /// `UIAccessibility.Notification`: something an assistive technology should hear about.
    public struct Notification: RawRepresentable, Hashable, Sendable {
        /// The notification as UIKit's number.
        public let rawValue: UInt32
        /// The notification of number `rawValue`.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// A new screen appeared: the engine window's `.screenChanged`.
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout changed: the engine window's `.layoutChanged`.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Speak a string: the engine window's `.announcement`.
        public static let announcement = Notification(rawValue: 1008)
        /// A page scrolled (with a string saying where): the engine window's `.pageScrolled`.
        public static let pageScrolled = Notification(rawValue: 1009)
    }
    /// Posted (to NotificationCenter) for each `post(notification:argument:)`, so tests and tools
    /// can see what would have been announced; the object is the argument.
    public static let postedNotification = Foundation.Notification.Name("TimelineUIAccessibilityPosted")
    /// `UIAccessibility.post(notification:argument:)`: posts to the argument's engine window (the key
    /// window's) and to `NotificationCenter`.
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
    /// `UIAccessibility.isVoiceOverRunning`: false; no screen reader is detected here.
    public static var isVoiceOverRunning: Bool { false }
    /// `UIAccessibility.isSwitchControlRunning`: false.
    public static var isSwitchControlRunning: Bool { false }
    /// The key window's engine flag, which follows the desktop's setting (AX4, TimelineDesktop).
    public static var isReduceMotionEnabled: Bool {
        guard isOnMainQueue else { return false }
        return MainActor.assumeIsolated { UIApplication.shared.keyWindow?.engineWindow.prefersReducedMotion ?? false }
    }
    /// `UIAccessibility.isReduceTransparencyEnabled`: false; the setting is not read.
    public static var isReduceTransparencyEnabled: Bool { false }
    /// `UIAccessibility.isBoldTextEnabled`: false; the setting is not read.
    public static var isBoldTextEnabled: Bool { false }
    /// `UIAccessibility.isDarkerSystemColorsEnabled`: false; the setting is not read.
    public static var isDarkerSystemColorsEnabled: Bool { false }
    /// `UIAccessibility.isInvertColorsEnabled`: false; the setting is not read.
    public static var isInvertColorsEnabled: Bool { false }
    /// `UIAccessibility.prefersCrossFadeTransitions`: the same as `isReduceMotionEnabled`.
    public static var prefersCrossFadeTransitions: Bool { isReduceMotionEnabled }
    /// `UIAccessibility.shouldDifferentiateWithoutColor`: false; the setting is not read.
    public static var shouldDifferentiateWithoutColor: Bool { false }
    /// `UIAccessibility.voiceOverStatusDidChangeNotification`: never posted here.
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
    /// `UIAccessibility.reduceMotionStatusDidChangeNotification`: posted when the desktop's reduce-motion
    /// setting changes.
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// Edges of a rectangle (screen-edge gestures, extended layout).
public struct UIRectEdge: OptionSet, Sendable {
    /// The edges as UIKit's bits.
    public let rawValue: UInt
    /// The edges whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// The idiom of the current device: `UIDevice.current.userInterfaceIdiom` under its C macro's
/// name (`UI_USER_INTERFACE_IDIOM() == .pad`), which iOS 13 deprecated and old code still calls.
/// Callable from any isolation, as the C macro is; off the main thread it answers `.phone`.
public func UI_USER_INTERFACE_IDIOM() -> UIUserInterfaceIdiom { onMainThread { UIDevice.current.userInterfaceIdiom } ?? .phone }
