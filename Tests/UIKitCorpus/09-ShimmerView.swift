import UIKit

class ShimmerView: UIView {

    private let gradientLayer = CAGradientLayer()
    private let animationKey = "shimmer"

    var baseColor: UIColor = UIColor(white: 0.88, alpha: 1.0) {
        didSet { updateColors() }
    }

    var highlightColor: UIColor = UIColor(white: 0.97, alpha: 1.0) {
        didSet { updateColors() }
    }

    var duration: CFTimeInterval = 1.4

    override init(frame: CGRect) {
        super.init(frame: frame)
        setup()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setup() {
        layer.cornerRadius = 8
        clipsToBounds = true
        gradientLayer.startPoint = CGPoint(x: 0.0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1.0, y: 0.5)
        gradientLayer.locations = [-1.0, -0.5, 0.0]
        updateColors()
        layer.addSublayer(gradientLayer)
    }

    private func updateColors() {
        gradientLayer.colors = [baseColor.cgColor, highlightColor.cgColor, baseColor.cgColor]
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        gradientLayer.frame = bounds
    }

    func startShimmering() {
        guard gradientLayer.animation(forKey: animationKey) == nil else { return }

        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1.0, -0.5, 0.0]
        animation.toValue = [1.0, 1.5, 2.0]
        animation.duration = duration
        animation.repeatCount = .infinity
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.isRemovedOnCompletion = false
        gradientLayer.add(animation, forKey: animationKey)
    }

    func stopShimmering() {
        gradientLayer.removeAnimation(forKey: animationKey)
    }
}

final class SkeletonCell: UITableViewCell {

    static let reuseIdentifier = "SkeletonCell"

    private let avatarPlaceholder = ShimmerView()
    private let linePlaceholder = ShimmerView()
    private let shortLinePlaceholder = ShimmerView()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        [avatarPlaceholder, linePlaceholder, shortLinePlaceholder].forEach {
            $0.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview($0)
        }
        avatarPlaceholder.layer.cornerRadius = 22

        NSLayoutConstraint.activate([
            avatarPlaceholder.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            avatarPlaceholder.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            avatarPlaceholder.widthAnchor.constraint(equalToConstant: 44),
            avatarPlaceholder.heightAnchor.constraint(equalToConstant: 44),

            linePlaceholder.leadingAnchor.constraint(equalTo: avatarPlaceholder.trailingAnchor, constant: 12),
            linePlaceholder.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            linePlaceholder.topAnchor.constraint(equalTo: avatarPlaceholder.topAnchor, constant: 4),
            linePlaceholder.heightAnchor.constraint(equalToConstant: 14),

            shortLinePlaceholder.leadingAnchor.constraint(equalTo: linePlaceholder.leadingAnchor),
            shortLinePlaceholder.widthAnchor.constraint(equalTo: linePlaceholder.widthAnchor, multiplier: 0.6),
            shortLinePlaceholder.bottomAnchor.constraint(equalTo: avatarPlaceholder.bottomAnchor, constant: -4),
            shortLinePlaceholder.heightAnchor.constraint(equalToConstant: 14)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startLoading() {
        [avatarPlaceholder, linePlaceholder, shortLinePlaceholder].forEach { $0.startShimmering() }
    }
}
