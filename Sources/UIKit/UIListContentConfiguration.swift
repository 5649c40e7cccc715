import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// What a cell's content shows, as `UIContentConfiguration`: it makes the view that shows it
/// and gives a copy styled for a state (the defaults: an empty view; the same configuration).
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    /// `UIContentConfiguration.makeContentView()`: a new view showing this configuration.
    func makeContentView() -> any UIView & UIContentView
    /// `UIContentConfiguration.updated(for:)`: this configuration styled for a cell state.
    func updated(for state: any UIConfigurationState) -> Self
}
extension UIContentConfiguration {
    /// An empty content view holding the configuration.
    public func makeContentView() -> any UIView & UIContentView { UIConfigurationContentView(configuration: self) }
    /// The configuration unchanged.
    public func updated(for state: any UIConfigurationState) -> Self { self }
}

/// A list row's text, secondary text and image, as `UIListContentConfiguration`, in one of
/// UIKit's styles (`cell()`, `subtitleCell()`, `valueCell()`, headers, footers, sidebar cells):
/// shown by a `UIListContentView` (a list cell's content), styled for a state by
/// `updated(for:)` (a disabled row greys, a selected sidebar row turns white).
@preconcurrency @MainActor
public struct UIListContentConfiguration: UIContentConfiguration {
    /// `UIListContentConfiguration.TextProperties`: how the text or secondary text is drawn.
    public struct TextProperties {
        /// `TextTransform`: the case the text is shown in.
        public enum TextTransform: Int, Sendable { case none, capitalized, lowercase, uppercase }
        /// The font (nil: the style's).
        public var font: UIFont?
        /// The colour, before `colorTransformer`.
        public var color: UIColor
        /// The most lines (0: no limit).
        public var numberOfLines = 1
        /// How lines sit across the width.
        public var alignment: NSTextAlignment = .natural
        /// How the text wraps or is truncated.
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        /// The case the text is shown in.
        public var transform: TextTransform = .none
        /// Partial: kept (there is one content size here).
        public var adjustsFontForContentSizeCategory = true
        /// Partial: kept; text is truncated, not shrunk.
        public var adjustsFontSizeToFitWidth = false
        /// Partial: kept; text is truncated, not shrunk.
        public var minimumScaleFactor: CGFloat = 0
        /// Changes `color` before it is drawn (see `resolvedColor()`).
        public var colorTransformer: UIConfigurationColorTransformer?
        /// The colour with the transformer applied.
        public func resolvedColor() -> UIColor { colorTransformer?.transform(color) ?? color }
        init(font: UIFont?, color: UIColor, numberOfLines: Int = 1) {
            self.font = font; self.color = color; self.numberOfLines = numberOfLines
        }
    }
    /// `UIListContentConfiguration.ImageProperties`: how the image is drawn.
    public struct ImageProperties {
        /// The image's tint (nil: the cell's tint).
        public var tintColor: UIColor?
        /// The corner radius the image is clipped to, in points.
        public var cornerRadius: CGFloat = 0
        /// The largest the image is drawn (zero: its own size, up to the row's height).
        public var maximumSize = CGSize.zero
        /// The space kept for the image whatever its size (zero: the image's own width).
        public var reservedLayoutSize = CGSize.zero
        /// Partial: kept (no SF Symbols here).
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
        /// Changes the tint before it is drawn (see `resolvedTintColor(for:)`).
        public var tintColorTransformer: UIConfigurationColorTransformer?
        /// Partial: kept; no assistive technology reads it.
        public var accessibilityIgnoresInvertColors = false
        /// The tint used: `tintColor` (else the one given), through `tintColorTransformer`.
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let c = self.tintColor ?? tintColor
            return tintColorTransformer?.transform(c) ?? c
        }
        /// `standardDimension`: the style's own size for `maximumSize` or `reservedLayoutSize`.
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
    }
    /// Which of UIKit's configurations this is (how the content view lays it out).
    enum Style: Sendable { case cell, subtitleCell, valueCell, header, footer, sidebarCell, sidebarSubtitleCell, sidebarHeader }
    var style: Style = .cell
    /// `UIListContentConfiguration.text`: the primary text.
    public var text: String?
    /// `UIListContentConfiguration.secondaryText`: the secondary text.
    public var secondaryText: String?
    /// `UIListContentConfiguration.attributedText`: setting it sets `text` to its characters; the
    /// attributes are not drawn.
    public var attributedText: NSAttributedString? { didSet { text = attributedText?.string } }
    /// `UIListContentConfiguration.secondaryAttributedText`: setting it sets `secondaryText` to its
    /// characters.
    public var secondaryAttributedText: NSAttributedString? { didSet { secondaryText = secondaryAttributedText?.string } }
    /// `UIListContentConfiguration.image`: the image at the leading edge.
    public var image: UIImage?
    /// `UIListContentConfiguration.textProperties`: the primary text's look (17-point label colour).
    public var textProperties = TextProperties(font: .systemFont(ofSize: 17), color: .label)
    /// `UIListContentConfiguration.secondaryTextProperties`: the secondary text's look (15-point
    /// secondary label colour).
    public var secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 15), color: .secondaryLabel)
    /// `UIListContentConfiguration.imageProperties`: the image's look.
    public var imageProperties = ImageProperties()
    /// `UIListContentConfiguration.directionalLayoutMargins`: the content's margins, in points.
    public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    /// `UIListContentConfiguration.prefersSideBySideTextAndSecondaryText`: the two texts on one line.
    public var prefersSideBySideTextAndSecondaryText = false
    /// `UIListContentConfiguration.imageToTextPadding`: points between image and text.
    public var imageToTextPadding: CGFloat = 16
    /// `UIListContentConfiguration.textToSecondaryTextHorizontalPadding`: points between the texts side by
    /// side.
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    /// `UIListContentConfiguration.textToSecondaryTextVerticalPadding`: points between the texts stacked.
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    /// A configuration in the plain cell style.
    public init() {}
    init(style: Style) { self.style = style }

    /// `UIListContentConfiguration.cell()`: a row's text and image.
    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration(style: .cell) }
    /// `UIListContentConfiguration.subtitleCell()`: a row with 12-point secondary text below.
    public static func subtitleCell() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .subtitleCell)
        c.secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 12), color: .secondaryLabel)
        c.textToSecondaryTextVerticalPadding = 3
        return c
    }
    /// `UIListContentConfiguration.valueCell()`: a row with 17-point secondary text at the trailing edge.
    public static func valueCell() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .valueCell)
        c.secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 17), color: .secondaryLabel)
        c.prefersSideBySideTextAndSecondaryText = true
        return c
    }
    /// `UIListContentConfiguration.plainHeader()`: a plain list's header, bold 15 points.
    public static func plainHeader() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .header)
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 15), color: .label)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
        return c
    }
    /// `UIListContentConfiguration.plainFooter()`: a plain list's footer, 13 points, any number of lines.
    public static func plainFooter() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .footer)
        c.textProperties = TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel, numberOfLines: 0)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
        return c
    }
    /// `UIListContentConfiguration.groupedHeader()`: a grouped list's header, 13 points, secondary colour.
    public static func groupedHeader() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .header)
        c.textProperties = TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 6, trailing: 16)
        return c
    }
    /// `UIListContentConfiguration.groupedFooter()`: a grouped list's footer.
    public static func groupedFooter() -> UIListContentConfiguration {
        var c = groupedHeader()
        c.style = .footer
        c.textProperties.numberOfLines = 0
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 16, trailing: 16)
        return c
    }
    /// `UIListContentConfiguration.prominentInsetGroupedHeader()`: a bold 20-point header.
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = groupedHeader()
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 20), color: .label)
        return c
    }
    /// `UIListContentConfiguration.extraProminentInsetGroupedHeader()`: a bold 22-point header.
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = groupedHeader()
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 22), color: .label)
        return c
    }
    /// iOS 18's header and footer (the plain list's until the list's style is known).
    public static func header() -> UIListContentConfiguration { plainHeader() }
    /// `UIListContentConfiguration.footer()`: the plain list's footer.
    public static func footer() -> UIListContentConfiguration { plainFooter() }
    /// `UIListContentConfiguration.sidebarCell()`: a sidebar row.
    public static func sidebarCell() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(style: .sidebarCell)
        c.imageToTextPadding = 10
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)
        return c
    }
    /// `UIListContentConfiguration.sidebarSubtitleCell()`: a sidebar row with secondary text below.
    public static func sidebarSubtitleCell() -> UIListContentConfiguration {
        var c = sidebarCell()
        c.style = .sidebarSubtitleCell
        c.secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 12), color: .secondaryLabel)
        return c
    }
    /// `UIListContentConfiguration.accompaniedSidebarCell()`: the same as `sidebarCell()`.
    public static func accompaniedSidebarCell() -> UIListContentConfiguration { sidebarCell() }
    /// `UIListContentConfiguration.accompaniedSidebarSubtitleCell()`: the same as `sidebarSubtitleCell()`.
    public static func accompaniedSidebarSubtitleCell() -> UIListContentConfiguration { sidebarSubtitleCell() }
    /// `UIListContentConfiguration.sidebarHeader()`: a sidebar section header, bold 15 points.
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
