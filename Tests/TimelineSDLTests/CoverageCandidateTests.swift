import Geometry
import RenderModel
@testable import TimelineSDL
import Testing
import Timeline

/// LT11: a filled path that is not kept is a candidate known by its digest; one filled again in
/// the next paint is kept from then on, as when candidates were dictionary entries, and a path
/// that moves every frame is never entered. What a renderer draws with its history is what a
/// fresh renderer draws, bit for bit (the still shape lies on whole pixels, so its coverage
/// over the whole target and over a clip are the same numbers).
@MainActor
@Suite("LT11 coverage candidates by digest")
struct CoverageCandidateTests {
    @Test("LT11 a still shape is kept from its second paint and laid from its third, moving ones never; every frame as a fresh renderer's")
    func LT11_candidatesByDigest() throws {
        let renderer = try ImageRenderer(pixelWidth: 80, pixelHeight: 60)
        var uses: [Int] = []
        for f in 0..<10 {
            var list = DisplayList()
            list.size = Size(width: 80, height: 60)
            list.background = .clear
            // Translucent: an opaque rectangle is laid from its rows and never kept.
            list.commands.append(.fillShape(Path(rect: Rect(x: 10, y: 10, width: 40, height: 30)), .color(Color(red: 0, green: 0, blue: 1, alpha: 0.75)), .nonZero))
            // Moving by fractions of a pixel over the still one, one of them translucent.
            list.commands.append(.fillShape(Path(rect: Rect(x: 15 + 1.37 * Double(f), y: 20.25, width: 17.5, height: 9)),
                                            .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1)), .evenOdd))
            var tri = Path()
            tri.move(to: Point(x: 12 + 0.6 * Double(f), y: 12)); tri.addLine(to: Point(x: 30, y: 38 - 0.45 * Double(f))); tri.addLine(to: Point(x: 45, y: 15)); tri.close()
            list.commands.append(.fillShape(tri, .color(Color(red: 0, green: 1, blue: 0, alpha: 0.5)), .nonZero))
            renderer.render(list)
            uses.append(renderer.painter.lastKeptCoverageUses)
            let fresh = try ImageRenderer(pixelWidth: 80, pixelHeight: 60)
            fresh.render(list)
            #expect(fresh.painter.lastKeptCoverageUses == 0)
            #expect(renderer.image().bytes == fresh.image().bytes, "frame \(f)")
        }
        #expect(uses == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1], "kept coverage laid per frame: \(uses)")
    }
}

/// LT11: kept coverage outlives a path's last fill by a few paints while little is kept, so a
/// layer that fades out and back in is laid from it again, not rasterised twice more.
@MainActor
@Suite("LT11 kept coverage over a short absence")
struct KeptCoverageIdleTests {
    static func list(_ shapes: [Path]) -> DisplayList {
        var list = DisplayList()
        list.size = Size(width: 80, height: 60)
        list.background = .clear
        for s in shapes { list.commands.append(.fillShape(s, .color(Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.8)), .nonZero)) }
        return list
    }

    static func triangle(_ x: Double, _ size: Double) -> Path {
        .polygon([Point(x: x, y: 5), Point(x: x + size, y: 10), Point(x: x + 4, y: 5 + size * 0.7)])
    }

    @Test("LT11 a shape away for a few paints is laid from its kept coverage when it is back; away longer, it is dropped")
    func LT11_keptOverShortAbsence() throws {
        let renderer = try ImageRenderer(pixelWidth: 80, pixelHeight: 60)
        let dot = Self.triangle(10, 20)
        for _ in 0..<3 { renderer.render(Self.list([dot])) }
        #expect(renderer.painter.lastKeptCoverageUses == 1)
        // Away for ten paints (another shape drawn meanwhile): still held.
        for f in 0..<10 {
            renderer.render(Self.list([Self.triangle(50 + Double(f), 10)]))
            #expect(renderer.painter.cacheCounts.keptCoverage == 1, "paint \(f) away")
        }
        renderer.render(Self.list([dot]))
        #expect(renderer.painter.lastKeptCoverageUses == 1, "laid from kept coverage on its return")
        let fresh = try ImageRenderer(pixelWidth: 80, pixelHeight: 60)
        fresh.render(Self.list([dot]))
        #expect(renderer.image().bytes == fresh.image().bytes)
        // Away past the idle paints (and the next look for idle coverage): dropped.
        for _ in 0...(DisplayListPainter.keptCoverageIdlePaints + DisplayListPainter.keptCoverageSweepPaints) { renderer.render(Self.list([])) }
        #expect(renderer.painter.cacheCounts.keptCoverage == 0)
    }

    @Test("LT11 when much is kept, coverage not used in the last paint is dropped at once")
    func LT11_droppedAtOnceWhenFull() throws {
        let renderer = try ImageRenderer(pixelWidth: 80, pixelHeight: 60)
        // Three shapes over most of the target: their coverage takes more than half the bound
        // (four targets' worth).
        let big = [0.0, 1, 2].map { k in Path.polygon([Point(x: -5 + k, y: -5), Point(x: 90, y: -4 + k), Point(x: 85 - k, y: 70), Point(x: -4, y: 66 + k)]) }
        for _ in 0..<3 { renderer.render(Self.list(big)) }
        #expect(renderer.painter.lastKeptCoverageUses == 3)
        #expect(renderer.painter.cacheCounts.keptCoverage == 3)
        renderer.render(Self.list([]))
        #expect(renderer.painter.cacheCounts.keptCoverage == 0)
    }
}
