import UIKit

class ProfileTabsViewController: UIViewController {

    private let segmentedControl = UISegmentedControl(items: ["Posts", "Photos", "About"])
    private let containerView = UIView()
    private var contentViews: [UIView] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = "Profile"

        segmentedControl.selectedSegmentIndex = 0
        segmentedControl.selectedSegmentTintColor = .systemBlue
        segmentedControl.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
        segmentedControl.addTarget(self, action: #selector(segmentChanged(_:)), for: .valueChanged)
        segmentedControl.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(segmentedControl)

        containerView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(containerView)

        NSLayoutConstraint.activate([
            segmentedControl.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 12),
            segmentedControl.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            segmentedControl.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),

            containerView.topAnchor.constraint(equalTo: segmentedControl.bottomAnchor, constant: 12),
            containerView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            containerView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            containerView.bottomAnchor.constraint(equalTo: view.bottomAnchor)
        ])

        contentViews = [
            makePage(text: "Recent posts", color: .systemYellow),
            makePage(text: "Photo gallery", color: .systemGreen),
            makePage(text: "About me", color: .systemPurple)
        ]

        for (index, page) in contentViews.enumerated() {
            containerView.addSubview(page)
            NSLayoutConstraint.activate([
                page.topAnchor.constraint(equalTo: containerView.topAnchor),
                page.leadingAnchor.constraint(equalTo: containerView.leadingAnchor),
                page.trailingAnchor.constraint(equalTo: containerView.trailingAnchor),
                page.bottomAnchor.constraint(equalTo: containerView.bottomAnchor)
            ])
            page.isHidden = index != segmentedControl.selectedSegmentIndex
        }
    }

    private func makePage(text: String, color: UIColor) -> UIView {
        let page = UIView()
        page.backgroundColor = color.withAlphaComponent(0.2)
        page.translatesAutoresizingMaskIntoConstraints = false

        let label = UILabel()
        label.text = text
        label.font = .preferredFont(forTextStyle: .title1)
        label.translatesAutoresizingMaskIntoConstraints = false
        page.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: page.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: page.centerYAnchor)
        ])
        return page
    }

    @objc private func segmentChanged(_ sender: UISegmentedControl) {
        let selected = sender.selectedSegmentIndex
        UIView.transition(with: containerView,
                          duration: 0.3,
                          options: .transitionCrossDissolve,
                          animations: {
            for (index, page) in self.contentViews.enumerated() {
                page.isHidden = index != selected
            }
        }, completion: nil)
    }
}
