import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// What a cell's content shows, as `UIContentConfiguration`: it makes the view that shows it
/// and gives a copy styled for a state (the defaults: an empty view; the same configuration).
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    func makeContentView() -> any UIView & UIContentView
    func updated(for state: any UIConfigurationState) -> Self
}
extension UIContentConfiguration {
    public func makeContentView() -> any UIView & UIContentView { UIConfigurationContentView(configuration: self) }
    public func updated(for state: any UIConfigurationState) -> Self { self }
}

/// A list row's text, secondary text and image, as `UIListContentConfiguration`, in one of
/// UIKit's styles (`cell()`, `subtitleCell()`, `valueCell()`, headers, footers, sidebar cells):
/// shown by a `UIListContentView` (a list cell's content), styled for a state by
/// `updated(for:)` (a disabled row greys, a selected sidebar row turns white).
@preconcurrency @MainActor
public struct UIListContentConfiguration: UIContentConfiguration {
    public struct TextProperties {
        public enum TextTransform: Int, Sendable { case none, capitalized, lowercase, uppercase }
        public var font: UIFont?
        public var color: UIColor
        public var numberOfLines = 1
        public var alignment: NSTextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        public var transform: TextTransform = .none
        /// Partial: kept (there is one content size here).
        public var adjustsFontForContentSizeCategory = true
        /// Partial: kept; text is truncated, not shrunk.
        public var adjustsFontSizeToFitWidth = false
        /// Partial: kept; text is truncated, not shrunk.
        public var minimumScaleFactor: CGFloat = 0
        public var colorTransformer: UIConfigurationColorTransformer?
        /// The colour with the transformer applied.
        public func resolvedColor() -> UIColor { colorTransformer?.transform(color) ?? color }
        init(font: UIFont?, color: UIColor, numberOfLines: Int = 1) {
            self.font = font; self.color = color; self.numberOfLines = numberOfLines
        }
    }
    public struct ImageProperties {
        public var tintColor: UIColor?
        public var cornerRadius: CGFloat = 0
        /// The largest the image is drawn (zero: its own size, up to the row's height).
        public var maximumSize = CGSize.zero
        /// The space kept for the image whatever its size (zero: the image's own width).
        public var reservedLayoutSize = CGSize.zero
        /// Partial: kept (no SF Symbols here).
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
        public var tintColorTransformer: UIConfigurationColorTransformer?
        /// Partial: kept; no assistive technology reads it.
        public var accessibilityIgnoresInvertColors = false
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let c = self.tintColor ?? tintColor
            return tintColorTransformer?.transform(c) ?? c
        }
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
    }
    /// Which of UIKit's configurations this is (how the content view lays it out).
    enum Style: Sendable { case cell, subtitleCell, valueCell, header, footer, sidebarCell, sidebarSubtitleCell, sidebarHeader }
    var style: Style = .cell
    public var text: String?
    public var secondaryText: String?
    public var attributedText: NSAttributedString? { didSet { text = attributedText?.string } }
    public var secondaryAttributedText: NSAttributedString? { didSet { secondaryText = secondaryAttributedText?.string } }
    public var image: UIImage?
    public var textProperties = TextProperties(font: .systemFont(ofSize: 17), color: .label)
    public var secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 15), color: .secondaryLabel)
    public var imageProperties = ImageProperties()
    public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    public var prefersSideBySideTextAndSecondaryText = false
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    public init() {}
    init(style: Style) { self.style = style }

    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration(style: .cell) }
    public static func subtitleCell() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .subtitleCell)
        c.secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 12), color: .secondaryLabel)
        c.textToSecondaryTextVerticalPadding = 3
        return c
    }
    public static func valueCell() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .valueCell)
        c.secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 17), color: .secondaryLabel)
        c.prefersSideBySideTextAndSecondaryText = true
        return c
    }
    public static func plainHeader() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .header)
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 15), color: .label)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
        return c
    }
    public static func plainFooter() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .footer)
        c.textProperties = TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel, numberOfLines: 0)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
        return c
    }
    public static func groupedHeader() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .header)
        c.textProperties = TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 6, trailing: 16)
        return c
    }
    public static func groupedFooter() -> UIListContentConfiguration {
        var c = groupedHeader()
        c.style = .footer
        c.textProperties.numberOfLines = 0
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 16, trailing: 16)
        return c
    }
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = groupedHeader()
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 20), color: .label)
        return c
    }
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = groupedHeader()
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 22), color: .label)
        return c
    }
    /// iOS 18's header and footer (the plain list's until the list's style is known).
    public static func header() -> UIListContentConfiguration { plainHeader() }
    public static func footer() -> UIListContentConfiguration { plainFooter() }
    public static func sidebarCell() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .sidebarCell)
        c.imageToTextPadding = 10
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)
        return c
    }
    public static func sidebarSubtitleCell() -> UIListContentConfiguration {
        var c = sidebarCell()
        c.style = .sidebarSubtitleCell
        c.secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 12), color: .secondaryLabel)
        return c
    }
    public static func accompaniedSidebarCell() -> UIListContentConfiguration { sidebarCell() }
    public static func accompaniedSidebarSubtitleCell() -> UIListContentConfiguration { sidebarSubtitleCell() }
    public static func sidebarHeader() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .sidebarHeader)
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 15), color: .secondaryLabel)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 12, leading: 12, bottom: 6, trailing: 12)
        return c
    }

    /// A `UIListContentView` showing this configuration.
    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }
    /// This configuration for `state`: a disabled row's text and image turn tertiary; a
    /// selected or highlighted sidebar row's turn white.
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration {
        var c = self
        let cell = state as? UICellConfigurationState
        let disabled = cell?.isDisabled ?? (state as? UIViewConfigurationState)?.isDisabled ?? false
        let chosen = (cell?.isSelected ?? false) || (cell?.isHighlighted ?? false)
        if disabled {
            c.textProperties.color = .tertiaryLabel
            c.secondaryTextProperties.color = .tertiaryLabel
            c.imageProperties.tintColor = .tertiaryLabel
        } else if chosen, style == .sidebarCell || style == .sidebarSubtitleCell {
            c.textProperties.color = .white
            c.secondaryTextProperties.color = .white
            c.imageProperties.tintColor = .white
        }
        return c
    }
}
