import Geometry
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
}
