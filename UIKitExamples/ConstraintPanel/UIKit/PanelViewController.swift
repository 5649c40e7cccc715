import UIKit

/// A bottom panel that grows by animating its height constraint's constant, with a button to
/// collapse and expand it.
final class PanelViewController: UIViewController {
    private let panel = UIView()
    private let handle = UIView()
    private let toggleButton = UIButton(type: .system)
    private var heightConstraint: NSLayoutConstraint!
    private var isExpanded = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        panel.backgroundColor = .systemTeal
        panel.layer.cornerRadius = 24
        panel.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        panel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(panel)

        handle.backgroundColor = UIColor.white.withAlphaComponent(0.7)
        handle.layer.cornerRadius = 3
        handle.translatesAutoresizingMaskIntoConstraints = false
        panel.addSubview(handle)

        toggleButton.setTitle("Expand", for: .normal)
        toggleButton.titleLabel?.font = .boldSystemFont(ofSize: 18)
        toggleButton.translatesAutoresizingMaskIntoConstraints = false
        toggleButton.addTarget(self, action: #selector(togglePanel), for: .touchUpInside)
        view.addSubview(toggleButton)

        // snippet: uikit-panel-constraints
        heightConstraint = panel.heightAnchor.constraint(equalToConstant: 120)
        NSLayoutConstraint.activate([
            panel.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            panel.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            heightConstraint,
            handle.topAnchor.constraint(equalTo: panel.topAnchor, constant: 10),
            handle.centerXAnchor.constraint(equalTo: panel.centerXAnchor),
            handle.widthAnchor.constraint(equalToConstant: 44),
            handle.heightAnchor.constraint(equalToConstant: 6),
            toggleButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            toggleButton.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 80),
        ])
        // end snippet
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        togglePanel()
    }

    // snippet: uikit-panel-toggle
    @objc private func togglePanel() {
        isExpanded.toggle()
        heightConstraint.constant = isExpanded ? 460 : 120
        toggleButton.setTitle(isExpanded ? "Collapse" : "Expand", for: .normal)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
                       options: [.curveEaseInOut], animations: {
            self.view.layoutIfNeeded()
        })
    }
    // end snippet
}
