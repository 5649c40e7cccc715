import Geometry
import Timeline

/// The "Layers" page (CA11): Core Animation's layer kinds on one stage layer, each animated by
/// key path: a progress ring on `strokeEnd`, a gradient sweep, a replicator loader, a 3D card
/// flip under an m34 sublayer transform, a shadowed card, and a button that pauses and resumes
/// the stage's layer time as Apple's Technical Q&A 1673 shows.
@MainActor
final class LayersScene: GalleryScene {
    let title = "Layers: shape, gradient, replicator, 3D, shadow, emitter"
    var help: String { "p or the button \(paused ? "resumes" : "pauses") the stage's layer time" }
    private let stage = Layer()
    private var paused = false
    private var button: Button?
    private var runLoop: MainRunLoop?

    /// Still views behind the layers (`--layer-page-views`), to measure the page among many views.
    static var backgroundViews = 0

    func build(in container: View, runLoop: MainRunLoop) {
        self.runLoop = runLoop
        for k in 0..<Self.backgroundViews {
            let v = View(frame: Rect(x: Double(k % 50) * 22, y: Double(k / 50 % 30) * 22, width: 18, height: 18))
            v.backgroundColor = Color(red: 0.2, green: 0.22, blue: 0.27, alpha: 0.5)
            v.cornerRadius = 4
            container.addSubview(v)
        }
        let canvas = View(frame: container.bounds)
        canvas.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(canvas)
        stage.name = "stage"
        stage.frame = Rect(x: 0, y: 0, width: container.bounds.width, height: container.bounds.height)
        canvas.layer.addSublayer(stage)
        let cell = Size(width: 220, height: 220)
        func origin(_ column: Int, _ row: Int) -> Point { Point(x: 30 + Double(column) * (cell.width + 20), y: 20 + Double(row) * (cell.height + 50)) }
        addRing(at: origin(0, 0), size: cell)
        addGradient(at: origin(1, 0), size: cell)
        addLoader(at: origin(2, 0), size: cell)
        addFlip(at: origin(0, 1), size: cell)
        addShadowCard(at: origin(1, 1), size: cell)
        addSparks(at: origin(2, 1), size: cell)
        let captions = ["progress ring: strokeEnd", "gradient sweep: colors, locations", "replicator: instanceDelay",
                        "3D flip: m34, rotation.y", "shadow: shadowRadius, offset", "emitter: seeded particles"]
        for (k, text) in captions.enumerated() {
            let o = origin(k % 3, k / 3)
            canvas.addSubview(makeLabel(text, size: 14, color: Palette.dim, at: Point(x: o.x, y: o.y + cell.height + 6)))
        }
        let pause = Button(title: "Pause layer time", identifier: "pause")
        pause.translatesAutoresizingMaskIntoConstraints = true
        pause.frame = Rect(x: origin(2, 1).x + 15, y: origin(2, 1).y + 170, width: 190, height: 44)
        pause.addAction(for: .primaryActionTriggered) { [weak self] _ in guard let self else { return }; togglePause() }
        canvas.addSubview(pause)
        button = pause
    }

    private func addRing(at o: Point, size: Size) {
        let center = Point(x: size.width / 2, y: size.height / 2)
        var circle = Path()
        circle.addArc(center: center, radius: 80, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        let track = ShapeLayer()
        track.frame = Rect(origin: o, size: size)
        track.path = circle
        track.fillColor = nil
        track.strokeColor = Palette.card
        track.lineWidth = 14
        let ring = ShapeLayer()
        ring.frame = track.bounds
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = Palette.accents[2]
        ring.lineWidth = 14
        ring.lineCap = .round
        track.addSublayer(ring)
        stage.addSublayer(track)
        let fill = BasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0.0
        fill.toValue = 1.0
        fill.duration = 2.4
        fill.timingFunction = MediaTimingFunction(name: .easeInEaseOut)
        fill.repeatCount = .infinity
        ring.add(fill, forKey: "progress")
    }

    private func addGradient(at o: Point, size: Size) {
        let g = GradientLayer()
        g.frame = Rect(origin: o, size: size)
        g.cornerRadius = 18
        g.masksToBounds = true
        g.colors = [Palette.accents[3], Palette.accents[4], Palette.accents[0]]
        g.startPoint = Point(x: 0, y: 0)
        g.endPoint = Point(x: 1, y: 1)
        stage.addSublayer(g)
        let sweep = BasicAnimation(keyPath: "locations")
        sweep.fromValue = [-0.5, 0.0, 0.5]
        sweep.toValue = [0.5, 1.0, 1.5]
        sweep.duration = 2
        sweep.autoreverses = true
        sweep.repeatCount = .infinity
        g.locations = [0, 0.5, 1]
        g.add(sweep, forKey: "sweep")
    }

    private func addLoader(at o: Point, size: Size) {
        let r = ReplicatorLayer()
        r.frame = Rect(origin: o, size: size)
        r.instanceCount = 12
        r.instanceTransform = Transform3D(rotationAngle: 2 * .pi / 12, x: 0, y: 0, z: 1)
        r.instanceDelay = 1.0 / 12
        let dot = Layer()
        dot.bounds = Rect(x: 0, y: 0, width: 18, height: 18)
        dot.position = Point(x: size.width / 2, y: 30)
        dot.cornerRadius = 9
        dot.backgroundColor = Palette.accents[1]
        dot.opacity = 0.15
        r.addSublayer(dot)
        stage.addSublayer(r)
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        let grow = BasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1.3
        grow.toValue = 0.7
        grow.duration = 1
        grow.repeatCount = .infinity
        dot.add(grow, forKey: "grow")
    }

    private func addFlip(at o: Point, size: Size) {
        let holder = Layer()
        holder.frame = Rect(origin: o, size: size)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        holder.sublayerTransform = perspective
        stage.addSublayer(holder)
        let front = Layer(), back = Layer()
        back.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        for (face, color) in [(front, Palette.accents[3]), (back, Palette.accents[0])] {
            face.frame = holder.bounds.inset(by: EdgeInsets(all: 24))
            face.cornerRadius = 16
            face.backgroundColor = color
            face.borderWidth = 3
            face.borderColor = Palette.text
            face.isDoubleSided = false
            holder.addSublayer(face)
        }
        for (face, start) in [(front, 0.0), (back, Double.pi)] {
            let flip = BasicAnimation(keyPath: "transform.rotation.y")
            flip.fromValue = start
            flip.toValue = start + .pi
            flip.duration = 1.6
            flip.timingFunction = MediaTimingFunction(name: .easeInEaseOut)
            flip.autoreverses = true
            flip.repeatCount = .infinity
            face.add(flip, forKey: "flip")
        }
    }

    private func addShadowCard(at o: Point, size: Size) {
        let card = Layer()
        card.frame = Rect(origin: o, size: size).inset(by: EdgeInsets(all: 30))
        card.cornerRadius = 18
        card.backgroundColor = Palette.card
        card.shadowColor = .black
        card.shadowOpacity = 0.8
        card.shadowOffset = Size(width: 0, height: 10)
        card.shadowRadius = 6
        stage.addSublayer(card)
        let lift = BasicAnimation(keyPath: "shadowRadius")
        lift.fromValue = 4.0
        lift.toValue = 18.0
        lift.duration = 1.2
        lift.autoreverses = true
        lift.repeatCount = .infinity
        card.add(lift, forKey: "lift")
        let rise = BasicAnimation(keyPath: "shadowOffset")
        rise.fromValue = Size(width: 0, height: 4)
        rise.toValue = Size(width: 0, height: 18)
        rise.duration = 1.2
        rise.autoreverses = true
        rise.repeatCount = .infinity
        card.add(rise, forKey: "rise")
    }

    private func addSparks(at o: Point, size: Size) {
        let emitter = EmitterLayer()
        emitter.frame = Rect(x: o.x, y: o.y, width: size.width, height: 160)
        emitter.emitterPosition = Point(x: size.width / 2, y: 150)
        emitter.emitterShape = .line
        emitter.emitterSize = Size(width: 60, height: 0)
        emitter.seed = 22
        let spark = EmitterCell()
        spark.birthRate = 60
        spark.lifetime = 1.6
        spark.lifetimeRange = 0.4
        spark.velocity = 110
        spark.velocityRange = 30
        spark.emissionLongitude = -.pi / 2
        spark.emissionRange = .pi / 5
        spark.yAcceleration = 60
        spark.alphaSpeed = -0.55
        spark.scaleSpeed = -0.35
        spark.color = Palette.accents[1]
        spark.contentsSize = Size(width: 6, height: 6)
        emitter.emitterCells = [spark]
        stage.addSublayer(emitter)
    }

    /// Pauses or resumes the stage (speed, timeOffset and beginTime, as Q&A 1673).
    private func togglePause() {
        guard let runLoop else { return }
        let now = runLoop.currentMediaTime
        if paused {
            let pausedTime = stage.timeOffset
            stage.speed = 1
            stage.timeOffset = 0
            stage.beginTime = 0
            stage.beginTime = stage.convertTime(now, from: nil) - pausedTime
        } else {
            let pausedTime = stage.convertTime(now, from: nil)
            stage.speed = 0
            stage.timeOffset = pausedTime
        }
        paused.toggle()
        button?.setTitle(paused ? "Resume layer time" : "Pause layer time", for: .normal)
    }

    func handleKey(_ key: Key) -> Bool {
        guard key.name == "p" else { return false }
        togglePause()
        return true
    }

    func tearDown() { stage.removeAllAnimations() }
}
