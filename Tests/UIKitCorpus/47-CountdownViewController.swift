import UIKit

/// Circular progress ring drawn with UIBezierPath.
final class ProgressRingView: UIView {

    var progress: CGFloat = 1 {
        didSet { setNeedsDisplay() }
    }
    var lineWidth: CGFloat = 14
    var trackColor: UIColor = .systemGray5
    var progressColor: UIColor = .systemPink

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2
        let startAngle = -CGFloat.pi / 2

        let track = UIBezierPath(arcCenter: center, radius: radius, startAngle: 0,
                                 endAngle: 2 * .pi, clockwise: true)
        track.lineWidth = lineWidth
        trackColor.setStroke()
        track.stroke()

        guard progress > 0 else { return }
        let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: startAngle,
                               endAngle: startAngle + 2 * .pi * min(progress, 1), clockwise: true)
        arc.lineWidth = lineWidth
        arc.lineCapStyle = .round
        progressColor.setStroke()
        arc.stroke()
    }
}

final class CountdownViewController: UIViewController {

    private let totalSeconds = 60
    private var remainingSeconds = 60
    private var timer: Timer?

    private let ringView = ProgressRingView()
    private let timeLabel = UILabel()
    private let startButton = UIButton(type: .system)
    private let resetButton = UIButton(type: .system)

    private let formatter: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.minute, .second]
        formatter.zeroFormattingBehavior = .pad
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Countdown"
        view.backgroundColor = .systemBackground

        timeLabel.font = .monospacedDigitSystemFont(ofSize: 48, weight: .bold)
        timeLabel.textAlignment = .center
        startButton.setTitle("Start", for: .normal)
        startButton.titleLabel?.font = .systemFont(ofSize: 20, weight: .semibold)
        startButton.addTarget(self, action: #selector(toggleTimer), for: .touchUpInside)
        resetButton.setTitle("Reset", for: .normal)
        resetButton.addTarget(self, action: #selector(resetTimer), for: .touchUpInside)

        let buttons = UIStackView(arrangedSubviews: [resetButton, startButton])
        buttons.spacing = 40
        [ringView, timeLabel, buttons].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview($0)
        }

        NSLayoutConstraint.activate([
            ringView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            ringView.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -40),
            ringView.widthAnchor.constraint(equalToConstant: 240),
            ringView.heightAnchor.constraint(equalTo: ringView.widthAnchor),
            timeLabel.centerXAnchor.constraint(equalTo: ringView.centerXAnchor),
            timeLabel.centerYAnchor.constraint(equalTo: ringView.centerYAnchor),
            buttons.topAnchor.constraint(equalTo: ringView.bottomAnchor, constant: 40),
            buttons.centerXAnchor.constraint(equalTo: view.centerXAnchor)
        ])
        updateUI()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        timer?.invalidate()
        timer = nil
    }

    @objc private func toggleTimer() {
        if let timer = timer {
            timer.invalidate()
            self.timer = nil
            startButton.setTitle("Resume", for: .normal)
            return
        }
        if remainingSeconds == 0 { remainingSeconds = totalSeconds }
        let newTimer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick(_:)),
                                            userInfo: nil, repeats: true)
        RunLoop.main.add(newTimer, forMode: .common)
        timer = newTimer
        startButton.setTitle("Pause", for: .normal)
    }

    @objc private func tick(_ timer: Timer) {
        remainingSeconds -= 1
        updateUI()
        if remainingSeconds <= 0 {
            timer.invalidate()
            self.timer = nil
            startButton.setTitle("Start", for: .normal)
            celebrate()
        }
    }

    @objc private func resetTimer() {
        timer?.invalidate()
        timer = nil
        remainingSeconds = totalSeconds
        startButton.setTitle("Start", for: .normal)
        updateUI()
    }

    private func updateUI() {
        timeLabel.text = formatter.string(from: TimeInterval(remainingSeconds))
        ringView.progress = CGFloat(remainingSeconds) / CGFloat(totalSeconds)
        timeLabel.textColor = remainingSeconds <= 10 ? .systemRed : .label
    }

    private func celebrate() {
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.6
        spring.toValue = 1.0
        spring.stiffness = 180
        spring.damping = 8
        spring.initialVelocity = 5
        spring.duration = spring.settlingDuration
        timeLabel.layer.add(spring, forKey: "pop")
        UINotificationFeedbackGenerator().notificationOccurred(.success)
    }
}
