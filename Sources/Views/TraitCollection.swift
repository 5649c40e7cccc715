import Geometry

/// Light or dark, as UIKit's `UIUserInterfaceStyle` (DK5). A window takes the desktop's
/// (TimelineDesktop reads it from the settings portal); a view or controller may override it
/// for its subtree.
public enum InterfaceStyle: Int, Sendable, CustomStringConvertible {
    /// No preference: light is used.
    case unspecified
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds.
    case dark
    /// The style's name: "light", "dark" or "unspecified".
    public var description: String { self == .dark ? "dark" : self == .light ? "light" : "unspecified" }
}

/// The environment a view resolves its appearance in (`UITraitCollection`'s engine side): the
/// interface style and the display scale.
public struct TraitCollection: Equatable, Sendable {
    /// Light or dark.
    public var userInterfaceStyle: InterfaceStyle
    /// Device pixels per point of the window's screen.
    public var displayScale: Double

    /// Traits of `userInterfaceStyle` at `displayScale` pixels per point.
    public init(userInterfaceStyle: InterfaceStyle = .light, displayScale: Double = 1) {
        self.userInterfaceStyle = userInterfaceStyle
        self.displayScale = displayScale
    }

    /// Whether a colour resolved in `other` may look different here (the style differs).
    public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
        userInterfaceStyle != other?.userInterfaceStyle
    }
}

/// A colour that depends on the traits it is drawn in (`UIColor(dynamicProvider:)`, DK5):
/// resolved when set on a view and again whenever the view's interface style changes.
public struct DynamicColor {
    let provider: @MainActor (TraitCollection) -> Color
    /// The two colours of one made by ``init(light:dark:)`` (nil for a provider's): they can be
    /// read from any isolation, as a facade's static system colours need.
    public let appearances: (light: Color, dark: Color)?

    /// A colour that `dynamicProvider` gives for each trait collection it is drawn in.
    public init(dynamicProvider: @escaping @MainActor (TraitCollection) -> Color) {
        provider = dynamicProvider
        appearances = nil
    }
    /// One colour for light (and unspecified) traits, another for dark ones.
    public init(light: Color, dark: Color) {
        provider = { $0.userInterfaceStyle == .dark ? dark : light }
        appearances = (light, dark)
    }

    /// The colour for `traits`.
    @MainActor public func resolved(with traits: TraitCollection) -> Color { provider(traits) }
}

/// What a view keeps only when it overrides its style or shows a dynamic colour (nil for the
/// rest, so a view that uses neither pays one optional field).
final class ViewTraitState {
    var overrideStyle = InterfaceStyle.unspecified
    /// Dynamic colours by the property they set ("backgroundColor", "tintColor", or a key a
    /// subclass or a facade chose), each with how to set it.
    var colors: [String: (color: DynamicColor, apply: @MainActor (View, Color) -> Void)] = [:]
    /// Set while a dynamic colour is applied, so the plain setter keeps the binding.
    var isApplying = false
}

extension View {
    /// The style this view and the views under it use whatever their window's (`UIView`'s
    /// `overrideUserInterfaceStyle`); `.unspecified` inherits.
    public var overrideUserInterfaceStyle: InterfaceStyle {
        get { traitState?.overrideStyle ?? .unspecified }
        set {
            let before = traitCollection
            traitStateMaking.overrideStyle = newValue
            propagateTraitChange(inheritedBefore: before.userInterfaceStyle, inheritedAfter: inheritedStyle, scale: before.displayScale,
                                 forced: true)
        }
    }

    /// The traits this view resolves its appearance in: its own override, else its controller's,
    /// else its superview's, else its window's style (light outside a window).
    public var traitCollection: TraitCollection {
        TraitCollection(userInterfaceStyle: Self.style(own: ownStyle, inherited: inheritedStyle), displayScale: window?.scale ?? 1)
    }

    /// This view's own style (its override, else its controller's), unspecified when it inherits.
    var ownStyle: InterfaceStyle {
        let own = traitState?.overrideStyle ?? .unspecified
        if own != .unspecified { return own }
        return viewController?.overrideUserInterfaceStyle ?? .unspecified
    }

    /// The style the superview (or, for a root view, the window) gives this view.
    var inheritedStyle: InterfaceStyle {
        if let s = superview { return s.traitCollection.userInterfaceStyle }
        return window?.interfaceStyle ?? .light
    }

    static func style(own: InterfaceStyle, inherited: InterfaceStyle) -> InterfaceStyle {
        own != .unspecified ? own : inherited == .unspecified ? .light : inherited
    }

    var traitStateMaking: ViewTraitState {
        if let s = traitState { return s }
        let s = ViewTraitState()
        traitState = s
        return s
    }

    /// Sets a colour property from `color` now and again whenever this view's interface style
    /// changes; nil removes the binding for `key` (the property keeps its value). The
    /// ``backgroundColor`` and ``tintColor`` setters remove theirs ("backgroundColor", "tintColor").
    public func setDynamicColor(_ color: DynamicColor?, forKey key: String, apply: @escaping @MainActor (View, Color) -> Void) {
        guard let color else { traitState?.colors[key] = nil; return }
        traitStateMaking.colors[key] = (color, apply)
        applyDynamic(color, apply: apply, traits: traitCollection)
    }

    /// The dynamic colour bound to `key` by ``setDynamicColor(_:forKey:apply:)``, if any.
    public func dynamicColor(forKey key: String) -> DynamicColor? { traitState?.colors[key]?.color }

    /// A dynamic background colour (`UIView.backgroundColor` set to a dynamic `UIColor`).
    public var dynamicBackgroundColor: DynamicColor? {
        get { traitState?.colors["backgroundColor"]?.color }
        set { setDynamicColor(newValue, forKey: "backgroundColor") { $0.backgroundColor = $1 } }
    }

    /// A dynamic tint colour.
    public var dynamicTintColor: DynamicColor? {
        get { traitState?.colors["tintColor"]?.color }
        set { setDynamicColor(newValue, forKey: "tintColor") { $0.tintColor = $1 } }
    }

    /// Called by a plain colour setter: the property no longer follows a dynamic colour.
    package func plainColorSet(_ key: String) {
        guard let s = traitState, !s.isApplying, s.colors[key] != nil else { return }
        s.colors[key] = nil
    }

    private func applyDynamic(_ color: DynamicColor, apply: @MainActor (View, Color) -> Void, traits: TraitCollection) {
        let s = traitStateMaking
        s.isApplying = true
        apply(self, color.resolved(with: traits))
        s.isApplying = false
    }

    /// Resolves this view's dynamic colours again (its style changed, or it joined a window).
    func reapplyDynamicColors() {
        guard let s = traitState, !s.colors.isEmpty else { return }
        let traits = traitCollection
        for entry in s.colors.values { applyDynamic(entry.color, apply: entry.apply, traits: traits) }
    }

    /// Tells this subtree its inherited style went from `before` to `after` (DK5): each view
    /// whose resolved style changed resolves its dynamic colours again, redraws, and hears
    /// ``traitCollectionDidChange(_:)`` (its controller first, as UIKit's order); a subtree
    /// under an override of its own hears nothing.
    func propagateTraitChange(inheritedBefore before: InterfaceStyle, inheritedAfter after: InterfaceStyle, scale: Double,
                              forced: Bool = false) {
        let own = ownStyle
        let oldStyle = forced ? before : Self.style(own: own, inherited: before)
        let newStyle = Self.style(own: own, inherited: after)
        guard oldStyle != newStyle else { return }
        let previous = TraitCollection(userInterfaceStyle: oldStyle, displayScale: scale)
        reapplyDynamicColors()
        setNeedsDisplay()
        if let vc = viewController { vc.traitCollectionDidChange(previous) }
        traitCollectionDidChange(previous)
        for s in subviews { s.propagateTraitChange(inheritedBefore: oldStyle, inheritedAfter: newStyle, scale: scale) }
    }
}

extension View {
    /// Tells this subtree the window's display scale went from `old` (DK2): each view redraws
    /// at the new scale and hears ``traitCollectionDidChange(_:)`` (its controller first).
    func propagateScaleChange(from old: Double) {
        let previous = TraitCollection(userInterfaceStyle: traitCollection.userInterfaceStyle, displayScale: old)
        setNeedsDisplay()
        if let vc = viewController { vc.traitCollectionDidChange(previous) }
        traitCollectionDidChange(previous)
        for s in subviews { s.propagateScaleChange(from: old) }
    }
}

extension Window {
    /// The window's interface style changed from `old` (DK5): the tree hears it.
    func interfaceStyleDidChange(from old: InterfaceStyle) {
        let traits = TraitCollection(userInterfaceStyle: old, displayScale: scale)
        rootView.propagateTraitChange(inheritedBefore: old == .unspecified ? .light : old, inheritedAfter: interfaceStyle,
                                      scale: traits.displayScale)
        interfaceStyleObserver?(old)
        requestFrame()
    }
}
