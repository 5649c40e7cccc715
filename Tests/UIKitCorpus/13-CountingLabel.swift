import UIKit

class CountingLabel: UILabel {

    enum EasingCurve {
        case linear
        case easeOut
        case easeInOut
    }

    private var displayLink: CADisplayLink?
    private var startValue: Double = 0
    private var endValue: Double = 0
    private var animationDuration: TimeInterval = 1.5
    private var animationStartDate: Date?

    var easing: EasingCurve = .easeOut
    var formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        return formatter
    }()
    var completion: (() -> Void)?

    func count(from start: Double, to end: Double, duration: TimeInterval = 1.5) {
        startValue = start
        endValue = end
        animationDuration = duration
        animationStartDate = Date()

        displayLink?.invalidate()
        let link = CADisplayLink(target: self, selector: #selector(handleUpdate))
        link.add(to: .main, forMode: .common)
        displayLink = link

        setText(for: start)
    }

    @objc private func handleUpdate() {
        guard let startDate = animationStartDate else { return }
        let elapsed = Date().timeIntervalSince(startDate)

        if elapsed >= animationDuration {
            setText(for: endValue)
            stop()
            completion?()
            return
        }

        let progress = eased(elapsed / animationDuration)
        let value = startValue + progress * (endValue - startValue)
        setText(for: value)
    }

    private func eased(_ t: Double) -> Double {
        switch easing {
        case .linear:
            return t
        case .easeOut:
            return 1 - pow(1 - t, 3)
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        }
    }

    private func setText(for value: Double) {
        text = formatter.string(from: NSNumber(value: value))
    }

    func stop() {
        displayLink?.invalidate()
        displayLink = nil
        animationStartDate = nil
    }

    override func removeFromSuperview() {
        stop()
        super.removeFromSuperview()
    }
}

final class StatsViewController: UIViewController {

    private let followersLabel = CountingLabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        followersLabel.font = .monospacedDigitSystemFont(ofSize: 48, weight: .bold)
        followersLabel.textAlignment = .center
        followersLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(followersLabel)
        NSLayoutConstraint.activate([
            followersLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            followersLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        followersLabel.count(from: 0, to: 12_480, duration: 2.0)
    }
}
