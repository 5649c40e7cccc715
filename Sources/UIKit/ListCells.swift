import Geometry
import Layers
import RenderModel
import Timeline

// iOS 14's cell configurations and list cells: configuration states, content views, list
// content and background configurations, cell accessories and `UICollectionViewListCell`.

// MARK: - Configuration states

/// A view's state for its configurations, as `UIConfigurationState`.
public protocol UIConfigurationState {
    init(traitCollection: UITraitCollection)
    var traitCollection: UITraitCollection { get set }
    subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// A key for a state of your own in a configuration state, as `UIConfigurationStateCustomKey`.
public struct UIConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A view's state, as `UIViewConfigurationState`.
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isPinned = false
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]
    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
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
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    /// Partial: never set by a collection view (no focus engine here).
    public var isFocused = false
    /// Partial: never set by a collection view.
    public var isPinned = false
    public var isEditing = false
    /// Partial: never set by a collection view (list rows do not swipe yet).
    public var isSwiped = false
    public var isExpanded = false
    /// Partial: never set by a collection view (no interactive reordering).
    public var isReordering = false
    /// Partial: never set by a collection view (no drag and drop).
    public var cellDragState: UICellConfigurationDragState = .none
    /// Partial: never set by a collection view (no drag and drop).
    public var cellDropState: UICellConfigurationDropState = .none
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]
    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] } set { custom[key] = newValue }
    }
}

/// A function of a colour, as `UIConfigurationColorTransformer`.
public struct UIConfigurationColorTransformer: @unchecked Sendable {
    public let transform: (UIColor) -> UIColor
    public init(_ transform: @escaping (UIColor) -> UIColor) { self.transform = transform }
    public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }
    public static let grayscale = UIConfigurationColorTransformer { c in
        let l = 0.299 * c.color.red + 0.587 * c.color.green + 0.114 * c.color.blue
        return UIColor(red: CGFloat(l), green: CGFloat(l), blue: CGFloat(l), alpha: CGFloat(c.color.alpha))
    }
    public static let preferredTint = UIConfigurationColorTransformer { _ in .systemBlue }
    public static let monochromeTint = UIConfigurationColorTransformer { _ in .systemGray }
}

// MARK: - Content views

/// A view that shows a content configuration, as `UIContentView`.
@preconcurrency @MainActor
public protocol UIContentView: NSObjectProtocol {
    var configuration: any UIContentConfiguration { get set }
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

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        for v in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(v) }
        apply()
    }
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
    public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration { listSidebarCell() }
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { make(.systemBackground) }
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { make(.clear) }
    public static func listSidebarHeader() -> UIBackgroundConfiguration { make(.clear) }
    /// iOS 18's: the plain list's until the list's style is known.
    public static func listCell() -> UIBackgroundConfiguration { listPlainCell() }
    public static func listHeader() -> UIBackgroundConfiguration { listPlainHeaderFooter() }
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

// MARK: - Cell accessories

/// An accessory a list cell shows at its leading or trailing edge, as `UICellAccessory`.
/// Disclosure indicators, checkmarks, outline disclosures, reorder controls and detail buttons
/// are drawn at the trailing edge; delete, insert and multiselect controls at the leading edge;
/// labels and custom views where their placement says; each in the editing states
/// `displayed` names. The outline disclosure points down while the cell's item is expanded.
public struct UICellAccessory {
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }
    public enum LayoutDimension: Sendable, Equatable {
        case actual, standard
        case custom(CGFloat)
    }
    public typealias PlacementPosition = ([UICellAccessory]) -> Int
    public enum Placement {
        case leading(displayed: DisplayedState = .always, at: PlacementPosition = { _ in 0 })
        case trailing(displayed: DisplayedState = .always, at: PlacementPosition = { $0.count })
    }
    public typealias ActionHandler = () -> Void
    public enum OutlineDisclosureStyle: Int, Sendable { case automatic, header, cell }

    public struct DisclosureIndicatorOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct CheckmarkOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct DetailOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct DeleteOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct InsertOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct ReorderOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, showsVerticalSeparator: Bool
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, showsVerticalSeparator: Bool? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.showsVerticalSeparator = showsVerticalSeparator ?? true
        }
    }
    public struct MultiselectOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct OutlineDisclosureOptions {
        public var style: OutlineDisclosureStyle, isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(style: OutlineDisclosureStyle? = nil, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.style = style ?? .automatic; self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct LabelOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, font: UIFont, adjustsFontForContentSizeCategory: Bool
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, font: UIFont? = nil,
                    adjustsFontForContentSizeCategory: Bool? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .actual; self.tintColor = tintColor
            self.font = font ?? .systemFont(ofSize: 17); self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory ?? true
        }
    }
    public struct CustomViewConfiguration {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, maintainsFixedSize: Bool
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil) {
            self.customView = customView; self.placement = placement; self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .actual; self.tintColor = tintColor; self.maintainsFixedSize = maintainsFixedSize ?? false
        }
    }

    /// What the accessory is.
    public enum AccessoryType: Sendable, Equatable {
        case disclosureIndicator, checkmark, detail, delete, insert, reorder, multiselect, outlineDisclosure, label, customView
    }
    public let accessoryType: AccessoryType
    public var displayedState: DisplayedState
    public var isHidden: Bool
    public var reservedLayoutWidth: LayoutDimension
    public var tintColor: UIColor?
    var backgroundColor: UIColor?
    var text: String?
    var font: UIFont?
    var customView: UIView?
    var maintainsFixedSize = false
    var outlineStyle: OutlineDisclosureStyle = .automatic
    var actionHandler: ActionHandler?
    /// Leading (delete, insert, multiselect; a custom view placed there) or trailing.
    var isLeading: Bool

    private init(_ type: AccessoryType, _ displayed: DisplayedState, hidden: Bool, width: LayoutDimension, tint: UIColor?, leading: Bool = false) {
        accessoryType = type; displayedState = displayed; isHidden = hidden; reservedLayoutWidth = width; tintColor = tint; isLeading = leading
    }

    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> UICellAccessory {
        UICellAccessory(.disclosureIndicator, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> UICellAccessory {
        UICellAccessory(.checkmark, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
    public static func detail(displayed: DisplayedState = .always, options: DetailOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.detail, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
        a.actionHandler = actionHandler
        return a
    }
    /// A tap calls `actionHandler`. Partial: without one, the tap does nothing (UIKit's reveals
    /// the row's trailing swipe actions).
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.delete, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor, leading: true)
        a.backgroundColor = options.backgroundColor
        a.actionHandler = actionHandler
        return a
    }
    public static func insert(displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.insert, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor, leading: true)
        a.backgroundColor = options.backgroundColor
        a.actionHandler = actionHandler
        return a
    }
    /// Partial: drawn; dragging it does not reorder (interactive reordering is not built).
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> UICellAccessory {
        UICellAccessory(.reorder, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()) -> UICellAccessory {
        var a = UICellAccessory(.multiselect, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor, leading: true)
        a.backgroundColor = options.backgroundColor
        return a
    }
    /// A tap calls `actionHandler`; without one it toggles the cell's expanded state (and the
    /// collection view's outline handler, which a diffable data source sets, is told).
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
                                         actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.outlineDisclosure, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
        a.outlineStyle = options.style
        a.actionHandler = actionHandler
        return a
    }
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> UICellAccessory {
        var a = UICellAccessory(.label, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
        a.text = text
        a.font = options.font
        return a
    }
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        let (leading, displayed): (Bool, DisplayedState) = switch configuration.placement {
        case .leading(let d, _): (true, d)
        case .trailing(let d, _): (false, d)
        }
        var a = UICellAccessory(.customView, displayed, hidden: configuration.isHidden, width: configuration.reservedLayoutWidth,
                                tint: configuration.tintColor, leading: leading)
        a.customView = configuration.customView
        a.maintainsFixedSize = configuration.maintainsFixedSize
        return a
    }

    /// Whether it shows in the given editing state.
    func isDisplayed(editing: Bool) -> Bool {
        switch displayedState {
        case .always: true
        case .whenEditing: editing
        case .whenNotEditing: !editing
        }
    }
}

/// A drawn accessory (a chevron, a checkmark, a control), as the engine draws it.
final class AccessoryGlyph: View {
    let type: UICellAccessory.AccessoryType
    var color: Color { didSet { setNeedsDisplay() } }
    var fill: Color? { didSet { setNeedsDisplay() } }
    /// For the outline disclosure: pointing down.
    var isExpanded = false { didSet { if isExpanded != oldValue { setNeedsDisplay() } } }
    init(_ type: UICellAccessory.AccessoryType, color: Color, fill: Color?) {
        self.type = type; self.color = color; self.fill = fill
        super.init(frame: .zero)
        contentMode = .redraw
        identifier = "accessory.\(type)"
    }
    override func draw(_ rect: Rect, in canvas: Canvas) {
        let c = Point(x: bounds.midX, y: bounds.midY)
        switch type {
        case .disclosureIndicator:
            canvas.line(from: Point(x: c.x - 2, y: c.y - 6), to: Point(x: c.x + 3, y: c.y), color: color, width: 2)
            canvas.line(from: Point(x: c.x + 3, y: c.y), to: Point(x: c.x - 2, y: c.y + 6), color: color, width: 2)
        case .outlineDisclosure:
            if isExpanded {
                canvas.line(from: Point(x: c.x - 6, y: c.y - 2), to: Point(x: c.x, y: c.y + 3), color: color, width: 2)
                canvas.line(from: Point(x: c.x, y: c.y + 3), to: Point(x: c.x + 6, y: c.y - 2), color: color, width: 2)
            } else {
                canvas.line(from: Point(x: c.x - 2, y: c.y - 6), to: Point(x: c.x + 3, y: c.y), color: color, width: 2)
                canvas.line(from: Point(x: c.x + 3, y: c.y), to: Point(x: c.x - 2, y: c.y + 6), color: color, width: 2)
            }
        case .checkmark:
            canvas.line(from: Point(x: c.x - 7, y: c.y), to: Point(x: c.x - 2, y: c.y + 5), color: color, width: 2)
            canvas.line(from: Point(x: c.x - 2, y: c.y + 5), to: Point(x: c.x + 7, y: c.y - 6), color: color, width: 2)
        case .detail:
            canvas.strokeEllipse(in: Rect(x: c.x - 10, y: c.y - 10, width: 20, height: 20), color: color, lineWidth: 1.5)
            canvas.fill(Rect(x: c.x - 1, y: c.y - 2, width: 2, height: 8), color: color)
            canvas.fill(Rect(x: c.x - 1, y: c.y - 6, width: 2, height: 2), color: color)
        case .delete, .insert:
            canvas.fillEllipse(in: Rect(x: c.x - 11, y: c.y - 11, width: 22, height: 22), color: fill ?? color)
            canvas.fill(Rect(x: c.x - 6, y: c.y - 1, width: 12, height: 2), color: .white)
            if type == .insert { canvas.fill(Rect(x: c.x - 1, y: c.y - 6, width: 2, height: 12), color: .white) }
        case .reorder:
            for dy in [-5.0, 0, 5] { canvas.fill(Rect(x: c.x - 9, y: c.y + dy - 0.75, width: 18, height: 1.5), color: color) }
        case .multiselect:
            if let fill {
                canvas.fillEllipse(in: Rect(x: c.x - 11, y: c.y - 11, width: 22, height: 22), color: fill)
                canvas.line(from: Point(x: c.x - 5, y: c.y), to: Point(x: c.x - 1, y: c.y + 4), color: .white, width: 2)
                canvas.line(from: Point(x: c.x - 1, y: c.y + 4), to: Point(x: c.x + 5, y: c.y - 4), color: .white, width: 2)
            } else {
                canvas.strokeEllipse(in: Rect(x: c.x - 11, y: c.y - 11, width: 22, height: 22), color: color, lineWidth: 1.5)
            }
        case .label, .customView:
            break
        }
    }
}

// MARK: - List cells

/// `UICollectionViewListCell`: a cell of a list layout (`UICollectionViewCompositionalLayout
/// .list(using:)`), with the list's look (its background per the list's appearance, a
/// separator, the inset grouped style's rounded first and last rows), a list content
/// configuration by default, accessories at its edges (shown in the editing states they name,
/// the content view between them), and indentation.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories, in order: leading ones from the leading edge, trailing ones ending at
    /// the trailing edge.
    open var accessories: [UICellAccessory] = [] { didSet { makeAccessoryViews() } }
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    open var indentsAccessories = true { didSet { setNeedsLayout() } }
    /// Partial: not in the cell's layout; the separator starts at the list content's text.
    public let separatorLayoutGuide = UILayoutGuide()
    /// The list's appearance, learned as the cell is displayed.
    var listAppearance: UICollectionLayoutListConfiguration.Appearance = .plain
    private var listShowsSeparators = true
    private var isFirstInSection = false, isLastInSection = false
    private var accessoryViews: [(accessory: UICellAccessory, view: UIView)] = []
    private let separator = UIView()

    public required init(frame: CGRect) {
        super.init(frame: frame)
        separator.backgroundColor = .separator
        separator.isUserInteractionEnabled = false
        addSubview(separator)
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        separator.backgroundColor = .separator
        addSubview(separator)
    }

    /// A list content configuration for the list's appearance (a sidebar's cell, or a plain cell).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        listAppearance == .sidebar || listAppearance == .sidebarPlain ? .sidebarCell() : .cell()
    }

    /// The background the list's appearance gives its cells.
    override func defaultBackgroundConfiguration() -> UIBackgroundConfiguration? {
        switch listAppearance {
        case .plain: .listPlainCell()
        case .grouped, .insetGrouped: .listGroupedCell()
        case .sidebar, .sidebarPlain: .listSidebarCell()
        }
    }

    override func cellWillBeDisplayed(at indexPath: IndexPath) {
        guard let cv = owningCollectionView else { return }
        let config = (cv.collectionViewLayout as? UICollectionViewCompositionalLayout)?.listConfiguration(forSection: indexPath.section)
        let appearance = config?.appearance ?? .plain
        if appearance != listAppearance { listAppearance = appearance; setNeedsUpdateConfiguration() }
        listShowsSeparators = config?.showsSeparators ?? false
        // An item of an outline: its expansion and depth from the data source's section snapshot.
        if let outline = cv.dataSource as? OutlineDataSource {
            if let expanded = outline.isOutlineItemExpanded(at: indexPath), expanded != isExpandedForConfiguration {
                isExpandedForConfiguration = expanded
                setNeedsUpdateConfiguration()
            }
            if let level = outline.outlineLevel(at: indexPath), level != indentationLevel { indentationLevel = level }
        }
        isFirstInSection = indexPath.item == 0
        isLastInSection = indexPath.item == cv.numberOfItems(inSection: indexPath.section) - 1
        // The inset grouped list's section is a rounded card: its first and last rows round.
        listCorners = []
        if appearance == .insetGrouped {
            if isFirstInSection { listCorners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if isLastInSection { listCorners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        }
        applyBackgroundConfiguration()
        setNeedsLayout()
    }
    /// The corners the list rounds (an inset grouped section's first and last rows).
    private var listCorners: CornerMask = []

    override func applyBackgroundConfiguration() {
        super.applyBackgroundConfiguration()
        if !listCorners.isEmpty {
            view.layer.maskedCorners = listCorners
            view.layer.cornerRadius = 10
            view.clipsToBounds = true
        } else {
            view.layer.maskedCorners = .all
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
    }

    private func makeAccessoryViews() {
        for (_, v) in accessoryViews where v.superview === self { v.removeFromSuperview() }
        accessoryViews = accessories.map { a in (a, makeView(for: a)) }
        for (_, v) in accessoryViews { addSubview(v) }
        setNeedsLayout()
    }

    private func makeView(for a: UICellAccessory) -> UIView {
        let tint = a.tintColor
        switch a.accessoryType {
        case .label:
            let l = UILabel()
            l.text = a.text
            l.font = a.font ?? .systemFont(ofSize: 17)
            l.textColor = tint ?? .secondaryLabel
            l.accessibilityIdentifier = "accessory.label"
            return l
        case .customView:
            let v = a.customView ?? UIView()
            if let tint { v.tintColor = tint }
            return v
        default:
            let standard: UIColor = switch a.accessoryType {
            case .checkmark, .detail, .multiselect, .outlineDisclosure: .systemBlue
            default: .tertiaryLabel
            }
            let color = tint ?? standard
            let fill: UIColor? = switch a.accessoryType {
            case .delete: a.backgroundColor ?? .systemRed
            case .insert: a.backgroundColor ?? .systemGreen
            default: nil
            }
            let glyph = AccessoryGlyph(a.accessoryType, color: color.color, fill: fill?.color)
            let v = UIView.wrap(glyph)
            if a.actionHandler != nil || a.accessoryType == .outlineDisclosure {
                let tap = TapGestureRecognizer()
                let handler = a.actionHandler
                tap.addAction { [weak self] r in
                    guard r.state == .ended else { return }
                    if let handler { handler() } else { self?.toggleExpansion() }
                }
                glyph.addGestureRecognizer(tap)
            }
            return v
        }
    }

    /// The outline disclosure without a handler: the item opens or closes (a diffable data
    /// source's section snapshot expands or collapses it), and the collection view's outline
    /// handler hears of it.
    private func toggleExpansion() {
        guard let cv = owningCollectionView, let p = cv.indexPath(for: self) else {
            isExpandedForConfiguration.toggle()
            setNeedsUpdateConfiguration()
            return
        }
        cv.outlineToggleHandler?(p)
        if let outline = cv.dataSource as? OutlineDataSource, outline.isOutlineItemExpanded(at: p) != nil {
            outline.toggleOutlineItem(at: p)
        } else {
            isExpandedForConfiguration.toggle()
            setNeedsUpdateConfiguration()
        }
    }

    /// The width an accessory takes.
    private func width(of a: UICellAccessory, _ v: UIView) -> CGFloat {
        let natural: CGFloat = switch a.accessoryType {
        case .label: v.intrinsicContentSize.width
        case .customView:
            a.maintainsFixedSize || v.intrinsicContentSize.width < 0 ? v.frame.width : v.intrinsicContentSize.width
        case .delete, .insert, .multiselect, .detail: 24
        case .reorder: 22
        default: 14
        }
        switch a.reservedLayoutWidth {
        case .actual: return natural
        case .standard: return max(natural, a.accessoryType == .label || a.accessoryType == .customView ? natural : 20)
        case .custom(let w): return max(natural, w)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let editing = configurationState.isEditing
        let indent = CGFloat(indentationLevel) * indentationWidth
        var lead: CGFloat = indentsAccessories ? indent : 0
        var trail = b.width - 16
        var anyTrailing = false
        for (a, v) in accessoryViews where a.isLeading {
            let shown = a.isDisplayed(editing: editing)
            v.isHidden = !shown || a.isHidden
            guard shown else { continue }
            let w = width(of: a, v)
            let h = a.accessoryType == .customView ? min(b.height, v.frame.height > 0 ? v.frame.height : b.height) : b.height
            v.frame = CGRect(x: lead + 12, y: ((b.height - h) / 2).rounded(), width: w, height: h)
            lead += 12 + w
        }
        for (a, v) in accessoryViews.reversed() where !a.isLeading {
            let shown = a.isDisplayed(editing: editing)
            v.isHidden = !shown || a.isHidden
            guard shown else { continue }
            let w = width(of: a, v)
            let h: CGFloat = switch a.accessoryType {
            case .label: min(b.height, v.intrinsicContentSize.height)
            case .customView: min(b.height, v.frame.height > 0 ? v.frame.height : b.height)
            default: b.height
            }
            v.frame = CGRect(x: trail - w, y: ((b.height - h) / 2).rounded(), width: w, height: h)
            (v.view as? AccessoryGlyph)?.isExpanded = configurationState.isExpanded
            trail -= w + 10
            anyTrailing = true
        }
        if !indentsAccessories { lead += indent }
        let contentRight = anyTrailing ? trail + 10 - 4 : b.width
        contentView.frame = CGRect(x: lead, y: 0, width: max(0, contentRight - lead), height: b.height)
        // The separator under the row, from the text's leading edge.
        let textStart = lead + ((configuredContentView as? UIListContentView).map { $0.textLabel.frame.minX } ?? 16)
        separator.isHidden = !listShowsSeparators || listAppearance == .sidebar || listAppearance == .sidebarPlain
            || (isLastInSection && listAppearance != .plain)
        separator.frame = CGRect(x: textStart, y: b.height - 0.5, width: max(0, b.width - textStart), height: 0.5)
        if view.subviews.last !== separator.view { bringSubviewToFront(separator) }
    }
}

/// A data source that shows sections as outlines (a diffable data source's section snapshots).
@MainActor
protocol OutlineDataSource: AnyObject {
    /// Whether the item is expanded (nil: the section is not an outline).
    func isOutlineItemExpanded(at indexPath: IndexPath) -> Bool?
    /// The item's depth in its outline (nil: the section is not an outline).
    func outlineLevel(at indexPath: IndexPath) -> Int?
    func toggleOutlineItem(at indexPath: IndexPath)
}

extension UICollectionViewDiffableDataSource: OutlineDataSource {
    private func outlineItem(at indexPath: IndexPath) -> (NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, ItemIdentifierType)? {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section) else { return nil }
        let outline = snapshot(for: section)
        return outline.contains(item) ? (outline, item) : nil
    }
    func isOutlineItemExpanded(at indexPath: IndexPath) -> Bool? { outlineItem(at: indexPath).map { $0.0.isExpanded($0.1) } }
    func outlineLevel(at indexPath: IndexPath) -> Int? { outlineItem(at: indexPath).map { $0.0.level(of: $0.1) } }
    func toggleOutlineItem(at indexPath: IndexPath) {
        if let item = itemIdentifier(for: indexPath) { toggleExpansion(of: item) }
    }
}
