import Geometry
import UpdateLoop

/// An object in the responder chain (TX7), as `UIResponder`: views, view controllers and, at the
/// end, the window's handler. Key presses and text go to the window's first responder and, when
/// it does not handle them, along ``next``: a view's view controller (when it is one's root view)
/// or superview, a controller's view's superview, then the window (``Window/onKey``). Its base,
/// ``AccessibilityObject``, gives every responder UIKit's accessibility properties (AX1).
@MainActor
open class Responder: AccessibilityObject {
    public override init() { super.init() }

    /// The next responder in the chain (nil: the window comes next).
    open var next: Responder? { nil }

    /// Whether this responder accepts focus (text fields do; plain views do not).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether it lets focus go when asked.
    open var canResignFirstResponder: Bool { true }
    /// Whether it is its window's first responder.
    public var isFirstResponder: Bool { responderWindow?.firstResponder === self }

    /// The window whose chain this responder is in.
    var responderWindow: Window? { nil }

    /// Makes this responder the window's first responder; false when it cannot
    /// (``canBecomeFirstResponder``, no window, or the current one refuses to resign).
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.setFirstResponder(self)
        didBecomeFirstResponder()
        return true
    }

    /// Gives up first-responder status; false when it refuses (``canResignFirstResponder``).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = responderWindow, window.firstResponder === self {
            window.setFirstResponder(nil)
            didResignFirstResponder()
        }
        return true
    }

    /// Called after becoming first responder, and after resigning.
    open func didBecomeFirstResponder() {}
    /// Called after giving up first-responder status.
    open func didResignFirstResponder() {}

    /// A key press or release (`event.kind` is `.keyDown` or `.keyUp`). The base passes it on
    /// along the chain; return true when handled.
    open func keyEvent(_ event: InputEvent) -> Bool { next?.keyEvent(event) ?? false }

    /// Committed text (UIKeyInput's insertText). The base passes it on along the chain.
    open func insertText(_ text: String) -> Bool { next?.insertText(text) ?? false }

    /// An input method's composition (setMarkedText); empty text ends it. Passed on by the base.
    open func setMarkedText(_ text: String, selectedRange: Range<Int>) -> Bool {
        next?.setMarkedText(text, selectedRange: selectedRange) ?? false
    }

    /// Whether this responder takes text input now: the window asks the platform for text input
    /// events (and its input method) while the first responder says so.
    open var acceptsTextInput: Bool { false }

    /// Where the caret is, in window points, for an input method's candidate window.
    open var textInputRect: Rect? { nil }
}

extension View {
    /// Ends editing in this view's subtree, as `UIView.endEditing(_:)`: the first responder,
    /// if it is this view or inside it, is asked to resign; with `force` it resigns even when
    /// it (or a text field's delegate) refuses. Returns whether nothing in the subtree is first
    /// responder afterwards.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let w = window, let r = w.firstResponder as? View, r === self || r.isDescendant(of: self) else { return true }
        if r.resignFirstResponder(), w.firstResponder !== r { return true }
        guard force else { return false }
        w.setFirstResponder(nil)
        r.didResignFirstResponder()
        return true
    }
}
