import UIKit

/// Prints when DispatchQueue.main work, a scheduled Timer, a CADisplayLink and an animation's
/// completion run, on the engine's media clock (UK4): the work queued while the screen loads
/// runs in the first frame, with the display link's first call.
final class OrderViewController: UIViewController {
    private var link: CADisplayLink?
    private var ticks = 0

    private func log(_ what: String) {
        print(String(format: "%@ t=%.4f", what, CACurrentMediaTime()))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let box = UIView(frame: CGRect(x: 40, y: 40, width: 60, height: 60))
        box.backgroundColor = .systemOrange
        view.addSubview(box)

        DispatchQueue.main.async {
            self.log("main queue")
        }
        Timer.scheduledTimer(timeInterval: 0, target: self, selector: #selector(timerFired(_:)),
                             userInfo: nil, repeats: false)
        link = CADisplayLink(target: self, selector: #selector(tick(_:)))
        link?.add(to: .main, forMode: .common)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log("appeared")
        UIView.animate(withDuration: 0.05, animations: {
            self.view.subviews.first?.alpha = 0.5
        }, completion: { _ in
            self.log("animation completion")
        })
    }

    @objc private func timerFired(_ timer: Timer) {
        log("timer")
    }

    @objc private func tick(_ link: CADisplayLink) {
        ticks += 1
        if ticks <= 3 { print(String(format: "display link t=%.4f timestamp=%.4f", CACurrentMediaTime(), link.timestamp)) }
        if ticks == 10 { link.invalidate() }
    }
}
