import UIKit

// RU3: an @objc delegate protocol with optional requirements, called with `?.method?(...)`;
// a #keyPath for a layer animation; an `#if os(iOS)` branch; a Darwin time constant.

@objc public protocol LevelMeterDelegate {
    @objc optional func levelMeterDidFillUp(_ meter: LevelMeter)
    @objc optional func levelMeter(_ meter: LevelMeter, badgeFor level: Int) -> UIView?
    @objc optional var accentColor: UIColor? { get }
}

public final class LevelMeter: UIView {
    public weak var delegate: LevelMeterDelegate?
    private let bar = CALayer()
    public private(set) var level = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        bar.backgroundColor = (delegate?.accentColor ?? UIColor.systemGreen)?.cgColor
        layer.addSublayer(bar)
    }
    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public func raise() {
        level = min(level + 1, 10)
        let grow = CABasicAnimation(keyPath: #keyPath(CALayer.bounds))
        grow.duration = 0.2
        bar.add(grow, forKey: "grow")
        if let badge = delegate?.levelMeter?(self, badgeFor: level) { addSubview(badge) }
        if level == 10 { delegate?.levelMeterDidFillUp?(self) }
        #if os(iOS)
        let settle = DispatchTime.now() + Double(Int64(0.3 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        DispatchQueue.main.asyncAfter(deadline: settle) { [weak self] in self?.setNeedsLayout() }
        #endif
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        bar.frame = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(level) / 10, height: bounds.height)
    }
}

final class MeterScreen: UIViewController, LevelMeterDelegate {
    let meter = LevelMeter(frame: CGRect(x: 20, y: 80, width: 280, height: 24))
    override func viewDidLoad() {
        super.viewDidLoad()
        meter.delegate = self
        view.addSubview(meter)
    }
    // Only one of the optional requirements is implemented.
    func levelMeterDidFillUp(_ meter: LevelMeter) { title = "Full" }
}
