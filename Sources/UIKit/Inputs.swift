import Geometry
import RenderModel
import TextEngine
import Timeline
import UpdateLoop

// UIKit's input controls over the engine's: a text field, switch, slider, segmented control,
// stepper, page control, progress view and activity indicator. Each stands for one engine
// control; target-action and states come from `UIControl`.

// MARK: - Text input traits

/// The keyboard a field asks for. There is no on-screen keyboard on a desktop: the traits are
/// kept for code that sets them, and the hardware keyboard types.
public enum UIKeyboardType: Int, Sendable {
    /// The keyboard kinds (default, number pad, email, URL...); none changes what can be typed here.
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
}
/// `UITextAutocapitalizationType`: stored only; text is not capitalised automatically here.
public enum UITextAutocapitalizationType: Int, Sendable { case none, words, sentences, allCharacters }
/// `UITextAutocorrectionType`: stored only; there is no autocorrection here.
public enum UITextAutocorrectionType: Int, Sendable { case `default`, no, yes }
/// `UITextSpellCheckingType`: stored only; there is no spell checking here.
public enum UITextSpellCheckingType: Int, Sendable { case `default`, no, yes }
/// `UIReturnKeyType`: the label of the on-screen Return key; stored only here.
public enum UIReturnKeyType: Int, Sendable {
    /// The Return key labels; Return behaves the same whichever is set.
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}
/// `UITextContentType`: what a field's text is (for autofill); stored only here.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// The content type's string.
    public let rawValue: String
    /// The content type of string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A user name.
    public static let username = UITextContentType(rawValue: "username")
    /// A password.
    public static let password = UITextContentType(rawValue: "password")
    /// A new password.
    public static let newPassword = UITextContentType(rawValue: "new-password")
    /// An email address.
    public static let emailAddress = UITextContentType(rawValue: "email")
    /// A person's name.
    public static let name = UITextContentType(rawValue: "name")
    /// A one-time code.
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    /// A telephone number.
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    /// A URL.
    public static let URL = UITextContentType(rawValue: "url")
}

// MARK: - UITextField

/// What a text field asks and tells its delegate; every method is optional.
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// `UITextFieldDelegate.textFieldShouldBeginEditing(_:)`: whether the field may start editing.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// `UITextFieldDelegate.textFieldDidBeginEditing(_:)`: the field started editing.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// `UITextFieldDelegate.textFieldShouldEndEditing(_:)`: whether the field may stop editing.
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// `UITextFieldDelegate.textFieldDidEndEditing(_:)`: the field stopped editing.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// `UITextFieldDelegate.textFieldDidEndEditing(_:reason:)`: the field stopped editing, and why.
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    /// `range` is in UTF-16 code units, as UIKit's.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// `UITextFieldDelegate.textFieldDidChangeSelection(_:)`: the field's selection or caret moved.
    func textFieldDidChangeSelection(_ textField: UITextField)
    /// `UITextFieldDelegate.textFieldShouldClear(_:)`: whether the clear button may empty the field.
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// `UITextFieldDelegate.textFieldShouldReturn(_:)`: Return was pressed; whether to handle it.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}
extension UITextFieldDelegate {
    /// True by default.
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing by default.
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    /// True by default.
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing by default.
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Calls `textFieldDidEndEditing(_:)` by default.
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { textFieldDidEndEditing(textField) }
    /// True by default.
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    /// Does nothing by default.
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    /// True by default.
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    /// True by default.
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// Passes the engine field's delegate calls to the facade's delegate with the facade field.
@preconcurrency @MainActor
final class TextFieldDelegateBridge: TextFieldDelegate {
    unowned let field: UITextField
    init(_ field: UITextField) { self.field = field }
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { field.delegate?.textFieldShouldBeginEditing(field) ?? true }
    func textFieldDidBeginEditing(_ textField: TextField) { field.delegate?.textFieldDidBeginEditing(field) }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { field.delegate?.textFieldShouldEndEditing(field) ?? true }
    func textFieldDidEndEditing(_ textField: TextField) { field.delegate?.textFieldDidEndEditing(field, reason: .committed) }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        field.delegate?.textField(field, shouldChangeCharactersIn: NSRange(location: range.lowerBound, length: range.count),
                                  replacementString: string) ?? true
    }
    func textFieldShouldClear(_ textField: TextField) -> Bool { field.delegate?.textFieldShouldClear(field) ?? true }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { field.delegate?.textFieldShouldReturn(field) ?? true }
}

/// `UITextField` over the engine's `TextField`: editing, selection, the clipboard, undo,
/// input methods, secure entry, the clear button and the return key are the engine's.
@preconcurrency @MainActor
open class UITextField: UIControl {
    package var field: TextField { view as! TextField }
    private lazy var bridge = TextFieldDelegateBridge(self)

    /// `UITextField.BorderStyle`: the field's edge (see `borderStyle`).
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    /// `UITextField.ViewMode`: when an overlay (clear button, side view) shows; the engine's
    /// `TextFieldViewMode`.
    public enum ViewMode: Int, Sendable {
        /// Never, only while editing, only while not editing, or always.
        case never, whileEditing, unlessEditing, always
        var engine: TextFieldViewMode {
            switch self { case .never: .never; case .whileEditing: .whileEditing; case .unlessEditing: .unlessEditing; case .always: .always }
        }
    }
    /// `UITextField.DidEndEditingReason`: why editing ended.
    public enum DidEndEditingReason: Int, Sendable { case committed, cancelled }

    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(TextField(), frame: frame))!
        field.delegate = bridge
        postsNotifications()
        applyBorder()
    }
    /// `UITextField(coder:)`: a field over a new engine `TextField`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { TextField() })
        field.delegate = bridge
        postsNotifications()
        applyBorder()
    }
    /// UIKit's text notifications, posted with the field as their object.
    private func postsNotifications() {
        _ = field.addAction(for: .editingChanged) { [weak self] _ in
            guard let self else { return }
            NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
        }
        _ = field.addAction(for: .editingDidBegin) { [weak self] _ in
            guard let self else { return }
            NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: self)
        }
        _ = field.addAction(for: .editingDidEnd) { [weak self] _ in
            guard let self else { return }
            NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: self)
        }
    }
    /// A facade for an engine field made elsewhere (an alert's).
    package convenience init(engineField: TextField) {
        self.init(coder: EngineViewCoder(engineField, isNew: false))!
    }

    /// `UITextField.delegate`: told of editing through the engine field's delegate.
    open weak var delegate: (any UITextFieldDelegate)?
    /// `UITextField.text`: the engine field's `text` (nil sets an empty string).
    open var text: String? { get { field.text } set { field.text = newValue ?? "" } }
    /// `UITextField.attributedText`: the engine field's text as a plain attributed string; attributes set
    /// are dropped.
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: field.text) }
        set { field.text = newValue?.string ?? "" }
    }
    /// `UITextField.placeholder`: the engine field's `placeholder`.
    open var placeholder: String? { get { field.placeholder } set { field.placeholder = newValue } }
    /// The placeholder's characters; its colour is kept when the string gives one.
    open var attributedPlaceholder: NSAttributedString? {
        get { field.placeholder.map { NSAttributedString(string: $0) } }
        set {
            field.placeholder = newValue?.string
            if let s = newValue, s.length > 0, let c = s.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor {
                field.placeholderColor = c.color
            }
        }
    }
    /// `UITextField.font`: the engine field's `font` (nil sets the 17-point system font).
    open var font: UIFont? { get { UIFont(field.font) } set { field.font = newValue?.font ?? .systemFont(ofSize: 17) } }
    /// The field's `textColor`; a dynamic colour (`.label`) follows the field's interface style
    /// (the engine's `dynamicTextColor`).
    open var textColor: UIColor? {
        get { UIColor(field.textColor) }
        set { (newValue ?? .label).bind(dynamic: { field.dynamicTextColor = $0 }, plain: { field.textColor = $0 }) }
    }
    /// `UITextField.textAlignment`: sets the engine field's `textAlignment`.
    open var textAlignment: NSTextAlignment = .natural { didSet { field.textAlignment = textAlignment.engine } }
    /// `UITextField.isSecureTextEntry`: the engine field's `isSecureTextEntry` (characters shown as dots).
    open var isSecureTextEntry: Bool { get { field.isSecureTextEntry } set { field.isSecureTextEntry = newValue } }
    /// `UITextField.clearButtonMode`: sets the engine field's `clearButtonMode`.
    open var clearButtonMode: ViewMode = .never { didSet { field.clearButtonMode = clearButtonMode.engine } }
    /// `UITextField.clearsOnBeginEditing`: the engine field's `clearsOnBeginEditing`.
    open var clearsOnBeginEditing: Bool { get { field.clearsOnBeginEditing } set { field.clearsOnBeginEditing = newValue } }
    /// `UITextField.isEditing`: the engine field's `isEditing`.
    open var isEditing: Bool { field.isEditing }
    /// The look of the field's edge: a rounded rect is a light field with a rounded grey edge,
    /// a line or bezel a square edge, none nothing.
    open var borderStyle: BorderStyle = .none { didSet { applyBorder() } }
    private func applyBorder() {
        switch borderStyle {
        case .none:
            field.fieldBackgroundColor = .clear; field.outlineColor = .clear; field.cornerRadius = 0
        case .line, .bezel:
            field.fieldBackgroundColor = .clear; field.outlineColor = Color(red: 0.2, green: 0.2, blue: 0.2); field.cornerRadius = 0
        case .roundedRect:
            field.fieldBackgroundColor = .white; field.outlineColor = Color(red: 0.8, green: 0.8, blue: 0.82); field.cornerRadius = 5
        }
        if borderStyle != .none, field.textColor == .white { field.textColor = .black; field.placeholderColor = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3) }
    }
    /// Input traits (kept; the hardware keyboard types).
    open var keyboardType: UIKeyboardType = .default
    /// `UITextField.keyboardAppearance`: stored only; there is no on-screen keyboard here.
    open var keyboardAppearance: UIKeyboardAppearance = .default
    /// `UITextField.autocapitalizationType`: stored only; nothing is capitalised automatically.
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    /// `UITextField.autocorrectionType`: stored only; there is no autocorrection.
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// `UITextField.spellCheckingType`: stored only; there is no spell checking.
    open var spellCheckingType: UITextSpellCheckingType = .default
    /// `UITextField.returnKeyType`: stored only; there is no on-screen Return key.
    open var returnKeyType: UIReturnKeyType = .default
    /// `UITextField.enablesReturnKeyAutomatically`: stored only.
    open var enablesReturnKeyAutomatically = false
    /// `UITextField.textContentType`: stored only; there is no autofill.
    open var textContentType: UITextContentType?
    /// Partial: kept; text is not shrunk to fit.
    open var adjustsFontSizeToFitWidth = false
    /// `UITextField.minimumFontSize`: stored only; text is not shrunk to fit.
    open var minimumFontSize: CGFloat = 0
    /// Views at the field's ends, shown by their modes (laid out at the edges, the text inset
    /// past them).
    open var leftView: UIView? { didSet { replaceSideView(oldValue, leftView) } }
    /// `UITextField.rightView`: a view at the field's right end, shown by `rightViewMode`.
    open var rightView: UIView? { didSet { replaceSideView(oldValue, rightView) } }
    /// `UITextField.leftViewMode`: when `leftView` shows.
    open var leftViewMode: ViewMode = .never { didSet { layoutSideViews() } }
    /// `UITextField.rightViewMode`: when `rightView` shows.
    open var rightViewMode: ViewMode = .never { didSet { layoutSideViews() } }
    private func replaceSideView(_ old: UIView?, _ new: UIView?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        layoutSideViews()
    }
    private func shows(_ mode: ViewMode) -> Bool {
        switch mode { case .never: false; case .always: true; case .whileEditing: isEditing; case .unlessEditing: !isEditing }
    }
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSideViews()
    }
    private func layoutSideViews() {
        var insets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
        let b = bounds
        for (side, mode, isLeft) in [(leftView, leftViewMode, true), (rightView, rightViewMode, false)] {
            guard let side else { continue }
            side.isHidden = !shows(mode)
            guard !side.isHidden else { continue }
            var s = side.frame.size
            if s == .zero { s = side.intrinsicContentSize.width > 0 ? side.intrinsicContentSize : CGSize(width: b.height, height: b.height) }
            side.frame = CGRect(x: isLeft ? 0 : b.width - s.width, y: (b.height - s.height) / 2, width: s.width, height: s.height)
            if isLeft { insets.left = s.width.double + 4 } else { insets.right = s.width.double + 4 }
        }
        if field.textInsets != insets { field.textInsets = insets }
    }
    /// No on-screen keyboard: a view given here is kept but not shown.
    open var inputView: UIView?
    /// `UITextField.inputAccessoryView`: stored only; nothing is shown above a keyboard.
    open var inputAccessoryView: UIView?
}

/// `UIKeyboardAppearance`: the on-screen keyboard's look; stored only here.
public enum UIKeyboardAppearance: Int, Sendable { case `default`, dark, light }

// MARK: - Switch, slider, segmented control, stepper, page control

/// The engine switch a `UISwitch` stands for: layout comes back to the facade object, so a
/// subclass's `layoutSubviews()` runs (a switch that places layers of its own).
final class FacadeSwitch: Switch {
    weak var owner: UISwitch?
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
    override func updateProperties() { owner?.updateProperties() }
}

/// `UISwitch` over the engine's `Switch`.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    package var engineSwitch: Switch { view as! Switch }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(FacadeSwitch(), frame: frame))!
    }
    /// `UISwitch(coder:)`: a switch over a new engine `Switch`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeSwitch() })
    }
    /// `UISwitch.isOn`: the engine switch's `isOn` (setting it does not animate).
    open var isOn: Bool { get { engineSwitch.isOn } set { engineSwitch.setOn(newValue, animated: false) } }
    /// `UISwitch.setOn(_:animated:)`: the engine switch's `setOn(_:animated:)`.
    open func setOn(_ on: Bool, animated: Bool) { engineSwitch.setOn(on, animated: animated) }
    /// `UISwitch.onTintColor`: the engine switch's `onTintColor` (nil leaves it as is).
    open var onTintColor: UIColor? { get { UIColor(engineSwitch.onTintColor) } set { if let c = newValue { engineSwitch.onTintColor = c.color } } }
    /// `UISwitch.thumbTintColor`: the engine switch's `thumbTintColor` (nil leaves it as is).
    open var thumbTintColor: UIColor? { get { UIColor(engineSwitch.thumbTintColor) } set { if let c = newValue { engineSwitch.thumbTintColor = c.color } } }
    open override var intrinsicContentSize: CGSize { CGSize(engineSwitch.intrinsicContentSize) }
}

/// `UISlider` over the engine's `Slider`; values are `Float` as UIKit's.
@preconcurrency @MainActor
open class UISlider: UIControl {
    package var slider: Slider { view as! Slider }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(Slider(), frame: frame))!
    }
    /// `UISlider(coder:)`: a slider over a new engine `Slider`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { Slider() })
    }
    /// `UISlider.value`: the engine slider's `value`, between `minimumValue` and `maximumValue`.
    open var value: Float { get { Float(slider.value) } set { slider.value = Double(newValue) } }
    /// `UISlider.minimumValue`: the engine slider's `minimumValue`.
    open var minimumValue: Float { get { Float(slider.minimumValue) } set { slider.minimumValue = Double(newValue) } }
    /// `UISlider.maximumValue`: the engine slider's `maximumValue`.
    open var maximumValue: Float { get { Float(slider.maximumValue) } set { slider.maximumValue = Double(newValue) } }
    /// `UISlider.isContinuous`: the engine slider's `isContinuous`: value events while dragging.
    open var isContinuous: Bool { get { slider.isContinuous } set { slider.isContinuous = newValue } }
    /// `UISlider.setValue(_:animated:)`: the engine slider's `setValue(_:animated:)`.
    open func setValue(_ value: Float, animated: Bool) { slider.setValue(Double(value), animated: animated) }
    /// `UISlider.minimumTrackTintColor`: the engine slider's `minimumTrackTintColor` (nil leaves it).
    open var minimumTrackTintColor: UIColor? {
        get { UIColor(slider.minimumTrackTintColor) } set { if let c = newValue { slider.minimumTrackTintColor = c.color } }
    }
    /// `UISlider.maximumTrackTintColor`: the engine slider's `maximumTrackTintColor` (nil leaves it).
    open var maximumTrackTintColor: UIColor? {
        get { UIColor(slider.maximumTrackTintColor) } set { if let c = newValue { slider.maximumTrackTintColor = c.color } }
    }
    /// Partial: kept; the engine's thumb keeps its colour.
    open var thumbTintColor: UIColor?
}

/// `UISegmentedControl` over the engine's `SegmentedControl` (titles; an image item shows
/// its name's last part as the title).
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    package var segmented: SegmentedControl { view as! SegmentedControl }
    /// `UISegmentedControl.noSegment`: -1, no segment selected.
    public static let noSegment = -1
    /// `UISegmentedControl(items:)`: an engine `SegmentedControl` of the items' titles; an image item
    /// gives an empty title (images are not drawn).
    public init(items: [Any]?) {
        let titles = (items ?? []).map { item -> String in
            if let s = item as? String { return s }
            if item is UIImage { return "" }
            return "\(item)"
        }
        super.init(coder: EngineViewCoder(SegmentedControl(items: titles)))!
    }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(SegmentedControl(items: []), frame: frame))!
    }
    /// `UISegmentedControl(coder:)`: an empty engine `SegmentedControl`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { SegmentedControl(items: []) })
    }
    /// `UISegmentedControl.selectedSegmentIndex`: the engine control's `selectedSegmentIndex`.
    open var selectedSegmentIndex: Int {
        get { segmented.selectedSegmentIndex } set { segmented.selectedSegmentIndex = newValue }
    }
    /// `UISegmentedControl.numberOfSegments`: the engine control's `numberOfSegments`.
    open var numberOfSegments: Int { segmented.numberOfSegments }
    /// `UISegmentedControl.titleForSegment(at:)`: the engine control's `titleForSegment(at:)`.
    open func titleForSegment(at segment: Int) -> String? { segmented.titleForSegment(at: segment) }
    /// `UISegmentedControl.setTitle(_:forSegmentAt:)`: the engine control's title (nil sets "").
    open func setTitle(_ title: String?, forSegmentAt segment: Int) { segmented.setTitle(title ?? "", forSegmentAt: segment) }
    /// `UISegmentedControl.insertSegment(withTitle:at:animated:)`: the engine control's insert.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        segmented.insertSegment(withTitle: title ?? "", at: segment, animated: animated)
    }
    /// `UISegmentedControl.removeSegment(at:animated:)`: the engine control's `removeSegment(at:animated:)`.
    open func removeSegment(at segment: Int, animated: Bool) { segmented.removeSegment(at: segment, animated: animated) }
    /// `UISegmentedControl.removeAllSegments()`: the engine control's `removeAllSegments()`.
    open func removeAllSegments() { segmented.removeAllSegments() }
    /// `UISegmentedControl.selectedSegmentTintColor`: the engine control's `selectedSegmentTintColor`.
    open var selectedSegmentTintColor: UIColor? {
        get { UIColor(segmented.selectedSegmentTintColor) }
        set { if let c = newValue { segmented.selectedSegmentTintColor = c.color } }
    }
    /// The title colour for `.normal` or `.selected` from the attributes' foreground colour
    /// (other attributes are kept but not drawn).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        let color = (attributes?[.foregroundColor] as? UIColor)?.color
        if state == .selected { segmented.selectedTitleColor = color } else if state == .normal, let color { segmented.titleColor = color }
    }
    /// `UISegmentedControl.titleTextAttributes(for:)`: the attributes set for `state`.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// Partial: kept; a momentary control still keeps its selection.
    open var isMomentary = false
    /// `UISegmentedControl.apportionsSegmentWidthsByContent`: stored only; segments share the width
    /// equally.
    open var apportionsSegmentWidthsByContent = false
    open override var intrinsicContentSize: CGSize { CGSize(segmented.intrinsicContentSize) }
}

/// `UIStepper` over the engine's `Stepper`.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    package var stepper: Stepper { view as! Stepper }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(Stepper(), frame: frame))!
    }
    /// `UIStepper(coder:)`: a stepper over a new engine `Stepper`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { Stepper() })
    }
    /// `UIStepper.value`: the engine stepper's `value`.
    open var value: Double { get { stepper.value } set { stepper.value = newValue } }
    /// `UIStepper.minimumValue`: the engine stepper's `minimumValue`.
    open var minimumValue: Double { get { stepper.minimumValue } set { stepper.minimumValue = newValue } }
    /// `UIStepper.maximumValue`: the engine stepper's `maximumValue`.
    open var maximumValue: Double { get { stepper.maximumValue } set { stepper.maximumValue = newValue } }
    /// `UIStepper.stepValue`: the engine stepper's `stepValue`, added or taken by each press.
    open var stepValue: Double { get { stepper.stepValue } set { stepper.stepValue = newValue } }
    /// `UIStepper.wraps`: the engine stepper's `wraps`: past one end it goes to the other.
    open var wraps: Bool { get { stepper.wraps } set { stepper.wraps = newValue } }
}

/// `UIPageControl` over the engine's `PageControl`.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    package var pages: PageControl { view as! PageControl }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(PageControl(), frame: frame))!
    }
    /// `UIPageControl(coder:)`: a page control over a new engine `PageControl`; keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { PageControl() })
    }
    /// `UIPageControl.numberOfPages`: the engine control's `numberOfPages`.
    open var numberOfPages: Int { get { pages.numberOfPages } set { pages.numberOfPages = newValue } }
    /// `UIPageControl.currentPage`: the engine control's `currentPage`.
    open var currentPage: Int { get { pages.currentPage } set { pages.currentPage = newValue } }
    /// `UIPageControl.hidesForSinglePage`: the engine control's `hidesForSinglePage`.
    open var hidesForSinglePage: Bool { get { pages.hidesForSinglePage } set { pages.hidesForSinglePage = newValue } }
    /// `UIPageControl.pageIndicatorTintColor`: the engine control's `pageIndicatorTintColor`.
    open var pageIndicatorTintColor: UIColor? {
        get { UIColor(pages.pageIndicatorTintColor) } set { if let c = newValue { pages.pageIndicatorTintColor = c.color } }
    }
    /// `UIPageControl.currentPageIndicatorTintColor`: the engine control's colour for the current page.
    open var currentPageIndicatorTintColor: UIColor? {
        get { UIColor(pages.currentPageIndicatorTintColor) } set { if let c = newValue { pages.currentPageIndicatorTintColor = c.color } }
    }
}

// MARK: - Progress and activity

/// `UIProgressView` over the engine's `ProgressView`; progress is a `Float` as UIKit's.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    package var bar: ProgressView { view as! ProgressView }
    /// `UIProgressView.Style`: default or bar; stored nowhere (the engine bar has one look).
    public enum Style: Int, Sendable { case `default`, bar }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(ProgressView(), frame: frame))!
    }
    /// `UIProgressView(coder:)`: a new engine `ProgressView`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { ProgressView() })
    }
    /// `UIProgressView(progressViewStyle:)`: an engine `ProgressView`; the style is ignored.
    public convenience init(progressViewStyle style: Style) { self.init(frame: .zero) }
    /// `UIProgressView.progress`: the engine bar's progress (0...1), set without animation.
    open var progress: Float { get { Float(bar.progress) } set { bar.setProgress(Double(newValue), animated: false) } }
    /// `UIProgressView.setProgress(_:animated:)`: the engine bar's `setProgress(_:animated:)` (0...1).
    open func setProgress(_ progress: Float, animated: Bool) { bar.setProgress(Double(progress), animated: animated) }
    /// `UIProgressView.progressTintColor`: the engine bar's `progressTintColor` (nil leaves it).
    open var progressTintColor: UIColor? { get { UIColor(bar.progressTintColor) } set { if let c = newValue { bar.progressTintColor = c.color } } }
    /// `UIProgressView.trackTintColor`: the engine bar's `trackTintColor` (nil leaves it).
    open var trackTintColor: UIColor? { get { UIColor(bar.trackTintColor) } set { if let c = newValue { bar.trackTintColor = c.color } } }
}

/// `UIActivityIndicatorView` over the engine's `ActivityIndicatorView`.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    package var spinner: ActivityIndicatorView { view as! ActivityIndicatorView }
    /// `UIActivityIndicatorView.Style`: the spinner's size: large and white-large are 37 points, the
    /// others 20; the colour is not changed by the style.
    public enum Style: Int, Sendable { case medium, large, white, whiteLarge, gray }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(ActivityIndicatorView(), frame: frame))!
    }
    /// `UIActivityIndicatorView(coder:)`: a new engine `ActivityIndicatorView`; keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { ActivityIndicatorView() })
    }
    /// `UIActivityIndicatorView(style:)`: a spinner of `style`'s size.
    public convenience init(style: Style) {
        self.init(frame: .zero)
        self.style = style
    }
    /// The size: large is 37 points across, the others 20.
    open var style: Style = .medium { didSet { invalidateIntrinsicContentSize() } }
    open override var intrinsicContentSize: CGSize {
        let side: CGFloat = (style == .large || style == .whiteLarge) ? 37 : 20
        return CGSize(width: side, height: side)
    }
    /// `UIActivityIndicatorView.startAnimating()`: the engine spinner's `startAnimating()`.
    open func startAnimating() { spinner.startAnimating() }
    /// `UIActivityIndicatorView.stopAnimating()`: the engine spinner's `stopAnimating()`.
    open func stopAnimating() { spinner.stopAnimating() }
    /// `UIActivityIndicatorView.isAnimating`: the engine spinner's `isAnimating`.
    open var isAnimating: Bool { spinner.isAnimating }
    /// `UIActivityIndicatorView.hidesWhenStopped`: the engine spinner's `hidesWhenStopped`.
    open var hidesWhenStopped: Bool { get { spinner.hidesWhenStopped } set { spinner.hidesWhenStopped = newValue } }
    /// `UIActivityIndicatorView.color`: the engine spinner's `color` (nil leaves it).
    open var color: UIColor! { get { UIColor(spinner.color) } set { if let c = newValue { spinner.color = c.color } } }
}
