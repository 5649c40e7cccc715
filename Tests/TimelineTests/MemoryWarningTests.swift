import Foundation
import Testing
import TimelineTestSupport
import Images
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation
@testable import TextEngine

/// MR5: memory warnings on Linux: a resident budget the app sets, the kernel's memory
/// pressure (PSI), and what a warning releases.
@Suite("MR5 memory warnings", .endsIdle)
@MainActor
struct MemoryWarningTests {
    final class CountingController: ViewController {
        var warnings = 0
        override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning(); warnings += 1 }
    }
    final class Rows: TableViewDataSource {
        var count: Int
        init(_ count: Int) { self.count = count }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { count }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            let c = t.dequeueReusableCell(withIdentifier: "row", for: p)
            c.textLabel?.text = "row \(p.row)"
            return c
        }
    }
    final class FakeCache: CacheReleasing {
        var entries = 5
        func releaseCaches() { entries = 0 }
    }

    /// Runs `n` frames, asked for, so that an idle loop runs them too.
    func frames(_ host: HeadlessHost, _ n: Int) {
        for _ in 0..<n { host.runLoop.requestFrame(); host.step() }
    }

    /// Fills the table's reuse pool: many rows shown, then two.
    func fillPool(_ t: TableView, _ rows: Rows, _ host: HeadlessHost) {
        rows.count = 100
        t.reloadData()
        host.runUntilIdle()
        rows.count = 2
        t.reloadData()
        host.runUntilIdle()
    }

    @Test("MR5: resident memory past the budget warns once per crossing; controllers, observers and caches are told")
    func MR5_budgetCrossingWarnsOncePerCrossing() {
        let host = makeHost(width: 400, height: 600)
        let window = host.window
        let root = CountingController(), child = CountingController(), presented = CountingController()
        window.rootViewController = root
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let rows = Rows(100)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        root.view.addSubview(table)
        let label = Label(text: "漢字 in a label", fontSize: 15)
        label.translatesAutoresizingMaskIntoConstraints = true
        label.frame = Rect(x: 0, y: 460, width: 300, height: 40)
        root.view.addSubview(label)
        let cache = FakeCache()
        window.releasesOnMemoryWarning(cache)
        var posted = 0
        let token = window.addMemoryWarningObserver { posted += 1 }
        var resident = 50 << 20
        let monitor = window.memoryMonitor
        monitor.residentReader = { resident }
        window.memoryWarningBudget = 100 << 20
        host.runUntilIdle()
        root.present(presented, animated: false)
        fillPool(table, rows, host)
        #expect(table.pooledCellCount > 0)
        #expect(window.fontSystem.cachedLookupCount > 0, "the label's fallback for 漢 is a kept lookup")

        // Under the budget: checked, nothing raised.
        frames(host, 70)
        #expect(monitor.checkCount >= 2)
        #expect(monitor.lastResidentBytes == 50 << 20)
        #expect(window.memoryWarningCount == 0 && posted == 0 && root.warnings == 0)

        // Past it: one warning, to every controller, the observer and each cache.
        resident = 150 << 20
        frames(host, 61)
        #expect(window.memoryWarningCount == 1)
        #expect(window.lastMemoryWarningReason == .budgetExceeded(residentBytes: 150 << 20))
        #expect(root.warnings == 1 && child.warnings == 1 && presented.warnings == 1)
        #expect(posted == 1)
        #expect(cache.entries == 0)
        #expect(table.pooledCellCount == 0)
        #expect(!table.subviews.contains { ($0 as? TableViewCell)?.isHidden == true }, "pooled cells left the table")
        #expect(window.fontSystem.cachedLookupCount == 0)

        // The caches fill again when next used.
        let created = table.cellsCreated
        label.text = "漢字 again"
        fillPool(table, rows, host)
        #expect(table.pooledCellCount > 0)
        #expect(table.cellsCreated > created)
        #expect(window.fontSystem.cachedLookupCount > 0)

        // Still past the budget: not again.
        frames(host, 200)
        #expect(window.memoryWarningCount == 1 && root.warnings == 1 && posted == 1)
        // Below the budget but not below its rearm fraction (90%): still not again.
        resident = 95 << 20
        frames(host, 70)
        resident = 150 << 20
        frames(host, 70)
        #expect(window.memoryWarningCount == 1)
        #expect(!monitor.isArmed)
        // Below 90%, then past it again: the second crossing warns.
        resident = 80 << 20
        frames(host, 70)
        #expect(monitor.isArmed)
        resident = 150 << 20
        frames(host, 70)
        #expect(window.memoryWarningCount == 2 && root.warnings == 2 && child.warnings == 2 && posted == 2)

        // A simulated warning; a removed observer hears nothing more.
        window.removeMemoryWarningObserver(token)
        window.simulateMemoryWarning()
        #expect(window.memoryWarningCount == 3 && root.warnings == 3 && posted == 2)
        #expect(window.lastMemoryWarningReason == .simulated)
        host.runUntilIdle()
    }

    @Test("MR5: with no budget set nothing is read; a budget of zero or less is refused with a diagnostic")
    func MR5_noBudgetByDefault() {
        let host = makeHost()
        var reads = 0
        host.window.memoryMonitor.residentReader = { reads += 1; return 1 << 40 }
        frames(host, 130)
        #expect(reads == 0 && host.window.memoryWarningCount == 0)
        #expect(host.window.memoryWarningBudget == nil)
        host.window.memoryWarningBudget = -5
        #expect(host.window.memoryWarningBudget == nil)
        #expect(host.runLoop.diagnostics.entries.contains { $0.kind == .misuse && $0.message.contains("memoryWarningBudget") })
        host.runUntilIdle()
    }

    @Test("MR5: the resident figure comes from /proc/self/statm's second field, in pages")
    func MR5_residentReader() {
        func parse(_ s: String) -> Int? {
            Array(s.utf8).withUnsafeBufferPointer { MemoryMonitor.parseStatmResident($0) }
        }
        #expect(parse("12345 678 90 1 0 2 0\n") == 678)
        #expect(parse("12345 678") == 678)
        #expect(parse("12345") == nil)
        #expect(parse("") == nil)
        #expect(parse("1 99999999999999999999999 3") == nil)
        if FileManager.default.fileExists(atPath: "/proc/self/statm") {
            let bytes = MemoryMonitor.readResidentBytes()
            #expect((bytes ?? 0) > 1 << 20, "a Swift test process holds more than 1 MiB")
        }
    }

    @Test("MR5: the kernel's memory-pressure trigger opens where /proc/pressure/memory takes one; elsewhere it is off without error")
    func MR5_pressureTrigger() {
        let host = makeHost()
        let window = host.window
        window.monitorsMemoryPressure = true
        let monitor = window.memoryMonitor
        if access("/proc/pressure/memory", W_OK) == 0 {
            #expect(monitor.isWatchingPressure, "\(monitor.pressureUnavailableReason ?? "")")
            #expect(monitor.pressureUnavailableReason == nil)
            let before = monitor.checkCount
            let start = ContinuousClock.now
            _ = monitor.check()
            #expect(ContinuousClock.now - start < .milliseconds(100), "polling does not block")
            #expect(monitor.checkCount == before + 1)
            // A trigger the kernel refuses leaves it off, with the kernel's reason.
            let refused = MemoryMonitor()
            #expect(!refused.startWatchingPressure(trigger: "not a trigger"))
            #expect(refused.pressureUnavailableReason?.contains("refused") == true)
        } else {
            #expect(!monitor.isWatchingPressure)
            #expect(monitor.pressureUnavailableReason != nil)
        }
        // No such file: off, a reason, and checks raise nothing.
        let absent = MemoryMonitor()
        #expect(!absent.startWatchingPressure(path: "/proc/pressure/no-such-file"))
        #expect(absent.pressureUnavailableReason?.contains("no-such-file") == true)
        #expect(absent.check() == nil)
        window.monitorsMemoryPressure = false
        #expect(!window.monitorsMemoryPressure)
        host.runUntilIdle()
    }

    @Test("MR5: a reuse pool keeps at most 128 cells per identifier; the rest leave the table")
    func MR5_reusePoolBudget() {
        let host = makeHost(width: 400, height: 2_600)
        let rows = Rows(400)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 2_600))
        table.rowHeight = 10
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        host.root.addSubview(table)
        host.runUntilIdle()
        #expect(table.visibleCells.count > 200)
        rows.count = 0
        table.reloadData()
        host.runUntilIdle()
        #expect(table.pooledCellCount == ReusePool<TableViewCell>.maximumPooledCellsPerIdentifier)
        #expect(table.subviews.filter { $0 is TableViewCell }.count == 128)
        host.runUntilIdle()
    }

    @Test("MR5: the font system keeps at most 4,096 fallback lookups")
    func MR5_fallbackLookupBudget() throws {
        let fonts = try FontSystem()
        let other = try FontSystem()
        // Another system's face is a primary that is not this one's: fallbacks to the shipped
        // face are found without asking fontconfig.
        let primary = other.systemFace
        var asked = 0
        for weight in [Font.Weight.regular, .bold] {
            for v in UInt32(0x21)..<UInt32(0xFFFF) where asked < 5_000 {
                guard let s = Unicode.Scalar(v), fonts.systemFace.glyph(for: s) != nil else { continue }
                _ = fonts.fallbackFace(for: s, primary: primary, font: .systemFont(ofSize: 12, weight: weight))
                asked += 1
            }
        }
        #expect(asked == 5_000)
        #expect(fonts.cachedLookupCount > 0)
        #expect(fonts.cachedLookupCount <= FontSystem.maximumCachedFallbacks)
    }
}
