@_spi(Engine) import Views
import Geometry

/// The scroll indicators (SC1): bars sized by the visible fraction, shown while scrolling and
/// faded half a second after.
extension ScrollView {
    func updateIndicators() {
        let w = bounds.width, h = bounds.height, o = contentOffset
        let thickness = 3.0, inset = 2.0
        if contentSize.height > 0, h > 0 {
            let fraction = min(1, h / max(contentSize.height, 1))
            let length = max(20, h * fraction)
            let range = max(1, maximumContentOffset.y - minimumContentOffset.y)
            let progress = min(max((o.y - minimumContentOffset.y) / range, 0), 1)
            verticalIndicator.frame = Rect(x: o.x + w - thickness - inset, y: o.y + inset + (h - length - 2 * inset) * progress,
                                           width: thickness, height: length)
        }
        if contentSize.width > 0, w > 0 {
            let fraction = min(1, w / max(contentSize.width, 1))
            let length = max(20, w * fraction)
            let range = max(1, maximumContentOffset.x - minimumContentOffset.x)
            let progress = min(max((o.x - minimumContentOffset.x) / range, 0), 1)
            horizontalIndicator.frame = Rect(x: o.x + inset + (w - length - 2 * inset) * progress, y: o.y + h - thickness - inset,
                                             width: length, height: thickness)
        }
        // Indicators stay above the content (views that float over it are put below them by
        // ``bringToFrontBelowIndicators(_:)``, so this rarely moves anything).
        if subviews.last !== horizontalIndicator, subviews.count > 2 {
            addSubview(verticalIndicator)
            addSubview(horizontalIndicator)
        }
    }

    func showIndicators() {
        if let t = indicatorHide { window?.runLoop?.cancel(t); indicatorHide = nil }
        verticalIndicator.alpha = showsVerticalScrollIndicator && maximumContentOffset.y > minimumContentOffset.y ? 1 : 0
        horizontalIndicator.alpha = showsHorizontalScrollIndicator && maximumContentOffset.x > minimumContentOffset.x ? 1 : 0
    }

    /// The indicators fade 0.5 s after scrolling stops.
    func hideIndicatorsSoon() {
        guard let loop = window?.runLoop else { return }
        if let t = indicatorHide { loop.cancel(t) }
        indicatorHide = loop.schedule(after: .milliseconds(500)) { [weak self] in
            guard let self else { return }
            self.indicatorHide = nil
            View.animate(withDuration: 0.25, animations: {
                self.verticalIndicator.alpha = 0
                self.horizontalIndicator.alpha = 0
            })
        }
    }

    /// Puts `view` (a subview) above the content but below the indicators, moving it only when it
    /// is not there already: floating headers use it every frame without reordering anything.
    package func bringToFrontBelowIndicators(_ view: View) {
        let n = subviews.count
        guard n >= 3, subviews[n - 3] !== view || subviews[n - 2] !== verticalIndicator || subviews[n - 1] !== horizontalIndicator
        else { return }
        guard subviews[n - 1] === horizontalIndicator, subviews[n - 2] === verticalIndicator else { addSubview(view); return }
        // Below the two indicators: counted after `view` leaves its place when it is already here.
        insertSubview(view, at: view.superview === self ? n - 3 : n - 2)
    }

    /// Whether an indicator is showing (for tests and tools).
    public var isShowingIndicators: Bool { verticalIndicator.alpha > 0 || horizontalIndicator.alpha > 0 }
}
