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
