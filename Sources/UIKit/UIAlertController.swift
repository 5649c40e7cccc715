import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UIAlertAction` over the engine's `AlertAction`; its handler gets this object.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    /// `UIAlertAction.Style`: default, cancel or destructive; the engine action's style.
    public enum Style: Int, Sendable { case `default`, cancel, destructive }
    package private(set) var engine: AlertAction!
    /// `UIAlertAction.title`: the button's title.
    public let title: String?
    /// `UIAlertAction.style`: the button's style.
    public let style: Style
    /// `UIAlertAction(title:style:handler:)`: an engine `AlertAction`; `handler` runs when it is chosen.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title; self.style = style
        super.init()
        let engineStyle: AlertAction.Style = switch style { case .default: .default; case .cancel: .cancel; case .destructive: .destructive }
        engine = AlertAction(title: title ?? "", style: engineStyle) { [weak self] _ in if let self { handler?(self) } }
    }
    /// `UIAlertAction.isEnabled`: the engine action's `isEnabled`.
    open var isEnabled: Bool { get { engine.isEnabled } set { engine.isEnabled = newValue } }
}

/// `UIAlertController` over the engine's `AlertController`: an alert scales in, an action
/// sheet slides up; an action dismisses it, then runs its handler; Return chooses the
/// preferred action and Escape the cancel one.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// `UIAlertController.Style`: an action sheet or an alert; the engine controller's style.
    public enum Style: Int, Sendable { case actionSheet, alert }
    package var alert: AlertController { controller as! AlertController }
    private var actionFacades: [UIAlertAction] = []
    private var fieldFacades: [UITextField] = []

    /// An alert over a new engine `AlertController` (`init(title:message:preferredStyle:)`
    /// sets its text and style).
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(coder: EngineViewCoder(controller: AlertController(title: nil, message: nil, preferredStyle: .alert)))!
    }
    /// `UIAlertController(coder:)`: an empty engine alert.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(controller: coder) { AlertController(title: nil, message: nil, preferredStyle: .alert) })
    }
    /// `UIAlertController(title:message:preferredStyle:)`: an engine `AlertController` with this title,
    /// message and style.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        alert.title = title
        alert.message = message
        alert.preferredStyle = preferredStyle == .alert ? .alert : .actionSheet
        modalPresentationStyle = .custom
    }
    /// `UIAlertController.message`: the engine alert's message.
    open var message: String? { alert.message }
    /// `UIAlertController.preferredStyle`: the engine alert's style.
    open var preferredStyle: Style { alert.preferredStyle == .alert ? .alert : .actionSheet }
    /// `UIAlertController.actions`: the actions added, in order.
    open var actions: [UIAlertAction] { actionFacades }
    /// `UIAlertController.addAction(_:)`: adds the action's engine action to the alert.
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
    /// `UIAlertController.textFields`: the fields added; nil when none.
    open var textFields: [UITextField]? { fieldFacades.isEmpty ? nil : fieldFacades }
    /// `UIAlertController.addTextField(configurationHandler:)`: adds an engine text field to the alert,
    /// configured by the handler.
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
    /// `UIPopoverPresentationController.barButtonItem`: stored only.
    open var barButtonItem: UIBarButtonItem?
    /// `UIPopoverPresentationController.sourceView`: stored only.
    open var sourceView: UIView?
    /// `UIPopoverPresentationController.sourceRect`: stored only.
    open var sourceRect = CGRect.zero
    /// `UIPopoverPresentationController.permittedArrowDirections`: stored only.
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
}
/// `UIPopoverArrowDirection`: where a popover's arrow may point; stored only here.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    /// The directions as UIKit's bits.
    public let rawValue: UInt
    /// The directions whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Up.
    public static let up = UIPopoverArrowDirection(rawValue: 1)
    /// Down.
    public static let down = UIPopoverArrowDirection(rawValue: 2)
    /// Left.
    public static let left = UIPopoverArrowDirection(rawValue: 4)
    /// Right.
    public static let right = UIPopoverArrowDirection(rawValue: 8)
    /// Any direction.
    public static let any = UIPopoverArrowDirection(rawValue: 15)
}
