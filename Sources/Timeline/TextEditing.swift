import Geometry

/// A clipboard for copy, cut and paste (TX9): the window's, which the SDL backend connects to
/// the system clipboard; headless windows keep their own in memory.
@MainActor
public protocol Pasteboard: AnyObject {
    var string: String? { get set }
}

/// A pasteboard in memory (a headless window's default).
@MainActor
public final class MemoryPasteboard: Pasteboard {
    public var string: String?
    public init() {}
}

/// The text being edited and its selection, with edits by grapheme cluster and word, and undo
/// and redo (TX9). Offsets are UTF-16, as UIKit's. Platform-free: text fields and views drive
/// it from keys, text input and the pointer.
public struct TextEditingState: Sendable, Equatable {
    public private(set) var text: String
    /// The selection; empty: the caret.
    public var selection: Range<Int>
    /// Where a shift-extended selection is anchored.
    public private(set) var anchor: Int
    /// An input method's composition shown at the selection (not yet in ``text``).
    public var markedText: String = ""

    private struct Snapshot: Sendable, Equatable { var text: String; var selection: Range<Int> }
    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    /// Typing continues the last undo step until the caret moves or something else is done.
    private var coalescingTyping = false

    public init(text: String = "") {
        self.text = text
        let n = text.utf16.count
        selection = n..<n
        anchor = n
    }

    public var length: Int { text.utf16.count }
    public var caret: Int { selection.upperBound == anchor ? selection.lowerBound : selection.upperBound }
    public var selectedText: String { Self.substring(text, selection) }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    static func substring(_ s: String, _ r: Range<Int>) -> String {
        let u = Array(s.utf16)
        let lo = max(0, min(r.lowerBound, u.count)), hi = max(lo, min(r.upperBound, u.count))
        return String(decoding: u[lo..<hi], as: UTF16.self)
    }

    // MARK: Editing

    /// Replaces `range` with `string`, recording an undo step (typing coalesces into one).
    public mutating func replace(_ range: Range<Int>, with string: String, typing: Bool = false) {
        let lo = max(0, min(range.lowerBound, length)), hi = max(lo, min(range.upperBound, length))
        if !(typing && coalescingTyping) { undoStack.append(Snapshot(text: text, selection: selection)) }
        if undoStack.count > 200 { undoStack.removeFirst() }
        redoStack.removeAll()
        var u = Array(text.utf16)
        u.replaceSubrange(lo..<hi, with: Array(string.utf16))
        text = String(decoding: u, as: UTF16.self)
        let caret = lo + string.utf16.count
        selection = caret..<caret
        anchor = caret
        coalescingTyping = typing
    }

    /// Sets the whole text (an undo step), the caret at its end.
    public mutating func setText(_ s: String) {
        replace(0..<length, with: s)
        coalescingTyping = false
    }

    public mutating func undo() { step(undoing: true) }
    public mutating func redo() { step(undoing: false) }

    /// Restores the last snapshot of one history, keeping the present in the other.
    private mutating func step(undoing: Bool) {
        guard let s = undoing ? undoStack.popLast() : redoStack.popLast() else { return }
        let present = Snapshot(text: text, selection: selection)
        if undoing { redoStack.append(present) } else { undoStack.append(present) }
        text = s.text
        selection = s.selection
        anchor = s.selection.lowerBound
        coalescingTyping = false
    }

    // MARK: Moving

    /// Moves the caret to `offset`, or extends the selection to it from the anchor.
    public mutating func move(to offset: Int, extending: Bool) {
        let o = max(0, min(offset, length))
        if extending {
            selection = min(anchor, o)..<max(anchor, o)
        } else {
            selection = o..<o
            anchor = o
        }
        coalescingTyping = false
    }

    /// Selects `range` (the anchor at its start).
    public mutating func select(_ range: Range<Int>) {
        let lo = max(0, min(range.lowerBound, length)), hi = max(lo, min(range.upperBound, length))
        selection = lo..<hi
        anchor = lo
        coalescingTyping = false
    }

    public mutating func selectAll() { select(0..<length) }

    /// The boundary before and after `offset` among `boundaries` (sorted, the end included).
    static func before(_ offset: Int, _ boundaries: [Int]) -> Int { boundaries.last { $0 < offset } ?? 0 }
    static func after(_ offset: Int, _ boundaries: [Int], length: Int) -> Int { boundaries.first { $0 > offset } ?? length }
}

/// Where a text field shows its clear button (UITextField.ViewMode).
public enum TextFieldViewMode: Sendable, Equatable { case never, whileEditing, unlessEditing, always }

/// What a text field asks its delegate (UITextFieldDelegate); every method is optional.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldDidBeginEditing(_ textField: TextField)
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    func textFieldDidEndEditing(_ textField: TextField)
    /// Whether `range` (UTF-16) may be replaced by `string` (typing, pasting, deleting).
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool
    func textFieldShouldClear(_ textField: TextField) -> Bool
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String)
        -> Bool { true }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
