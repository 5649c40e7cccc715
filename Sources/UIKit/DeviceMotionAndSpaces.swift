import Foundation
import Geometry
import Timeline

// Names real UIKit code uses around the device (RU3): motion effects (a desktop has no tilt, so
// they are kept and never move a view), coordinate spaces (a view's, the screen's) and the
// view controllers a transition coordinator's context names (nil where it has none).

/// `UIMotionEffect`: what a view does as the device tilts. A desktop has no tilt sensor: effects
/// are kept on the view (`UIView/motionEffects`) and never report an offset.
@preconcurrency @MainActor
open class UIMotionEffect: NSObject {
    public override init() { super.init() }
    /// The key paths and values to apply for a viewer offset; never asked here (no tilt).
    open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? { nil }
}

/// `UIInterpolatingMotionEffect`: a key path moved between two values as the device tilts
/// (kept; never moves a view on a desktop, see `UIMotionEffect`).
@preconcurrency @MainActor
open class UIInterpolatingMotionEffect: UIMotionEffect {
    /// The tilt axis an effect follows.
    public enum EffectType: Int, Sendable { case tiltAlongHorizontalAxis, tiltAlongVerticalAxis }
    /// The key path the effect moves (`"center.x"`).
    public let keyPath: String
    /// The tilt axis it follows.
    public let type: EffectType
    /// The value at the leftmost or topmost tilt.
    open var minimumRelativeValue: Any?
    /// The value at the rightmost or bottommost tilt.
    open var maximumRelativeValue: Any?
    /// An effect moving `keyPath` along `type`'s axis.
    public init(keyPath: String, type: EffectType) { self.keyPath = keyPath; self.type = type; super.init() }
}

/// `UIMotionEffectGroup`: effects applied together (kept; see `UIMotionEffect`).
@preconcurrency @MainActor
open class UIMotionEffectGroup: UIMotionEffect {
    /// The effects of the group.
    open var motionEffects: [UIMotionEffect]?
}

extension UIView {
    /// Adds a motion effect (kept in `motionEffects`; a desktop has no tilt to apply it with).
    public func addMotionEffect(_ effect: UIMotionEffect) { motionEffects.append(effect) }
    /// Removes a motion effect added with `addMotionEffect(_:)`.
    public func removeMotionEffect(_ effect: UIMotionEffect) { motionEffects.removeAll { $0 === effect } }
}

/// `UICoordinateSpace`: a space points and rectangles convert between (a view's, the screen's).
@preconcurrency @MainActor
public protocol UICoordinateSpace: AnyObject {
    /// The space's bounds.
    var bounds: CGRect { get }
    /// A point of this space in `coordinateSpace`.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// A point of `coordinateSpace` in this space.
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// A rectangle of this space in `coordinateSpace`.
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    /// A rectangle of `coordinateSpace` in this space.
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

extension UIView: UICoordinateSpace {
    /// A point in another space: a view's (as `convert(_:to:)` with a view), or the
    /// screen's, which is the window's (a window's content starts at the screen's origin here).
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        convert(point, to: coordinateSpace as? UIView)
    }
    /// A point of another space (a view's or the screen's) in this view.
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        convert(point, from: coordinateSpace as? UIView)
    }
    /// A rectangle in another space (a view's or the screen's).
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        convert(rect, to: coordinateSpace as? UIView)
    }
    /// A rectangle of another space (a view's or the screen's) in this view.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        convert(rect, from: coordinateSpace as? UIView)
    }
}

/// The screen's coordinate space: the key window's (its content starts at the screen's origin).
@MainActor
final class ScreenCoordinateSpace: UICoordinateSpace {
    unowned let screen: UIScreen
    init(_ screen: UIScreen) { self.screen = screen }
    var bounds: CGRect { screen.bounds }
    private var window: UIView? { UIApplication.shared.keyWindow }
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        guard let window else { return point }
        return window.convert(point, to: coordinateSpace)
    }
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        guard let window else { return point }
        return window.convert(point, from: coordinateSpace)
    }
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        guard let window else { return rect }
        return window.convert(rect, to: coordinateSpace)
    }
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        guard let window else { return rect }
        return window.convert(rect, from: coordinateSpace)
    }
}

extension UIScreen {
    /// The screen's coordinate space, which is the key window's here.
    public var coordinateSpace: any UICoordinateSpace { ScreenCoordinateSpace(self) }
    /// The screen's fixed coordinate space: the same (a desktop screen does not rotate).
    public var fixedCoordinateSpace: any UICoordinateSpace { ScreenCoordinateSpace(self) }
}

extension UIViewControllerTransitionCoordinatorContext {
    /// The controller on one side of the transition; nil for a window's resize, which has none.
    public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    /// The view on one side of the transition; nil for a window's resize, which has none.
    public func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
}
