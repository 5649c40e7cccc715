import Foundation
import Geometry
import TextEngine
import Timeline

// `UITextView` over the engine's multi-line ``TextView``: wrapping, editing by grapheme cluster
// and word, selection, the clipboard, undo, input methods and scrolling its lines are the
// engine's. As in UIKit it is a scroll view; its lines scroll inside the engine editor, which
// fills it, so the outer scroll view's own offset stays at zero.

/// What a text view tells and asks its delegate (a scroll view delegate too); every method is
/// optional.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// `UITextViewDelegate.textViewShouldBeginEditing(_:)`: whether the text view may start editing.
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// `UITextViewDelegate.textViewDidBeginEditing(_:)`: editing started.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// `UITextViewDelegate.textViewShouldEndEditing(_:)`: whether editing may end.
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// `UITextViewDelegate.textViewDidEndEditing(_:)`: editing ended.
    func textViewDidEndEditing(_ textView: UITextView)
    /// `range` is in UTF-16 code units, as UIKit's.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// `UITextViewDelegate.textViewDidChange(_:)`: the text changed by typing or editing.
    func textViewDidChange(_ textView: UITextView)
    /// `UITextViewDelegate.textViewDidChangeSelection(_:)`: the selection or caret moved.
    func textViewDidChangeSelection(_ textView: UITextView)
    /// Partial: asked by nothing; links are not detected.
    func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction) -> Bool
}
extension UITextViewDelegate {
    /// True by default.
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    /// True by default.
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidEndEditing(_ textView: UITextView) {}
    /// True by default.
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidChange(_ textView: UITextView) {}
    /// Does nothing by default.
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    /// True by default.
    public func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction) -> Bool { true }
}

/// `UITextItemInteraction`: how a link in text was used; passed to a delegate method nothing calls.
public enum UITextItemInteraction: Int, Sendable { case invokeDefaultAction, presentActions, preview }

/// Partial: the kinds are kept; nothing is detected.
public struct UIDataDetectorTypes: OptionSet, Sendable {
    /// The kinds as UIKit's bits.
    public let rawValue: UInt
    /// The kinds whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Phone numbers.
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    /// Links.
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    /// Addresses.
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    /// Calendar events.
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    /// Every kind.
    public static let all = UIDataDetectorTypes(rawValue: .max)
}

/// The rectangle text is laid out in. Partial: `size`, `lineFragmentPadding`,
/// `maximumNumberOfLines` and `lineBreakMode` are kept; the text view's width and the engine's
/// padding place the lines.
@preconcurrency @MainActor
public final class NSTextContainer {
    /// `NSTextContainer.size`: stored only; the text view lays out in its own bounds.
    public var size: CGSize
    /// `NSTextContainer.lineFragmentPadding`: stored only (5 points).
    public var lineFragmentPadding: CGFloat = 5
    /// `NSTextContainer.maximumNumberOfLines`: stored only (0: no limit).
    public var maximumNumberOfLines = 0
    /// `NSTextContainer.lineBreakMode`: stored only; text wraps at words.
    public var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// `NSTextContainer.widthTracksTextView`: stored only.
    public var widthTracksTextView = true
    /// `NSTextContainer.heightTracksTextView`: stored only.
    public var heightTracksTextView = false
    /// A container of `size` points (stored only).
    public init(size: CGSize = .zero) { self.size = size }
}

/// The engine editor's delegate calls, passed on with the facade view.
@preconcurrency @MainActor
final class TextViewDelegateBridge: TextFieldDelegate {
    unowned let owner: UITextView
    init(_ owner: UITextView) { self.owner = owner }
    var delegate: (any UITextViewDelegate)? { owner.delegate as? any UITextViewDelegate }
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        owner.isEditable && (delegate?.textViewShouldBeginEditing(owner) ?? true)
    }
    func textFieldDidBeginEditing(_ textField: TextField) {
        delegate?.textViewDidBeginEditing(owner)
        NotificationCenter.default.post(name: UITextView.textDidBeginEditingNotification, object: owner)
    }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { delegate?.textViewShouldEndEditing(owner) ?? true }
    func textFieldDidEndEditing(_ textField: TextField) {
        delegate?.textViewDidEndEditing(owner)
        NotificationCenter.default.post(name: UITextView.textDidEndEditingNotification, object: owner)
    }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        guard owner.isEditable else { return false }
        return delegate?.textView(owner, shouldChangeTextIn: NSRange(location: range.lowerBound, length: range.count),
                                  replacementText: string) ?? true
    }
}

/// `UITextView`: a scroll view showing multi-line text, editable by default.
@preconcurrency @MainActor
open class UITextView: UIScrollView {
    /// The engine editor that fills the view.
    package let editor: TextView
    private lazy var bridge = TextViewDelegateBridge(self)
    private var lastSelection: Range<Int> = 0..<0

    /// `UITextView.textDidBeginEditingNotification`: posted when the text view starts editing.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// `UITextView.textDidChangeNotification`: posted when its text changes.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// `UITextView.textDidEndEditingNotification`: posted when it stops editing.
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    /// `UITextView()`: an engine `TextView` with a zero frame.
    public convenience init() { self.init(frame: .zero, textContainer: nil) }
    public override convenience init(frame: CGRect) { self.init(frame: frame, textContainer: nil) }
    /// `UITextView(frame:textContainer:)`: an engine `TextView` at `frame` (points); the container is
    /// kept only.
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        editor = TextView()
        self.textContainer = textContainer ?? NSTextContainer(size: frame.size)
        super.init(frame: frame)
        setUp()
    }
    /// `UITextView(coder:)`: an empty engine `TextView`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        editor = TextView()
        textContainer = NSTextContainer()
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        // UIKit's look: dark text on the view's own (white) background, no field chrome.
        editor.identifier = "UITextView.editor"
        editor.translatesAutoresizingMaskIntoConstraints = true
        editor.fieldBackgroundColor = .clear
        editor.outlineColor = .clear
        editor.layer.cornerRadius = 0
        editor.textColor = .black
        editor.placeholderColor = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3)
        editor.font = .systemFont(ofSize: 12)
        editor.scrollIndicatorColor = Color(red: 0, green: 0, blue: 0, alpha: 0.35)
        editor.textInsets = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5)
        editor.delegate = bridge
        editor.frame = view.bounds
        view.addSubview(editor)
        super.isScrollEnabled = false
        scroll.bounces = false
        view.backgroundColor = .white
        _ = editor.addAction(for: .editingChanged) { [weak self] _ in self?.textDidChange() }
    }
    private func textDidChange() {
        invalidateIntrinsicContentSize()
        (delegate as? any UITextViewDelegate)?.textViewDidChange(self)
        NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: self)
        selectionMayHaveChanged()
    }
    /// Tells the delegate when the selection moved since it was last told (after an edit, a
    /// click, a key).
    private func selectionMayHaveChanged() {
        let s = editor.selectedRange
        guard s != lastSelection else { return }
        lastSelection = s
        (delegate as? any UITextViewDelegate)?.textViewDidChangeSelection(self)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if editor.frame != view.bounds {
            let widthChanged = editor.frame.width != view.bounds.width
            editor.frame = view.bounds
            // Without scrolling the height follows the lines at the new width.
            if widthChanged, !scrolls { invalidateIntrinsicContentSize() }
        }
        selectionMayHaveChanged()
    }

    // MARK: Text

    /// The text (never nil: setting nil empties it, as UIKit's).
    open var text: String! {
        get { editor.text }
        set {
            editor.text = newValue ?? ""
            lastSelection = editor.selectedRange
            invalidateIntrinsicContentSize()
        }
    }
    /// The text with the view's font and colour. Partial: setting keeps the characters and the
    /// first run's font and colour.
    open var attributedText: NSAttributedString! {
        get {
            NSAttributedString(string: editor.text, attributes: [.font: UIFont(editor.font), .foregroundColor: UIColor(editor.textColor)])
        }
        set {
            guard let s = newValue else { text = ""; return }
            if s.length > 0 {
                let a = s.attributes(at: 0, effectiveRange: nil)
                if let f = a[.font] as? UIFont { editor.font = f.font }
                if let c = a[.foregroundColor] as? UIColor { editor.textColor = c.color }
            }
            text = s.string
        }
    }
    /// `UITextView.font`: the engine text view's `font` (nil sets the 12-point system font).
    open var font: UIFont? {
        get { UIFont(editor.font) }
        set { editor.font = newValue?.font ?? .systemFont(ofSize: 12); invalidateIntrinsicContentSize() }
    }
    /// The text's colour; a dynamic colour (`.label`) follows the view's interface style.
    open var textColor: UIColor? {
        get { UIColor(editor.textColor) }
        set { (newValue ?? .label).bind(dynamic: { editor.dynamicTextColor = $0 }, plain: { editor.textColor = $0 }) }
    }
    /// `UITextView.textAlignment`: sets the engine text view's `textAlignment`.
    open var textAlignment: NSTextAlignment = .natural { didSet { editor.textAlignment = textAlignment.engine } }
    /// Attributes typed text takes. Partial: a font or colour here sets the whole view's.
    open var typingAttributes: [NSAttributedString.Key: Any] = [:] {
        didSet {
            if let f = typingAttributes[.font] as? UIFont { editor.font = f.font }
            if let c = typingAttributes[.foregroundColor] as? UIColor { editor.textColor = c.color }
        }
    }
    /// Space between the view's edges and its text container.
    open var textContainerInset: UIEdgeInsets {
        get { UIEdgeInsets(top: CGFloat(editor.textInsets.top), left: CGFloat(editor.textInsets.left - 5),
                           bottom: CGFloat(editor.textInsets.bottom), right: CGFloat(editor.textInsets.right - 5)) }
        set {
            // The container's 5-point line fragment padding sits inside the inset, as UIKit's.
            editor.textInsets = EdgeInsets(top: newValue.top.double, left: newValue.left.double + 5,
                                           bottom: newValue.bottom.double, right: newValue.right.double + 5)
            invalidateIntrinsicContentSize()
        }
    }
    /// `UITextView.textContainer`: the container given or made (stored only).
    public let textContainer: NSTextContainer
    /// `UITextView.isEditable`: whether typing changes the text; turning it off ends editing.
    open var isEditable = true { didSet { if !isEditable, editor.isFirstResponder { _ = editor.resignFirstResponder() } } }
    /// `UITextView.isSelectable`: the engine text view's `isEnabled`, so false also stops editing.
    open var isSelectable: Bool {
        get { editor.isEnabled }
        set { editor.isEnabled = newValue }
    }
    /// `UITextView.dataDetectorTypes`: stored only; nothing is detected.
    open var dataDetectorTypes: UIDataDetectorTypes = []
    /// `UITextView.allowsEditingTextAttributes`: stored only.
    open var allowsEditingTextAttributes = false
    /// `UITextView.clearsOnInsertion`: stored only.
    open var clearsOnInsertion = false
    /// Partial: kept; links are drawn as the rest of the text.
    open var linkTextAttributes: [NSAttributedString.Key: Any] = [:]

    /// The selection in UTF-16 code units.
    open var selectedRange: NSRange {
        get { let r = editor.selectedRange; return NSRange(location: r.lowerBound, length: r.count) }
        set {
            let n = editor.text.utf16.count
            let lo = max(0, min(newValue.location, n)), hi = max(lo, min(newValue.location + max(0, newValue.length), n))
            editor.selectedRange = lo..<hi
            selectionMayHaveChanged()
        }
    }
    /// Scrolls the lines so the range's start is in view.
    open func scrollRangeToVisible(_ range: NSRange) {
        let keep = editor.selectedRange
        editor.selectedRange = max(0, min(range.location, editor.text.utf16.count))..<max(0, min(range.location, editor.text.utf16.count))
        editor.selectedRange = keep
    }
    /// Inserts at the caret (replacing the selection), as typing does.
    open func insertText(_ text: String) { _ = editor.insertText(text) }
    /// `UITextView.hasText`: whether the engine text view's text is not empty.
    open var hasText: Bool { !editor.text.isEmpty }

    // MARK: Scrolling and size

    /// With scrolling off a text view sizes itself to its text, as UIKit's (its height follows
    /// the lines at its width).
    private var scrolls = true
    open override var isScrollEnabled: Bool {
        get { scrolls }
        set { scrolls = newValue; invalidateIntrinsicContentSize() }
    }
    open override var intrinsicContentSize: CGSize {
        guard !scrolls, view.bounds.width > 0 else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return CGSize(width: UIView.noIntrinsicMetric, height: sizeThatFits(CGSize(width: view.bounds.width, height: 0)).height)
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let insets = editor.textInsets
        let width = max(1, size.width.double - insets.left - insets.right)
        let l = TextLayout(editor.text.isEmpty ? " " : editor.text, style: TextStyle(font: editor.font, color: editor.textColor),
                           paragraph: ParagraphStyle(alignment: editor.textAlignment, lineBreakMode: .byWordWrapping),
                           in: UIApplication.shared.fontSystem, width: width)
        return CGSize(width: size.width, height: CGFloat((l.size.height + insets.top + insets.bottom).rounded(.up)))
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }
    open override var isFirstResponder: Bool { editor.isFirstResponder }
    @discardableResult open override func becomeFirstResponder() -> Bool { editor.becomeFirstResponder() }
    @discardableResult open override func resignFirstResponder() -> Bool { editor.resignFirstResponder() }

    // MARK: Input traits (kept; the hardware keyboard types)

    /// `UITextView.keyboardType`: stored only; there is no on-screen keyboard.
    open var keyboardType: UIKeyboardType = .default
    /// `UITextView.keyboardAppearance`: stored only.
    open var keyboardAppearance: UIKeyboardAppearance = .default
    /// `UITextView.autocapitalizationType`: stored only.
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// `UITextView.autocorrectionType`: stored only.
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// `UITextView.spellCheckingType`: stored only.
    open var spellCheckingType: UITextSpellCheckingType = .default
    /// `UITextView.returnKeyType`: stored only; there is no on-screen Return key.
    open var returnKeyType: UIReturnKeyType = .default
    /// `UITextView.textContentType`: stored only.
    open var textContentType: UITextContentType?
    /// `UITextView.isSecureTextEntry`: stored only; a text view shows its text.
    open var isSecureTextEntry = false
    /// No on-screen keyboard: a view given here is kept but not shown.
    open var inputView: UIView?
    /// `UITextView.inputAccessoryView`: stored only; nothing is shown above a keyboard.
    open var inputAccessoryView: UIView?
}

extension UITextField {
    /// `UITextField.textDidBeginEditingNotification`: posted when a field starts editing.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// `UITextField.textDidChangeNotification`: posted when a field's text changes.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// `UITextField.textDidEndEditingNotification`: posted when a field stops editing.
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
}
