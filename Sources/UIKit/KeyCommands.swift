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
    /// The flags as UIKit's bits.
    public let rawValue: Int
    /// The flags whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock (the engine's `.capsLock`); not compared when matching commands.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    /// Shift (the engine's `.shift`).
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    /// Control (the engine's `.control`); it also matches a command that asks for Command.
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// Option/Alt (the engine's `.alt`).
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// Command (the engine's `.command`).
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    /// The numeric keypad; never set here.
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
    /// `UICommand.image`: kept for menus; nothing here shows it.
    public let image: UIImage?
    /// `UICommand.action`: the selector sent along the responder chain.
    public let action: Selector?
    /// `UICommand.propertyList`: a value for your own use, kept with the command.
    public let propertyList: Any?
    /// `UICommand.discoverabilityTitle`: stored only; there is no command overlay.
    open var discoverabilityTitle: String?
    /// `UICommand.attributes`: its menu attributes, kept.
    open var attributes: UIMenuElement.Attributes = []
    /// `UICommand.state`: its menu check state, kept.
    open var state: UIMenuElement.State = .off
    /// `UICommand.alternates`: kept; no menus show them.
    public let alternates: [UICommandAlternate]
    /// `UICommand(title:image:action:propertyList:alternates:discoverabilityTitle:attributes:state:)`: a
    /// command sending `action`.
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
    /// `UIKeyCommand.input`: the key (a character or one of the `input...` names), case-insensitive.
    public let input: String?
    /// `UIKeyCommand.modifierFlags`: the modifiers that must be held (Control also stands for Command).
    public let modifierFlags: UIKeyModifierFlags
    /// Partial: kept; every command is matched before the responder's own key handling.
    open var wantsPriorityOverSystemBehavior = false
    /// `UIKeyCommand.allowsAutomaticLocalization`: stored only.
    open var allowsAutomaticLocalization = true
    /// `UIKeyCommand.allowsAutomaticMirroring`: stored only.
    open var allowsAutomaticMirroring = true

    /// `UIKeyCommand(input:modifierFlags:action:)`: a command sending `action` for that key press.
    public init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: "", image: nil, action: action)
    }
    /// `UIKeyCommand(input:modifierFlags:action:discoverabilityTitle:)`: the same, with a title (kept).
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector, discoverabilityTitle: String) {
        self.init(input: input, modifierFlags: modifierFlags, action: action)
        self.discoverabilityTitle = discoverabilityTitle
    }
    /// `UIKeyCommand(title:image:action:input:modifierFlags:...)`: a command sending `action` for that key
    /// press, its menu values kept.
    public init(title: String = "", image: UIImage? = nil, action: Selector, input: String, modifierFlags: UIKeyModifierFlags = [],
                propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
                   discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    /// The up arrow key.
    public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The down arrow key.
    public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The left arrow key.
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The right arrow key.
    public static let inputRightArrow = "UIKeyInputRightArrow"
    /// The Escape key.
    public static let inputEscape = "UIKeyInputEscape"
    /// The Page Up key.
    public static let inputPageUp = "UIKeyInputPageUp"
    /// The Page Down key.
    public static let inputPageDown = "UIKeyInputPageDown"
    /// The Home key.
    public static let inputHome = "UIKeyInputHome"
    /// The End key.
    public static let inputEnd = "UIKeyInputEnd"
    /// The Delete (forward delete) key.
    public static let inputDelete = "UIKeyInputDelete"
    /// Function keys F1 to F4.
    public static let f1 = "UIKeyInputF1", f2 = "UIKeyInputF2", f3 = "UIKeyInputF3", f4 = "UIKeyInputF4"
    /// Function keys F5 to F8.
    public static let f5 = "UIKeyInputF5", f6 = "UIKeyInputF6", f7 = "UIKeyInputF7", f8 = "UIKeyInputF8"
    /// Function keys F9 to F12.
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
    /// `UICommandAlternate.title`: the alternate's title.
    public let title: String
    /// `UICommandAlternate.action`: the alternate's selector.
    public let action: Selector
    /// `UICommandAlternate.modifierFlags`: the modifiers that select the alternate.
    public let modifierFlags: UIKeyModifierFlags
    /// `UICommandAlternate(title:action:modifierFlags:)`: an alternate (kept; not shown).
    public init(title: String, action: Selector, modifierFlags: UIKeyModifierFlags) {
        self.title = title; self.action = action; self.modifierFlags = modifierFlags
    }
}

extension UIResponder {
    /// Adds a key command to this responder's ``keyCommands``.
    public func addKeyCommand(_ keyCommand: UIKeyCommand) { addedKeyCommands.append(keyCommand) }
    /// `UIResponder.removeKeyCommand(_:)`: removes a command added with `addKeyCommand(_:)`.
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
