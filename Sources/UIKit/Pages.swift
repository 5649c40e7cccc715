import Geometry
import Timeline

// `UIPageViewController` in the scroll style: a paging scroll view over the engine's, holding
// the current page and its neighbours (asked of the data source) as child controllers.

/// The pages before and after a page; `presentationCount` and `presentationIndex` are
/// optional (a page control of the controller's own is not drawn).
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    /// `UIPageViewControllerDataSource`'s page before a page; nil at the first.
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController?
    /// `UIPageViewControllerDataSource`'s page after a page; nil at the last.
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// `UIPageViewControllerDataSource.presentationCount(for:)`: the page count for a page control (none
    /// is drawn here).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// `UIPageViewControllerDataSource.presentationIndex(for:)`: the current page's index for a page
    /// control (none is drawn here).
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}
extension UIPageViewControllerDataSource {
    /// 0 by default.
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    /// 0 by default.
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// What a page view controller tells its delegate; every method optional.
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    /// `UIPageViewControllerDelegate`: a swipe toward `pendingViewControllers` began.
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    /// `UIPageViewControllerDelegate`: the page transition ended, completed or not.
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}
extension UIPageViewControllerDelegate {
    /// Does nothing by default.
    public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {}
    /// Does nothing by default.
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
}

/// The paging scroll view's calls, back to the page view controller.
@MainActor
private final class PageScrollDelegate: UIScrollViewDelegate {
    unowned let pages: UIPageViewController
    init(_ pages: UIPageViewController) { self.pages = pages }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { pages.scrolled() }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { pages.settle(byUser: true) }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { pages.settle(byUser: false) }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { pages.settle(byUser: true) }
    }
}

/// `UIPageViewController` with the scroll transition: a swipe pages to the neighbour the data
/// source gives, `setViewControllers(_:direction:animated:)` slides to a page. Partial: the
/// page-curl style scrolls too, and spine locations and double-sided pages are kept only.
@preconcurrency @MainActor
open class UIPageViewController: UIViewController {
    /// `UIPageViewController.TransitionStyle`: page curl or scroll; the curl scrolls here.
    public enum TransitionStyle: Int, Sendable { case pageCurl, scroll }
    /// `UIPageViewController.NavigationOrientation`: horizontal or vertical paging.
    public enum NavigationOrientation: Int, Sendable { case horizontal, vertical }
    /// `UIPageViewController.NavigationDirection`: forward or reverse, for `setViewControllers`.
    public enum NavigationDirection: Int, Sendable { case forward, reverse }
    /// `UIPageViewController.SpineLocation`: where a curl's spine is; kept only.
    public enum SpineLocation: Int, Sendable { case none, min, mid, max }
    /// `UIPageViewController.OptionsKey`: a key of the init's options; the options are ignored here.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public let rawValue: String
        /// The key of string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The spine location option; ignored.
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// The space between pages option; ignored.
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// `UIPageViewController.transitionStyle`: the style given (the scroll style either way).
    public let transitionStyle: TransitionStyle
    /// `UIPageViewController.navigationOrientation`: the paging axis.
    public let navigationOrientation: NavigationOrientation
    /// `UIPageViewController.dataSource`: gives the neighbouring pages.
    open weak var dataSource: (any UIPageViewControllerDataSource)?
    /// `UIPageViewController.delegate`: told as pages change.
    open weak var delegate: (any UIPageViewControllerDelegate)?
    /// `UIPageViewController.isDoubleSided`: stored only.
    open var isDoubleSided = false
    /// `UIPageViewController.spineLocation`: stored only.
    open var spineLocation: SpineLocation = .none
    /// The page shown (one, in the scroll style).
    open var viewControllers: [UIViewController]? { current.map { [$0] } }
    /// The paging scroll view (UIKit's is private; reachable here for tests).
    public let scrollView = UIScrollView()

    private var current: UIViewController?
    private var before: UIViewController?
    private var after: UIViewController?
    private lazy var scrollDelegate = PageScrollDelegate(self)
    private var placing = false
    private var announced = false

    /// `UIPageViewController(transitionStyle:navigationOrientation:options:)`: a paging controller; the
    /// options are ignored.
    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        super.init(nibName: nil, bundle: nil)
    }
    /// `UIPageViewController(coder:)`: a horizontal scroll-style paging controller.
    public required init?(coder: NSCoder) {
        transitionStyle = .scroll
        navigationOrientation = .horizontal
        super.init(coder: coder)
    }

    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        scrollView.frame = root.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.isPagingEnabled = true
        scrollView.bounces = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        scrollView.delegate = scrollDelegate
        root.addSubview(scrollView)
        view = root
    }
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        place()
    }

    /// Shows `viewControllers.first`; animated, it slides in from the side `direction` says.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        guard let page = viewControllers?.first else { completion?(false); return }
        loadViewIfNeeded()
        let old = current
        guard animated, let old, old !== page, scrollView.window != nil else {
            show(page)
            completion?(true)
            return
        }
        // Put the new page beside the old one and scroll to it.
        if direction == .forward { replace(.after, with: page) } else { replace(.before, with: page) }
        pendingCompletion = completion
        place()
        scrollView.setContentOffset(offset(ofSlot: direction == .forward ? slots.count - 1 : 0), animated: true)
    }
    private var pendingCompletion: ((Bool) -> Void)?

    // MARK: Pages

    private var slots: [UIViewController] { [before, current, after].compactMap { $0 } }
    private var pageLength: CGFloat { navigationOrientation == .horizontal ? scrollView.bounds.width : scrollView.bounds.height }
    private func offset(ofSlot i: Int) -> CGPoint {
        navigationOrientation == .horizontal ? CGPoint(x: CGFloat(i) * pageLength, y: 0) : CGPoint(x: 0, y: CGFloat(i) * pageLength)
    }

    /// Makes `page` current with fresh neighbours from the data source.
    private func show(_ page: UIViewController) {
        replace(.current, with: page)
        replace(.before, with: dataSource?.pageViewController(self, viewControllerBefore: page))
        replace(.after, with: dataSource?.pageViewController(self, viewControllerAfter: page))
        place()
    }

    /// Puts `new` in a slot, adding it as a child (and its view to the scroll view) and taking
    /// out what was there unless it is still in another slot.
    private enum Slot { case before, current, after }
    private func replace(_ slot: Slot, with new: UIViewController?) {
        let old: UIViewController?
        switch slot {
        case .before: old = before; before = new
        case .current: old = current; current = new
        case .after: old = after; after = new
        }
        if let new, new.parent !== self {
            addChild(new)
            scrollView.addSubview(new.view)
            new.didMove(toParent: self)
        }
        if let old, old !== new, !slots.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            old.view.removeFromSuperview()
            old.removeFromParent()
        }
    }

    /// Lays the pages side by side and shows the current one.
    private func place() {
        guard isViewLoaded else { return }
        placing = true
        defer { placing = false }
        let size = scrollView.bounds.size
        let pages = slots
        for (i, p) in pages.enumerated() {
            p.view.frame = CGRect(origin: offset(ofSlot: i), size: size)
        }
        scrollView.contentSize = navigationOrientation == .horizontal
            ? CGSize(width: size.width * CGFloat(pages.count), height: size.height)
            : CGSize(width: size.width, height: size.height * CGFloat(pages.count))
        if let c = current, let i = pages.firstIndex(where: { $0 === c }), !scrollView.isDragging, !scrollView.isDecelerating,
           pendingCompletion == nil {
            scrollView.contentOffset = offset(ofSlot: i)
        }
    }

    /// A drag has moved: the first move toward a neighbour announces it to the delegate.
    func scrolled() {
        guard !placing, scrollView.isDragging, !announced, let c = current, let i = slots.firstIndex(where: { $0 === c }) else { return }
        let o = navigationOrientation == .horizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        let here = offset(ofSlot: i)
        let delta = o - (navigationOrientation == .horizontal ? here.x : here.y)
        guard let pending = delta > 0 ? after : delta < 0 ? before : nil else { return }
        announced = true
        delegate?.pageViewController(self, willTransitionTo: [pending])
    }

    /// The scrolling stopped: the page it rests on becomes current.
    func settle(byUser: Bool) {
        guard !placing, pageLength > 0 else { return }
        announced = false
        let o = navigationOrientation == .horizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        let pages = slots
        let i = min(max(0, Int((o / pageLength).rounded())), pages.count - 1)
        guard pages.indices.contains(i) else { return }
        let landed = pages[i], previous = current
        let completion = pendingCompletion
        pendingCompletion = nil
        if landed !== previous {
            show(landed)
            if byUser, let previous { delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [previous], transitionCompleted: true) }
        } else {
            place()
            if byUser, let previous { delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [previous], transitionCompleted: false) }
        }
        completion?(landed !== previous)
    }
}
