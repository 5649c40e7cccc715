import Geometry

// MARK: Coordinates

extension View {
    /// Converts `point` from this view's coordinates to `view`'s (window coordinates when nil),
    /// with model values.
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = pointToWindow(point)
        guard let view else { return inWindow }
        return view.pointFromWindow(inWindow)
    }

    /// Converts `point` from `view`'s coordinates (window coordinates when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        pointFromWindow(view.map { $0.pointToWindow(point) } ?? point)
    }

    package func pointToWindow(_ p: Point) -> Point {
        var q = p
        var v: View? = self
        while let c = v { q = c.viewLayer.viewPointToSuperview(q); v = c.superview }
        return q
    }

    package func pointFromWindow(_ p: Point) -> Point {
        var chain: [View] = []
        var v: View? = self
        while let c = v { chain.append(c); v = c.superview }
        var q = p
        for c in chain.reversed() {
            guard let inv = c.viewLayer.viewTransformToSuperview.inverted() else { return Point(x: .nan, y: .nan) }
            q = inv.apply(to: q)
        }
        return q
    }
}

// MARK: Safe area

extension View {
    /// Insets of the safe area inside this view (A4): the root view's are the window's; another
    /// view's are how far the window's safe area leaves its bounds on each side, as UIKit computes
    /// them for a view under no view controller (its bounds in window coordinates against the
    /// window's safe rectangle, each inset at most the bounds).
    public var safeAreaInsets: EdgeInsets {
        guard superview != nil else { return rootSafeAreaInsets }
        guard let w = window else { return .zero }
        let wi = w.safeAreaInsets
        guard wi != .zero else { return .zero }
        let b = bounds
        let a = pointToWindow(Point(x: b.minX, y: b.minY)), c = pointToWindow(Point(x: b.maxX, y: b.maxY))
        let minX = min(a.x, c.x), maxX = max(a.x, c.x), minY = min(a.y, c.y), maxY = max(a.y, c.y)
        let size = w.size
        func clamp(_ v: Double, _ limit: Double) -> Double { min(max(0, v), max(0, limit)) }
        return EdgeInsets(top: clamp(wi.top - minY, b.height), left: clamp(wi.left - minX, b.width),
                          bottom: clamp(maxY - (size.height - wi.bottom), b.height),
                          right: clamp(maxX - (size.width - wi.right), b.width))
    }
}
