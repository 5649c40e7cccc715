import Geometry
@testable import TimelineSDL
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// P1: the window patches its display list for the views that changed and reports the damaged
/// region; the painter repaints only that region of an image it keeps. Both must give exactly
/// what a full rebuild and a full repaint give, frame after frame.
@MainActor
@Suite("P1 display-list patching and damaged repaints")
struct DamageRepaintTests {
    /// A scene with a view of every kind that matters to damage: one moving, one fading, one
    /// rotating, one scaling inside a rounded clip, translucent overlapping groups, a border, a
    /// label, and many still views; animated forever.
    func scene(_ host: HeadlessHost, fonts: FontSystem? = nil) {
        if let fonts { host.window.fontSystem = fonts }
        host.window.backgroundColor = Color(red: 0.1, green: 0.12, blue: 0.15)
        let root = host.root
        for k in 0..<60 {                                               // still views, some under moving ones
            let v = View(frame: Rect(x: Double(k % 10) * 30 + 4, y: Double(k / 10) * 22 + 40, width: 24, height: 18))
            v.backgroundColor = Color(red: Double(k % 5) / 5, green: 0.6, blue: 0.8)
            v.cornerRadius = Double(k % 4) * 3
            root.addSubview(v)
        }
        let mover = View(frame: Rect(x: 10, y: 10, width: 40, height: 30))
        mover.backgroundColor = Color(red: 1, green: 0.3, blue: 0.2)
        mover.cornerRadius = 8
        root.addSubview(mover)
        let fader = View(frame: Rect(x: 70, y: 10, width: 50, height: 50))
        fader.backgroundColor = Color(red: 0.2, green: 1, blue: 0.3)
        fader.borderWidth = 3; fader.borderColor = .white
        root.addSubview(fader)
        let spinner = View(frame: Rect(x: 140, y: 10, width: 60, height: 24))
        spinner.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.2)
        root.addSubview(spinner)
        let card = View(frame: Rect(x: 220, y: 10, width: 70, height: 70))
        card.backgroundColor = Color(red: 0.3, green: 0.3, blue: 0.9, alpha: 0.8)
        card.cornerRadius = 20; card.clipsToBounds = true
        root.addSubview(card)
        let inside = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        inside.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.7)
        card.addSubview(inside)
        let group = View(frame: Rect(x: 20, y: 90, width: 120, height: 80))
        group.alpha = 0.6
        root.addSubview(group)
        for k in 0..<3 {
            let v = View(frame: Rect(x: Double(k) * 25, y: Double(k) * 12, width: 60, height: 40))
            v.backgroundColor = Color(red: Double(k) / 2, green: 0.2, blue: 1 - Double(k) / 2, alpha: 0.9)
            group.addSubview(v)
        }
        let label = Label(text: "damage", fontSize: 14)
        root.addSubview(label)
        label.frame = Rect(x: 150, y: 60, width: 100, height: 20)
        host.runUntilIdle()
        View.animate(withDuration: 0.5, curve: .easeInOut, repeatCount: .infinity, autoreverses: true) {
            mover.center.x += 37.3; mover.center.y += 11.7
            fader.alpha = 0.15
            spinner.transform = AffineTransform(rotationAngle: 2.1)
            inside.transform = AffineTransform(scaleX: 1.6, y: 1.3)
            group.subviews[1].center.x += 23
            label.center.y += 7
        }
    }

    @Test("P1: a patched display list draws what a rebuilt one draws, frame after frame")
    func P1_patchedListEqualsRebuilt() throws {
        let fonts = try FontSystem()                  // one for both, so their glyph runs compare equal
        let patched = makeHost(width: 320, height: 300), rebuilt = makeHost(width: 320, height: 300)
        rebuilt.window.patchesDisplayList = false
        scene(patched, fonts: fonts)
        scene(rebuilt, fonts: fonts)
        var partial = 0
        for _ in 0..<40 {
            patched.step(); rebuilt.step()
            #expect(patched.window.displayList.commands == rebuilt.window.displayList.commands)
            if let d = patched.window.displayList.damage, !d.isNull, d.width * d.height < 320 * 300 / 2 { partial += 1 }
        }
        #expect(partial >= 30)                                            // it patched, not rebuilt
    }

    @Test("P1: past 256 views changing in one tick the list is rebuilt, and it still draws what a rebuilt one draws")
    func P1_manyChangesRebuild() {
        func host(patching: Bool) -> (HeadlessHost, [View]) {
            let h = makeHost(width: 320, height: 300)
            h.window.patchesDisplayList = patching
            let views = (0..<300).map { k -> View in
                let v = View(frame: Rect(x: Double(k % 20) * 15, y: Double(k / 20) * 18, width: 12, height: 12))
                v.backgroundColor = Color(red: 0.2, green: Double(k % 7) / 7, blue: 0.9)
                h.root.addSubview(v)
                return v
            }
            h.runUntilIdle()
            return (h, views)
        }
        let (patched, a) = host(patching: true), (rebuilt, b) = host(patching: false)
        for views in [a, b] {
            View.animate(withDuration: 0.4, curve: .linear, repeatCount: .infinity, autoreverses: true) {
                for v in views { v.center.x += 4 }
            }
        }
        for _ in 0..<5 {
            patched.step(); rebuilt.step()
            #expect(patched.window.displayList.damage == nil)              // rebuilt, all damaged
            #expect(patched.window.displayList.commands == rebuilt.window.displayList.commands)
        }
    }

    @Test("P1: a damaged repaint equals a full repaint, frame after frame, at 1x and 2x", arguments: [1.0, 2.0])
    func P1_damagedRepaintEqualsFull(scale: Double) throws {
        let host = makeHost(width: 320, height: 300)
        host.window.scale = scale
        scene(host)
        let damaged = try ImageRenderer(pixelWidth: Int(320 * scale), pixelHeight: Int(300 * scale))
        let full = try ImageRenderer(pixelWidth: Int(320 * scale), pixelHeight: Int(300 * scale))
        full.painter.repaintsDamageOnly = false
        var partial = 0
        for frame in 0..<40 {
            host.step()
            damaged.render(host.window.displayList)
            full.render(host.window.displayList)
            if let d = damaged.painter.lastDamage, Double(d.w) * Double(d.h) < 320 * 300 * scale * scale / 2 { partial += 1 }
            let diff = damaged.image().difference(from: full.image(), tolerance: 0)
            #expect(diff.fractionOff == 0, "frame \(frame): \(diff)")
        }
        #expect(partial >= 30)
    }

    @Test("P1: two changes far apart repaint two small regions, not the box between them")
    func P1_farApartChanges() throws {
        let host = makeHost(width: 400, height: 300)
        let image = try ImageRenderer(pixelWidth: 400, pixelHeight: 300)
        let full = try ImageRenderer(pixelWidth: 400, pixelHeight: 300)
        full.painter.repaintsDamageOnly = false
        let a = View(frame: Rect(x: 10, y: 10, width: 20, height: 20)), b = View(frame: Rect(x: 360, y: 260, width: 20, height: 20))
        for v in [a, b] { v.backgroundColor = Color(red: 0.9, green: 0.4, blue: 0.1); host.root.addSubview(v) }
        host.runUntilIdle()
        image.render(host.window.displayList); full.render(host.window.displayList)
        a.center.x += 3; b.center.y -= 3
        host.step()
        image.render(host.window.displayList); full.render(host.window.displayList)
        let regions = image.painter.lastDamageRegions
        #expect(regions.count == 2)
        #expect(regions.allSatisfy { $0.w < 40 && $0.h < 40 })
        #expect(image.image().difference(from: full.image(), tolerance: 0).fractionOff == 0)
        host.runUntilIdle()
    }

    @Test("P1: nothing changed, nothing repainted; a structural change repaints everything")
    func P1_idleAndStructural() throws {
        let host = makeHost(width: 200, height: 120)
        let image = try ImageRenderer(pixelWidth: 200, pixelHeight: 120)
        host.window.renderer = image
        let v = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        host.root.addSubview(v)
        host.runUntilIdle()
        v.center.x += 5
        host.step()
        let d = try #require(image.painter.lastDamage)
        #expect(d.x <= 10 && d.x + d.w >= 45 && d.w < 60)                 // old and new boxes, a margin
        for _ in 0..<3 {                                                // idle frames, one after another
            host.runLoop.requestFrame()
            host.step()
            #expect(image.painter.lastDamage.map { $0.w == 0 } == true)
        }
        host.root.addSubview(View(frame: Rect(x: 100, y: 10, width: 10, height: 10)))
        host.step()
        #expect(image.painter.lastDamage == nil)
        host.runUntilIdle()
    }
}

@Suite("CN2 rounded clips")
@MainActor
struct RoundedClipTests {
    @Test("CN2: an image view with rounded corners and clipsToBounds shows its corners cut (a lone image is not its own clip)")
    func roundedImage() throws {
        let host = makeHost(width: 120, height: 120)
        let renderer = try ImageRenderer(pixelWidth: 120, pixelHeight: 120)
        host.window.renderer = renderer
        host.window.backgroundColor = Color(red: 0, green: 0, blue: 0)
        let white = Image(bitmap: Bitmap(width: 80, height: 80, rgba: [UInt8](repeating: 255, count: 80 * 80 * 4)))
        let v = ImageView(image: white)
        v.frame = Rect(x: 20, y: 20, width: 80, height: 80)
        v.cornerRadius = 20
        v.clipsToBounds = true
        host.root.addSubview(v)
        host.runUntilIdle()
        let frame = renderer.image()
        #expect(frame.color(x: 21, y: 21).red < 0.1)                          // the corner: cut
        #expect(frame.color(x: 60, y: 60).red > 0.9)                          // the middle: the image
        #expect(frame.color(x: 60, y: 21).red > 0.9)                          // the top edge's middle: kept
    }
}
