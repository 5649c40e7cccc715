import Geometry
import Layers
import RenderModel
import Testing

@Suite("CA3 emitter layers: seeded particles as functions of time")
@MainActor
struct EmitterTests {
    func emitter(seed: UInt32) -> EmitterLayer {
        let e = EmitterLayer()
        e.emitterPosition = Point(x: 100, y: 100)
        e.emitterShape = .circle
        e.emitterSize = Size(width: 40, height: 40)
        e.seed = seed
        let cell = EmitterCell()
        cell.birthRate = 50
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
        cell.velocity = 60
        cell.velocityRange = 20
        cell.emissionRange = 2 * .pi
        cell.yAcceleration = 30
        cell.spin = 1
        cell.scaleSpeed = -0.2
        cell.alphaSpeed = -0.3
        cell.color = Color(red: 1, green: 0.6, blue: 0.1)
        e.emitterCells = [cell]
        return e
    }

    @Test("CA3 the same seed and time give the same particles; another seed others")
    func reproducible() {
        let a = emitter(seed: 7), b = emitter(seed: 7), c = emitter(seed: 8)
        for t in [0.0, 0.4, 1.7, 3.0] {
            #expect(a.particles(at: t) == b.particles(at: t))
        }
        #expect(a.particles(at: 1.7) != c.particles(at: 1.7))
        // Asking out of order changes nothing: no state is carried from frame to frame.
        let late = a.particles(at: 3.0)
        _ = a.particles(at: 0.2)
        #expect(a.particles(at: 3.0) == late)
    }

    @Test("CA3 birth rate times lifetime particles are alive, each born on its cell's schedule")
    func counts() {
        let e = emitter(seed: 1)
        // At 0.5 s: every particle born so far (k / 50 ≤ 0.5) lives at least 1.5 s.
        #expect(e.particles(at: 0.5).count == 26)
        // In the steady state about rate × mean lifetime.
        let steady = e.particles(at: 10).count
        #expect(steady > 80 && steady < 120)
        e.birthRate = 2                                           // the layer's multiplier
        #expect(e.particles(at: 0.5).count == 51)
        #expect(EmitterLayer().particles(at: 1).isEmpty)
    }

    @Test("CA3 a particle with no ranges moves as its velocity and acceleration say, spins and fades")
    func kinematics() throws {
        let e = EmitterLayer()
        e.emitterPosition = Point(x: 10, y: 20)
        let cell = EmitterCell()
        cell.birthRate = 1; cell.lifetime = 5; cell.velocity = 100; cell.emissionLongitude = 0
        cell.yAcceleration = 10; cell.spin = 2; cell.alphaSpeed = -0.1; cell.scaleSpeed = 0.5
        cell.contentsSize = Size(width: 4, height: 4)
        e.emitterCells = [cell]
        let p = try #require(e.particles(at: 0.5).first)              // the particle born at 0
        #expect(abs(p.position.x - 60) < 1e-9 && abs(p.position.y - (20 + 0.5 * 10 * 0.25)) < 1e-9)
        #expect(abs(p.angle - 1) < 1e-12 && abs(p.color.alpha - 0.95) < 1e-12 && abs(p.size.width - 5) < 1e-12)
        #expect(e.particles(at: 5.5).count == 5)                       // the first one died at 5 s
    }

    @Test("CA3 a hosted emitter redraws every frame and keeps the run loop awake")
    func hosted() {
        let host = LayerHost()
        let e = emitter(seed: 3)
        e.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        host.root.addSublayer(e)
        for _ in 0..<30 { host.step() }
        #expect(host.engine.hasPendingWork)
        #expect(host.engine.changedInLastPass.contains { $0 === e })
        e.emitterCells = nil
        host.step()
        #expect(!host.engine.hasPendingWork)
    }
}

@Suite("CA3 replicator copies are bounded")
@MainActor
struct ReplicatorBoundTests {
    @Test("CA3 nested replicators stop at a bound on the draw commands their copies add, with one diagnostic")
    func nestedReplicatorsAreBounded() {
        let host = LayerHost()
        let outer = ReplicatorLayer(), inner = ReplicatorLayer(), dot = Layer()
        outer.name = "outer"; inner.name = "inner"
        outer.instanceCount = 5_000; inner.instanceCount = 5_000    // 25 million dots unbounded
        outer.instanceTransform = Transform3D(translationX: 1, y: 0, z: 0)
        inner.instanceTransform = Transform3D(translationX: 0, y: 1, z: 0)
        dot.frame = Rect(x: 0, y: 0, width: 2, height: 2)
        dot.backgroundColor = .white
        inner.addSublayer(dot); outer.addSublayer(inner); host.root.addSublayer(outer)
        host.step()
        var renderer = LayerRenderer(engine: host.engine)
        var list: [DrawCommand] = []
        _ = renderer.emit(host.root, parent: .identity, into: &list)
        let bound = LayerRenderer.maximumReplicatedCommands
        // One inner replicator's copies (5,000 dots) stay under the bound; the outer copies stop
        // once together they pass it, so the list ends within one outer copy of the bound.
        let oneOuterCopy = 4 * 5_000 + 4
        #expect(list.count > bound && list.count <= bound + 2 * oneOuterCopy)
        let reports = host.messages.filter { $0.contains("copies: they reached") }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("outer") == true)
        // Drawing again reports nothing new.
        list.removeAll()
        _ = renderer.emit(host.root, parent: .identity, into: &list)
        #expect(host.messages.filter { $0.contains("copies: they reached") }.count == 1)
    }

    @Test("CA3 an emitter's invisible particles count toward the bound on replicated work: copies stop though they draw nothing")
    func invisibleParticlesAreBounded() {
        let host = LayerHost()
        let outer = ReplicatorLayer(), inner = ReplicatorLayer(), e = EmitterLayer()
        outer.name = "outer"; inner.name = "inner"
        outer.instanceCount = 40; inner.instanceCount = 40
        let cell = EmitterCell()
        cell.birthRate = 10_000; cell.lifetime = 10
        cell.color = Color(red: 1, green: 1, blue: 1, alpha: 0)     // every particle invisible
        e.emitterCells = (0..<8).map { _ in cell }                  // many cells: one draw's bound holds
        inner.addSublayer(e); outer.addSublayer(inner); host.root.addSublayer(outer)
        host.step()
        var renderer = LayerRenderer(engine: host.engine)
        var list: [DrawCommand] = []
        _ = renderer.emit(host.root, parent: .identity, into: &list)     // emission starts
        host.run(to: 5)
        list.removeAll()
        _ = renderer.emit(host.root, parent: .identity, into: &list)
        // 1,600 copies of 8 cells of 2,000 candidates would be 25.6 million evaluations; one
        // draw evaluates at most maximumEvaluations, and the copies stop past the bound.
        _ = e.particles(at: 5)
        #expect(e.lastEvaluations == EmitterLayer.maximumEvaluations)
        // Only the copies' empty groups are drawn, a handful of them and not 1,600.
        #expect(list.allSatisfy { if case .beginGroup = $0 { true } else if case .endGroup = $0 { true } else { false } })
        #expect(list.count < 100)
        #expect(host.messages.contains { $0.contains("outer") && $0.contains("copies: they reached") })
    }
}
