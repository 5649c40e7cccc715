import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// SC6: supplementary and decoration views in a collection view: placed by the layout, made
/// by the data source (or the layout's registration), reused by kind and identifier, only the
/// visible ones alive; pinned headers; selection and highlight.
@Suite("SC6 collection view supplementary views", .endsIdle)
@MainActor
struct CollectionSupplementaryTests {
    final class Header: CollectionReusableView {
        var section = -1
        var reused = 0
        override func prepareForReuse() { reused += 1; section = -1 }
    }

    final class Source: CollectionViewDataSource, CollectionViewDelegate {
        var sections: Int
        var items: Int
        var asked: [String: Int] = [:]
        var selected: [IndexPath] = [], deselected: [IndexPath] = []
        init(sections: Int, items: Int) { self.sections = sections; self.items = items }
        func numberOfSections(in c: CollectionView) -> Int { sections }
        func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { items }
        func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
            c.dequeueReusableCell(withReuseIdentifier: "item", for: p)
        }
        func collectionView(_ c: CollectionView, viewForSupplementaryElementOfKind kind: String, at p: IndexPath) -> CollectionReusableView? {
            asked[kind, default: 0] += 1
            let v = c.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind == CollectionViewFlowLayout.elementKindSectionHeader ? "header" : "footer", for: p)
            (v as? Header)?.section = p.section
            return v
        }
        func collectionView(_ c: CollectionView, didSelectItemAt p: IndexPath) { selected.append(p) }
        func collectionView(_ c: CollectionView, didDeselectItemAt p: IndexPath) { deselected.append(p) }
    }

    func setUp(sections: Int = 200, items: Int = 6, pin: Bool = false) -> (HeadlessHost, CollectionView, CollectionViewFlowLayout, Source) {
        let host = makeHost(width: 400, height: 600)
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 80, height: 90)
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(all: 10)
        layout.headerReferenceSize = Size(width: 0, height: 30)
        layout.footerReferenceSize = Size(width: 0, height: 20)
        layout.sectionHeadersPinToVisibleBounds = pin
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        cv.register(Header.self, forSupplementaryViewOfKind: CollectionViewFlowLayout.elementKindSectionHeader, withReuseIdentifier: "header")
        cv.register(CollectionReusableView.self, forSupplementaryViewOfKind: CollectionViewFlowLayout.elementKindSectionFooter, withReuseIdentifier: "footer")
        let source = Source(sections: sections, items: items)
        host.root.addSubview(cv)
        cv.dataSource = source
        cv.collectionDelegate = source
        host.runUntilIdle()
        return (host, cv, layout, source)
    }

    let headerKind = CollectionViewFlowLayout.elementKindSectionHeader
    let footerKind = CollectionViewFlowLayout.elementKindSectionFooter

    @Test("SC6 headers and footers: placed where the layout says, with their category and kind, before and after each section's items")
    func SC6_supplementaryPlacement() {
        let (host, cv, layout, source) = setUp()
        defer { withExtendedLifetime(source) {} }
        // Section: header 30, inset 10, two lines of three 90-point-high items with 10 between, inset 10, footer 20.
        let header0 = try! #require(layout.layoutAttributesForSupplementaryView(ofKind: headerKind, at: IndexPath(item: 0, section: 0)))
        #expect(header0.frame == Rect(x: 0, y: 0, width: 300, height: 30))
        #expect(header0.representedElementCategory == .supplementaryView && header0.representedElementKind == headerKind)
        let item0 = try! #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        #expect(item0.frame.minY == 40 && item0.representedElementCategory == .cell && item0.representedElementKind == nil)
        let footer0 = try! #require(layout.layoutAttributesForSupplementaryView(ofKind: footerKind, at: IndexPath(item: 0, section: 0)))
        #expect(footer0.frame == Rect(x: 0, y: 30 + 10 + 190 + 10, width: 300, height: 20))
        let header1 = try! #require(layout.layoutAttributesForSupplementaryView(ofKind: headerKind, at: IndexPath(item: 0, section: 1)))
        #expect(header1.frame.minY == footer0.frame.maxY)
        #expect(cv.contentSize.height == 200 * 260)
        // The views: the data source's, at their frames; only those in the viewport and margin.
        let shown = try! #require(cv.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 1)) as? Header)
        #expect(shown.frame == header1.frame && shown.section == 1 && shown.elementKind == headerKind && shown.reuseIdentifier == "header")
        #expect(cv.supplementaryView(forElementKind: footerKind, at: IndexPath(item: 0, section: 0))?.frame == footer0.frame)
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: headerKind) == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
        #expect(cv.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 5)) == nil)
        // Supplementary views sit above the cells.
        let cell = try! #require(cv.cellForItem(at: IndexPath(item: 0, section: 1)))
        #expect(cv.subviews.firstIndex { $0 === cell }! < cv.subviews.firstIndex { $0 === shown }!)
        host.runUntilIdle()
    }

    @Test("SC6/SC7 scrolling 200 sections keeps only the visible headers and footers alive, reused by kind; steady scrolling asks the layout nothing")
    func SC6_supplementaryReuse() {
        let (host, cv, _, source) = setUp()
        let created = cv.supplementaryViewsCreated
        #expect(created <= 8)
        var reusedHeaders = false
        for k in 1...150 {
            cv.contentOffset = Point(x: 0, y: Double(k) * 97)
            host.step()
            let headers = cv.visibleSupplementaryViews(ofKind: headerKind)
            // The viewport (400) and its margins (100 each way) hold at most three sections' headers.
            #expect(headers.count <= 3)
            #expect(cv.visibleSupplementaryViews(ofKind: footerKind).count <= 3)
            for h in headers {
                let header = h as! Header
                let p = IndexPath(item: 0, section: header.section)
                #expect(cv.supplementaryView(forElementKind: headerKind, at: p) === header)
                #expect(header.frame == cv.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: headerKind, at: p)!.frame)
                if header.reused > 0 { reusedHeaders = true }
            }
        }
        #expect(reusedHeaders)
        #expect(cv.supplementaryViewsCreated <= created + 4)
        // Views that left went back to their pools, hidden; no two live views share a place.
        let live = cv.visibleSupplementaryViews(ofKind: headerKind) + cv.visibleSupplementaryViews(ofKind: footerKind)
        #expect(live.allSatisfy { !$0.isHidden })
        #expect(Set(live.map(ObjectIdentifier.init)).count == live.count)
        // Small steps inside half the margin do not ask the layout again.
        let queries = cv.layoutQueries
        for k in 1...10 { cv.contentOffset = Point(x: 0, y: 150 * 97 + Double(k) * 4); host.step() }
        #expect(cv.layoutQueries == queries)
        // Asked again by the data source only as views appear: not per frame.
        let asked = source.asked[headerKind] ?? 0
        for _ in 0..<5 { host.step() }
        #expect(source.asked[headerKind] == asked)
        host.runUntilIdle()
    }

    @Test("SC6 a pinned header floats at the top of the viewport while its section shows, pushed up by the section's end")
    func SC6_pinnedHeaders() {
        let (host, cv, layout, source) = setUp(sections: 20, pin: true)
        defer { withExtendedLifetime(source) {} }
        let header2 = layout.layoutAttributesForSupplementaryView(ofKind: headerKind, at: IndexPath(item: 0, section: 2))!
        #expect(header2.pinningBounds != nil && header2.zIndex > 0)
        // Into section 2 by 100 points: its header sits at the viewport's top.
        cv.contentOffset = Point(x: 0, y: 2 * 260 + 100)
        host.step()
        let h = try! #require(cv.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 2)))
        #expect(h.frame.minY == 2 * 260 + 100)
        // Near the section's end (before its footer) the header rides up with it.
        cv.contentOffset = Point(x: 0, y: 2 * 260 + 225)
        host.step()
        #expect(h.frame.maxY == 2 * 260 + 240)
        // Scrolled back above the section, it is at its place again.
        cv.contentOffset = Point(x: 0, y: 2 * 260 - 50)
        host.step()
        #expect(cv.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 2))?.frame.minY == 2 * 260.0)
        host.runUntilIdle()
    }

    @Test("SC6 an unregistered supplementary identifier is a diagnostic and a plain view; a data source without supplementary views shows none")
    func SC6_unregisteredSupplementary() {
        let host = makeHost(width: 400, height: 600)
        let layout = CollectionViewFlowLayout()
        layout.headerReferenceSize = Size(width: 0, height: 30)
        final class Plain: CollectionViewDataSource {
            func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { 3 }
            func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
                c.dequeueReusableCell(withReuseIdentifier: "item", for: p)
            }
        }
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        let source = Plain()
        host.root.addSubview(cv)
        cv.dataSource = source
        host.runUntilIdle()
        #expect(cv.visibleSupplementaryViews(ofKind: headerKind).isEmpty && cv.visibleCells.count == 3)
        let v = cv.dequeueReusableSupplementaryView(ofKind: headerKind, withReuseIdentifier: "nope", for: IndexPath(item: 0, section: 0))
        #expect(v.reuseIdentifier == "nope")
        #expect(host.window.diagnostics.entries(of: .misuse).contains { $0.message.contains("'nope'") })
        host.runUntilIdle()
    }

    /// A layout of one column of 50-point rows with a background decoration behind each section.
    final class DecoratedLayout: CollectionViewLayout {
        override var collectionViewContentSize: Size { Size(width: 300, height: 100 * 50) }
        override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
            var out: [CollectionViewLayoutAttributes] = []
            let first = max(0, Int(rect.minY / 50)), last = min(99, Int(rect.maxY / 50))
            guard first <= last else { return [] }
            for i in first...last {
                out.append(CollectionViewLayoutAttributes(indexPath: IndexPath(item: i % 10, section: i / 10), frame: Rect(x: 0, y: Double(i) * 50, width: 300, height: 50)))
            }
            for s in (first / 10)...(last / 10) {
                var d = CollectionViewLayoutAttributes(forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: s),
                                                       frame: Rect(x: 0, y: Double(s) * 500, width: 300, height: 500))
                d.zIndex = -1
                out.append(d)
            }
            return out
        }
        override func layoutAttributesForItem(at p: IndexPath) -> CollectionViewLayoutAttributes? {
            CollectionViewLayoutAttributes(indexPath: p, frame: Rect(x: 0, y: Double(p.section * 10 + p.item) * 50, width: 300, height: 50))
        }
    }

    @Test("SC6 decoration views come from the layout's registration, sit below the cells and are reused as sections scroll by")
    func SC6_decorations() {
        let host = makeHost(width: 400, height: 600)
        let layout = DecoratedLayout()
        layout.register(CollectionReusableView.self, forDecorationViewOfKind: "background")
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        let source = Source(sections: 10, items: 10)
        host.root.addSubview(cv)
        cv.dataSource = source
        host.runUntilIdle()
        let decorations = cv.visibleDecorationViews.filter { $0.frame.minY == 0 }
        #expect(decorations.count == 1 && decorations[0].frame == Rect(x: 0, y: 0, width: 300, height: 500))
        #expect(decorations[0].elementKind == "background")
        let cell = try! #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(cv.subviews.firstIndex { $0 === decorations[0] }! < cv.subviews.firstIndex { $0 === cell }!)
        for k in 1...60 { cv.contentOffset = Point(x: 0, y: Double(k) * 70); host.step() }
        #expect(cv.visibleDecorationViews.count <= 3)
        // Every decoration is below every cell.
        let highestDecoration = cv.visibleDecorationViews.compactMap { d in cv.subviews.firstIndex { $0 === d } }.max()!
        let lowestCell = cv.loadedCells.compactMap { c in cv.subviews.firstIndex { $0 === c } }.min()!
        #expect(highestDecoration < lowestCell)
        host.runUntilIdle()
    }

    @Test("SC6 a press highlights the item until it lifts; a tap selects it (one at a time, or toggled with multiple selection)")
    func SC6_selectionAndHighlight() {
        let (host, cv, layout, source) = setUp(sections: 3)
        let p0 = IndexPath(item: 0, section: 0), p1 = IndexPath(item: 1, section: 0)
        func point(_ p: IndexPath) -> Point {
            let f = layout.layoutAttributesForItem(at: p)!.frame
            return cv.convert(Point(x: f.midX, y: f.midY), to: nil)
        }
        host.runLoop.send(.pointerDown(point(p0)))
        host.step()
        #expect(cv.cellForItem(at: p0)?.isHighlighted == true)
        host.runLoop.send(.pointerUp(point(p0)))
        host.step()
        #expect(cv.cellForItem(at: p0)?.isHighlighted == false && cv.cellForItem(at: p0)?.isSelected == true)
        #expect(source.selected == [p0] && cv.indexPathsForSelectedItems == [p0])
        host.runLoop.send(.pointerDown(point(p1))); host.runLoop.send(.pointerUp(point(p1)))
        host.step()
        #expect(cv.indexPathsForSelectedItems == [p1] && source.deselected == [p0] && cv.cellForItem(at: p0)?.isSelected == false)
        cv.allowsMultipleSelection = true
        host.runLoop.send(.pointerDown(point(p0))); host.runLoop.send(.pointerUp(point(p0)))
        host.step()
        #expect(cv.indexPathsForSelectedItems == [p0, p1])
        host.runLoop.send(.pointerDown(point(p1))); host.runLoop.send(.pointerUp(point(p1)))
        host.step()
        #expect(cv.indexPathsForSelectedItems == [p0] && source.deselected == [p0, p1])
        host.runUntilIdle()
    }
}
