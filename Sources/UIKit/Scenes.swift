import Foundation
import Timeline

// UIKit's scene life cycle for the one window scene an application has on a desktop: made at
// launch (before the first frame), active while the window is open, sent to the background
// and disconnected when it closes. Without an Info.plist to name the delegate class, and
// without an Objective-C runtime to make one from its name, `main.swift` passes the scene
// delegate: `UIApplication.main(AppDelegate(), sceneDelegate: SceneDelegate())`.

/// A scene (a window scene here): its session, delegate and activation state.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable { case unattached, foregroundActive, foregroundInactive, background }
    /// What a scene was connected with. Partial: launch options carry nothing on Linux.
    public final class ConnectionOptions: NSObject, @unchecked Sendable {
        public let urlContexts: Set<UIOpenURLContext> = []
        public let userActivities: Set<NSUserActivity> = []
        public let sourceApplication: String? = nil
        public let handoffUserActivityType: String? = nil
        override init() { super.init() }
    }
    public let session: UISceneSession
    /// The scene's delegate (kept strongly, as UIKit keeps it).
    open var delegate: (any UISceneDelegate)?
    public internal(set) var activationState: ActivationState = .unattached
    open var title: String! = ""
    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
        session.scene = self
    }
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
}

/// The scene that shows the application's windows.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    public var windows: [UIWindow] { UIApplication.shared.windows }
    public var keyWindow: UIWindow? { UIApplication.shared.keyWindow }
    public var screen: UIScreen { .main }
    public var traitCollection: UITraitCollection { .current }
    public var interfaceOrientation: UIInterfaceOrientation { .portrait }
}

public enum UIInterfaceOrientation: Int, Sendable { case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight }

/// An activity a scene continues. Partial: Handoff does not exist on Linux; the type and its
/// values are kept.
public final class NSUserActivity: NSObject, @unchecked Sendable {
    public let activityType: String
    public var title: String?
    public var userInfo: [AnyHashable: Any]?
    public init(activityType: String) { self.activityType = activityType }
}

/// Partial: a URL opened with the application is not delivered on Linux.
public final class UIOpenURLContext: NSObject, @unchecked Sendable {
    public let url: URL
    init(url: URL) { self.url = url }
}

/// A scene's session: its role and configuration.
@preconcurrency @MainActor
public final class UISceneSession: NSObject {
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }
    public let role: Role
    public internal(set) var configuration: UISceneConfiguration
    public weak internal(set) var scene: UIScene?
    public let persistentIdentifier = UUID().uuidString
    public var userInfo: [String: Any]?
    public var stateRestorationActivity: NSUserActivity?
    init(role: Role) {
        self.role = role
        configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: role)
    }
}

/// The configuration a session is made with. Partial: `delegateClass` and `sceneClass` are
/// kept; the scene delegate is the one `main.swift` passes.
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
    public let name: String?
    public let role: UISceneSession.Role
    open var delegateClass: AnyClass?
    open var sceneClass: AnyClass?
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
    }
}

/// What a scene tells its delegate; every method is optional.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    /// Partial: not called; URLs are not opened with the application on Linux.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}
extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// A window scene's delegate, which keeps the scene's window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}
extension UIWindowSceneDelegate {
    public var window: UIWindow? { get { nil } set {} }
}

extension UIApplication {
    /// Runs the application with a window scene whose delegate is `sceneDelegate` (what an
    /// Info.plist's scene manifest names on iOS): after the delegate's launch, the scene
    /// connects (`scene(_:willConnectTo:options:)`, where the delegate makes its window),
    /// enters the foreground and becomes active; when the window closes it resigns, enters the
    /// background and disconnects.
    public nonisolated static func main(_ delegate: @autoclosure @MainActor () -> any UIApplicationDelegate,
                                        sceneDelegate: @escaping @autoclosure @MainActor () -> any UISceneDelegate) -> Never {
        MainActor.assumeIsolated {
            shared.sceneDelegateFactory = sceneDelegate
            shared.run(delegate: delegate())
        }
    }

    /// Connects the window scene, its delegate made by `make` (launch, after the delegate's
    /// didFinishLaunching).
    func connectScene(_ make: () -> any UISceneDelegate, appDelegate: any UIApplicationDelegate) {
        let session = UISceneSession(role: .windowApplication)
        let options = UIScene.ConnectionOptions()
        session.configuration = appDelegate.application(self, configurationForConnecting: session, options: options)
        let scene = UIWindowScene(session: session, connectionOptions: options)
        let delegate = make()
        scene.delegate = delegate
        windowScene = scene
        NotificationCenter.default.post(name: UIScene.willConnectNotification, object: scene)
        delegate.scene(scene, willConnectTo: session, options: options)
        if keyWindowStorage == nil, let w = (delegate as? any UIWindowSceneDelegate)?.window { w.makeKeyAndVisible() }
        scene.activationState = .foregroundInactive
        delegate.sceneWillEnterForeground(scene)
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: scene)
        scene.activationState = .foregroundActive
        delegate.sceneDidBecomeActive(scene)
        NotificationCenter.default.post(name: UIScene.didActivateNotification, object: scene)
    }

    /// The window closed: the scene resigns, goes to the background and disconnects.
    func disconnectScene() {
        guard let scene = windowScene, let delegate = scene.delegate else { return }
        scene.activationState = .foregroundInactive
        delegate.sceneWillResignActive(scene)
        NotificationCenter.default.post(name: UIScene.willDeactivateNotification, object: scene)
        scene.activationState = .background
        delegate.sceneDidEnterBackground(scene)
        NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: scene)
        scene.activationState = .unattached
        delegate.sceneDidDisconnect(scene)
        NotificationCenter.default.post(name: UIScene.didDisconnectNotification, object: scene)
    }
}
