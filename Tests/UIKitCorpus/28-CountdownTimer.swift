import UIKit

class CountdownViewController: UIViewController {

    private let timeLabel = UILabel()
    private let startButton = UIButton(type: .system)
    private let resetButton = UIButton(type: .system)

    private var timer: Timer?
    private let initialSeconds = 60
    private var remainingSeconds = 60

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        timeLabel.font = UIFont.monospacedDigitSystemFont(ofSize: 64, weight: .light)
        timeLabel.textAlignment = .center
        timeLabel.text = formatted(remainingSeconds)

        startButton.setTitle("Start", for: .normal)
        startButton.titleLabel?.font = .systemFont(ofSize: 20, weight: .semibold)
        startButton.addTarget(self, action: #selector(startPauseTapped(_:)), for: .touchUpInside)

        resetButton.setTitle("Reset", for: .normal)
        resetButton.titleLabel?.font = .systemFont(ofSize: 20)
        resetButton.addTarget(self, action: #selector(resetTapped), for: .touchUpInside)

        let buttons = UIStackView(arrangedSubviews: [resetButton, startButton])
        buttons.axis = .horizontal
        buttons.spacing = 40

        let stack = UIStackView(arrangedSubviews: [timeLabel, buttons])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 32
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)

        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        stopTimer()
    }

    @objc private func startPauseTapped(_ sender: UIButton) {
        if timer == nil {
            guard remainingSeconds > 0 else { return }
            timer = Timer.scheduledTimer(timeInterval: 1.0,
                                         target: self,
                                         selector: #selector(tick(_:)),
                                         userInfo: nil,
                                         repeats: true)
            timer?.tolerance = 0.1
            sender.setTitle("Pause", for: .normal)
        } else {
            stopTimer()
            sender.setTitle("Resume", for: .normal)
        }
    }

    @objc private func resetTapped() {
        stopTimer()
        remainingSeconds = initialSeconds
        timeLabel.text = formatted(remainingSeconds)
        timeLabel.textColor = .label
        startButton.setTitle("Start", for: .normal)
    }

    @objc private func tick(_ timer: Timer) {
        remainingSeconds -= 1
        timeLabel.text = formatted(remainingSeconds)

        if remainingSeconds <= 10 {
            timeLabel.textColor = .systemRed
        }

        if remainingSeconds <= 0 {
            stopTimer()
            startButton.setTitle("Start", for: .normal)
            UIView.animate(withDuration: 0.2, delay: 0, options: [.autoreverse, .repeat], animations: {
                self.timeLabel.alpha = 0.2
            })
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.2) {
                self.timeLabel.layer.removeAllAnimations()
                self.timeLabel.alpha = 1
            }
        }
    }

    private func stopTimer() {
        timer?.invalidate()
        timer = nil
    }

    private func formatted(_ seconds: Int) -> String {
        return String(format: "%02d:%02d", seconds / 60, seconds % 60)
    }

    deinit {
        timer?.invalidate()
    }
}
