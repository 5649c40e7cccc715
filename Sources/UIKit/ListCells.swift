import Geometry
import Layers
import RenderModel
import Timeline

// iOS 14's cell configurations and list cells: configuration states, content views, list
// content and background configurations, cell accessories (`UICellAccessory.swift`) and
// `UICollectionViewListCell` (`UICollectionViewListCell.swift`).

// MARK: - Configuration states

/// A view's state for its configurations, as `UIConfigurationState`.
public protocol UIConfigurationState {
    /// `UIConfigurationState(traitCollection:)`: a state with these traits and no flags set.
    init(traitCollection: UITraitCollection)
    /// `UIConfigurationState.traitCollection`: the traits the state was taken in.
    var traitCollection: UITraitCollection { get set }
    /// `UIConfigurationState[_:]`: a value of your own under `key`.
    subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// A key for a state of your own in a configuration state, as `UIConfigurationStateCustomKey`.
public struct UIConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// The key of string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The key of string `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A view's state, as `UIViewConfigurationState`.
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    /// The traits the state was taken in.
    public var traitCollection: UITraitCollection
    /// Whether the view is disabled.
    public var isDisabled = false
    /// Whether the view is highlighted (pressed).
    public var isHighlighted = false
    /// Whether the view is selected.
    public var isSelected = false
    /// Whether the view is focused (never set here; there is no focus engine).
    public var isFocused = false
    /// Whether the view is pinned (a floating header); never set here.
    public var isPinned = false
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]
    /// A state with these traits and no flags set.
    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
    /// A value of your own under `key`.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] } set { custom[key] = newValue }
    }
}

/// How a cell takes part in a drag, as `UICellConfigurationDragState`.
public enum UICellConfigurationDragState: Int, Sendable { case none, lifting, dragging }
/// How a cell takes part in a drop, as `UICellConfigurationDropState`.
public enum UICellConfigurationDropState: Int, Sendable { case none, notTargeted, targeted }

/// A cell's state, as `UICellConfigurationState`: the view's state plus editing, swiping,
/// expansion (of an outline), reordering, dragging and dropping.
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    /// The traits the state was taken in.
    public var traitCollection: UITraitCollection
    /// Whether the cell is disabled.
    public var isDisabled = false
    /// Whether the cell is highlighted (pressed).
    public var isHighlighted = false
    /// Whether the cell is selected.
    public var isSelected = false
    /// Partial: never set by a collection view (no focus engine here).
    public var isFocused = false
    /// Partial: never set by a collection view.
    public var isPinned = false
    /// Whether the cell's collection view is editing.
    public var isEditing = false
    /// Partial: never set by a collection view (list rows do not swipe yet).
    public var isSwiped = false
    /// Whether the cell's outline item is expanded.
    public var isExpanded = false
    /// Partial: never set by a collection view (no interactive reordering).
    public var isReordering = false
    /// Partial: never set by a collection view (no drag and drop).
    public var cellDragState: UICellConfigurationDragState = .none
    /// Partial: never set by a collection view (no drag and drop).
    public var cellDropState: UICellConfigurationDropState = .none
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]
    /// A state with these traits and no flags set.
    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
    /// A value of your own under `key`.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] } set { custom[key] = newValue }
    }
}

/// A function of a colour, as `UIConfigurationColorTransformer`.
public struct UIConfigurationColorTransformer: @unchecked Sendable {
    /// The function applied to a colour.
    public let transform: (UIColor) -> UIColor
    /// A transformer applying `transform`.
    public init(_ transform: @escaping (UIColor) -> UIColor) { self.transform = transform }
    /// The colour transformed.
    public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }
    /// `grayscale`: the colour's luminance as grey, alpha kept.
    public static let grayscale = UIConfigurationColorTransformer { c in
        let l = 0.299 * c.color.red + 0.587 * c.color.green + 0.114 * c.color.blue
        return UIColor(red: CGFloat(l), green: CGFloat(l), blue: CGFloat(l), alpha: CGFloat(c.color.alpha))
    }
    /// `preferredTint`: always `systemBlue` (the tint is not looked up).
    public static let preferredTint = UIConfigurationColorTransformer { _ in .systemBlue }
    /// `monochromeTint`: always `systemGray`.
    public static let monochromeTint = UIConfigurationColorTransformer { _ in .systemGray }
}

// MARK: - Content views

/// A view that shows a content configuration, as `UIContentView`.
@preconcurrency @MainActor
public protocol UIContentView: NSObjectProtocol {
    /// `UIContentView.configuration`: the configuration shown.
    var configuration: any UIContentConfiguration { get set }
    /// `UIContentView.supports(_:)`: whether this view can show `configuration`.
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}
extension UIContentView {
    /// Whether `configuration` is of the kind this view shows (the same type as its own).
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        ObjectIdentifier(type(of: configuration)) == ObjectIdentifier(type(of: self.configuration))
    }
}

/// The empty view a content configuration without a view of its own makes.
@preconcurrency @MainActor
final class UIConfigurationContentView: UIView, UIContentView {
    var configuration: any UIContentConfiguration
    init(configuration: any UIContentConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// The view a `UIListContentConfiguration` makes, as `UIListContentView`: the image at the
/// leading margin, then the text with the secondary text under it (or, for a value cell, at the
/// trailing edge), in the configuration's fonts, colours and margins.
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    private var listConfiguration: UIListContentConfiguration
    let imageView = UIImageView()
    let textLabel = UILabel()
    let secondaryTextLabel = UILabel()

    /// `UIListContentView(configuration:)`: a view showing a list content configuration.
    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        for v in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(v) }
        apply()
    }
    /// `UIListContentView(coder:)`: a view showing `UIListContentConfiguration.cell()`.
    public required init?(coder: NSCoder) {
        listConfiguration = .cell()
        super.init(coder: coder)
        for v in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(v) }
        apply()
    }
    /// The configuration shown; one of another type is ignored.
    open var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let c = newValue as? UIListContentConfiguration else { return }
            listConfiguration = c
            apply()
        }
    }
    /// Whether `configuration` is a `UIListContentConfiguration`.
    public func supports(_ configuration: any UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    private func transformed(_ text: String?, _ p: UIListContentConfiguration.TextProperties) -> String? {
        guard let text else { return nil }
        switch p.transform {
        case .none: return text
        case .capitalized: return text.capitalized
        case .lowercase: return text.lowercased()
        case .uppercase: return text.uppercased()
        }
    }

    private func apply() {
        let c = listConfiguration
        style(textLabel, transformed(c.text, c.textProperties), c.textProperties)
        style(secondaryTextLabel, transformed(c.secondaryText, c.secondaryTextProperties), c.secondaryTextProperties)
        if c.style == .valueCell { secondaryTextLabel.textAlignment = .right }
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.tintColor = c.imageProperties.resolvedTintColor(for: tintColor)
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        imageView.clipsToBounds = c.imageProperties.cornerRadius > 0
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    private func style(_ label: UILabel, _ text: String?, _ p: UIListContentConfiguration.TextProperties) {
        label.text = text
        label.isHidden = text == nil
        if let f = p.font { label.font = f }
        label.textColor = p.resolvedColor()
        label.numberOfLines = p.numberOfLines
        label.textAlignment = p.alignment
        label.lineBreakMode = p.lineBreakMode
    }

    /// The image's size: its own, within the maximum size and the row's height.
    private func imageSize(height: CGFloat) -> CGSize {
        guard let image = listConfiguration.image else { return .zero }
        var s = image.size
        let m = listConfiguration.imageProperties.maximumSize
        let limit = CGSize(width: m.width > 0 ? m.width : max(0, height), height: m.height > 0 ? m.height : max(0, height))
        if s.width > limit.width || s.height > limit.height {
            let k = min(limit.width / max(s.width, 1), limit.height / max(s.height, 1))
            s = CGSize(width: (s.width * k).rounded(), height: (s.height * k).rounded())
        }
        return s
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let c = listConfiguration, m = c.directionalLayoutMargins
        let b = bounds
        var x = m.leading
        let inner = b.height - m.top - m.bottom
        if c.image != nil {
            let s = imageSize(height: inner)
            let reserved = max(c.imageProperties.reservedLayoutSize.width, s.width)
            imageView.frame = CGRect(x: x + (reserved - s.width) / 2, y: ((b.height - s.height) / 2).rounded(), width: s.width, height: s.height)
            x += reserved + c.imageToTextPadding
        }
        let width = max(0, b.width - x - m.trailing)
        let t = textLabel.isHidden ? .zero : textLabel.intrinsicContentSize
        let st = secondaryTextLabel.isHidden ? .zero : secondaryTextLabel.intrinsicContentSize
        if c.prefersSideBySideTextAndSecondaryText, !secondaryTextLabel.isHidden {
            // Side by side: the secondary text at the trailing edge, the text taking the rest.
            let sw = min(st.width, width / 2)
            secondaryTextLabel.frame = CGRect(x: b.width - m.trailing - sw, y: ((b.height - st.height) / 2).rounded(), width: sw, height: st.height)
            textLabel.frame = CGRect(x: x, y: ((b.height - t.height) / 2).rounded(),
                                     width: max(0, width - sw - c.textToSecondaryTextHorizontalPadding), height: t.height)
        } else {
            let gap = textLabel.isHidden || secondaryTextLabel.isHidden ? 0 : c.textToSecondaryTextVerticalPadding
            let total = t.height + gap + st.height
            var y = ((b.height - total) / 2).rounded()
            textLabel.frame = CGRect(x: x, y: y, width: width, height: t.height)
            y += t.height + gap
            secondaryTextLabel.frame = CGRect(x: x, y: y, width: width, height: st.height)
        }
    }

    /// The margins around the text (and the secondary text, side by side or under it).
    open override var intrinsicContentSize: CGSize {
        let c = listConfiguration, m = c.directionalLayoutMargins
        let t = textLabel.isHidden ? .zero : textLabel.intrinsicContentSize
        let st = secondaryTextLabel.isHidden ? .zero : secondaryTextLabel.intrinsicContentSize
        let gap = textLabel.isHidden || secondaryTextLabel.isHidden ? 0 : c.textToSecondaryTextVerticalPadding
        let h = c.prefersSideBySideTextAndSecondaryText ? max(t.height, st.height) : t.height + gap + st.height
        return CGSize(width: UIView.noIntrinsicMetric, height: max(h, imageSize(height: h).height) + m.top + m.bottom)
    }
}

// MARK: - Background configurations

extension UIBackgroundConfiguration {
    private static func make(_ color: UIColor?, cornerRadius: CGFloat = 0) -> UIBackgroundConfiguration {
        var b = UIBackgroundConfiguration.clear()
        b.backgroundColor = color
        b.cornerRadius = cornerRadius
        return b
    }
    /// A cell of a plain list: the system background.
    public static func listPlainCell() -> UIBackgroundConfiguration { make(.systemBackground) }
    /// A cell of a grouped or inset grouped list: the grouped content background.
    public static func listGroupedCell() -> UIBackgroundConfiguration { make(.secondarySystemGroupedBackground) }
    /// A cell of a sidebar: clear, rounded.
    public static func listSidebarCell() -> UIBackgroundConfiguration { make(.clear, cornerRadius: 10) }
    /// `UIBackgroundConfiguration.listAccompaniedSidebarCell()`: the same as `listSidebarCell()`.
    public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration { listSidebarCell() }
    /// `UIBackgroundConfiguration.listPlainHeaderFooter()`: the system background.
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { make(.systemBackground) }
    /// `UIBackgroundConfiguration.listGroupedHeaderFooter()`: clear.
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { make(.clear) }
    /// `UIBackgroundConfiguration.listSidebarHeader()`: clear.
    public static func listSidebarHeader() -> UIBackgroundConfiguration { make(.clear) }
    /// iOS 18's: the plain list's until the list's style is known.
    public static func listCell() -> UIBackgroundConfiguration { listPlainCell() }
    /// `UIBackgroundConfiguration.listHeader()`: the plain list's header background.
    public static func listHeader() -> UIBackgroundConfiguration { listPlainHeaderFooter() }
    /// `UIBackgroundConfiguration.listFooter()`: the plain list's footer background.
    public static func listFooter() -> UIBackgroundConfiguration { listPlainHeaderFooter() }
    /// This background for `state`: a selected or highlighted cell's is grey (a sidebar's,
    /// the tint).
    public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration {
        guard let s = state as? UICellConfigurationState, s.isSelected || s.isHighlighted else { return self }
        var b = self
        b.backgroundColor = cornerRadius > 0 && backgroundColor == .clear ? .systemBlue : .systemGray4
        return b
    }
}
