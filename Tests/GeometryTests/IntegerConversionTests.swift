import Geometry
import Testing

@Suite("MR0 floating point to integer without a trap")
struct IntegerConversionTests {
    @Test("MR0: NaN converts to 0, the infinities and values past the range to the type's bounds, the rest toward zero")
    func MR0_saturatingConversion() {
        #expect(Int32(saturating: Double.nan) == 0)
        #expect(Int32(saturating: Double.infinity) == .max)
        #expect(Int32(saturating: -Double.infinity) == .min)
        #expect(Int32(saturating: 1e300) == .max && Int32(saturating: -1e300) == .min)
        #expect(Int32(saturating: 12.7) == 12 && Int32(saturating: -12.7) == -12)
        #expect(Int32(saturating: 2_147_483_647.0) == .max && Int32(saturating: 2_147_483_646.9) == 2_147_483_646)
        // Int64's bounds are not Doubles: the nearest, 2^63, is past the range.
        #expect(Int64(saturating: 9.3e18) == .max && Int64(saturating: -9.3e18) == .min)
        #expect(Int64(saturating: Double(Int64.max)) == .max && Int64(saturating: Double(Int64.min)) == .min)
        #expect(Int64(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)   // the largest Double below 2^63
        #expect(UInt8(saturating: -3.0) == 0 && UInt8(saturating: 255.9) == 255 && UInt8(saturating: 256.0) == 255)
        #expect(Int(saturating: Float.infinity) == .max && Int(saturating: Float.nan) == 0)
        #expect(Int16(saturating: -0.0) == 0)
        // Doubles convert through Int64 where it holds the type's range; unsigned 64-bit values
        // past Int64's do not, and convert as before.
        #expect(UInt32(saturating: 4_294_967_295.0) == .max && UInt32(saturating: 4_000_000_000.7) == 4_000_000_000)
        #expect(UInt64(saturating: 9_223_372_036_854_777_856.0) == 9_223_372_036_854_777_856)
        #expect(UInt64(saturating: 2e19) == .max && UInt64(saturating: -1.0) == 0)
        #expect(Int8(saturating: -128.9) == -128 && Int8(saturating: 127.5) == 127)
    }

    @Test("MR0: the rounding form rounds first")
    func MR0_saturatingRounded() {
        #expect(Int(saturating: 2.5, rounding: .up) == 3)
        #expect(Int(saturating: -2.5, rounding: .down) == -3)
        #expect(Int(saturating: 2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(Int32(saturating: Double.nan, rounding: .up) == 0)
        #expect(Int32(saturating: 3e9, rounding: .up) == .max)
    }

    @Test("MR0: rectangles, sizes and points say whether a window can place them")
    func MR0_finiteGeometry() {
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).isFinite)
        #expect(!Rect.null.isFinite)
        #expect(!Rect(x: 0, y: .nan, width: 1, height: 1).isFinite)
        #expect(!Size(width: .infinity, height: 1).isFinite && Size(width: 3, height: 4).isFinite)
        #expect(!Point(x: 0, y: -.infinity).isFinite && Point.zero.isFinite)
    }
}
