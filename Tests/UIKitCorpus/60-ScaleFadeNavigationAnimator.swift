import UIKit

/// Pushes by scaling the new screen up from 92% while fading it in; pops reverse the effect.
final class ScaleFadeNavigationAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private let operation: UINavigationController.Operation
    private let duration: TimeInterval

    init(operation: UINavigationController.Operation, duration: TimeInterval = 0.4) {
        self.operation = operation
        self.duration = duration
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let toViewController = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }

        let container = transitionContext.containerView
        toView.frame = transitionContext.finalFrame(for: toViewController)
        let shrunk = CGAffineTransform(scaleX: 0.92, y: 0.92)

        if operation == .push {
            container.addSubview(toView)
            toView.alpha = 0
            toView.transform = shrunk
        } else {
            container.insertSubview(toView, belowSubview: fromView)
            toView.alpha = 0.6
            toView.transform = CGAffineTransform(scaleX: 1.05, y: 1.05)
        }

        UIView.animateKeyframes(withDuration: duration, delay: 0, options: [.calculationModeCubic]) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.6) {
                if self.operation == .push {
                    fromView.alpha = 0.5
                    fromView.transform = CGAffineTransform(scaleX: 1.05, y: 1.05)
                } else {
                    fromView.alpha = 0
                    fromView.transform = shrunk
                }
            }
            UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.8) {
                toView.alpha = 1
                toView.transform = .identity
            }
        } completion: { _ in
            let finished = !transitionContext.transitionWasCancelled
            fromView.alpha = 1
            fromView.transform = .identity
            toView.transform = .identity
            if !finished {
                toView.removeFromSuperview()
            }
            transitionContext.completeTransition(finished)
        }
    }
}

/// Owns the animators and acts as the navigation controller's delegate.
/// `UINavigationController.delegate` is weak, so the navigation controller keeps a strong reference to this.
final class ScaleFadeNavigationCoordinator: NSObject, UINavigationControllerDelegate {
    var isEnabled = true

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController,
                              to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard isEnabled else { return nil }
        switch operation {
        case .push, .pop:
            return ScaleFadeNavigationAnimator(operation: operation)
        default:
            return nil
        }
    }

    func navigationController(_ navigationController: UINavigationController,
                              willShow viewController: UIViewController,
                              animated: Bool) {
        // Large titles look odd while the screen is scaling, so only the root keeps them.
        viewController.navigationItem.largeTitleDisplayMode =
            viewController == navigationController.viewControllers.first ? .always : .never
    }
}

final class ScaleFadeNavigationController: UINavigationController {
    private let animationCoordinator = ScaleFadeNavigationCoordinator()

    override func viewDidLoad() {
        super.viewDidLoad()
        delegate = animationCoordinator
        navigationBar.prefersLargeTitles = true
    }
}

// MARK: - Demo screens

final class RecipeListViewController: UITableViewController {
    private let recipes = ["Shakshuka", "Pad Thai", "Margherita Pizza", "Ramen", "Tiramisu", "Falafel Wrap"]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recipes"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "RecipeCell")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        recipes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "RecipeCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = recipes[indexPath.row]
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let detail = RecipeDetailViewController(recipeName: recipes[indexPath.row])
        navigationController?.pushViewController(detail, animated: true)
    }
}

final class RecipeDetailViewController: UIViewController {
    private let recipeName: String

    init(recipeName: String) {
        self.recipeName = recipeName
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = recipeName
        view.backgroundColor = .systemBackground

        let imageView = UIImageView(image: UIImage(systemName: "fork.knife.circle.fill"))
        imageView.tintColor = .systemOrange
        imageView.contentMode = .scaleAspectFit
        imageView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(imageView)
        NSLayoutConstraint.activate([
            imageView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            imageView.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            imageView.widthAnchor.constraint(equalToConstant: 120),
            imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor)
        ])
    }
}
