import Timeline

/// Whether `a` and `b` differ by at most `tolerance`.
public func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether two rectangles agree component by component within `tolerance`.
public func isClose(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.minX, b.minX, tolerance) && isClose(a.minY, b.minY, tolerance)
        && isClose(a.width, b.width, tolerance) && isClose(a.height, b.height, tolerance)
}

/// Whether two colours agree channel by channel within `tolerance` (0...1 per channel).
public func isClose(_ a: Color, _ b: Color, _ tolerance: Double = 2.5 / 255) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
        && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
}
