import Foundation
import Geometry
import Timeline

// UIKit's appearance proxies and bar appearances. `appearance()` gives one proxy object per
// class, kept in the engine window's `AppearanceRegistry` (see `UIApplication.appearance`); what it records reaches the navigation and tab bars made after
// it (their standard, compact and scroll-edge appearances, tint and bar tint colours and title
// attributes). A navigation bar draws its appearance's background colour and title attributes;
// a tab bar its background and its items' normal and selected colours.

/// A type whose instances take their look from an appearance proxy.
@preconcurrency @MainActor
public protocol UIAppearance: AnyObject {}
/// A type whose instances can contain views styled by `appearance(whenContainedInInstancesOf:)`.
@preconcurrency @MainActor
public protocol UIAppearanceContainer: AnyObject {}

extension UIView: UIAppearance, UIAppearanceContainer {
    /// The class's appearance proxy, kept in the engine window's `Views/AppearanceRegistry`.
    /// Partial: what it records reaches navigation and tab bars
    /// (see `UINavigationBar` and `UITabBar`); on other classes it is kept. The proxy is made by
    /// `init(coder:)`, which a subclass of yours must not trap in.
    public class func appearance() -> Self { UIApplication.shared.appearanceProxy(for: self) }
    /// Partial: the class's one proxy (containment is not distinguished).
    public class func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self { appearance() }
    /// Partial: the class's one proxy (traits are not distinguished).
    public class func appearance(for trait: UITraitCollection) -> Self { appearance() }
}
extension UIViewController: UIAppearanceContainer {}

/// What an appearance proxy can record (the properties the bars take from theirs).
enum AppearanceProperty: Hashable, Sendable {
    case tint, unselectedTint, barTint, titleAttributes, standard, compact, scrollEdge, compactScrollEdge, largeTitles
}

extension UIView {
    /// Notes that `property` was set on this view (on a proxy: that it is to be passed on; on a
    /// view: that the proxy's value no longer applies).
    func recordAppearance(_ property: AppearanceProperty) { recordedAppearance.insert(property) }
}

/// The coder appearance proxies are made with (nothing is decoded).
final class AppearanceCoder: NSCoder, @unchecked Sendable {}

extension UIApplication {
    /// The proxy of `type` in the application's ``Views/AppearanceRegistry``, made on first use.
    func appearanceProxy<T: UIView>(for type: T.Type) -> T {
        appearance.proxy(for: type) {
            guard let p = type.init(coder: AppearanceCoder()) else {
                preconditionFailure("appearance(): \(type).init(coder:) returned nil; the proxy is made by it")
            }
            p.isAppearanceProxy = true
            return p
        }
    }
    /// The proxy of `type` if code has asked for one.
    func existingAppearanceProxy<T: UIView>(for type: T.Type) -> T? { appearance.existingProxy(for: type) }
}

// MARK: - Bar appearances

/// What bars share in their appearance: a background and a shadow line.
@preconcurrency @MainActor
open class UIBarAppearance: NSObject, @preconcurrency NSCopying {
    public enum Idiom: Int, Sendable { case unspecified, phone, pad, tv, carPlay, mac }
    open var backgroundColor: UIColor?
    /// Partial: kept; no blur is drawn.
    open var backgroundEffect: UIBlurEffect?
    open var backgroundImage: UIImage?
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    /// Partial: kept; the bars draw no shadow line.
    open var shadowColor: UIColor?
    open var shadowImage: UIImage?
    public override init() { super.init(); configureWithDefaultBackground() }
    public init(idiom: Idiom) { super.init(); configureWithDefaultBackground() }
    public required init(barAppearance: UIBarAppearance) {
        super.init()
        backgroundColor = barAppearance.backgroundColor
        backgroundEffect = barAppearance.backgroundEffect
        backgroundImage = barAppearance.backgroundImage
        backgroundImageContentMode = barAppearance.backgroundImageContentMode
        shadowColor = barAppearance.shadowColor
        shadowImage = barAppearance.shadowImage
    }
    /// The system's translucent look (drawn as the bars' light grey).
    open func configureWithDefaultBackground() {
        backgroundColor = nil; backgroundEffect = UIBlurEffect(style: .systemChromeMaterial); shadowColor = UIColor(white: 0, alpha: 0.3)
    }
    /// An opaque system background.
    open func configureWithOpaqueBackground() {
        backgroundColor = .systemBackground; backgroundEffect = nil; shadowColor = UIColor(white: 0, alpha: 0.3)
    }
    /// No background and no shadow.
    open func configureWithTransparentBackground() {
        backgroundColor = .clear; backgroundEffect = nil; shadowColor = nil
    }
    open func copy(with zone: NSZone? = nil) -> Any { type(of: self).init(barAppearance: self) }
    /// The fill a bar draws: the colour, clear when transparent, the bars' grey by default.
    var fill: Color {
        if let c = backgroundColor { return c.color }
        return Color(red: 0.98, green: 0.98, blue: 0.98)
    }
}

/// A blur, as `UIBlurEffect`. Partial: its style is kept; bars and visual effect views draw a
/// translucent fill of the style's tint without blurring.
public final class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    public enum Style: Int, Sendable {
        case extraLight, light, dark, regular, prominent, systemUltraThinMaterial, systemThinMaterial, systemMaterial,
             systemThickMaterial, systemChromeMaterial, systemUltraThinMaterialLight, systemThinMaterialLight,
             systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight, systemUltraThinMaterialDark,
             systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }
    public let style: Style
    public init(style: Style) { self.style = style }
}

/// The look of a bar button: titles by state.
@preconcurrency @MainActor
open class UIBarButtonItemAppearance: NSObject, @preconcurrency NSCopying {
    public enum Style: Int, Sendable { case plain, done }
    public let normal = UIBarButtonItemStateAppearance()
    public let highlighted = UIBarButtonItemStateAppearance()
    public let disabled = UIBarButtonItemStateAppearance()
    public let focused = UIBarButtonItemStateAppearance()
    public override init() { super.init() }
    public init(style: Style) { super.init() }
    open func configureWithDefault(for style: Style) {}
    open func copy(with zone: NSZone? = nil) -> Any { UIBarButtonItemAppearance() }
}
@preconcurrency @MainActor
public final class UIBarButtonItemStateAppearance: NSObject {
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    public var backgroundImage: UIImage?
    public var titlePositionAdjustment = UIOffset.zero
}

/// A navigation bar's look: its background, title attributes and button appearances.
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Partial: kept; titles are not large.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment = UIOffset.zero
    /// Partial: kept; the bar's buttons take the tint colour.
    open var buttonAppearance = UIBarButtonItemAppearance()
    open var doneButtonAppearance = UIBarButtonItemAppearance()
    open var backButtonAppearance = UIBarButtonItemAppearance()
    open private(set) var backIndicatorImage: UIImage?
    open private(set) var backIndicatorTransitionMaskImage: UIImage?
    open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage: UIImage?) {
        self.backIndicatorImage = backIndicatorImage
        backIndicatorTransitionMaskImage = transitionMaskImage
    }
    public override init() { super.init() }
    public override init(idiom: Idiom) { super.init(idiom: idiom) }
    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let n = barAppearance as? UINavigationBarAppearance else { return }
        titleTextAttributes = n.titleTextAttributes
        largeTitleTextAttributes = n.largeTitleTextAttributes
        titlePositionAdjustment = n.titlePositionAdjustment
        buttonAppearance = n.buttonAppearance
        doneButtonAppearance = n.doneButtonAppearance
        backButtonAppearance = n.backButtonAppearance
        backIndicatorImage = n.backIndicatorImage
        backIndicatorTransitionMaskImage = n.backIndicatorTransitionMaskImage
    }
}

/// The look of one state of a tab bar item.
@preconcurrency @MainActor
public final class UITabBarItemStateAppearance: NSObject {
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    public var iconColor: UIColor?
    public var titlePositionAdjustment = UIOffset.zero
    /// Partial: kept; badges are drawn after the title.
    public var badgeBackgroundColor: UIColor?
    public var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
    public var badgePositionAdjustment = UIOffset.zero
    public var badgeTitlePositionAdjustment = UIOffset.zero
    /// The colour the state's title takes: its attributes' foreground colour, else the icon's.
    var tint: UIColor? { titleTextAttributes[.foregroundColor] as? UIColor ?? iconColor }
}

/// The look of a tab bar's items by state.
@preconcurrency @MainActor
open class UITabBarItemAppearance: NSObject, @preconcurrency NSCopying {
    public enum Style: Int, Sendable { case stacked, inline, compactInline }
    public let normal = UITabBarItemStateAppearance()
    public let selected = UITabBarItemStateAppearance()
    public let disabled = UITabBarItemStateAppearance()
    public let focused = UITabBarItemStateAppearance()
    public override init() { super.init() }
    public init(style: Style) { super.init() }
    open func configureWithDefault(for style: Style) {
        for s in [normal, selected, disabled, focused] { s.titleTextAttributes = [:]; s.iconColor = nil }
    }
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = UITabBarItemAppearance()
        for (a, b) in [(c.normal, normal), (c.selected, selected), (c.disabled, disabled), (c.focused, focused)] {
            a.titleTextAttributes = b.titleTextAttributes; a.iconColor = b.iconColor; a.badgeBackgroundColor = b.badgeBackgroundColor
            a.badgeTextAttributes = b.badgeTextAttributes; a.titlePositionAdjustment = b.titlePositionAdjustment
        }
        return c
    }
}

/// A tab bar's look: its background and its items' appearances by layout.
@preconcurrency @MainActor
open class UITabBarAppearance: UIBarAppearance {
    open var stackedLayoutAppearance = UITabBarItemAppearance()
    open var inlineLayoutAppearance = UITabBarItemAppearance()
    open var compactInlineLayoutAppearance = UITabBarItemAppearance()
    /// Partial: kept; the selected item is shown by its colour.
    open var selectionIndicatorTintColor: UIColor?
    open var selectionIndicatorImage: UIImage?
    open var stackedItemPositioning: UITabBar.ItemPositioning = .automatic
    open var stackedItemSpacing: CGFloat = 0
    open var stackedItemWidth: CGFloat = 0
    public override init() { super.init() }
    public override init(idiom: Idiom) { super.init(idiom: idiom) }
    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let t = barAppearance as? UITabBarAppearance else { return }
        stackedLayoutAppearance = t.stackedLayoutAppearance.copy() as! UITabBarItemAppearance
        inlineLayoutAppearance = t.inlineLayoutAppearance.copy() as! UITabBarItemAppearance
        compactInlineLayoutAppearance = t.compactInlineLayoutAppearance.copy() as! UITabBarItemAppearance
        selectionIndicatorTintColor = t.selectionIndicatorTintColor
        selectionIndicatorImage = t.selectionIndicatorImage
        stackedItemPositioning = t.stackedItemPositioning
    }
}
