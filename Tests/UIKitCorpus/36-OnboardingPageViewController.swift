import UIKit

struct OnboardingPage {
    let symbolName, title, message: String
}

final class OnboardingContentViewController: UIViewController {

    let pageIndex: Int
    private let page: OnboardingPage

    init(page: OnboardingPage, index: Int) {
        self.page = page
        self.pageIndex = index
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let config = UIImage.SymbolConfiguration(pointSize: 88, weight: .light)
        let imageView = UIImageView(image: UIImage(systemName: page.symbolName, withConfiguration: config))
        imageView.tintColor = .systemIndigo

        let titleLabel = makeLabel(page.title, font: .systemFont(ofSize: 28, weight: .bold), color: .label)
        let messageLabel = makeLabel(page.message, font: .preferredFont(forTextStyle: .body), color: .secondaryLabel)

        let stack = UIStackView(arrangedSubviews: [imageView, titleLabel, messageLabel])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 20
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)

        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -40),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 32),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -32)
        ])
    }

    private func makeLabel(_ text: String, font: UIFont, color: UIColor) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = font
        label.textColor = color
        label.numberOfLines = 0
        label.textAlignment = .center
        return label
    }
}

final class OnboardingViewController: UIViewController {

    private let pages = [
        OnboardingPage(symbolName: "sparkles", title: "Welcome", message: "Keep track of everything that matters in one place."),
        OnboardingPage(symbolName: "bell.badge", title: "Stay Notified", message: "Get gentle reminders right when you need them."),
        OnboardingPage(symbolName: "lock.shield", title: "Private by Design", message: "Your data stays on your device unless you choose to sync.")
    ]

    private let pageViewController = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
    private let pageControl = UIPageControl()
    private let nextButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Skip", style: .plain, target: self, action: #selector(finish))

        pageViewController.dataSource = self
        pageViewController.delegate = self
        addChild(pageViewController)
        view.addSubview(pageViewController.view)
        pageViewController.view.frame = view.bounds
        pageViewController.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        pageViewController.didMove(toParent: self)
        pageViewController.setViewControllers([makePage(at: 0)], direction: .forward, animated: false)

        pageControl.numberOfPages = pages.count
        pageControl.currentPageIndicatorTintColor = .systemIndigo
        pageControl.addTarget(self, action: #selector(pageControlChanged(_:)), for: .valueChanged)

        nextButton.setTitle("Next", for: .normal)
        nextButton.addTarget(self, action: #selector(nextTapped), for: .touchUpInside)

        [pageControl, nextButton].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview($0)
        }

        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            pageControl.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            pageControl.bottomAnchor.constraint(equalTo: guide.bottomAnchor, constant: -24),
            nextButton.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -24),
            nextButton.centerYAnchor.constraint(equalTo: pageControl.centerYAnchor)
        ])
    }

    private func makePage(at index: Int) -> OnboardingContentViewController {
        OnboardingContentViewController(page: pages[index], index: index)
    }

    private func show(index: Int, direction: UIPageViewController.NavigationDirection) {
        pageViewController.setViewControllers([makePage(at: index)], direction: direction, animated: true)
        updateControls(for: index)
    }

    private func updateControls(for index: Int) {
        pageControl.currentPage = index
        nextButton.setTitle(index == pages.count - 1 ? "Get Started" : "Next", for: .normal)
    }

    @objc private func pageControlChanged(_ sender: UIPageControl) {
        let current = (pageViewController.viewControllers?.first as? OnboardingContentViewController)?.pageIndex ?? 0
        show(index: sender.currentPage, direction: sender.currentPage > current ? .forward : .reverse)
    }

    @objc private func nextTapped() {
        guard pageControl.currentPage < pages.count - 1 else { return finish() }
        show(index: pageControl.currentPage + 1, direction: .forward)
    }

    @objc private func finish() {
        UserDefaults.standard.set(true, forKey: "hasSeenOnboarding")
        dismiss(animated: true)
    }
}

extension OnboardingViewController: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? OnboardingContentViewController, page.pageIndex > 0 else { return nil }
        return makePage(at: page.pageIndex - 1)
    }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? OnboardingContentViewController,
              page.pageIndex < pages.count - 1 else { return nil }
        return makePage(at: page.pageIndex + 1)
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
                            transitionCompleted completed: Bool) {
        guard completed,
              let current = pageViewController.viewControllers?.first as? OnboardingContentViewController else { return }
        updateControls(for: current.pageIndex)
    }
}
