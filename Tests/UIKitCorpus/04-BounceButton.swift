import UIKit

class BounceButton: UIButton {

    var highlightedScale: CGFloat = 0.94
    var cornerRadius: CGFloat = 12 {
        didSet { layer.cornerRadius = cornerRadius }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    convenience init(title: String, color: UIColor = .systemBlue) {
        self.init(type: .custom)
        setTitle(title, for: .normal)
        backgroundColor = color
        configure()
    }

    private func configure() {
        layer.cornerRadius = cornerRadius
        clipsToBounds = false
        titleLabel?.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        setTitleColor(.white, for: .normal)
        setTitleColor(UIColor.white.withAlphaComponent(0.7), for: .highlighted)
        contentEdgeInsets = UIEdgeInsets(top: 12, left: 24, bottom: 12, right: 24)

        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOffset = CGSize(width: 0, height: 4)
        layer.shadowRadius = 6
        layer.shadowOpacity = 0.2
    }

    override var isHighlighted: Bool {
        didSet {
            guard oldValue != isHighlighted else { return }
            animateHighlight(isHighlighted)
        }
    }

    override var isEnabled: Bool {
        didSet {
            alpha = isEnabled ? 1.0 : 0.5
        }
    }

    private func animateHighlight(_ highlighted: Bool) {
        let transform: CGAffineTransform = highlighted
            ? CGAffineTransform(scaleX: highlightedScale, y: highlightedScale)
            : .identity

        UIView.animate(withDuration: highlighted ? 0.1 : 0.35,
                       delay: 0,
                       usingSpringWithDamping: highlighted ? 1.0 : 0.45,
                       initialSpringVelocity: 3,
                       options: [.allowUserInteraction, .beginFromCurrentState],
                       animations: {
            self.transform = transform
            self.layer.shadowOpacity = highlighted ? 0.05 : 0.2
        }, completion: nil)
    }
}

final class BounceButtonViewController: UIViewController {

    private let button = BounceButton(title: "Continue")

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        button.translatesAutoresizingMaskIntoConstraints = false
        button.addTarget(self, action: #selector(didTapButton(_:)), for: .touchUpInside)
        view.addSubview(button)

        NSLayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            button.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -32),
            button.widthAnchor.constraint(greaterThanOrEqualToConstant: 200),
            button.heightAnchor.constraint(equalToConstant: 50)
        ])
    }

    @objc private func didTapButton(_ sender: UIButton) {
        print("Button tapped: \(sender.currentTitle ?? "")")
    }
}
