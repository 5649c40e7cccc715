@_spi(Engine) import Views
@_spi(Engine) import Controls
import Geometry
import Motion
import UpdateLoop

/// A view whose bounds' origin scrolls over a larger content (SC1, SC2), as `UIScrollView`:
/// dragged with UIKit's rubber band past the edges, flung into a deceleration at
/// ``decelerationRate`` (UIKit's, per millisecond), springing back to an edge with a critically
/// damped spring that never crosses it, paging one page a flick, scrolled by the wheel and the
/// keys, with indicators that show while it scrolls and fade after. Every position after a
/// release is a function of the frame time and the release time (`ScrollPhysics`), never a sum
/// of frame steps, in seconds of the layer's time and points per second (AM2); the rate and the
/// delegate's velocity keep UIKit's milliseconds, converted where they enter and leave.
open class ScrollView: View, LayerMotionOwner {
    /// `UIScrollView.DecelerationRate`: the factor velocity keeps per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The factor velocity keeps each millisecond, below 1.
        public var rawValue: Double
        /// A rate keeping `rawValue` of the velocity each millisecond.
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// UIKit's normal rate: a fling coasts for seconds.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's fast rate: a fling slows about five times as fast as at the normal rate.
        public static let fast = DecelerationRate(rawValue: 0.99)
        /// The rate on the engine's time: UIKit's per-millisecond factor converted once, here.
        var deceleration: ScrollPhysics.Deceleration { ScrollPhysics.Deceleration(ratePerMillisecond: rawValue) }
    }

    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Sendable { case automatic, scrollableAxes, never, always }

    /// Told of scrolling, dragging, deceleration and zooming; held weakly.
    public weak var delegate: (any ScrollViewDelegate)?
    /// The size of the scrolled content; negative or NaN sides are clamped to 0 with a diagnostic.
    public var contentSize: Size = .zero {
        didSet {
            let w = contentSize.width.isFinite ? max(0, contentSize.width) : 0
            let h = contentSize.height.isFinite ? max(0, contentSize.height) : 0
            if w != contentSize.width || h != contentSize.height {
                misuse("contentSize \(contentSize) clamped to \(w)x\(h)")
                contentSize = Size(width: w, height: h)
                return
            }
            if !isTracking, !isDecelerating { contentOffset = clamp(contentOffset) }
            if isDecelerating { refitMotionToContent() }
            updateIndicators()
            notifyValueObservers()
        }
    }
    /// The point of the content at the view's top-left (the bounds' origin).
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            var p = newValue
            if !p.x.isFinite || !p.y.isFinite {
                misuse("contentOffset \(newValue) is not finite; kept \(bounds.origin)")
                p = bounds.origin
            }
            guard p != bounds.origin else { return }
            contentOffsetWillChange(to: p)
            bounds = Rect(origin: p, size: bounds.size)
            frameGuideIfMade?.ownerBoundsOriginDidChange()
            updateIndicators()
            contentOffsetDidChange()
            largeTitleObserver?.largeTitleScrollViewDidScroll(self)
            notifyValueObservers()
            delegate?.scrollViewDidScroll(self)
        }
    }
    /// Whether the layout takes ``contentSize`` from the constraints that reach the content
    /// area (see ``contentLayoutGuide``); false for tables and collection views, which size
    /// their content from their rows and layouts, as UIKit's do.
    package var takesContentSizeFromConstraints = true
    /// Extra scrollable space around the content, in points.
    public var contentInset: EdgeInsets = .zero { didSet { updateIndicators(); notifyValueObservers() } }
    /// A view's observable values and the content's: `contentOffset`, `contentSize`, `contentInset`.
    open override func observableValue(forKey key: String) -> Any? {
        switch key {
        case "contentOffset": contentOffset
        case "contentSize": contentSize
        case "contentInset": contentInset
        default: super.observableValue(forKey: key)
        }
    }
    /// Whether and along which axes the safe area is added to ``contentInset``.
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// The content inset with the safe area added, as the behaviour says.
    public var adjustedContentInset: EdgeInsets {
        var i = contentInset
        i.top += largeTitleInset
        let s = safeAreaInsets
        let vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: return i
        case .always: vertical = true; horizontal = true
        case .automatic, .scrollableAxes:
            // Scrollable by the content and the inset alone (the adjusted inset is what is asked).
            let tall = contentSize.height + i.top + i.bottom > bounds.height || alwaysBounceVertical
            let wide = contentSize.width + i.left + i.right > bounds.width || alwaysBounceHorizontal
            vertical = tall || contentInsetAdjustmentBehavior == .automatic
            horizontal = wide
        }
        if vertical { i.top += s.top; i.bottom += s.bottom }
        if horizontal { i.left += s.left; i.right += s.right }
        return i
    }
    /// Whether the content can be dragged past its edges (with a rubber band) and springs back.
    public var bounces = true
    /// Whether the content bounces vertically even when it is not taller than the view.
    public var alwaysBounceVertical = false
    /// Whether the content bounces horizontally even when it is not wider than the view.
    public var alwaysBounceHorizontal = false
    /// Whether dragging scrolls the content (code can always set the offset).
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether the content comes to rest on multiples of the view's size: one page per flick.
    public var isPagingEnabled = false
    /// Dragging moves along one axis only, the one the drag started along.
    public var isDirectionalLockEnabled = false
    /// How fast a fling slows down.
    public var decelerationRate: DecelerationRate = .normal
    /// Whether the vertical indicator shows while scrolling.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while scrolling.
    public var showsHorizontalScrollIndicator = true
    /// Content touches wait until the scroll view's pan has failed (a tap), or go to the content
    /// at once (false).
    public var delaysContentTouches = true { didSet { panGestureRecognizer.delaysTouchesBegan = delaysContentTouches } }
    /// A drag that starts on a control cancels the control's press (true) or leaves it (false).
    public var canCancelContentTouches = true { didSet { panGestureRecognizer.cancelsTouchesInView = canCancelContentTouches } }
    /// Pull to refresh (SC8): placed above the content.
    public var refreshControl: RefreshControl? {
        didSet {
            oldValue?.removeFromSuperview()
            oldValue?.scrollView = nil
            if let r = refreshControl {
                r.scrollView = self
                insertSubview(r, at: 0)
                placeRefreshControl()
            }
        }
    }
    /// Points a wheel notch scrolls.
    public var wheelLineHeight = ScrollView.defaultWheelLineHeight
    /// Points a wheel notch scrolls by default (a scroll view's, a text view's).
    public static let defaultWheelLineHeight = WheelScrolling.lineHeight

    /// Whether a press is on the content (it may not have moved yet).
    public private(set) var isTracking = false
    /// Whether a drag is moving the content.
    public private(set) var isDragging = false
    /// Whether the content is coasting after a release.
    public private(set) var isDecelerating = false
    /// Whether a pinch is zooming the content.
    public private(set) var isZooming = false
    /// The recognizer that drags the content (UIKit's `panGestureRecognizer`).
    public let panGestureRecognizer = PanGestureRecognizer()
    /// The recognizer that zooms the content (UIKit's `pinchGestureRecognizer`).
    public let pinchGestureRecognizer = PinchGestureRecognizer()

    /// The smallest zoom scale (1 by default).
    public var minimumZoomScale = 1.0
    /// The largest zoom scale (1 by default: no zooming).
    public var maximumZoomScale = 1.0
    /// The current zoom scale of ``ScrollViewDelegate/viewForZooming(in:)``'s view.
    public private(set) var zoomScale = 1.0

    // Motion after a release or an animated scroll: per axis, a function of the time since it
    // started (seconds of the layer's time), which the animation under ``scrollingAnimationKey``
    // hands over.
    private var motion: (x: AxisMotion, y: AxisMotion, animated: Bool)?
    /// Whether the scroll view's layer runs its motion (a deceleration, a bounce back or an
    /// animated scroll) as the animation under ``scrollingAnimationKey``.
    private var isDriven = false
    /// The motion's time at its last frame, in seconds.
    private var motionTime = 0.0
    /// The key of the animation of the scroll view's layer that runs its deceleration, bounce,
    /// paging or animated scroll (AM3): listed by `layer.animationKeys()` while it runs, moved by
    /// the layer's speed and time offset (and its superlayers'); removing it stops the motion
    /// where it is, as a touch does.
    public static let scrollingAnimationKey = "scrolling"
    private var dragStart = Point.zero
    private var lockedAxis: Int?                                      // 0 x, 1 y while locked
    let verticalIndicator = View()
    let horizontalIndicator = View()
    var indicatorHide: TimerToken?
    private var zoomStart = 1.0
    /// Room above the content for a navigation bar's large title (CN4), set by the navigation
    /// controller whose top screen this scroll view is; part of ``adjustedContentInset``.
    package var largeTitleInset = 0.0
    /// The navigation controller whose large title follows this scroll view's offset.
    package weak var largeTitleObserver: (any LargeTitleScrollObserver)?
    /// The point of the zoomed content (unscaled) between the fingers when the pinch began.
    private var zoomAnchor = Point.zero
    /// Lets the scroll view's own pan and pinch recognise together, as UIKit's do.
    private let ownGestures = OwnGestures()

    private final class OwnGestures: GestureRecognizerDelegate {
        func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            (r is PanGestureRecognizer && other is PinchGestureRecognizer) || (r is PinchGestureRecognizer && other is PanGestureRecognizer)
                ? r.view === other.view : false
        }
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        _ = contentLayoutGuide
        panGestureRecognizer.minimumDistance = 8
        panGestureRecognizer.delaysTouchesBegan = delaysContentTouches
        panGestureRecognizer.addAction { [weak self] r in self?.pan(r as! PanGestureRecognizer) }
        addGestureRecognizer(panGestureRecognizer)
        pinchGestureRecognizer.addAction { [weak self] r in self?.pinch(r as! PinchGestureRecognizer) }
        addGestureRecognizer(pinchGestureRecognizer)
        panGestureRecognizer.delegate = ownGestures
        pinchGestureRecognizer.delegate = ownGestures
        for (indicator, id) in [(verticalIndicator, "verticalIndicator"), (horizontalIndicator, "horizontalIndicator")] {
            indicator.identifier = id
            indicator.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.55)
            indicator.cornerRadius = 1.5
            indicator.alpha = 0
            indicator.isUserInteractionEnabled = false
            addSubview(indicator)
        }
    }

    /// Called when the offset is about to change to `offset`, while ``contentOffset`` is still
    /// the old one (a collection view asks its layout about the bounds change here, as UIKit
    /// does before it sets the bounds).
    @_spi(Engine) open func contentOffsetWillChange(to offset: Point) {}

    /// Called when the offset changed, before the delegate hears of it (a table lays out its rows).
    @_spi(Engine) open func contentOffsetDidChange() {
        guard let r = refreshControl else { return }
        placeRefreshControl()
        r.pulled(to: minimumContentOffset.y - contentOffset.y + (r.isRefreshing ? r.refreshingHeight : 0), dragging: isDragging)
    }

    /// The refresh control sits just above the content's top.
    private func placeRefreshControl() {
        guard let r = refreshControl else { return }
        r.frame = Rect(x: contentOffset.x, y: -r.refreshingHeight, width: bounds.width, height: r.refreshingHeight)
    }

    /// Reports a misuse to the window's diagnostics (a clamped or ignored value).
    private func misuse(_ message: String) {
        window?.report(misuse: "ScrollView \(traceName): \(message)", views: [traceName])
    }

    // MARK: Geometry

    /// The smallest and largest content offsets (without rubber banding).
    public var minimumContentOffset: Point {
        let i = adjustedContentInset
        return Point(x: -i.left, y: -i.top)
    }
    /// The largest content offset, in points: the content's far edges (insets included) at the view's far edges.
    public var maximumContentOffset: Point {
        let i = adjustedContentInset, m = minimumContentOffset
        return Point(x: max(m.x, contentSize.width + i.right - bounds.width), y: max(m.y, contentSize.height + i.bottom - bounds.height))
    }
    var canScrollHorizontally: Bool { maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal }
    var canScrollVertically: Bool { maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical }

    package func clamp(_ p: Point) -> Point {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return Point(x: min(max(p.x, lo.x), hi.x), y: min(max(p.y, lo.y), hi.y))
    }

    // MARK: Scrolling by code

    /// Scrolls to `offset` (clamped), at once or over 0.3 s easing in and out.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        let target = clamp(offset)
        stopMotion()
        guard animated, target != contentOffset, window?.runLoop != nil else {
            contentOffset = target
            return
        }
        let from = contentOffset
        motion = (AxisMotion.ease(from.x, target.x, 0.3), AxisMotion.ease(from.y, target.y, 0.3), true)
        startDriving()
        showIndicators()
    }

    /// Scrolls the least needed for `rect` (content coordinates) to be visible.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        var o = contentOffset
        let w = bounds.width, h = bounds.height
        if rect.maxX > o.x + w { o.x = rect.maxX - w }
        if rect.minX < o.x { o.x = rect.minX }
        if rect.maxY > o.y + h { o.y = rect.maxY - h }
        if rect.minY < o.y { o.y = rect.minY }
        setContentOffset(o, animated: animated)
    }

    /// Scrolls to the top, when allowed and the delegate agrees (UIKit's status-bar tap);
    /// `scrollViewDidScrollToTop` follows when the animation ends (at once when there was none
    /// to run, nothing when it was already there).
    public func scrollToTop() {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) != false else { return }
        let target = Point(x: contentOffset.x, y: minimumContentOffset.y)
        guard clamp(target) != contentOffset else { return }
        setContentOffset(target, animated: true)
        if motion != nil { scrolledToTop = true } else { delegate?.scrollViewDidScrollToTop(self) }
    }
    /// Whether ``scrollToTop()`` scrolls this view (UIKit's `scrollsToTop`).
    public var scrollsToTop = true
    /// Set while a scroll to the top animates; any other motion clears it.
    private var scrolledToTop = false

    // MARK: Dragging (SC2)

    private func pan(_ r: PanGestureRecognizer) {
        switch r.state {
        case .began:
            stopMotion()
            dragStart = contentOffset
            isTracking = true
            isDragging = true
            lockedAxis = nil
            delegate?.scrollViewWillBeginDragging(self)
            dragged(r)
        case .changed:
            dragged(r)
        case .ended, .cancelled:
            isTracking = false
            isDragging = false
            let v = r.velocity(in: nil)
            // Points per second, against the finger: content offset moves opposite to it.
            var velocity = Point(x: canScrollHorizontally && lockedAxis != 1 ? -v.x : 0,
                                 y: canScrollVertically && lockedAxis != 0 ? -v.y : 0)
            if r.state == .cancelled { velocity = .zero }
            release(velocity: velocity)
        default:
            break
        }
    }

    private func dragged(_ r: PanGestureRecognizer) {
        var t = r.translation(in: nil)
        if r.numberOfTouches >= 2 {
            // Two fingers pinch: the pan holds still, its start moved so that when one finger
            // lifts the content follows the other without a jump.
            dragStart = Point(x: contentOffset.x + t.x, y: contentOffset.y + t.y)
            return
        }
        if isDirectionalLockEnabled {
            if lockedAxis == nil, abs(t.x) + abs(t.y) > 0 { lockedAxis = abs(t.x) > abs(t.y) ? 0 : 1 }
            if lockedAxis == 0 { t.y = 0 } else if lockedAxis == 1 { t.x = 0 }
        }
        var p = Point(x: canScrollHorizontally ? dragStart.x - t.x : contentOffset.x,
                      y: canScrollVertically ? dragStart.y - t.y : contentOffset.y)
        p.x = banded(p.x, minimumContentOffset.x, maximumContentOffset.x, bounds.width)
        p.y = banded(p.y, minimumContentOffset.y, maximumContentOffset.y, bounds.height)
        contentOffset = p
        showIndicators()
    }

    /// An offset past the range follows the rubber band (or stops at the edge without bounces).
    private func banded(_ v: Double, _ lo: Double, _ hi: Double, _ dimension: Double) -> Double {
        if v < lo { return bounces ? lo + ScrollPhysics.rubberBand(v - lo, dimension: dimension) : lo }
        if v > hi { return bounces ? hi + ScrollPhysics.rubberBand(v - hi, dimension: dimension) : hi }
        return v
    }

    /// After a drag: decelerate, page, or spring back, as functions of the time since release.
    /// `velocity` is in points per second; the delegate hears it in UIKit's points per millisecond.
    private func release(velocity: Point) {
        let d = decelerationRate.deceleration
        let o = contentOffset, lo = minimumContentOffset, hi = maximumContentOffset
        var target = Point(x: min(max(ScrollPhysics.projectedOffset(o.x, velocity: velocity.x, deceleration: d), lo.x), hi.x),
                           y: min(max(ScrollPhysics.projectedOffset(o.y, velocity: velocity.y, deceleration: d), lo.y), hi.y))
        if isPagingEnabled {
            target = pageTarget(velocity: velocity)
        }
        let natural = target
        delegate?.scrollViewWillEndDragging(self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        if !target.x.isFinite || !target.y.isFinite {
            misuse("the delegate's target offset \(target) is not finite; ignored")
            target = natural
        }
        let x: AxisMotion, y: AxisMotion
        if isPagingEnabled || target != natural {
            x = AxisMotion.toTarget(o.x, target.x, velocity.x)
            y = AxisMotion.toTarget(o.y, target.y, velocity.y)
        } else {
            x = AxisMotion.fling(o.x, velocity.x, d, lo.x, hi.x, bounces: bounces)
            y = AxisMotion.fling(o.y, velocity.y, d, lo.y, hi.y, bounces: bounces)
        }
        let moving = x.duration > 0 || y.duration > 0
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moving)
        guard moving, window?.runLoop != nil else {
            hideIndicatorsSoon()
            return
        }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        motion = (x, y, false)
        startDriving()
    }

    private func pageTarget(velocity: Point) -> Point {
        func axis(_ o: Double, _ v: Double, _ page: Double, _ content: Double, _ start: Double) -> Double {
            guard page > 0 else { return o }
            let count = max(1, Int(saturating: content / page, rounding: .up))
            let current = Int(saturating: start / page, rounding: .toNearestOrAwayFromZero)
            return Double(ScrollPhysics.targetPage(current: current, offset: o, velocity: v, pageSize: page, pageCount: count,
                                                   deceleration: decelerationRate.deceleration)) * page
        }
        return Point(x: canScrollHorizontally ? axis(contentOffset.x, velocity.x, bounds.width, contentSize.width, dragStart.x) : contentOffset.x,
                     y: canScrollVertically ? axis(contentOffset.y, velocity.y, bounds.height, contentSize.height, dragStart.y) : contentOffset.y)
    }

    // MARK: The motion, frame by frame

    /// Runs ``motion`` from now as an animation of the scroll view's layer (a new motion
    /// replaces the one running).
    private func startDriving() {
        guard window?.runLoop != nil, let m = motion else { return }
        isDriven = true
        motionTime = 0
        let description = Animation()
        description.duration = max(m.x.duration, m.y.duration)
        // Through the view's own reference, which View's deinit clears (no second box).
        let view = reference
        layer.addMotion(description, forKey: Self.scrollingAnimationKey,
                        advance: { (view.object as? ScrollView)?.advanceMotion(to: $0) ?? false },
                        interrupted: { (view.object as? ScrollView)?.motionWasRemoved(leavingEngine: $0) })
    }

    /// One frame of the motion: the offset is a function of the time since it began, in seconds
    /// of the layer's time, which the motion's axes take as they are.
    package func advanceMotion(to t: Double) -> Bool {
        guard isDriven, let m = motion else { isDriven = false; return false }
        motionTime = t
        contentOffset = Point(x: m.x.value(at: t), y: m.y.value(at: t))
        showIndicators()
        if t >= max(m.x.duration, m.y.duration) {
            contentOffset = Point(x: m.x.value(at: .infinity), y: m.y.value(at: .infinity))
            finishMotion(animated: m.animated)
        }
        return isDriven
    }

    private func finishMotion(animated: Bool) {
        motion = nil
        let toTop = scrolledToTop
        scrolledToTop = false
        stopDriving()
        if isDecelerating {
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        } else if animated {
            delegate?.scrollViewDidEndScrollingAnimation(self)
            if toTop { delegate?.scrollViewDidScrollToTop(self) }
        }
        hideIndicatorsSoon()
    }

    /// A deceleration planned against the old content size whose end now lies outside the content
    /// (a table's rows changed under a fling) is planned again from where it is, at its current
    /// speed, against the new edges: it stops at, or springs back to, an edge that exists (MR0).
    private func refitMotionToContent() {
        guard let m = motion, isDriven else { return }
        let lo = minimumContentOffset, hi = maximumContentOffset
        let endX = m.x.value(at: .infinity), endY = m.y.value(at: .infinity)
        guard endX < lo.x || endX > hi.x || endY < lo.y || endY > hi.y else { return }
        let t = max(0, motionTime)
        let d = decelerationRate.deceleration
        func velocity(_ a: AxisMotion) -> Double {
            ScrollPhysics.releaseVelocity(forSpeed: a.velocity(at: t), deceleration: d)
        }
        let o = contentOffset
        motion = (AxisMotion.fling(o.x, velocity(m.x), d, lo.x, hi.x, bounces: bounces),
                  AxisMotion.fling(o.y, velocity(m.y), d, lo.y, hi.y, bounces: bounces), false)
        startDriving()                                    // from now
    }

    /// Stops a deceleration or animation where it is (a touch, or a new scroll).
    private func stopMotion() {
        guard motion != nil else { return }
        let wasDecelerating = isDecelerating
        motion = nil
        scrolledToTop = false                             // an interrupted scroll to the top never arrives
        stopDriving()
        isDecelerating = false
        if wasDecelerating { delegate?.scrollViewDidEndDecelerating(self) }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        // Leaving the window ends a motion (its layer leaving the engine removes its animation).
        if window == nil, isDriven { motionWasRemoved(leavingEngine: true) }
    }

    private func stopDriving() {
        if isDriven { layerIfLoaded?.removeMotion(forKey: Self.scrollingAnimationKey) }
        isDriven = false
    }

    /// The motion's animation was removed by someone else (the app, or the layer leaving its
    /// window): the motion stops where it is, as a touch stops it.
    package func motionWasRemoved(leavingEngine: Bool) {
        isDriven = false
        stopMotion()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        takeContentSizeFromConstraints()
        updateIndicators()
    }

    // MARK: Wheel and keys (SC1)

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        switch event.kind {
        case .pointerDown:
            // A touch stops a fling where it is (UIKit), and gives the scroll view the keys.
            if isDecelerating { stopMotion() }
            if window?.firstResponder == nil || window?.firstResponder is ScrollView { _ = becomeFirstResponder() }
            return false
        case .scroll(let dx, let dy, _):
            guard isScrollEnabled else { return false }
            if event.modifiers.contains(.control) {
                // Control and the wheel zoom about the pointer, as a trackpad pinch does.
                zoom(to: zoomScale * (1 + dy * 0.1), keepingViewportPoint: Point(x: point.x - contentOffset.x, y: point.y - contentOffset.y))
                return true
            }
            guard canScrollVertically || canScrollHorizontally else { return false }
            stopMotion()
            // SDL's sign: positive dy is the wheel turned away from the user, which shows what is above.
            let shift = event.modifiers.contains(.shift)
            let step = Point(x: (shift ? -dy : -dx) * wheelLineHeight, y: shift ? 0 : -dy * wheelLineHeight)
            contentOffset = clamp(Point(x: contentOffset.x + step.x, y: contentOffset.y + step.y))
            showIndicators()
            hideIndicatorsSoon()
            return true
        default:
            return false
        }
    }

    open override var canBecomeFirstResponder: Bool { isScrollEnabled }
    @_spi(Engine) open override var takesTabFocus: Bool { false }

    open override func keyEvent(_ event: InputEvent) -> Bool {
        guard case .keyDown(let key) = event.kind, isScrollEnabled else { return super.keyEvent(event) }
        let page = max(0, bounds.height - 40)
        var target = contentOffset
        switch key.name {
        case "page down": target.y += page
        case "space" where !event.modifiers.contains(.shift): target.y += page
        case "page up": target.y -= page
        case "space": target.y -= page
        case "down": target.y += wheelLineHeight
        case "up": target.y -= wheelLineHeight
        case "right": target.x += wheelLineHeight
        case "left": target.x -= wheelLineHeight
        case "home": target.y = minimumContentOffset.y
        case "end": target.y = maximumContentOffset.y
        default: return super.keyEvent(event)
        }
        setContentOffset(target, animated: true)
        return true
    }

    // MARK: Zoom

    /// Zooms the delegate's ``ScrollViewDelegate/viewForZooming(in:)`` to `scale` (clamped to
    /// the minimum and maximum), scaling the content size with it.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard let v = delegate?.viewForZooming(in: self), scale.isFinite else { return }
        let s = min(max(scale, minimumZoomScale), maximumZoomScale)
        guard s != zoomScale else { return }
        let apply = { self.applyZoom(s, to: v) }
        if animated { View.animate(withDuration: 0.3, animations: apply) } else { apply() }
        delegate?.scrollViewDidZoom(self)
    }

    /// The zoomed view scaled by `s` from its top-left, and the content its size.
    private func applyZoom(_ s: Double, to v: View) {
        v.transform = AffineTransform(scaleX: s, y: s)
        let size = v.bounds.size
        v.center = Point(x: size.width * s / 2, y: size.height * s / 2)
        zoomScale = s
        contentSize = Size(width: size.width * s, height: size.height * s)
    }

    /// Zooms so that `rect`, in the zoomed view's coordinates, fills the view as far as the
    /// scale limits allow, centred on it (`UIScrollView.zoom(to:animated:)`).
    public func zoom(to rect: Rect, animated: Bool) {
        guard let v = delegate?.viewForZooming(in: self), rect.width > 0, rect.height > 0,
              rect.width.isFinite, rect.height.isFinite, rect.midX.isFinite, rect.midY.isFinite else { return }
        let b = bounds.size
        let s = min(max(min(b.width / rect.width, b.height / rect.height), minimumZoomScale), maximumZoomScale)
        let apply = {
            self.applyZoom(s, to: v)
            let lo = self.minimumContentOffset, hi = self.maximumContentOffset
            self.contentOffset = Point(x: min(max(rect.midX * s - b.width / 2, lo.x), hi.x),
                                       y: min(max(rect.midY * s - b.height / 2, lo.y), hi.y))
        }
        if animated { View.animate(withDuration: 0.3, animations: apply) } else { apply() }
        delegate?.scrollViewDidZoom(self)
    }

    /// A pinch zooms about the point between the fingers: the content that was under them when
    /// it began stays under them, following them as they move (so it pans too), as UIKit's does.
    private func pinch(_ r: PinchGestureRecognizer) {
        let a = r.location(ofTouch: 0, in: self), b = r.location(ofTouch: 1, in: self)
        let centroid = Point(x: (a.x + b.x) / 2 - contentOffset.x, y: (a.y + b.y) / 2 - contentOffset.y)
        switch r.state {
        case .began:
            stopMotion()
            zoomStart = zoomScale; isZooming = true
            zoomAnchor = Point(x: (contentOffset.x + centroid.x) / zoomScale, y: (contentOffset.y + centroid.y) / zoomScale)
        case .changed:
            guard delegate?.viewForZooming(in: self) != nil, r.scale.isFinite else { return }
            setZoomScale(zoomStart * r.scale, animated: false)
            contentOffset = clamp(Point(x: zoomAnchor.x * zoomScale - centroid.x, y: zoomAnchor.y * zoomScale - centroid.y))
        default:
            isZooming = false
        }
    }

    /// Zooms to `scale` (clamped) without animation, moving the offset so that the content under
    /// `point` (in the viewport: 0,0 is the visible top-left) stays under it.
    private func zoom(to scale: Double, keepingViewportPoint point: Point) {
        guard delegate?.viewForZooming(in: self) != nil, scale.isFinite, point.x.isFinite, point.y.isFinite else { return }
        let old = zoomScale
        let anchor = Point(x: (contentOffset.x + point.x) / old, y: (contentOffset.y + point.y) / old)
        setZoomScale(scale, animated: false)
        let s = zoomScale
        guard s != old else { return }
        contentOffset = clamp(Point(x: anchor.x * s - point.x, y: anchor.y * s - point.y))
    }
}

/// What follows a scroll view's offset to collapse a large title (a navigation controller, CN4).
@MainActor
package protocol LargeTitleScrollObserver: AnyObject {
    func largeTitleScrollViewDidScroll(_ scrollView: ScrollView)
}
