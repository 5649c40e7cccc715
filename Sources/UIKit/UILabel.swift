import Geometry
import RenderModel
import TextEngine
import Timeline
import UpdateLoop

/// The engine label a `UILabel` stands for; sizing comes back to the facade object so an
/// `intrinsicContentSize` override counts.
final class FacadeLabel: Label {
    weak var owner: UILabel?
    var baseIntrinsic: Size { super.intrinsicContentSize }
    override var intrinsicContentSize: Size { owner?.intrinsicContentSize.size ?? super.intrinsicContentSize }
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
    override func updateProperties() { owner?.updateProperties() }
    /// The text is drawn by the facade object's `drawText(in:)`, whose default comes back to
    /// ``drawEngineText(in:canvas:)``.
    override func drawText(in rect: Rect, canvas: Canvas) {
        guard let owner else { return super.drawText(in: rect, canvas: canvas) }
        UIGraphicsPushContext(CGContext(canvas: canvas)); owner.drawText(in: CGRect(rect)); UIGraphicsPopContext()
    }
    func drawEngineText(in rect: Rect, canvas: Canvas) { super.drawText(in: rect, canvas: canvas) }
}

/// `UILabel`: the engine's `Label` (HarfBuzz shaping, UAX #14 breaking).
@preconcurrency @MainActor
open class UILabel: UIView {
    package var label: Label { view as! Label }
    /// A facade for a label an engine control owns (a button's title).
    package convenience init(engineLabel: Label) { self.init(coder: EngineViewCoder(engineLabel, isNew: false))! }
    var baseIntrinsic: Size { (view as? FacadeLabel)?.baseIntrinsic ?? label.intrinsicContentSize }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(UILabel.makeLabel(), frame: frame))!
    }
    /// `UILabel(coder:)`: a label over a new engine `Label`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder, or: UILabel.makeLabel))
    }
    /// A label in UIKit's default look: 17-point system font, the `label` colour (black in a
    /// light interface, white in a dark one).
    private static func makeLabel() -> Label {
        let l = FacadeLabel(text: "", font: .systemFont(ofSize: 17)); l.dynamicTextColor = .label
        return l
    }
    /// `UILabel.text`: the engine label's `text` (nil when never set).
    open var text: String? {
        get { label.text.isEmpty && !hasText ? nil : label.text }
        set { hasText = newValue != nil; storedAttributed = nil; label.text = newValue ?? "" }
    }
    private var hasText = false
    /// Attributed text: runs with their own fonts, colours, kerning, decorations and baseline
    /// offsets (Markdown's strong, emphasis and code as bold, italic and monospaced).
    open var attributedText: NSAttributedString? {
        get { storedAttributed ?? text.map { NSAttributedString(string: $0) } }
        set {
            storedAttributed = newValue
            hasText = newValue != nil
            if let s = newValue { label.attributedText = s.engineText(font: label.font) } else { label.text = "" }
        }
    }
    private var storedAttributed: NSAttributedString?
    /// `UILabel.font`: the engine label's `font` (nil sets the 17-point system font).
    open var font: UIFont! { get { UIFont(label.font) } set { label.font = (newValue ?? .systemFont(ofSize: 17)).font } }
    /// The label's `textColor`; a dynamic colour (`.label`, the default) follows the label's
    /// interface style (the engine's `dynamicTextColor`).
    open var textColor: UIColor! {
        get { UIColor(label.textColor) }
        set { (newValue ?? .label).bind(dynamic: { label.dynamicTextColor = $0 }, plain: { label.textColor = $0 }) }
    }
    /// `UILabel.textAlignment`: sets the engine label's `textAlignment`.
    open var textAlignment: NSTextAlignment = .natural { didSet { label.textAlignment = textAlignment.engine } }
    /// `UILabel.numberOfLines`: the engine label's `numberOfLines` (0: no limit).
    open var numberOfLines: Int { get { label.numberOfLines } set { label.numberOfLines = newValue } }
    /// `UILabel.lineBreakMode`: sets the engine label's `lineBreakMode`.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { label.lineBreakMode = lineBreakMode.engine } }
    /// `UILabel.preferredMaxLayoutWidth`: the engine label's `preferredMaxLayoutWidth`, in points.
    open var preferredMaxLayoutWidth: CGFloat {
        get { CGFloat(label.preferredMaxLayoutWidth) } set { label.preferredMaxLayoutWidth = newValue.double }
    }
    /// Text is not shrunk to fit; the properties are kept.
    open var adjustsFontSizeToFitWidth = false
    /// `UILabel.minimumScaleFactor`: stored only; text is not shrunk.
    open var minimumScaleFactor: CGFloat = 0
    /// `UILabel.adjustsFontForContentSizeCategory`: stored only (Dynamic Type is fixed).
    open var adjustsFontForContentSizeCategory = false
    /// `UILabel.highlightedTextColor`: stored only.
    open var highlightedTextColor: UIColor?
    /// `UILabel.isHighlighted`: stored only; the label does not change when highlighted.
    open var isHighlighted = false
    /// `UILabel.shadowColor`: stored only; no text shadow is drawn.
    open var shadowColor: UIColor?
    /// `UILabel.shadowOffset`: stored only (points).
    open var shadowOffset = CGSize(width: 0, height: -1)
    open override var intrinsicContentSize: CGSize { CGSize(baseIntrinsic) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(baseIntrinsic) }
    /// Draws the label's text in `rect` into the current context (the engine label's text
    /// drawing); an override draws the text its own way, and its `super` call draws it as laid out.
    open func drawText(in rect: CGRect) {
        guard let f = view as? FacadeLabel, let ctx = UIGraphicsGetCurrentContext() else { return }
        f.drawEngineText(in: rect.rect, canvas: ctx.canvas)
    }
    /// `UILabel.textRect(forBounds:limitedToNumberOfLines:)`: the bounds unchanged; the engine label
    /// places its text itself and does not ask an override.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines n: Int) -> CGRect { bounds }
}
