import UIKit

/// A card that springs in when the screen appears and bounces when tapped.
final class CardView: UIView {
    private let titleLabel = UILabel()
    private let subtitleLabel = UILabel()
    private let badge = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setUp() {
        backgroundColor = .white
        layer.cornerRadius = 20
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.18
        layer.shadowRadius = 14
        layer.shadowOffset = CGSize(width: 0, height: 8)

        badge.backgroundColor = .systemIndigo
        badge.layer.cornerRadius = 24
        badge.translatesAutoresizingMaskIntoConstraints = false

        titleLabel.text = "Spring card"
        titleLabel.font = .boldSystemFont(ofSize: 22)
        titleLabel.textColor = .label
        subtitleLabel.text = "Tap me to bounce"
        subtitleLabel.font = .systemFont(ofSize: 15)
        subtitleLabel.textColor = .secondaryLabel

        let stack = UIStackView(arrangedSubviews: [titleLabel, subtitleLabel])
        stack.axis = .vertical
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(badge)
        addSubview(stack)

        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20),
            badge.centerYAnchor.constraint(equalTo: centerYAnchor),
            badge.widthAnchor.constraint(equalToConstant: 48),
            badge.heightAnchor.constraint(equalToConstant: 48),
            stack.leadingAnchor.constraint(equalTo: badge.trailingAnchor, constant: 16),
            stack.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])

        let tap = UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))
        addGestureRecognizer(tap)
    }

    @objc private func handleTap(_ recognizer: UITapGestureRecognizer) {
        bounce()
    }

    func bounce() {
        transform = CGAffineTransform(scaleX: 0.92, y: 0.92)
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.35, initialSpringVelocity: 8,
                       options: [.allowUserInteraction], animations: {
            self.transform = .identity
        })
    }
}

final class SpringCardViewController: UIViewController {
    private let card = CardView(frame: .zero)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        card.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(card)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            card.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            card.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.82),
            card.heightAnchor.constraint(equalToConstant: 150),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        card.alpha = 0
        card.transform = CGAffineTransform(translationX: 0, y: 320)
        UIView.animate(withDuration: 0.9, delay: 0.1, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
                       options: [], animations: {
            self.card.alpha = 1
            self.card.transform = .identity
        })
    }
}
