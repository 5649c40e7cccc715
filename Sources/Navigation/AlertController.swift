@_spi(Engine) import Views
@_spi(Engine) import Controls
import Geometry

/// An action of an ``AlertController``, as `UIAlertAction`.
@MainActor
public final class AlertAction {
    /// How an action reads: a plain choice, the one that backs out (listed last in a sheet), or one that destroys something (red).
    public enum Style: Sendable { case `default`, cancel, destructive }
    /// The button's title.
    public let title: String
    /// How the action reads.
    public let style: Style
    /// Whether the action's button can be chosen.
    public var isEnabled = true
    let handler: (@MainActor (AlertAction) -> Void)?

    /// An action titled `title`; `handler` runs after the alert has been dismissed.
    public init(title: String, style: Style = .default, handler: (@MainActor (AlertAction) -> Void)? = nil) {
        self.title = title; self.style = style; self.handler = handler
    }
}

/// An alert or an action sheet, as `UIAlertController` (CN7): a title, a message, text fields
/// (alerts only) and actions; presented over the screen, an alert scales in from 1.2 with a fade
/// and an action sheet slides up from the bottom; an action dismisses it and then runs its
/// handler.
@MainActor
public final class AlertController: ViewController, PresentationAnimating {
    /// A card in the middle of the screen, or a sheet of buttons sliding up from the bottom.
    public enum Style: Sendable { case alert, actionSheet }
    /// Set when made (a facade making the controller first sets it before it loads).
    public package(set) var preferredStyle: Style
    /// The text under the title; nil: none.
    public var message: String? { didSet { if isViewLoaded { rebuild() } } }
    /// The actions, in the order added.
    public private(set) var actions: [AlertAction] = []
    /// The text fields an alert shows above its actions, in the order added.
    public private(set) var textFields: [TextField] = []
    /// The action Return chooses, its title in bold (one of ``actions``; another is refused
    /// with a diagnostic). Without one, Return chooses the only action that is not a cancel.
    public var preferredAction: AlertAction? {
        didSet {
            if let p = preferredAction, !actions.contains(where: { $0 === p }) {
                reportMisuse("preferredAction: the action '\(p.title)' has not been added to the alert; kept \(oldValue?.title ?? "none")")
                preferredAction = oldValue
            } else if isViewLoaded { rebuild() }
        }
    }
    private let card = View()
    private var buttons: [Button] = []
    private var labels: [Label] = []
    /// An alert card's width in points.
    public static let alertWidth = 270.0

    /// An alert or action sheet with `title` and `message`, presented over the full screen.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
        modalPresentationStyle = .overFullScreen
    }

    /// Adds a button for `action`.
    public func addAction(_ action: AlertAction) {
        actions.append(action)
        if isViewLoaded { rebuild() }
    }

    /// Adds a text field (alerts only, as UIKit's), configured by `configure`.
    public func addTextField(configurationHandler configure: ((TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            return reportMisuse("addTextField: text fields can only be added to an alert, not an action sheet; nothing was added")
        }
        let field = TextField(text: "", placeholder: nil)
        field.translatesAutoresizingMaskIntoConstraints = true
        configure?(field)
        textFields.append(field)
        if isViewLoaded { rebuild() }
    }

    public override func loadView() {
        let v = View()
        card.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.96)
        card.cornerRadius = 14
        card.clipsToBounds = true
        v.addSubview(card)
        setView(v)
        rebuild()
    }

    private func rebuild() {
        for s in card.subviews { s.removeFromSuperview() }
        buttons.removeAll(); labels.removeAll()
        if let title, !title.isEmpty {
            let l = Label(text: title, font: .systemFont(ofSize: 17, weight: .semibold))
            labels.append(l)
        }
        if let message, !message.isEmpty { labels.append(Label(text: message, fontSize: 13)) }
        for l in labels {
            l.translatesAutoresizingMaskIntoConstraints = true
            l.textColor = .black
            l.textAlignment = .center
            l.numberOfLines = 0
            card.addSubview(l)
        }
        for f in textFields { card.addSubview(f) }
        // UIKit puts the cancel action last in a sheet (and on the left of two in an alert).
        let ordered = actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel }
        for action in ordered {
            var c = Button.Configuration.plain()
            c.title = action.title
            let b = Button(configuration: c)
            b.translatesAutoresizingMaskIntoConstraints = true
            b.tintColor = action.style == .destructive ? Color(red: 1, green: 0.23, blue: 0.19) : Color(red: 0.04, green: 0.52, blue: 1)
            b.isEnabled = action.isEnabled
            if action === preferredAction { b.titleLabel.font = .systemFont(ofSize: 17, weight: .semibold) }
            b.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.choose(action) }
            card.addSubview(b)
            buttons.append(b)
        }
        view.setNeedsLayout()
    }

    private func choose(_ action: AlertAction) {
        dismiss(animated: true) { action.handler?(action) }
    }

    /// Return chooses the preferred action (or the only one that is not a cancel); Escape the
    /// cancel action, as a hardware keyboard does on iOS.
    public override func handleKey(_ key: Key, isDown: Bool) -> Bool {
        guard isDown, presentingViewController != nil, !isBeingDismissed else { return false }
        let chosen: AlertAction?
        switch key.name {
        case "return", "enter":
            let others = actions.filter { $0.style != .cancel && $0.isEnabled }
            chosen = preferredAction.flatMap { $0.isEnabled ? $0 : nil } ?? (others.count == 1 ? others[0] : nil)
        case "escape": chosen = actions.first { $0.style == .cancel && $0.isEnabled }
        default: chosen = nil
        }
        guard let chosen else { return false }
        choose(chosen)
        return true
    }

    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let width = preferredStyle == .alert ? Self.alertWidth : max(0, view.bounds.width - 16)
        var y = 18.0
        for l in labels {
            let h = l.sizeThatFits(Size(width: width - 32, height: 1e6)).height
            l.frame = Rect(x: 16, y: y, width: width - 32, height: h)
            y += h + 4
        }
        for f in textFields {
            f.frame = Rect(x: 16, y: y + 6, width: width - 32, height: 28)
            y += 38
        }
        y += 12
        for b in buttons {
            b.frame = Rect(x: 0, y: y, width: width, height: 44)
            y += 44
        }
        let height = y
        let b = view.bounds
        card.frame = preferredStyle == .alert
            ? Rect(x: ((b.width - width) / 2).rounded(), y: ((b.height - height) / 2).rounded(), width: width, height: height)
            : Rect(x: 8, y: b.height - height - 8, width: width, height: height)
    }

    // MARK: The presentation (CN7)

    var dimmingAlpha: Double { preferredStyle == .alert ? 0.2 : 0.4 }
    func presentationFrame(in bounds: Rect) -> Rect { bounds }
    func prepareToAppear(_ view: View) {
        view.layoutIfNeeded()
        if preferredStyle == .alert {
            card.transform = AffineTransform(scaleX: 1.2, y: 1.2)
            card.alpha = 0
        } else {
            card.transform = AffineTransform(translationX: 0, y: card.frame.height + 8)
        }
    }
    func appear(_ view: View) {
        card.transform = .identity
        card.alpha = 1
    }
    func disappear(_ view: View) {
        if preferredStyle == .alert { card.alpha = 0 } else { card.transform = AffineTransform(translationX: 0, y: card.frame.height + 8) }
    }

    /// The buttons, in the order shown (for tests and key handling).
    public var actionButtons: [Button] { buttons }
    /// The card holding the alert's content.
    public var contentView: View { card }
}
