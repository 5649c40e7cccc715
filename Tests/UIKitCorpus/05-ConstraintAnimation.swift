import UIKit

class ExpandablePanelViewController: UIViewController {

    private let panelView = UIView()
    private let toggleButton = UIButton(type: .system)
    private let infoLabel = UILabel()

    private var panelHeightConstraint: NSLayoutConstraint!
    private var panelBottomConstraint: NSLayoutConstraint!
    private var isExpanded = false

    private let collapsedHeight: CGFloat = 80
    private let expandedHeight: CGFloat = 320

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        setupPanel()
        setupButton()
    }

    private func setupPanel() {
        panelView.backgroundColor = .systemOrange
        panelView.layer.cornerRadius = 20
        panelView.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        panelView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(panelView)

        infoLabel.text = "Tap the button to expand this panel"
        infoLabel.textColor = .white
        infoLabel.numberOfLines = 0
        infoLabel.textAlignment = .center
        infoLabel.translatesAutoresizingMaskIntoConstraints = false
        panelView.addSubview(infoLabel)

        panelHeightConstraint = panelView.heightAnchor.constraint(equalToConstant: collapsedHeight)
        panelBottomConstraint = panelView.bottomAnchor.constraint(equalTo: view.bottomAnchor)

        NSLayoutConstraint.activate([
            panelView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            panelView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            panelBottomConstraint,
            panelHeightConstraint,

            infoLabel.topAnchor.constraint(equalTo: panelView.topAnchor, constant: 24),
            infoLabel.leadingAnchor.constraint(equalTo: panelView.leadingAnchor, constant: 16),
            infoLabel.trailingAnchor.constraint(equalTo: panelView.trailingAnchor, constant: -16)
        ])
    }

    private func setupButton() {
        toggleButton.setTitle("Expand", for: .normal)
        toggleButton.titleLabel?.font = .systemFont(ofSize: 18, weight: .medium)
        toggleButton.translatesAutoresizingMaskIntoConstraints = false
        toggleButton.addTarget(self, action: #selector(togglePanel), for: .touchUpInside)
        view.addSubview(toggleButton)

        NSLayoutConstraint.activate([
            toggleButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            toggleButton.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40)
        ])
    }

    @objc private func togglePanel() {
        isExpanded.toggle()
        panelHeightConstraint.constant = isExpanded ? expandedHeight : collapsedHeight
        toggleButton.setTitle(isExpanded ? "Collapse" : "Expand", for: .normal)

        UIView.animate(withDuration: 0.45,
                       delay: 0,
                       options: .curveEaseInOut,
                       animations: {
            self.view.layoutIfNeeded()
            self.panelView.backgroundColor = self.isExpanded ? .systemRed : .systemOrange
        }, completion: { finished in
            if finished {
                self.infoLabel.text = self.isExpanded
                    ? "The panel is expanded. Tap again to collapse."
                    : "Tap the button to expand this panel"
            }
        })
    }
}
