import UIKit

// RU3: a chart drawn without subviews that gives each bar an accessibility element, custom
// actions on a cell, Core Graphics' equalTo comparisons, a trait transition override and the
// status bar's old properties.

final class BarChartView: UIView {
    var values: [CGFloat] = [] { didSet { rebuildElements(); setNeedsDisplay() } }
    private var barElements: [UIAccessibilityElement] = []
    private var lastSize = CGSize.zero

    private func barRect(_ i: Int) -> CGRect {
        let width = bounds.width / CGFloat(max(values.count, 1))
        let height = bounds.height * min(1, max(0, values[i]))
        return CGRect(x: CGFloat(i) * width + 2, y: bounds.height - height, width: width - 4, height: height)
    }

    private func rebuildElements() {
        barElements = values.indices.map { i in
            let element = UIAccessibilityElement(accessibilityContainer: self)
            element.accessibilityLabel = "Bar \(i + 1)"
            element.accessibilityValue = "\(Int(values[i] * 100)) percent"
            element.accessibilityTraits = .image
            element.accessibilityFrameInContainerSpace = barRect(i)
            return element
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if !lastSize.equalTo(bounds.size) { lastSize = bounds.size; rebuildElements() }
    }
    override func accessibilityElementCount() -> Int { barElements.count }
    override func accessibilityElement(at index: Int) -> Any? { barElements[index] }
    override func index(ofAccessibilityElement element: Any) -> Int {
        barElements.firstIndex { $0 === element as AnyObject } ?? NSNotFound
    }
    override func draw(_ rect: CGRect) {
        UIColor.systemIndigo.setFill()
        for i in values.indices { UIBezierPath(roundedRect: barRect(i), cornerRadius: 3).fill() }
    }
}

final class ArchivableCell: UITableViewCell {
    func configureActions(archive: @escaping () -> Void) {
        accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Archive") { _ in archive(); return true }]
    }
}

final class ChartScreen: UIViewController {
    let chart = BarChartView()
    override func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
        super.willTransition(to: newCollection, with: coordinator)
        chart.setNeedsLayout()
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        let top = UIApplication.shared.statusBarFrame.height
        chart.frame = view.bounds.inset(by: UIEdgeInsets(top: top + 20, left: 20, bottom: 20, right: 20))
        view.addSubview(chart)
        if UIApplication.shared.statusBarOrientation.isLandscape { chart.values = [0.2, 0.5] }
    }
}
