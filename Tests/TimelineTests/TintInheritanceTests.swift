import Testing
import TimelineTestSupport
import Images
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// CN1: tintColor inherited down the tree, as UIKit's.
@Suite("CN1 inherited tint", .endsIdle)
@MainActor
struct TintInheritanceTests {
    @Test("CN1 a tint set on a view colours the controls and template images under it; their own tint wins; a move under another tint recolours")
    func inherited() {
        let host = makeHost(width: 300, height: 200)
        let orange = Color(red: 1, green: 0.5, blue: 0)
        let green = Color(red: 0, green: 0.8, blue: 0.3)
        let panel = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let other = View(frame: Rect(x: 0, y: 100, width: 300, height: 100))
        host.root.addSubview(panel)
        host.root.addSubview(other)
        var c = Button.Configuration.plain()
        c.title = "Go"
        let button = Button(configuration: c)
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        inner.addSubview(button)
        panel.addSubview(inner)
        let glyph = Image(bitmap: Bitmap(width: 8, height: 8, rgba: [UInt8](repeating: 255, count: 256))).withRenderingMode(.alwaysTemplate)
        let icon = ImageView(image: glyph)
        panel.addSubview(icon)
        host.runUntilIdle()
        #expect(button.tintColor == View.systemTint && button.titleLabel.textColor == View.systemTint)
        panel.tintColor = orange                                                 // two levels down, both recolour
        #expect(button.tintColor == orange && button.titleLabel.textColor == orange)
        #expect(icon.tintColor == orange && icon.layer.contentsTintColor == orange)
        button.tintColor = green                                                 // its own wins
        panel.tintColor = Color(red: 0.5, green: 0, blue: 1)
        #expect(button.titleLabel.textColor == green && icon.tintColor == Color(red: 0.5, green: 0, blue: 1))
        button.tintColor = nil                                                   // back to inheriting
        #expect(button.titleLabel.textColor == Color(red: 0.5, green: 0, blue: 1) && button.ownTintColor == nil)
        other.addSubview(inner)                                                  // moved under no tint
        #expect(button.tintColor == View.systemTint && button.titleLabel.textColor == View.systemTint)
        host.runUntilIdle()
    }

    @Test("CN1 a navigation controller's bar tint reaches its buttons; a refresh control stays grey under a tint")
    func barsAndRefresh() {
        let host = makeHost(width: 320, height: 480)
        let root = ViewController()
        root.navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit") { _ in }
        let nav = NavigationController(rootViewController: root)
        host.window.rootViewController = nav
        host.runUntilIdle()
        let red = Color(red: 1, green: 0, blue: 0)
        nav.navigationBar.tintColor = red
        let edit = nav.navigationBar.subviews.compactMap { $0 as? Button }.first { $0.configuration?.title == "Edit" }
        #expect(edit?.tintColor == red && edit?.titleLabel.textColor == red)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let refresh = RefreshControl()
        scroll.refreshControl = refresh
        scroll.tintColor = red
        #expect(refresh.tintColor == Color(red: 0.7, green: 0.73, blue: 0.8))
        host.runUntilIdle()
    }
}
