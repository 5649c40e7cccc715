import Foundation
import Testing
import Images
import Timeline
import TimelineSDL
import TimelineTestSupport

/// MR5: a memory warning empties the painter's glyph atlas, textures and cached paths, and an
/// asset catalogue's decoded images; each fills again when next drawn or named.
@Suite("MR5 memory warnings empty the painter's and the images' caches", .endsIdle)
@MainActor
struct PainterMemoryWarningTests {
    @Test("MR5: the painter's caches empty on a warning and fill again on the next frame, drawing the same")
    func MR5_painterCachesEmptyAndRefill() throws {
        let host = makeHost(width: 200, height: 120)
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 120)
        // Through SDL's textures, as a window draws (the image renderer lays images and paths
        // straight into its pixels, with no texture to empty).
        renderer.painter.drawsDirectly = false
        host.window.renderer = renderer
        let label = Label(text: "Memory 漢", fontSize: 18)
        label.translatesAutoresizingMaskIntoConstraints = true
        label.frame = Rect(x: 10, y: 10, width: 180, height: 30)
        host.root.addSubview(label)
        let image = ImageView(image: Image(bitmap: Bitmap(width: 8, height: 8, rgba: [UInt8](repeating: 200, count: 256))))
        image.frame = Rect(x: 10, y: 50, width: 40, height: 40)
        host.root.addSubview(image)
        let card = View(frame: Rect(x: 60, y: 50, width: 100, height: 50))
        card.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
        card.cornerRadius = 12
        host.root.addSubview(card)
        host.runUntilIdle()
        let before = renderer.image()
        let held = renderer.painter.cacheCounts
        #expect(held.glyphs > 0 && held.imageTextures > 0 && held.glyphAtlasSide > 0, "\(held)")
        let uploads = renderer.painter.imageTexturesUploaded

        host.window.simulateMemoryWarning()
        let emptied = renderer.painter.cacheCounts
        #expect(emptied.glyphs == 0 && emptied.glyphFaces == 0 && emptied.glyphAtlasSide == 0, "\(emptied)")
        #expect(emptied.imageTextures == 0 && emptied.imageTextureBytes == 0, "\(emptied)")
        #expect(emptied.shapeTextures == 0 && emptied.discs == 0 && emptied.keptCoverage == 0 && emptied.keptMasks == 0, "\(emptied)")
        host.runUntilIdle()
        let refilled = renderer.painter.cacheCounts
        #expect(refilled.glyphs == held.glyphs && refilled.imageTextures == held.imageTextures, "the next frame fills them again: \(refilled)")
        #expect(renderer.painter.imageTexturesUploaded > uploads, "the image was uploaded again")
        let after = renderer.image()
        #expect(after == before, "drawn the same after the caches were made again")
    }

    @Test("MR5: an asset catalogue registered with the window drops its decoded images on a warning (budget 256 MiB)")
    func MR5_imageAssetsReleased() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mr5-assets-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = try #require(Bitmap(width: 16, height: 16, rgba: [UInt8](repeating: 255, count: 16 * 16 * 4)).pngData())
        try Data(png).write(to: dir.appendingPathComponent("dot.png"))
        let host = makeHost()
        let assets = ImageAssets(directory: dir.path)
        #expect(assets.cacheLimit == 256 << 20)
        host.window.releasesOnMemoryWarning(assets)
        #expect(assets.image(named: "dot") != nil)
        #expect(assets.cachedBytes == 16 * 16 * 4 && assets.decodeCount == 1)
        host.window.simulateMemoryWarning()
        #expect(assets.cachedBytes == 0)
        #expect(assets.image(named: "dot") != nil)
        #expect(assets.decodeCount == 2 && assets.cachedBytes == 16 * 16 * 4)
        host.runUntilIdle()
    }
}
