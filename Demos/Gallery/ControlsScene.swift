import FrameTiming
import Geometry
import Timeline

/// Controls and a stack view (K1-K3): buttons in a vertical stack, one toggling a row of chips
/// whose hidden members animate out of a horizontal stack, a tap and a pan on a card.
@MainActor
final class ControlsScene: GalleryScene {
    let title = "Controls: buttons, switch, slider, segments, gestures"
    let help = "click the buttons; drag or tap the card"
    private var stack: StackView?
    private var chips: [View] = []
    private let status = Label(text: "Click a button", fontSize: 16)
    private var runLoop: MainRunLoop?

    func build(in container: View, runLoop: MainRunLoop) {
        self.runLoop = runLoop
        status.textColor = Palette.text
        let toggle = Button(title: "Hide every other chip", identifier: "toggle")
        let shuffle = Button(title: "Change the spacing", identifier: "spacing")
        let disabled = Button(title: "Disabled", identifier: "disabled")
        disabled.isEnabled = false
        let buttons = StackView(arrangedSubviews: [status, toggle, shuffle, disabled], identifier: "buttons")
        buttons.axis = .vertical
        buttons.spacing = 12
        buttons.alignment = .leading
        container.addSubview(buttons)

        chips = (0..<5).map { k in
            let chip = View(identifier: "chip\(k)")
            chip.backgroundColor = Palette.accents[k % Palette.accents.count]
            chip.cornerRadius = 10
            LayoutConstraint.activate([chip.widthAnchor.constraint(equalToConstant: 56), chip.heightAnchor.constraint(equalToConstant: 56)])
            return chip
        }
        let row = StackView(arrangedSubviews: chips, identifier: "chips")
        row.spacing = 12
        row.alignment = .center
        container.addSubview(row)
        stack = row

        let card = View(identifier: "card")
        card.backgroundColor = Palette.card
        card.cornerRadius = 14
        let cardLabel = Label(text: "Drag me, or tap", fontSize: 15)
        cardLabel.textColor = Palette.dim
        card.addSubview(cardLabel)
        container.addSubview(card)
        let cardX = card.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 40)
        let cardY = card.topAnchor.constraint(equalTo: row.bottomAnchor, constant: 24)

        LayoutConstraint.activate([
            buttons.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 40),
            buttons.topAnchor.constraint(equalTo: container.topAnchor, constant: 30),
            row.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 40),
            row.topAnchor.constraint(equalTo: buttons.bottomAnchor, constant: 28),
            cardX, cardY,
            card.widthAnchor.constraint(equalToConstant: 200), card.heightAnchor.constraint(equalToConstant: 64),
            cardLabel.centerXAnchor.constraint(equalTo: card.centerXAnchor),
            cardLabel.centerYAnchor.constraint(equalTo: card.centerYAnchor),
        ])

        toggle.addAction(for: .primaryActionTriggered) { [weak self] control in
            guard let self else { return }
            let hide = !(chips[1].isHidden)
            View.animate(withDuration: 0.35) {
                for (k, chip) in chips.enumerated() where k % 2 == 1 { chip.isHidden = hide }
                container.layoutIfNeeded()
            }
            (control as? Button)?.setTitle(hide ? "Show every chip" : "Hide every other chip", for: .normal)
            status.text = hide ? "Two chips hidden: the others slid together" : "Every chip shown"
            status.postAccessibilityNotification(.announcement(status.text))     // spoken by a screen reader
        }
        shuffle.addAction(for: .primaryActionTriggered) { [weak self] _ in
            guard let self else { return }
            View.animate(springDuration: 0.45, bounce: 0.3) {
                stack?.spacing = stack?.spacing == 12 ? 40 : 12
                container.layoutIfNeeded()
            }
            status.text = "Spacing \(Int(stack?.spacing ?? 0)) points, by a spring"
        }
        let pan = PanGestureRecognizer()
        var start = (x: 40.0, y: 24.0)
        pan.addAction { [weak self] r in
            guard let self else { return }
            guard let pan = r as? PanGestureRecognizer else { return }
            switch pan.state {
            case .began: start = (cardX.constant, cardY.constant)
            case .changed:
                let t = pan.translation(in: nil)
                cardX.constant = start.x + t.x
                cardY.constant = start.y + t.y
            case .ended:
                let v = pan.velocity(in: nil)
                status.text = "Released at \(Int(v.x)), \(Int(v.y)) points a second"
                View.animate(springDuration: 0.5, bounce: 0.25) {
                    cardX.constant = 40
                    cardY.constant = 40
                    container.layoutIfNeeded()
                }
            default: break
            }
        }
        card.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer()
        // The card keeps this recognizer: held weakly, it is not kept alive by its own action.
        tap.addAction { [weak self, weak card] _ in
            guard let self, let card else { return }
            status.text = "Tapped the card"
            View.animate(withDuration: 0.2, options: [], curve: .easeOut, autoreverses: true) { card.alpha = 0.5 }
            card.alpha = 1
        }
        card.addGestureRecognizer(tap)
        addControlPanel(to: container)
    }

    /// CN1: the controls of issue 25 in a column on the right, each reporting to the status line.
    private func addControlPanel(to container: View) {
        let x = max(340, container.bounds.width - 330)
        var y = 30.0
        func add(_ v: View, width: Double, height: Double) {
            v.translatesAutoresizingMaskIntoConstraints = true
            v.frame = Rect(x: x, y: y, width: width, height: height)
            container.addSubview(v)
            y += height + 18
        }
        // AX5: each control is named for a screen reader, as an app names its settings.
        let toggle = Switch()
        toggle.accessibilityLabel = "Sample switch"
        toggle.setOn(true, animated: false)
        toggle.addAction(for: .valueChanged) { [weak self] c in guard let self else { return }; status.text = "Switch \((c as! Switch).isOn ? "on" : "off")" }
        add(toggle, width: 51, height: 31)
        let slider = Slider()
        slider.accessibilityLabel = "Amount"
        slider.value = 0.4
        let progress = ProgressView()
        progress.accessibilityLabel = "Amount shown"
        slider.addAction(for: .valueChanged) { [weak self] c in
            guard let self else { return }
            let v = (c as! Slider).value
            status.text = "Slider \(Int(v * 100))%"
            progress.setProgress(v, animated: true)
        }
        add(slider, width: 280, height: 34)
        progress.setProgress(0.4, animated: false)
        add(progress, width: 280, height: 4)
        let segments = SegmentedControl(items: ["Day", "Week", "Month", "Year"])
        segments.selectedSegmentIndex = 1
        segments.addAction(for: .valueChanged) { [weak self] c in
            guard let self else { return }
            let s = c as! SegmentedControl
            status.text = "Segment \(s.titleForSegment(at: s.selectedSegmentIndex) ?? "")"
        }
        add(segments, width: 280, height: 32)
        let stepper = Stepper()
        stepper.accessibilityLabel = "Count"
        stepper.maximumValue = 10
        stepper.addAction(for: .valueChanged) { [weak self] c in guard let self else { return }; status.text = "Stepper \(Int((c as! Stepper).value))" }
        add(stepper, width: 94, height: 32)
        let pages = PageControl()
        pages.accessibilityLabel = "Page"
        pages.numberOfPages = 5
        pages.addAction(for: .valueChanged) { [weak self] c in guard let self else { return }; status.text = "Page \((c as! PageControl).currentPage + 1) of 5" }
        add(pages, width: 120, height: 26)
        let spinner = ActivityIndicatorView()
        spinner.startAnimating()
        add(spinner, width: 24, height: 24)
        // Button configurations, two a row.
        func configured(_ c: Button.Configuration, _ title: String, _ subtitle: String? = nil) -> Button {
            var c = c
            c.title = title
            c.subtitle = subtitle
            let b = Button(configuration: c)
            b.translatesAutoresizingMaskIntoConstraints = true
            b.addAction(for: .primaryActionTriggered) { [weak self] _ in guard let self else { return }; status.text = "\(title) pressed" }
            return b
        }
        var capsule = Button.Configuration.filled()
        capsule.cornerStyle = .capsule
        let rows = [[configured(capsule, "Filled"), configured(.tinted(), "Tinted")],
                    [configured(.gray(), "Gray", "with a subtitle"), configured(.plain(), "Plain")]]
        for row in rows {
            var bx = x, rowHeight = 0.0
            for b in row {
                let size = b.intrinsicContentSize
                b.frame = Rect(x: bx, y: y, width: size.width, height: size.height)
                container.addSubview(b)
                bx += size.width + 12
                rowHeight = max(rowHeight, size.height)
            }
            y += rowHeight + 12
        }
    }

    func handleKey(_ key: Key) -> Bool { false }
    func tearDown() {}
}
