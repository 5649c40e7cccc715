import Geometry
import RenderModel
@testable import TimelineSDL
import Testing
import Timeline

/// LT11: an opaque shape's runs of wholly covered pixels are filled at once, their ends found
/// eight coverage values at a time (lottie-android's `moving_bus.json` spent more time looking
/// for the ends one by one than filling). Every run length around the stride of eight, and runs
/// broken by a hole, draw what the pixel-by-pixel rule gives.
@MainActor
@Suite("LT11 runs of whole pixels in opaque shapes")
struct LottieSolidRunTests {
    static let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 1)

    @Test("LT11 each row's run of whole pixels, 0 to 40 long, is filled exactly; half-covered ends are blended")
    func LT11_runsOfWholePixels() throws {
        var list = DisplayList()
        list.size = Size(width: 64, height: 48)
        list.background = .clear
        // Row k: from x = 0.5 to k + 1.5, so pixels 1...k are whole and pixels 0 and k + 1 half.
        for k in 0...40 {
            list.commands.append(.fillShape(Path(rect: Rect(x: 0.5, y: Double(k), width: Double(k) + 1, height: 1)), .color(Self.orange), .nonZero))
        }
        // Row 42 and 43: a run broken by a hole (even-odd), pixels 1...9 and 13...29 whole.
        var holed = Path(rect: Rect(x: 0.5, y: 42, width: 30, height: 2))
        for element in Path(rect: Rect(x: 10, y: 42, width: 3, height: 2)).elements {
            switch element {
            case .move(let p): holed.move(to: p)
            case .line(let p): holed.addLine(to: p)
            case .curve(let c1, let c2, let p): holed.addCurve(to: p, control1: c1, control2: c2)
            case .close: holed.close()
            }
        }
        list.commands.append(.fillShape(holed, .color(Self.orange), .evenOdd))
        let renderer = try ImageRenderer(pixelWidth: 64, pixelHeight: 48)
        renderer.render(list)
        let image = renderer.image()
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.bytes[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4]) }
        let whole: [UInt8] = [255, 128, 0, 255]
        for k in 0...40 {
            for x in 1...max(1, k) where k > 0 { #expect(pixel(x, k) == whole, "row \(k), pixel \(x)") }
            for x in [0, k + 1] { #expect(abs(Int(pixel(x, k)[3]) - 128) <= 1, "row \(k), edge \(x): \(pixel(x, k))") }
            #expect(pixel(k + 2, k)[3] == 0, "row \(k) past its end")
        }
        for y in 42...43 {
            for x in Array(1...9) + Array(13...29) { #expect(pixel(x, y) == whole, "holed row \(y), pixel \(x)") }
            for x in 10...12 { #expect(pixel(x, y)[3] == 0, "the hole, row \(y), pixel \(x)") }
        }
    }
}

/// LT11: a masked group's coverage is turned into bytes eight values at a time; every value,
/// NaN and the infinities included, gives the byte the one-by-one rule gives.
@Suite("LT11 mask coverage as bytes")
struct LottieMaskBytesTests {
    /// The one-by-one rule: 0...1 times 255, rounded half up; NaN and below reads 0.
    static func byte(_ t: Float) -> UInt8 {
        let v = t * 255 + 0.5
        return v >= 1 ? (v < 255 ? UInt8(truncatingIfNeeded: Int32(v)) : 255) : 0
    }

    @Test("LT11 bytes of every half step, the values between them, the ends and NaN, at every length")
    func LT11_maskCoverageBytes() {
        var values: [Float] = [.nan, .infinity, -.infinity, -1, -0.0, 0, 1, 2, 1e30, -1e30, .ulpOfOne, 0.999_999]
        for k in 0...510 {
            let t = Float(k) / 2 / 255
            values += [t, t.nextUp, t.nextDown, (Float(k) / 2 + 0.25) / 255]
        }
        #expect(DisplayListPainter.bytes(values) == values.map(Self.byte))
        for n in 0...20 {
            let part = Array(values.suffix(n))
            #expect(DisplayListPainter.bytes(part) == part.map(Self.byte), "\(n) values")
        }
    }
}

/// LT11: pixels a shape leaves uncovered inside a row's extent (a ring's hole) are passed eight
/// at a time by the compositor, opaque or translucent: they keep what is under them.
@MainActor
@Suite("LT11 holes passed in shapes")
struct LottieHoleTests {
    @Test("LT11 a ring's hole keeps the background, its band is the colour, opaque and translucent")
    func LT11_ringHolesKeepTheBackground() throws {
        for alpha in [1.0, 0.5] {
            var list = DisplayList()
            list.size = Size(width: 64, height: 12)
            list.background = Color(red: 0, green: 0, blue: 1, alpha: 1)
            var ring = Path(rect: Rect(x: 0, y: 0, width: 60, height: 10))
            for element in Path(rect: Rect(x: 5, y: 2, width: 43, height: 6)).elements {
                switch element {
                case .move(let p): ring.move(to: p)
                case .line(let p): ring.addLine(to: p)
                case .curve(let c1, let c2, let p): ring.addCurve(to: p, control1: c1, control2: c2)
                case .close: ring.close()
                }
            }
            list.commands.append(.fillShape(ring, .color(Color(red: 1, green: 0, blue: 0, alpha: alpha)), .evenOdd))
            let renderer = try ImageRenderer(pixelWidth: 64, pixelHeight: 12)
            renderer.render(list)
            let image = renderer.image()
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.bytes[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4]) }
            let band: [UInt8] = alpha == 1 ? [255, 0, 0, 255] : [128, 0, 127, 255]
            for y in 2..<8 {
                for x in 0..<60 {
                    let inHole = (5..<48).contains(x)
                    let p = pixel(x, y)
                    if inHole { #expect(p == [0, 0, 255, 255], "alpha \(alpha), hole pixel \(x), \(y): \(p)") }
                    else { #expect(p.enumerated().allSatisfy { abs(Int($1) - Int(band[$0])) <= 1 }, "alpha \(alpha), band pixel \(x), \(y): \(p)") }
                }
            }
        }
    }
}

/// LT11: a shape's edge pixels are blended eight at a time; each gives the byte the
/// pixel-by-pixel rule gives, for any coverage (NaN, the infinities, above 1), colour, alpha
/// and premultiplied destination.
@Suite("LT11 edge pixels eight at a time")
struct LottieEdgeBlendTests {
    @Test("LT11 blend of eight pixels matches over(pixel(...)) pixel by pixel")
    func LT11_edgePixelsBlendAsOneByOne() {
        var g = SystemRandomNumberGenerator()
        let specials: [Float] = [.nan, .infinity, -.infinity, -0.5, 0, -0.0, 1, 1.5, 0.001, 0.999_9, 1.0 / 510, 0.5]
        for round in 0..<4_000 {
            let (r, gr, b) = (UInt32.random(in: 0...255, using: &g), UInt32.random(in: 0...255, using: &g), UInt32.random(in: 0...255, using: &g))
            let a: Float = [255, 254.6, 200.25, 128, 1.5, 0.75][round % 6]
            var v = SIMD8<Float>(), d = SIMD8<UInt32>()
            for i in 0..<8 {
                v[i] = Int.random(in: 0..<4, using: &g) == 0 ? specials.randomElement(using: &g)! : Float.random(in: 0...1, using: &g)
                let da = UInt32.random(in: 0...255, using: &g)
                d[i] = da << 24 | UInt32.random(in: 0...da, using: &g) << 16 | UInt32.random(in: 0...da, using: &g) << 8 | UInt32.random(in: 0...da, using: &g)
            }
            let solid = 0xFF00_0000 | r << 16 | gr << 8 | b
            let out = unsafeBitCast(Premultiplied.blend(unsafeBitCast(SIMD8<UInt32>(repeating: solid), to: Premultiplied.Lanes.self), coverage: v, times: a,
                                                        onto: unsafeBitCast(d, to: Premultiplied.Lanes.self)), to: SIMD8<UInt32>.self)
            for i in 0..<8 {
                let c = v[i]
                let alpha: UInt32 = c >= 1 ? UInt32(min(255, a + 0.5)) : (c > 0 ? UInt32(min(255, c * a + 0.5)) : 0)
                let expected = alpha == 0 ? d[i] : Premultiplied.over(Premultiplied.pixel(r, gr, b, alpha: alpha), alpha: alpha, onto: d[i])
                #expect(out[i] == expected, "coverage \(c), a \(a), colour \(solid), under \(d[i])")
            }
        }
    }
}

/// LT11: the painter's caches hash a path by a sample of its elements and the transform,
/// folded into one 64-bit digest (SipHash over every coordinate cost about 1,000 instructions a
/// lookup). Keys equal as numbers hash equal; a change inside the sample changes the hash.
@Suite("LT11 path sample digests")
struct LottiePathDigestTests {
    static func hash(_ p: Path, _ t: AffineTransform = .identity) -> Int {
        var h = Hasher()
        p.hashSample(into: &h, transform: t)
        return h.finalize()
    }

    static func polygon(_ points: [Point]) -> Path {
        var p = Path()
        p.move(to: points[0])
        for q in points.dropFirst() { p.addLine(to: q) }
        p.close()
        return p
    }

    @Test("LT11 equal paths and transforms hash equal, -0 as 0; a moved end point or a moved transform does not")
    func LT11_pathSampleDigest() {
        let a = Self.polygon([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5), Point(x: 0, y: 5)])
        let b = Self.polygon([Point(x: -0.0, y: 0), Point(x: 10, y: -0.0), Point(x: 10, y: 5), Point(x: 0, y: 5)])
        #expect(a == b)
        #expect(Self.hash(a) == Self.hash(b))
        let t = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 3, ty: -0.0)
        #expect(Self.hash(a, t) == Self.hash(b, AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 3, ty: 0)))
        let moved = Self.polygon([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5), Point(x: 0, y: 5.5)])
        #expect(Self.hash(moved) != Self.hash(a))
        #expect(Self.hash(a, t) != Self.hash(a, AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 3, ty: 1)))
        #expect(Self.hash(a, t) != Self.hash(a))
        // Elements past the sample (the first and last four) are not hashed; keys compare them.
        var long = (0..<20).map { Point(x: Double($0), y: Double($0 % 3)) }
        let first = Self.polygon(long)
        long[10].y += 1
        #expect(Self.hash(first) == Self.hash(Self.polygon(long)) && first != Self.polygon(long))
    }
}
