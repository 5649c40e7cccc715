import Geometry
@testable import Layers
import RenderModel
import Testing

/// Content under perspective is projected point by point into the display list, a copy per
/// replicator copy, every frame: what it may cost is bounded (Z1 for layers). A fuzzer's 1 KB
/// scene (round-capped dashes a million points wide, in a replicator of 36 copies under a
/// perspective matrix) took 1.5 GB and a second a frame before these bounds.
@MainActor
@Suite("CA3, CA10 content projected under perspective is bounded")
struct ProjectionBoundTests {
    /// A perspective map: a turn about y seen from 500 points away (the turn first, so the
    /// layer's plane leaves z = 0 and its points' w varies).
    static let perspective: Transform3D = {
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 500
        return Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0).concatenating(eye)
    }()

    /// The points of `list` as the renderer's bounds count them (every command in it is
    /// projected here but the layers' group markers, which count one each).
    func points(_ list: [DrawCommand]) -> Int { list.reduce(0) { $0 + $1.projectedPointCount } }

    /// A layer that draws `count` copies of `path`, each filled.
    final class ManyPaths: Layer {
        var path = Path()
        var count = 0
        override func draw(in context: Canvas) {
            for _ in 0..<count { context.fill(path, color: .white) }
        }
    }

    /// A zig-zag of `n` lines, a polyline whose every point is projected.
    static func zigzag(_ n: Int) -> Path {
        var p = Path()
        p.move(to: .zero)
        for k in 1...n { p.addLine(to: Point(x: Double(k) * 0.01, y: k % 2 == 0 ? 0 : 10)) }
        p.close()
        return p
    }

    @Test("CA10 one layer's content under perspective stops at the bound on its projected points, reported once")
    func CA10_projectedPointsPerLayerAreBounded() {
        let host = LayerHost()
        let shapes = ManyPaths()
        shapes.name = "shapes"
        shapes.frame = Rect(x: 100, y: 50, width: 200, height: 200)
        shapes.transform = Self.perspective
        shapes.path = Self.zigzag(50_000)                          // 50,002 elements a copy
        shapes.count = 100                                         // 5 million points unbounded
        host.root.addSublayer(shapes)
        host.step()
        var renderer = LayerRenderer(engine: host.engine)
        var list: [DrawCommand] = []
        _ = renderer.emit(host.root, parent: .identity, into: &list)
        let bound = LayerRenderer.maximumProjectedPoints
        // The command that reaches the bound draws; none after it does.
        #expect(points(list) >= bound && points(list) < bound + 50_003)
        let reports = host.messages.filter { $0.contains("under perspective drew") }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("'shapes' under perspective drew 8 of its 100 draw commands") == true)
        list.removeAll()
        _ = renderer.emit(host.root, parent: .identity, into: &list)
        #expect(host.messages.filter { $0.contains("under perspective drew") }.count == 1)
    }

    @Test("CA3 a replicator's copies under perspective count their projected points toward the bound on replicated work")
    func CA3_projectedCopiesAreBounded() {
        let host = LayerHost()
        let replicator = ReplicatorLayer(), shape = ShapeLayer()
        replicator.name = "copies"
        replicator.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        replicator.instanceCount = 36
        replicator.instanceTransform = Transform3D(translationX: 4, y: 0, z: 0)
        replicator.sublayerTransform = Self.perspective
        shape.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        // A dashed, round-capped stroke: 2,000 dashes, each a capsule of about a hundred points.
        var line = Path()
        line.move(to: .zero)
        line.addLine(to: Point(x: 4_000, y: 0))
        shape.path = line
        shape.fillColor = nil
        shape.strokeColor = .white
        shape.lineWidth = 40
        shape.lineCap = .round
        shape.lineDashPattern = [1, 1]
        replicator.addSublayer(shape)
        host.root.addSublayer(replicator)
        host.step()
        var renderer = LayerRenderer(engine: host.engine)
        var list: [DrawCommand] = []
        _ = renderer.emit(host.root, parent: .identity, into: &list)
        // The stroke's outline, projected once per copy drawn (the first instance's first).
        let copies = list.compactMap { c -> Int? in if case .fillShape(let p, _, _) = c { p.elements.count } else { nil } }
        let one = copies.first ?? 0
        #expect(one > 100_000)
        let work = LayerRenderer.maximumReplicatedCommands * 8     // points count an eighth of a command
        // The first instance draws whatever it costs; copies stop once they pass the bound.
        #expect(copies.count > 1 && copies.count < 36)
        #expect(points(list) <= one + work + one)
        let reports = host.messages.filter { $0.contains("copies: they reached") }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("'copies' drew \(copies.count) of 36 copies") == true)
    }
}
