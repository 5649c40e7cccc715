@_spi(Engine) import Views
import Geometry
import UpdateLoop

/// A multi-line text editor (TX9), as `UITextView`: wraps to its width, takes return and tab as
/// text, moves by line with up and down, and scrolls its lines (the wheel, and to keep the caret
/// in view); not a ScrollView, so no fling or rubber band.
open class TextView: TextField {
    override var isMultiline: Bool { true }
    /// The scroll indicator: shown while the lines scroll, faded 0.5 s after, as a scroll
    /// view's.
    private let indicator = View()
    private var indicatorHide: TimerToken?
    /// The indicator's colour (light on the engine's dark fields).
    public var scrollIndicatorColor = Color(red: 1, green: 1, blue: 1, alpha: 0.55) {
        didSet { indicator.backgroundColor = scrollIndicatorColor }
    }
    /// Whether a multi-line text view shows its scroll indicator while scrolling.
    public var showsVerticalScrollIndicator = true
    /// Whether the indicator is showing (for tests and tools).
    public var isShowingScrollIndicator: Bool { indicator.alpha > 0 }

    /// A text view holding `text`, laid out by constraints (``TextField/init(frame:)`` places
    /// one by its frame).
    public override init(text: String = "", placeholder: String? = nil, identifier: String? = nil) {
        super.init(text: text, placeholder: placeholder, identifier: identifier)
        textInsets = EdgeInsets(top: 8, left: 6, bottom: 8, right: 6)
        indicator.identifier = "verticalIndicator"
        indicator.translatesAutoresizingMaskIntoConstraints = true
        indicator.backgroundColor = scrollIndicatorColor
        indicator.cornerRadius = 1.5
        indicator.alpha = 0
        indicator.isUserInteractionEnabled = false
        addSubview(indicator)
    }

    override func verticalOffsetDidChange() {
        let contentHeight = textLayout().size.height + textInsets.top + textInsets.bottom
        let h = bounds.height
        guard showsVerticalScrollIndicator, h > 0, contentHeight > h else { return }
        let length = max(20, h * h / contentHeight)
        let range = max(1, contentHeight - h)
        let progress = min(max(verticalOffset / range, 0), 1)
        indicator.frame = Rect(x: bounds.width - 5, y: 2 + (h - length - 4) * progress, width: 3, height: length)
        indicator.alpha = 1
        guard let loop = window?.runLoop else { return }
        if let t = indicatorHide { loop.cancel(t) }
        indicatorHide = loop.schedule(after: .milliseconds(500)) { [weak self] in
            guard let self else { return }
            self.indicatorHide = nil
            View.animate(withDuration: 0.25, animations: { self.indicator.alpha = 0 })
        }
    }
}
