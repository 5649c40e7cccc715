// Interactions on views, context menus and the pasteboard (DK3, DK4).
import Geometry
import RenderModel
import TextEngine
import Timeline
import UpdateLoop

/// Something a view does with input, as `UIInteraction`.
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    /// `UIInteraction.view`: the view the interaction is on.
    var view: UIView? { get }
    /// `UIInteraction.willMove(to:)`: called before the interaction moves to `view` (nil when removed).
    func willMove(to view: UIView?)
    /// `UIInteraction.didMove(to:)`: called after the interaction moved to `view` (nil when removed).
    func didMove(to view: UIView?)
}

/// The engine's side of a facade interaction: the engine view keeps it in its `interactions`
/// (`View.addInteraction(_:)`, DK4), and it tells the facade interaction of each move with the
/// facade view.
@MainActor
final class FacadeInteraction: Interaction {
    let facade: any UIInteraction
    private(set) weak var view: View?
    init(_ facade: any UIInteraction) { self.facade = facade }
    func willMove(to view: View?) { facade.willMove(to: view.map(UIView.wrap)) }
    func didMove(to view: View?) {
        self.view = view
        facade.didMove(to: view.map(UIView.wrap))
    }
}

extension UIView {
    /// Adds `interaction` to the engine view's interactions (once; added to another view, it
    /// moves), as UIKit's.
    public func addInteraction(_ interaction: any UIInteraction) {
        guard !view.interactions.contains(where: { ($0 as? FacadeInteraction)?.facade === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        view.addInteraction(FacadeInteraction(interaction))
    }
    /// Removes `interaction`.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard let carrier = view.interactions.first(where: { ($0 as? FacadeInteraction)?.facade === interaction }) else { return }
        view.removeInteraction(carrier)
    }
}

/// What a context menu shows, as `UIContextMenuConfiguration`.
@preconcurrency @MainActor
open class UIContextMenuConfiguration: NSObject {
    /// `UIContextMenuConfiguration.identifier`: the identifier given.
    public let identifier: (any NSCopying)?
    /// `UIContextMenuConfiguration.actionProvider`: the closure given; nothing here calls it.
    public let actionProvider: (([UIMenuElement]) -> UIMenu?)?
    /// `UIContextMenuConfiguration(identifier:previewProvider:actionProvider:)`: keeps the identifier
    /// and action provider; the preview provider is dropped.
    public init(identifier: (any NSCopying)? = nil, previewProvider: (() -> UIViewController?)? = nil,
                actionProvider: (([UIMenuElement]) -> UIMenu?)? = nil) {
        self.identifier = identifier
        self.actionProvider = actionProvider
    }
}

/// What a context menu interaction asks its delegate.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionDelegate: AnyObject {
    /// `UIContextMenuInteractionDelegate.contextMenuInteraction(_:configurationForMenuAtLocation:)`:
    /// never called here (no context menus are shown).
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration?
}

/// A long-press (or secondary click) context menu on a view, as `UIContextMenuInteraction`.
/// Partial: there are no context menus to show; the interaction is kept on its view.
@preconcurrency @MainActor
open class UIContextMenuInteraction: NSObject, UIInteraction {
    /// `UIContextMenuInteraction.delegate`: the delegate given.
    public private(set) weak var delegate: (any UIContextMenuInteractionDelegate)?
    /// `UIContextMenuInteraction.view`: the view the interaction is on.
    public private(set) weak var view: UIView?
    /// `UIContextMenuInteraction(delegate:)`: an interaction that keeps `delegate`.
    public init(delegate: any UIContextMenuInteractionDelegate) { self.delegate = delegate }
    /// Does nothing.
    open func willMove(to view: UIView?) {}
    /// Records `view` as the interaction's view.
    open func didMove(to view: UIView?) { self.view = view }
}

/// The system pasteboard, as `UIPasteboard`: `general` maps onto the engine window's
/// `Pasteboard` (the key window's, else the window the application runs in): the desktop's
/// clipboard in an SDL window (DK3), memory headless. Text only; an image is kept in memory.
@preconcurrency @MainActor
public final class UIPasteboard: NSObject {
    /// `UIPasteboard.general`: the one pasteboard.
    public static let general = UIPasteboard()
    private var memory = MemoryPasteboard()
    private var board: any Pasteboard { UIApplication.shared.screenWindow?.pasteboard ?? memory }
    /// `UIPasteboard.string`: the engine window's `Pasteboard` string (the desktop clipboard in an SDL
    /// window, memory headless).
    public var string: String? { get { board.string } set { board.string = newValue } }
    /// `UIPasteboard.strings`: the string as a one-element array; setting keeps only the first.
    public var strings: [String]? { get { string.map { [$0] } } set { string = newValue?.first } }
    /// `UIPasteboard.hasStrings`: whether a non-empty string is on the pasteboard.
    public var hasStrings: Bool { string?.isEmpty == false }
    /// `UIPasteboard.url`: the string read as a URL; setting writes its absolute string.
    public var url: URL? { get { string.flatMap(URL.init(string:)) } set { string = newValue?.absoluteString } }
    /// `UIPasteboard.hasURLs`: whether the string reads as a URL.
    public var hasURLs: Bool { url != nil }
    /// Partial: kept in this process only.
    public var image: UIImage?
    /// `UIPasteboard.hasImages`: whether `image` is set.
    public var hasImages: Bool { image != nil }
    /// Partial: kept in this process only.
    public var color: UIColor?
    /// `UIPasteboard.hasColors`: whether `color` is set.
    public var hasColors: Bool { color != nil }
}
