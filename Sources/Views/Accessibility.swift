import Geometry

// UIAccessibility in the engine (AX1). UIKit declares the accessibility properties as an
// informal protocol on NSObject, so views, controllers and plain elements answer the same
// questions. Here ``AccessibilityObject`` plays NSObject's part: ``Responder`` (so every view and
// view controller) and ``AccessibilityElement`` inherit from it. What an app sets is kept in a
// side object made on first write (``AccessibilitySettings``); what it does not set comes from
// ``AccessibilityObject/accessibilityDefaults``, which each engine class overrides with UIKit's
// defaults for it (a button is an element with the button trait and its title as label).
// Nothing here runs per frame: the tree is read when an observer or a test asks.

/// What an element is and how it behaves, as `UIAccessibilityTraits`, with UIKit's bit values.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The traits as bits, UIKit's values.
    public let rawValue: UInt64
    /// The traits `rawValue`'s bits name.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// No trait: a plain element.
    public static let none: AccessibilityTraits = []
    /// Activating it does something (read as "button").
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Activating it opens something elsewhere.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// It is a picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// It is the selected one of a set (a tab, a segment).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Activating it plays a sound.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    /// It acts as a key of a keyboard.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// It is text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// It summarises the screen when the app starts.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    /// It is disabled and does not respond.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Its value changes often (a timer): read on request, not on every change.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// It is a search field.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// Activating it starts playback, so speech stops.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Its value goes up and down by increments (a slider, a stepper).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    /// Touches reach it directly (a drawing surface).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Reading past its end turns the page.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// It heads a section.
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// It is a tab bar: its children are tabs.
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 17)
}

/// An action an assistive technology offers besides activating, as
/// `UIAccessibilityCustomAction` (a list row's "Delete"). The handler returns whether it did it.
@MainActor
public final class AccessibilityCustomAction {
    /// What the action is called, as the assistive technology reads it.
    public var name: String
    /// Performs the action; returns whether it succeeded.
    public var handler: @MainActor (AccessibilityCustomAction) -> Bool
    /// An action called `name` performed by `handler`.
    public init(name: String, handler: @escaping @MainActor (AccessibilityCustomAction) -> Bool) {
        self.name = name
        self.handler = handler
    }
    /// Performs the action (what a bridge calls); returns the handler's answer.
    @discardableResult public func perform() -> Bool { handler(self) }
}

/// The values an engine class has when the app sets none: UIKit's defaults for that class.
public struct AccessibilityDefaults: Sendable, Equatable {
    /// Whether instances are accessibility elements (read on their own) by default.
    public var isElement: Bool
    /// The default label; nil: none.
    public var label: String?
    /// The default value; nil: none.
    public var value: String?
    /// The default traits.
    public var traits: AccessibilityTraits
    /// Defaults with the given values; everything left out is off or nil.
    public init(isElement: Bool = false, label: String? = nil, value: String? = nil, traits: AccessibilityTraits = []) {
        self.isElement = isElement
        self.label = label
        self.value = value
        self.traits = traits
    }
}

/// Where an element stands among the items of one set: a segment among its segmented control's,
/// a tab among its bar's. VoiceOver reads it after the traits ("Week, button, 2 of 4"); an
/// AT-SPI reader gets it as the `posinset` and `setsize` attributes.
public struct AccessibilitySetPosition: Sendable, Hashable {
    /// The element's place in the set, counting from 1.
    public var position: Int
    /// How many items the set holds.
    public var count: Int
    /// Item `position` (from 1) of `count`.
    public init(position: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(position),
                     "AccessibilitySetPosition: position \(position) of \(count); give a position from 1 to a count of at least 1")
        self.position = position
        self.count = count
    }
}

/// What an app set on one object: nil fields fall back to its class's defaults. Made on the
/// first write, so a view nobody describes carries one nil pointer.
public final class AccessibilitySettings {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var identifier: String?
    var traits: AccessibilityTraits?
    /// In window points, when set explicitly (an element placed without a container view).
    var frame: Rect?
    var activationPoint: Point?
    var elements: [AccessibilityObject]?
    var customActions: [AccessibilityCustomAction] = []
    var elementsHidden = false
    var viewIsModal = false
    var setPosition: AccessibilitySetPosition?
    /// Whether the window draws the keyboard focus ring around this view (AX3).
    package var showsFocusRing = false
}

/// The root of everything an assistive technology reads, as the UIAccessibility informal
/// protocol on NSObject: views and view controllers (through ``Responder``) and
/// ``AccessibilityElement``s. Read the properties to describe the object; override
/// ``accessibilityDefaults`` to change a class's defaults, or the properties themselves to
/// compute them.
@MainActor
open class AccessibilityObject {
    /// An object with the defaults of `accessibilityDefaults` and nothing set.
    public init() {}

    /// What the app set (nil until it sets something). Internal and only ever read or set
    /// whole, so the compiler checks its accesses (each view's emission reads it every frame).
    final var accessibilitySettings: AccessibilitySettings?
    final var settings: AccessibilitySettings {
        if let s = accessibilitySettings { return s }
        let s = AccessibilitySettings()
        accessibilitySettings = s
        return s
    }

    /// UIKit's defaults for this class; the base: not an element, nothing to say.
    open var accessibilityDefaults: AccessibilityDefaults { AccessibilityDefaults() }

    /// Whether an assistive technology reads this object as one element (its subviews then are
    /// not read). Controls, labels and cells are; plain views and image views are not.
    open var isAccessibilityElement: Bool {
        get { accessibilitySettings?.isElement ?? accessibilityDefaults.isElement }
        set { settings.isElement = newValue }
    }
    /// A short name (a button's title). Setting nil returns to the default.
    open var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? accessibilityDefaults.label }
        set {
            settings.label = newValue
            (self as? View)?.accessibilityContentDidChange()
        }
    }
    /// The current value, as text (a slider's percentage, a switch's "1" or "0").
    open var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? accessibilityDefaults.value }
        set { settings.value = newValue }
    }
    /// What activating does, when the label does not say.
    open var accessibilityHint: String? {
        get { accessibilitySettings?.hint }
        set { settings.hint = newValue }
    }
    /// A name for tests and tools, never spoken (a view's defaults to its ``View/identifier``).
    open var accessibilityIdentifier: String? {
        get { accessibilitySettings?.identifier ?? (self as? View)?.identifier }
        set { settings.identifier = newValue }
    }
    /// The traits: set ones replace the class's defaults.
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilitySettings?.traits ?? accessibilityDefaults.traits }
        set { settings.traits = newValue }
    }
    /// Where the object is, in window points: a view's bounds, an element's frame in its
    /// container's space, both converted; set, it is used as is.
    open var accessibilityFrame: Rect {
        get { accessibilitySettings?.frame ?? computedAccessibilityFrame }
        set { settings.frame = newValue }
    }
    /// Where activating touches, in window points: the frame's middle unless set.
    open var accessibilityActivationPoint: Point {
        get {
            if let p = accessibilitySettings?.activationPoint { return p }
            let f = accessibilityFrame
            return Point(x: f.midX, y: f.midY)
        }
        set { settings.activationPoint = newValue }
    }
    /// The elements this container holds, in reading order, when it says so: they replace its
    /// subviews in the tree (a chart's bars, a segmented control's segments).
    open var accessibilityElements: [AccessibilityObject]? {
        get { accessibilitySettings?.elements }
        set { settings.elements = newValue }
    }
    /// Actions besides activating.
    open var accessibilityCustomActions: [AccessibilityCustomAction] {
        get { accessibilitySettings?.customActions ?? [] }
        set { settings.customActions = newValue }
    }
    /// Whether this object's subtree is hidden from assistive technologies.
    open var accessibilityElementsHidden: Bool {
        get { accessibilitySettings?.elementsHidden ?? false }
        set { settings.elementsHidden = newValue }
    }
    /// Where the object stands in a set of like items (a segment, a tab); nil: in none. Not
    /// UIKit API (VoiceOver works it out for the system's controls); the engine's controls set
    /// it on the elements they make.
    open var accessibilitySetPosition: AccessibilitySetPosition? {
        get { accessibilitySettings?.setPosition }
        set { settings.setPosition = newValue }
    }
    /// Whether a view's siblings are ignored while it is shown (an alert).
    open var accessibilityViewIsModal: Bool {
        get { accessibilitySettings?.viewIsModal ?? false }
        set { settings.viewIsModal = newValue }
    }

    /// Activates the object as a double tap would; false: the caller taps
    /// `accessibilityActivationPoint` instead (UIKit's rule). Controls send their action.
    open func accessibilityActivate() -> Bool { false }
    /// Moves an adjustable element's value up one step (a slider by a tenth).
    open func accessibilityIncrement() {}
    /// Moves an adjustable element's value down one step.
    open func accessibilityDecrement() {}

    /// The frame when none was set: a view's bounds, an element's container-space frame, in
    /// window points.
    var computedAccessibilityFrame: Rect {
        if let v = self as? View { return v.windowRect(of: v.bounds) }
        if let e = self as? AccessibilityElement {
            var c = e.accessibilityContainer
            while let x = c as? AccessibilityElement { c = x.accessibilityContainer }
            if let v = c as? View { return v.windowRect(of: e.accessibilityFrameInContainerSpace) }
            return e.accessibilityFrameInContainerSpace
        }
        return .zero
    }
}

/// An object that stands for part of a view drawn without subviews (a chart's bar, a
/// segmented control's segment), as `UIAccessibilityElement`: an element by default, placed by
/// ``accessibilityFrameInContainerSpace`` in its container view. Its container lists it in
/// ``AccessibilityObject/accessibilityElements``.
@MainActor
open class AccessibilityElement: AccessibilityObject {
    /// The view (or element) that holds this one.
    public weak var accessibilityContainer: AccessibilityObject?
    /// The frame in the container view's coordinates.
    public var accessibilityFrameInContainerSpace = Rect.zero
    /// Called by ``accessibilityActivate()``; nil: activation taps the activation point.
    public var onActivate: (@MainActor () -> Bool)?
    /// Called by ``accessibilityIncrement()`` (+1) and ``accessibilityDecrement()`` (-1).
    public var onAdjust: (@MainActor (Int) -> Void)?

    /// An element inside `accessibilityContainer` (held weakly); set its frame, label and traits.
    public init(accessibilityContainer: AccessibilityObject?) {
        self.accessibilityContainer = accessibilityContainer
        super.init()
    }

    open override var accessibilityDefaults: AccessibilityDefaults { AccessibilityDefaults(isElement: true) }
    open override func accessibilityActivate() -> Bool { onActivate?() ?? false }
    open override func accessibilityIncrement() { onAdjust?(1) }
    open override func accessibilityDecrement() { onAdjust?(-1) }
}

extension View {
    /// `rect` (view coordinates) in window points: the box of its four corners (model values).
    /// Allocates nothing: a screen reader's bulk read (AT-SPI's `Cache.GetItems`) asks it of
    /// every object in a window, for its showing state.
    package func windowRect(of rect: Rect) -> Rect {
        let a = pointToWindow(Point(x: rect.minX, y: rect.minY)), b = pointToWindow(Point(x: rect.maxX, y: rect.minY))
        let c = pointToWindow(Point(x: rect.minX, y: rect.maxY)), d = pointToWindow(Point(x: rect.maxX, y: rect.maxY))
        let minX = min(a.x, b.x, c.x, d.x), minY = min(a.y, b.y, c.y, d.y)
        return Rect(x: minX, y: minY, width: max(a.x, b.x, c.x, d.x) - minX, height: max(a.y, b.y, c.y, d.y) - minY)
    }
}
