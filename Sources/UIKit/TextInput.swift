import Foundation
import Geometry
import Timeline

// UIKit's text-input protocol for text fields and views: positions and ranges in UTF-16 code
// units, the selection as a range, text read and replaced by range, carets located.

/// A place in a text input's text (a UTF-16 offset here).
@preconcurrency @MainActor
open class UITextPosition: NSObject {
    let offset: Int
    init(offset: Int) { self.offset = offset }
    open override func isEqual(_ object: Any?) -> Bool { (object as? UITextPosition)?.offset == offset }
    open override var hash: Int { offset }
}

/// A range of a text input's text.
@preconcurrency @MainActor
open class UITextRange: NSObject {
    let range: Range<Int>
    init(_ range: Range<Int>) { self.range = range }
    /// `UITextRange.start`: the range's first position.
    open var start: UITextPosition { UITextPosition(offset: range.lowerBound) }
    /// `UITextRange.end`: the position after the range.
    open var end: UITextPosition { UITextPosition(offset: range.upperBound) }
    /// `UITextRange.isEmpty`: whether the range holds no text (a caret).
    open var isEmpty: Bool { range.isEmpty }
}

/// `UITextLayoutDirection`: a direction in laid-out text.
public enum UITextLayoutDirection: Int, Sendable { case right = 2, left, up, down }
/// `UITextStorageDirection`: forward or backward in the text.
public enum UITextStorageDirection: Int, Sendable { case forward, backward }

/// What a text field and a text view share as UIKit's `UITextInput`.
@preconcurrency @MainActor
public protocol UITextInput: AnyObject {
    /// `UITextInput.selectedTextRange`: the selection (or caret) in UTF-16 offsets.
    var selectedTextRange: UITextRange? { get set }
    /// `UITextInput.markedTextRange`: the text being composed by an input method; nil when none.
    var markedTextRange: UITextRange? { get }
    /// `UITextInput.beginningOfDocument`: offset 0.
    var beginningOfDocument: UITextPosition { get }
    /// `UITextInput.endOfDocument`: the text's UTF-16 length.
    var endOfDocument: UITextPosition { get }
    /// `UITextInput.text(in:)`: the text in a range.
    func text(in range: UITextRange) -> String?
    /// `UITextInput.replace(_:withText:)`: replaces a range as typing would.
    func replace(_ range: UITextRange, withText text: String)
    /// `UITextInput.textRange(from:to:)`: the range between two positions.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// `UITextInput.position(from:offset:)`: the position `offset` UTF-16 units on; nil past the ends.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// `UITextInput.offset(from:to:)`: the UTF-16 units between two positions.
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// `UITextInput.compare(_:to:)`: orders two positions.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// `UITextInput.caretRect(for:)`: the caret's rectangle at a position, in the view's points.
    func caretRect(for position: UITextPosition) -> CGRect
    /// `UITextInput.closestPosition(to:)`: the position nearest a point in the view's points.
    func closestPosition(to point: CGPoint) -> UITextPosition?
}

/// The engine field a text input edits, and how its coordinates reach the facade view's.
@MainActor
protocol EngineTextInput: UITextInput {
    var editedField: TextField { get }
    var facadeView: UIView { get }
}

extension EngineTextInput {
    private var length: Int { editedField.text.utf16.count }
    private func clamp(_ o: Int) -> Int { max(0, min(o, length)) }
    /// The engine field's selected range; setting it selects (clamped to the text).
    public var selectedTextRange: UITextRange? {
        get { UITextRange(editedField.selectedRange) }
        set {
            guard let r = newValue?.range else { return }
            let lo = clamp(r.lowerBound)
            editedField.selectedRange = lo..<max(lo, clamp(r.upperBound))
        }
    }
    /// The engine field's marked (input method) text, from the selection's start; nil when none.
    public var markedTextRange: UITextRange? {
        let marked = editedField.editing.markedText.utf16.count
        guard marked > 0 else { return nil }
        let at = editedField.selectedRange.lowerBound
        return UITextRange(at..<(at + marked))
    }
    /// Offset 0.
    public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    /// The text's UTF-16 length.
    public var endOfDocument: UITextPosition { UITextPosition(offset: length) }
    /// The engine field's text in the range (clamped to the text).
    public func text(in range: UITextRange) -> String? {
        let lo = clamp(range.range.lowerBound), hi = max(lo, clamp(range.range.upperBound))
        return TextEditingState.substringUTF16(editedField.text, lo..<hi)
    }
    /// Replaces the range with `text` as typing would (the delegate is asked; an undo step).
    public func replace(_ range: UITextRange, withText text: String) {
        let lo = clamp(range.range.lowerBound), hi = max(lo, clamp(range.range.upperBound))
        editedField.replaceText(lo..<hi, with: text)
    }
    /// The range between the two positions, clamped to the text and ordered.
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let a = clamp(fromPosition.offset), b = clamp(toPosition.offset)
        return UITextRange(min(a, b)..<max(a, b))
    }
    /// The position `offset` UTF-16 units on; nil outside the text.
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let o = position.offset + offset
        return (0...length).contains(o) ? UITextPosition(offset: o) : nil
    }
    /// `toPosition`'s offset minus `from`'s.
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { toPosition.offset - from.offset }
    /// Orders the two offsets.
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }
    /// The caret's rectangle in the facade view's coordinates.
    public func caretRect(for position: UITextPosition) -> CGRect {
        let r = editedField.caretRect(for: clamp(position.offset))
        let o = editedField.convert(r.origin, to: facadeView.view)
        return CGRect(Rect(origin: o, size: r.size))
    }
    /// The engine field's offset at the point, converted from the view's coordinates.
    public func closestPosition(to point: CGPoint) -> UITextPosition? {
        UITextPosition(offset: editedField.offset(at: facadeView.view.convert(point.point, to: editedField)))
    }
}

extension UITextView: EngineTextInput {
    var editedField: TextField { editor }
    var facadeView: UIView { self }
}
extension UITextField: EngineTextInput {
    var editedField: TextField { field }
    var facadeView: UIView { self }
}
