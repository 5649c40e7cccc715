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
    /// `UIScene.ActivationState`: unattached, active or inactive in the foreground, or in the background.
    public enum ActivationState: Int, Sendable { case unattached, foregroundActive, foregroundInactive, background }
    /// What a scene was connected with. Partial: launch options carry nothing on Linux.
    public final class ConnectionOptions: NSObject, @unchecked Sendable {
        /// `UIScene.ConnectionOptions.urlContexts`: always empty on Linux.
        public let urlContexts: Set<UIOpenURLContext> = []
        /// `UIScene.ConnectionOptions.userActivities`: always empty on Linux.
        public let userActivities: Set<NSUserActivity> = []
        /// `UIScene.ConnectionOptions.sourceApplication`: always nil on Linux.
        public let sourceApplication: String? = nil
        /// `UIScene.ConnectionOptions.handoffUserActivityType`: always nil on Linux.
        public let handoffUserActivityType: String? = nil
        override init() { super.init() }
    }
    /// `UIScene.session`: the session the scene belongs to.
    public let session: UISceneSession
    /// The scene's delegate (kept strongly, as UIKit keeps it).
    open var delegate: (any UISceneDelegate)?
    /// `UIScene.activationState`: where the scene is in its life.
    public internal(set) var activationState: ActivationState = .unattached
    /// `UIScene.title`: the scene's title ("" by default).
    open var title: String! = ""
    /// `UIScene(session:connectionOptions:)`: a scene of `session`.
    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
        session.scene = self
    }
    /// `UIScene.willConnectNotification`: posted as the scene connects.
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    /// `UIScene.didDisconnectNotification`: posted after the scene disconnects.
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    /// `UIScene.didActivateNotification`: posted when the scene becomes active.
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    /// `UIScene.willDeactivateNotification`: posted before the scene stops being active.
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    /// `UIScene.willEnterForegroundNotification`: posted before the scene comes to the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    /// `UIScene.didEnterBackgroundNotification`: posted after the scene went to the background.
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
}

/// The scene that shows the application's windows.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// `UIWindowScene.windows`: the application's windows.
    public var windows: [UIWindow] { UIApplication.shared.windows }
    /// `UIWindowScene.keyWindow`: the application's key window.
    public var keyWindow: UIWindow? { UIApplication.shared.keyWindow }
    /// `UIWindowScene.screen`: `UIScreen.main`.
    public var screen: UIScreen { .main }
    /// `UIWindowScene.traitCollection`: `UITraitCollection.current`.
    public var traitCollection: UITraitCollection { .current }
    /// `UIWindowScene.interfaceOrientation`: always `.portrait`.
    public var interfaceOrientation: UIInterfaceOrientation { .portrait }
}

/// `UIInterfaceOrientation`: how the interface is turned; windows do not rotate here.
public enum UIInterfaceOrientation: Int, Sendable { case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight }

/// An activity a scene continues. Partial: Handoff does not exist on Linux; the type and its
/// values are kept.
public final class NSUserActivity: NSObject, @unchecked Sendable {
    /// `NSUserActivity.activityType`: the activity's type string.
    public let activityType: String
    /// `NSUserActivity.title`: the activity's title.
    public var title: String?
    /// `NSUserActivity.userInfo`: the activity's values.
    public var userInfo: [AnyHashable: Any]?
    /// `NSUserActivity(activityType:)`: an activity of `activityType` (nothing hands it off).
    public init(activityType: String) { self.activityType = activityType }
}

/// Partial: a URL opened with the application is not delivered on Linux.
public final class UIOpenURLContext: NSObject, @unchecked Sendable {
    /// `UIOpenURLContext.url`: the URL to open.
    public let url: URL
    init(url: URL) { self.url = url }
}

/// A scene's session: its role and configuration.
@preconcurrency @MainActor
public final class UISceneSession: NSObject {
    /// `UISceneSession.Role`: the kind of scene a session is for.
    public struct Role: RawRepresentable, Hashable, Sendable {
        /// The role's string.
        public let rawValue: String
        /// The role of string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An application window (the only role here).
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }
    /// `UISceneSession.role`: the session's role.
    public let role: Role
    /// `UISceneSession.configuration`: the configuration the scene was made with.
    public internal(set) var configuration: UISceneConfiguration
    /// `UISceneSession.scene`: the session's scene, while connected.
    public weak internal(set) var scene: UIScene?
    /// `UISceneSession.persistentIdentifier`: a UUID string made for the session.
    public let persistentIdentifier = UUID().uuidString
    /// `UISceneSession.userInfo`: values for your own use.
    public var userInfo: [String: Any]?
    /// `UISceneSession.stateRestorationActivity`: stored only; state is not restored.
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
    /// `UISceneConfiguration.name`: the configuration's name.
    public let name: String?
    /// `UISceneConfiguration.role`: the session role it is for.
    public let role: UISceneSession.Role
    /// `UISceneConfiguration.delegateClass`: the scene delegate's class, made when the scene connects.
    open var delegateClass: AnyClass?
    /// `UISceneConfiguration.sceneClass`: stored only; the scene is a `UIWindowScene`.
    open var sceneClass: AnyClass?
    /// `UISceneConfiguration(name:sessionRole:)`: a configuration of `name` for `sessionRole`.
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
    }
}

/// What a scene tells its delegate; every method is optional.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    /// `UISceneDelegate.scene(_:willConnectTo:options:)`: the scene is connecting; make its window here.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// `UISceneDelegate.sceneDidDisconnect(_:)`: the scene disconnected.
    func sceneDidDisconnect(_ scene: UIScene)
    /// `UISceneDelegate.sceneDidBecomeActive(_:)`: the scene became active.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// `UISceneDelegate.sceneWillResignActive(_:)`: the scene is about to stop being active.
    func sceneWillResignActive(_ scene: UIScene)
    /// `UISceneDelegate.sceneWillEnterForeground(_:)`: the scene is coming to the foreground.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// `UISceneDelegate.sceneDidEnterBackground(_:)`: the scene went to the background.
    func sceneDidEnterBackground(_ scene: UIScene)
    /// Partial: not called; URLs are not opened with the application on Linux.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}
extension UISceneDelegate {
    /// Does nothing by default.
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    /// Does nothing by default.
    public func sceneDidDisconnect(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneWillResignActive(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    /// Does nothing by default.
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// A window scene's delegate, which keeps the scene's window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// `UIWindowSceneDelegate.window`: the scene's window.
    var window: UIWindow? { get set }
}
extension UIWindowSceneDelegate {
    /// Nil by default; setting does nothing.
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
