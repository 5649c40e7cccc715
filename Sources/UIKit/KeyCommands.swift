import Foundation
import Timeline
import UpdateLoop

// Hardware-keyboard commands: `keyCommands` of the responders in the chain, from the first
// responder up, are matched against each key press before the responder handles it itself; a
// match sends the command's action along the chain (`target(forAction:withSender:)`), with the
// command as the sender. A Linux keyboard has Control where a Mac has Command: a command that
// asks for Command also answers to Control (unless it asks for Control too).

/// Modifier keys, as UIKit's.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)

    init(_ m: KeyModifiers) {
        var f: UIKeyModifierFlags = []
        if m.contains(.shift) { f.insert(.shift) }
        if m.contains(.control) { f.insert(.control) }
        if m.contains(.alt) { f.insert(.alternate) }
        if m.contains(.command) { f.insert(.command) }
        if m.contains(.capsLock) { f.insert(.alphaShift) }
        self = f
    }
}

/// A menu command that sends an action along the responder chain, as `UICommand`.
@preconcurrency @MainActor
open class UICommand: UIMenuElement {
    public let image: UIImage?
    public let action: Selector?
    public let propertyList: Any?
    open var discoverabilityTitle: String?
    open var attributes: UIMenuElement.Attributes = []
    open var state: UIMenuElement.State = .off
    public let alternates: [UICommandAlternate]
    public init(title: String, image: UIImage? = nil, action: Selector?, propertyList: Any? = nil,
                alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) {
        self.image = image
        self.action = action
        self.propertyList = propertyList
        self.alternates = alternates
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        super.init(title: title)
    }
}

/// A key combination and the action it sends, as `UIKeyCommand`.
@preconcurrency @MainActor
open class UIKeyCommand: UICommand {
    public let input: String?
    public let modifierFlags: UIKeyModifierFlags
    /// Partial: kept; every command is matched before the responder's own key handling.
    open var wantsPriorityOverSystemBehavior = false
    open var allowsAutomaticLocalization = true
    open var allowsAutomaticMirroring = true

    public init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: "", image: nil, action: action)
    }
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector, discoverabilityTitle: String) {
        self.init(input: input, modifierFlags: modifierFlags, action: action)
        self.discoverabilityTitle = discoverabilityTitle
    }
    public init(title: String = "", image: UIImage? = nil, action: Selector, input: String, modifierFlags: UIKeyModifierFlags = [],
                propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
                   discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputEscape = "UIKeyInputEscape"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputDelete = "UIKeyInputDelete"
    public static let f1 = "UIKeyInputF1", f2 = "UIKeyInputF2", f3 = "UIKeyInputF3", f4 = "UIKeyInputF4"
    public static let f5 = "UIKeyInputF5", f6 = "UIKeyInputF6", f7 = "UIKeyInputF7", f8 = "UIKeyInputF8"
    public static let f9 = "UIKeyInputF9", f10 = "UIKeyInputF10", f11 = "UIKeyInputF11", f12 = "UIKeyInputF12"

    /// UIKit's input string for an engine key name (SDL's, lower case).
    static func input(forKey name: String) -> String {
        switch name {
        case "up": inputUpArrow
        case "down": inputDownArrow
        case "left": inputLeftArrow
        case "right": inputRightArrow
        case "escape": inputEscape
        case "pageup", "page up": inputPageUp
        case "pagedown", "page down": inputPageDown
        case "home": inputHome
        case "end": inputEnd
        case "delete": inputDelete
        case "backspace": "\u{8}"
        case "return", "keypad enter": "\r"
        case "tab": "\t"
        case "space": " "
        default:
            if name.count >= 2, name.first == "f", let n = Int(name.dropFirst()), (1...12).contains(n) { "UIKeyInputF\(n)" } else { name }
        }
    }

    /// Whether this command is the key `input` pressed with `flags`.
    func matches(input pressed: String, flags: UIKeyModifierFlags) -> Bool {
        guard let input, input.lowercased() == pressed.lowercased() else { return false }
        let relevant: UIKeyModifierFlags = [.shift, .control, .alternate, .command]
        let want = modifierFlags.intersection(relevant), have = flags.intersection(relevant)
        if want == have { return true }
        // Control stands for Command on a Linux keyboard.
        if want.contains(.command), !want.contains(.control), have.contains(.control), !have.contains(.command) {
            return want.subtracting(.command) == have.subtracting(.control)
        }
        return false
    }
}

/// An alternate of a command (kept for menus; none are shown on Linux).
public final class UICommandAlternate: NSObject, @unchecked Sendable {
    public let title: String
    public let action: Selector
    public let modifierFlags: UIKeyModifierFlags
    public init(title: String, action: Selector, modifierFlags: UIKeyModifierFlags) {
        self.title = title; self.action = action; self.modifierFlags = modifierFlags
    }
}

extension UIResponder {
    /// Adds a key command to this responder's ``keyCommands``.
    public func addKeyCommand(_ keyCommand: UIKeyCommand) { addedKeyCommands.append(keyCommand) }
    public func removeKeyCommand(_ keyCommand: UIKeyCommand) { addedKeyCommands.removeAll { $0 === keyCommand } }

    /// Looks for a key command of this responder matching a key press and sends its action;
    /// true when one was sent.
    func performKeyCommand(for event: InputEvent) -> Bool {
        guard case .keyDown(let key) = event.kind, let commands = keyCommands, !commands.isEmpty else { return false }
        let input = UIKeyCommand.input(forKey: key.name), flags = UIKeyModifierFlags(event.modifiers)
        guard let command = commands.first(where: { $0.matches(input: input, flags: flags) }), let action = command.action,
              let target = target(forAction: action, withSender: command) else { return false }
        return action.perform(on: target as AnyObject, with: command).performed
    }
}
