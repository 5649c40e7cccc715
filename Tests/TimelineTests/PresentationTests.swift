import Foundation
import Testing
import Images
import Timeline
import TimelineTestSupport

@Suite("CN6 CN7 modal presentation and alerts", .endsIdle)
@MainActor
struct PresentationTests {
    let log = RecordingScreen.Log()

    func setUp() -> (HeadlessHost, RecordingScreen) {
        let host = makeHost(width: 320, height: 480)
        let a = RecordingScreen("A", log: log)
        host.window.rootViewController = a
        host.runUntilIdle()
        log.entries.removeAll()
        return (host, a)
    }

    @Test("CN6 a full-screen presentation slides up from the bottom edge; the screen under disappears, and comes back on dismiss")
    func fullScreen() {
        let (host, a) = setUp()
        let b = RecordingScreen("B", log: log)
        b.modalPresentationStyle = .fullScreen
        var completed = false
        a.present(b, animated: true) { completed = true }
        #expect(a.presentedViewController === b && b.presentingViewController === a && b.isBeingPresented)
        host.step()
        var previous = b.view.presentation.frame.minY
        #expect(previous > 300)
        for _ in 0..<10 {
            host.step()
            let y = b.view.presentation.frame.minY
            #expect(y <= previous + 1e-9)
            previous = y
        }
        host.runUntilIdle()
        #expect(completed && b.view.frame == Rect(x: 0, y: 0, width: 320, height: 480) && !b.isBeingPresented)
        #expect(log.entries == ["A willDisappear", "B willAppear", "B didAppear", "A didDisappear"])
        log.entries.removeAll()
        // Presenting again while presenting: a diagnostic and no change.
        a.present(RecordingScreen("C", log: log), animated: true)
        #expect(a.presentedViewController === b)
        #expect(host.window.diagnostics.entries.last?.message.contains("already presenting") == true)
        b.dismiss(animated: true)
        host.step(frames: 3)
        #expect(b.view.presentation.frame.minY > 0)
        host.runUntilIdle()
        #expect(a.presentedViewController == nil && b.presentingViewController == nil && b.view.superview == nil)
        #expect(log.entries == ["B willDisappear", "A willAppear", "B didDisappear", "A didAppear"])
    }

    @Test("CN6 a page sheet stops below the top and scales the screen under it back under a dimming")
    func pageSheet() {
        let (host, a) = setUp()
        let child = RecordingScreen("child", log: log)
        a.addChild(child)
        child.view.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        a.view.addSubview(child.view)
        child.didMove(toParent: a)
        host.runUntilIdle()
        log.entries.removeAll()
        let sheet = RecordingScreen("sheet", log: log)
        child.present(sheet, animated: true)
        host.runUntilIdle()
        #expect(sheet.view.frame == Rect(x: 0, y: 40, width: 320, height: 440))
        #expect(child.view.transform == AffineTransform(scaleX: 0.92, y: 0.92))
        #expect(!log.entries.contains("child willDisappear"))                  // a sheet leaves it on screen
        sheet.dismiss(animated: false)
        host.runUntilIdle()
        #expect(child.view.transform == .identity && sheet.view.superview == nil && child.presentedViewController == nil)
    }

    /// Drags from `p` down by `dy`, a frame per step, then holds still and releases.
    func pull(_ host: HeadlessHost, from p: Point, by dy: Double, steps: Int = 30) {
        host.runLoop.send(.pointerDown(p, button: 1))
        host.step()
        for k in 1...steps {
            host.runLoop.send(.pointerMoved(Point(x: p.x, y: p.y + dy * Double(k) / Double(steps)), buttons: 1))
            host.step()
        }
        host.step(frames: 10)
        host.runLoop.send(.pointerUp(Point(x: p.x, y: p.y + dy), button: 1))
        host.runUntilIdle()
    }

    @Test("CN6 a page sheet pulled down past half its height dismisses; pulled less it springs back, with UIKit's calls")
    func pullDown() {
        let (host, a) = setUp()
        let child = RecordingScreen("child", log: log)
        a.addChild(child)
        child.view.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        a.view.addSubview(child.view)
        child.didMove(toParent: a)
        let sheet = RecordingScreen("sheet", log: log)
        child.present(sheet, animated: false)
        host.runUntilIdle()
        log.entries.removeAll()
        pull(host, from: Point(x: 160, y: 200), by: 120)                   // about a quarter: back
        #expect(child.presentedViewController === sheet && sheet.view.frame.minY == 40)
        #expect(child.view.transform == AffineTransform(scaleX: 0.92, y: 0.92))
        #expect(log.entries == ["sheet willDisappear", "sheet willAppear", "sheet didAppear"])
        log.entries.removeAll()
        pull(host, from: Point(x: 160, y: 200), by: 260)                   // past half: dismissed
        #expect(child.presentedViewController == nil && sheet.view.superview == nil && sheet.presentingViewController == nil)
        #expect(child.view.transform == .identity)
        #expect(log.entries == ["sheet willDisappear", "sheet didDisappear"])
    }

    @Test("CN7 an alert scales in from 1.2 with a fade; an action dismisses it, then runs its handler")
    func alert() throws {
        let (host, a) = setUp()
        let alert = AlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
        var chosen: [String] = []
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title) })
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { chosen.append($0.title) })
        alert.addTextField { $0.placeholder = "Name" }
        a.present(alert, animated: true)
        host.step()
        let card = alert.contentView
        #expect(card.presentation.affineTransform().a > 1.1 && card.presentation.opacity < 0.5)
        host.runUntilIdle()
        #expect(card.transform == .identity && card.alpha == 1)
        #expect(abs(card.frame.midX - 160) < 1 && abs(card.frame.midY - 240) < 1 && card.frame.width == 270)
        #expect(alert.actionButtons.map { $0.configuration?.title } == ["Delete", "Cancel"])   // cancel last
        #expect(alert.textFields.count == 1 && alert.textFields[0].superview === card)
        alert.actionButtons[0].sendActions(for: .primaryActionTriggered)
        #expect(chosen.isEmpty)                                                 // after the dismissal
        host.runUntilIdle()
        #expect(chosen == ["Delete"] && a.presentedViewController == nil && alert.view.superview == nil)
    }

    @Test("CN7 an action sheet slides up from the bottom; text fields are refused on it")
    func actionSheet() {
        let (host, a) = setUp()
        let sheet = AlertController(title: nil, message: "Share the photo", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Copy"))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        sheet.addTextField()
        #expect(sheet.textFields.isEmpty)
        a.present(sheet, animated: true)
        host.step()
        let card = sheet.contentView
        #expect(card.presentation.affineTransform().ty > 50)
        host.runUntilIdle()
        #expect(card.transform == .identity && abs(card.frame.maxY - 472) < 1)
        sheet.dismiss(animated: true)
        host.runUntilIdle()
        #expect(a.presentedViewController == nil)
    }
}

@Suite("CN6 tab bar controller", .endsIdle)
@MainActor
struct TabBarControllerTests {
    static func glyph(_ w: Int, _ h: Int) -> Image {
        Image(bitmap: Bitmap(width: w, height: h, rgba: [UInt8](repeating: 255, count: w * h * 4)))
    }

    @Test("CN6 a tab item's image sits above its title, tinted with it: the selected tab's in the tint, the others grey")
    func tabImages() {
        let host = makeHost(width: 320, height: 480)
        let a = ViewController(), b = ViewController()
        a.tabBarItem.title = "Home"
        a.tabBarItem.image = Self.glyph(24, 24)
        b.tabBarItem.title = "Search"
        b.tabBarItem.image = Self.glyph(24, 24)
        let tabs = TabBarController()
        tabs.setViewControllers([a, b], animated: false)
        host.window.rootViewController = tabs
        host.runUntilIdle()
        for button in tabs.tabBar.buttons {
            let image = try! #require(button.imageView)
            #expect(!image.isHidden && image.image?.renderingMode == .alwaysTemplate)
            let i = image.frame, t = button.titleLabel.frame
            #expect(abs(i.maxY + 2 - t.minY) < 1e-6)                          // above, imagePadding 2 apart
            #expect(abs(i.midX - t.midX) < 1e-6 && abs(i.midX - button.bounds.midX) < 1)
            // Image and title are centred together in the bar's 49 points.
            #expect(abs((i.minY + t.maxY) / 2 - button.bounds.midY) < 1)
        }
        #expect(tabs.tabBar.buttons[0].imageView?.tintColor == tabs.tabBar.tintColor)
        #expect(tabs.tabBar.buttons[1].imageView?.tintColor == tabs.tabBar.unselectedItemTintColor)
        tabs.selectedIndex = 1
        host.runUntilIdle()
        #expect(tabs.tabBar.buttons[1].imageView?.tintColor == tabs.tabBar.tintColor)
    }

    @Test("CN1 a button configuration's image sits on the side imagePlacement names, and the button's size follows")
    func imagePlacement() {
        let host = makeHost(width: 320, height: 480)
        for placement in [Button.Configuration.ImagePlacement.leading, .trailing, .top, .bottom] {
            var c = Button.Configuration.filled()
            c.title = "Go"
            c.image = Self.glyph(16, 16)
            c.imagePadding = 6
            c.imagePlacement = placement
            let b = Button(configuration: c)
            host.root.addSubview(b)
            b.translatesAutoresizingMaskIntoConstraints = true
            b.frame = Rect(origin: Point(x: 20, y: 20), size: b.intrinsicContentSize)
            host.runUntilIdle()
            let i = try! #require(b.imageView).frame, t = b.titleLabel.frame
            switch placement {
            case .leading: #expect(abs(i.maxX + 6 - t.minX) < 1e-6 && abs(i.midY - t.midY) < 1e-6)
            case .trailing: #expect(abs(t.maxX + 6 - i.minX) < 1e-6 && abs(i.midY - t.midY) < 1e-6)
            case .top: #expect(abs(i.maxY + 6 - t.minY) < 1e-6 && abs(i.midX - t.midX) < 1e-6)
            case .bottom: #expect(abs(t.maxY + 6 - i.minY) < 1e-6 && abs(i.midX - t.midX) < 1e-6)
            }
            let size = b.intrinsicContentSize, title = b.titleLabel.intrinsicContentSize
            switch placement {
            case .leading, .trailing: #expect(size.width == title.width + 6 + 16 + 24)
            case .top, .bottom: #expect(size.height == title.height + 6 + 16 + 14)
            }
            // Image and title together are centred in the button.
            let both = i.union(t)
            #expect(abs(both.midX - b.bounds.midX) < 1 && abs(both.midY - b.bounds.midY) < 1)
            b.removeFromSuperview()
        }
        host.runUntilIdle()
    }

    @Test("CN6 a tab bar shows one screen at a time; a click on a tab swaps them with the appearance calls and tells the delegate")
    func tabs() {
        let log = RecordingScreen.Log()
        let host = makeHost(width: 320, height: 480)
        let a = RecordingScreen("A", log: log), b = RecordingScreen("B", log: log)
        b.tabBarItem.badgeValue = "3"
        let tabs = TabBarController()
        tabs.setViewControllers([a, b], animated: false)
        host.window.rootViewController = tabs
        host.runUntilIdle()
        #expect(tabs.selectedViewController === a && a.view.superview === tabs.view && b.view.superview == nil)
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 320, height: 431))
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 431, width: 320, height: 49))
        #expect(tabs.tabBar.buttons.map { $0.configuration?.title } == ["A", "B (3)"])
        #expect(b.tabBarController === tabs)
        log.entries.removeAll()
        var told: [ViewController] = []
        tabs.didSelect = { _, c in told.append(c) }
        tabs.tabBar.buttons[1].sendActions(for: .primaryActionTriggered)
        host.runUntilIdle()
        #expect(tabs.selectedIndex == 1 && b.view.superview === tabs.view && a.view.superview == nil)
        #expect(log.entries == ["A willDisappear", "B willAppear", "A didDisappear", "B didAppear"])
        #expect(told.count == 1 && told[0] === b)
        #expect(tabs.tabBar.buttons[1].tintColor == tabs.tabBar.tintColor && tabs.tabBar.buttons[0].tintColor == tabs.tabBar.unselectedItemTintColor)
        tabs.selectedIndex = 5
        #expect(tabs.selectedIndex == 1 && host.window.diagnostics.entries.last?.message.contains("is not a tab") == true)
    }
}
