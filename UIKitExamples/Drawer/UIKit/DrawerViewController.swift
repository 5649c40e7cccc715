import UIKit

/// An interactive drawer: a pan scrubs a UIViewPropertyAnimator between closed and open, and
/// releasing continues it with the gesture's velocity (or reverses it).
final class DrawerViewController: UIViewController {
    private let drawer = UIView()
    private let dimmingView = UIView()
    private let titleLabel = UILabel()
    private var animator: UIViewPropertyAnimator?
    private var isOpen = false
    private let closedHeight: CGFloat = 90
    private let openHeight: CGFloat = 520

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBlue

        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        dimmingView.frame = view.bounds
        dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(dimmingView)

        drawer.backgroundColor = .systemBackground
        drawer.layer.cornerRadius = 22
        drawer.layer.shadowOpacity = 0.25
        drawer.layer.shadowRadius = 10
        drawer.frame = CGRect(x: 0, y: view.bounds.height - closedHeight, width: view.bounds.width, height: openHeight)
        view.addSubview(drawer)

        titleLabel.text = "Drag me up"
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.textColor = .label
        titleLabel.sizeToFit()
        titleLabel.center = CGPoint(x: drawer.bounds.midX, y: 40)
        drawer.addSubview(titleLabel)

        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        drawer.addGestureRecognizer(pan)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // Show the drawer opening once, as if dragged and released.
        makeAnimator()
        animator?.startAnimation()
    }

    private func makeAnimator() {
        let opening = !isOpen
        let targetY = opening ? view.bounds.height - openHeight : view.bounds.height - closedHeight
        let animator = UIViewPropertyAnimator(duration: 0.6, dampingRatio: 0.85) {
            self.drawer.frame.origin.y = targetY
            self.dimmingView.alpha = opening ? 0.4 : 0
        }
        animator.addCompletion { [weak self] position in
            guard let self = self else { return }
            if position == .end { self.isOpen = opening }
            self.titleLabel.text = self.isOpen ? "Drag me down" : "Drag me up"
            self.animator = nil
        }
        self.animator = animator
    }

    @objc private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let distance = openHeight - closedHeight
        switch recognizer.state {
        case .began:
            if animator == nil { makeAnimator() }
            animator?.pauseAnimation()
        case .changed:
            let translation = recognizer.translation(in: view).y
            let fraction = (isOpen ? translation : -translation) / distance
            animator?.fractionComplete = max(0, min(1, fraction))
        case .ended, .cancelled:
            let velocity = recognizer.velocity(in: view).y
            let shouldFinish = isOpen ? velocity > 0 : velocity < 0
            animator?.isReversed = !shouldFinish
            animator?.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        default:
            break
        }
    }
}
