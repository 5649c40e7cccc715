import Views
import Timeline

// What the Text and EditableText interfaces read and change (AX2): a label's text, a text
// field's text, selection and edits. ATK counts characters as Unicode scalars; the engine's text
// fields count UTF-16 code units (as UIKit's NSRange does), so offsets are converted here.

@MainActor
/// What the Text and EditableText interfaces read and change, with offsets converted between Unicode scalars (AT-SPI) and UTF-16 units (the engine).
public enum AccessibleText {
    /// Whether objects of this one's class offer Text (labels, text fields) and EditableText
    /// (text fields), fixed when the ATK object is made.
    public static func interfaces(of o: AccessibilityObject) -> (text: Bool, editable: Bool) {
        (o is Label || o is TextField, o is TextField)
    }

    /// The text an assistive technology reads: a label's, a field's (bullets when secure).
    public static func text(of o: AccessibilityObject) -> String? {
        switch o {
        case let l as Label: return l.text
        case let f as TextField: return f.isSecureTextEntry ? String(repeating: "•", count: f.text.unicodeScalars.count) : f.text
        default: return nil
        }
    }

    /// A text field's selection in characters (start == end: the caret); nil for other objects.
    public static func selection(of o: AccessibilityObject) -> Range<Int>? {
        guard let f = o as? TextField else { return nil }
        let r = f.selectedRange, s = f.text
        return scalarOffset(utf16: r.lowerBound, in: s)..<scalarOffset(utf16: r.upperBound, in: s)
    }

    /// Selects `range` (characters, clamped) in a text field; false for other objects.
    public static func select(_ range: Range<Int>, in o: AccessibilityObject) -> Bool {
        guard let f = o as? TextField else { return false }
        let s = f.text
        f.selectedRange = utf16Offset(scalar: range.lowerBound, in: s)..<utf16Offset(scalar: range.upperBound, in: s)
        return true
    }

    /// Replaces characters `range` of an enabled text field with `string`, as an edit in code
    /// (an undo step; editingChanged is sent); false for other objects.
    public static func replace(_ range: Range<Int>, with string: String, in o: AccessibilityObject) -> Bool {
        guard let f = o as? TextField, f.isEnabled else { return false }
        let s = f.text
        f.replaceText(utf16Offset(scalar: range.lowerBound, in: s)..<utf16Offset(scalar: range.upperBound, in: s), with: string)
        return true
    }

    /// The box of character `offset` (Unicode scalars) of a label's or field's text, in window
    /// points; nil past the end or for other objects.
    public static func characterRect(of o: AccessibilityObject, at offset: Int) -> Rect? {
        let r: Rect?
        switch o {
        case let l as Label: r = l.characterRect(forCharacterIndex: utf16Offset(scalar: offset, in: l.text))
        case let f as TextField: r = f.characterRect(for: utf16Offset(scalar: offset, in: f.text))
        default: return nil
        }
        guard let r, let view = o as? View, view.window != nil else { return nil }
        return view.windowRect(of: r)
    }

    /// The character offset (Unicode scalars) of a label's or field's text nearest a point in
    /// window points; nil for other objects.
    public static func offset(of o: AccessibilityObject, at windowPoint: Point) -> Int? {
        guard let view = o as? View, view.window != nil else { return nil }
        let p = view.convert(windowPoint, from: nil)
        switch o {
        case let l as Label: return scalarOffset(utf16: l.characterIndex(at: p), in: l.text)
        case let f as TextField: return scalarOffset(utf16: f.offset(at: p), in: f.text)
        default: return nil
        }
    }

    /// The number of Unicode scalars in the first `utf16` code units of `s`.
    public nonisolated static func scalarOffset(utf16: Int, in s: String) -> Int {
        var units = 0, count = 0
        for scalar in s.unicodeScalars {
            if units >= utf16 { break }
            units += scalar.utf16.count
            count += 1
        }
        return count
    }

    /// The number of UTF-16 code units in the first `scalar` Unicode scalars of `s` (clamped).
    public nonisolated static func utf16Offset(scalar: Int, in s: String) -> Int {
        var units = 0
        for (i, sc) in s.unicodeScalars.enumerated() {
            if i >= scalar { break }
            units += sc.utf16.count
        }
        return units
    }
}
