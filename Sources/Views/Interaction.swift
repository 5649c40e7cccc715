import Geometry
import UpdateLoop

/// Something a view does with input beside its own handling, as UIKit's `UIInteraction`
/// (DK4): added with ``View/addInteraction(_:)``, told when it moves to a view.
@MainActor
public protocol Interaction: AnyObject {
    /// The view it is added to.
    var view: View? { get }
    /// Called before it is added to `view` (nil: before it is removed).
    func willMove(to view: View?)
    /// Called after it was added to `view` (nil: after it was removed).
    func didMove(to view: View?)
}

extension View {
    /// Adds `interaction` (a view keeps each once, in the order added).
    public func addInteraction(_ interaction: any Interaction) {
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction`.
    public func removeInteraction(_ interaction: any Interaction) {
        guard let i = interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactions.remove(at: i)
        interaction.didMove(to: nil)
    }

    /// The pointer's shape over this view (DK4), as Mac Catalyst and iPadOS change it over
    /// text and links: nil, the default, takes the superview's (the arrow at the top); a text
    /// field and a text view ask for the I-beam. Set it to show a hand over a link or button.
    public var pointerShape: PointerShape? {
        get { requestedPointerShape ?? defaultPointerShape }
        set {
            requestedPointerShape = newValue
            if isHovered { window?.updatePointerShape(over: nil) }
        }
    }
}

/// The shapes the pointer takes over views (DK4): the system cursors a desktop has.
public enum PointerShape: String, Sendable, CaseIterable {
    /// The default pointer.
    case arrow
    /// Over text that can be selected or edited.
    case iBeam
    /// Over a link or a control that asks for it.
    case pointingHand
    /// Over something that resizes sideways.
    case resizeLeftRight
    /// Over something that resizes up and down.
    case resizeUpDown
    /// Over something that cannot take the pointer's action.
    case notAllowed
    /// For picking a point precisely.
    case crosshair
}

/// The files of a drop and where they landed, as UIKit's `UIDropSession` (DK4).
@MainActor
public final class DropSession {
    /// The dropped files' paths, in the order the desktop gave them.
    public let filePaths: [String]
    /// Where the drop landed, in window points.
    public let windowLocation: Point

    /// A drop of `filePaths` at `windowLocation` (window points).
    public init(filePaths: [String], windowLocation: Point) {
        self.filePaths = filePaths
        self.windowLocation = windowLocation
    }

    /// Where the drop landed in `view`'s coordinates.
    public func location(in view: View) -> Point { view.convert(windowLocation, from: nil) }
}

/// What a view's ``DropInteraction`` asks (DK4), as `UIDropInteractionDelegate`.
@MainActor
public protocol DropInteractionDelegate: AnyObject {
    /// Whether the view takes this drop; one that does not leaves it to its superviews.
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool
    /// Takes the drop.
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession)
}

extension DropInteractionDelegate {
    /// Takes every drop, unless the delegate says otherwise.
    public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { true }
}

/// Lets a view take files dropped on the window (DK4), as UIKit's `UIDropInteraction`: the
/// drop goes to the view under it, then up its superviews, to the first whose delegate can
/// handle it.
@MainActor
public final class DropInteraction: Interaction {
    /// What decides and takes the drops (held weakly, as UIKit's).
    public weak var delegate: (any DropInteractionDelegate)?
    /// The view it was added to.
    public private(set) weak var view: View?

    /// An interaction whose drops `delegate` takes; add it to a view with ``View/addInteraction(_:)``.
    public init(delegate: any DropInteractionDelegate) { self.delegate = delegate }

    /// Nothing to do before it moves.
    public func willMove(to view: View?) {}
    /// Keeps the view it now belongs to.
    public func didMove(to view: View?) { self.view = view }
}

extension Window {
    /// Hands dropped files to the first view, from the one under `p` up, with a drop
    /// interaction whose delegate can handle them; returns whether one took them.
    func dropFiles(_ paths: [String], at p: Point) -> Bool {
        guard !paths.isEmpty else { return false }
        let session = DropSession(filePaths: paths, windowLocation: p)
        var v = rootView.hitTest(rootView.pointFromWindow(p))
        while let c = v {
            for case let drop as DropInteraction in c.interactions {
                guard let d = drop.delegate, d.dropInteraction(drop, canHandle: session) else { continue }
                d.dropInteraction(drop, performDrop: session)
                return true
            }
            v = c.superview
        }
        return false
    }

    /// Sets ``pointerShape`` from the hovered views, `chain` the hovered view first (nil: the
    /// current hover), and tells the host when it changed.
    func updatePointerShape(over chain: [View]?) {
        var shape = PointerShape.arrow
        for v in chain ?? hovered { if let s = v.pointerShape { shape = s; break } }
        guard shape != pointerShape else { return }
        pointerShape = shape
        onPointerShapeChange?(shape)
    }
}
