@_spi(Engine) import Views
@_spi(Engine) import Controls
import Geometry
import Layers

/// Pull to refresh (SC8), as `UIRefreshControl`: set it as a scroll view's ``ScrollView/refreshControl``;
/// pulling the content down past ``triggerDistance`` begins refreshing and sends `valueChanged`,
/// the content then rests below a spinning indicator until ``endRefreshing()``.
open class RefreshControl: Control {
    /// Whether a refresh is in progress: from the pull (or `beginRefreshing()`) to ``endRefreshing()``.
    public private(set) var isRefreshing = false
    /// How far past the top a pull must go.
    public var triggerDistance = 70.0
    /// The height the content keeps open while refreshing.
    public var refreshingHeight = 56.0
    /// The spinner's colour: a grey of its own unless a tint is set on it (not inherited, as
    /// UIKit's refresh control draws grey under any tint).
    open override var tintColor: Color! {
        get { ownTintColor ?? Color(red: 0.7, green: 0.73, blue: 0.8) }
        set { super.tintColor = newValue }
    }
    open override func tintColorDidChange() { spinner.strokeColor = tintColor }
    weak var scrollView: ScrollView?
    private let spinner = ShapeLayer()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        var arc = Path()
        arc.addArc(center: Point(x: 12, y: 12), radius: 10, startAngle: 0, endAngle: 1.5 * .pi, clockwise: false)
        spinner.path = arc
        spinner.fillColor = nil
        spinner.strokeColor = tintColor
        spinner.lineWidth = 2.5
        spinner.lineCap = .round
        spinner.bounds = Rect(x: 0, y: 0, width: 24, height: 24)
        spinner.opacity = 0
        layer.addSublayer(spinner)
    }

    /// Shows the spinner and holds the content open (without sending `valueChanged`).
    public func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.add(ControlStyle.spin(period: 0.9), forKey: "spin")
        spinner.opacity = 1
        if let s = scrollView {
            var inset = s.contentInset
            inset.top += refreshingHeight
            s.contentInset = inset
        }
    }

    /// Hides the spinner and lets the content go back to the top, animated.
    public func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.removeAnimation(forKey: "spin")
        spinner.opacity = 0
        guard let s = scrollView else { return }
        var inset = s.contentInset
        inset.top -= refreshingHeight
        s.contentInset = inset
        if !s.isTracking { s.setContentOffset(Point(x: s.contentOffset.x, y: max(s.contentOffset.y, s.minimumContentOffset.y)), animated: true) }
    }

    /// Called by the scroll view as it is pulled: the spinner fades in with the pull, and the
    /// pull past the trigger begins refreshing.
    func pulled(to overscroll: Double, dragging: Bool) {
        if !isRefreshing {
            // Set only when it changes: a layer re-renders on every set, and this runs every
            // scrolling frame while the spinner stays hidden at 0.
            let opacity = min(1, max(0, overscroll / triggerDistance))
            if spinner.opacity != opacity { spinner.opacity = opacity }
        }
        if dragging, !isRefreshing, overscroll >= triggerDistance {
            beginRefreshing()
            sendActions(for: .valueChanged)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        spinner.position = Point(x: bounds.midX, y: bounds.midY)
    }
}
