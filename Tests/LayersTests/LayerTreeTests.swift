import Geometry
import Layers
import RenderModel
import Testing

@Suite("CA1 layer tree and geometry")
@MainActor
struct LayerTreeTests {
    @Test("AM4: a sublayer kept past its superlayer reads nil as its superlayer, and the superlayer is freed")
    func AM4_superlayerReadsNilOnceGone() {
        let kept = Layer(), inner = Layer()
        kept.addSublayer(inner)
        weak var gone: Layer?
        do {
            let parent = Layer()
            parent.addSublayer(kept)
            gone = parent
            #expect(kept.superlayer === parent && inner.superlayer === kept)
        }
        #expect(gone == nil)
        #expect(kept.superlayer == nil && inner.superlayer === kept)
        // A free layer again: it joins another tree, and leaves it.
        let other = Layer()
        other.addSublayer(kept)
        #expect(kept.superlayer === other && other.children.count == 1)
        kept.removeFromSuperlayer()
        #expect(kept.superlayer == nil && other.children.isEmpty)
    }

    @Test("CA1 sublayers are added, inserted above and below, replaced and removed as in Core Animation")
    func treeOperations() {
        let parent = Layer(), a = Layer(), b = Layer(), c = Layer(), d = Layer()
        #expect(parent.sublayers == nil)
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(c, at: 0)
        #expect(parent.sublayers?.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        parent.insertSublayer(d, above: c)
        #expect(parent.children.map { ObjectIdentifier($0) } == [c, d, a, b].map { ObjectIdentifier($0) })
        parent.insertSublayer(d, below: b)
        #expect(parent.children.map { ObjectIdentifier($0) } == [c, a, d, b].map { ObjectIdentifier($0) })
        let e = Layer()
        parent.replaceSublayer(a, with: e)
        #expect(parent.children.map { ObjectIdentifier($0) } == [c, e, d, b].map { ObjectIdentifier($0) })
        #expect(a.superlayer == nil && e.superlayer === parent)
        d.removeFromSuperlayer()
        #expect(parent.children.count == 3 && d.superlayer == nil)
        // Moving a layer to another parent removes it from the first.
        let other = Layer()
        other.addSublayer(b)
        #expect(parent.children.count == 2 && b.superlayer === other)
    }

    @Test("CA1 a sublayer that draws nothing leaves its superlayer's bounds alone (no NaN that hides the subtree)")
    func emptySublayerKeepsBounds() {
        let host = LayerHost()
        let card = Layer()
        card.frame = Rect(x: 50, y: 40, width: 100, height: 80)
        card.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let empty = ShapeLayer()                     // a stroke of a lone point: an empty outline
        var point = Path()
        point.move(to: Point(x: 5, y: 5))
        empty.path = point
        empty.strokeColor = .white
        empty.fillColor = nil
        empty.position = Point(x: 10, y: 10)
        card.addSublayer(empty)
        host.root.addSublayer(card)
        host.step()
        var renderer = LayerRenderer(engine: host.engine)
        var list: [DrawCommand] = []
        let box = renderer.emit(host.root, parent: .identity, into: &list)
        #expect(box == Rect(x: 50, y: 40, width: 100, height: 80))
        for case .beginGroup(let g) in list { #expect(!g.bounds.minX.isNaN) }
    }

    @Test("CA1 a layer added as its own ancestor, or a mask that has a superlayer, is reported and ignored")
    func badTreeInput() {
        let host = LayerHost()
        let a = Layer(), b = Layer()
        a.name = "outer"; b.name = "inner"
        host.root.addSublayer(a)
        a.addSublayer(b)
        b.addSublayer(a)
        #expect(a.superlayer === host.root && b.superlayer === a && b.children.isEmpty)
        #expect(host.messages.contains { $0.contains("'outer'") && $0.contains("ancestor") })
        let m = Layer()
        m.name = "maskWithParent"
        host.root.addSublayer(m)
        a.mask = m
        #expect(a.mask == nil)
        #expect(host.messages.contains { $0.contains("'maskWithParent'") && $0.contains("superlayer") })
        a.addSublayer(a)
        #expect(a.children.count == 1)
    }

    @Test("CA1 frame is derived from bounds, position, anchor point and transform as Core Animation derives it")
    func frameDerivation() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        l.position = Point(x: 100, y: 100)
        #expect(l.frame == Rect(x: 50, y: 75, width: 100, height: 50))
        l.anchorPoint = Point(x: 0, y: 0)
        #expect(l.frame == Rect(x: 100, y: 100, width: 100, height: 50))
        l.anchorPoint = Point(x: 0.5, y: 0.5)
        l.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(close(l.frame, Rect(x: 75, y: 50, width: 50, height: 100), 1e-9))
        l.transform = .identity
        l.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.position == Point(x: 25, y: 40) && l.bounds.size == Size(width: 30, height: 40))
        // The bounds origin shifts content, not the frame.
        l.bounds.origin = Point(x: 5, y: 5)
        #expect(l.frame == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(l.affineTransform() == .identity)
    }

    @Test("CA1 points and rects convert between layers through transforms and sublayer transforms")
    func conversion() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        let a = Layer(), b = Layer()
        a.frame = Rect(x: 100, y: 100, width: 100, height: 100)
        b.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        root.addSublayer(a)
        a.addSublayer(b)
        #expect(close(b.convert(Point(x: 0, y: 0), to: root), Point(x: 110, y: 110)))
        #expect(close(root.convert(Point(x: 110, y: 110), to: b), Point(x: 0, y: 0)))
        a.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        // a's centre (150, 150) stays; b's origin (10, 10) in a is (-40, -40) from the centre,
        // turned a quarter to (40, -40).
        #expect(close(b.convert(Point(x: 0, y: 0), to: root), Point(x: 190, y: 110), 1e-9))
        let back = root.convert(b.convert(Point(x: 3, y: 4), to: root), to: b)
        #expect(close(back, Point(x: 3, y: 4), 1e-9))
        let r = a.convert(Rect(x: 0, y: 0, width: 100, height: 100), to: root)
        #expect(close(r, Rect(x: 100, y: 100, width: 100, height: 100), 1e-9))
        let stranger = Layer()
        #expect(stranger.convert(Point(x: 1, y: 1), from: a).x.isNaN)
    }

    @Test("CA1 hitTest finds the front-most layer and skips hidden ones; masksToBounds hides outside parts")
    func hitTesting() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        let back = Layer(), front = Layer(), child = Layer()
        back.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        front.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        child.frame = Rect(x: 80, y: 80, width: 50, height: 50)    // sticks out of front
        root.addSublayer(back)
        root.addSublayer(front)
        front.addSublayer(child)
        #expect(root.hitTest(Point(x: 60, y: 60)) === front)
        #expect(root.hitTest(Point(x: 10, y: 10)) === back)
        #expect(root.hitTest(Point(x: 140, y: 140)) === child)
        #expect(root.hitTest(Point(x: 170, y: 170)) === child)       // outside front, inside child
        front.masksToBounds = true
        #expect(root.hitTest(Point(x: 170, y: 170)) === root)
        front.isHidden = true
        #expect(root.hitTest(Point(x: 60, y: 60)) === back)
        #expect(front.contains(Point(x: 1, y: 1)) && !front.contains(Point(x: -1, y: 1)))
    }

    @Test("CA1 values read and written by key path, sub-paths included")
    func keyValueAccess() {
        let host = LayerHost()
        let l = Layer()
        l.name = "kv"
        host.root.addSublayer(l)
        Transaction.begin()
        Transaction.setDisableActions(true)
        l.setValue(42.0, forKeyPath: "position.x")
        l.setValue(0.5, forKeyPath: "opacity")
        l.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        l.setValue(80.0, forKeyPath: "bounds.size.width")
        l.setValue(-1.0 / 500, forKeyPath: "sublayerTransform.m34")
        Transaction.commit()
        #expect(l.position.x == 42 && l.opacity == 0.5 && l.bounds.width == 80 && l.sublayerTransform.m34 == -1.0 / 500)
        #expect(close(l.value(forKeyPath: "transform.rotation.z") as? Double ?? 0, .pi / 2, 1e-12))
        l.setValue("bad", forKeyPath: "opacity")
        l.setValue(1.0, forKeyPath: "noSuchKey")
        l.setValue(Double.nan, forKeyPath: "position.y")
        #expect(l.opacity == 0.5 && l.position.y == 0)
        #expect(host.messages.contains { $0.contains("'kv'") && $0.contains("opacity") })
        #expect(host.messages.contains { $0.contains("'kv'") && $0.contains("noSuchKey") })
        #expect(host.messages.contains { $0.contains("'kv'") && $0.contains("position.y") })
    }

    @Test("CA1 a non-finite property value is reported, naming the layer and key, and ignored")
    func nonFiniteValues() {
        let host = LayerHost()
        let l = Layer()
        l.name = "nan"
        host.root.addSublayer(l)
        l.opacity = .nan
        l.position = Point(x: .infinity, y: 0)
        #expect(l.opacity == 1 && l.position == .zero)
        #expect(host.messages.contains { $0.contains("opacity of Layer 'nan'") })
        #expect(host.messages.contains { $0.contains("position of Layer 'nan'") })
    }
}
