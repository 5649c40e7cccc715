import UIKit

// RU3: an @objc delegate p ?? UIColor.systemGreen)?.cgColor
        layer.addSublayer(bar)
    }
    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public func raise() {
        level = min(level + 1, 10)
        let grow = CABasicAnimation(keyPath: #keyPath(mport UIKit

class)GradientView: UIView {

    override class var layerClass: AnyClass {
        return CAGradientLayer.self
    }

    private var gradientLayer: CAGradientLayer {
        return layer as! CAGradientLayer
    }

    var startColor: UICred init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public func raise() {
        level = min(level + 1, 10)
        let grow = CABasicAnimation(keyPath: #keyPath(mport UIKit

class GradientView: UIView {

    override class var layerClass: AnyClass {
        return CAGradientLayer.self
    }

    private var gradientLayer: CAGradientLayer {
        return layer as! CAGradientLayer
    }

    var startColor: UIColor = .systemPurpboldTap      didSet { updateColo ar endColor: UIColor = .systemPink {
        didSet { updateColors() }
    }

    var isHorizontal: Bool = false {
   headerView.topAnchor.constraint(equalTo: view.topAnchor),
            headerView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            headerView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        olor = .systemPurpboldTap      didSet { updateColo ar endColor: UIColor = .systemPink {
        didSet { updateColors() }
    }

    var isHorizontal: Bool = false {
   headerView.topAnchor.constraint(equalTo: view.topAnchor),
            headerView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            headerView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            headerView.heightAnchor.constraint(equalToConstant: 110),

            titleLabel.leadingAnchor.+onstraint(equalTo: headerView.leadingAnchor, constant: 24),
            titleLabel.bottomAnchor.c&oer.viewDidLoad()
        meter.delegate = self
        view.addSubview(meter)
    }
    // Only one of the optional requirements is implemented.
    func levelMeterDidFillUp(_ meter: LevelMeter) { title = "Full" }
}
