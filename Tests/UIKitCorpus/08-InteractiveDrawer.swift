import UIKit

class InteractiveDrawerViewController: UIViewController {

    private enum DrawerState {
        case open, closed

        var opposite: DrawerState {
            return self == .open ? .closed : .open
        }
    }

    private let drawerView = UIView()
    private let handleView = UIView()
    private let dimmingView = UIView()

    private var drawerState: DrawerState = .closed
    private var animator: UIViewPropertyAnimator?
    private var progressWhenInterrupted: CGFloat = 0

    private let drawerHeight: CGFloat = 400
    private let closedVisibleHeight: CGFloat = 60

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.4)
        dimmingView.alpha = 0
        dimmingView.frame = view.bounds
        dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(dimmingView)

        drawerView.backgroundColor = .secondarySystemBackground
        drawerView.layer.cornerRadius = 16
        drawerView.clipsToBounds = true
        view.addSubview(drawerView)

        handleView.backgroundColor = .systemGray3
        handleView.layer.cornerRadius = 3
        drawerView.addSubview(handleView)

        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        drawerView.addGestureRecognizer(pan)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard animator?.isRunning != true else { return }
        drawerView.frame = frame(for: drawerState)
        handleView.frame = CGRect(x: (drawerView.bounds.width - 40) / 2, y: 8, width: 40, height: 6)
    }

    private func frame(for state: DrawerState) -> CGRect {
        let y = state == .open ? view.bounds.height - drawerHeight : view.bounds.height - closedVisibleHeight
        return CGRect(x: 0, y: y, width: view.bounds.width, height: drawerHeight)
    }

    private func makeAnimator(to state: DrawerState) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: 0.6, dampingRatio: 0.85) {
            self.drawerView.frame = self.frame(for: state)
            self.dimmingView.alpha = state == .open ? 1 : 0
        }
        animator.addCompletion { position in
            if position == .end {
                self.drawerState = state
            }
            self.animator = nil
        }
        return animator
    }

    @objc private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            if animator == nil {
                animator = makeAnimator(to: drawerState.opposite)
            }
            animator?.pauseAnimation()
            progressWhenInterrupted = animator?.fractionComplete ?? 0
        case .changed:
            let translation = recognizer.translation(in: drawerView)
            let distance = drawerHeight - closedVisibleHeight
            var fraction = translation.y / distance
            if drawerState == .closed { fraction *= -1 }
            if animator?.isReversed == true { fraction *= -1 }
            animator?.fractionComplete = fraction + progressWhenInterrupted
        case .ended:
            let velocity = recognizer.velocity(in: drawerView).y
            let shouldReverse = drawerState == .closed ? velocity > 0 : velocity < 0
            if shouldReverse && animator?.isReversed == false {
                animator?.isReversed = true
            }
            animator?.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        default:
            break
        }
    }
}
