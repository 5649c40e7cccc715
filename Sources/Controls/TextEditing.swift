import Geometry

/// The text being edited and its selection, with edits by grapheme cluster and word, and undo
/// and redo (TX9). Offsets are UTF-16, as UIKit's. Platform-free: text fields and views drive
/// it from keys, text input and the pointer.
public struct TextEditingState: Sendable, Equatable {
    /// The text, without the marked text.
    public private(set) var text: String
    /// The selection; empty: the caret.
    public var selection: Range<Int>
    /// Where a shift-extended selection is anchored.
    public private(set) var anchor: Int
    /// An input method's composition shown at the selection (not yet in ``text``).
    public var markedText: String = ""

    /// One edit, as what it replaced: undoing puts `removed` back where `inserted` is, redoing
    /// the reverse. History costs what the edits changed, not copies of the text.
    private struct Edit: Sendable, Equatable {
        var location: Int
        var removed: [UInt16]
        var inserted: [UInt16]
        var selectionBefore: Range<Int>
        var selectionAfter: Range<Int>
        var size: Int { removed.count + inserted.count }
    }
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []
    /// UTF-16 units the undo history holds; the oldest edits go past ``historyLimit`` units or
    /// ``historyDepth`` edits.
    private var historySize = 0
    /// The most UTF-16 units the undo history keeps.
    public let historyLimit: Int
    /// The most edits the undo history keeps.
    public static let historyDepth = 200
    /// Typing continues the last undo step until the caret moves or something else is done.
    private var coalescingTyping = false

    /// `historyLimit`: UTF-16 units of edits the undo history keeps (4 Mi by default).
    public init(text: String = "", historyLimit: Int = 4 << 20) {
        self.text = text
        self.historyLimit = max(0, historyLimit)
        let n = text.utf16.count
        selection = n..<n
        anchor = n
    }

    /// The text's length in UTF-16 units.
    public var length: Int { text.utf16.count }
    /// Where the caret is: the moving end of the selection, in UTF-16 units.
    public var caret: Int { selection.upperBound == anchor ? selection.lowerBound : selection.upperBound }
    /// The selected text (empty for a caret).
    public var selectedText: String { Self.substring(text, selection) }
    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The UTF-16 range `r` of `s` (clamped).
    public static func substringUTF16(_ s: String, _ r: Range<Int>) -> String { substring(s, r) }
    static func substring(_ s: String, _ r: Range<Int>) -> String {
        let u = Array(s.utf16)
        let lo = max(0, min(r.lowerBound, u.count)), hi = max(lo, min(r.upperBound, u.count))
        return String(decoding: u[lo..<hi], as: UTF16.self)
    }

    // MARK: Editing

    /// Replaces `range` with `string`, recording an undo step (typing coalesces into one).
    public mutating func replace(_ range: Range<Int>, with string: String, typing: Bool = false) {
        let lo = max(0, min(range.lowerBound, length)), hi = max(lo, min(range.upperBound, length))
        var u = Array(text.utf16)
        let removed = Array(u[lo..<hi]), inserted = Array(string.utf16)
        let before = selection
        u.replaceSubrange(lo..<hi, with: inserted)
        text = String(decoding: u, as: UTF16.self)
        let caret = lo + inserted.count
        selection = caret..<caret
        anchor = caret
        redoStack.removeAll()
        if typing, coalescingTyping, removed.isEmpty, var last = undoStack.last,
           last.location + last.inserted.count == lo {
            // Typing on from the last step: one step grows.
            last.inserted += inserted
            last.selectionAfter = selection
            undoStack[undoStack.count - 1] = last
            historySize += inserted.count
        } else {
            let e = Edit(location: lo, removed: removed, inserted: inserted, selectionBefore: before, selectionAfter: selection)
            undoStack.append(e)
            historySize += e.size
        }
        while undoStack.count > Self.historyDepth || (historySize > historyLimit && undoStack.count > 1) {
            historySize -= undoStack.removeFirst().size
        }
        coalescingTyping = typing
    }

    /// Sets the whole text, the caret at its end. As with UIKit's `text` set in code, this is
    /// not an edit to undo: the history is cleared.
    public mutating func setText(_ s: String) {
        text = s
        let n = length
        selection = n..<n
        anchor = n
        undoStack.removeAll()
        redoStack.removeAll()
        historySize = 0
        coalescingTyping = false
    }

    /// Undoes the last edit; false when there was none (nothing changed).
    @discardableResult public mutating func undo() -> Bool { step(undoing: true) }
    /// Redoes the last undone edit; false when there was none.
    @discardableResult public mutating func redo() -> Bool { step(undoing: false) }

    /// Reverts or repeats one edit, moving it to the other history.
    private mutating func step(undoing: Bool) -> Bool {
        guard let e = undoing ? undoStack.popLast() : redoStack.popLast() else { return false }
        var u = Array(text.utf16)
        if undoing {
            let end = min(u.count, e.location + e.inserted.count)
            u.replaceSubrange(min(e.location, end)..<end, with: e.removed)
            redoStack.append(e)
            historySize -= e.size
        } else {
            let end = min(u.count, e.location + e.removed.count)
            u.replaceSubrange(min(e.location, end)..<end, with: e.inserted)
            undoStack.append(e)
            historySize += e.size
        }
        text = String(decoding: u, as: UTF16.self)
        let s = undoing ? e.selectionBefore : e.selectionAfter
        let n = length
        selection = min(s.lowerBound, n)..<min(s.upperBound, n)
        anchor = selection.lowerBound
        coalescingTyping = false
        return true
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

    /// Selects the whole text.
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
    /// Whether the field may start editing (become first responder).
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field started editing.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the field may stop editing.
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field stopped editing.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Whether `range` (UTF-16) may be replaced by `string` (typing, pasting, deleting).
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool
    /// Whether the clear button may empty the field.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Return was pressed; true lets the field send `editingDidEndOnExit`, which ends editing when an action handles it.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// By default a field may start editing.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// By default nothing happens.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// By default a field may stop editing.
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    /// By default nothing happens.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// By default every change is allowed.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String)
        -> Bool { true }
    /// By default the clear button empties the field.
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    /// By default return is allowed.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
