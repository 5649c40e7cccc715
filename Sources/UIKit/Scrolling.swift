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
    /// `UIScrollViewDelegate.scrollViewDidScroll(_:)`: the content offset changed.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// `UIScrollViewDelegate.scrollViewWillBeginDragging(_:)`: a drag of the content is starting.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// `UIScrollViewDelegate.scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the drag
    /// ended, with the engine's release velocity and the resting offset you may change.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// `UIScrollViewDelegate.scrollViewDidEndDragging(_:willDecelerate:)`: the drag ended.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// `UIScrollViewDelegate.scrollViewWillBeginDecelerating(_:)`: the content is gliding to a stop.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// `UIScrollViewDelegate.scrollViewDidEndDecelerating(_:)`: the content stopped gliding.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// `UIScrollViewDelegate.scrollViewDidEndScrollingAnimation(_:)`: an animated scroll finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// `UIScrollViewDelegate.scrollViewDidZoom(_:)`: the zoom scale changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// `UIScrollViewDelegate.viewForZooming(in:)`: the view to scale when zooming; nil: no zooming.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// `UIScrollViewDelegate.scrollViewShouldScrollToTop(_:)`: whether a scroll-to-top may happen.
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// `UIScrollViewDelegate.scrollViewDidScrollToTop(_:)`: a scroll-to-top finished.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// Partial: not called yet (the engine's zooming tells only `scrollViewDidZoom`).
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Partial: not called yet, as `scrollViewWillBeginZooming(_:with:)`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Partial: not called yet; the adjusted inset changes with the safe area only.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}
extension UIScrollViewDelegate {
    /// Does nothing by default (and is not called).
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// Does nothing by default (and is not called).
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    /// Does nothing by default (and is not called).
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
    /// Does nothing by default.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing by default.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing by default.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing by default.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing by default.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing by default.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing by default.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// Does nothing by default.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// Nil by default: no zooming.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// True by default.
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// Does nothing by default.
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
    /// `UIScrollView(coder:)`: a new engine `ScrollView`; the coder's keys are not decoded.
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

    /// `UIScrollView.delegate`: told of scrolling and zooming through the engine scroll view's delegate.
    open weak var delegate: (any UIScrollViewDelegate)?

    /// `UIScrollView.DecelerationRate`: how fast a glide slows; the engine's `DecelerationRate`.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The velocity kept per millisecond (0.998 normal, 0.99 fast).
        public let rawValue: CGFloat
        /// The rate of value `rawValue`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The normal rate: 0.998.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// The fast rate: 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    /// `UIScrollView.ContentInsetAdjustmentBehavior`: how the safe area adds to the content inset; the
    /// engine's behaviour of the same name.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// Automatic, scrollable axes only, never, or always.
        case automatic, scrollableAxes, never, always
        var engine: ScrollView.ContentInsetAdjustmentBehavior {
            switch self { case .automatic: .automatic; case .scrollableAxes: .scrollableAxes; case .never: .never; case .always: .always }
        }
    }
    /// `UIScrollView.KeyboardDismissMode`: stored only (see `keyboardDismissMode`).
    public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive }
    /// `UIScrollView.IndicatorStyle`: stored only (see `indicatorStyle`).
    public enum IndicatorStyle: Int, Sendable { case `default`, black, white }

    /// `UIScrollView.contentSize`: the engine scroll view's `contentSize`, in points.
    open var contentSize: CGSize { get { CGSize(scroll.contentSize) } set { scroll.contentSize = newValue.size } }
    /// `UIScrollView.contentOffset`: the engine scroll view's `contentOffset`, in points.
    /// Setting the offset it has tells its key-value observers all the same, as UIKit's does.
    open var contentOffset: CGPoint {
        get { CGPoint(scroll.contentOffset) }
        set { if newValue.point == scroll.contentOffset { scroll.notifyValueSet(forKey: "contentOffset") } else { scroll.contentOffset = newValue.point } }
    }
    /// `UIScrollView.setContentOffset(_:animated:)`: the engine scroll view's `setContentOffset`.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        if offset.point == scroll.contentOffset { scroll.notifyValueSet(forKey: "contentOffset") }
        scroll.setContentOffset(offset.point, animated: animated)
    }
    /// `UIScrollView.scrollRectToVisible(_:animated:)`: the engine scroll view's `scrollRectToVisible`.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) { scroll.scrollRectToVisible(rect.rect, animated: animated) }
    /// `UIScrollView.contentInset`: the engine scroll view's `contentInset`, in points.
    open var contentInset: UIEdgeInsets {
        get { UIEdgeInsets(scroll.contentInset) } set { scroll.contentInset = newValue.engine }
    }
    /// `UIScrollView.adjustedContentInset`: the engine scroll view's `adjustedContentInset` (with the
    /// safe area), in points.
    open var adjustedContentInset: UIEdgeInsets { UIEdgeInsets(scroll.adjustedContentInset) }
    /// `UIScrollView.contentInsetAdjustmentBehavior`: sets the engine scroll view's behaviour.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { scroll.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior.engine }
    }
    /// `UIScrollView.bounces`: the engine scroll view's `bounces`.
    open var bounces: Bool { get { scroll.bounces } set { scroll.bounces = newValue } }
    /// `UIScrollView.alwaysBounceVertical`: the engine scroll view's `alwaysBounceVertical`.
    open var alwaysBounceVertical: Bool { get { scroll.alwaysBounceVertical } set { scroll.alwaysBounceVertical = newValue } }
    /// `UIScrollView.alwaysBounceHorizontal`: the engine scroll view's `alwaysBounceHorizontal`.
    open var alwaysBounceHorizontal: Bool { get { scroll.alwaysBounceHorizontal } set { scroll.alwaysBounceHorizontal = newValue } }
    /// `UIScrollView.isScrollEnabled`: the engine scroll view's `isScrollEnabled`.
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
    /// `UIScrollView.isPagingEnabled`: the engine scroll view's `isPagingEnabled`.
    open var isPagingEnabled: Bool { get { scroll.isPagingEnabled } set { scroll.isPagingEnabled = newValue } }
    /// `UIScrollView.isDirectionalLockEnabled`: the engine scroll view's `isDirectionalLockEnabled`.
    open var isDirectionalLockEnabled: Bool { get { scroll.isDirectionalLockEnabled } set { scroll.isDirectionalLockEnabled = newValue } }
    /// `UIScrollView.decelerationRate`: the engine scroll view's `decelerationRate`.
    open var decelerationRate: DecelerationRate {
        get { DecelerationRate(rawValue: CGFloat(scroll.decelerationRate.rawValue)) }
        set { scroll.decelerationRate = ScrollView.DecelerationRate(rawValue: newValue.rawValue.double) }
    }
    /// `UIScrollView.showsVerticalScrollIndicator`: the engine scroll view's property of that name.
    open var showsVerticalScrollIndicator: Bool { get { scroll.showsVerticalScrollIndicator } set { scroll.showsVerticalScrollIndicator = newValue } }
    /// `UIScrollView.showsHorizontalScrollIndicator`: the engine scroll view's property of that name.
    open var showsHorizontalScrollIndicator: Bool { get { scroll.showsHorizontalScrollIndicator } set { scroll.showsHorizontalScrollIndicator = newValue } }
    /// Partial: kept; the indicators keep the engine's inset and style.
    open var scrollIndicatorInsets = UIEdgeInsets.zero
    /// `UIScrollView.verticalScrollIndicatorInsets`: stored only.
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    /// `UIScrollView.horizontalScrollIndicatorInsets`: stored only.
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    /// `UIScrollView.indicatorStyle`: stored only; the engine's indicators keep their style.
    open var indicatorStyle: IndicatorStyle = .default
    /// `UIScrollView.flashScrollIndicators()`: re-sets the engine scroll view's offset unchanged, which
    /// shows its indicators.
    open func flashScrollIndicators() { scroll.setContentOffset(scroll.contentOffset, animated: false) }
    /// `UIScrollView.delaysContentTouches`: the engine scroll view's `delaysContentTouches`.
    open var delaysContentTouches: Bool { get { scroll.delaysContentTouches } set { scroll.delaysContentTouches = newValue } }
    /// `UIScrollView.canCancelContentTouches`: the engine scroll view's `canCancelContentTouches`.
    open var canCancelContentTouches: Bool { get { scroll.canCancelContentTouches } set { scroll.canCancelContentTouches = newValue } }
    /// Partial: kept; there is no on-screen keyboard to dismiss.
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// `UIScrollView.scrollsToTop`: the engine scroll view's `scrollsToTop`.
    open var scrollsToTop: Bool { get { scroll.scrollsToTop } set { scroll.scrollsToTop = newValue } }
    /// `UIScrollView.isTracking`: the engine scroll view's `isTracking`.
    open var isTracking: Bool { scroll.isTracking }
    /// `UIScrollView.isDragging`: the engine scroll view's `isDragging`.
    open var isDragging: Bool { scroll.isDragging }
    /// `UIScrollView.isDecelerating`: the engine scroll view's `isDecelerating`.
    open var isDecelerating: Bool { scroll.isDecelerating }
    /// `UIScrollView.isZooming`: the engine scroll view's `isZooming`.
    open var isZooming: Bool { scroll.isZooming }
    /// `UIScrollView.minimumZoomScale`: the engine scroll view's `minimumZoomScale`.
    open var minimumZoomScale: CGFloat { get { CGFloat(scroll.minimumZoomScale) } set { scroll.minimumZoomScale = newValue.double } }
    /// `UIScrollView.maximumZoomScale`: the engine scroll view's `maximumZoomScale`.
    open var maximumZoomScale: CGFloat { get { CGFloat(scroll.maximumZoomScale) } set { scroll.maximumZoomScale = newValue.double } }
    /// `UIScrollView.zoomScale`: the engine scroll view's zoom scale, set without animation.
    open var zoomScale: CGFloat { get { CGFloat(scroll.zoomScale) } set { scroll.setZoomScale(newValue.double, animated: false) } }
    /// `UIScrollView.setZoomScale(_:animated:)`: the engine scroll view's `setZoomScale(_:animated:)`.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { scroll.setZoomScale(scale.double, animated: animated) }
    /// Zooms so that `rect` (in the zoomed view's coordinates) fills the view, centred on it.
    open func zoom(to rect: CGRect, animated: Bool) { scroll.zoom(to: rect.rect, animated: animated) }
    /// `UIScrollView.bouncesZoom`: stored only.
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
    /// `UIRefreshControl(coder:)`: a new engine `RefreshControl`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { RefreshControl() })
    }
    /// `UIRefreshControl.isRefreshing`: the engine control's `isRefreshing`.
    open var isRefreshing: Bool { refresh.isRefreshing }
    /// `UIRefreshControl.beginRefreshing()`: the engine control's `beginRefreshing()`.
    open func beginRefreshing() { refresh.beginRefreshing() }
    /// `UIRefreshControl.endRefreshing()`: the engine control's `endRefreshing()`.
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
