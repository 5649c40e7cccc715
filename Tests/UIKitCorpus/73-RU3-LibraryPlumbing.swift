import UIKit
import Darwin

// RU3: the plumbing of small UIKit libraries: a check box group holding its boxes weakly in an
// NSHashTable, a centring flow layout that adjusts its invalidation context, a collection cell
// whose initialiser override is public, a transition handing back its interruptible animator,
// a controller reading its nibName, and the idiom asked from code that is not main-actor code.

final class CheckBoxGroup: NSObject {
    private(set) var boxes = NSHashTable<UISwitch>(options: .weakMemory)
    func add(_ box: UISwitch) { if !boxes.contains(box) { boxes.add(box) } }
    var onCount: Int { boxes.allObjects.filter(\.isOn).count }
}

final class CentringFlowLayout: UICollectionViewFlowLayout {
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        guard let collectionView else { return }
        if collectionView.bounds.width > 0 { context.contentOffsetAdjustment = .zero }
    }
    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        context.contentSizeAdjustment = CGSize(width: 0, height: 0)
        return context
    }
}

open class TagCell: UICollectionViewCell {
    override public init(frame: CGRect) { super.init(frame: frame) }
    required public init?(coder aDecoder: NSCoder) { fatalError("init(coder:) is not used") }
}

final class DriverHolder {
    let animator = UIViewPropertyAnimator(duration: 0.3, dampingRatio: 0.8)
    func interruptible() -> UIViewImplicitlyAnimating { animator }
}

final class SideMenuChild: UIViewController {
    var isNamed: Bool { nibName != nil }
}

func isPad() -> Bool { UI_USER_INTERFACE_IDIOM() == .pad }
func roundedUp(_ x: Double) -> Double { ceil(x) }
