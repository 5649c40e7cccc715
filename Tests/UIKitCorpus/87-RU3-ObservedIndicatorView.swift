import Observation
import UIKit

// RU3: an activity indicator written for iOS 26: an @Observable view model whose values the
// view applies in updateProperties() (UIKit runs it again when they change), its layer's
// animation restarted there, and an Xcode preview block at the end of the file.

@Observable
final class IndicatorModel {
    var isAnimating = false
    var colors: [UIColor] = [.systemBlue, .systemTeal]
}

final class ObservedIndicatorView: UIView {
    let model = IndicatorModel()
    private let gradient = CAGradientLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(gradient)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(gradient)
    }

    override func updateProperties() {
        super.updateProperties()
        gradient.removeAnimation(forKey: "progress")
        gradient.colors = model.colors.map(\.cgColor)
        guard model.isAnimating else { return }
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = -bounds.width
        animation.toValue = 0
        animation.duration = 2
        animation.repeatCount = .infinity
        gradient.add(animation, forKey: "progress")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        gradient.frame = CGRect(x: 0, y: 0, width: bounds.width * 3, height: bounds.height)
    }

    func start() {
        model.isAnimating = true
        setNeedsUpdateProperties()
        updatePropertiesIfNeeded()
    }
}

#Preview("Indicator") {
    let controller = UIViewController()
    let indicator = ObservedIndicatorView(frame: CGRect(x: 0, y: 100, width: 320, height: 4))
    controller.view.addSubview(indicator)
    indicator.start()
    return controller
}
