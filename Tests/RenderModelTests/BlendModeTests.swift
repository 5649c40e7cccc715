import RenderModel
import Testing

/// CA10: blend modes' functions, as W3C Compositing and Blending Level 1 writes them, at values
/// worked out by hand; and the composite of a pixel over another by source-over with blending.
@Suite("CA10 blend mode functions")
struct BlendModeTests {
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }
    func near(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Bool { near(a.x, b.x) && near(a.y, b.y) && near(a.z, b.z) }

    @Test("CA10: each separable mode's B(Cb, Cs) at a dark and a light backdrop", arguments: [
        (BlendMode.normal, 0.25, 0.75, 0.75, 0.75),
        (.multiply, 0.25, 0.5, 0.125, 0.375),
        (.screen, 0.25, 0.5, 0.625, 0.875),
        (.overlay, 0.25, 0.5, 0.25, 0.75),          // 2·Cb·Cs below half; screen(Cs, 2Cb - 1) above
        (.darken, 0.25, 0.5, 0.25, 0.5),
        (.lighten, 0.25, 0.5, 0.5, 0.75),
        (.colorDodge, 0.25, 0.5, 0.5, 1),           // Cb / (1 - Cs), at most 1
        (.colorBurn, 0.25, 0.5, 0, 0.5),            // 1 - (1 - Cb) / Cs, at least 0
        (.hardLight, 0.25, 0.75, 0.625, 0.875),     // screen(Cb, 2Cs - 1) with Cs above half
        (.softLight, 0.25, 0.75, 0.375, 0.75 + 0.5 * (0.75.squareRoot() - 0.75)),
        (.difference, 0.25, 0.5, 0.25, 0.25),
        (.exclusion, 0.25, 0.5, 0.5, 0.5),
        (.add, 0.25, 0.5, 0.75, 1),
        (.hardMix, 0.25, 0.5, 0, 1),
    ])
    func CA10_separable(_ mode: BlendMode, _ dark: Double, _ cs: Double, _ overDark: Double, _ overLight: Double) {
        #expect(mode.isSeparable)
        #expect(near(mode.blend(backdrop: dark, source: cs), overDark), "\(mode) over \(dark)")
        #expect(near(mode.blend(backdrop: 1 - dark, source: cs), overLight), "\(mode) over \(1 - dark)")
    }

    @Test("CA10: hue, saturation, colour and luminosity keep the backdrop's luminosity or take the source's")
    func CA10_nonSeparable() {
        let red = SIMD3<Double>(1, 0, 0), grey = SIMD3<Double>(0.5, 0.5, 0.5), teal = SIMD3<Double>(0.2, 0.6, 0.6)
        func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
        for mode in [BlendMode.hue, .saturation, .color, .luminosity] { #expect(!mode.isSeparable) }
        // Colour: the source's hue and saturation at the backdrop's luminosity.
        let colored = BlendMode.color.blend(backdrop: grey, source: red)
        #expect(near(lum(colored), 0.5) && colored.x > colored.y && near(colored.y, colored.z))
        // Luminosity: the backdrop's colour at the source's luminosity.
        #expect(near(lum(BlendMode.luminosity.blend(backdrop: teal, source: grey)), 0.5))
        // Saturation of a grey source: no saturation left, the backdrop's luminosity.
        #expect(near(BlendMode.saturation.blend(backdrop: teal, source: grey), SIMD3(repeating: lum(teal))))
        // Hue over a grey backdrop: a grey has no saturation to keep.
        #expect(near(BlendMode.hue.blend(backdrop: grey, source: red), grey))
    }

    @Test("CA10: a composite over an opaque backdrop mixes B by the source's alpha; over nothing it is the source")
    func CA10_composite() {
        let cs = SIMD3<Double>(0.2, 0.6, 1.0), cb = SIMD3<Double>(0.8, 0.4, 0.2)
        // Half-transparent source (premultiplied): o·B + (1 - o)·Cb.
        let (c, a) = BlendMode.screen.composite(source: cs * 0.5, sourceAlpha: 0.5, over: cb, backdropAlpha: 1)
        #expect(near(a, 1) && near(c, 0.5 * (cb + cs - cb * cs) + 0.5 * cb))
        let (alone, alpha) = BlendMode.multiply.composite(source: cs * 0.5, sourceAlpha: 0.5, over: .zero, backdropAlpha: 0)
        #expect(near(alone, cs * 0.5) && near(alpha, 0.5))
        let (kept, keptAlpha) = BlendMode.multiply.composite(source: .zero, sourceAlpha: 0, over: cb * 0.5, backdropAlpha: 0.5)
        #expect(near(kept, cb * 0.5) && near(keptAlpha, 0.5))
    }
}
