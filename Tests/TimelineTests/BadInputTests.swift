import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
import Controls
import Scrolling
@testable import Lists
import Navigation

/// Issue 39's bad input: input faster than frames, resizes every frame, a page switched while
/// its transition runs, a table's data source changing during a fling. No trap, nothing kept.
@MainActor
@Suite("MR0 bad input: floods, resizes, switches and reloads mid-flight", .endsIdle)
struct BadInputTests {
    /// Rows counted by `count`, which the test changes under the table.
    final class Rows: TableViewDataSource {
        var count: Int
        init(_ count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    func fling(_ host: HeadlessHost, at p: Point, dy: Double) {
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: t))
        for k in 1...10 {
            t += 0.008
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x, y: p.y + dy * Double(k) / 10), buttons: 1), timestamp: t))
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x, y: p.y + dy), button: 1), timestamp: t))
        host.step()
    }

    @Test("MR0: 5,000 pointer events between two frames, ten times over: every one handled, no press left behind, nothing kept")
    func MR0_inputFasterThanFrames() {
        let host = makeHost()
        weak var weakTable: TableView?
        weak var weakPan: PanGestureRecognizer?
        do {
            let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            let rows = Rows(1_000)
            table.dataSource = rows
            host.root.addSubview(table)
            let pad = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
            let pan = PanGestureRecognizer()
            var states = 0
            pan.addAction { _ in states += 1 }
            pad.addGestureRecognizer(pan)
            host.root.addSubview(pad)
            host.runUntilIdle()
            for round in 0..<10 {
                for k in 0..<1_000 {
                    let x = Double((k * 37 + round) % 400), y = Double((k * 53) % 300)
                    host.runLoop.send(.pointerDown(Point(x: x, y: y), button: 1))
                    host.runLoop.send(.pointerMoved(Point(x: x + 3, y: y + 7), buttons: 1))
                    host.runLoop.send(.pointerMoved(Point(x: x + 9, y: y + 20), buttons: 1))
                    host.runLoop.send(.scroll(dx: 0, dy: -3, at: Point(x: x, y: y)))
                    host.runLoop.send(.pointerUp(Point(x: x + 9, y: y + 20), button: 1))
                }
                host.step()
                #expect(host.window.pointerTracks.isEmpty, "round \(round): a press is still tracked")
                #expect(table.contentOffset.isFinite && table.loadedCells.count < 40, "round \(round): \(table.loadedCells.count) cells")
            }
            #expect(states > 0)
            host.runUntilIdle(limit: 2_000)
            weakTable = table
            weakPan = pan
            table.removeFromSuperview()
            pad.removeFromSuperview()
            table.dataSource = nil
        }
        host.runUntilIdle()
        #expect(weakTable == nil && weakPan == nil, "the table or the recognizer outlived the flood")
    }

    @Test("MR0: a window resized every frame for 600 frames, from 1 point to 4,000: constraints and the table follow, cells stay bounded")
    func MR0_resizeEveryFrame() {
        let host = makeHost()
        let table = TableView(frame: .zero)
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = Rows(10_000)
        table.dataSource = rows
        table.translatesAutoresizingMaskIntoConstraints = false
        host.root.addSubview(table)
        LayoutConstraint.activate([
            table.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10),
            table.trailingAnchor.constraint(equalTo: host.root.trailingAnchor, constant: -10),
            table.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 10),
            table.bottomAnchor.constraint(equalTo: host.root.bottomAnchor, constant: -10),
        ])
        var most = 0
        for k in 0..<600 {
            let w = k % 3 == 0 ? 1.0 : Double((k * 97) % 4_000), h = Double((k * 61) % 3_000)
            host.window.resize(to: Size(width: w, height: h))
            host.step()
            most = max(most, table.loadedCells.count)
            #expect(table.frame.isFinite && table.contentOffset.isFinite)
        }
        host.window.resize(to: Size(width: 400, height: 300))
        host.runUntilIdle()
        #expect(table.frame == Rect(x: 10, y: 10, width: 380, height: 280))
        // At most a 3,000-point window of 44-point rows and the preload margins.
        #expect(most < 3_000 / 44 + 30, "\(most) cells loaded at once")
        #expect(table.loadedCells.count < 20)
        table.removeFromSuperview()
        host.runUntilIdle()
    }

    @Test("MR0: a table's rows change under a fling (10,000 to 20, then to none, then back): the offset stays in the content, no trap",
          arguments: [20, 0])
    func MR0_dataSourceChangesDuringFling(to fewer: Int) {
        let host = makeHost(width: 400, height: 600)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = Rows(10_000)
        table.dataSource = rows
        host.root.addSubview(table)
        host.runUntilIdle()
        fling(host, at: Point(x: 200, y: 500), dy: -400)
        host.step(frames: 10)
        #expect(table.contentOffset.y > 400, "the fling moved \(table.contentOffset.y)")
        rows.count = fewer
        table.reloadData()
        host.runUntilIdle(limit: 2_000)
        let maxY = max(0, table.contentSize.height - table.bounds.height)
        #expect(table.contentOffset.y >= -1 && table.contentOffset.y <= maxY + 1, "offset \(table.contentOffset.y) in content up to \(maxY)")
        #expect(table.visibleCells.count == min(fewer, 14), "\(table.visibleCells.count) visible")
        rows.count = 10_000
        table.reloadData()
        fling(host, at: Point(x: 200, y: 500), dy: -400)
        host.runUntilIdle(limit: 4_000)
        #expect(table.contentOffset.isFinite && table.loadedCells.count < 30)
        table.removeFromSuperview()
        host.runUntilIdle()
    }

    @Test("MR0: a navigation screen taken out of the window in the middle of its push, and of its pop: no trap, every screen freed")
    func MR0_pageSwitchedDuringItsTransition() {
        let host = makeHost(width: 390, height: 844)
        weak var weakNav: NavigationController?
        weak var weakPushed: ViewController?
        for popping in [false, true] {
            do {
                let nav = NavigationController(rootViewController: ViewController())
                host.root.addSubview(nav.view)
                nav.view.frame = host.root.bounds
                host.runUntilIdle()
                let next = ViewController()
                nav.pushViewController(next, animated: true)
                if popping {
                    host.runUntilIdle()
                    _ = nav.popViewController(animated: true)
                }
                host.step(frames: 8)                     // the transition is half way
                nav.view.removeFromSuperview()           // the page switches away
                host.step(frames: 60)
                weakNav = nav
                weakPushed = next
            }
            host.runUntilIdle()
            #expect(weakNav == nil && weakPushed == nil, "popping \(popping): the controllers outlived their page")
        }
    }
}
