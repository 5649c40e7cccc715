import UIKit

class DraggableView: UIView {

    private var initialCenter: CGPoint = .zero
    var snapsBackToOrigin = true

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemTeal
        layer.cornerRadius = frame.width / 2
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.25
        layer.shadowRadius =   layer.shadowOffset = CGSize(width: 0, height: 4)

        let pan = UIPanGestureRecognizer(target: self, action: #selector(hanimport UIKit

extension UIView {

    // MARK: - Animations

    func shake(duration: CFTimeInterval = 0.5, amplitude: CGF
    }

    // MARK: - Styling

    func roundCorners(_ corners: CACornerMask, radius: CGFloat) {
        layer.cornerRadius = radius
        layer.maskedCorners = corners
        layer.masksToBounds = true
    }

    func roundTopCorners(radius: CGFloat) {
        roundCorners([.layerMinXMinYCorner, .layerMaxXMinYCorner], radius: radius)
    }

    func addShadow(color: UIColor = .black,
                   opacity: Float = 0.2,
                   offset: CGSize = CGSize(width: 0, height: 2),
                   radius: CGFloat = 4) {
        layer.masksToBounds = false
        layer.shadowColor = color.cgColor
        layer.shadowOpacity = opacity
        layer.shadowOffset = offset
        layer.shadowRadlePan(_:)))
dius =       