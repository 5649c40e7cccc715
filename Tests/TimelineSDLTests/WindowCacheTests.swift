import Foundation
import Geometry
import Images
import TimelineSDL
import Testing
import TimelineTestSupport
import Timeline

/// MR1: what the window path holds for a page (uploaded images, glyphs, kept shapes, corner
/// discs, mask coverage) goes when the page goes, under a real SDL window on Xvfb.
@MainActor
@Suite("MR1 the window's caches after a page leaves", .serialized, .tags(.xvfb))
struct WindowCacheTests {
    /// A page of the kinds the painter caches: decoded images (one a template), text in a size
    /// of its own, rounded views in colours of their own, a shadowed view and a masked view.
    static func makePage(in frame: Rect) -> (page: View, watched: [AnyObject]) {
        let page = View(frame: frame)
        var watched: [AnyObject] = [page]
        for k in 0..<4 {
            var rgba = [UInt8](repeating: 0, count: 64 * 48 * 4)
            for i in stride(from: 0, to: rgba.count, by: 4) { rgba[i] = UInt8(40 * k); rgba[i + 1] = 200; rgba[i + 2] = 90; rgba[i + 3] = 255 }
            let bitmap = Bitmap(width: 64, height: 48, rgba: rgba)
            let image = ImageView(image: Image(bitmap: bitmap, renderingMode: k == 3 ? .alwaysTemplate : .automatic))
            image.frame = Rect(x: 10 + Double(k) * 70, y: 10, width: 64, height: 48)
            page.addSubview(image)
            watched += [bitmap, image]
        }
        let label = Label(text: "Glyphs only this page draws: ÆØÅ ŋ ʃ 0123456789", fontSize: 27)
        label.translatesAutoresizingMaskIntoConstraints = true
        label.frame = Rect(x: 10, y: 70, width: 380, height: 40)
        page.addSubview(label)
        for k in 0..<3 {
            let card = View(frame: Rect(x: 10 + Double(k) * 90, y: 120, width: 80, height: 50))
            card.backgroundColor = Color(red: 0.2 + 0.3 * Double(k), green: 0.3, blue: 0.7)
            card.cornerRadius = 9 + Double(k)
            page.addSubview(card)
        }
        let shadowed = View(frame: Rect(x: 290, y: 120, width: 60, height: 50))
        shadowed.backgroundColor = Color(red: 0.9, green: 0.8, blue: 0.2)
        shadowed.layer.shadowOpacity = 0.6
        shadowed.layer.shadowRadius = 6
        page.addSubview(shadowed)
        let masked = View(frame: Rect(x: 10, y: 180, width: 120, height: 60))
        masked.backgroundColor = Color(red: 0.3, green: 0.8, blue: 0.9)
        let mask = View(frame: Rect(x: 0, y: 0, width: 120, height: 60))
        mask.backgroundColor = .black
        mask.cornerRadius = 30
        masked.mask = mask
        page.addSubview(masked)
        watched += [label, shadowed, masked, mask]
        return (page, watched)
    }

    @Test("MR1: a page's textures, glyphs, shapes and discs leave the painter's caches when the page is removed and freed")
    func MR1_windowCachesReturnAfterPageLeaves() throws {
        try onPrivateDisplay {
            let host = try SDLWindowHost(title: "caches", size: Size(width: 400, height: 300), software: true)
            let base = Label(text: "base", fontSize: 14)
            base.translatesAutoresizingMaskIntoConstraints = true
            base.frame = Rect(x: 4, y: 270, width: 100, height: 20)
            host.window.rootView.addSubview(base)
            var before: DisplayListPainter.CacheCounts?
            var shown: DisplayListPainter.CacheCounts?
            var after: DisplayListPainter.CacheCounts?
            var watched: [WeakReference] = []
            // A moving dot keeps frames painting while the caches' sweep (every 120 paints) runs.
            let ticker = View(frame: Rect(x: 380, y: 280, width: 4, height: 4))
            ticker.backgroundColor = .white
            host.window.rootView.addSubview(ticker)
            _ = host.runLoop.addFrameObserver { info in ticker.frame.origin.x = 370 + Double(info.index % 20) }
            // Before: the base page after one sweep has settled its caches.
            _ = host.runLoop.schedule(after: .milliseconds(2_300)) {
                before = host.painter.cacheCounts
                let made = Self.makePage(in: Rect(x: 0, y: 0, width: 400, height: 260))
                host.window.rootView.addSubview(made.page)
                watched = made.watched.map(WeakReference.init)
            }
            _ = host.runLoop.schedule(after: .milliseconds(2_800)) {
                shown = host.painter.cacheCounts
                host.window.rootView.subviews.first { $0 !== base && $0 !== ticker }?.removeFromSuperview()
            }
            // Two sweeps later, everything the page alone used is idle past its limit.
            _ = host.runLoop.schedule(after: .milliseconds(7_800)) {
                after = host.painter.cacheCounts
                host.runLoop.stop()
            }
            host.run()
            let b = try #require(before), s = try #require(shown), a = try #require(after)
            // The page did fill the caches (else the test proves nothing)...
            #expect(s.imageTextures >= b.imageTextures + 4, "\(s)")
            #expect(s.glyphs > b.glyphs && s.discs > b.discs, "\(s)")
            // ...its objects are freed...
            let alive = watched.filter { $0.isAlive }.count
            #expect(alive == 0, "still alive: \(describeAlive(watched))")
            // ...and what the painter held for it is gone.
            #expect(a.imageTextures == b.imageTextures && a.imageTextureBytes == b.imageTextureBytes, "before \(b); after \(a)")
            #expect(a.glyphs <= b.glyphs + 4 && a.glyphFaces <= b.glyphFaces, "before \(b); after \(a)")
            #expect(a.shapeTextures <= b.shapeTextures && a.discs <= b.discs && a.keptMasks <= b.keptMasks
                    && a.keptCoverage <= b.keptCoverage, "before \(b); after \(a)")
        }
    }
}
