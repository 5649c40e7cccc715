import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// P3: the engine adds a batch's size constraints before its positions, so the order an app lists
/// them in changes neither the result nor (measured by `scripts/chain-scene` and `timeline
/// layout`, docs/measured.md) the cost.
@Suite("P3 build order", .endsIdle)
@MainActor
struct BuildOrderTests {
    /// A row of `n` views chained left to right, sizes listed before or after the chain.
    func row(_ n: Int, sizesFirst: Bool) -> [Rect] {
        let host = makeHost(width: 4_000, height: 100)
        let views = (0..<n).map { _ in View() }
        for v in views { v.translatesAutoresizingMaskIntoConstraints = false; host.root.addSubview(v) }
        var chain = [views[0].leadingAnchor.constraint(equalTo: host.root.leadingAnchor)]
        for k in 1..<n { chain.append(views[k].leadingAnchor.constraint(equalTo: views[k - 1].trailingAnchor, constant: 2)) }
        chain += views.map { $0.topAnchor.constraint(equalTo: host.root.topAnchor) }
        let sizes = views.flatMap { [$0.widthAnchor.constraint(equalToConstant: 10), $0.heightAnchor.constraint(equalToConstant: 10)] }
        LayoutConstraint.activate(sizesFirst ? sizes + chain : chain + sizes)
        host.runUntilIdle()
        return views.map(\.frame)
    }

    @Test("P3: a chained row lays out the same whether its size constraints come first or last")
    func P3_orderDoesNotChangeTheLayout() {
        let first = row(60, sizesFirst: true), last = row(60, sizesFirst: false)
        #expect(first == last)
        #expect(first.last == Rect(x: 59 * 12, y: 0, width: 10, height: 10))
    }
}
