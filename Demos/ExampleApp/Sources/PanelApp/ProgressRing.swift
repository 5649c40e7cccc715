import Timeline

/// A progress ring drawn by a shape layer on the view's layer, as UIKit apps draw one: the
/// track and the arc share a circle path, and `setProgress(_:animated:)` animates the arc's
/// `strokeEnd` with a basic animation by key path.
@MainActor
public final class ProgressRing: View {
    public let track = ShapeLayer()
    public let arc = ShapeLayer()
    public private(set) var progress = 0.0

    public override init(frame: Rect) {
        super.init(frame: frame)
        for (shape, color) in [(track, Color(red: 0.25, green: 0.25, blue: 0.3)), (arc, Color(red: 0.3, green: 0.8, blue: 0.5))] {
            shape.fillColor = nil
            shape.strokeColor = color
            shape.lineWidth = 10
            shape.lineCap = .round
            layer.addSublayer(shape)
        }
        arc.strokeEnd = 0
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        var circle = Path()
        circle.addArc(center: Point(x: bounds.midX, y: bounds.midY), radius: min(bounds.width, bounds.height) / 2 - 8,
                      startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        for shape in [track, arc] {
            shape.frame = bounds
            shape.path = circle
        }
    }

    /// Sets the arc's length to `value` (0...1), animating from what is on screen over 0.4 s.
    public func setProgress(_ value: Double, animated: Bool) {
        let target = min(max(value, 0), 1)
        let shown = arc.presentation()?.strokeEnd ?? arc.strokeEnd
        progress = target
        Transaction.begin()
        Transaction.setDisableActions(true)
        arc.strokeEnd = target                       // the model changes at once
        Transaction.commit()
        guard animated else { return }
        let grow = BasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = shown
        grow.toValue = target
        grow.duration = 0.4
        grow.timingFunction = MediaTimingFunction(name: .easeInEaseOut)
        arc.add(grow, forKey: "progress")
    }
}
