import Foundation

// RU3: a file of a library that never imports UIKit itself, as files of a CocoaPods pod or an
// Xcode framework do: the framework's umbrella header imports UIKit for every file.

final class CountBadge: UIView {
    private let label = UILabel()
    var count = 0 { didSet { label.text = count > 99 ? "99+" : "\(count)"; isHidden = count == 0 } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemRed
        label.textColor = .white
        label.font = .systemFont(ofSize: 12, weight: .semibold)
        label.textAlignment = .center
        addSubview(label)
        isHidden = true
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
        layer.cornerRadius = bounds.height / 2
    }
}
