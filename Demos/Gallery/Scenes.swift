import FrameTiming
import Geometry
import Timeline

// MARK: (a) The source documents' example: a panel slid in by a constraint constant

/// A settings panel pinned by constraints, slid in and out by animating its leading constraint's
/// constant, committed either per frame (frame interpolation after one `layoutIfNeeded()` in an
/// animation block) or per constraint (the constant goes through the solver every frame).
@MainActor
final class PanelScene: GalleryScene {
    let title = "Panel: a constraint constant animates"
    var help: String { "space slide in/out    m commit mode: \(constraintMode ? "constraints" : "frames")" }
    private var constraintMode = false
    private var isIn = false
    private var leading: LayoutConstraint!
    private weak var container: View?
    private let modeLabel = makeLabel("", size: 16)
    private var timer: TimerToken?
    private weak var runLoop: MainRunLoop?
    private var width = 340.0

    func build(in container: View, runLoop: MainRunLoop) {
        self.container = container
        self.runLoop = runLoop
        // Sized from the area: 340 points wide where there is room, the rows shrinking to fit the
        // height, so the panel and the notes beside it fit a small window.
        let b = container.bounds
        width = min(340, max(200, (b.width * 0.5).rounded()))
        let slot = (b.height - 40 - 50 - 14) / 5
        let rowHeight = max(30, min(48, (slot * 0.77).rounded())), gap = max(6, min(14, (slot - rowHeight).rounded()))
        let panel = View()
        panel.identifier = "panel"
        panel.backgroundColor = Palette.panel
        panel.cornerRadius = 16
        panel.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(panel)
        leading = panel.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: -width - 20)
        LayoutConstraint.activate([
            leading,
            panel.widthAnchor.constraint(equalToConstant: width),
            panel.topAnchor.constraint(equalTo: container.topAnchor, constant: 20),
            panel.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -20),
        ])
        let heading = Label(text: "Settings", fontSize: 24)
        heading.textColor = .white
        panel.addSubview(heading)
        LayoutConstraint.activate([
            heading.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 20),
            heading.topAnchor.constraint(equalTo: panel.topAnchor, constant: 18),
        ])
        var above = heading.bottomAnchor
        for (i, name) in ["Wi-Fi", "Bluetooth", "Notifications", "Display", "Sounds"].enumerated() {
            let row = View()
            row.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.14)
            row.cornerRadius = 10
            row.translatesAutoresizingMaskIntoConstraints = false
            panel.addSubview(row)
            let dot = View()
            dot.backgroundColor = Palette.accents[i % Palette.accents.count]
            dot.cornerRadius = 9
            dot.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(dot)
            let label = Label(text: name, fontSize: 17)
            label.textColor = .white
            row.addSubview(label)
            LayoutConstraint.activate([
                row.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 16),
                row.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -16),
                row.topAnchor.constraint(equalTo: above, constant: gap),
                row.heightAnchor.constraint(equalToConstant: rowHeight),
                dot.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 14),
                dot.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                dot.widthAnchor.constraint(equalToConstant: 18),
                dot.heightAnchor.constraint(equalToConstant: 18),
                label.leadingAnchor.constraint(equalTo: dot.trailingAnchor, constant: 12),
                label.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            ])
            above = row.bottomAnchor
        }
        modeLabel.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(modeLabel)
        let note = Label(text: "leading.constant animates; every other frame follows from the constraints", fontSize: 14)
        note.textColor = Palette.dim
        container.addSubview(note)
        // The notes wrap to the space right of the panel (T1), so no window size cuts them.
        for label in [modeLabel, note] { label.numberOfLines = 0 }
        LayoutConstraint.activate([
            modeLabel.leadingAnchor.constraint(equalTo: panel.trailingAnchor, constant: 40),
            modeLabel.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -16),
            modeLabel.centerYAnchor.constraint(equalTo: container.centerYAnchor),
            note.leadingAnchor.constraint(equalTo: modeLabel.leadingAnchor),
            note.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -16),
            note.topAnchor.constraint(equalTo: modeLabel.bottomAnchor, constant: 8),
        ])
        updateModeLabel()
        // Slide in shortly after the scene appears.
        timer = runLoop.schedule(after: .milliseconds(250)) { [weak self] in self?.slide() }
    }

    private func updateModeLabel() {
        modeLabel.text = "commit mode: \(constraintMode ? "constraints (solver every frame)" : "frames (one solve, frames interpolated)")"
    }

    private func slide() {
        guard let container else { return }
        isIn.toggle()
        let target = isIn ? 24 : -width - 20
        if constraintMode {
            leading.animateConstant(to: target, duration: 0.6, curve: .spring(Spring(dampingRatio: 0.8, response: 0.5)))
        } else {
            leading.constant = target
            View.animate(withDuration: 0.6, options: .beginFromCurrentState,
                         curve: .spring(Spring(dampingRatio: 0.8, response: 0.5))) { container.layoutIfNeeded() }
        }
    }

    func handleKey(_ key: Key) -> Bool {
        switch key.name {
        case "space": slide(); return true
        case "m":
            constraintMode.toggle()
            updateModeLabel()
            return true
        default: return false
        }
    }

    func tearDown() { if let timer { runLoop?.cancel(timer) } }
}

// MARK: (b) Springs side by side

/// Five balls on springs of the same response and different damping ratios, sent back and forth.
@MainActor
final class SpringsScene: GalleryScene {
    let title = "Springs: damping 0.2 to 1, response 0.8 s"
    let help = "space send the balls across now"
    private let ratios = [0.2, 0.35, 0.5, 0.7, 1.0]
    private var balls: [View] = []
    private var atRight = false
    private var timer: TimerToken?
    private weak var runLoop: MainRunLoop?
    private var left = 0.0, right = 0.0

    func build(in container: View, runLoop: MainRunLoop) {
        self.runLoop = runLoop
        let b = container.bounds
        // The least damped spring overshoots by exp(-πζ/√(1-ζ²)) ≈ 53% of the distance at ζ = 0.2:
        // leave that much room on both sides so every ball stays in view.
        let available = b.width - 220
        let distance = available / (1 + 2 * 0.55)
        left = 190 + 0.55 * distance; right = left + distance
        let rowHeight = min(90, (b.height - 40) / Double(ratios.count))
        for (i, z) in ratios.enumerated() {
            let y = 30 + Double(i) * rowHeight
            let track = View(frame: Rect(x: left, y: y + rowHeight / 2 - 2, width: right - left, height: 4))
            track.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.08)
            track.cornerRadius = 2
            container.addSubview(track)
            let label = makeLabel("ζ = \(z)", size: 17, at: Point(x: 40, y: y + rowHeight / 2 - 11))
            container.addSubview(label)
            let ball = View(frame: Rect(x: left - 20, y: y + rowHeight / 2 - 20, width: 40, height: 40))
            ball.cornerRadius = 20
            ball.backgroundColor = Palette.accents[i % Palette.accents.count]
            container.addSubview(ball)
            balls.append(ball)
        }
        timer = runLoop.schedule(after: .milliseconds(200), repeating: .milliseconds(2200)) { [weak self] in self?.send() }
    }

    private func send() {
        atRight.toggle()
        for (ball, z) in zip(balls, ratios) {
            View.animate(withDuration: 0, options: .beginFromCurrentState, curve: .spring(Spring(dampingRatio: z, response: 0.8))) {
                ball.center.x = atRight ? right : left
            }
        }
    }

    func handleKey(_ key: Key) -> Bool {
        guard key.name == "space" else { return false }
        send()
        return true
    }

    func tearDown() { if let timer { runLoop?.cancel(timer) } }
}

// MARK: (c) Keyframes

/// A square taken round a loop by a keyframe animation: position, colour, rotation and corner
/// radius each have their own keyframes; cubic-paced calculation is toggled with `c`.
@MainActor
final class KeyframesScene: GalleryScene {
    let title = "Keyframes: four legs, four properties"
    var help: String { "c calculation: \(cubic ? "cubic" : "linear") (from the next lap)" }
    private var cubic = false
    private var square: View!
    private var active = true
    private var corners: [Point] = []

    func build(in container: View, runLoop: MainRunLoop) {
        let b = container.bounds
        let cx = b.width / 2, cy = b.height / 2
        let rx = min(280, b.width / 2 - 80), ry = min(160, b.height / 2 - 70)
        corners = [Point(x: cx - rx, y: cy - ry), Point(x: cx + rx, y: cy - ry),
                   Point(x: cx + rx, y: cy + ry), Point(x: cx - rx, y: cy + ry)]
        for (i, p) in corners.enumerated() {
            let mark = View(frame: Rect(x: p.x - 8, y: p.y - 8, width: 16, height: 16))
            mark.cornerRadius = 8
            mark.backgroundColor = Palette.accents[i].withAlphaMultiplied(by: 0.45)
            container.addSubview(mark)
        }
        square = View(frame: Rect(x: corners[0].x - 45, y: corners[0].y - 45, width: 90, height: 90))
        square.backgroundColor = Palette.accents[0]
        square.cornerRadius = 8
        container.addSubview(square)
        run()
    }

    private func run() {
        guard active, let square else { return }
        let corners = self.corners
        View.animateKeyframes(withDuration: 4, calculation: cubic ? .cubic : .linear, animations: {
            for k in 0..<4 {
                View.addKeyframe(withRelativeStartTime: Double(k) / 4, relativeDuration: 0.25) {
                    square.center = corners[(k + 1) % 4]
                    square.backgroundColor = Palette.accents[(k + 1) % 4]
                    square.transform = AffineTransform(rotationAngle: Double(k + 1) * .pi / 2)
                    square.cornerRadius = k % 2 == 0 ? 45 : 8
                }
            }
        }, completion: { [weak self] _ in
            guard let self, self.active else { return }
            square.transform = .identity
            self.run()
        })
    }

    func handleKey(_ key: Key) -> Bool {
        guard key.name == "c" else { return false }
        cubic.toggle()
        return true
    }

    func tearDown() { active = false }
}

// MARK: (d) A property animator scrubbed with the mouse

/// Drag anywhere: the pointer's x scrubs a paused property animator (position, rotation,
/// colour, corner radius); releasing continues it with a spring that starts at the drag's velocity.
@MainActor
final class ScrubScene: GalleryScene {
    let title = "Property animator: scrub, then spring"
    let help = "drag horizontally anywhere    space run to the other end"
    private var card: View!
    private var animator: PropertyAnimator?
    private var towardRight = true
    private var startX = 0.0, distance = 1.0
    private var dragStartFraction = 0.0, dragStartX = 0.0
    private var samples: [(x: Double, t: Double)] = []
    private weak var runLoop: MainRunLoop?
    private var left = 0.0, right = 0.0

    func build(in container: View, runLoop: MainRunLoop) {
        self.runLoop = runLoop
        let b = container.bounds
        left = 110; right = b.width - 110
        distance = right - left
        let pad = TouchView(frame: b)
        pad.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        pad.onEvent = { [weak self] event, point in self?.pointer(event, point) ?? false }
        container.addSubview(pad)
        let rail = View(frame: Rect(x: left, y: b.height / 2 - 2, width: distance, height: 4))
        rail.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.1)
        rail.isUserInteractionEnabled = false
        container.addSubview(rail)
        card = View(frame: Rect(x: left - 60, y: b.height / 2 - 60, width: 120, height: 120))
        card.backgroundColor = Palette.accents[3]
        card.cornerRadius = 14
        card.isUserInteractionEnabled = false
        container.addSubview(card)
        makeAnimator()
    }

    private func makeAnimator() {
        let card = self.card!
        let toRight = towardRight
        let a = PropertyAnimator(duration: 1.2, curve: .easeInOut) { [left, right] in
            card.center.x = toRight ? right : left
            card.transform = toRight ? AffineTransform(rotationAngle: .pi) : .identity
            card.backgroundColor = toRight ? Palette.accents[1] : Palette.accents[3]
            card.cornerRadius = toRight ? 60 : 14
        }
        a.addCompletion { [weak self] position in
            guard let self, self.animator === a else { return }
            if position == .end { self.towardRight.toggle() }
            self.makeAnimator()
        }
        a.pauseAnimation()
        animator = a
    }

    private func pointer(_ event: InputEvent, _ p: Point) -> Bool {
        guard let animator, let runLoop else { return false }
        let t = runLoop.currentTime
        switch event.kind {
        case .pointerDown:
            animator.pauseAnimation()
            dragStartFraction = animator.fractionComplete
            dragStartX = p.x
            samples = [(p.x, t)]
        case .pointerMoved(_, let buttons) where buttons != 0:
            let delta = (p.x - dragStartX) / distance * (towardRight ? 1 : -1)
            animator.fractionComplete = min(max(dragStartFraction + delta, 0), 1)
            samples.append((p.x, t))
            if samples.count > 6 { samples.removeFirst() }
        case .pointerUp:
            // The drag's velocity over the last samples, in fractions per second toward the end.
            var v = 0.0
            if let first = samples.first, let last = samples.last, last.t - first.t > 1e-3 {
                v = (last.x - first.x) / (last.t - first.t) / distance * (towardRight ? 1 : -1)
            }
            let f = animator.fractionComplete
            let forward = v > 0.3 || (v > -0.3 && f >= 0.5)
            animator.isReversed = !forward
            let remaining = forward ? 1 - f : f
            let velocity = remaining > 1e-3 ? (forward ? v : -v) / remaining : 0
            animator.continueAnimation(withTimingParameters: .spring(Spring(dampingRatio: 0.72, response: 0.45, initialVelocity: velocity)),
                                       durationFactor: 1)
        default:
            return false
        }
        return true
    }

    func handleKey(_ key: Key) -> Bool {
        guard key.name == "space", let animator else { return false }
        animator.isReversed = false
        animator.continueAnimation(withTimingParameters: .spring(Spring(dampingRatio: 0.8, response: 0.5)), durationFactor: 1)
        return true
    }

    func tearDown() { animator = nil }
}

/// A view that hands pointer events to a closure.
@MainActor
final class TouchView: View {
    var onEvent: ((InputEvent, Point) -> Bool)?
    override func handle(_ event: InputEvent, at point: Point) -> Bool { onEvent?(event, point) ?? false }
}

// MARK: (e) A timeline

/// Four cards choreographed by one timeline with labels: they fade in staggered, travel, spin and
/// change colour. Keys play, pause, reverse and seek.
@MainActor
final class TimelineScene: GalleryScene {
    let title = "Timeline with labels"
    let help = "p play/pause   r turn around   s next label   ← → seek 0.25 s   0 start"
    private var timeline: AnimationTimeline?
    private weak var runLoop: MainRunLoop?
    private let status = makeLabel("", size: 16, color: Palette.text, at: Point(x: 40, y: 20))
    private var observer: ObserverToken?
    private var cards: [View] = []

    func build(in container: View, runLoop: MainRunLoop) {
        self.runLoop = runLoop
        let b = container.bounds
        status.numberOfLines = 0
        status.preferredMaxLayoutWidth = b.width - 60
        container.addSubview(status)
        // Four cards in the height below the status line (90 points where there is room).
        let side = max(36, min(90, ((b.height - 80) / 4 - 20).rounded()))
        let tl = AnimationTimeline()
        var tweens: [Tween] = []
        var travels: [Tween] = []
        var spins: [Tween] = []
        var outros: [Tween] = []
        for i in 0..<4 {
            let card = View(frame: Rect(x: 80, y: 80 + Double(i) * (side + 20), width: side, height: side))
            card.backgroundColor = Palette.accents[i]
            card.cornerRadius = 12
            card.alpha = 0
            container.addSubview(card)
            cards.append(card)
            tweens.append(.value(from: 0, to: 1, duration: 0.5) { card.alpha = $0 })
            let x0 = 80 + side / 2, x1 = b.width - 120
            travels.append(.value(from: x0, to: x1, duration: 0.9, curve: .easeInOut) { card.center.x = $0 })
            spins.append(.value(from: 0, to: .pi, duration: 0.7, curve: .easeInOut) { card.transform = AffineTransform(rotationAngle: $0) })
            let from = Palette.accents[i], to = Palette.accents[(i + 2) % 4]
            outros.append(Tween(duration: 0.6) { p in
                card.backgroundColor = Color.interpolate(from, to, p)
                card.cornerRadius = 12 + (side / 2 - 12) * p
            })
        }
        _ = tl.addLabel("intro")
            .stagger(tweens, each: 0.15)
            .addLabel("travel")
            .stagger(travels, each: 0.1)
            .addLabel("spin")
            .stagger(spins, each: 0.12, at: .end(-0.2))
            .addLabel("outro")
            .stagger(outros, each: 0.1)
        tl.repeatCount = .infinity
        tl.yoyo = true
        tl.play(on: runLoop)
        timeline = tl
        observer = runLoop.addFrameObserver { [weak self] _ in self?.updateStatus() }
    }

    private func updateStatus() {
        guard status.superview != nil else { return }
        guard let tl = timeline else { return }
        let t = localTime(tl)
        let labels = ["intro", "travel", "spin", "outro"].compactMap { name in tl.time(ofLabel: name).map { (name, $0) } }
        let current = labels.last { $0.1 <= t + 1e-9 }?.0 ?? "-"
        // The timeline's own state: it stops by itself at either end of a reversed run.
        let state = !tl.isPlaying ? "paused" : (tl.isReversed ? "playing backwards" : "playing forwards")
        status.text = "t = \(format(t, 2)) s of \(format(tl.duration, 2))   label: \(current)   \(state)"
        status.frame.size = status.intrinsicContentSize
    }

    /// The playhead within one pass (the timeline repeats as a yoyo).
    private func localTime(_ tl: AnimationTimeline) -> Double {
        let d = tl.duration
        guard d > 0 else { return 0 }
        let cycle = (tl.totalTime / d).rounded(.down)
        let local = tl.totalTime - cycle * d
        return Int(cycle) % 2 == 1 ? d - local : local
    }

    func handleKey(_ key: Key) -> Bool {
        guard let tl = timeline, let runLoop else { return false }
        switch key.name {
        case "p":
            if tl.isPlaying { tl.pause() } else if tl.isReversed { tl.reverse(on: runLoop) } else { tl.play(on: runLoop) }
        case "r":
            // Turns the direction around (and plays).
            if tl.isReversed { tl.play(on: runLoop) } else { tl.reverse(on: runLoop) }
        case "s":
            let names = ["intro", "travel", "spin", "outro"]
            let times = names.compactMap { tl.time(ofLabel: $0) }
            let now = localTime(tl)
            let next = times.first { $0 > now + 1e-6 } ?? times.first ?? 0
            tl.seek(to: next)
        case "left": tl.seek(to: max(0, localTime(tl) - 0.25))
        case "right": tl.seek(to: min(tl.duration, localTime(tl) + 0.25))
        case "0": tl.seek(to: 0)
        default: return false
        }
        return true
    }

    func tearDown() {
        timeline?.pause()
        timeline = nil
        if let observer { runLoop?.removeFrameObserver(observer) }
    }
}

// MARK: (f) Stress

/// N rounded views, each on its own repeating animation of position and opacity. `+` and `-` add
/// and remove a hundred at a time; the HUD shows what it costs.
@MainActor
final class StressScene: GalleryScene {
    let title = "Stress: many animating views"
    let help = "+ add 100   - remove 100"
    private var views: [View] = []
    private weak var container: View?
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    private let countLabel = makeLabel("", size: 16, at: Point(x: 24, y: 8))
    /// How many views the scene starts with (`Gallery --views`).
    static var initialCount = 500

    func build(in container: View, runLoop: MainRunLoop) {
        self.container = container
        countLabel.numberOfLines = 0
        countLabel.preferredMaxLayoutWidth = container.bounds.width - 48
        container.addSubview(countLabel)
        add(Self.initialCount)
    }

    private func random() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }

    private func add(_ n: Int) {
        guard let container else { return }
        let b = container.bounds
        for _ in 0..<n {
            let side = 14 + random() * 22
            let v = View(frame: Rect(x: random() * (b.width - 40), y: 40 + random() * (b.height - 80), width: side, height: side))
            v.cornerRadius = side * (0.2 + random() * 0.3)
            v.backgroundColor = Palette.accents[Int(random() * 5) % 5]
            container.addSubview(v)
            views.append(v)
            let dx = (random() - 0.5) * 160, dy = (random() - 0.5) * 120
            View.animate(withDuration: 0.8 + random() * 1.4, delay: random() * 0.5, curve: .easeInOut,
                         repeatCount: .infinity, autoreverses: true) {
                v.center = Point(x: v.center.x + dx, y: v.center.y + dy)
                v.alpha = 0.35
            }
        }
        updateLabel()
    }

    private func remove(_ n: Int) {
        for _ in 0..<min(n, views.count) { views.removeLast().removeFromSuperview() }
        updateLabel()
    }

    private func updateLabel() {
        countLabel.text = "\(views.count) views, each with two repeating animations"
        countLabel.frame.size = countLabel.intrinsicContentSize
    }

    func handleKey(_ key: Key) -> Bool {
        switch key.name {
        case "=", "+", "keypad +": add(100); return true
        case "-", "keypad -": remove(100); return true
        default: return false
        }
    }

    func tearDown() { views.removeAll() }
}
