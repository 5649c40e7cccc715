import Geometry
import RenderModel
import TextEngine
import Timeline
import UpdateLoop

// MARK: - Target-action

/// `UIAction`: a closure a control calls (and a menu element, for menus).
@preconcurrency @MainActor
public final class UIAction: UIMenuElement {
    public let image: UIImage?
    public let identifier: Identifier
    public var discoverabilityTitle: String?
    public var attributes: UIMenuElement.Attributes
    public var state: UIMenuElement.State
    let handler: (UIAction) -> Void
    public weak var sender: AnyObject?
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping (UIAction) -> Void) {
        self.image = image; self.identifier = identifier ?? Identifier(UUID().uuidString); self.handler = handler
        self.discoverabilityTitle = discoverabilityTitle; self.attributes = attributes; self.state = state
        super.init(title: title)
    }
}

/// The engine control a `UIControl` subclass of yours stands for: layout, drawing and sizing
/// come back to the facade object, as for `UIView`, and so do tracking and highlighting.
final class FacadeControl: Control {
    weak var owner: UIControl?
    var touchState = TouchState()
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let owner else { return }
        let ctx = CGContext(canvas: canvas)
        UIGraphicsPushContext(ctx); owner.draw(CGRect(rect)); UIGraphicsPopContext()
    }
    override var intrinsicContentSize: Size { owner?.intrinsicContentSize.size ?? super.intrinsicContentSize }
    override func handle(_ event: InputEvent, at point: Point) -> Bool {
        if let owner, let (phase, touches, e) = touchState.translate(event, at: convert(point, to: nil), view: owner) {
            owner.track(phase, touches.first!, e)
        }
        return super.handle(event, at: point)
    }
    override func stateDidChange() { super.stateDidChange(); owner?.engineStateDidChange() }
}

/// The engine button a `UIButton` stands for: highlighting and layout come back to the facade
/// object, so an `isHighlighted` or `layoutSubviews()` override (a button drawing its own
/// layers) runs.
final class FacadeButton: Button {
    weak var owner: UIControl?
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
    override func stateDidChange() { super.stateDidChange(); owner?.engineStateDidChange() }
}

/// `UIControl`: target-action and states over the engine's `Control` (which tracks the
/// pointer and sends the events).
@preconcurrency @MainActor
open class UIControl: UIView {
    package var control: Control { view as! Control }

    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0xF0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
        var engine: Control.Event {
            var e: Control.Event = []
            if contains(.touchDown) { e.insert(.touchDown) }
            if contains(.touchUpInside) { e.insert(.touchUpInside) }
            if contains(.touchUpOutside) { e.insert(.touchUpOutside) }
            if contains(.touchCancel) { e.insert(.touchCancel) }
            if contains(.valueChanged) { e.insert(.valueChanged) }
            if contains(.primaryActionTriggered) { e.insert(.primaryActionTriggered) }
            if contains(.editingDidBegin) { e.insert(.editingDidBegin) }
            if contains(.editingChanged) { e.insert(.editingChanged) }
            if contains(.editingDidEnd) { e.insert(.editingDidEnd) }
            if contains(.editingDidEndOnExit) { e.insert(.editingDidEndOnExit) }
            return e
        }
    }
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        var engine: Control.State { Control.State(rawValue: Int(rawValue & 7)) }
    }
    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
    public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }

    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(FacadeControl(frame: .zero), frame: frame))!
    }
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeControl(frame: .zero) })
    }
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// One `addTarget` registration; the target is held weakly, as UIKit holds it.
    private struct TargetAction {
        weak var target: AnyObject?
        /// Whether a target was given (nil sends along the responder chain).
        let hasTarget: Bool
        let action: Selector
        let events: Event
        let token: Control.ActionToken
    }
    private var targets: [TargetAction] = []
    private var uiActions: [(action: UIAction, token: Control.ActionToken)] = []

    /// Calls `action` on `target` (or, for a nil target, on the first responder in the chain
    /// that implements it) when any of `controlEvents` happens.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let t = target.map { $0 as AnyObject }
        let hasTarget = t != nil
        let token = control.addAction(for: controlEvents.engine) { [weak self, weak t] _ in
            guard let self else { return }
            // A target that is gone receives nothing (the chain is only for a nil target).
            if hasTarget, t == nil { return }
            self.sendAction(action, to: t, for: nil)
        }
        targets.removeAll { entry in
            // A registration whose target went away: drop it with its engine action.
            if entry.hasTarget, entry.target == nil { control.removeAction(entry.token); return true }
            return false
        }
        targets.append(TargetAction(target: t, hasTarget: t != nil, action: action, events: controlEvents, token: token))
    }
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let t = target.map { $0 as AnyObject }
        targets.removeAll { entry in
            let match = (t == nil || entry.target === t || (entry.hasTarget && entry.target == nil))
                && (action == nil || entry.action == action!)
                && !entry.events.intersection(controlEvents).isEmpty
            if match { control.removeAction(entry.token) }
            return match
        }
    }
    open func allTargets() -> Set<AnyHashable> { Set(targets.compactMap { $0.target as? AnyHashable }) }
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let t = target.map { $0 as AnyObject }
        let names = targets.filter { $0.target === t && $0.hasTarget == (t != nil) && !$0.events.intersection(controlEvent).isEmpty }.map(\.action.name)
        return names.isEmpty ? nil : names
    }
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        let token = control.addAction(for: controlEvents.engine) { [weak self] _ in
            action.sender = self
            action.handler(action)
        }
        uiActions.append((action, token))
    }
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        uiActions.removeAll { e in if e.action === action { control.removeAction(e.token); return true }; return false }
    }
    open func sendActions(for controlEvents: Event) { control.sendActions(for: controlEvents.engine) }
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        let receiver: AnyObject? = (target.map { $0 as AnyObject }) ?? (self.target(forAction: action, withSender: self) as AnyObject?)
        guard let receiver else {
            print("UIControl: no responder implements \(action.name)")
            return
        }
        if !action.perform(on: receiver, with: self, event).performed {
            print("UIControl: \(type(of: receiver)) does not implement \(action.name) for a \(type(of: self))")
        }
    }
    open func sendAction(_ action: UIAction) { action.sender = self; action.handler(action) }

    open var isEnabled: Bool { get { control.isEnabled } set { control.isEnabled = newValue } }
    open var isSelected: Bool { get { control.isSelected } set { control.isSelected = newValue } }
    /// Set from the engine's tracking (so an override of it sees every press); setting it
    /// yourself is kept until the next press.
    open var isHighlighted: Bool {
        get { highlighted } set { highlighted = newValue }
    }
    private var highlighted = false
    /// The engine control's highlight changed: set it through the (overridable) property.
    func engineStateDidChange() {
        if control.isHighlighted != highlighted { isHighlighted = control.isHighlighted }
    }
    open var state: State {
        var s = State(rawValue: UInt(control.state.rawValue))
        if highlighted { s.insert(.highlighted) } else { s.remove(.highlighted) }
        return s
    }
    public private(set) var isTracking = false
    open var isTouchInside: Bool { control.isHighlighted }

    /// Calls the tracking methods as UIKit does: `beginTracking` on a press, `continueTracking`
    /// while it returns true, `endTracking` or `cancelTracking` at the end.
    func track(_ phase: UITouch.Phase, _ touch: UITouch, _ event: UIEvent) {
        switch phase {
        case .began: isTracking = beginTracking(touch, with: event)
        case .moved, .stationary: if isTracking { isTracking = continueTracking(touch, with: event) }
        case .ended: if isTracking { endTracking(touch, with: event) }; isTracking = false
        case .cancelled: if isTracking { cancelTracking(with: event) }; isTracking = false
        }
    }
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    open var contentVerticalAlignment: ContentVerticalAlignment = .center
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    open func cancelTracking(with event: UIEvent?) {}
}

// MARK: - Labels, buttons, images, stacks

public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural
    var engine: TextAlignment {
        switch self { case .left: .left; case .center: .center; case .right: .right; case .justified: .justified; case .natural: .natural }
    }
}
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
    var engine: LineBreakMode {
        switch self {
        case .byWordWrapping: .byWordWrapping
        case .byCharWrapping: .byCharWrapping
        case .byClipping: .byClipping
        case .byTruncatingHead: .byTruncatingHead
        case .byTruncatingTail: .byTruncatingTail
        case .byTruncatingMiddle: .byTruncatingMiddle
        }
    }
}

/// `UIButton`: the engine's `Button` with UIKit's per-state titles and configurations.
@preconcurrency @MainActor
open class UIButton: UIControl {
    package var button: Button { view as! Button }
    /// Partial: the rectangle of the title in `contentRect` is the whole of it; the engine's
    /// button places its title itself and does not ask an override.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect { contentRect }
    /// Partial: as `titleRect(forContentRect:)`, for the image.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect { contentRect }
    /// The rectangle the content is laid out in: the bounds inset by `contentEdgeInsets`, as UIKit's.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }
    public enum ButtonType: Int, Sendable { case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close }
    public private(set) var buttonType: ButtonType
    private lazy var titleFacade: UILabel = (button.titleLabel.facade as? UILabel) ?? UILabel(engineLabel: button.titleLabel)

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(coder: EngineViewCoder(FacadeButton(title: ""), frame: frame))!
        applyTypeLook()
    }
    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeButton(title: "") })
        applyTypeLook()
    }
    /// A convenience initialiser, as UIKit's (so a subclass's convenience init may call it).
    /// Partial: a menu is kept; there are no menus to show, so a press does the button's
    /// primary action.
    open var menu: UIMenu?
    /// Partial: kept (see ``menu``).
    open var showsMenuAsPrimaryAction = false

    public convenience init(type: ButtonType) {
        self.init(frame: .zero)
        buttonType = type
        applyTypeLook()
    }
    /// UIKit's look for the button type: no background but the one `backgroundColor` sets, kept
    /// through state and title changes; a system button's title in the tint colour, faded while
    /// pressed; a custom button's in white. (The engine's own button is a filled one.)
    private func applyTypeLook() {
        button.usesStateBackgroundColors = false
        button.backgroundColor = .clear
        if buttonType == .custom {
            setTitleColor(.white, for: .normal)
        } else {
            setTitleColor(.systemBlue, for: .normal)
            setTitleColor(UIColor.systemBlue.withAlphaComponent(0.2), for: .highlighted)
            setTitleColor(.systemGray3, for: .disabled)
        }
    }
    public convenience init(type: ButtonType, primaryAction: UIAction?) {
        self.init(type: type)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
    public class func systemButton(with image: UIImage, target: Any?, action: Selector?) -> UIButton {
        let b = UIButton(type: .system)
        if let action { b.addTarget(target, action: action, for: .touchUpInside) }
        return b
    }

    open func setTitle(_ title: String?, for state: State) { button.setTitle(title, for: state.engine) }
    open func title(for state: State) -> String? { button.title(for: state.engine) }
    open func setTitleColor(_ color: UIColor?, for state: State) { button.setTitleColor(color?.color, for: state.engine) }
    /// The button's background in `state` (ours: UIKit sets it through a configuration); once
    /// set, the engine button's state colours replace its plain background.
    open func setBackgroundColor(_ color: UIColor?, for state: State) {
        button.usesStateBackgroundColors = true
        button.setBackgroundColor(color?.color, for: state.engine)
    }
    /// Partial: images in buttons are kept, not drawn, unless given through a configuration.
    open func setImage(_ image: UIImage?, for state: State) { images[state.rawValue] = image }
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }
    open func setBackgroundImage(_ image: UIImage?, for state: State) {}
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) { setTitle(title?.string, for: state) }
    private var images: [UInt: UIImage] = [:]
    open var currentTitle: String? { title(for: state) }
    open var currentImage: UIImage? { image(for: state) }
    open var titleLabel: UILabel? { titleFacade }
    open var imageView: UIImageView? { nil }
    open var contentEdgeInsets: UIEdgeInsets {
        get { UIEdgeInsets(button.contentInsets) } set { button.contentInsets = newValue.engine }
    }
    open var titleEdgeInsets = UIEdgeInsets.zero
    open var imageEdgeInsets = UIEdgeInsets.zero
    open var adjustsImageWhenHighlighted = true

    /// `UIButton.Configuration`.
    public struct Configuration: Sendable {
        var engine: Button.Configuration
        public static func plain() -> Configuration { Configuration(engine: .plain()) }
        public static func tinted() -> Configuration { Configuration(engine: .tinted()) }
        public static func gray() -> Configuration { Configuration(engine: .gray()) }
        public static func filled() -> Configuration { Configuration(engine: .filled()) }
        public static func borderless() -> Configuration { Configuration(engine: .plain()) }
        public static func bordered() -> Configuration { Configuration(engine: .gray()) }
        public static func borderedTinted() -> Configuration { Configuration(engine: .tinted()) }
        public static func borderedProminent() -> Configuration { Configuration(engine: .filled()) }
        public var title: String? { get { engine.title } set { engine.title = newValue } }
        public var subtitle: String? { get { engine.subtitle } set { engine.subtitle = newValue } }
        public var image: UIImage? {
            get { engine.image.map(UIImage.init) } set { engine.image = newValue?.image }
        }
        public var baseForegroundColor: UIColor? {
            get { engine.baseForegroundColor.map(UIColor.init) } set { engine.baseForegroundColor = newValue?.color }
        }
        public var baseBackgroundColor: UIColor? {
            get { engine.baseBackgroundColor.map(UIColor.init) } set { engine.baseBackgroundColor = newValue?.color }
        }
        public var contentInsets: NSDirectionalEdgeInsets {
            get {
                let c = engine.contentInsets
                return NSDirectionalEdgeInsets(top: CGFloat(c.top), leading: CGFloat(c.left), bottom: CGFloat(c.bottom), trailing: CGFloat(c.right))
            }
            set { engine.contentInsets = EdgeInsets(top: newValue.top.double, left: newValue.leading.double, bottom: newValue.bottom.double, right: newValue.trailing.double) }
        }
        public var imagePadding: CGFloat { get { CGFloat(engine.imagePadding) } set { engine.imagePadding = newValue.double } }
        public var titlePadding: CGFloat { get { CGFloat(engine.titlePadding) } set { engine.titlePadding = newValue.double } }
        public enum CornerStyle: Sendable { case dynamic, fixed, small, medium, large, capsule }
        public var cornerStyle: CornerStyle = .dynamic {
            didSet {
                engine.cornerStyle = switch cornerStyle {
                case .dynamic: .dynamic
                case .fixed: .fixed
                case .small: .small
                case .medium: .medium
                case .large: .large
                case .capsule: .capsule
                }
            }
        }
        public var background: UIBackgroundConfiguration {
            get { UIBackgroundConfiguration(engine: engine) } set { engine.cornerRadius = newValue.cornerRadius.double }
        }
        public enum ImagePlacement: Int, Sendable { case leading, trailing, top, bottom }
        /// Which side of the title the image sits on (the first of the edges given).
        public var imagePlacement: NSDirectionalRectEdge {
            get {
                switch engine.imagePlacement {
                case .leading: .leading
                case .trailing: .trailing
                case .top: .top
                case .bottom: .bottom
                }
            }
            set {
                engine.imagePlacement = newValue.contains(.top) ? .top : newValue.contains(.bottom) ? .bottom
                    : newValue.contains(.trailing) ? .trailing : .leading
            }
        }
        public enum Size: Sendable { case mini, small, medium, large }
        public var buttonSize: Size = .medium
        public var showsActivityIndicator = false
    }
    open var configuration: Configuration? {
        get { button.configuration.map { Configuration(engine: $0) } } set { button.configuration = newValue?.engine }
    }
    open func setNeedsUpdateConfiguration() {}
    open var configurationUpdateHandler: ((UIButton) -> Void)?
}

/// The part of `UIBackgroundConfiguration` a button configuration uses.
public struct UIBackgroundConfiguration: Sendable {
    public var cornerRadius: CGFloat
    public var backgroundColor: UIColor?
    init(engine: Button.Configuration) { cornerRadius = CGFloat(engine.cornerRadius); backgroundColor = nil }
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(engine: .plain()) }
}

public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1)
    public static let leading = NSDirectionalRectEdge(rawValue: 2)
    public static let bottom = NSDirectionalRectEdge(rawValue: 4)
    public static let trailing = NSDirectionalRectEdge(rawValue: 8)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// `UIImageView`: the engine's `ImageView`.
@preconcurrency @MainActor
open class UIImageView: UIView {
    package var imageView: ImageView { view as! ImageView }
    /// Partial: kept; symbol images (SF Symbols) do not exist on Linux.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
    public convenience init(image: UIImage?) {
        self.init(frame: image.map { CGRect(origin: .zero, size: $0.size) } ?? .zero)
        imageView.image = image?.image
    }
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        imageView.highlightedImage = highlightedImage?.image
    }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(ImageView(image: nil), frame: frame))!
    }
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { ImageView(image: nil) })
    }
    open var image: UIImage? { get { imageView.image.map(UIImage.init) } set { imageView.image = newValue?.image } }
    open var highlightedImage: UIImage? {
        get { imageView.highlightedImage.map(UIImage.init) } set { imageView.highlightedImage = newValue?.image }
    }
    open var isHighlighted: Bool { get { imageView.isHighlighted } set { imageView.isHighlighted = newValue } }
    open var animationImages: [UIImage]? {
        get { imageView.animationImages?.map(UIImage.init) } set { imageView.animationImages = newValue?.map(\.image) }
    }
    open var animationDuration: TimeInterval { get { imageView.animationDuration } set { imageView.animationDuration = newValue } }
    open var animationRepeatCount: Int { get { imageView.animationRepeatCount } set { imageView.animationRepeatCount = newValue } }
    open func startAnimating() { imageView.startAnimating() }
    open func stopAnimating() { imageView.stopAnimating() }
    open var isAnimating: Bool { imageView.isAnimating }
    open override var tintColor: UIColor! {
        get { UIColor(imageView.tintColor) } set { imageView.tintColor = (newValue ?? .systemBlue).color }
    }
    open override var intrinsicContentSize: CGSize { CGSize(imageView.intrinsicContentSize) }
}

/// `UIStackView`: the engine's `StackView`.
@preconcurrency @MainActor
open class UIStackView: UIView {
    package var stack: StackView { view as! StackView }
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    public enum Alignment: Int, Sendable { case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        views.forEach(addArrangedSubview)
    }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(StackView(arrangedSubviews: []), frame: frame))!
    }
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { StackView(arrangedSubviews: []) })
    }
    open var arrangedSubviews: [UIView] { stack.arrangedSubviews.map(UIView.wrap) }
    open func addArrangedSubview(_ v: UIView) { v.view.facadeRetainer = v; stack.addArrangedSubview(v.view) }
    open func insertArrangedSubview(_ v: UIView, at index: Int) { v.view.facadeRetainer = v; stack.insertArrangedSubview(v.view, at: index) }
    open func removeArrangedSubview(_ v: UIView) { stack.removeArrangedSubview(v.view) }
    open var axis: NSLayoutConstraint.Axis {
        get { stack.axis == .horizontal ? .horizontal : .vertical } set { stack.axis = newValue == .horizontal ? .horizontal : .vertical }
    }
    open var spacing: CGFloat { get { CGFloat(stack.spacing) } set { stack.spacing = newValue.double } }
    open var distribution: Distribution = .fill {
        didSet {
            stack.distribution = switch distribution {
            case .fill: .fill
            case .fillEqually: .fillEqually
            case .fillProportionally: .fill
            case .equalSpacing, .equalCentering: .equalSpacing
            }
        }
    }
    open var alignment: Alignment = .fill {
        didSet {
            stack.alignment = switch alignment {
            case .fill: .fill
            case .leading, .firstBaseline: .leading
            case .center: .center
            case .trailing, .lastBaseline: .trailing
            }
        }
    }
    open var isLayoutMarginsRelativeArrangement = false
    open var isBaselineRelativeArrangement = false
    open func setCustomSpacing(_ spacing: CGFloat, after view: UIView) { stack.setCustomSpacing(spacing.double, after: view.view) }
    open func customSpacing(after view: UIView) -> CGFloat { CGFloat(stack.customSpacing(after: view.view)) }
    public static let spacingUseDefault = CGFloat(StackView.useDefaultSpacing)
    public static let spacingUseSystem = CGFloat(8)
}

/// Something a view does with input, as `UIInteraction`.
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    var view: UIView? { get }
    func willMove(to view: UIView?)
    func didMove(to view: UIView?)
}

/// The engine's side of a facade interaction: the engine view keeps it in its `interactions`
/// (`View.addInteraction(_:)`, DK4), and it tells the facade interaction of each move with the
/// facade view.
@MainActor
final class FacadeInteraction: Interaction {
    let facade: any UIInteraction
    private(set) weak var view: View?
    init(_ facade: any UIInteraction) { self.facade = facade }
    func willMove(to view: View?) { facade.willMove(to: view.map(UIView.wrap)) }
    func didMove(to view: View?) {
        self.view = view
        facade.didMove(to: view.map(UIView.wrap))
    }
}

extension UIView {
    /// Adds `interaction` to the engine view's interactions (once; added to another view, it
    /// moves), as UIKit's.
    public func addInteraction(_ interaction: any UIInteraction) {
        guard !view.interactions.contains(where: { ($0 as? FacadeInteraction)?.facade === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        view.addInteraction(FacadeInteraction(interaction))
    }
    /// Removes `interaction`.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard let carrier = view.interactions.first(where: { ($0 as? FacadeInteraction)?.facade === interaction }) else { return }
        view.removeInteraction(carrier)
    }
}

/// What a context menu shows, as `UIContextMenuConfiguration`.
@preconcurrency @MainActor
open class UIContextMenuConfiguration: NSObject {
    public let identifier: (any NSCopying)?
    public let actionProvider: (([UIMenuElement]) -> UIMenu?)?
    public init(identifier: (any NSCopying)? = nil, previewProvider: (() -> UIViewController?)? = nil,
                actionProvider: (([UIMenuElement]) -> UIMenu?)? = nil) {
        self.identifier = identifier
        self.actionProvider = actionProvider
    }
}

/// What a context menu interaction asks its delegate.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionDelegate: AnyObject {
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration?
}

/// A long-press (or secondary click) context menu on a view, as `UIContextMenuInteraction`.
/// Partial: there are no context menus to show; the interaction is kept on its view.
@preconcurrency @MainActor
open class UIContextMenuInteraction: NSObject, UIInteraction {
    public private(set) weak var delegate: (any UIContextMenuInteractionDelegate)?
    public private(set) weak var view: UIView?
    public init(delegate: any UIContextMenuInteractionDelegate) { self.delegate = delegate }
    open func willMove(to view: UIView?) {}
    open func didMove(to view: UIView?) { self.view = view }
}

/// The system pasteboard, as `UIPasteboard`: `general` maps onto the engine window's
/// `Pasteboard` (the key window's, else the window the application runs in): the desktop's
/// clipboard in an SDL window (DK3), memory headless. Text only; an image is kept in memory.
@preconcurrency @MainActor
public final class UIPasteboard: NSObject {
    public static let general = UIPasteboard()
    private var memory = MemoryPasteboard()
    private var board: any Pasteboard { UIApplication.shared.screenWindow?.pasteboard ?? memory }
    public var string: String? { get { board.string } set { board.string = newValue } }
    public var strings: [String]? { get { string.map { [$0] } } set { string = newValue?.first } }
    public var hasStrings: Bool { string?.isEmpty == false }
    public var url: URL? { get { string.flatMap(URL.init(string:)) } set { string = newValue?.absoluteString } }
    public var hasURLs: Bool { url != nil }
    /// Partial: kept in this process only.
    public var image: UIImage?
    public var hasImages: Bool { image != nil }
    /// Partial: kept in this process only.
    public var color: UIColor?
    public var hasColors: Bool { color != nil }
}
