// Floating point to integer without a trap (MR0). Swift's `Int(x)` traps when `x` is NaN,
// infinite or past the type's range; geometry reaching a window (a view scaled to nothing, a
// runaway animation, a text field scrolled out of sight, an infinite font size) can be any of
// these, so every conversion on the input, layout and drawing paths goes through this one.

extension FixedWidthInteger {
    /// `value` rounded toward zero as `Int(value)` does, with NaN as 0 and values past the
    /// type's range (the infinities included) as its nearest bound: never a trap.
    ///
    /// ```swift
    /// Int32(saturating: 12.7)       // 12
    /// Int32(saturating: .infinity)  // Int32.max
    /// Int32(saturating: Double.nan) // 0
    /// ```
    @inlinable @inline(__always)
    public init<Source: BinaryFloatingPoint>(saturating value: Source) {
        // `Source(Self.max)` rounds up to the next power of two when the type is wider than the
        // significand (Int64 in Double): anything at or past it is out of range, anything below
        // converts exactly.
        if value.isNaN {
            self = 0
        } else if value <= Source(Self.min) {
            self = .min
        } else if value >= Source(Self.max) {
            self = .max
        } else if Source.self == Double.self, Self.bitWidth < 64 || Self.isSigned {
            // In range, so it fits an Int64: the concrete conversion is one instruction, where
            // the generic one is a call into the standard library's `_convert(from:)` (LT11).
            self.init(truncatingIfNeeded: Int64(unsafeBitCast(value, to: Double.self)))
        } else {
            self.init(value)
        }
    }

    /// `value` rounded by `rule` and then converted as ``init(saturating:)`` does.
    @inlinable @inline(__always)
    public init<Source: BinaryFloatingPoint>(saturating value: Source, rounding rule: FloatingPointRoundingRule) {
        self.init(saturating: value.rounded(rule))
    }
}

extension Rect {
    /// Whether every coordinate is finite (not NaN, not infinite): a rectangle a window can place.
    @inlinable public var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}

extension Size {
    /// Whether both sides are finite (not NaN, not infinite).
    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }
}

extension Point {
    /// Whether both coordinates are finite (not NaN, not infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}
