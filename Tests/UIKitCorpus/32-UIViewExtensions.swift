import UIKit

extension UIView {

    // MARK: - Animations

    func shake(duration: CFTimeInterval = 0.5, amplitude: CGFloat = 10) {
        let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.duration = duration
        animation.values = [-amplitude, amplitude, -amplitude * 0.8, amplitude * 0.8,
                            -amplitude * 0.4, amplitude * 0.4, 0]
        layer.add(animation, forKey: "shake")
    }

    func fadeIn(duration: TimeInterval = 0.3, delay: TimeInterval = 0, completion: ((Bool) -> Void)? = nil) {
        if isHidden {
            alpha = 0
            isHidden = false
        }
        UIView.animate(withDuration: duration, delay: delay, options: .curveEaseIn, animations: {
            self.alpha = 1.0
        }, completion: completion)
    }

    func fadeOut(duration: TimeInterval = 0.3, delay: TimeInterval = 0, completion: ((Bool) -> Void)? = nil) {
        UIView.animate(withDuration: duration, delay: delay, options: .curveEaseOut, animations: {
            self.alpha = 0.0
        }, completion: { finished in
            self.isHidden = true
            completion?(finished)
        })
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
        layer.shadowRadius = radius
    }

    func addBorder(width: CGFloat, color: UIColor) {
        layer.borderWidth = width
        layer.borderColor = color.cgColor
    }

    // MARK: - Layout

    func addSubviews(_ views: UIView...) {
        views.forEach { addSubview($0) }
    }

    func pinEdgesToSuperview(insets: UIEdgeInsets = .zero) {
        guard let superview = superview else {
            assertionFailure("pinEdgesToSuperview called before adding \(self) to a superview")
            return
        }
        translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            topAnchor.constraint(equalTo: superview.topAnchor, constant: insets.top),
            leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: insets.left),
            trailingAnchor.constraint(equalTo: superview.trailingAnchor, constant: -insets.right),
            bottomAnchor.constraint(equalTo: superview.bottomAnchor, constant: -insets.bottom)
        ])
    }

    func centerInSuperview(size: CGSize? = nil) {
        guard let superview = superview else { return }
        translatesAutoresizingMaskIntoConstraints = false
        var constraints = [
            centerXAnchor.constraint(equalTo: superview.centerXAnchor),
            centerYAnchor.constraint(equalTo: superview.centerYAnchor)
        ]
        if let size = size {
            constraints.append(widthAnchor.constraint(equalToConstant: size.width))
            constraints.append(heightAnchor.constraint(equalToConstant: size.height))
        }
        NSLayoutConstraint.activate(constraints)
    }

    // MARK: - Snapshot

    func snapshotImage() -> UIImage {
        let renderer = UIGraphicsImageRenderer(bounds: bounds)
        return renderer.image { context in
            layer.render(in: context.cgContext)
        }
    }
}
