@_spi(Engine) import Views
@_spi(Engine) import Controls
import Geometry

/// A bar of items along the bottom of a screen, as `UIToolbar`: buttons for its
/// ``BarButtonItem``s from the leading edge, flexible spaces sharing what is left, fixed spaces
/// of their width, and items' own views in place.
@MainActor
public final class Toolbar: View {
    /// The toolbar's height in points.
    public static let height = 44.0
    /// The items, from the leading edge.
    public var items: [BarButtonItem] = [] { didSet { rebuild() } }
    public override func tintColorDidChange() {
        super.tintColorDidChange()
        for b in buttons.compactMap({ $0 }) { b.tintColor = tintColor }
    }
    /// A button per item (nil for spaces and custom views), in item order.
    private var buttons: [Button?] = []

    /// An empty toolbar.
    public required init() {
        super.init(frame: .zero)
        backgroundColor = Color(red: 0.98, green: 0.98, blue: 0.98)
        translatesAutoresizingMaskIntoConstraints = true
    }

    /// A bar placed by `frame` (MR6: every view has `init(frame:)`).
    public convenience override init(frame: Rect) {
        self.init()
        self.frame = frame
    }

    public override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: Toolbar.height) }

    /// Whether these are the items shown (by identity).
    func hasItems(_ other: [BarButtonItem]) -> Bool {
        other.count == items.count && zip(other, items).allSatisfy { $0 === $1 }
    }

    private func rebuild() {
        for b in buttons.compactMap({ $0 }) { b.removeFromSuperview() }
        for v in subviews where !(v is Button) { v.removeFromSuperview() }
        buttons = items.map { item -> Button? in
            switch item.kind {
            case .flexibleSpace, .fixedSpace: return nil
            case .customView(let v):
                v.translatesAutoresizingMaskIntoConstraints = true
                addSubview(v)
                return nil
            case .button:
                let b = item.makeButton(tint: tintColor)
                addSubview(b)
                return b
            }
        }
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let h = bounds.height, margin = 8.0, gap = 8.0
        // Widths: buttons and views their own (or the item's), fixed spaces theirs, flexible
        // spaces an equal share of what is left.
        var widths: [Double] = []
        var flexible = 0
        for (i, item) in items.enumerated() {
            switch item.kind {
            case .flexibleSpace: widths.append(0); flexible += 1
            case .fixedSpace: widths.append(max(0, item.width))
            case .customView(let v):
                let s = v.frame.width > 0 ? v.frame.width : v.intrinsicContentSize.width
                widths.append(item.width > 0 ? item.width : max(0, s.isFinite ? s : 0))
            case .button:
                let s = buttons[i]?.intrinsicContentSize.width ?? 0
                widths.append(item.width > 0 ? item.width : s)
            }
        }
        let used = widths.reduce(0, +) + gap * Double(max(0, items.count - 1)) + 2 * margin
        let share = flexible > 0 ? max(0, bounds.width - used) / Double(flexible) : 0
        var x = margin
        for (i, item) in items.enumerated() {
            let w: Double
            if case .flexibleSpace = item.kind { w = share } else { w = widths[i] }
            switch item.kind {
            case .customView(let v):
                let vh = min(h, v.frame.height > 0 ? v.frame.height : h)
                v.frame = Rect(x: x, y: (h - vh) / 2, width: w, height: vh)
            case .button:
                if let b = buttons[i] {
                    let bh = b.intrinsicContentSize.height
                    b.frame = Rect(x: x, y: (h - bh) / 2, width: w, height: bh)
                }
            default: break
            }
            x += w + gap
        }
    }
}
