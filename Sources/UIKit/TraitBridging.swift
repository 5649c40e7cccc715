import Timeline

// The facade's interface style and traits over the engine's (DK5): TimelineDesktop sets a
// window's style from the desktop, the engine resolves dynamic colours and calls
// traitCollectionDidChange, and these map the values both ways.

extension UIUserInterfaceStyle {
    init(_ style: InterfaceStyle) {
        switch style {
        case .unspecified: self = .unspecified
        case .light: self = .light
        case .dark: self = .dark
        }
    }

    var engine: InterfaceStyle {
        switch self {
        case .unspecified: .unspecified
        case .light: .light
        case .dark: .dark
        }
    }
}

extension UITraitCollection {
    /// The screen's traits with the engine's interface style and scale.
    convenience init(engine traits: TraitCollection) {
        self.init(traitsFrom: [UITraitCollection.current, UITraitCollection(userInterfaceStyle: UIUserInterfaceStyle(traits.userInterfaceStyle)),
                               UITraitCollection(displayScale: CGFloat(traits.displayScale))])
    }

    /// These traits with `style` as the interface style.
    func with(style: InterfaceStyle) -> UITraitCollection {
        UITraitCollection(traitsFrom: [self, UITraitCollection(userInterfaceStyle: UIUserInterfaceStyle(style))])
    }
}
