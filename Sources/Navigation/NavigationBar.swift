@_spi(Engine) import Views
@_spi(Engine) import Controls
import Geometry

/// The bar at the top of a navigation controller, as `UINavigationBar`: the top screen's title in
/// the middle, a back button titled with the previous screen's title on the left, and the
/// screen's bar button items.
@MainActor
public final class NavigationBar: View {
    weak var controller: NavigationController?
    /// The title in the middle of the title row (17-point semibold).
    public let titleLabel = Label(text: "", font: .systemFont(ofSize: 17, weight: .semibold))
    /// Screens' titles shown large, left-aligned under the title row, where the top screen asks
    /// for it (CN4); the row collapses as the screen's scroll view scrolls up.
    public var prefersLargeTitles = false { didSet { if prefersLargeTitles != oldValue { controller?.updateLargeTitle() } } }
    /// The large title, in the row under the title row.
    public let largeTitleLabel = Label(text: "", font: .systemFont(ofSize: 34, weight: .bold))
    /// How tall the large title's row is now (0: collapsed, or no large title).
    public internal(set) var largeTitleHeight = 0.0
    /// The back button, titled with the previous screen's back title.
    public let backButton = Button(configuration: .plain())
    private var leftButtons: [Button] = []
    private var rightButtons: [Button] = []
    /// The top item's accessory view, shown under the title row.
    public private(set) var accessoryView: View?
    /// The accessory's height (0 without one).
    var accessoryHeight: Double {
        guard let a = accessoryView else { return 0 }
        let ih = a.intrinsicContentSize.height
        let h = ih.isFinite && ih > 0 ? ih : a.frame.height
        return h.isFinite ? max(0, h) : 0
    }
    public override func tintColorDidChange() {
        super.tintColorDidChange()
        for b in [backButton] + leftButtons + rightButtons { b.tintColor = tintColor }
    }

    /// An empty bar; a navigation controller fills it from its screens' items.
    public required init() {
        super.init(frame: .zero)
        backgroundColor = Color(red: 0.98, green: 0.98, blue: 0.98)
        // Placed by frame in layoutSubviews.
        titleLabel.translatesAutoresizingMaskIntoConstraints = true
        titleLabel.accessibilityTraits = [.staticText, .header]          // as UIKit's bar title (AX1)
        backButton.translatesAutoresizingMaskIntoConstraints = true
        titleLabel.textColor = .black
        titleLabel.textAlignment = .center
        backButton.tintColor = tintColor
        backButton.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.controller?.backButtonClicked() }
        addSubview(titleLabel)
        addSubview(backButton)
    }

    /// A bar placed by `frame` (MR6: every view has `init(frame:)`).
    public convenience override init(frame: Rect) {
        self.init()
        self.frame = frame
    }

    /// Shows the top screen's title, items and back button.
    func update(for stack: [ViewController]) {
        guard let top = stack.last else { return }
        let item = top.navigationItem
        titleLabel.text = item.title ?? top.title ?? ""
        let previous = stack.count > 1 ? stack[stack.count - 2] : nil
        let backTitle = previous.map { $0.navigationItem.backButtonTitle ?? $0.navigationItem.title ?? $0.title ?? "Back" }
        var back = Button.Configuration.plain()
        back.title = backTitle.map { "‹ " + $0 }
        backButton.configuration = back
        backButton.accessibilityLabel = backTitle          // read without the chevron, as UIKit's
        backButton.isHidden = previous == nil || item.hidesBackButton || !item.leftBarButtonItems.isEmpty
        for b in leftButtons + rightButtons { b.removeFromSuperview() }
        leftButtons = item.leftBarButtonItems.map(makeButton)
        rightButtons = item.rightBarButtonItems.map(makeButton)
        for b in leftButtons + rightButtons { addSubview(b) }
        if accessoryView !== item.accessoryView {
            if accessoryView?.superview === self { accessoryView?.removeFromSuperview() }
            accessoryView = item.accessoryView
            if let a = accessoryView {
                a.translatesAutoresizingMaskIntoConstraints = true
                addSubview(a)
            }
            controller?.view.setNeedsLayout()
        }
        setPopProgress(0)
        setNeedsLayout()
    }

    /// During an interactive pop the title and back button fade with the finger.
    func setPopProgress(_ f: Double) {
        titleLabel.alpha = (largeTitleHeight > 0 ? 0 : 1) * (1 - f)
        largeTitleLabel.alpha = 1 - f
        backButton.alpha = 1 - f
    }

    private func makeButton(_ item: BarButtonItem) -> Button { item.makeButton(tint: tintColor) }

    public override func layoutSubviews() {
        super.layoutSubviews()
        // The title row is the top 44 points; an accessory view fills the width below it.
        let h = NavigationController.barHeight, w = bounds.width
        if let a = accessoryView {
            a.frame = Rect(x: 0, y: h, width: w, height: accessoryHeight)
        }
        var x = 8.0
        if !backButton.isHidden {
            let s = backButton.intrinsicContentSize
            backButton.frame = Rect(x: x, y: (h - s.height) / 2, width: s.width, height: s.height)
            x += s.width + 8
        }
        for b in leftButtons {
            let s = b.intrinsicContentSize
            b.frame = Rect(x: x, y: (h - s.height) / 2, width: s.width, height: s.height)
            x += s.width + 8
        }
        var right = w - 8
        for b in rightButtons.reversed() {
            let s = b.intrinsicContentSize
            right -= s.width
            b.frame = Rect(x: right, y: (h - s.height) / 2, width: s.width, height: s.height)
            right -= 8
        }
        let side = max(x, w - right)
        let th = min(h, titleLabel.intrinsicContentSize.height)
        titleLabel.frame = Rect(x: side, y: ((h - th) / 2).rounded(), width: max(0, w - 2 * side), height: th)
        if largeTitleHeight > 0 {
            // The large title sits on the row's bottom, 8 points up, and leaves with it.
            let lh = largeTitleLabel.intrinsicContentSize.height
            largeTitleLabel.frame = Rect(x: 16, y: h + largeTitleHeight - 8 - lh, width: max(0, w - 32), height: lh)
        }
    }
}
