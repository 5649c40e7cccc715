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
    open var start: UITextPosition { UITextPosition(offset: range.lowerBound) }
    open var end: UITextPosition { UITextPosition(offset: range.upperBound) }
    open var isEmpty: Bool { range.isEmpty }
}

public enum UITextLayoutDirection: Int, Sendable { case right = 2, left, up, down }
public enum UITextStorageDirection: Int, Sendable { case forward, backward }

/// What a text field and a text view share as UIKit's `UITextInput`.
@preconcurrency @MainActor
public protocol UITextInput: AnyObject {
    var selectedTextRange: UITextRange? { get set }
    var markedTextRange: UITextRange? { get }
    var beginningOfDocument: UITextPosition { get }
    var endOfDocument: UITextPosition { get }
    func text(in range: UITextRange) -> String?
    func replace(_ range: UITextRange, withText text: String)
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    func caretRect(for position: UITextPosition) -> CGRect
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
    public var selectedTextRange: UITextRange? {
        get { UITextRange(editedField.selectedRange) }
        set {
            guard let r = newValue?.range else { return }
            let lo = clamp(r.lowerBound)
            editedField.selectedRange = lo..<max(lo, clamp(r.upperBound))
        }
    }
    public var markedTextRange: UITextRange? {
        let marked = editedField.editing.markedText.utf16.count
        guard marked > 0 else { return nil }
        let at = editedField.selectedRange.lowerBound
        return UITextRange(at..<(at + marked))
    }
    public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    public var endOfDocument: UITextPosition { UITextPosition(offset: length) }
    public func text(in range: UITextRange) -> String? {
        let lo = clamp(range.range.lowerBound), hi = max(lo, clamp(range.range.upperBound))
        return TextEditingState.substringUTF16(editedField.text, lo..<hi)
    }
    /// Replaces the range with `text` as typing would (the delegate is asked; an undo step).
    public func replace(_ range: UITextRange, withText text: String) {
        let lo = clamp(range.range.lowerBound), hi = max(lo, clamp(range.range.upperBound))
        editedField.replaceText(lo..<hi, with: text)
    }
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let a = clamp(fromPosition.offset), b = clamp(toPosition.offset)
        return UITextRange(min(a, b)..<max(a, b))
    }
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let o = position.offset + offset
        return (0...length).contains(o) ? UITextPosition(offset: o) : nil
    }
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { toPosition.offset - from.offset }
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }
    /// The caret's rectangle in the facade view's coordinates.
    public func caretRect(for position: UITextPosition) -> CGRect {
        let r = editedField.caretRect(for: clamp(position.offset))
        let o = editedField.convert(r.origin, to: facadeView.view)
        return CGRect(Rect(origin: o, size: r.size))
    }
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
