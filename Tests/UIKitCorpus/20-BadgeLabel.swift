import UIKit

class BadgeLabel: UILabel {

    var contentInsets = UIEdgeInsets(top: 2, left: 6, bottom: 2, right: 6) {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }

    var badgeColor: UIColor = .systemRed {
        didSet { backgroundColor = badgeColor }
    }

    var count: Int = 0 {
        didSet {
            text = count > 99 ? "99+" : "\(count)"
            isHidden = count == 0
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func commonInit() {
        backgroundColor = badgeColor
        textColor = .white
        font = .systemFont(ofSize: 12, weight: .bold)
        textAlignment = .center
        layer.masksToBounds = true
        setContentHuggingPriority(.required, for: .horizontal)
        setContentCompressionResistancePriority(.required, for: .horizontal)
    }

    override func drawText(in rect: CGRect) {
        super.drawText(in: rect.inset(by: contentInsets))
    }

    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        let width = size.width + contentInsets.left + contentInsets.right
        let height = size.height + contentInsets.top + contentInsets.bottom
        return CGSize(width: max(width, height), height: height)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        return intrinsicContentSize
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
    }

    func bump() {
        let animation = CAKeyframeAnimation(keyPath: "transform.scale")
        animation.values = [1.0, 1.3, 0.9, 1.0]
        animation.keyTimes = [0, 0.4, 0.7, 1]
        animation.duration = 0.35
        layer.add(animation, forKey: "bump")
    }
}

final class InboxIconView: UIView {

    private let iconView = UIImageView(image: UIImage(systemName: "bell.fill"))
    let badge = BadgeLabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        iconView.tintColor = .label
        iconView.translatesAutoresizingMaskIntoConstraints = false
        badge.translatesAutoresizingMaskIntoConstraints = false
        addSubview(iconView)
        addSubview(badge)

        NSLayoutConstraint.activate([
            iconView.centerXAnchor.constraint(equalTo: centerXAnchor),
            iconView.centerYAnchor.constraint(equalTo: centerYAnchor),
            iconView.widthAnchor.constraint(equalToConstant: 28),
            iconView.heightAnchor.constraint(equalToConstant: 28),
            badge.centerXAnchor.constraint(equalTo: iconView.trailingAnchor),
            badge.centerYAnchor.constraint(equalTo: iconView.topAnchor)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
