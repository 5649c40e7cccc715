import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// SC6, SC7: a collection view with a flow layout and cell reuse.
@Suite("SC6 collection view", .endsIdle)
@MainActor
struct CollectionViewTests {
    final class Source: CollectionViewDataSource, CollectionViewDelegate {
        var count: Int
        var selected: [IndexPath] = []
        init(_ n: Int) { count = n }
        func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { count }
        func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
            let cell = c.dequeueReusableCell(withReuseIdentifier: "item", for: p)
            cell.backgroundColor = Color(red: Double(p.item % 5) / 5, green: 0.5, blue: 0.7)
            return cell
        }
        func collectionView(_ c: CollectionView, didSelectItemAt p: IndexPath) { selected.append(p) }
    }

    func setUp(_ n: Int, direction: CollectionViewFlowLayout.ScrollDirection = .vertical) -> (HeadlessHost, CollectionView, Source) {
        let host = makeHost(width: 400, height: 600)
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 80, height: 80)
        layout.sectionInset = EdgeInsets(all: 10)
        layout.scrollDirection = direction
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        let source = Source(n)
        host.root.addSubview(cv)
        cv.dataSource = source
        cv.collectionDelegate = source
        host.runUntilIdle()
        return (host, cv, source)
    }

    @Test("SC6: the flow layout fills lines, spreads full lines, wraps with line spacing, inside the section inset")
    func SC6_flowLayout() {
        let (host, cv, _) = setUp(10)
        let frames = (0..<4).map { cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(frames[0] == Rect(x: 10, y: 10, width: 80, height: 80))
        #expect(frames[1].minX == 110 && frames[2].minX == 210)                 // (280 − 240) / 2 = 20 between
        #expect(frames[3] == Rect(x: 10, y: 100, width: 80, height: 80))
        #expect(cv.contentSize == Size(width: 300, height: 10 + 4 * 80 + 3 * 10 + 10))
        // The last, partial line keeps the minimum spacing.
        let last = cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 9, section: 0))!.frame
        #expect(last.minX == 10 && last.minY == 280)
        host.runUntilIdle()
    }

    @Test("SC6: a collection view made wider lays its items out again for the new width")
    func SC6_resizeRelaysOut() {
        let (host, cv, source) = setUp(10)
        defer { withExtendedLifetime(source) {} }                           // the data source is weak
        #expect(cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame.minY == 100)
        cv.frame.size.width = 400                                               // four items a line now
        host.runUntilIdle()
        let f3 = cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
        #expect(f3.minY == 10 && f3.maxX <= 390)
        #expect(cv.visibleCells.allSatisfy { $0.frame.maxX <= 390 })
        host.runUntilIdle()
    }

    @Test("SC6/SC7: 10,000 items keep only the visible ones' cells, reused; a tap selects; horizontal scrolling")
    func SC6_reuseAndSelection() {
        let (host, cv, source) = setUp(10_000)
        cv.contentOffset = Point(x: 0, y: 500)
        host.step()
        let alive = cv.loadedCells.count                                        // the visible items and the margins
        #expect(alive <= 3 * ((400 + 200) / 90 + 2))
        let created = cv.cellsCreated
        for k in 1...50 { cv.contentOffset = Point(x: 0, y: 500 + Double(k) * 37); host.step() }
        cv.scrollToItem(at: IndexPath(item: 9_000, section: 0), animated: false)
        host.runUntilIdle()
        #expect(cv.cellsCreated <= created + 6)
        #expect(cv.indexPathsForVisibleItems.contains(IndexPath(item: 9_000, section: 0)))
        let f = cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 9_001, section: 0))!.frame
        let p = cv.convert(Point(x: f.midX, y: f.midY), to: nil)
        host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p))
        host.runUntilIdle()
        #expect(source.selected == [IndexPath(item: 9_001, section: 0)])

        let (host2, h, _) = setUp(40, direction: .horizontal)
        #expect(h.contentSize.height == 400 && h.contentSize.width > 300)
        let second = h.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame
        #expect(second.minX == 10 && second.minY > 80)                           // down the column first
        host2.runUntilIdle()
    }
}
