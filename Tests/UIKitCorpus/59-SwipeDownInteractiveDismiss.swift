import UIKit

/// Drives a dismissal from a vertical pan, finishing or cancelling based on distance and velocity.
final class SwipeDownDismissInteractor: UIPercentDrivenInteractiveTransition {
    private(set) var interactionInProgress = false
    private var shouldCompleteTransition = false
    private weak var viewController: UIViewController?

    func attach(to viewController: UIViewController) {
        self.viewController = viewController
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        viewController.view.addGestureRecognizer(pan)
    }

    @objc private func handlePan(_ gesture: UIPanGestureRecognizer) {
        guard let view = gesture.view else { return }
        let translation = gesture.translation(in: view.superview)
        let velocity = gesture.velocity(in: view.superview)
        let progress = min(max(translation.y / max(view.bounds.height, 1), 0), 1)

        switch gesture.state {
        case .began:
            interactionInProgress = true
            viewController?.dismiss(animated: true)
        case .changed:
            shouldCompleteTransition = progress > 0.35 || velocity.y > 1_000
            update(progress)
        case .cancelled:
            interactionInProgress = false
            cancel()
        case .ended:
            interactionInProgress = false
            if shouldCompleteTransition || velocity.y > 1_000 {
                completionSpeed = max(0.6, 1 - progress)
                finish()
            } else {
                cancel()
            }
        default:
            break
        }
    }
}

/// Slides the presented view off the bottom of the screen.
final class SlideDownDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.35
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        let dimmingView = UIView(frame: container.bounds)
        dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.4)
        container.insertSubview(dimmingView, belowSubview: fromView)

        var finalFrame = fromView.frame
        finalFrame.origin.y = container.bounds.height

        UIView.animate(withDuration: transitionDuration(using: transitionContext),
                       delay: 0,
                       options: [.curveLinear],
                       animations: {
            fromView.frame = finalFrame
            fromView.layer.cornerRadius = 24
            dimmingView.alpha = 0
        }, completion: { _ in
            dimmingView.removeFromSuperview()
            let cancelled = transitionContext.transitionWasCancelled
            if cancelled {
                fromView.layer.cornerRadius = 0
            }
            transitionContext.completeTransition(!cancelled)
        })
    }
}

/// A detail card that can be dismissed with a downward swipe.
final class SwipeDismissibleDetailViewController: UIViewController {
    private let interactor = SwipeDownDismissInteractor()
    private let headline: String
    private let bodyText: String

    init(headline: String, bodyText: String) {
        self.headline = headline
        self.bodyText = bodyText
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .overFullScreen
        transitioningDelegate = self
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.layer.cornerCurve = .continuous
        view.clipsToBounds = true

        let grabber = UIView()
        grabber.backgroundColor = .tertiaryLabel
        grabber.layer.cornerRadius = 2.5

        let titleLabel = UILabel()
        titleLabel.text = headline
        titleLabel.font = .preferredFont(forTextStyle: .largeTitle)
        titleLabel.numberOfLines = 0

        let bodyLabel = UILabel()
        bodyLabel.text = bodyText
        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.numberOfLines = 0

        let stack = UIStackView(arrangedSubviews: [titleLabel, bodyLabel])
        stack.axis = .vertical
        stack.spacing = 12

        for subview in [grabber, stack] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            grabber.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
            grabber.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            grabber.widthAnchor.constraint(equalToConstant: 40),
            grabber.heightAnchor.constraint(equalToConstant: 5),
            stack.topAnchor.constraint(equalTo: grabber.bottomAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor)
        ])

        interactor.attach(to: self)
    }
}

extension SwipeDismissibleDetailViewController: UIViewControllerTransitioningDelegate {
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SlideDownDismissAnimator()
    }

    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        interactor.interactionInProgress ? interactor : nil
    }
}
