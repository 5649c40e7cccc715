import UIKit

class OrbitAnimationView: UIView {

    private let orbitLayer = CAShapeLayer()
    private let satelliteLayer = CALayer()
    private let planetLayer = CALayer()

    var orbitDuration: CFTimeInterval = 4.0

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.05, green: 0.05, blue: 0.15, alpha: 1)

        orbitLayer.fillColor = UIColor.clear.cgColor
        orbitLayer.strokeColor = UIColor.white.withAlphaComponent(0.3).cgColor
        orbitLayer.lineWidth = 1
        orbitLayer.lineDashPattern = [6, 4]
        layer.addSublayer(orbitLayer)

        planetLayer.backgroundColor = UIColor.systemOrange.cgColor
        layer.addSublayer(planetLayer)

        satelliteLayer.backgroundColor = UIColor.systemTeal.cgColor
        satelliteLayer.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
        satelliteLayer.cornerRadius = 9
        satelliteLayer.shadowColor = UIColor.systemTeal.cgColor
        satelliteLayer.shadowRadius = 6
        satelliteLayer.shadowOpacity = 0.9
        satelliteLayer.shadowOffset = .zero
        layer.addSublayer(satelliteLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private var orbitPath: UIBezierPath {
        let inset = bounds.insetBy(dx: 30, dy: bounds.height * 0.25)
        return UIBezierPath(ovalIn: inset)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        orbitLayer.frame = bounds
        orbitLayer.path = orbitPath.cgPath

        let planetSize: CGFloat = 60
        planetLayer.bounds = CGRect(x: 0, y: 0, width: planetSize, height: planetSize)
        planetLayer.position = CGPoint(x: bounds.midX, y: bounds.midY)
        planetLayer.cornerRadius = planetSize / 2

        restartAnimation()
    }

    func restartAnimation() {
        satelliteLayer.removeAnimation(forKey: "orbit")

        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = orbitPath.cgPath
        animation.duration = orbitDuration
        animation.repeatCount = .infinity
        animation.calculationMode = .paced
        animation.rotationMode = .rotateAuto
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        satelliteLayer.add(animation, forKey: "orbit")
    }

    func animateAlongCustomPath(from start: CGPoint, to end: CGPoint) {
        let path = UIBezierPath()
        path.move(to: start)
        path.addCurve(to: end,
                      controlPoint1: CGPoint(x: start.x, y: start.y - 200),
                      controlPoint2: CGPoint(x: end.x, y: end.y - 200))

        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path.cgPath
        animation.duration = 1.2
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut)]

        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
        dot.cornerRadius = 6
        dot.backgroundColor = UIColor.systemYellow.cgColor
        dot.position = end
        layer.addSublayer(dot)
        dot.add(animation, forKey: "arc")
    }
}
