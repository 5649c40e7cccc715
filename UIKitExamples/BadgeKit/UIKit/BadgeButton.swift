import UIKit

/// A button that counts its taps in a badge at its top right corner, written as an iOS library
/// would be: target-action with `#selector` to an `@objc` method, an inspectable tint.
open class BadgeButton: UIButton {
    /// How many times the button was tapped.
    public private(set) var count = 0
    /// The badge that shows the count; hidden until the first tap.
    public let badge = UILabel()
    /// The badge's background colour.
    @IBInspectable public var badgeColor: UIColor = .systemRed {
        didSet { badge.backgroundColor = badgeColor }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        badge.backgroundColor = badgeColor
        badge.textColor = .white
        badge.textAlignment = .center
        badge.font = .systemFont(ofSize: 11, weight: .bold)
        badge.isHidden = true
        addSubview(badge)
        addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        badge.frame = CGRect(x: bounds.maxX - 14, y: bounds.minY - 6, width: 20, height: 20)
        badge.layer.cornerRadius = 10
    }

    @objc private func tapped(_ sender: UIButton) {
        count += 1
        badge.text = "\(count)"
        badge.isHidden = false
    }
}
