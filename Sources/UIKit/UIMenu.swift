import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UIMenu` and `UIMenuElement`: kept so code that builds menus compiles; there are no menus
/// to show them (a button or item with one does its primary action).
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// `UIMenuElement.title`: the element's title.
    public let title: String
    /// An element titled `title`.
    public init(title: String) { self.title = title }
    /// `UIMenuElement.Attributes`: how a menu item looks and acts; kept only (no menus are shown).
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The attributes as UIKit's bits.
        public let rawValue: UInt
        /// The attributes whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Disabled.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Destructive (drawn red in a menu).
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Hidden.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Keeps the menu open after it is chosen.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }
    /// `UIMenuElement.State`: a menu item's check mark (off, on, mixed); kept only.
    public enum State: Int, Sendable { case off, on, mixed }
}
/// A menu element whose items are provided later, when the menu is shown, as
/// `UIDeferredMenuElement`. Partial: menus are not shown on Linux; ``resolve(_:)`` asks the
/// provider (once, unless uncached) for tools and tests.
@preconcurrency @MainActor
public final class UIDeferredMenuElement: UIMenuElement {
    /// `UIDeferredMenuElement.Provider`: gives the elements by calling its completion.
    public typealias Provider = (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void
    private let provider: Provider
    private let cached: Bool
    private var resolved: [UIMenuElement]?
    /// `UIDeferredMenuElement(_:)`: an element whose items `elementProvider` gives once, then kept.
    public init(_ elementProvider: @escaping Provider) {
        provider = elementProvider
        cached = true
        super.init(title: "")
    }
    private init(provider: @escaping Provider, cached: Bool) {
        self.provider = provider
        self.cached = cached
        super.init(title: "")
    }
    /// A deferred element asked again each time the menu is shown.
    public static func uncached(_ elementProvider: @escaping Provider) -> UIDeferredMenuElement {
        UIDeferredMenuElement(provider: elementProvider, cached: false)
    }
    /// The provided elements, asked for as a shown menu would ask (cached elements are kept).
    public func resolve(_ completion: @escaping @MainActor ([UIMenuElement]) -> Void) {
        if cached, let r = resolved { completion(r); return }
        provider { [weak self] elements in
            if let self, self.cached { self.resolved = elements }
            completion(elements)
        }
    }
}

/// `UIMenu`: a titled group of menu elements; kept only (see above).
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// `UIMenu.children`: the menu's elements.
    public let children: [UIMenuElement]
    /// `UIMenu.image`: the menu's image, kept.
    public let image: UIImage?
    /// `UIMenu.options`: the menu's options, kept.
    public let options: Options
    /// `UIMenu.Identifier`: a string naming a menu.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The identifier's string.
        public let rawValue: String
        /// The identifier of string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier of string `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    /// `UIMenu.Options`: how a menu is presented; kept only.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The options as UIKit's bits.
        public let rawValue: UInt
        /// The options whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown inline in its parent.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Destructive.
        public static let destructive = Options(rawValue: 1 << 1)
        /// One child chosen at a time.
        public static let singleSelection = Options(rawValue: 1 << 5)
    }
    /// `UIMenu(title:subtitle:image:identifier:options:children:)`: a menu of `children` (kept; not shown).
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                options: Options = [], children: [UIMenuElement] = []) {
        self.children = children; self.image = image; self.options = options
        super.init(title: title)
    }
}
