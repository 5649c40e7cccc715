import CSDL2
import Geometry
@testable import TimelineSDL
import Testing
import Timeline
import TimelineTestSupport

/// MR0 on the window's side: what reaches SDL as integers (the input method's caret rectangle,
/// window sizes, pixels) is clamped or refused, never trapped on, and a display list with
/// non-finite geometry paints what is finite in it.
@MainActor
@Suite("MR0 no trap on the window's integer paths", .endsIdle)
struct NoTrapPaintingTests {
    @Test("MR0: the caret rectangle for the input method: none for a null, missing or non-finite one; whole and clamped otherwise")
    func MR0_inputMethodRect() throws {
        #expect(SDLWindowHost.inputMethodRect(for: nil) == nil)
        #expect(SDLWindowHost.inputMethodRect(for: .null) == nil)                    // a field outside the window
        for bad in [Rect(x: .infinity, y: 0, width: 1, height: 1), Rect(x: 0, y: .nan, width: 1, height: 1),
                    Rect(x: 0, y: 0, width: .infinity, height: 1), Rect(x: 0, y: 0, width: 1, height: -.infinity)] {
            #expect(SDLWindowHost.inputMethodRect(for: bad) == nil, "caret \(bad)")
        }
        let r = try #require(SDLWindowHost.inputMethodRect(for: Rect(x: 10.4, y: 20.6, width: 0.2, height: 18)))
        #expect(r.x == 10 && r.y == 21 && r.w == 1 && r.h == 18)
        let huge = try #require(SDLWindowHost.inputMethodRect(for: Rect(x: 1e300, y: -1e300, width: 1e300, height: 5)))
        #expect(huge.x == 1 << 26 && huge.y == -(1 << 26) && huge.w == 1 << 26 && huge.h == 5)
    }

    @Test("MR0: a device coordinate is rounded as the standard library rounds it, clamped to ±2²⁶, never trapped on")
    func MR0_pixelRounding() {
        let rules: [FloatingPointRoundingRule] = [.down, .up, .toNearestOrAwayFromZero, .toNearestOrEven, .towardZero]
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                1e-300, -1e-300, 0.9999999999999999, -0.9999999999999999, 3, -3,
                                67_108_863.5, -67_108_863.5, 67_108_864.25, -67_108_864.25, 1e300, -1e300,
                                .infinity, -.infinity, .nan, Double(Int32.max) * 4, -Double(Int32.max) * 4]
        // Values on a grid of 1/64 and off it, around zero and whole numbers.
        var state: UInt64 = 68
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let v = Double(Int64(bitPattern: state) >> 40) / 997
            values.append(v); values.append((v * 64).rounded() / 64); values.append(v.rounded() + 0.5)
        }
        for v in values {
            for rule in rules {
                let expected: Int32 = v.isNaN ? 0 : v == .infinity ? 1 << 26 : v == -.infinity ? -(1 << 26)
                    : Int32(max(-67_108_864, min(67_108_864, v.rounded(rule))))
                #expect(pixel(v, rule) == expected, "\(v) rounded \(rule)")
            }
        }
    }

    @Test("MR0: window sizes asked of SDL are whole points from 1 to SDL's largest side, NaN as 1")
    func MR0_windowDimensions() {
        func dims(_ w: Double, _ h: Double) -> [Int32] {
            let d = SDLWindowHost.windowDimensions(for: Size(width: w, height: h))
            return [d.width, d.height]
        }
        #expect(dims(800, 600) == [800, 600])
        #expect(dims(800.4, 600.6) == [800, 601])
        #expect(dims(0, -20) == [1, 1])
        #expect(dims(.nan, .infinity) == [1, SDLWindowHost.maximumWindowSide])
        #expect(dims(1e12, -.infinity) == [SDLWindowHost.maximumWindowSide, 1])
    }

    @Test("MR0: layers with NaN or infinite bounds, positions, opacity, radii, shadows and paths paint the rest of the window")
    func MR0_nonFiniteLayersPainted() throws {
        let host = makeHost(width: 64, height: 48)
        host.window.rootView.backgroundColor = .black
        let holder = View(frame: Rect(x: 20, y: 0, width: 40, height: 40))
        host.root.addSubview(holder)
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300]
        for (k, v) in values.enumerated() {
            let l = Layer()
            l.bounds = Rect(x: v, y: 0, width: 10, height: v)
            l.position = Point(x: 5, y: v)
            l.backgroundColor = Color(red: 1, green: 0, blue: 0)
            l.opacity = k % 2 == 0 ? v : 1
            l.cornerRadius = v
            l.borderWidth = v
            l.borderColor = .white
            l.shadowOpacity = 1
            l.shadowRadius = v
            l.shadowOffset = Size(width: v, height: v)
            holder.layer.addSublayer(l)
            let t = Layer()
            t.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            t.backgroundColor = Color(red: 0, green: 1, blue: 0)
            t.transform = Transform3D(m11: v, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                      m31: 0, m32: 0, m33: 1, m34: v, m41: 0, m42: 0, m43: 0, m44: 1)
            holder.layer.addSublayer(t)
            let s = ShapeLayer()
            var p = Path()
            p.move(to: Point(x: 0, y: 0))
            p.addLine(to: Point(x: v, y: 10))
            p.addLine(to: Point(x: 10, y: v))
            p.addArc(center: Point(x: 5, y: 5), radius: v, startAngle: 0, endAngle: v, clockwise: false)
            s.path = p
            s.lineWidth = v
            s.strokeColor = .white
            s.fillColor = Color(red: 0, green: 0, blue: 1)
            holder.layer.addSublayer(s)
        }
        // Text at an infinite size and glyphs at infinite positions.
        let label = Label(text: "Ag", fontSize: 15)
        label.font = Font(name: label.font.fontName, size: .infinity)
        label.translatesAutoresizingMaskIntoConstraints = true
        label.frame = Rect(x: 0, y: 20, width: 60, height: 20)
        host.root.addSubview(label)
        let far = Label(text: "far", fontSize: 15)
        far.translatesAutoresizingMaskIntoConstraints = true
        far.frame = Rect(x: .infinity, y: .nan, width: 60, height: 20)
        host.root.addSubview(far)
        // In front of the rest (a finite 1e300 path fills everything behind it).
        let good = View(frame: Rect(x: 0, y: 0, width: 16, height: 16))
        good.backgroundColor = .white
        host.root.addSubview(good)
        host.runUntilIdle()
        let image = try ImageRenderer(pixelWidth: 64, pixelHeight: 48)
        image.render(host.window.displayList)
        let pixels = image.image()
        #expect(pixels.color(x: 8, y: 8) == .white)                          // the finite view painted
        // And again, scaled: device pixels from the same bad geometry.
        host.window.scale = 2
        host.runUntilIdle()
        let doubled = try ImageRenderer(pixelWidth: 128, pixelHeight: 96)
        doubled.render(host.window.displayList)
        #expect(doubled.image().color(x: 16, y: 16) == .white)
    }

    @Test("MR0: colours and opacities that are NaN paint as transparent, not a trap")
    func MR0_nonFiniteColours() throws {
        var list = DisplayList()
        list.size = Size(width: 8, height: 8)
        list.background = Color(red: .nan, green: 0, blue: 0, alpha: 1)
        list.commands.append(.fillShape(Path(ellipseIn: Rect(x: 0, y: 0, width: 8, height: 8)),
                                        .color(Color(red: .nan, green: .infinity, blue: -.infinity, alpha: .nan)), .nonZero))
        let image = try ImageRenderer(pixelWidth: 8, pixelHeight: 8)
        image.render(list)
        #expect(byte(.nan) == 0 && byte(.infinity) == 255 && byte(-.infinity) == 0 && byte(0.5) == 128)
        #expect(image.renderedFrames == 1)
    }

    @Test("MR1: a glyph taller than the glyph atlas grows the atlas instead of starting it over forever")
    func MR1_glyphLargerThanTheAtlas() throws {
        let host = makeHost(width: 600, height: 400)
        let big = Label(text: "Wg", fontSize: 300)
        big.textColor = Color(red: 1, green: 0, blue: 0)
        big.translatesAutoresizingMaskIntoConstraints = true
        big.frame = Rect(x: 0, y: 0, width: 600, height: 400)
        host.root.addSubview(big)
        host.runUntilIdle()
        let image = try ImageRenderer(pixelWidth: 600, pixelHeight: 400)
        image.render(host.window.displayList)
        let counts = image.painter.cacheCounts
        #expect(counts.glyphs >= 1 && counts.glyphAtlasSide > 256, "\(counts)")
        var ink = 0
        let pixels = image.image()
        for y in stride(from: 0, to: 400, by: 4) { for x in stride(from: 0, to: 600, by: 4) where pixels.color(x: x, y: y).red > 0.7 && pixels.color(x: x, y: y).green < 0.3 { ink += 1 } }
        #expect(ink > 100, "the glyphs drew \(ink) sampled pixels")
    }
}
