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
    /// `UIBarAppearance.Idiom`: the device kind an appearance is for; ignored here.
    public enum Idiom: Int, Sendable { case unspecified, phone, pad, tv, carPlay, mac }
    /// `UIBarAppearance.backgroundColor`: the colour the bar fills with (nil: the bars' grey).
    open var backgroundColor: UIColor?
    /// Partial: kept; no blur is drawn.
    open var backgroundEffect: UIBlurEffect?
    /// `UIBarAppearance.backgroundImage`: stored only; bars draw no background image.
    open var backgroundImage: UIImage?
    /// `UIBarAppearance.backgroundImageContentMode`: stored only.
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    /// Partial: kept; the bars draw no shadow line.
    open var shadowColor: UIColor?
    /// `UIBarAppearance.shadowImage`: stored only; bars draw no shadow line.
    open var shadowImage: UIImage?
    public override init() { super.init(); configureWithDefaultBackground() }
    /// `UIBarAppearance(idiom:)`: the default appearance; the idiom is ignored.
    public init(idiom: Idiom) { super.init(); configureWithDefaultBackground() }
    /// `UIBarAppearance(barAppearance:)`: a copy of another appearance's values.
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
    /// A copy of the same class with the same values.
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
    /// `UIBlurEffect.Style`: the blur's tint and thickness; here the dark styles fill dark grey,
    /// extra light near white, and the rest light grey.
    public enum Style: Int, Sendable {
        /// The classic, adaptive and system material styles, light and dark.
        case extraLight, light, dark, regular, prominent, systemUltraThinMaterial, systemThinMaterial, systemMaterial,
             systemThickMaterial, systemChromeMaterial, systemUltraThinMaterialLight, systemThinMaterialLight,
             systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight, systemUltraThinMaterialDark,
             systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }
    /// `UIBlurEffect.style`: the style the effect was made with.
    public let style: Style
    /// `UIBlurEffect(style:)`: a blur of `style` (drawn as a translucent fill).
    public init(style: Style) { self.style = style }
}

/// The look of a bar button: titles by state.
@preconcurrency @MainActor
open class UIBarButtonItemAppearance: NSObject, @preconcurrency NSCopying {
    /// `UIBarButtonItemAppearance.Style`: plain or done buttons.
    public enum Style: Int, Sendable { case plain, done }
    /// Stored only; bar buttons take the bar's tint.
    public let normal = UIBarButtonItemStateAppearance()
    /// Stored only.
    public let highlighted = UIBarButtonItemStateAppearance()
    /// Stored only.
    public let disabled = UIBarButtonItemStateAppearance()
    /// Stored only.
    public let focused = UIBarButtonItemStateAppearance()
    public override init() { super.init() }
    /// An empty appearance; the style is ignored.
    public init(style: Style) { super.init() }
    /// Does nothing.
    open func configureWithDefault(for style: Style) {}
    /// A new, empty appearance (the values are not copied).
    open func copy(with zone: NSZone? = nil) -> Any { UIBarButtonItemAppearance() }
}
/// `UIBarButtonItemStateAppearance`: a bar button's look in one state; stored only here.
@preconcurrency @MainActor
public final class UIBarButtonItemStateAppearance: NSObject {
    /// Stored only.
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Stored only.
    public var backgroundImage: UIImage?
    /// Stored only.
    public var titlePositionAdjustment = UIOffset.zero
}

/// A navigation bar's look: its background, title attributes and button appearances.
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// `UINavigationBarAppearance.titleTextAttributes`: the title's attributes, merged under the bar's.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Partial: kept; titles are not large.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// `UINavigationBarAppearance.titlePositionAdjustment`: stored only.
    open var titlePositionAdjustment = UIOffset.zero
    /// Partial: kept; the bar's buttons take the tint colour.
    open var buttonAppearance = UIBarButtonItemAppearance()
    /// `UINavigationBarAppearance.doneButtonAppearance`: stored only.
    open var doneButtonAppearance = UIBarButtonItemAppearance()
    /// `UINavigationBarAppearance.backButtonAppearance`: stored only.
    open var backButtonAppearance = UIBarButtonItemAppearance()
    /// `UINavigationBarAppearance.backIndicatorImage`: stored only; the back chevron is drawn.
    open private(set) var backIndicatorImage: UIImage?
    /// `UINavigationBarAppearance.backIndicatorTransitionMaskImage`: stored only.
    open private(set) var backIndicatorTransitionMaskImage: UIImage?
    /// `UINavigationBarAppearance.setBackIndicatorImage(_:transitionMaskImage:)`: stores both images.
    open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage: UIImage?) {
        self.backIndicatorImage = backIndicatorImage
        backIndicatorTransitionMaskImage = transitionMaskImage
    }
    public override init() { super.init() }
    public override init(idiom: Idiom) { super.init(idiom: idiom) }
    /// A copy of another appearance's values (and its navigation values when it is one).
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
    /// `UITabBarItemStateAppearance.titleTextAttributes`: its foreground colour tints the item's title.
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// `UITabBarItemStateAppearance.iconColor`: the item's colour when the attributes give none.
    public var iconColor: UIColor?
    /// `UITabBarItemStateAppearance.titlePositionAdjustment`: stored only.
    public var titlePositionAdjustment = UIOffset.zero
    /// Partial: kept; badges are drawn after the title.
    public var badgeBackgroundColor: UIColor?
    /// `UITabBarItemStateAppearance.badgeTextAttributes`: stored only.
    public var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// `UITabBarItemStateAppearance.badgePositionAdjustment`: stored only.
    public var badgePositionAdjustment = UIOffset.zero
    /// `UITabBarItemStateAppearance.badgeTitlePositionAdjustment`: stored only.
    public var badgeTitlePositionAdjustment = UIOffset.zero
    /// The colour the state's title takes: its attributes' foreground colour, else the icon's.
    var tint: UIColor? { titleTextAttributes[.foregroundColor] as? UIColor ?? iconColor }
}

/// The look of a tab bar's items by state.
@preconcurrency @MainActor
open class UITabBarItemAppearance: NSObject, @preconcurrency NSCopying {
    /// `UITabBarItemAppearance.Style`: stacked, inline or compact inline item layout.
    public enum Style: Int, Sendable { case stacked, inline, compactInline }
    /// The look of items not selected.
    public let normal = UITabBarItemStateAppearance()
    /// The look of the selected item.
    public let selected = UITabBarItemStateAppearance()
    /// The look of disabled items.
    public let disabled = UITabBarItemStateAppearance()
    /// The look of focused items (nothing is focused here).
    public let focused = UITabBarItemStateAppearance()
    public override init() { super.init() }
    /// An empty appearance; the style is ignored.
    public init(style: Style) { super.init() }
    /// Clears every state's title attributes and icon colour.
    open func configureWithDefault(for style: Style) {
        for s in [normal, selected, disabled, focused] { s.titleTextAttributes = [:]; s.iconColor = nil }
    }
    /// A copy with the same state values.
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
    /// `UITabBarAppearance.stackedLayoutAppearance`: the item appearance the tab bar uses.
    open var stackedLayoutAppearance = UITabBarItemAppearance()
    /// `UITabBarAppearance.inlineLayoutAppearance`: stored only; items are always stacked.
    open var inlineLayoutAppearance = UITabBarItemAppearance()
    /// `UITabBarAppearance.compactInlineLayoutAppearance`: stored only; items are always stacked.
    open var compactInlineLayoutAppearance = UITabBarItemAppearance()
    /// Partial: kept; the selected item is shown by its colour.
    open var selectionIndicatorTintColor: UIColor?
    /// `UITabBarAppearance.selectionIndicatorImage`: stored only.
    open var selectionIndicatorImage: UIImage?
    /// `UITabBarAppearance.stackedItemPositioning`: stored only.
    open var stackedItemPositioning: UITabBar.ItemPositioning = .automatic
    /// `UITabBarAppearance.stackedItemSpacing`: stored only.
    open var stackedItemSpacing: CGFloat = 0
    /// `UITabBarAppearance.stackedItemWidth`: stored only.
    open var stackedItemWidth: CGFloat = 0
    public override init() { super.init() }
    public override init(idiom: Idiom) { super.init(idiom: idiom) }
    /// A copy of another appearance's values (and its tab bar values when it is one).
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
