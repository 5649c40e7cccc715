import Geometry
import TextEngine
import RenderModel
import Testing
import TimelineTestSupport
import Timeline
@testable import TimelineSDL

/// TX reach: a steady frame of unchanged labels shapes nothing and rasterises no glyph.
@Suite("TX5 steady labels")
@MainActor
struct SteadyTextTests {
    @Test("TX5: 200 unchanged labels under a veil that changes every frame: after the first frames, no shaping and no glyph rasterisation")
    func TX5_steadyLabelsDoNoTextWork() throws {
        let size = Size(width: 640, height: 360)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let host = HeadlessHost(size: size)
        host.window.renderer = image
        for i in 0..<200 {
            let label = Label(text: "label \(i) héllo שלום", fontSize: 11)
            label.translatesAutoresizingMaskIntoConstraints = true
            label.frame = Rect(x: Double(i % 8) * 80, y: Double(i / 8) * 14, width: 78, height: 14)
            host.root.addSubview(label)
        }
        let veil = View(frame: Rect(origin: .zero, size: size))
        veil.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.1)
        host.root.addSubview(veil)
        host.step(frames: 5)
        let shaped = host.window.fontSystem.shapingCount, rasterized = image.painter.glyphsRasterized
        #expect(shaped > 0 && rasterized > 0, "the first frames did the work")
        for k in 0..<30 {
            veil.backgroundColor = Color(red: 0, green: 0, blue: Double(k % 2), alpha: 0.1)
            host.step()
        }
        #expect(host.window.fontSystem.shapingCount == shaped)
        #expect(image.painter.glyphsRasterized == rasterized)
    }

    @Test("TX5: the software renderer draws each glyph's texels as FreeType rasterised them (no column doubled or lost)")
    func TX5_glyphInkAsRasterised() throws {
        let fonts = try FontSystem()
        let run = TextLayout("Timeline", style: TextStyle(font: .systemFont(ofSize: 26), color: .white), in: fonts).lines[0].runs[0]
        let image = try ImageRenderer(pixelWidth: 200, pixelHeight: 60)
        var list = DisplayList()
        list.size = Size(width: 200, height: 60)
        list.background = .clear
        var drawn = 0.0, rasterised = 0.0
        for (i, glyph) in run.glyphs.enumerated() {
            // One glyph at a time at its pen, so each image holds that glyph alone.
            let one = GlyphRun(face: run.face, size: run.size, glyphs: [glyph], positions: [run.positions[i]], color: .white)
            list.commands = [.glyphs(one, at: Point(x: 5, y: 5))]
            image.render(list)
            let pixels = image.image()
            var ink = 0.0
            for p in 0..<(200 * 60) { ink += Double(pixels.bytes[p * 4 + 3]) / 255 }
            let x = 5 + run.positions[i].x
            let phase = (((x - x.rounded(.down)) * 4).rounded() / 4).truncatingRemainder(dividingBy: 1)
            let bitmap = run.face.rasterize(glyph: glyph, pixelSize: 26, subpixel: phase)
            let coverage = bitmap?.pixels.reduce(0.0) { $0 + Double($1) / 255 } ?? 0
            #expect(abs(ink - coverage) < 1e-6, "glyph \(i): \(ink) drawn, \(coverage) rasterised")
            drawn += ink
            rasterised += coverage
        }
        #expect(rasterised > 100 && abs(drawn - rasterised) < 1e-6)
    }

    @Test("TX5: white and tinted text taking turns copy from a texture per modulation state, the picture unchanged from paint to paint")
    func TX5_glyphCopiesByModulationState() throws {
        let fonts = try FontSystem()
        let white = TextLayout("Row 12", style: TextStyle(font: .systemFont(ofSize: 16), color: .white), in: fonts).lines[0].runs[0]
        let grey = Color(red: 0.6, green: 0.63, blue: 0.7)
        var list = DisplayList()
        list.size = Size(width: 200, height: 120)
        list.background = Color(red: 0.1, green: 0.1, blue: 0.1)
        for row in 0..<5 {
            let y = Double(row) * 22 + 4
            list.commands.append(.glyphs(white, at: Point(x: 4, y: y)))
            list.commands.append(.glyphs(GlyphRun(face: white.face, size: white.size, glyphs: white.glyphs,
                                                  positions: white.positions, color: grey), at: Point(x: 100, y: y)))
        }
        let image = try ImageRenderer(pixelWidth: 200, pixelHeight: 120)
        image.render(list)
        let first = image.image().bytes
        let painter = image.painter
        #expect(painter.glyphCopyStates == 0b11)
        #expect(painter.glyphCopyAtlases[0] != nil && painter.glyphCopyAtlases[1] != nil)
        #expect(painter.glyphCopyAtlases[0] != painter.glyphCopyAtlases[1])
        let rasterised = painter.glyphsRasterized
        image.render(list)
        #expect(image.image().bytes == first)
        #expect(painter.glyphsRasterized == rasterised, "a steady paint neither rasterises nor starts the atlas over")
    }
}
