import Geometry
import RenderModel
import Timeline
import UpdateLoop

// UIKit's scroll view over the engine's: the physics (deceleration, rubber-banding, paging,
// zoom), the indicators and the delegate's calls are the engine's ``ScrollView``'s.

/// What a scroll view tells and asks its delegate; every method is optional. Velocities are
/// in points per millisecond, as UIKit's.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// Partial: not called yet (the engine's zooming tells only `scrollViewDidZoom`).
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Partial: not called yet, as `scrollViewWillBeginZooming(_:with:)`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Partial: not called yet; the adjusted inset changes with the safe area only.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}
extension UIScrollViewDelegate {
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}

/// The engine scroll view a `UIScrollView` stands for: layout comes back to the facade (your
/// `layoutSubviews`, and the content size its content layout guide gives).
final class FacadeScrollView: ScrollView {
    weak var owner: UIScrollView?
    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.engineDidLayout()
    }
    /// A facade subclass's size (a text view without scrolling sizes to its lines).
    override var intrinsicContentSize: Size { owner?.intrinsicContentSize.size ?? super.intrinsicContentSize }
}

/// Passes the engine scroll view's delegate calls to the facade's delegate with the facade.
@preconcurrency @MainActor
class ScrollDelegateBridge: ScrollViewDelegate {
    unowned let owner: UIScrollView
    init(_ owner: UIScrollView) { self.owner = owner }
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        owner.delegate?.scrollViewDidScroll(owner)
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { owner.delegate?.scrollViewWillBeginDragging(owner) }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        guard let d = owner.delegate else { return }
        var target = CGPoint(targetContentOffset)
        withUnsafeMutablePointer(to: &target) { d.scrollViewWillEndDragging(owner, withVelocity: CGPoint(velocity), targetContentOffset: $0) }
        targetContentOffset = target.point
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { owner.delegate?.scrollViewDidEndDragging(owner, willDecelerate: decelerate) }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { owner.delegate?.scrollViewWillBeginDecelerating(owner) }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { owner.delegate?.scrollViewDidEndDecelerating(owner) }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { owner.delegate?.scrollViewDidEndScrollingAnimation(owner) }
    func scrollViewDidZoom(_ scrollView: ScrollView) { owner.delegate?.scrollViewDidZoom(owner) }
    func viewForZooming(in scrollView: ScrollView) -> View? { owner.delegate?.viewForZooming(in: owner)?.view }
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { owner.delegate?.scrollViewShouldScrollToTop(owner) ?? true }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) { owner.delegate?.scrollViewDidScrollToTop(owner) }
}

/// `UIScrollView` over the engine's `ScrollView`. Its content and frame layout guides are the
/// engine's: constraints to the content guide, or to the scroll view's own edges from a view
/// inside it, set the content size; the frame guide follows the visible rectangle, so content
/// pinned to it stays in place while the rest scrolls.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    package var scroll: ScrollView { view as! ScrollView }
    private lazy var bridge = makeDelegateBridge()
    /// The object the engine view's delegate calls go to (a table's also answers as its data
    /// source).
    func makeDelegateBridge() -> ScrollDelegateBridge { ScrollDelegateBridge(self) }
    private var contentGuide: UILayoutGuide?
    private var frameGuide: UILayoutGuide?

    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(FacadeScrollView(frame: .zero), frame: frame))!
        adoptScrollView()
    }
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeScrollView(frame: .zero) })
        adoptScrollView()
    }
    private func adoptScrollView() {
        (scroll as? FacadeScrollView)?.owner = self
        if let table = scroll as? TableView, let b = bridge as? TableBridge {
            table.dataSource = b
            table.tableDelegate = b
        } else if let collection = scroll as? CollectionView, let b = bridge as? CollectionBridge {
            collection.dataSource = b
            collection.collectionDelegate = b
        } else {
            scroll.delegate = bridge
        }
    }

    open weak var delegate: (any UIScrollViewDelegate)?

    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
        var engine: ScrollView.ContentInsetAdjustmentBehavior {
            switch self { case .automatic: .automatic; case .scrollableAxes: .scrollableAxes; case .never: .never; case .always: .always }
        }
    }
    public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive }
    public enum IndicatorStyle: Int, Sendable { case `default`, black, white }

    open var contentSize: CGSize { get { CGSize(scroll.contentSize) } set { scroll.contentSize = newValue.size } }
    open var contentOffset: CGPoint { get { CGPoint(scroll.contentOffset) } set { scroll.contentOffset = newValue.point } }
    open func setContentOffset(_ offset: CGPoint, animated: Bool) { scroll.setContentOffset(offset.point, animated: animated) }
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) { scroll.scrollRectToVisible(rect.rect, animated: animated) }
    open var contentInset: UIEdgeInsets {
        get { UIEdgeInsets(scroll.contentInset) } set { scroll.contentInset = newValue.engine }
    }
    open var adjustedContentInset: UIEdgeInsets { UIEdgeInsets(scroll.adjustedContentInset) }
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { scroll.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior.engine }
    }
    open var bounces: Bool { get { scroll.bounces } set { scroll.bounces = newValue } }
    open var alwaysBounceVertical: Bool { get { scroll.alwaysBounceVertical } set { scroll.alwaysBounceVertical = newValue } }
    open var alwaysBounceHorizontal: Bool { get { scroll.alwaysBounceHorizontal } set { scroll.alwaysBounceHorizontal = newValue } }
    open var isScrollEnabled: Bool { get { scroll.isScrollEnabled } set { scroll.isScrollEnabled = newValue } }
    /// The recognizer that drags the content: the engine scroll view's own, named as UIKit's.
    open var panGestureRecognizer: UIPanGestureRecognizer {
        if let panFacade { return panFacade }
        let made = UIPanGestureRecognizer.wrapping(scroll.panGestureRecognizer)
        panFacade = made
        return made
    }
    /// The facade of the engine's pan recognizer, made when first asked for.
    private var panFacade: UIPanGestureRecognizer?
    open var isPagingEnabled: Bool { get { scroll.isPagingEnabled } set { scroll.isPagingEnabled = newValue } }
    open var isDirectionalLockEnabled: Bool { get { scroll.isDirectionalLockEnabled } set { scroll.isDirectionalLockEnabled = newValue } }
    open var decelerationRate: DecelerationRate {
        get { DecelerationRate(rawValue: CGFloat(scroll.decelerationRate.rawValue)) }
        set { scroll.decelerationRate = ScrollView.DecelerationRate(rawValue: newValue.rawValue.double) }
    }
    open var showsVerticalScrollIndicator: Bool { get { scroll.showsVerticalScrollIndicator } set { scroll.showsVerticalScrollIndicator = newValue } }
    open var showsHorizontalScrollIndicator: Bool { get { scroll.showsHorizontalScrollIndicator } set { scroll.showsHorizontalScrollIndicator = newValue } }
    /// Partial: kept; the indicators keep the engine's inset and style.
    open var scrollIndicatorInsets = UIEdgeInsets.zero
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    open var indicatorStyle: IndicatorStyle = .default
    open func flashScrollIndicators() { scroll.setContentOffset(scroll.contentOffset, animated: false) }
    open var delaysContentTouches: Bool { get { scroll.delaysContentTouches } set { scroll.delaysContentTouches = newValue } }
    open var canCancelContentTouches: Bool { get { scroll.canCancelContentTouches } set { scroll.canCancelContentTouches = newValue } }
    /// Partial: kept; there is no on-screen keyboard to dismiss.
    open var keyboardDismissMode: KeyboardDismissMode = .none
    open var scrollsToTop: Bool { get { scroll.scrollsToTop } set { scroll.scrollsToTop = newValue } }
    open var isTracking: Bool { scroll.isTracking }
    open var isDragging: Bool { scroll.isDragging }
    open var isDecelerating: Bool { scroll.isDecelerating }
    open var isZooming: Bool { scroll.isZooming }
    open var minimumZoomScale: CGFloat { get { CGFloat(scroll.minimumZoomScale) } set { scroll.minimumZoomScale = newValue.double } }
    open var maximumZoomScale: CGFloat { get { CGFloat(scroll.maximumZoomScale) } set { scroll.maximumZoomScale = newValue.double } }
    open var zoomScale: CGFloat { get { CGFloat(scroll.zoomScale) } set { scroll.setZoomScale(newValue.double, animated: false) } }
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { scroll.setZoomScale(scale.double, animated: animated) }
    /// Zooms so that `rect` (in the zoomed view's coordinates) fills the view, centred on it.
    open func zoom(to rect: CGRect, animated: Bool) { scroll.zoom(to: rect.rect, animated: animated) }
    open var bouncesZoom = true

    /// The engine scroll view's `ScrollView.contentLayoutGuide`: the content's rectangle for
    /// Auto Layout, whose size becomes ``contentSize`` where the constraints determine it.
    open var contentLayoutGuide: UILayoutGuide {
        if let g = contentGuide { return g }
        let f = UILayoutGuide(scroll.contentLayoutGuide)
        contentGuide = f
        return f
    }
    /// The engine scroll view's `ScrollView.frameLayoutGuide`: the scroll view's own rectangle
    /// for Auto Layout, which stays where the scroll view is while the content moves under it.
    open var frameLayoutGuide: UILayoutGuide {
        if let g = frameGuide { return g }
        let f = UILayoutGuide(scroll.frameLayoutGuide)
        frameGuide = f
        return f
    }
    /// After the engine's layout: the facade subclass's `layoutSubviews`.
    func engineDidLayout() {
        layoutSubviewsFromEngine()
    }
}

/// `UIRefreshControl` over the engine's `RefreshControl`: set it as a scroll view's (or a
/// table's) `refreshControl`; pulling past the trigger sends `valueChanged` to its targets.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    package var refresh: RefreshControl { view as! RefreshControl }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(RefreshControl(), frame: frame))!
    }
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { RefreshControl() })
    }
    open var isRefreshing: Bool { refresh.isRefreshing }
    open func beginRefreshing() { refresh.beginRefreshing() }
    open func endRefreshing() { refresh.endRefreshing() }
    open override var tintColor: UIColor! { get { UIColor(refresh.tintColor) } set { if let c = newValue { refresh.tintColor = c.color } } }
    /// Partial: kept; the control shows only its spinner.
    open var attributedTitle: NSAttributedString?
}

extension UIScrollView {
    /// Pull to refresh: the engine scroll view's refresh control.
    public var refreshControl: UIRefreshControl? {
        get { scroll.refreshControl?.facade as? UIRefreshControl }
        set {
            (scroll.refreshControl?.facade as? UIRefreshControl)?.view.facadeRetainer = nil
            newValue.map { $0.view.facadeRetainer = $0 }
            scroll.refreshControl = newValue?.refresh
        }
    }
}
