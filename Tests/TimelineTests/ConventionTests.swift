import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// MR6: UIKit's conventions in the engine's own API: a view made with a frame keeps it (its
/// frame set by hand, `translatesAutoresizingMaskIntoConstraints` true); every view class has
/// `init(frame:)`; `visibleCells` lists only the rows and items whose frames meet the bounds.
@Suite("MR6 UIKit conventions", .endsIdle)
@MainActor
struct ConventionTests {
    /// Sends a click (a press and a release) at `p` in `v`'s coordinates through the window's
    /// run loop, as a pointer would.
    func click(_ host: HeadlessHost, _ v: View, at p: Point) {
        let w = v.convert(p, to: nil)
        host.runLoop.send(.pointerDown(w)); host.runLoop.send(.pointerUp(w))
        host.step()
    }

    @Test("MR6: a control made with a frame lands at that frame after layout, and a click at its centre hits it")
    func MR6_controlsMadeWithAFrameKeepIt() {
        let host = makeHost(width: 400, height: 500)
        let controls: [(String, Control, Rect)] = [
            ("Switch", Switch(frame: Rect(x: 20, y: 20, width: 51, height: 31)), Rect(x: 20, y: 20, width: 51, height: 31)),
            ("Slider", Slider(frame: Rect(x: 100, y: 20, width: 200, height: 34)), Rect(x: 100, y: 20, width: 200, height: 34)),
            ("Stepper", Stepper(frame: Rect(x: 20, y: 80, width: 94, height: 32)), Rect(x: 20, y: 80, width: 94, height: 32)),
            ("PageControl", PageControl(frame: Rect(x: 150, y: 80, width: 120, height: 26)), Rect(x: 150, y: 80, width: 120, height: 26)),
            ("Button", Button(frame: Rect(x: 20, y: 140, width: 120, height: 44)), Rect(x: 20, y: 140, width: 120, height: 44)),
            ("SegmentedControl", SegmentedControl(frame: Rect(x: 160, y: 140, width: 200, height: 32)), Rect(x: 160, y: 140, width: 200, height: 32)),
        ]
        var touched: [String: Int] = [:]
        for (name, c, _) in controls {
            c.addAction(for: .touchDown) { _ in touched[name, default: 0] += 1 }
            host.root.addSubview(c)
        }
        (controls[3].1 as! PageControl).numberOfPages = 3
        let segmented = controls[5].1 as! SegmentedControl
        segmented.insertSegment(withTitle: "One", at: 0, animated: false)
        segmented.insertSegment(withTitle: "Two", at: 1, animated: false)
        // A text field and a text view placed by their frames take the clicks meant for them.
        let field = TextField(frame: Rect(x: 20, y: 210, width: 240, height: 36))
        let editor = TextView(frame: Rect(x: 20, y: 270, width: 240, height: 90))
        host.root.addSubview(field)
        host.root.addSubview(editor)
        host.runUntilIdle()
        let fields: [(String, Control, Rect)] = [("TextField", field, Rect(x: 20, y: 210, width: 240, height: 36)),
                                                 ("TextView", editor, Rect(x: 20, y: 270, width: 240, height: 90))]
        for (name, c, frame) in controls + fields {
            #expect(c.translatesAutoresizingMaskIntoConstraints, "\(name) made with a frame left it to constraints")
            #expect(c.frame == frame, "\(name) is at \(c.frame), made at \(frame)")
            // Where the code put it, not where it is: a control moved by layout is missed here.
            let meant = Point(x: frame.midX, y: frame.midY)
            #expect(host.root.hitTest(meant) === c, "\(name) is not what the centre of its frame hits")
        }
        for (name, c, frame) in controls {
            click(host, host.root, at: Point(x: frame.midX, y: frame.midY))
            host.runUntilIdle()
            #expect(touched[name] == 1, "a click at the centre of \(name) missed it")
        }
        #expect((controls[0].1 as! Switch).isOn)                                   // toggled, as a person's click does
        #expect(segmented.selectedSegmentIndex == 1)                               // the centre is the second segment's start
        click(host, host.root, at: Point(x: fields[0].2.midX, y: fields[0].2.midY))
        #expect(field.isFirstResponder, "a click at the centre of a TextField placed by its frame did not reach it")
        click(host, host.root, at: Point(x: fields[1].2.midX, y: fields[1].2.midY))
        #expect(editor.isFirstResponder && !field.isFirstResponder)
        _ = editor.resignFirstResponder()
        host.runUntilIdle()
        // Views that take no clicks land at their frames too.
        let others: [(View, Rect)] = [
            (ProgressView(frame: Rect(x: 20, y: 380, width: 200, height: 4)), Rect(x: 20, y: 380, width: 200, height: 4)),
            (ActivityIndicatorView(frame: Rect(x: 240, y: 380, width: 20, height: 20)), Rect(x: 240, y: 380, width: 20, height: 20)),
            (Label(frame: Rect(x: 20, y: 400, width: 100, height: 20)), Rect(x: 20, y: 400, width: 100, height: 20)),
            (ImageView(frame: Rect(x: 140, y: 400, width: 30, height: 30)), Rect(x: 140, y: 400, width: 30, height: 30)),
            (StackView(frame: Rect(x: 200, y: 400, width: 100, height: 40)), Rect(x: 200, y: 400, width: 100, height: 40)),
        ]
        for (v, _) in others { host.root.addSubview(v) }
        host.runUntilIdle()
        for (v, frame) in others { #expect(v.frame == frame, "\(type(of: v)) is at \(v.frame), made at \(frame)") }
        host.runUntilIdle()
    }

    @Test("MR6: initialisers without a frame, documented as laid out by constraints, leave the view to constraints")
    func MR6_constraintInitialisersStayInAutoLayout() {
        let views: [View] = [Switch(), Slider(), Stepper(), PageControl(), ProgressView(), ActivityIndicatorView(),
                             Button(title: "OK"), Label(text: "a"), TextField(), TextView(), StackView(),
                             SegmentedControl(items: ["a"]), View(identifier: "v")]
        for v in views { #expect(!v.translatesAutoresizingMaskIntoConstraints, "\(type(of: v))") }
        // Made with a frame (.zero included), every view keeps it, as UIKit's.
        for v in [Switch(frame: .zero), Button(frame: .zero), Label(frame: .zero), TextField(frame: .zero) as View, View(frame: .zero)] {
            #expect(v.translatesAutoresizingMaskIntoConstraints, "\(type(of: v))")
        }
    }

    /// The public view classes of the engine modules, each made with `init(frame:)`.
    static func madeWithFrame(_ r: Rect) -> [String: View] {
        [
            "View": View(frame: r), "Control": Control(frame: r), "Button": Button(frame: r), "Label": Label(frame: r),
            "TextField": TextField(frame: r), "TextView": TextView(frame: r), "ImageView": ImageView(frame: r),
            "Switch": Switch(frame: r), "Slider": Slider(frame: r), "ProgressView": ProgressView(frame: r),
            "ActivityIndicatorView": ActivityIndicatorView(frame: r), "SegmentedControl": SegmentedControl(frame: r),
            "Stepper": Stepper(frame: r), "PageControl": PageControl(frame: r), "StackView": StackView(frame: r),
            "RefreshControl": RefreshControl(frame: r), "ScrollView": ScrollView(frame: r),
            "TableViewCell": TableViewCell(frame: r), "TableView": TableView(frame: r),
            "CollectionReusableView": CollectionReusableView(frame: r), "CollectionViewCell": CollectionViewCell(frame: r),
            "CollectionView": CollectionView(frame: r), "TabBar": TabBar(frame: r), "Toolbar": Toolbar(frame: r),
            "NavigationBar": NavigationBar(frame: r), "EditMenu": EditMenu(frame: r),
        ]
    }

    /// The public and open classes of the engine modules that descend from `View`, read from
    /// their sources.
    static func publicViewClasses() throws -> Set<String> {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*(public|open)\s+(?:final\s+)?class\s+(\w+)\s*:\s*(\w+)"#,
                                              options: .anchorsMatchLines)
        var parent: [String: String] = [:]
        var isPublic: Set<String> = []
        for module in ["Views", "Controls", "Scrolling", "Lists", "Navigation"] {
            let folder = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            for f in files where f.pathExtension == "swift" {
                let text = try String(contentsOf: f, encoding: .utf8)
                let ns = text as NSString
                for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                    let name = ns.substring(with: m.range(at: 2))
                    parent[name] = ns.substring(with: m.range(at: 3))
                    isPublic.insert(name)
                }
            }
        }
        func isView(_ name: String) -> Bool {
            var n: String? = name
            while let c = n { if c == "View" { return true }; n = parent[c] }
            return false
        }
        return Set(isPublic.filter(isView)).union(["View"])
    }

    @Test("MR6: every public view class of the engine has init(frame:), which keeps the frame")
    func MR6_everyViewHasInitFrame() throws {
        let r = Rect(x: 12, y: 34, width: 160, height: 90)
        let made = Self.madeWithFrame(r)
        let classes = try Self.publicViewClasses()
        #expect(classes.count >= 25)
        #expect(Set(made.keys) == classes, "classes without a test of init(frame:): \(classes.subtracting(made.keys).sorted())")
        for (name, v) in made {
            #expect(String(describing: type(of: v)) == name)
            #expect(v.frame == r, "\(name)(frame:) is at \(v.frame)")
            #expect(v.translatesAutoresizingMaskIntoConstraints, "\(name)(frame:) left its frame to constraints")
        }
        // Placed in a window and laid out, they stay where they were made.
        let host = makeHost(width: 400, height: 300)
        for (_, v) in made.sorted(by: { $0.key < $1.key }) { host.root.addSubview(v) }
        host.runUntilIdle()
        for (name, v) in made { #expect(v.frame == r, "\(name) moved to \(v.frame) in layout") }
        for (_, v) in made { v.removeFromSuperview() }
        host.runUntilIdle()
    }

    // MARK: Visible cells

    final class Rows: TableViewDataSource {
        let counts: [Int]
        let titled: Bool
        init(_ counts: [Int], titled: Bool = false) { self.counts = counts; self.titled = titled }
        func numberOfSections(in t: TableView) -> Int { counts.count }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { counts[s] }
        func tableView(_ t: TableView, titleForHeaderInSection s: Int) -> String? { titled ? "Section \(s)" : nil }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            t.dequeueReusableCell(withIdentifier: "row", for: p)
        }
    }

    /// A 600-point-high table of 44-point rows.
    func table(_ source: Rows) -> (HeadlessHost, TableView) {
        let host = makeHost(width: 400, height: 700)
        let t = TableView(frame: Rect(x: 0, y: 50, width: 400, height: 600))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        host.root.addSubview(t)
        t.dataSource = source
        host.runUntilIdle()
        return (host, t)
    }

    @Test("MR6: a 600-point table of 44-point rows lists 14 visible rows at offset 0 and 15 at 22, not the preloaded ones")
    func MR6_tableVisibleCells() {
        let source = Rows([1_000])
        let (host, t) = table(source)
        defer { withExtendedLifetime(source) {} }
        // Rows meet the bounds when they overlap them; a row only touching an edge does not.
        let cases: [(offset: Double, rows: ClosedRange<Int>)] = [
            (0, 0...13),       // 13 × 44 = 572 < 600: row 13 partly shows; row 14 starts at 616
            (22, 0...14),      // row 0 half out at the top, row 14 (616..<660) meets 622
            (44, 1...14),      // row 0 ends at 44, the top: not visible
            (2_000, 45...59),  // 45 × 44 = 1,980; 59 × 44 = 2,596 < 2,600
            (2_024, 46...59),  // row 45 ends at the top; row 60 starts at 2,640 > 2,624
        ]
        for c in cases {
            t.contentOffset = Point(x: 0, y: c.offset)
            host.step()
            let expected = c.rows.map { IndexPath(row: $0, section: 0) }
            #expect(t.indexPathsForVisibleRows == expected, "offset \(c.offset)")
            #expect(t.visibleCells.count == c.rows.count, "offset \(c.offset): \(t.visibleCells.count) cells")
            #expect(zip(t.visibleCells, expected).allSatisfy { t.cellForRow(at: $1) === $0 })
            #expect(t.visibleCells.allSatisfy { $0.frame.minY < t.bounds.maxY && $0.frame.maxY > t.bounds.minY })
            // The rows loaded past the edges stay alive, and are not visible.
            let loaded = t.loadedCells
            #expect(loaded.count > c.rows.count, "offset \(c.offset): nothing preloaded")
            let hidden = loaded.filter { l in !t.visibleCells.contains { $0 === l } }
            #expect(hidden.allSatisfy { $0.frame.maxY <= t.bounds.minY || $0.frame.minY >= t.bounds.maxY })
        }
        #expect(ceil(600 / 44) == 14)
        host.runUntilIdle()
    }

    @Test("MR6: the last row of a section scrolled above the top is not visible while the next section's header shows")
    func MR6_tableVisibleRowsAcrossSections() {
        let source = Rows([5, 50], titled: true)
        let (host, t) = table(source)
        defer { withExtendedLifetime(source) {} }
        let lastOfFirst = t.rectForRow(at: IndexPath(row: 4, section: 0))
        t.contentOffset = Point(x: 0, y: lastOfFirst.maxY + 1)                   // inside the second header
        host.step()
        #expect(t.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 1))
        #expect(t.cellForRow(at: IndexPath(row: 4, section: 0)) != nil)              // loaded in the margin
        #expect(!t.visibleCells.contains { $0 === t.cellForRow(at: IndexPath(row: 4, section: 0)) })
        host.runUntilIdle()
    }

    final class Items: CollectionViewDataSource {
        func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { 1_000 }
        func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
            c.dequeueReusableCell(withReuseIdentifier: "item", for: p)
        }
    }

    @Test("MR6: a 600-point collection of 44-point lines lists 14 visible items at offset 0 and 15 at 22, not the preloaded ones")
    func MR6_collectionVisibleCells() {
        let host = makeHost(width: 400, height: 700)
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 400, height: 44)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let cv = CollectionView(frame: Rect(x: 0, y: 50, width: 400, height: 600), collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        let source = Items()
        host.root.addSubview(cv)
        cv.dataSource = source
        host.runUntilIdle()
        defer { withExtendedLifetime(source) {} }
        let cases: [(offset: Double, items: ClosedRange<Int>)] = [
            (0, 0...13), (22, 0...14), (44, 1...14), (2_000, 45...59), (2_024, 46...59),
        ]
        for c in cases {
            cv.contentOffset = Point(x: 0, y: c.offset)
            host.step()
            let expected = c.items.map { IndexPath(item: $0, section: 0) }
            #expect(cv.indexPathsForVisibleItems == expected, "offset \(c.offset)")
            #expect(cv.visibleCells.count == c.items.count, "offset \(c.offset): \(cv.visibleCells.count) cells")
            #expect(cv.visibleCells.map { cv.indexPath(for: $0) } == expected.map { Optional($0) })
            let loaded = cv.loadedCells
            #expect(loaded.count > c.items.count, "offset \(c.offset): nothing preloaded")
            let hidden = loaded.filter { l in !cv.visibleCells.contains { $0 === l } }
            #expect(hidden.allSatisfy { $0.frame.maxY <= cv.bounds.minY || $0.frame.minY >= cv.bounds.maxY })
        }
        host.runUntilIdle()
    }
}
