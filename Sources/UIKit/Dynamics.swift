import Foundation
import Geometry
import Timeline

// UIKit Dynamics over the engine's ``DynamicAnimator`` (RU3): the animator, behaviors and
// attachments, with views and collection layout attributes as items. An animator made for a
// collection view layout invalidates the layout after every step, as UIKit's does.

/// `UIDynamicItem`: what a dynamic animator moves (views and collection layout attributes are).
@preconcurrency @MainActor
public protocol UIDynamicItem: AnyObject {
    /// The item's centre, which the animator moves.
    var center: CGPoint { get set }
    /// The item's bounds (its size).
    var bounds: CGRect { get }
    /// The item's transform (kept: the animator moves centres only).
    var transform: CGAffineTransform { get set }
}

extension UIView: UIDynamicItem {}
extension UICollectionViewLayoutAttributes: UIDynamicItem {}

/// A facade item as the engine's `DynamicItem`.
@MainActor
final class DynamicItemBridge: DynamicItem {
    let item: any UIDynamicItem
    init(_ item: any UIDynamicItem) { self.item = item }
    var center: Point { get { item.center.point } set { item.center = CGPoint(newValue) } }
    var bounds: Rect { item.bounds.rect }
}

/// `UIDynamicBehavior` over the engine's `DynamicBehavior`: child behaviors and an action run
/// after every step.
@preconcurrency @MainActor
open class UIDynamicBehavior: NSObject {
    package let engine: DynamicBehavior
    /// An empty behavior, to hold child behaviors.
    public override init() { engine = DynamicBehavior(); super.init() }
    package init(engine: DynamicBehavior) { self.engine = engine; super.init() }
    /// The behaviors added to this one.
    open private(set) var childBehaviors: [UIDynamicBehavior] = []
    /// Adds a child behavior (the engine's `DynamicBehavior/addChildBehavior(_:)`).
    open func addChildBehavior(_ behavior: UIDynamicBehavior) { childBehaviors.append(behavior); engine.addChildBehavior(behavior.engine) }
    /// Removes a child behavior.
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        childBehaviors.removeAll { $0 === behavior }
        engine.removeChildBehavior(behavior.engine)
    }
    /// Run after every step of the animator (the engine's `DynamicBehavior/action`).
    open var action: (() -> Void)? { didSet { engine.action = action } }
    /// The animator the behavior is in, while it is.
    open internal(set) weak var dynamicAnimator: UIDynamicAnimator?
    /// Called before the behavior is added to an animator (or removed: nil).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}
}

/// `UIAttachmentBehavior` over the engine's `AttachmentBehavior`: an item held to an anchor by
/// a spring (`frequency`, `damping`) or, with a frequency of 0, a rigid rod.
@preconcurrency @MainActor
open class UIAttachmentBehavior: UIDynamicBehavior {
    private let attachment: AttachmentBehavior
    /// The attached items.
    open private(set) var items: [any UIDynamicItem]
    /// Attaches `item` to `point`, at the distance they are apart now.
    public init(item: any UIDynamicItem, attachedToAnchor point: CGPoint) {
        items = [item]
        attachment = AttachmentBehavior(item: DynamicItemBridge(item), attachedToAnchor: point.point)
        super.init(engine: attachment)
    }
    /// The point the item is held to.
    open var anchorPoint: CGPoint { get { CGPoint(attachment.anchorPoint) } set { attachment.anchorPoint = newValue.point } }
    /// The distance kept from the anchor.
    open var length: CGFloat { get { CGFloat(attachment.length) } set { attachment.length = Double(newValue) } }
    /// The spring's damping ratio.
    open var damping: CGFloat { get { CGFloat(attachment.damping) } set { attachment.damping = Double(newValue) } }
    /// The spring's frequency in hertz (0: rigid).
    open var frequency: CGFloat { get { CGFloat(attachment.frequency) } set { attachment.frequency = Double(newValue) } }
}

/// Told when a dynamic animator pauses and resumes, as `UIDynamicAnimatorDelegate`.
@preconcurrency @MainActor
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// The animator starts stepping again.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Every item came to rest.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}
extension UIDynamicAnimatorDelegate {
    /// Does nothing unless implemented.
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    /// Does nothing unless implemented.
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// `UIDynamicAnimator` over the engine's `DynamicAnimator`: steps its behaviors frame by frame
/// on the window's run loop while items move.
@preconcurrency @MainActor
open class UIDynamicAnimator: NSObject {
    package let engine: DynamicAnimator
    /// The view the items move in, when made with one.
    open private(set) weak var referenceView: UIView?
    private weak var layout: UICollectionViewLayout?
    /// Told when the animator pauses and resumes.
    open weak var delegate: (any UIDynamicAnimatorDelegate)?

    /// An animator of items in `view`'s coordinates.
    public init(referenceView view: UIView) {
        engine = DynamicAnimator(referenceView: view.view)
        referenceView = view
        super.init()
        observeRunning()
    }
    /// An animator of a collection view layout's attributes: it invalidates the layout after
    /// every step (`UICollectionViewLayout/invalidateLayout()`).
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        engine = DynamicAnimator(referenceView: nil)
        self.layout = layout
        super.init()
        engine.host = { [weak layout] in layout?.collectionView?.view }
        engine.didStep = { [weak layout] in layout?.invalidateLayout() }
        observeRunning()
    }
    private func observeRunning() {
        engine.runningChanged = { [weak self] running in
            guard let self else { return }
            running ? delegate?.dynamicAnimatorWillResume(self) : delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// The behaviors added.
    open private(set) var behaviors: [UIDynamicBehavior] = []
    /// Adds a behavior; the animator starts if it was at rest.
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behavior.willMove(to: self)
        behaviors.append(behavior)
        behavior.dynamicAnimator = self
        engine.addBehavior(behavior.engine)
    }
    /// Removes a behavior.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        behavior.willMove(to: nil)
        behaviors.removeAll { $0 === behavior }
        behavior.dynamicAnimator = nil
        engine.removeBehavior(behavior.engine)
    }
    /// Removes every behavior.
    open func removeAllBehaviors() {
        for b in behaviors { b.willMove(to: nil); b.dynamicAnimator = nil }
        behaviors.removeAll()
        engine.removeAllBehaviors()
    }
    /// Whether the animator is stepping.
    open var isRunning: Bool { engine.isRunning }
    /// The seconds the animator has run.
    open var elapsedTime: TimeInterval { engine.elapsedTime }
    /// The items whose frames meet `rect` (the engine's `DynamicAnimator/items(in:)`).
    open func items(in rect: CGRect) -> [any UIDynamicItem] {
        engine.items(in: rect.rect).compactMap { ($0 as? DynamicItemBridge)?.item }
    }
    /// Takes an item's state as it is now (moved by hand); the animator starts if at rest.
    open func updateItem(usingCurrentState item: any UIDynamicItem) {
        engine.updateItem(usingCurrentState: DynamicItemBridge(item))
    }
    /// The attributes of the cell at `indexPath` among the animator's items, or nil.
    open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes { $0.indexPath == indexPath && $0.representedElementCategory == .cell }
    }
    /// The attributes of a supplementary view among the animator's items, or nil.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes { $0.indexPath == indexPath && $0.representedElementKind == kind && $0.representedElementCategory == .supplementaryView }
    }
    private func attributes(where match: (UICollectionViewLayoutAttributes) -> Bool) -> UICollectionViewLayoutAttributes? {
        for item in engine.items {
            if let a = (item as? DynamicItemBridge)?.item as? UICollectionViewLayoutAttributes, match(a) { return a }
        }
        return nil
    }
}
