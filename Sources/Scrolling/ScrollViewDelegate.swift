// The scroll view's delegate protocol, apart from ScrollView.swift to keep files short.
import Views
import Geometry

/// What a scroll view tells and asks its delegate (SC3), as `UIScrollViewDelegate`; every
/// method is optional. Velocities are in points per millisecond, as UIKit's.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed, by input, animation or code: once per change, so at most once a frame while scrolling.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// `targetContentOffset` may be changed: the scroll view then comes to rest exactly there,
    /// keeping the release velocity.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point)
    /// The drag ended; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content starts to coast after a release.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after coasting.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated scroll made by code (`setContentOffset(_:animated:)`, `scrollRectToVisible`) ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// The view a pinch scales; nil: the content does not zoom.
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// Whether a scroll-to-top request may scroll the content to its top.
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    /// A scroll to the top ended.
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    /// By default nothing happens.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// By default nothing happens.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// By default the content rests where its deceleration takes it.
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {}
    /// By default nothing happens.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// By default nothing happens.
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// By default nothing happens.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// By default nothing happens.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    /// By default nothing happens.
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    /// By default nothing zooms.
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    /// By default the content may scroll to the top.
    public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    /// By default nothing happens.
    public func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
}
