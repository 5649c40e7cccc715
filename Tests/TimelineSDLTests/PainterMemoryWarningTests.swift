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
        let held = renderer.painter.cacheEntryCount
        #expect(held > 0)
        let uploads = renderer.painter.imageTexturesUploaded

        host.window.simulateMemoryWarning()
        #expect(renderer.painter.cacheEntryCount == 0)
        host.runUntilIdle()
        #expect(renderer.painter.cacheEntryCount > 0, "the next frame draws and fills them again")
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
