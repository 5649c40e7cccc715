import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UIMenu` and `UIMenuElement`: kept so code that builds menus compiles; there are no menus
/// to show them (a button or item with one does its primary action).
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    public let title: String
    public init(title: String) { self.title = title }
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }
    public enum State: Int, Sendable { case off, on, mixed }
}
/// A menu element whose items are provided later, when the menu is shown, as
/// `UIDeferredMenuElement`. Partial: menus are not shown on Linux; ``resolve(_:)`` asks the
/// provider (once, unless uncached) for tools and tests.
@preconcurrency @MainActor
public final class UIDeferredMenuElement: UIMenuElement {
    public typealias Provider = (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void
    private let provider: Provider
    private let cached: Bool
    private var resolved: [UIMenuElement]?
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

@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    public let children: [UIMenuElement]
    public let image: UIImage?
    public let options: Options
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
    }
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                options: Options = [], children: [UIMenuElement] = []) {
        self.children = children; self.image = image; self.options = options
        super.init(title: title)
    }
}
