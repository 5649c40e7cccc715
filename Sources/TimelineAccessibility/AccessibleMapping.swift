import Geometry
@_spi(Engine) import Views
import Timeline

// What AT-SPI reads of an engine object (AX2): its role, states, actions and value, computed
// from the engine's UIAccessibility model (Sources/Views/Accessibility.swift) and the classes
// that set it. Pure functions of the live objects, so tests check them without a bus; the
// bridge (AccessibilityBridge.swift) hands the answers to ATK.

/// An AT-SPI role, as the engine's objects take them.
public enum AccessibleRole: Sendable, Hashable, CaseIterable {
    /// Windows and containers, buttons and toggles, and the value controls.
    case frame, panel, pushButton, toggleButton, checkBox, radioButton, slider, spinButton, progressBar
    /// Text, images, lists, tables, headings and links.
    case label, entry, text, image, list, listItem, table, tableCell, heading, link
    /// Tab bars and tabs, scroll views, toolbars, animations, and anything else.
    case pageTabList, pageTab, scrollPane, toolBar, animation, unknown
    /// A popup menu (the edit menu) and its items.
    case menu, menuItem
}

/// AT-SPI states, as bits (the shim maps each to ATK's).
public struct AccessibleStates: OptionSet, Sendable, Hashable {
    /// The states as bits.
    public let rawValue: UInt64
    /// The states `rawValue`'s bits name.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The object can be used (not disabled).
    public static let enabled = AccessibleStates(rawValue: 1 << 0)
    /// The object responds to input.
    public static let sensitive = AccessibleStates(rawValue: 1 << 1)
    /// The object can take keyboard focus.
    public static let focusable = AccessibleStates(rawValue: 1 << 2)
    /// The object has keyboard focus.
    public static let focused = AccessibleStates(rawValue: 1 << 3)
    /// The object can be checked (a switch).
    public static let checkable = AccessibleStates(rawValue: 1 << 4)
    /// The object is checked (a switch that is on).
    public static let checked = AccessibleStates(rawValue: 1 << 5)
    /// The object can be selected (a row, a tab).
    public static let selectable = AccessibleStates(rawValue: 1 << 6)
    /// The object is selected.
    public static let selected = AccessibleStates(rawValue: 1 << 7)
    /// The object is on screen in a visible window.
    public static let showing = AccessibleStates(rawValue: 1 << 8)
    /// The object is not hidden.
    public static let visible = AccessibleStates(rawValue: 1 << 9)
    /// The object's text can be edited.
    public static let editable = AccessibleStates(rawValue: 1 << 10)
    /// The object's text is one line (a text field).
    public static let singleLine = AccessibleStates(rawValue: 1 << 11)
    /// The object's text spans lines (a text view).
    public static let multiLine = AccessibleStates(rawValue: 1 << 12)
    /// The object is laid out horizontally (a slider, a tab bar).
    public static let horizontal = AccessibleStates(rawValue: 1 << 13)
    /// The window is the active one.
    public static let active = AccessibleStates(rawValue: 1 << 14)
    /// The object is pressed (a highlighted button).
    public static let pressed = AccessibleStates(rawValue: 1 << 15)
}

/// An action the Action interface offers, in the order it lists them.
public enum AccessibleAction: Sendable, Hashable {
    /// ``AccessibilityObject/accessibilityActivate()``, named for what it does ("click", "toggle").
    case activate(String)
    /// Steps an adjustable object's value up or down.
    case increment, decrement
    /// The object's custom action at this index.
    case custom(Int, String)

    /// The name AT-SPI reports.
    public var name: String {
        switch self {
        case .activate(let n), .custom(_, let n): n
        case .increment: "increment"
        case .decrement: "decrement"
        }
    }
}

/// A numeric value and its range, as the Value interface reports it.
public struct AccessibleValue: Sendable, Hashable {
    /// The value, its range and its smallest step, in the object's own units.
    public var current, minimum, maximum, step: Double
    /// A value `current` in `minimum`...`maximum` moving by `step`.
    public init(current: Double, minimum: Double, maximum: Double, step: Double) {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }
}

/// The engine's model read as AT-SPI reads it.
@MainActor
public enum AccessibleMapping {
    /// The role: the class first (a switch is a toggle button though its trait is button), then
    /// the traits, then whether it is an element (a leaf with nothing else to say is a label).
    public static func role(of o: AccessibilityObject) -> AccessibleRole {
        switch o {
        case is Switch: return .toggleButton
        case is Slider, is PageControl: return .slider
        case is Stepper: return .spinButton
        case is ProgressView: return .progressBar
        case is ActivityIndicatorView: return .animation
        case is TextView: return .text
        case is TextField: return .entry
        case is TableViewCell: return .tableCell
        case is CollectionViewCell: return .listItem
        case is TableView: return .table
        case is CollectionView: return .list
        case is ScrollView: return .scrollPane
        case is NavigationBar: return .toolBar
        case is EditMenu: return .menu
        case let b as Button where EditMenu.holding(b) != nil: return .menuItem
        default: break
        }
        let t = o.accessibilityTraits
        if t.contains(.header) { return .heading }
        if t.contains(.link) { return .link }
        if t.contains(.tabBar) { return .pageTabList }
        if t.contains(.button) { return (o as? AccessibilityElement)?.accessibilityContainer.map { $0.accessibilityTraits.contains(.tabBar) } == true ? .pageTab : .pushButton }
        if t.contains(.adjustable) { return .slider }
        if t.contains(.image) || o is ImageView { return .image }
        if t.contains(.staticText) || o is Label { return .label }
        return o.isAccessibilityElement ? .label : .panel
    }

    /// The name: the accessibility label; a text field without one is named by its
    /// placeholder (what it asks for), as UIKit's VoiceOver reads it.
    public static func name(of o: AccessibilityObject) -> String? {
        if let label = o.accessibilityLabel { return label }
        if let field = o as? TextField { return field.placeholder }
        return nil
    }

    /// The states: enabled unless `notEnabled`; visible (the tree holds only shown objects) and
    /// showing while its frame meets the window; focusable and focused from keyboard focus
    /// (AX3); checked from a switch; selected from the trait; editable for enabled text.
    public static func states(of o: AccessibilityObject, in window: Window?) -> AccessibleStates {
        let t = o.accessibilityTraits
        var s: AccessibleStates = [.visible]
        if !t.contains(.notEnabled) { s.formUnion([.enabled, .sensitive]) }
        if let window {
            let bounds = Rect(origin: .zero, size: window.size)
            let f = o.accessibilityFrame
            let seen = f.intersection(bounds)
            if !seen.isNull, seen.width > 0, seen.height > 0 { s.insert(.showing) }
        }
        if let v = o as? View {
            if v.takesTabFocus { s.insert(.focusable) }
            if let window, window.focusedView === v { s.insert(.focused) }
            // The edit menu's highlighted item has the reader's focus (the field keeps the keys).
            if let b = v as? Button, let menu = EditMenu.holding(b), menu.highlightedButton === b { s.insert([.focused, .selected]) }
        }
        if let sw = o as? Switch {
            s.insert(.checkable)
            if sw.isOn { s.formUnion([.checked, .pressed]) }
        }
        if o is TableViewCell || o is CollectionViewCell { s.insert(.selectable) }
        if t.contains(.selected) { s.insert(.selected) }
        if let field = o as? TextField {
            s.insert(field is TextView ? .multiLine : .singleLine)
            if field.isEnabled { s.insert(.editable) }
        }
        if o is Slider || o is PageControl || o is ProgressView { s.insert(.horizontal) }
        return s
    }

    /// The actions: activating (elements that are controls, buttons, links, cells, or handle it;
    /// not a container such as a segmented control, whose segments are the buttons),
    /// then increment and decrement on adjustable objects, then the custom actions.
    public static func actions(of o: AccessibilityObject) -> [AccessibleAction] {
        var out: [AccessibleAction] = []
        let t = o.accessibilityTraits
        let adjustable = t.contains(.adjustable)
        if o is Switch {
            out.append(.activate("toggle"))
        } else if o.isAccessibilityElement, !adjustable, !(o is TextField),
                  o is Control || t.contains(.button) || t.contains(.link) || o is TableViewCell || o is CollectionViewCell
                    || (o as? AccessibilityElement)?.onActivate != nil {
            out.append(.activate("click"))
        }
        if adjustable { out += [.increment, .decrement] }
        for (i, a) in o.accessibilityCustomActions.enumerated() { out.append(.custom(i, a.name)) }
        return out
    }

    /// Does `action` on `o`; false when it did nothing.
    public static func perform(_ action: AccessibleAction, on o: AccessibilityObject) -> Bool {
        switch action {
        case .activate: return o.accessibilityActivateOrTap()
        case .increment: o.accessibilityIncrement(); return true
        case .decrement: o.accessibilityDecrement(); return true
        case .custom(let i, _):
            let list = o.accessibilityCustomActions
            return list.indices.contains(i) ? list[i].perform() : false
        }
    }

    /// Whether objects of this one's class offer the Value interface (fixed when its ATK
    /// object is made).
    public static func hasValue(_ o: AccessibilityObject) -> Bool {
        o is Slider || o is Stepper || o is ProgressView || o is PageControl
    }

    /// The numeric value: a slider's (a tenth of its range a step, as increment moves it), a
    /// stepper's, a progress view's fraction, a page control's page.
    public static func value(of o: AccessibilityObject) -> AccessibleValue? {
        switch o {
        case let s as Slider:
            return AccessibleValue(current: s.value, minimum: s.minimumValue, maximum: s.maximumValue,
                                   step: (s.maximumValue - s.minimumValue) / 10)
        case let s as Stepper:
            return AccessibleValue(current: s.value, minimum: s.minimumValue, maximum: s.maximumValue, step: s.stepValue)
        case let p as ProgressView:
            return AccessibleValue(current: p.progress, minimum: 0, maximum: 1, step: 0.01)
        case let p as PageControl:
            return AccessibleValue(current: Double(p.currentPage), minimum: 0, maximum: Double(max(0, p.numberOfPages - 1)), step: 1)
        default:
            return nil
        }
    }

    /// Sets the value as the user would (the control sends valueChanged); false for read-only
    /// values (progress) and values that are not numbers.
    public static func setValue(_ v: Double, on o: AccessibilityObject) -> Bool {
        guard v.isFinite else { return false }
        switch o {
        case let s as Slider where s.isEnabled:
            s.setValue(v, animated: false)
            s.sendActions(for: .valueChanged)
        case let s as Stepper where s.isEnabled:
            s.value = min(max(v, s.minimumValue), s.maximumValue)
            s.sendActions(for: .valueChanged)
        case let p as PageControl where p.isEnabled:
            p.currentPage = Int(v.rounded())
            p.sendActions(for: .valueChanged)
        default:
            return false
        }
        return true
    }
}
