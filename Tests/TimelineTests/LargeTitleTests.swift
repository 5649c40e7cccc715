import Foundation
import Testing
import Timeline
import TimelineTestSupport

/// CN4: large titles that collapse as the screen's scroll view scrolls.
@Suite("CN4 large titles", .endsIdle)
@MainActor
struct LargeTitleTests {
    func setUp() -> (HeadlessHost, NavigationController, RowsScreen, TableView) {
        let host = makeHost(width: 320, height: 480)
        let root = RowsScreen()
        root.title = "Inbox"
        let nav = NavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        host.window.rootViewController = nav
        host.runUntilIdle()
        return (host, nav, root, root.view as! TableView)
    }

    @Test("CN4 a large title shows open under the title row; scrolling up collapses it point for point and brings the small title")
    func collapsesOnScroll() {
        let (host, nav, _, table) = setUp()
        let bar = nav.navigationBar
        #expect(bar.largeTitleLabel.superview === bar && bar.largeTitleLabel.text == "Inbox")
        #expect(bar.largeTitleHeight == 52 && bar.frame.height == 44 + 52)
        #expect(bar.titleLabel.alpha == 0)
        // The row is room at the top of the table: the content starts under it.
        #expect(table.adjustedContentInset.top == 52 && table.contentOffset.y == -52)
        #expect(table.frame.minY == 44)
        // The large title sits on the row's bottom, 8 points up.
        #expect(abs(bar.largeTitleLabel.frame.maxY - (44 + 52 - 8)) < 1e-9 && bar.largeTitleLabel.frame.minX == 16)
        table.contentOffset = Point(x: 0, y: -20)                                // 32 points scrolled
        host.runUntilIdle()
        #expect(bar.largeTitleHeight == 20 && bar.frame.height == 64 && bar.titleLabel.alpha == 0)
        table.contentOffset = Point(x: 0, y: 100)                                // past it: collapsed
        host.runUntilIdle()
        #expect(bar.largeTitleHeight == 0 && bar.frame.height == 44 && bar.titleLabel.alpha == 1)
        table.contentOffset = Point(x: 0, y: -80)                                // pulled down: it stretches
        host.runUntilIdle()
        #expect(bar.largeTitleHeight == 80 && bar.frame.height == 124)
        table.contentOffset = Point(x: 0, y: -52)
        host.runUntilIdle()
    }

    @Test("CN4 a screen pushed with largeTitleDisplayMode .never has the small bar; popping back opens the large title again")
    func perScreenMode() {
        let (host, nav, _, table) = setUp()
        let detail = RowsScreen()
        detail.title = "Message"
        detail.navigationItem.largeTitleDisplayMode = .never
        nav.pushViewController(detail, animated: true)
        host.runUntilIdle()
        let bar = nav.navigationBar
        #expect(bar.largeTitleHeight == 0 && bar.frame.height == 44 && bar.titleLabel.alpha == 1 && bar.titleLabel.text == "Message")
        #expect((detail.view as! TableView).adjustedContentInset.top == 0)
        nav.popViewController(animated: true)
        host.runUntilIdle()
        #expect(bar.largeTitleHeight == 52 && table.contentOffset.y == -52 && bar.largeTitleLabel.text == "Inbox")
        // Turned off on the bar: the room goes, the content's top comes back to the bar.
        nav.navigationBar.prefersLargeTitles = false
        host.runUntilIdle()
        #expect(bar.largeTitleHeight == 0 && table.adjustedContentInset.top == 0 && table.contentOffset.y == 0)
        #expect(bar.largeTitleLabel.superview == nil && bar.titleLabel.alpha == 1)
    }
}
