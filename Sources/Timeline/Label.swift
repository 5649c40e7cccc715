import Geometry

/// Measures text for layout. The SDL backend installs one backed by SDL2_ttf; until then (and in
/// headless tests) ``FixedFontMetrics`` gives deterministic sizes.
public protocol FontMetrics: Sendable {
    /// The size of one line of `text` at `fontSize` points.
    func size(of text: String, fontSize: Double) -> Size
    /// Distance from the line's top to its baseline.
    func ascent(fontSize: Double) -> Double
    /// Distance from the baseline to the line's bottom.
    func descent(fontSize: Double) -> Double
}

/// Metrics of a fixed-pitch model font: every character advances `advance · fontSize`, a line is
/// `lineHeight · fontSize` tall with the baseline at `ascentRatio` of it.
public struct FixedFontMetrics: FontMetrics {
    public var advance: Double = 0.6
    public var lineHeight: Double = 1.2
    public var ascentRatio: Double = 0.8
    public init() {}
    public func size(of text: String, fontSize: Double) -> Size {
        Size(width: (Double(text.count) * advance * fontSize).rounded(.up), height: (lineHeight * fontSize).rounded(.up))
    }
    public func ascent(fontSize: Double) -> Double { (lineHeight * fontSize).rounded(.up) * ascentRatio }
    public func descent(fontSize: Double) -> Double { (lineHeight * fontSize).rounded(.up) * (1 - ascentRatio) }
}

/// The metrics text views use when their window has none of its own (``Window/fontMetrics``).
/// Set once at start-up by an app or the CLI; tests keep the fixed ones or set a window's.
@MainActor
public enum TextMeasurement {
    public static var metrics: any FontMetrics = FixedFontMetrics()
}

/// A one-line text view. Its intrinsic size comes from the font metrics (A3); its baselines are
/// the font's (A2).
open class Label: View {
    public var text: String { didSet { if text != oldValue { textDidChange() } } }
    public var fontSize: Double { didSet { if fontSize != oldValue { textDidChange() } } }
    public var textColor: Color = .white { didSet { setNeedsDisplay() } }

    public init(text: String = "", fontSize: Double = 17, identifier: String? = nil) {
        self.text = text
        self.fontSize = fontSize
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
    }

    private func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// The window's metrics when it has its own, else the process-wide ones.
    private var metrics: any FontMetrics { window?.fontMetrics ?? TextMeasurement.metrics }

    open override var intrinsicContentSize: Size { metrics.size(of: text, fontSize: fontSize) }
    open override var firstBaselineOffsetFromTop: Double { metrics.ascent(fontSize: fontSize) }
    open override var lastBaselineOffsetFromBottom: Double { metrics.descent(fontSize: fontSize) }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        guard !text.isEmpty else { return }
        canvas.text(text, at: .zero, fontSize: fontSize, color: textColor)
    }
}
