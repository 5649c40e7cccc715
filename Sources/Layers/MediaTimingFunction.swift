import Motion

/// A timing function that maps an animation's time fraction to its progress, as Core
/// Animation's `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1) whose two inner
/// control points the caller gives, or one of the named functions.
public struct MediaTimingFunction: Sendable, Equatable, CustomStringConvertible {
    /// Core Animation's named timing functions (`CAMediaTimingFunctionName`).
    public enum Name: String, Sendable, CaseIterable {
        /// (0, 0, 1, 1): progress equals the time fraction.
        case linear
        /// (0.42, 0, 1, 1).
        case easeIn
        /// (0, 0, 0.58, 1).
        case easeOut
        /// (0.42, 0, 0.58, 1).
        case easeInEaseOut
        /// (0.25, 0.1, 0.25, 1): what Core Animation uses for implicit layer actions.
        case `default`
    }

    /// The curve, solved for x to 1e-7 (`CubicBezier`).
    public let bezier: CubicBezier

    /// The named function, with Core Animation's control points.
    public init(name: Name) {
        switch name {
        case .linear: bezier = CubicBezier(0, 0, 1, 1)
        case .easeIn: bezier = CubicBezier(0.42, 0, 1, 1)
        case .easeOut: bezier = CubicBezier(0, 0, 0.58, 1)
        case .easeInEaseOut: bezier = CubicBezier(0.42, 0, 0.58, 1)
        case .default: bezier = CubicBezier(0.25, 0.1, 0.25, 1)
        }
    }

    /// A function through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1), as
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`. The x values are clamped to 0...1 (a
    /// Bézier timing curve must be a function of time); y values may overshoot.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(controlPoints: Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }

    /// ``init(controlPoints:_:_:_:)`` with `Double` values.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        bezier = CubicBezier(unit(c1x), finite(c1y), unit(c2x), finite(c2y))
    }

    /// Control point `index` (0...3) as `(x, y)`, as `getControlPoint(at:values:)`.
    public func controlPoint(at index: Int) -> (x: Double, y: Double) {
        switch index {
        case 0: (0, 0)
        case 1: (bezier.x1, bezier.y1)
        case 2: (bezier.x2, bezier.y2)
        default: (1, 1)
        }
    }

    /// Progress at time fraction `x` (0...1); exactly 0 and 1 at the ends.
    @inlinable public func progress(at x: Double) -> Double { bezier.progress(at: x) }

    /// Whether this is the linear function (progress = fraction, no solving needed).
    public var isLinear: Bool { bezier.x1 == bezier.y1 && bezier.x2 == bezier.y2 }

    /// The curve's control points, as `MediaTimingFunction(x1, y1, x2, y2)`.
    public var description: String { "MediaTimingFunction(\(bezier.x1), \(bezier.y1), \(bezier.x2), \(bezier.y2))" }
}
