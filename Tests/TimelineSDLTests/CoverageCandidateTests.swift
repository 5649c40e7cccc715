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
