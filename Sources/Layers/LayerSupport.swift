import Geometry
import RenderModel

/// Which corners ``Layer/cornerRadius`` rounds, as `CACornerMask` (min/max are in the layer's
/// own coordinates: `layerMinXMinYCorner` is the top left on screen).
public struct CornerMask: OptionSet, Sendable, Hashable {
    /// The corners as bits.
    public let rawValue: UInt
    /// The corners `rawValue`'s bits name.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    /// All four corners (the default).
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// How ``Layer/contents`` fits the bounds, as `CALayerContentsGravity`.
public enum ContentsGravity: String, Sendable, CaseIterable {
    /// Contents at their own size, placed at the centre, an edge or a corner of the bounds.
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Contents scaled to the bounds: stretched, fitted inside with the aspect kept, or filling them with the aspect kept (cropped).
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
    /// By default the delegate does not display: the layer draws itself.
    public func display(_ layer: Layer) -> Bool { false }
    /// By default the delegate draws nothing.
    public func draw(_ layer: Layer, in context: Canvas) {}
    /// By default the delegate lays out nothing.
    public func layoutSublayers(of layer: Layer) {}
    /// By default the delegate has no opinion, and the layer's own actions decide.
    public func action(for layer: Layer, forKey event: String) -> (any Action)? { nil }
}

/// How a mask layer's pixels become coverage (see ``Layer/maskMode``).
public enum MaskMode: Sendable, Equatable {
    /// Coverage from the mask's alpha or its luminance, as is or inverted.
    case alpha, inverseAlpha, luminance, inverseLuminance
}

/// A mask made of paths combined in order, as After Effects' (and Lottie's) layer masks: set it
/// as a layer's ``Layer/mask``; the paths are in the mask layer's coordinates.
open class PathMaskLayer: Layer {
    /// The mask's paths in the layer's coordinates, combined in order by their modes.
    public var paths: [MaskPath] = [] { didSet { if paths != oldValue { contentDidChange() } } }
    public override init() { super.init() }
    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
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
    /// The action that does nothing.
    public init() {}
    /// Does nothing: the change is not animated.
    public func run(forKey event: String, object layer: Layer, arguments: [String: Any]?) {}
}
