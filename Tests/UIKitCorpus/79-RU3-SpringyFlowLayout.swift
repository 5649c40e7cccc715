import UIKit

// RU3: a flow layout whose cells hang on springs (UIKit Dynamics): an animator made for the
// layout, an attachment per visible cell, the attributes read back from the animator, the items
// nudged as the collection view scrolls, and a helper added to the animator in an extension.

open class SpringyFlowLayout: UICollectionViewFlowLayout {
    private lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
    private var attached: Set<IndexPath> = []

    open override func prepare() {
        super.prepare()
        guard let view = collectionView,
              let visible = super.layoutAttributesForElements(in: view.bounds.insetBy(dx: -100, dy: -100)) else { return }
        for item in visible where !attached.contains(item.indexPath) {
            animator.attach(item, damping: 0.7, frequency: 1.5)
            attached.insert(item.indexPath)
        }
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let view = collectionView else { return false }
        let delta = newBounds.origin.y - view.bounds.origin.y
        let touch = view.panGestureRecognizer.location(in: view)
        for behavior in animator.behaviors {
            guard let spring = behavior as? UIAttachmentBehavior, let item = spring.items.first else { continue }
            let resistance = abs(touch.y - spring.anchorPoint.y) / 1000
            item.center.y += delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }
}

extension UIDynamicAnimator {
    open func attach(_ item: UIDynamicItem, damping: CGFloat, frequency: CGFloat) {
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
        spring.damping = damping
        spring.frequency = frequency
        addBehavior(spring)
    }
}
