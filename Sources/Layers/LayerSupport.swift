import Geometry
import RenderModel

/// Which corners ``Layer/cornerRadius`` rounds, as `CACornerMask` (min/max are in the layer's
/// own coordinates: `layerMinXMinYCorner` is the top left on screen).
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    /// All four corners (the default).
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// How ``Layer/contents`` fits the bounds, as `CALayerContentsGravity`.
public enum ContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// A layer's delegate, as `CALayerDelegate`: it can draw the layer's content, lay out its
/// sublayers, and choose the action for a property change. Every method has a default.
@MainActor
public protocol LayerDelegate: AnyObject {
    /// Supplies the layer's content instead of ``Layer/draw(in:)`` (return true when it did).
    func display(_ layer: Layer) -> Bool
    /// Draws the layer's content into `context`.
    func draw(_ layer: Layer, in context: Canvas)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: Layer)
    /// The action for a change of `event` (a key), ``NullAction`` to have none, or nil to let
    /// the layer look further (its ``Layer/actions``, then the default).
    func action(for layer: Layer, forKey event: String) -> (any Action)?
}

extension LayerDelegate {
    public func display(_ layer: Layer) -> Bool { false }
    public func draw(_ layer: Layer, in context: Canvas) {}
    public func layoutSublayers(of layer: Layer) {}
    public func action(for layer: Layer, forKey event: String) -> (any Action)? { nil }
}

/// How a mask layer's pixels become coverage (see ``Layer/maskMode``).
public enum MaskMode: Sendable, Equatable {
    case alpha, inverseAlpha, luminance, inverseLuminance
}

/// A mask made of paths combined in order, as After Effects' (and Lottie's) layer masks: set it
/// as a layer's ``Layer/mask``; the paths are in the mask layer's coordinates.
open class PathMaskLayer: Layer {
    public var paths: [MaskPath] = [] { didSet { if paths != oldValue { contentDidChange() } } }
    public override init() { super.init() }
    public required init(layer: Layer) {
        super.init(layer: layer)
        paths = (layer as? PathMaskLayer)?.paths ?? []
    }
}

/// Content shown as a function of a layer's local time (see ``Layer/timedContent``).
@MainActor
public protocol TimedContent: AnyObject {
    /// Whether it changes with time now; while false the engine stops calling
    /// ``show(atLocalTime:of:)`` (call ``Layer/timedContentDidChange()`` when it starts again).
    var isRunning: Bool { get }
    /// Brings the content to `layer`'s local time `t` (seconds). Called in the frame's
    /// animation phase; completions it owes go through ``LayerEngine/enqueueCallback(_:)``.
    func show(atLocalTime t: Double, of layer: Layer)
}

/// Something that runs in response to a layer property change, as `CAAction`: an animation
/// adds itself to the layer.
@MainActor
public protocol Action {
    /// Runs the action for `event` on `layer`.
    func run(forKey event: String, object layer: Layer, arguments: [String: Any]?)
}

/// The action that does nothing, as returning `NSNull` from `action(for:forKey:)`: the search
/// for an action stops there and the change is not animated.
public struct NullAction: Action {
    public init() {}
    public func run(forKey event: String, object layer: Layer, arguments: [String: Any]?) {}
}
