import Geometry
import RenderModel
import TextEngine
import Timeline
import UpdateLoop

// MARK: - Target-action

/// `UIAction`: a closure a control calls (and a menu element, for menus).
@preconcurrency @MainActor
public final class UIAction: UIMenuElement {
    /// `UIAction.image`: kept for menus; a control does not draw it.
    public let image: UIImage?
    /// `UIAction.identifier`: the action's identifier (a fresh UUID string when none is given).
    public let identifier: Identifier
    /// `UIAction.discoverabilityTitle`: stored only; nothing here shows it.
    public var discoverabilityTitle: String?
    /// `UIAction.attributes`: its menu attributes (disabled, destructive...), kept with the action.
    public var attributes: UIMenuElement.Attributes
    /// `UIAction.state`: its menu check state (on, off, mixed), kept with the action.
    public var state: UIMenuElement.State
    let handler: (UIAction) -> Void
    /// `UIAction.sender`: the control that last sent the action, set just before the handler runs.
    public weak var sender: AnyObject?
    /// `UIAction.Identifier`: a string naming an action.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The identifier's string.
        public let rawValue: String
        /// The identifier of string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier of string `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    /// `UIAction(title:image:identifier:discoverabilityTitle:attributes:state:handler:)`: an action whose
    /// `handler` runs when a control sends it (the engine control's action for the events it is added for).
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
    override func updateProperties() { owner?.updateProperties() }
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
    override func updateProperties() { owner?.updateProperties() }
    override func stateDidChange() { super.stateDidChange(); owner?.engineStateDidChange() }
}

/// `UIControl`: target-action and states over the engine's `Control` (which tracks the
/// pointer and sends the events).
@preconcurrency @MainActor
open class UIControl: UIView {
    package var control: Control { view as! Control }

    /// `UIControl.Event`: the control events, as bits. Only the touch-down, touch-up, cancel, value,
    /// primary-action and editing events reach the engine's `Control.Event`; the others are never sent.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The events as UIKit's bits.
        public let rawValue: UInt
        /// The events whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `touchDown`: a press began in the control (the engine's `.touchDown`).
        public static let touchDown = Event(rawValue: 1 << 0)
        /// `touchDownRepeat`: accepted but never sent; the engine has no repeat-tap event.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// `touchDragInside`: accepted but never sent; the engine has no drag events.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// `touchDragOutside`: accepted but never sent; the engine has no drag events.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// `touchDragEnter`: accepted but never sent; the engine has no drag events.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// `touchDragExit`: accepted but never sent; the engine has no drag events.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// `touchUpInside`: a press ended inside the control (the engine's `.touchUpInside`).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// `touchUpOutside`: a press ended outside the control (the engine's `.touchUpOutside`).
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// `touchCancel`: the press was cancelled (the engine's `.touchCancel`).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// `valueChanged`: the control's value changed (the engine's `.valueChanged`).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// `primaryActionTriggered`: the control's main action happened (the engine's `.primaryActionTriggered`).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// `menuActionTriggered`: accepted but never sent; there are no control menus here.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// `editingDidBegin`: a text field began editing (the engine's `.editingDidBegin`).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// `editingChanged`: a text field's text changed (the engine's `.editingChanged`).
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// `editingDidEnd`: a text field stopped editing (the engine's `.editingDidEnd`).
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// `editingDidEndOnExit`: Return ended editing (the engine's `.editingDidEndOnExit`).
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// `allTouchEvents`: every touch event bit (only those the engine sends arrive).
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// `allEditingEvents`: the four editing events.
        public static let allEditingEvents = Event(rawValue: 0xF0000)
        /// `allEvents`: every event bit.
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
    /// `UIControl.State`: normal, highlighted, disabled, selected (the engine's `Control.State`) and
    /// focused (facade only; nothing focuses a control here).
    public struct State: OptionSet, Hashable, Sendable {
        /// The state as UIKit's bits.
        public let rawValue: UInt
        /// The state whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `normal`: no bit set.
        public static let normal: State = []
        /// `highlighted`: being pressed.
        public static let highlighted = State(rawValue: 1 << 0)
        /// `disabled`: not enabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// `selected`: selected (a toggle on, a segment chosen).
        public static let selected = State(rawValue: 1 << 2)
        /// `focused`: never set here, and not passed to the engine.
        public static let focused = State(rawValue: 1 << 3)
        var engine: Control.State { Control.State(rawValue: Int(rawValue & 7)) }
    }
    /// `UIControl.ContentHorizontalAlignment`: stored on the control; the engine controls do not read it.
    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
    /// `UIControl.ContentVerticalAlignment`: stored on the control; the engine controls do not read it.
    public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }

    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(FacadeControl(frame: .zero), frame: frame))!
    }
    /// `UIControl(coder:)`: a control over a new engine `Control`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeControl(frame: .zero) })
    }
    /// `UIControl(frame:primaryAction:)`: a control at `frame` (points) that sends `primaryAction` on
    /// `.primaryActionTriggered`.
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
    /// `UIControl.removeTarget(_:action:for:)`: drops the matching registrations and their engine actions
    /// (a nil target or action matches any).
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
    /// `UIControl.allTargets()`: the live targets registered with `addTarget(_:action:for:)`.
    open func allTargets() -> Set<AnyHashable> { Set(targets.compactMap { $0.target as? AnyHashable }) }
    /// `UIControl.actions(forTarget:forControlEvent:)`: the selector names registered for `target` on
    /// any of `controlEvent`; nil when none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let t = target.map { $0 as AnyObject }
        let names = targets.filter { $0.target === t && $0.hasTarget == (t != nil) && !$0.events.intersection(controlEvent).isEmpty }.map(\.action.name)
        return names.isEmpty ? nil : names
    }
    /// `UIControl.addAction(_:for:)`: runs the action's handler (with `sender` set) on the engine
    /// control's `controlEvents`.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        let token = control.addAction(for: controlEvents.engine) { [weak self] _ in
            action.sender = self
            action.handler(action)
        }
        uiActions.append((action, token))
    }
    /// `UIControl.removeAction(_:for:)`: removes `action` for every event it was added for (the events
    /// are not compared).
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        uiActions.removeAll { e in if e.action === action { control.removeAction(e.token); return true }; return false }
    }
    /// `UIControl.sendActions(for:)`: the engine control's `sendActions(for:)`: runs what is registered.
    open func sendActions(for controlEvents: Event) { control.sendActions(for: controlEvents.engine) }
    /// `UIControl.sendAction(_:to:for:)`: performs `action` on `target`, or on the first responder that
    /// implements it; prints a message when none does.
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
    /// `UIControl.sendAction(_:)`: runs the `UIAction`'s handler with this control as `sender`.
    open func sendAction(_ action: UIAction) { action.sender = self; action.handler(action) }

    /// `UIControl.isEnabled`: the engine control's `isEnabled`.
    open var isEnabled: Bool { get { control.isEnabled } set { control.isEnabled = newValue } }
    /// `UIControl.isSelected`: the engine control's `isSelected`.
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
    /// `UIControl.state`: the engine control's state, with the highlight from `isHighlighted`.
    open var state: State {
        var s = State(rawValue: UInt(control.state.rawValue))
        if highlighted { s.insert(.highlighted) } else { s.remove(.highlighted) }
        return s
    }
    /// `UIControl.isTracking`: whether `beginTracking(_:with:)` accepted the current press.
    public private(set) var isTracking = false
    /// `UIControl.isTouchInside`: the engine control's `isHighlighted` (the press is inside).
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
    /// `UIControl.contentHorizontalAlignment`: stored only; the engine controls do not read it.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    /// `UIControl.contentVerticalAlignment`: stored only; the engine controls do not read it.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center
    /// `UIControl.beginTracking(_:with:)`: called as a press begins; return false to stop tracking it.
    /// Returns true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// `UIControl.continueTracking(_:with:)`: called as the press moves; return false to stop tracking.
    /// Returns true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// `UIControl.endTracking(_:with:)`: called when a tracked press ends. Does nothing.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// `UIControl.cancelTracking(with:)`: called when a tracked press is cancelled. Does nothing.
    open func cancelTracking(with event: UIEvent?) {}
}

// MARK: - Labels, buttons, images, stacks

/// `NSTextAlignment`: how lines of text sit across their width; the engine's `TextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    /// Left, centred, right, justified, or natural (left, as layout is left to right here).
    case left, center, right, justified, natural
    var engine: TextAlignment {
        switch self { case .left: .left; case .center: .center; case .right: .right; case .justified: .justified; case .natural: .natural }
    }
}
/// `NSLineBreakMode`: how text wraps or is truncated; the engine's `LineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    /// Wrap at words or characters, clip, or truncate at the head, tail or middle with an ellipsis.
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
    /// `UIButton.ButtonType`: the button's kind; `.custom` has a white title, the others a system
    /// button's tinted one. The info, add and close types draw no glyph.
    public enum ButtonType: Int, Sendable { case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close }
    /// `UIButton.buttonType`: the type the button was made with (`.custom` from `init(frame:)`).
    public private(set) var buttonType: ButtonType
    private lazy var titleFacade: UILabel = (button.titleLabel.facade as? UILabel) ?? UILabel(engineLabel: button.titleLabel)

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(coder: EngineViewCoder(FacadeButton(title: ""), frame: frame))!
        applyTypeLook()
    }
    /// `UIButton(coder:)`: a custom button over a new engine `Button`; the coder's keys are not decoded.
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

    /// `UIButton(type:)`: a button over the engine's `Button` with the look of `type`.
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
    /// `UIButton(type:primaryAction:)`: a button of `type` that sends `primaryAction` on
    /// `.primaryActionTriggered`.
    public convenience init(type: ButtonType, primaryAction: UIAction?) {
        self.init(type: type)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
    /// `UIButton(configuration:primaryAction:)`: a system button with `configuration` (the engine
    /// button's `configuration`).
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
    /// `UIButton.systemButton(with:target:action:)`: a system button sending `action` on touch up inside.
    /// The image is not used: the button shows no image.
    public class func systemButton(with image: UIImage, target: Any?, action: Selector?) -> UIButton {
        let b = UIButton(type: .system)
        if let action { b.addTarget(target, action: action, for: .touchUpInside) }
        return b
    }

    /// `UIButton.setTitle(_:for:)`: the engine button's title for `state`.
    open func setTitle(_ title: String?, for state: State) { button.setTitle(title, for: state.engine) }
    /// `UIButton.title(for:)`: the engine button's title for `state`.
    open func title(for state: State) -> String? { button.title(for: state.engine) }
    /// `UIButton.setTitleColor(_:for:)`: the engine button's title colour for `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) { button.setTitleColor(color?.color, for: state.engine) }
    /// The button's background in `state` (ours: UIKit sets it through a configuration); once
    /// set, the engine button's state colours replace its plain background.
    open func setBackgroundColor(_ color: UIColor?, for state: State) {
        button.usesStateBackgroundColors = true
        button.setBackgroundColor(color?.color, for: state.engine)
    }
    /// Partial: images in buttons are kept, not drawn, unless given through a configuration.
    open func setImage(_ image: UIImage?, for state: State) { images[state.rawValue] = image }
    /// `UIButton.image(for:)`: the image set for `state`, else the normal one (kept, not drawn).
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }
    /// `UIButton.setBackgroundImage(_:for:)`: does nothing; background images are not drawn here.
    open func setBackgroundImage(_ image: UIImage?, for state: State) {}
    /// `UIButton.setAttributedTitle(_:for:)`: sets the plain string as the title; attributes are dropped.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) { setTitle(title?.string, for: state) }
    private var images: [UInt: UIImage] = [:]
    /// `UIButton.currentTitle`: the title for the current `state`.
    open var currentTitle: String? { title(for: state) }
    /// `UIButton.currentImage`: the image for the current `state` (kept, not drawn).
    open var currentImage: UIImage? { image(for: state) }
    /// `UIButton.titleLabel`: a `UILabel` over the engine button's `titleLabel`.
    open var titleLabel: UILabel? { titleFacade }
    /// `UIButton.imageView`: always nil; buttons here have no image view.
    open var imageView: UIImageView? { nil }
    /// `UIButton.contentEdgeInsets`: the engine button's `contentInsets`, in points.
    open var contentEdgeInsets: UIEdgeInsets {
        get { UIEdgeInsets(button.contentInsets) } set { button.contentInsets = newValue.engine }
    }
    /// `UIButton.titleEdgeInsets`: stored only; the engine button does not read it.
    open var titleEdgeInsets = UIEdgeInsets.zero
    /// `UIButton.imageEdgeInsets`: stored only; the engine button does not read it.
    open var imageEdgeInsets = UIEdgeInsets.zero
    /// `UIButton.adjustsImageWhenHighlighted`: stored only; images are not drawn here.
    open var adjustsImageWhenHighlighted = true

    /// `UIButton.Configuration`.
    public struct Configuration: Sendable {
        var engine: Button.Configuration
        /// `UIButton.Configuration.plain()`: the engine's `Button.Configuration.plain()`.
        public static func plain() -> Configuration { Configuration(engine: .plain()) }
        /// `UIButton.Configuration.tinted()`: the engine's `Button.Configuration.tinted()`.
        public static func tinted() -> Configuration { Configuration(engine: .tinted()) }
        /// `UIButton.Configuration.gray()`: the engine's `Button.Configuration.gray()`.
        public static func gray() -> Configuration { Configuration(engine: .gray()) }
        /// `UIButton.Configuration.filled()`: the engine's `Button.Configuration.filled()`.
        public static func filled() -> Configuration { Configuration(engine: .filled()) }
        /// `UIButton.Configuration.borderless()`: approximated by the engine's `plain()`.
        public static func borderless() -> Configuration { Configuration(engine: .plain()) }
        /// `UIButton.Configuration.bordered()`: approximated by the engine's `gray()`.
        public static func bordered() -> Configuration { Configuration(engine: .gray()) }
        /// `UIButton.Configuration.borderedTinted()`: approximated by the engine's `tinted()`.
        public static func borderedTinted() -> Configuration { Configuration(engine: .tinted()) }
        /// `UIButton.Configuration.borderedProminent()`: approximated by the engine's `filled()`.
        public static func borderedProminent() -> Configuration { Configuration(engine: .filled()) }
        /// The engine configuration's `title`.
        public var title: String? { get { engine.title } set { engine.title = newValue } }
        /// The engine configuration's `subtitle`.
        public var subtitle: String? { get { engine.subtitle } set { engine.subtitle = newValue } }
        /// The engine configuration's `image`.
        public var image: UIImage? {
            get { engine.image.map(UIImage.init) } set { engine.image = newValue?.image }
        }
        /// The engine configuration's `baseForegroundColor` (title and image colour).
        public var baseForegroundColor: UIColor? {
            get { engine.baseForegroundColor.map(UIColor.init) } set { engine.baseForegroundColor = newValue?.color }
        }
        /// The engine configuration's `baseBackgroundColor`.
        public var baseBackgroundColor: UIColor? {
            get { engine.baseBackgroundColor.map(UIColor.init) } set { engine.baseBackgroundColor = newValue?.color }
        }
        /// The engine configuration's `contentInsets` in points, leading as left and trailing as right.
        public var contentInsets: NSDirectionalEdgeInsets {
            get {
                let c = engine.contentInsets
                return NSDirectionalEdgeInsets(top: CGFloat(c.top), leading: CGFloat(c.left), bottom: CGFloat(c.bottom), trailing: CGFloat(c.right))
            }
            set { engine.contentInsets = EdgeInsets(top: newValue.top.double, left: newValue.leading.double, bottom: newValue.bottom.double, right: newValue.trailing.double) }
        }
        /// The engine configuration's `imagePadding`: points between image and title.
        public var imagePadding: CGFloat { get { CGFloat(engine.imagePadding) } set { engine.imagePadding = newValue.double } }
        /// The engine configuration's `titlePadding`: points between title and subtitle.
        public var titlePadding: CGFloat { get { CGFloat(engine.titlePadding) } set { engine.titlePadding = newValue.double } }
        /// `UIButton.Configuration.CornerStyle`: how round the background's corners are; the engine's
        /// `cornerStyle`.
        public enum CornerStyle: Sendable { case dynamic, fixed, small, medium, large, capsule }
        /// The background's corner style, passed to the engine configuration's `cornerStyle`.
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
        /// The background: read from the engine's `cornerRadius`; setting it passes only `cornerRadius`
        /// (its `backgroundColor` is dropped).
        public var background: UIBackgroundConfiguration {
            get { UIBackgroundConfiguration(engine: engine) } set { engine.cornerRadius = newValue.cornerRadius.double }
        }
        /// `UIButton.Configuration.ImagePlacement`: an image side; `imagePlacement` takes edges instead.
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
        /// `UIButton.Configuration.Size`: a button size; stored only.
        public enum Size: Sendable { case mini, small, medium, large }
        /// Stored only; the engine button's size does not follow it.
        public var buttonSize: Size = .medium
        /// Stored only; no activity indicator is drawn.
        public var showsActivityIndicator = false
    }
    /// `UIButton.configuration`: the engine button's `configuration`; nil for a classic button.
    open var configuration: Configuration? {
        get { button.configuration.map { Configuration(engine: $0) } } set { button.configuration = newValue?.engine }
    }
    /// `UIButton.setNeedsUpdateConfiguration()`: does nothing; configurations are applied when set.
    open func setNeedsUpdateConfiguration() {}
    /// `UIButton.configurationUpdateHandler`: stored only; nothing calls it on a state change.
    open var configurationUpdateHandler: ((UIButton) -> Void)?
}

/// The part of `UIBackgroundConfiguration` a button configuration uses.
public struct UIBackgroundConfiguration: Sendable {
    /// The background's corner radius in points (the button configuration's `cornerRadius`).
    public var cornerRadius: CGFloat
    /// Stored only; a button configuration does not pass it to the engine.
    public var backgroundColor: UIColor?
    init(engine: Button.Configuration) { cornerRadius = CGFloat(engine.cornerRadius); backgroundColor = nil }
    /// A background with the engine's plain configuration's corner radius.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(engine: .plain()) }
}

/// `NSDirectionalRectEdge`: edges named leading and trailing (left and right here).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    /// The edges as bits: 1 top, 2 leading, 4 bottom, 8 trailing.
    public let rawValue: UInt
    /// The edges whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = NSDirectionalRectEdge(rawValue: 1)
    /// The leading (left) edge.
    public static let leading = NSDirectionalRectEdge(rawValue: 2)
    /// The bottom edge.
    public static let bottom = NSDirectionalRectEdge(rawValue: 4)
    /// The trailing (right) edge.
    public static let trailing = NSDirectionalRectEdge(rawValue: 8)
    /// All four edges.
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// `UIImageView`: the engine's `ImageView`.
@preconcurrency @MainActor
open class UIImageView: UIView {
    package var imageView: ImageView { view as! ImageView }
    /// Partial: kept; symbol images (SF Symbols) do not exist on Linux.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
    /// `UIImageView(image:)`: an engine `ImageView` sized to the image (points) showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: image.map { CGRect(origin: .zero, size: $0.size) } ?? .zero)
        imageView.image = image?.image
    }
    /// `UIImageView(image:highlightedImage:)`: as `init(image:)`, with the engine view's `highlightedImage`.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        imageView.highlightedImage = highlightedImage?.image
    }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(ImageView(image: nil), frame: frame))!
    }
    /// `UIImageView(coder:)`: an empty engine `ImageView`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { ImageView(image: nil) })
    }
    /// `UIImageView.image`: the engine image view's `image`.
    open var image: UIImage? { get { imageView.image.map(UIImage.init) } set { imageView.image = newValue?.image } }
    /// `UIImageView.highlightedImage`: the engine image view's `highlightedImage`.
    open var highlightedImage: UIImage? {
        get { imageView.highlightedImage.map(UIImage.init) } set { imageView.highlightedImage = newValue?.image }
    }
    /// `UIImageView.isHighlighted`: the engine image view's `isHighlighted`.
    open var isHighlighted: Bool { get { imageView.isHighlighted } set { imageView.isHighlighted = newValue } }
    /// `UIImageView.animationImages`: the engine image view's `animationImages`.
    open var animationImages: [UIImage]? {
        get { imageView.animationImages?.map(UIImage.init) } set { imageView.animationImages = newValue?.map(\.image) }
    }
    /// `UIImageView.animationDuration`: the engine image view's `animationDuration`, in seconds.
    open var animationDuration: TimeInterval { get { imageView.animationDuration } set { imageView.animationDuration = newValue } }
    /// `UIImageView.animationRepeatCount`: the engine image view's `animationRepeatCount`.
    open var animationRepeatCount: Int { get { imageView.animationRepeatCount } set { imageView.animationRepeatCount = newValue } }
    /// `UIImageView.startAnimating()`: the engine image view's `startAnimating()`.
    open func startAnimating() { imageView.startAnimating() }
    /// `UIImageView.stopAnimating()`: the engine image view's `stopAnimating()`.
    open func stopAnimating() { imageView.stopAnimating() }
    /// `UIImageView.isAnimating`: the engine image view's `isAnimating`.
    open var isAnimating: Bool { imageView.isAnimating }
    open override var tintColor: UIColor! {
        get { UIColor(imageView.tintColor) } set { imageView.tintColor = (newValue ?? .systemBlue).color }
    }
    open override var intrinsicContentSize: CGSize { CGSize(imageView.intrinsicContentSize) }
}
