import UIKit

class GradientView: UIView {

    override class var layerClass: AnyClass {
        return CAGradientLayer.self
    }

    private var gradientLayer: CAGradientLayer {
        return layer as! CAGradientLayer
    }

    var startColor: UIColor = .systemPurple {
        didSet { updateColors() }
    }

    var endColor: UIColor = .systemPink {
        didSet { updateColors() }
    }

    var isHorizontal: Bool = false {
        didSet { updatePoints() }
    }

    var colors: [UIColor] = [] {
        didSet { updateColors() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        updateColors()
        updatePoints()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func updateColors() {
        if colors.isEmpty {
            gradientLayer.colors = [startColor.cgColor, endColor.cgColor]
            gradientLayer.locations = [0.0, 1.0]
        } else {
            gradientLayer.colors = colors.map { $0.cgColor }
            let step = 1.0 / Double(max(colors.count - 1, 1))
            gradientLayer.locations = colors.indices.map { NSNumber(value: Double($0) * step) }
        }
    }

    private func updatePoints() {
        if isHorizontal {
            gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
            gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
        } else {
            gradientLayer.startPoint = CGPoint(x: 0.5, y: 0)
            gradientLayer.endPoint = CGPoint(x: 0.5, y: 1)
        }
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            updateColors()
        }
    }
}

class GradientHeaderViewController: UIViewController {

    private let headerView = GradientView()
    private let titleLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        headerView.colors = [.systemIndigo, .systemBlue, .systemTeal]
        headerView.isHorizontal = true
        headerView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(headerView)

        titleLabel.text = "Welcome back"
        titleLabel.font = .boldSystemFont(ofSize: 28)
        titleLabel.textColor = .white
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        headerView.addSubview(titleLabel)

        NSLayoutConstraint.activate([
            headerView.topAnchor.constraint(equalTo: view.topAnchor),
            headerView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            headerView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            headerView.heightAnchor.constraint(equalToConstant: 220),

            titleLabel.leadingAnchor.constraint(equalTo: headerView.leadingAnchor, constant: 24),
            titleLabel.bottomAnchor.constraint(equalTo: headerView.bottomAnchor, constant: -24)
        ])
    }
}
