import Geometry
@testable import TimelineSDL
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// CA10: a layer that changes re-emits only its own group in the window's display list, and
/// the damage is its old and new boxes; the list and the pixels equal a full rebuild's and a
/// full repaint's, frame after frame.
@MainActor
@Suite("CA10 layer groups patched in place")
struct LayerPatchTests {
    /// A view hosting 200 still layers, one moving by an explicit animation, a child moving
    /// with its parent, a shape layer animating strokeEnd, a gradient sweeping its locations,
    /// a replicator whose copies follow their original, and a layer fading by an implicit
    /// change per frame.
    func scene(_ host: HeadlessHost) -> View {
        host.window.backgroundColor = Color(red: 0.1, green: 0.12, blue: 0.15)
        let canvas = View(frame: Rect(x: 0, y: 0, width: 320, height: 300))
        host.root.addSubview(canvas)
        Transaction.begin()
        Transaction.setDisableActions(true)
        for k in 0..<200 {
            let l = Layer()
            l.frame = Rect(x: Double(k % 20) * 16, y: Double(k / 20) * 14 + 150, width: 12, height: 10)
            l.backgroundColor = Color(red: Double(k % 5) / 5, green: 0.6, blue: 0.8)
            l.cornerRadius = Double(k % 3) * 2
            canvas.layer.addSublayer(l)
        }
        let mover = Layer()
        mover.frame = Rect(x: 10, y: 10, width: 40, height: 30)
        mover.backgroundColor = Color(red: 1, green: 0.3, blue: 0.2)
        mover.cornerRadius = 6
        mover.name = "mover"
        let child = Layer()
        child.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        child.backgroundColor = .white
        mover.addSublayer(child)
        canvas.layer.addSublayer(mover)
        let ring = ShapeLayer()
        ring.frame = Rect(x: 80, y: 10, width: 60, height: 60)
        var circle = Path()
        circle.addArc(center: Point(x: 30, y: 30), radius: 24, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = Color(red: 0.3, green: 0.9, blue: 0.5)
        ring.lineWidth = 6
        canvas.layer.addSublayer(ring)
        let gradient = GradientLayer()
        gradient.frame = Rect(x: 160, y: 10, width: 60, height: 60)
        gradient.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1), Color(red: 1, green: 0, blue: 0)]
        gradient.locations = [0, 0.5, 1]
        canvas.layer.addSublayer(gradient)
        let replicator = ReplicatorLayer()
        replicator.frame = Rect(x: 230, y: 10, width: 80, height: 80)
        replicator.instanceCount = 6
        replicator.instanceTransform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 0, z: 1)
        let dot = Layer()
        dot.frame = Rect(x: 36, y: 4, width: 8, height: 8)
        dot.backgroundColor = Color(red: 0.9, green: 0.7, blue: 0.2)
        replicator.addSublayer(dot)
        canvas.layer.addSublayer(replicator)
        Transaction.commit()
        host.runUntilIdle()

        let move = BasicAnimation(keyPath: "position")
        move.byValue = Point(x: 37.3, y: 61.7)
        move.duration = 0.5; move.autoreverses = true; move.repeatCount = .infinity
        mover.add(move, forKey: "move")
        let draw = BasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0.0; draw.toValue = 1.0; draw.duration = 0.7; draw.repeatCount = .infinity
        ring.add(draw, forKey: "draw")
        let sweep = BasicAnimation(keyPath: "locations")
        sweep.fromValue = [-0.5, 0.0, 0.5]; sweep.toValue = [0.5, 1.0, 1.5]; sweep.duration = 0.6; sweep.repeatCount = .infinity
        gradient.add(sweep, forKey: "sweep")
        let pulse = BasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1.4; pulse.toValue = 0.6; pulse.duration = 0.4; pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")
        return canvas
    }

    @Test("CA10 a patched list equals a rebuilt one, frame after frame, and the damage is partial")
    func patchedEqualsRebuilt() {
        let patched = makeHost(width: 320, height: 300), rebuilt = makeHost(width: 320, height: 300)
        rebuilt.window.patchesDisplayList = false
        _ = scene(patched)
        _ = scene(rebuilt)
        var partial = 0
        for _ in 0..<40 {
            patched.step(); rebuilt.step()
            #expect(patched.window.displayList.commands == rebuilt.window.displayList.commands)
            if let d = patched.window.displayList.damage, !d.isNull, d.width * d.height < 320 * 300 / 2 { partial += 1 }
        }
        #expect(partial >= 30)
    }

    @Test("CA10 a damaged repaint of patched layers equals a full repaint, pixel for pixel")
    func damagedRepaintEqualsFull() throws {
        let host = makeHost(width: 320, height: 300)
        _ = scene(host)
        let damaged = try ImageRenderer(pixelWidth: 320, pixelHeight: 300)
        let full = try ImageRenderer(pixelWidth: 320, pixelHeight: 300)
        full.painter.repaintsDamageOnly = false
        var partial = 0
        for frame in 0..<30 {
            host.step()
            damaged.render(host.window.displayList)
            full.render(host.window.displayList)
            if let d = damaged.painter.lastDamage, Double(d.w) * Double(d.h) < 320 * 300 / 2 { partial += 1 }
            let diff = damaged.image().difference(from: full.image(), tolerance: 0)
            #expect(diff.fractionOff == 0, "frame \(frame): \(diff)")
        }
        #expect(partial >= 20)
    }

    @Test("CA10 adding, hiding and reordering layers rebuilds or patches to what a rebuild gives")
    func structuralChanges() {
        let patched = makeHost(width: 320, height: 300), rebuilt = makeHost(width: 320, height: 300)
        rebuilt.window.patchesDisplayList = false
        let a = scene(patched), b = scene(rebuilt)
        for (k, host, canvas) in [(0, patched, a), (1, rebuilt, b)] {
            _ = k
            let sublayers = canvas.layer.sublayers ?? []
            host.step()
            sublayers[3].isHidden = true
            host.step()
            sublayers[5].zPosition = 4
            host.step()
            let extra = Layer()
            extra.frame = Rect(x: 100, y: 100, width: 20, height: 20)
            extra.backgroundColor = .white
            sublayers[7].addSublayer(extra)
            host.step()
            sublayers[3].isHidden = false
            sublayers[9].removeFromSuperlayer()
        }
        for _ in 0..<10 {
            patched.step(); rebuilt.step()
            #expect(patched.window.displayList.commands == rebuilt.window.displayList.commands)
        }
    }
}
