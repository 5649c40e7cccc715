import Geometry
import Layers

/// How a view's content follows a bounds size change (U4) and where an image view places its
/// image (CN2), as `UIView.ContentMode`; it sets the layer's `ContentsGravity`.
public enum ContentMode: String, Sendable, CaseIterable {
    /// Content is scaled to the bounds; the view is not redrawn.
    case scaleToFill
    /// Scaled to fit inside, keeping its aspect ratio (letterboxed).
    case scaleAspectFit
    /// Scaled to cover the bounds, keeping its aspect ratio (overflowing unless clipped).
    case scaleAspectFill
    /// A size change flags the view for display.
    case redraw
    /// Content at its own size, placed at the centre, an edge or a corner; a size change moves it, nothing is redrawn.
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// The layer gravity that places contents this way.
    public var gravity: ContentsGravity {
        switch self {
        case .scaleToFill, .redraw: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}

/// Which margins of the superview a view with a fixed frame follows when the superview resizes
/// (A6), as UIKit's `UIView.AutoresizingMask`.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The margins as bits.
    public let rawValue: Int
    /// The margins `rawValue`'s bits name.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The distance to the superview's left edge changes with it.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width changes with the superview's.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The distance to the superview's right edge changes with it.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The distance to the superview's top edge changes with it.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height changes with the superview's.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The distance to the superview's bottom edge changes with it.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}
