import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UIAlertAction` over the engine's `AlertAction`; its handler gets this object.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable { case `default`, cancel, destructive }
    package private(set) var engine: AlertAction!
    public let title: String?
    public let style: Style
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title; self.style = style
        super.init()
        let engineStyle: AlertAction.Style = switch style { case .default: .default; case .cancel: .cancel; case .destructive: .destructive }
        engine = AlertAction(title: title ?? "", style: engineStyle) { [weak self] _ in if let self { handler?(self) } }
    }
    open var isEnabled: Bool { get { engine.isEnabled } set { engine.isEnabled = newValue } }
}

/// `UIAlertController` over the engine's `AlertController`: an alert scales in, an action
/// sheet slides up; an action dismisses it, then runs its handler; Return chooses the
/// preferred action and Escape the cancel one.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet, alert }
    package var alert: AlertController { controller as! AlertController }
    private var actionFacades: [UIAlertAction] = []
    private var fieldFacades: [UITextField] = []

    /// An alert over a new engine `AlertController` (`init(title:message:preferredStyle:)`
    /// sets its text and style).
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(coder: EngineViewCoder(controller: AlertController(title: nil, message: nil, preferredStyle: .alert)))!
    }
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(controller: coder) { AlertController(title: nil, message: nil, preferredStyle: .alert) })
    }
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        alert.title = title
        alert.message = message
        alert.preferredStyle = preferredStyle == .alert ? .alert : .actionSheet
        modalPresentationStyle = .custom
    }
    open var message: String? { alert.message }
    open var preferredStyle: Style { alert.preferredStyle == .alert ? .alert : .actionSheet }
    open var actions: [UIAlertAction] { actionFacades }
    open func addAction(_ action: UIAlertAction) {
        actionFacades.append(action)
        alert.addAction(action.engine)
    }
    /// One of ``actions`` (the engine refuses another with a diagnostic, and it is not kept).
    open var preferredAction: UIAlertAction? {
        didSet {
            alert.preferredAction = preferredAction?.engine
            if alert.preferredAction !== preferredAction?.engine { preferredAction = oldValue }
        }
    }
    open var textFields: [UITextField]? { fieldFacades.isEmpty ? nil : fieldFacades }
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        alert.addTextField { [self] field in
            let f = UITextField(engineField: field)
            f.borderStyle = .roundedRect
            fieldFacades.append(f)
            configurationHandler?(f)
        }
    }
}

extension UIViewController {
    /// Nil: no controller is presented as a popover on this platform (a phone's behaviour).
    public var popoverPresentationController: UIPopoverPresentationController? { nil }
}

/// `UIPopoverPresentationController`: where a popover would point from. Nothing is presented
/// as a popover here (controllers present as on a phone), so one is never handed out.
@preconcurrency @MainActor
open class UIPopoverPresentationController: NSObject {
    open var barButtonItem: UIBarButtonItem?
    open var sourceView: UIView?
    open var sourceRect = CGRect.zero
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
}
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1)
    public static let down = UIPopoverArrowDirection(rawValue: 2)
    public static let left = UIPopoverArrowDirection(rawValue: 4)
    public static let right = UIPopoverArrowDirection(rawValue: 8)
    public static let any = UIPopoverArrowDirection(rawValue: 15)
}
