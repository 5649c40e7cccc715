@_spi(Engine) import Views
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry

/// A text view (T1, TX3-TX5): plain or attributed text laid out by the engine's font system
/// (shaped by HarfBuzz with fallback fonts, bidirectional, broken at UAX #14 opportunities), on
/// one line by default or several with ``numberOfLines``, truncated at the head, middle or tail
/// with an ellipsis, aligned left, centre, right, justified or naturally. Its intrinsic size is
/// the laid-out text's (A3), for several lines at ``preferredMaxLayoutWidth`` or, when that is 0,
/// the width its constraints give it (UIKit's two-pass label layout: a change of the laid-out
/// width invalidates the intrinsic size once). Text never draws outside the bounds (T2): lines
/// that do not fit are dropped and the last one that does is truncated.
///
/// Layouts are kept while nothing they depend on changes: a steady frame shapes nothing.
open class Label: View {
    /// The plain text; setting it replaces any attributed text.
    public var text: String {
        get { storedText }
        set {
            guard newValue != storedText || storedAttributed != nil else { return }
            storedText = newValue
            storedAttributed = nil
            textDidChange()
        }
    }
    /// Attributed text (runs with their own fonts, colours, kerning, decorations and paragraph
    /// styles); unset attributes take the label's ``font``, ``textColor`` and paragraph settings.
    public var attributedText: AttributedString? {
        get { storedAttributed }
        set {
            storedAttributed = newValue
            storedText = newValue.map { String($0.characters) } ?? ""
            textDidChange()
        }
    }
    /// The text's font; changing it reshapes the text once and invalidates the intrinsic size.
    public var font: Font { didSet { if font != oldValue { textDidChange() } } }
    /// Static text read as its text (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, label: text.isEmpty ? nil : text, traits: .staticText)
    }
    /// The font's size in points (the label's font at another size when set).
    public var fontSize: Double {
        get { font.pointSize }
        set { font = font.withSize(newValue) }
    }
    /// The text's colour (white, on the engine's dark backgrounds, by default).
    public var textColor: Color = .white {
        didSet {
            plainColorSet("textColor")
            if textColor != oldValue { styleDidChange() }
        }
    }

    /// A text colour that follows the label's interface style (`DynamicColor`, as UIKit's
    /// `label` colour): resolved now and again whenever the style changes; setting
    /// ``textColor`` ends it.
    public var dynamicTextColor: DynamicColor? {
        get { dynamicColor(forKey: "textColor") }
        set { setDynamicColor(newValue, forKey: "textColor") { ($0 as? Label)?.textColor = $1 } }
    }
    /// The most lines shown; 0 shows as many as the text needs (and the height allows).
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { textDidChange() } } }
    /// How lines break and where the text is truncated when it does not fit (at the tail by default).
    public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { if lineBreakMode != oldValue { textDidChange() } } }
    /// How lines sit across the label's width (natural: by the text's direction).
    public var textAlignment: TextAlignment = .natural { didSet { if textAlignment != oldValue { styleDidChange() } } }
    /// Extra points between lines.
    public var lineSpacing = 0.0 { didSet { if lineSpacing != oldValue { textDidChange() } } }
    /// The width several lines wrap to for the intrinsic size; 0 uses the laid-out width.
    public var preferredMaxLayoutWidth = 0.0 { didSet { if preferredMaxLayoutWidth != oldValue { textDidChange() } } }

    private var storedText: String
    private var storedAttributed: AttributedString?
    /// The laid-out width the intrinsic size was computed for (the second pass of the two).
    private var wrapWidthUsed = 0.0
    /// The text with its styles, made once per change.
    private var styled: StyledText?
    /// The last layouts made, by the box they were made for (measuring and drawing differ).
    private var layouts: [(width: Double, height: Double, fonts: ObjectIdentifier, layout: TextLayout)] = []

    /// A label showing `text` in `font`, laid out by constraints.
    public init(text: String = "", font: Font, identifier: String? = nil) {
        storedText = text
        self.font = font
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
        contentMode = .redraw
    }

    /// A label showing `text` in the system font of `fontSize`, laid out by constraints.
    public convenience init(text: String = "", fontSize: Double = 17, identifier: String? = nil) {
        self.init(text: text, font: .systemFont(ofSize: fontSize), identifier: identifier)
    }

    /// An empty label placed by `frame`: its frame is set by hand until the code says
    /// otherwise, as for every view made with a frame (MR6).
    public convenience override init(frame: Rect) {
        self.init(text: "", fontSize: 17)
        translatesAutoresizingMaskIntoConstraints = true
        self.frame = frame
    }

    private func textDidChange() {
        styled = nil
        layouts.removeAll(keepingCapacity: true)
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
        accessibilityContentDidChange()
    }

    private func styleDidChange() {
        styled = nil
        layouts.removeAll(keepingCapacity: true)
        setNeedsDisplay()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        // Measured with other fonts (outside a window, or in another one): measure again.
        let id = ObjectIdentifier(fontSystem)
        if layouts.contains(where: { $0.fonts != id }) {
            layouts.removeAll(keepingCapacity: true)
            invalidateIntrinsicContentSize()
        }
    }

    /// Forgets the laid-out text (at most three layouts); the next draw lays it out again.
    open override func releaseCaches() {
        super.releaseCaches()
        styled = nil
        layouts.removeAll()
    }

    /// The paragraph style the label's properties make.
    private var paragraphStyle: ParagraphStyle {
        ParagraphStyle(alignment: textAlignment, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing)
    }

    private var styledText: StyledText {
        if let styled { return styled }
        let style = TextStyle(font: font, color: textColor)
        let made = storedAttributed.map { StyledText($0, style: style, paragraph: paragraphStyle) }
            ?? StyledText(storedText, style: style, paragraph: paragraphStyle)
        styled = made
        return made
    }

    /// The width several lines wrap to when measuring, if any.
    private var measuringWidth: Double {
        guard numberOfLines != 1 else { return .infinity }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return wrapWidthUsed > 0 ? wrapWidthUsed : .infinity
    }

    /// The text laid out for `width` (and, when drawing, the bounds' height).
    public func textLayout(width: Double, height: Double = .infinity) -> TextLayout {
        let fonts = fontSystem
        let id = ObjectIdentifier(fonts)
        if let hit = layouts.first(where: { $0.width == width && $0.height == height && $0.fonts == id }) { return hit.layout }
        let layout = TextLayout(styledText, in: fonts, width: width, maxLines: numberOfLines, maxHeight: height)
        if layouts.count >= 3 { layouts.removeFirst() }
        layouts.append((width, height, id, layout))
        return layout
    }

    /// The box of the character at UTF-16 `index` of the text as drawn in the bounds, in the
    /// label's coordinates; nil past the end or when it is truncated away.
    public func characterRect(forCharacterIndex index: Int) -> Rect? {
        guard !storedText.isEmpty, bounds.width > 0,
              let r = textLayout(width: bounds.width, height: bounds.height).characterRect(forCharacterIndex: index) else { return nil }
        return Rect(x: r.minX + bounds.minX, y: r.minY + bounds.minY, width: r.width, height: r.height)
    }

    /// The UTF-16 index of the text nearest a point in the label's coordinates, as drawn.
    public func characterIndex(at point: Point) -> Int {
        guard !storedText.isEmpty, bounds.width > 0 else { return 0 }
        return textLayout(width: bounds.width, height: bounds.height)
            .characterIndex(at: Point(x: point.x - bounds.minX, y: point.y - bounds.minY))
    }

    open override var intrinsicContentSize: Size {
        let layout = textLayout(width: measuringWidth)
        if storedText.isEmpty { return Size(width: 0, height: 0) }
        return Size(width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
    }

    /// The size the text needs within `size` (UIView.sizeThatFits).
    open func sizeThatFits(_ size: Size) -> Size {
        let layout = textLayout(width: size.width > 0 ? size.width : .infinity)
        return Size(width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
    }

    open override var firstBaselineOffsetFromTop: Double {
        let layout = textLayout(width: measuringWidth)
        return layout.lines.isEmpty ? fontSystem.metrics(for: font).ascender : layout.firstBaseline
    }
    open override var lastBaselineOffsetFromBottom: Double {
        let layout = textLayout(width: measuringWidth)
        if layout.lines.isEmpty { return -fontSystem.metrics(for: font).descender }
        return layout.size.height.rounded(.up) - layout.lines[layout.lines.count - 1].baseline
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The second pass: wrapped by its constraints' width, the label measures again for it.
        if numberOfLines != 1, preferredMaxLayoutWidth == 0, bounds.width > 0, abs(bounds.width - wrapWidthUsed) > 0.5 {
            wrapWidthUsed = bounds.width
            invalidateIntrinsicContentSize()
        }
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        guard !storedText.isEmpty, bounds.width > 0 else { return }
        drawText(in: bounds, canvas: canvas)
    }

    /// Draws the text laid out in `rect` (the bounds, when the label draws itself): the point
    /// a label that draws its text its own way overrides (UIKit's `drawText(in:)`: a morphing
    /// label drawing each character at its own size), calling `super` for the text as the label
    /// lays it out. Called only when there is text to draw.
    open func drawText(in rect: Rect, canvas: Canvas) {
        canvas.draw(textLayout(width: rect.width, height: rect.height), at: rect.origin)
    }
}
