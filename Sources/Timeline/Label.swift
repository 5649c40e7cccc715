import Geometry

/// The metrics text views use when their window has none of its own (``Window/fontMetrics``).
/// Set once at start-up by an app or the CLI; tests keep the fixed ones or set a window's.
@MainActor
public enum TextMeasurement {
    public static var metrics: any FontMetrics = FixedFontMetrics()
}

/// A text view (T1): one line by default, or several with ``numberOfLines``, wrapped by word or
/// character, truncated at the tail with an ellipsis, aligned left, centred or right, with explicit
/// line breaks and extra line spacing. Its intrinsic size comes from the font metrics (A3) and,
/// for several lines, from the wrapping width: ``preferredMaxLayoutWidth`` when set, else the
/// width its constraints give it (UIKit's two-pass label layout: a change of the laid-out width
/// invalidates the intrinsic size once). Text never draws outside the bounds (T2): lines that do
/// not fit are dropped and the last one that does ends in an ellipsis.
open class Label: View {
    public var text: String { didSet { if text != oldValue { textDidChange() } } }
    public var fontSize: Double { didSet { if fontSize != oldValue { textDidChange() } } }
    public var textColor: Color = .white { didSet { setNeedsDisplay() } }
    /// The most lines shown; 0 shows as many as the text needs (and the height allows).
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { textDidChange() } } }
    public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { textDidChange() } }
    public var textAlignment: TextAlignment = .left { didSet { setNeedsDisplay() } }
    /// Extra points between lines.
    public var lineSpacing = 0.0 { didSet { if lineSpacing != oldValue { textDidChange() } } }
    /// The width several lines wrap to for the intrinsic size; 0 uses the laid-out width.
    public var preferredMaxLayoutWidth = 0.0 { didSet { if preferredMaxLayoutWidth != oldValue { textDidChange() } } }
    /// The laid-out width the intrinsic size was computed for (the second pass of the two).
    private var wrapWidthUsed = 0.0

    public init(text: String = "", fontSize: Double = 17, identifier: String? = nil) {
        self.text = text
        self.fontSize = fontSize
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
        contentMode = .redraw
    }

    private func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// The window's metrics when it has its own, else the process-wide ones.
    private var metrics: any FontMetrics { window?.fontMetrics ?? TextMeasurement.metrics }

    /// The width several lines wrap to when measuring, if any.
    private var measuringWidth: Double {
        guard numberOfLines != 1 else { return .infinity }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return wrapWidthUsed > 0 ? wrapWidthUsed : .infinity
    }

    /// The text laid out for `width` (and, when drawing, the bounds' height).
    public func textLayout(width: Double, height: Double = .infinity) -> TextLayout {
        TextLayout(text, fontSize: fontSize, metrics: metrics, width: width, maxLines: numberOfLines, maxHeight: height,
                   lineBreak: lineBreakMode,
                   lineSpacing: lineSpacing)
    }

    open override var intrinsicContentSize: Size {
        // One line: the text up to its first line break.
        if numberOfLines == 1 { return metrics.size(of: String(text.prefix { $0 != "\n" }), fontSize: fontSize) }
        let layout = textLayout(width: measuringWidth)
        return Size(width: layout.width.rounded(.up), height: layout.height.rounded(.up))
    }
    open override var firstBaselineOffsetFromTop: Double { metrics.ascent(fontSize: fontSize) }
    open override var lastBaselineOffsetFromBottom: Double { metrics.descent(fontSize: fontSize) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The second pass: wrapped by its constraints' width, the label measures again for it.
        if numberOfLines != 1, preferredMaxLayoutWidth == 0, bounds.width > 0, abs(bounds.width - wrapWidthUsed) > 0.5 {
            wrapWidthUsed = bounds.width
            invalidateIntrinsicContentSize()
        }
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        guard !text.isEmpty, bounds.width > 0 else { return }
        let layout = textLayout(width: bounds.width, height: bounds.height)
        var y = 0.0
        for line in layout.lines {
            let x: Double = switch textAlignment {
            case .left: 0
            case .center: ((bounds.width - line.width) / 2).rounded(.down)
            case .right: bounds.width - line.width
            }
            canvas.text(line.text, at: Point(x: max(0, x), y: y), fontSize: fontSize, color: textColor)
            y += layout.lineHeight + layout.lineSpacing
        }
    }
}
