@_spi(Engine) import Views
import Geometry
import UpdateLoop

/// A view that turns pointer input into actions (K1), as `UIControl`: it tracks a press from
/// pointer-down to pointer-up, highlights while the pointer is down inside it, and sends its
/// events (touch down, touch up inside or outside, value changed, primary action) to the
/// handlers added for them. Input arrives in the frame's events phase (R5), hit-tested by the
/// window; a disabled control ignores it.
@MainActor
open class Control: View {
    /// UIKit's control states. `normal` is the empty set.
    public struct State: OptionSet, Sendable, Hashable {
        /// The states as bits.
        public let rawValue: Int
        /// The states `rawValue`'s bits name.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// No other state: enabled, not pressed, not selected.
        public static let normal: State = []
        /// A press inside the control is in progress.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control ignores input.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected (a toggled button, a chosen tab).
        public static let selected = State(rawValue: 1 << 2)
    }

    /// The events a control sends.
    public struct Event: OptionSet, Sendable, Hashable {
        /// The events as bits.
        public let rawValue: Int
        /// The events `rawValue`'s bits name.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A press began inside the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A press ended inside the control: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 1)
        /// A press that began inside ended outside.
        public static let touchUpOutside = Event(rawValue: 1 << 2)
        /// The control's value changed through input (a switch flipped, a slider dragged).
        public static let valueChanged = Event(rawValue: 1 << 3)
        /// A button's tap (sent with touch up inside).
        public static let primaryActionTriggered = Event(rawValue: 1 << 4)
        /// The press was taken away (a gesture recognizer recognised).
        public static let touchCancel = Event(rawValue: 1 << 5)
        /// Text editing (TextField, TX9).
        public static let editingDidBegin = Event(rawValue: 1 << 6)
        /// The text changed while editing.
        public static let editingChanged = Event(rawValue: 1 << 7)
        /// Editing ended (the field resigned first responder).
        public static let editingDidEnd = Event(rawValue: 1 << 8)
        /// Return pressed in a text field, which then ends editing.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 9)
    }

    /// Identifies an added action, for removing it.
    public struct ActionToken: Hashable, Sendable { let id: Int }

    /// Whether the control takes input; a disabled control draws dimmed and ignores presses.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { if !isEnabled { isHighlighted = false }; stateDidChange(); accessibilityTraitsDidChange() } }
    }
    /// Whether the control is selected; styles may show it.
    public var isSelected = false { didSet { if isSelected != oldValue { stateDidChange(); accessibilityTraitsDidChange() } } }
    /// Set while a press inside the control is in progress.
    public internal(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// Whether a press that began in the control is in progress.
    public private(set) var isTracking = false

    /// The current state.
    public var state: State {
        var s: State = .normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    private var actions: [(id: Int, events: Event, handler: @MainActor (Control) -> Void)] = []
    private var nextActionID = 1

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Calls `handler` with the control each time it sends one of `events`.
    @discardableResult
    public func addAction(for events: Event, _ handler: @escaping @MainActor (Control) -> Void) -> ActionToken {
        let id = nextActionID
        nextActionID += 1
        actions.append((id, events, handler))
        return ActionToken(id: id)
    }

    /// Removes the action `token` names; a token already removed is ignored.
    public func removeAction(_ token: ActionToken) { actions.removeAll { $0.id == token.id } }

    /// Whether any handler was added for one of `events`.
    public func hasActions(for events: Event) -> Bool { actions.contains { !$0.events.isDisjoint(with: events) } }

    /// Sends `events` to the handlers added for any of them, in the order they were added.
    public func sendActions(for events: Event) {
        for action in actions where !action.events.isDisjoint(with: events) { action.handler(self) }
    }

    /// Called when `state` changes; override to update the appearance (call `super`).
    open func stateDidChange() {}

    // MARK: Accessibility and keyboard focus (AX1, AX3; ControlAccessibility.swift)

    /// Whatever traits the control has, with its state added as UIKit's controls add it:
    /// not enabled while disabled, selected while selected.
    open override var accessibilityTraits: AccessibilityTraits {
        get { super.accessibilityTraits.union(isEnabled ? [] : .notEnabled).union(isSelected ? .selected : []) }
        set { super.accessibilityTraits = newValue }
    }
    /// Activating sends a tap's events (touch up inside, primary action); false when disabled.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
        return true
    }
    /// Enabled controls take Tab focus, as with the keyboard on iPadOS and Mac Catalyst.
    @_spi(Engine) open override var takesTabFocus: Bool { isEnabled }
    /// Space, return and the arrows for the focused control (`performFocusKey(_:)`); other
    /// keys go on along the responder chain.
    open override func keyEvent(_ event: InputEvent) -> Bool {
        if case .keyDown(let key) = event.kind, event.modifiers.isDisjoint(with: [.control, .alt, .command]),
           performFocusKey(key.name) { return true }
        return super.keyEvent(event)
    }

    /// How far outside its bounds a press may move and still count as inside (UIKit uses a margin).
    public var trackingMargin = 20.0

    func isInsideForTracking(_ p: Point) -> Bool {
        bounds.inset(by: EdgeInsets(all: -trackingMargin)).contains(p)
    }

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard isEnabled else { return false }
        switch event.kind {
        case .pointerCancelled:
            // A gesture recognizer took the press (cancelsTouchesInView).
            guard isTracking else { return false }
            isTracking = false
            isHighlighted = false
            sendActions(for: .touchCancel)
            return true
        case .pointerDown:
            isTracking = true
            isHighlighted = true
            sendActions(for: .touchDown)
            return true
        case .pointerMoved:
            guard isTracking else { return false }
            isHighlighted = isInsideForTracking(point)
            return true
        case .pointerUp:
            guard isTracking else { return false }
            isTracking = false
            isHighlighted = false
            if isInsideForTracking(point) {
                sendActions(for: [.touchUpInside, .primaryActionTriggered])
            } else {
                sendActions(for: .touchUpOutside)
            }
            return true
        default:
            return false
        }
    }
}

/// A control with a title (K1), as `UIButton`: its title label highlights while pressed, its
/// background and title colour can differ per state, and its intrinsic size is the title's plus
/// ``contentInsets``. React to taps with `addAction(for: .primaryActionTriggered) { ... }`.
@MainActor
open class Button: Control {
    /// The label showing the title.
    public let titleLabel: Label
    /// Space between the title and the button's edges.
    public var contentInsets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16) { didSet { invalidateIntrinsicContentSize() } }

    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var backgroundColors: [State: Color] = [:]
    /// Whether the state's background colour (``setBackgroundColor(_:for:)``) paints the
    /// button's `backgroundColor` whenever its state or title changes: the engine's filled
    /// button. False: the background is the view's own, set by hand and kept through state
    /// and title changes (UIKit's buttons, whose `backgroundColor` is a view property).
    public var usesStateBackgroundColors = true { didSet { applyState() } }

    /// A button titled `title`, laid out by constraints.
    public init(title: String = "", fontSize: Double = 17, identifier: String? = nil) {
        titleLabel = Label(text: title, fontSize: fontSize)
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        titles[.normal] = title
        titleColors[.normal] = .white
        backgroundColors[.normal] = Color(red: 0.2, green: 0.45, blue: 0.9)
        backgroundColors[.highlighted] = Color(red: 0.13, green: 0.3, blue: 0.62)
        backgroundColors[.disabled] = Color(red: 0.35, green: 0.35, blue: 0.4)
        cornerRadius = 8
        let centerY = titleLabel.centerYAnchor.constraint(equalTo: centerYAnchor)
        titleCenterY = centerY
        let centerX = titleLabel.centerXAnchor.constraint(equalTo: centerXAnchor)
        titleCenterX = centerX
        LayoutConstraint.activate([centerX, centerY])
        applyState()
    }

    /// An untitled button placed by `frame`: its frame is set by hand until the code says
    /// otherwise, as for every view made with a frame (MR6).
    public convenience override init(frame: Rect) {
        self.init(title: "")
        translatesAutoresizingMaskIntoConstraints = true
        self.frame = frame
    }

    /// The title for `state` (the normal one where none is set).
    public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }
    /// Sets the title shown in `state` (nil: that state shows the normal title).
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        applyState()
    }
    /// Sets the title's colour in `state` (nil: the normal one's).
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        applyState()
    }
    /// Sets the background colour in `state` (nil: the normal one's).
    public func setBackgroundColor(_ color: Color?, for state: State) {
        backgroundColors[state] = color
        applyState()
    }

    /// An element with the button trait, labelled by its title (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        let title = titleLabel.text
        return AccessibilityDefaults(isElement: true, label: title.isEmpty ? nil : title, traits: .button)
    }

    /// The state whose setting applies now: the exact state, else highlighted, disabled,
    /// selected in that order of precedence, else normal.
    private func lookup<T>(_ table: [State: T]) -> T? {
        if let v = table[state] { return v }
        for s in [State.highlighted, .disabled, .selected] where state.contains(s) { if let v = table[s] { return v } }
        return table[.normal]
    }

    open override func stateDidChange() {
        super.stateDidChange()
        if configuration != nil { applyConfigurationColors(animated: true) } else { applyState() }
    }

    func applyState() {
        let title = lookup(titles) ?? ""
        if titleLabel.text != title {
            titleLabel.text = title
            invalidateIntrinsicContentSize()                 // the button's size follows its title's
        }
        titleLabel.textColor = lookup(titleColors) ?? .white
        if usesStateBackgroundColors { backgroundColor = lookup(backgroundColors) ?? .clear }
    }

    open override var intrinsicContentSize: Size {
        var t = titleLabel.intrinsicContentSize
        if let c = configuration, let image = c.image {
            // The image beside the title, imagePadding apart: side by side, or stacked.
            let tw = t.width > 0 ? t.width : 0, th = t.width > 0 ? t.height : 0
            switch c.imagePlacement {
            case .leading, .trailing: t = Size(width: tw + c.imageGap + image.size.width, height: max(t.height, image.size.height))
            case .top, .bottom: t = Size(width: max(tw, image.size.width), height: th + c.imageGap + image.size.height)
            }
        }
        if let sub = subtitleLabel, configuration?.subtitle?.isEmpty == false {
            let st = sub.intrinsicContentSize, pad = configuration?.titlePadding ?? 0
            return Size(width: max(t.width, st.width) + contentInsets.left + contentInsets.right,
                        height: t.height + pad + st.height + contentInsets.top + contentInsets.bottom)
        }
        return Size(width: t.width + contentInsets.left + contentInsets.right, height: t.height + contentInsets.top + contentInsets.bottom)
    }

    // MARK: Configurations (CN1)

    /// The configuration the button is drawn by (UIKit's UIButton.Configuration); nil: the
    /// per-state titles and colours above.
    public var configuration: Configuration? { didSet { applyConfiguration() } }
    /// The colour configurations derive theirs from.
    /// The tint (inherited, `View.tintColor`) recolours a configured button.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyConfigurationColors(animated: false)
    }
    /// The configuration's subtitle, made when one is set.
    public package(set) var subtitleLabel: Label?
    var titleCenterY: LayoutConstraint?
    var subtitleTop: LayoutConstraint?
    var titleCenterX: LayoutConstraint?
    /// The configuration's image, made when one is set.
    public package(set) var imageView: ImageView?
    var imageGap: LayoutConstraint?
    var imagePlacementConstraints: [LayoutConstraint] = []
    var placedImageSide: Configuration.ImagePlacement = .leading

    /// A button drawn by `configuration`.
    public convenience init(configuration: Configuration, identifier: String? = nil) {
        self.init(title: configuration.title ?? "", fontSize: 17, identifier: identifier)
        self.configuration = configuration
        applyConfiguration()
    }
}
