import Geometry
import RenderModel
import Timeline
import UpdateLoop

// UIKit's table and collection views over the engine's: cell reuse, only the visible rows
// having cells, batch updates with row animations, selection and sticky headers are the
// engine's ``TableView`` and ``CollectionView``'s. A registered cell class of yours is made
// through its `init(style:reuseIdentifier:)` or `init(frame:)`, which the ObjCLowering plugin
// marks `required` in cell subclasses (UIKit makes them by the runtime).

// MARK: - Table view protocols

/// What a table shows; `cellForRowAt` and `numberOfRowsInSection` are required, the rest
/// optional.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}
extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// False here (UIKit's is true when the data source implements `commit`, which Swift cannot
    /// see): return true to get swipe to delete without a trailing configuration.
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What a table tells and asks its delegate (a scroll view delegate too); every method optional.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// Partial: not asked; the table shows its sections' titles (`titleForHeaderInSection`).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// Partial: not asked (see `viewForHeaderInSection`).
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    /// Partial: not called; the table's title labels are the engine's.
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    /// Partial: not called (see `willDisplayHeaderView`).
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
}
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
}

/// Passes the engine table's questions to the facade's data source and delegate.
@MainActor
final class TableBridge: ScrollDelegateBridge, TableViewDataSource, TableViewDelegate {
    var table: UITableView { owner as! UITableView }
    func numberOfSections(in tableView: TableView) -> Int { table.dataSource?.numberOfSections(in: table) ?? 0 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        table.dataSource?.tableView(table, numberOfRowsInSection: section) ?? 0
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let ds = table.dataSource else { return TableViewCell(reuseIdentifier: nil) }
        let cell = ds.tableView(table, cellForRowAt: indexPath)
        table.keep(cell)
        return cell.tableCell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        table.dataSource?.tableView(table, titleForHeaderInSection: section)
    }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        table.dataSource?.tableView(table, titleForFooterInSection: section)
    }
    private var tableDelegate: (any UITableViewDelegate)? { table.delegate as? any UITableViewDelegate }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        let h = tableDelegate?.tableView(table, heightForRowAt: indexPath) ?? table.rowHeight
        // Self-sizing rows measure the cell's content view by its constraints (engine SC4).
        return h == UITableView.automaticDimension ? TableView.automaticDimension : h.double
    }
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
        let e = tableDelegate?.tableView(table, estimatedHeightForRowAt: indexPath) ?? table.estimatedRowHeight
        return e == UITableView.automaticDimension || e <= 0 ? tableView.estimatedRowHeight : e.double
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
        let h = tableDelegate?.tableView(table, heightForHeaderInSection: section) ?? table.sectionHeaderHeight
        return h == UITableView.automaticDimension ? tableView.sectionHeaderHeight : h.double
    }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
        let h = tableDelegate?.tableView(table, heightForFooterInSection: section) ?? table.sectionFooterHeight
        return h == UITableView.automaticDimension ? tableView.sectionFooterHeight : h.double
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { tableDelegate?.tableView(table, didSelectRowAt: indexPath) }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { tableDelegate?.tableView(table, didDeselectRowAt: indexPath) }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        tableDelegate?.tableView(table, willDisplay: UITableViewCell.wrap(cell), forRowAt: indexPath)
    }
    /// The delegate's trailing actions; without them, UIKit's swipe to delete when the data
    /// source says the row can be edited (and the editing style is delete): Delete commits
    /// the deletion to the data source.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let table = self.table
        if let c = tableDelegate?.tableView(table, trailingSwipeActionsConfigurationForRowAt: indexPath) {
            guard !c.actions.isEmpty else { return nil }
            var e = SwipeActionsConfiguration(actions: c.actions.map { a in
                let engine = ContextualAction(style: a.style == .destructive ? .destructive : .normal, title: a.title) { _, button, done in
                    a.handler(a, UIView.wrap(button), done)
                }
                if let color = a.backgroundColor { engine.backgroundColor = color.color }
                return engine
            })
            e.performsFirstActionWithFullSwipe = c.performsFirstActionWithFullSwipe
            return e
        }
        guard let ds = table.dataSource, ds.tableView(table, canEditRowAt: indexPath),
              (tableDelegate?.tableView(table, editingStyleForRowAt: indexPath) ?? .delete) == .delete else { return nil }
        return SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { [weak table] _, _, done in
            guard let table else { return }
            table.dataSource?.tableView(table, commit: .delete, forRowAt: indexPath)
            done(true)
        }])
    }
}

// MARK: - Cells

/// The engine cell a `UITableViewCell` of yours stands for: reuse and layout come back to it.
final class FacadeTableCell: TableViewCell {
    weak var owner: UITableViewCell?
    override func prepareForReuse() { super.prepareForReuse(); owner?.prepareForReuse() }
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
}

/// `UITableViewCell` over the engine's ``TableViewCell``: the content view, the default text
/// and detail labels (made on first use), accessory, selection and highlight.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    package var tableCell: TableViewCell { view as! TableViewCell }
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum EditingStyle: Int, Sendable { case none, delete, insert }
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
        var engine: TableViewCell.AccessoryType {
            switch self { case .none: .none; case .checkmark: .checkmark; default: .disclosureIndicator }
        }
    }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }

    public let style: CellStyle
    /// Made by a table (registered classes are made through this initializer).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (FacadeTableCell(reuseIdentifier: reuseIdentifier), true) }
        super.init(frame: .zero)
        (tableCell as? FacadeTableCell)?.owner = self
        applyUIKitLook()
    }
    /// UIKit's light cell: a white row, a grey hairline, a grey selection.
    private func applyUIKitLook() {
        tableCell.normalBackgroundColor = UIColor.systemBackground.color
        tableCell.separatorColor = UIColor.separator.color
        tableCell.selectedBackgroundColor = UIColor.systemGray4.color
    }
    public required init?(coder: NSCoder) {
        style = .default
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (FacadeTableCell(reuseIdentifier: nil), true) }
        super.init(coder: coder)
        (tableCell as? FacadeTableCell)?.owner = self
    }
    public convenience override init(frame: CGRect) { self.init(style: .default, reuseIdentifier: nil) }
    /// The facade of an engine cell (a plain one the table made for an unregistered identifier).
    package static func wrap(_ cell: TableViewCell) -> UITableViewCell {
        if let f = cell.facade as? UITableViewCell { return f }
        UIView.pendingEngineView = (cell, false)
        return UITableViewCell(style: .default, reuseIdentifier: cell.reuseIdentifier)
    }

    open var reuseIdentifier: String? { tableCell.reuseIdentifier }
    open func prepareForReuse() {}
    open var contentView: UIView { UIView.wrap(tableCell.contentView) }
    /// Made on first use, in UIKit's body font and label colour.
    open var textLabel: UILabel? { tableCell.textLabel.map { label(for: $0, color: .label, size: 17) } }
    /// Made on first use, in the secondary label colour.
    open var detailTextLabel: UILabel? { tableCell.detailTextLabel.map { label(for: $0, color: .secondaryLabel, size: 15) } }
    private func label(for l: Label, color: UIColor, size: CGFloat) -> UILabel {
        if let f = l.facade as? UILabel { return f }
        let f = UILabel(engineLabel: l)
        f.textColor = color
        f.font = .systemFont(ofSize: size)
        labelFacades.append(f)
        return f
    }
    private var labelFacades: [UILabel] = []
    /// Partial: kept; the default cell shows no image.
    open var imageView: UIImageView? { nil }
    open var accessoryType: AccessoryType = .none { didSet { tableCell.accessoryType = accessoryType.engine } }
    /// Partial: kept; the cell draws its accessory, not a view.
    open var accessoryView: UIView?
    /// `.none` shows no selection fill.
    open var selectionStyle: SelectionStyle = .default {
        didSet { if selectionStyle == .none { tableCell.selectedBackgroundColor = .clear } }
    }
    open var selectedBackgroundView: UIView? {
        didSet { if let c = selectedBackgroundView?.backgroundColor { tableCell.selectedBackgroundColor = c.color } }
    }
    open var backgroundView: UIView?
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    open var isSelected: Bool { get { tableCell.isSelected } set { tableCell.isSelected = newValue } }
    open var isHighlighted: Bool { get { tableCell.isHighlighted } set { tableCell.isHighlighted = newValue } }
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
    open var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// A list configuration in the cell's style, to fill in and set as ``contentConfiguration``.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        style == .subtitle || style == .value1 || style == .value2 ? .subtitleCell() : .cell()
    }
    /// What the cell shows: a list configuration sets the text and detail labels (their text,
    /// font and colour).
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet {
            guard let c = contentConfiguration as? UIListContentConfiguration else { return }
            if let l = textLabel {
                l.text = c.text
                if let f = c.textProperties.font { l.font = f }
                l.textColor = c.textProperties.color
                l.numberOfLines = c.textProperties.numberOfLines
            }
            if c.secondaryText != nil || madeDetail, let d = detailTextLabel {
                madeDetail = true
                d.text = c.secondaryText
                if let f = c.secondaryTextProperties.font { d.font = f }
                d.textColor = c.secondaryTextProperties.color
            }
        }
    }
    private var madeDetail = false
}

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

// MARK: - Table view

/// `UITableView` over the engine's ``TableView``.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    package var table: TableView { view as! TableView }
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle, automatic = 100
        var engine: TableView.RowAnimation {
            switch self {
            case .fade: .fade; case .right: .right; case .left: .left; case .top: .top; case .bottom: .bottom
            case .none: .none; case .middle: .middle; case .automatic: .automatic
            }
        }
    }
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
        var engine: TableView.ScrollPosition {
            switch self { case .none: .none; case .top: .top; case .middle: .middle; case .bottom: .bottom }
        }
    }
    public enum SeparatorStyle: Int, Sendable { case none, singleLine }
    /// A row height that asks for the engine's default (44 points; cells are not self-sized).
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    /// The facade cells made for this table (the engine holds its cells; these stand for them).
    private var cellFacades: [ObjectIdentifier: UITableViewCell] = [:]

    public init(frame: CGRect, style: Style) {
        self.style = style
        UIView.pendingEngineView = (TableView(frame: .zero, style: style == .plain ? .plain : .grouped), true)
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }
    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }
    public required init?(coder: NSCoder) {
        style = .plain
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (TableView(frame: .zero, style: .plain), true) }
        super.init(coder: coder)
    }
    override func makeDelegateBridge() -> ScrollDelegateBridge { TableBridge(self) }

    /// The rows load at the next layout, as in UIKit (cell classes registered after this are
    /// found).
    open weak var dataSource: (any UITableViewDataSource)? { didSet { table.setNeedsReload() } }
    open override weak var delegate: (any UIScrollViewDelegate)? { didSet { table.setNeedsReload() } }
    /// Keeps the facade of a cell the table shows.
    func keep(_ cell: UITableViewCell) { cellFacades[ObjectIdentifier(cell.tableCell)] = cell }

    open var rowHeight: CGFloat {
        get { CGFloat(table.rowHeight) }
        set { table.rowHeight = newValue == Self.automaticDimension ? TableView.automaticDimension : newValue.double }
    }
    /// The height of a self-sizing row until its cell shows and is measured.
    open var estimatedRowHeight: CGFloat {
        get { CGFloat(table.estimatedRowHeight) }
        set { table.estimatedRowHeight = newValue == Self.automaticDimension ? 0 : max(0, newValue.double) }
    }
    open var sectionHeaderHeight: CGFloat { get { CGFloat(table.sectionHeaderHeight) } set { table.sectionHeaderHeight = newValue.double } }
    open var sectionFooterHeight: CGFloat { get { CGFloat(table.sectionFooterHeight) } set { table.sectionFooterHeight = newValue.double } }
    open var estimatedSectionHeaderHeight: CGFloat = 0
    open var estimatedSectionFooterHeight: CGFloat = 0
    /// Partial: kept; the engine's cells draw their own separator.
    open var separatorStyle: SeparatorStyle = .singleLine
    open var separatorColor: UIColor?
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// Partial: kept, not shown (the table shows rows, headers and footers).
    open var tableHeaderView: UIView?
    open var tableFooterView: UIView?
    open var backgroundView: UIView?
    open var allowsSelection: Bool { get { table.allowsSelection } set { table.allowsSelection = newValue } }
    open var allowsMultipleSelection = false
    /// Told when a list cell's outline disclosure without a handler of its own is tapped (a
    /// diffable data source expands or collapses the item).
    var outlineToggleHandler: ((IndexPath) -> Void)?
    open var allowsSelectionDuringEditing = false
    /// Editing mode: kept, and passed to the cells shown.
    open private(set) var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        for c in visibleCells { c.setEditing(editing, animated: animated) }
    }

    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        let type = (cellClass as? UITableViewCell.Type) ?? UITableViewCell.self
        table.register(forCellReuseIdentifier: identifier) { [weak self] id in
            let cell = type.init(style: .default, reuseIdentifier: id)
            self?.keep(cell)
            return cell.tableCell
        }
    }
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        facade(table.dequeueReusableCell(withIdentifier: identifier, for: indexPath))
    }
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        facade(table.dequeueReusableCell(withIdentifier: identifier, for: IndexPath(row: 0, section: 0)))
    }
    private func facade(_ c: TableViewCell) -> UITableViewCell {
        let f = cellFacades[ObjectIdentifier(c)] ?? UITableViewCell.wrap(c)
        keep(f)
        return f
    }

    open func reloadData() { table.reloadData() }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { table.reloadRows(at: indexPaths, with: animation.engine) }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { table.insertRows(at: indexPaths, with: animation.engine) }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { table.deleteRows(at: indexPaths, with: animation.engine) }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { table.moveRow(at: indexPath, to: newIndexPath) }
    /// Partial: sections change by a whole reload, not animated.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { table.reloadData() }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { table.reloadData() }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { table.reloadData() }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        table.performBatchUpdates({ updates?() }, completion: completion)
    }
    /// The changes between `beginUpdates()` and `endUpdates()` apply together, animated.
    open func beginUpdates() { table.beginUpdates() }
    open func endUpdates() { table.endUpdates() }

    open var numberOfSections: Int { table.numberOfSections }
    open func numberOfRows(inSection section: Int) -> Int { table.numberOfRows(inSection: section) }
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { table.cellForRow(at: indexPath).map(facade) }
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        table.indexPathsForVisibleRows.first { table.cellForRow(at: $0) === cell.tableCell }
    }
    open func indexPathForRow(at point: CGPoint) -> IndexPath? { table.indexPathForRow(at: point.point) }
    open var indexPathsForVisibleRows: [IndexPath]? { table.indexPathsForVisibleRows }
    open var visibleCells: [UITableViewCell] { table.visibleCells.map(facade) }
    open func rectForRow(at indexPath: IndexPath) -> CGRect { CGRect(table.rectForRow(at: indexPath)) }
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        table.scrollToRow(at: indexPath, at: scrollPosition.engine, animated: animated)
    }
    open var indexPathForSelectedRow: IndexPath? { table.indexPathForSelectedRow }
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        table.selectRow(at: indexPath, animated: animated, scrollPosition: scrollPosition.engine)
    }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { table.deselectRow(at: indexPath, animated: animated) }
}

/// `UITableViewController`: a controller whose view is a table it is the data source and
/// delegate of; override the methods you need.
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    public let tableStyle: UITableView.Style
    private var madeTable: UITableView?
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }
    public convenience init() { self.init(style: .plain) }
    public override init(nibName: String?, bundle: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibName, bundle: bundle)
    }
    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }
    /// The table (the view).
    open var tableView: UITableView! {
        get {
            if let t = madeTable { return t }
            let t = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
            madeTable = t
            t.dataSource = self
            t.delegate = self
            return t
        }
        set { madeTable = newValue; view = newValue }
    }
    open override func loadView() { view = tableView }
    open var clearsSelectionOnViewWillAppear = true
    /// The table's refresh control.
    open var refreshControl: UIRefreshControl? {
        get { tableView.refreshControl }
        set { tableView.refreshControl = newValue }
    }
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    open func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    open func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

// MARK: - Swipe actions

/// An action a row shows when swiped, as `UIContextualAction`: its handler gets a completion
/// to call with whether it was performed.
@preconcurrency @MainActor
open class UIContextualAction: NSObject {
    public enum Style: Int, Sendable { case normal, destructive }
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void
    public let style: Style
    open var title: String?
    open var image: UIImage?
    open var backgroundColor: UIColor!
    public let handler: Handler
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style; self.title = title; self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a row shows when swiped, as `UISwipeActionsConfiguration`.
@preconcurrency @MainActor
open class UISwipeActionsConfiguration: NSObject {
    public let actions: [UIContextualAction]
    /// Whether a full swipe performs the first action.
    open var performsFirstActionWithFullSwipe = true
    public init(actions: [UIContextualAction]) { self.actions = actions }
}

// MARK: - Collection view protocols

/// What a collection view shows. `numberOfItemsInSection` and `cellForItemAt` are required;
/// `viewForSupplementaryElementOfKind` is needed when the layout places supplementary views
/// (without it they show nothing and the window's diagnostics say so).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
    /// Partial: asked by nothing yet (interactive reordering is not built).
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Partial: called by nothing yet (interactive reordering is not built).
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}
extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.missingSupplementaryView(ofKind: kind, at: indexPath)
    }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What a collection view tells its delegate (a scroll view delegate too); every method optional.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
}
extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
}

/// A flow layout's per-item and per-section questions; every method optional (the defaults are
/// the layout's properties).
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}
extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

/// Passes the engine collection view's questions to the facade's data source and delegate.
@MainActor
final class CollectionBridge: ScrollDelegateBridge, CollectionViewDataSource, CollectionViewDelegate {
    var collection: UICollectionView { owner as! UICollectionView }
    private var collectionDelegate: (any UICollectionViewDelegate)? { collection.delegate as? any UICollectionViewDelegate }
    func numberOfSections(in collectionView: CollectionView) -> Int { collection.dataSource?.numberOfSections(in: collection) ?? 0 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        collection.dataSource?.collectionView(collection, numberOfItemsInSection: section) ?? 0
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let ds = collection.dataSource else { return CollectionViewCell(reuseIdentifier: nil) }
        let cell = ds.collectionView(collection, cellForItemAt: indexPath)
        collection.keep(cell)
        return cell.collectionCell
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView? {
        guard let ds = collection.dataSource else { return nil }
        let v = ds.collectionView(collection, viewForSupplementaryElementOfKind: kind, at: indexPath)
        if v.isMissingSupplementary { return nil }
        collection.keep(v)
        return v.reusableView
    }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        collectionDelegate?.collectionView(collection, shouldSelectItemAt: indexPath) ?? true
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionDelegate?.collectionView(collection, didSelectItemAt: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        collectionDelegate?.collectionView(collection, didDeselectItemAt: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        collectionDelegate?.collectionView(collection, shouldHighlightItemAt: indexPath) ?? true
    }
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        let c = collection.facade(cell)
        c.willBeDisplayed(at: indexPath)
        collectionDelegate?.collectionView(collection, willDisplay: c, forItemAt: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                        forElementKind kind: String, at indexPath: IndexPath) {
        guard let v = view.facade as? UICollectionReusableView else { return }
        collectionDelegate?.collectionView(collection, willDisplaySupplementaryView: v, forElementKind: kind, at: indexPath)
    }
}

// MARK: - Collection cells and reusable views

/// The engine view a `UICollectionReusableView` of yours stands for.
final class FacadeReusableView: CollectionReusableView {
    weak var owner: UICollectionReusableView?
    override func prepareForReuse() { super.prepareForReuse(); owner?.prepareForReuse() }
    override func apply(_ attributes: CollectionViewLayoutAttributes) {
        super.apply(attributes)
        owner?.applyFromEngine(attributes)
    }
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
}

/// The engine cell a `UICollectionViewCell` of yours stands for.
final class FacadeCollectionCell: CollectionViewCell {
    weak var owner: UICollectionViewCell?
    override func prepareForReuse() { super.prepareForReuse(); owner?.prepareForReuseFromEngine() }
    override func apply(_ attributes: CollectionViewLayoutAttributes) {
        super.apply(attributes)
        owner?.applyFromEngine(attributes)
    }
    override func stateDidChange() { owner?.engineStateDidChange() }
    override func preferredLayoutAttributesFitting(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        owner.map { $0.preferredLayoutAttributesFitting(UICollectionViewLayoutAttributes(attributes)).engine } ?? measured(attributes)
    }
    /// The engine's measure of the content view.
    func measured(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        super.preferredLayoutAttributesFitting(attributes)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.updateConfigurationIfNeeded()
        owner?.layoutSubviewsFromEngine()
    }
}

/// `UICollectionReusableView` over the engine's ``CollectionReusableView``: the base of cells
/// and of the supplementary views (headers, footers) a collection view places and reuses.
/// Registered classes are made through `init(frame:)`: a subclass that declares initializers
/// declares `init(frame:)` (as UIKit's calls it) and `init?(coder:)`.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    package var reusableView: CollectionReusableView { view as! CollectionReusableView }
    /// The reuse identifier the next view of a registered class is made for: taken by the
    /// designated initializer of that class only, so the views a subclass's own properties make
    /// (a label, a stack) do not take it.
    static var pendingReuse: (type: ObjectIdentifier, identifier: String)?
    static func takeReuseIdentifier(for type: ObjectIdentifier) -> String? {
        guard let p = pendingReuse, p.type == type else { return nil }
        pendingReuse = nil
        return p.identifier
    }
    public override init(frame: CGRect) {
        if UIView.pendingEngineView == nil {
            let identifier = UICollectionReusableView.takeReuseIdentifier(for: ObjectIdentifier(Self.self))
            UIView.pendingEngineView = (FacadeReusableView(reuseIdentifier: identifier), true)
        }
        super.init(frame: frame)
        (reusableView as? FacadeReusableView)?.owner = self
    }
    public required init?(coder: NSCoder) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (FacadeReusableView(reuseIdentifier: nil), true) }
        super.init(coder: coder)
        (reusableView as? FacadeReusableView)?.owner = self
    }
    /// How a collection view makes a registered class (through the class's `init(frame:)`,
    /// which this calls): not for your code.
    public required convenience init(_collectionViewReuseIdentifier identifier: String?) {
        self.init(frame: .zero)
    }
    /// Made for `identifier` by a collection view: a view of `type` over a new engine view.
    static func make(_ type: UICollectionReusableView.Type, identifier: String) -> UICollectionReusableView {
        pendingReuse = (ObjectIdentifier(type), identifier)
        defer { pendingReuse = nil }
        return type.init(_collectionViewReuseIdentifier: identifier)
    }
    package static func wrap(_ v: CollectionReusableView) -> UICollectionReusableView {
        if let f = v.facade as? UICollectionReusableView { return f }
        if let c = v as? CollectionViewCell { return UICollectionViewCell.wrap(c) }
        UIView.pendingEngineView = (v, false)
        return UICollectionReusableView(frame: .zero)
    }
    open var reuseIdentifier: String? { reusableView.reuseIdentifier }
    /// Called before the collection view hands the view out again.
    open func prepareForReuse() {}
    /// Called with the attributes the layout gave, after the frame is set.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
    func applyFromEngine(_ attributes: CollectionViewLayoutAttributes) {
        apply(UICollectionViewLayoutAttributes(attributes))
    }
    /// Asked as the view shows when its layout sizes items by their content (a flow layout with
    /// an `estimatedItemSize`): a cell's content view is measured with Auto Layout, as small as
    /// its constraints allow; other views keep the attributes.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let cell = reusableView as? FacadeCollectionCell else { return layoutAttributes }
        return UICollectionViewLayoutAttributes(cell.measured(layoutAttributes.engine))
    }
    /// Set on the placeholder the default `viewForSupplementaryElementOfKind` returns.
    var isMissingSupplementary = false
}

/// `UICollectionViewCell` over the engine's ``CollectionViewCell``: its content view,
/// selection and highlight (set by the collection view as items are pressed and chosen, through
/// the properties, so an override sees each change), a background and selected background
/// view, and iOS 14's configurations: `contentConfiguration`, `backgroundConfiguration` and
/// `updateConfiguration(using:)` with the cell's `configurationState`, called before the cell
/// is next laid out after `setNeedsUpdateConfiguration()` or a change of its state.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    package var collectionCell: CollectionViewCell { view as! CollectionViewCell }
    /// Made by a collection view (registered classes are made through this initializer).
    public required override init(frame: CGRect) {
        if UIView.pendingEngineView == nil {
            let identifier = UICollectionReusableView.takeReuseIdentifier(for: ObjectIdentifier(Self.self))
            UIView.pendingEngineView = (FacadeCollectionCell(reuseIdentifier: identifier), true)
        }
        super.init(frame: frame)
        (collectionCell as? FacadeCollectionCell)?.owner = self
    }
    public required init?(coder: NSCoder) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (FacadeCollectionCell(reuseIdentifier: nil), true) }
        super.init(coder: coder)
        (collectionCell as? FacadeCollectionCell)?.owner = self
    }
    /// Made for `identifier` by a collection view.
    static func make(_ type: UICollectionViewCell.Type, identifier: String) -> UICollectionViewCell {
        pendingReuse = (ObjectIdentifier(type), identifier)
        defer { pendingReuse = nil }
        return type.init(frame: .zero)
    }
    package static func wrap(_ cell: CollectionViewCell) -> UICollectionViewCell {
        if let f = cell.facade as? UICollectionViewCell { return f }
        UIView.pendingEngineView = (cell, false)
        return UICollectionViewCell(frame: .zero)
    }
    open var contentView: UIView { UIView.wrap(collectionCell.contentView) }

    /// Set by the collection view as the item is chosen; an override sees each change.
    open var isSelected: Bool {
        get { shownSelected }
        set {
            shownSelected = newValue
            if collectionCell.isSelected != newValue { collectionCell.isSelected = newValue }
            showSelection()
            setNeedsUpdateConfiguration()
        }
    }
    /// Set by the collection view while the item is pressed; an override sees each change.
    open var isHighlighted: Bool {
        get { shownHighlighted }
        set {
            shownHighlighted = newValue
            if collectionCell.isHighlighted != newValue { collectionCell.isHighlighted = newValue }
            showSelection()
            setNeedsUpdateConfiguration()
        }
    }
    private var shownSelected = false, shownHighlighted = false
    /// The engine changed the selection or highlight (a press, a tap, a reuse): through the
    /// properties, so overrides see it.
    func engineStateDidChange() {
        if shownSelected != collectionCell.isSelected { isSelected = collectionCell.isSelected }
        if shownHighlighted != collectionCell.isHighlighted { isHighlighted = collectionCell.isHighlighted }
    }

    /// Behind the content, the size of the cell.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); placeBackgrounds() }
    }
    /// Shown over the background view while the cell is selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); placeBackgrounds() }
    }
    private func placeBackgrounds() {
        if let b = backgroundView, b.superview !== self { insertSubview(b, at: 0) }
        if let s = selectedBackgroundView, s.superview !== self {
            if let b = backgroundView { insertSubview(s, aboveSubview: b) } else { insertSubview(s, at: 0) }
        }
        showSelection()
        setNeedsLayout()
    }
    private func showSelection() {
        selectedBackgroundView?.isHidden = !(shownSelected || shownHighlighted)
    }

    // MARK: Configurations (iOS 14)

    /// What the cell shows: a list content configuration becomes a `UIListContentView` in the
    /// content view; another configuration, the view its `makeContentView()` makes.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { applyContentConfiguration() }
    }
    /// The cell's background: its colour and corner radius, for the state.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            if !updatingConfiguration { baseBackgroundConfiguration = backgroundConfiguration }
            applyBackgroundConfiguration()
        }
    }
    /// Whether the content configuration is updated for each new state.
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration is updated for each new state.
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called after `updateConfiguration(using:)` with the cell and its state.
    public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    /// The cell's state now: selection, highlight, the collection view's editing, expansion.
    open var configurationState: UICellConfigurationState {
        var s = UICellConfigurationState(traitCollection: traitCollection)
        s.isSelected = isSelected
        s.isHighlighted = isHighlighted
        s.isDisabled = !isUserInteractionEnabled
        s.isEditing = owningCollectionView?.isEditing ?? false
        s.isExpanded = isExpandedForConfiguration
        return s
    }
    /// Whether the item's outline is open (a list cell's outline disclosure).
    var isExpandedForConfiguration = false
    /// Asks for `updateConfiguration(using:)` before the cell is next laid out.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        view.setNeedsLayout()
    }
    /// Updates the configurations for `state`: the default updates the content and background
    /// configurations (when they update automatically); override to restyle the cell.
    open func updateConfiguration(using state: UICellConfigurationState) {
        updatingConfiguration = true
        defer { updatingConfiguration = false }
        if automaticallyUpdatesContentConfiguration, let c = contentConfiguration {
            contentConfiguration = c.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let b = baseBackgroundConfiguration ?? defaultBackgroundConfiguration() {
            backgroundConfiguration = b.updated(for: state)
        }
    }
    /// The background a cell has before one is set (a list cell's, per the list's appearance).
    func defaultBackgroundConfiguration() -> UIBackgroundConfiguration? { nil }
    /// The engine hands the cell out again: its configuration is updated before it shows.
    func prepareForReuseFromEngine() {
        needsConfigurationUpdate = true
        prepareForReuse()
    }
    private var needsConfigurationUpdate = true
    private var updatingConfiguration = false
    /// The background configuration as last set from outside an update (each state's is made
    /// from it).
    private var baseBackgroundConfiguration: UIBackgroundConfiguration?
    /// Runs a pending configuration update (before layout, and as the cell is displayed).
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }
    /// Called by the collection view before the cell shows at `indexPath`.
    func willBeDisplayed(at indexPath: IndexPath) {
        cellWillBeDisplayed(at: indexPath)
        updateConfigurationIfNeeded()
    }
    /// A list cell learns its place in the list here.
    func cellWillBeDisplayed(at indexPath: IndexPath) {}

    /// The content view a configuration made, in the content view.
    private(set) var configuredContentView: (any UIView & UIContentView)?
    private func applyContentConfiguration() {
        guard let c = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            return
        }
        if let v = configuredContentView, v.supports(c) {
            v.configuration = c
            return
        }
        configuredContentView?.removeFromSuperview()
        let v = c.makeContentView()
        v.frame = contentView.bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(v)
        configuredContentView = v
        contentConfigurationDidChangeView()
    }
    /// A list cell places the accessories around a new content view.
    func contentConfigurationDidChangeView() {}
    /// The background configuration's colour and corners on the cell's engine view (a custom
    /// background view replaces it).
    func applyBackgroundConfiguration() {
        guard let b = backgroundConfiguration else { return }
        collectionCell.backgroundColor = b.backgroundColor?.color ?? .clear
        collectionCell.cornerRadius = b.cornerRadius.double
        collectionCell.clipsToBounds = b.cornerRadius > 0
    }
    /// The collection view showing the cell (through a band of an orthogonal section, too).
    var owningCollectionView: UICollectionView? {
        var v = view.superview
        while let x = v { if let c = x as? CollectionView { return c.facade as? UICollectionView }; v = x.superview }
        return nil
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }
}

/// `UICollectionViewLayoutAttributes`: where an element goes (a cell, a supplementary view of
/// a kind, a decoration view of a kind).
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject {
    open var indexPath: IndexPath
    open var frame: CGRect
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false
    /// Partial: kept; the engine places views by frame, alpha and z order only.
    open var transform: CGAffineTransform = .identity
    public let representedElementCategory: UICollectionView.ElementCategory
    public let representedElementKind: String?
    open var center: CGPoint { get { CGPoint(x: frame.midX, y: frame.midY) } set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) } }
    open var size: CGSize { get { frame.size } set { frame.size = newValue } }
    open var bounds: CGRect { get { CGRect(origin: .zero, size: frame.size) } set { frame.size = newValue.size } }
    /// Set for a pinned header or footer: the rectangle it stays in while it floats.
    var pinningBounds: CGRect?
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath; frame = .zero; representedElementCategory = .cell; representedElementKind = nil
    }
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath; frame = .zero; representedElementCategory = .supplementaryView; representedElementKind = elementKind
    }
    public init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath; frame = .zero; representedElementCategory = .decorationView; representedElementKind = decorationViewKind
    }
    init(_ a: CollectionViewLayoutAttributes) {
        indexPath = a.indexPath; frame = CGRect(a.frame); alpha = CGFloat(a.alpha); zIndex = a.zIndex; isHidden = a.isHidden
        representedElementCategory = switch a.representedElementCategory {
        case .cell: .cell
        case .supplementaryView: .supplementaryView
        case .decorationView: .decorationView
        }
        representedElementKind = a.representedElementKind
        pinningBounds = a.pinningBounds.map(CGRect.init)
    }
    var engine: CollectionViewLayoutAttributes {
        var a = CollectionViewLayoutAttributes(indexPath: indexPath, frame: frame.rect)
        a.alpha = alpha.double; a.zIndex = zIndex; a.isHidden = isHidden
        switch representedElementCategory {
        case .cell: break
        case .supplementaryView: a.representedElementCategory = .supplementaryView
        case .decorationView: a.representedElementCategory = .decorationView
        }
        a.representedElementKind = representedElementKind
        a.pinningBounds = pinningBounds?.rect
        return a
    }
}

/// The engine layout a `UICollectionViewLayout` subclass of yours stands for: its questions
/// come back to your overrides.
final class FacadeCollectionLayout: CollectionViewLayout {
    weak var owner: UICollectionViewLayout?
    override func prepare() { owner?.prepare() }
    override var collectionViewContentSize: Size { owner?.collectionViewContentSize.size ?? .zero }
    override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        (owner?.layoutAttributesForElements(in: CGRect(rect)) ?? []).map(\.engine)
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        owner?.layoutAttributesForItem(at: indexPath)?.engine
    }
    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        owner?.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)?.engine
    }
    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        owner?.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)?.engine
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        owner?.shouldInvalidateLayout(forBoundsChange: CGRect(newBounds)) ?? false
    }
}

/// `UICollectionViewLayout`: subclass it and override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)`,
/// `layoutAttributesForItem(at:)` and `layoutAttributesForSupplementaryView(ofKind:at:)`, as in
/// UIKit. Decoration views are registered with the layout.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    package let engine: CollectionViewLayout
    public override init() {
        let e = FacadeCollectionLayout()
        engine = e
        super.init()
        e.owner = self
    }
    package init(engine: CollectionViewLayout) { self.engine = engine }
    open var collectionView: UICollectionView? { engine.collectionView?.facade as? UICollectionView }
    open func prepare() {}
    open var collectionViewContentSize: CGSize { .zero }
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
    open func invalidateLayout() { engine.invalidateLayout() }
    /// The class of the decoration views of `elementKind` (they are made by the collection view
    /// when the layout places one).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        let type = (viewClass as? UICollectionReusableView.Type) ?? UICollectionReusableView.self
        engine.register(forDecorationViewOfKind: elementKind) { [weak self] kind in
            let v = UICollectionReusableView.make(type, identifier: kind)
            self?.decorationFacades.append(v)
            return v.reusableView
        }
    }
    /// The decoration views made for this layout (the engine holds their views; these stand for them).
    private var decorationFacades: [UICollectionReusableView] = []
}

/// `UICollectionViewFlowLayout` over the engine's ``CollectionViewFlowLayout``; the delegate's
/// `sizeForItemAt`, `insetForSectionAt`, spacings and header and footer reference sizes are
/// asked per item and section.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    package var flow: CollectionViewFlowLayout { engine as! CollectionViewFlowLayout }
    public typealias ScrollDirection = UICollectionView.ScrollDirection
    public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)
    public override init() {
        super.init(engine: CollectionViewFlowLayout())
        installDelegateQuestions()
    }
    private var flowDelegate: (UICollectionView, any UICollectionViewDelegateFlowLayout)? {
        guard let cv = collectionView, let d = cv.delegate as? any UICollectionViewDelegateFlowLayout else { return nil }
        return (cv, d)
    }
    private func installDelegateQuestions() {
        flow.sizeForItem = { [weak self] path in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.itemSize ?? Size(width: 50, height: 50) }
            return d.collectionView(cv, layout: self, sizeForItemAt: path).size
        }
        flow.headerSizeForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.headerReferenceSize ?? .zero }
            return d.collectionView(cv, layout: self, referenceSizeForHeaderInSection: s).size
        }
        flow.footerSizeForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.footerReferenceSize ?? .zero }
            return d.collectionView(cv, layout: self, referenceSizeForFooterInSection: s).size
        }
        flow.insetForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.sectionInset ?? .zero }
            return d.collectionView(cv, layout: self, insetForSectionAt: s).engine
        }
        flow.lineSpacingForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.minimumLineSpacing ?? 10 }
            return d.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s).double
        }
        flow.interitemSpacingForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.minimumInteritemSpacing ?? 10 }
            return d.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s).double
        }
    }
    open var itemSize: CGSize { get { CGSize(flow.itemSize) } set { flow.itemSize = newValue.size } }
    /// Not zero: cells size themselves by Auto Layout as they first show, placed at this
    /// estimate until then (`automaticSize`: at `itemSize` or the delegate's size).
    open var estimatedItemSize: CGSize {
        get { flow.estimatedItemSize == CollectionViewFlowLayout.automaticSize ? Self.automaticSize : CGSize(flow.estimatedItemSize) }
        set { flow.estimatedItemSize = newValue == Self.automaticSize ? CollectionViewFlowLayout.automaticSize : newValue.size }
    }
    open var minimumLineSpacing: CGFloat { get { CGFloat(flow.minimumLineSpacing) } set { flow.minimumLineSpacing = newValue.double } }
    open var minimumInteritemSpacing: CGFloat {
        get { CGFloat(flow.minimumInteritemSpacing) } set { flow.minimumInteritemSpacing = newValue.double }
    }
    open var sectionInset: UIEdgeInsets { get { UIEdgeInsets(flow.sectionInset) } set { flow.sectionInset = newValue.engine } }
    open var scrollDirection: ScrollDirection {
        get { flow.scrollDirection == .vertical ? .vertical : .horizontal }
        set { flow.scrollDirection = newValue == .vertical ? .vertical : .horizontal }
    }
    /// Each section's header: its height in a vertical layout (its width in a horizontal one);
    /// zero: no header. The delegate's `referenceSizeForHeaderInSection` overrides it.
    open var headerReferenceSize: CGSize { get { CGSize(flow.headerReferenceSize) } set { flow.headerReferenceSize = newValue.size } }
    open var footerReferenceSize: CGSize { get { CGSize(flow.footerReferenceSize) } set { flow.footerReferenceSize = newValue.size } }
    open var sectionHeadersPinToVisibleBounds: Bool {
        get { flow.sectionHeadersPinToVisibleBounds } set { flow.sectionHeadersPinToVisibleBounds = newValue }
    }
    open var sectionFootersPinToVisibleBounds: Bool {
        get { flow.sectionFootersPinToVisibleBounds } set { flow.sectionFootersPinToVisibleBounds = newValue }
    }
    public enum SectionInsetReference: Int, Sendable { case fromContentInset, fromSafeArea, fromLayoutMargins }
    /// Partial: kept; section insets count from the content's edge.
    open var sectionInsetReference: SectionInsetReference = .fromContentInset
    open override var collectionViewContentSize: CGSize { CGSize(flow.collectionViewContentSize) }
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        flow.layoutAttributesForElements(in: rect.rect).map(UICollectionViewLayoutAttributes.init)
    }
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        flow.layoutAttributesForItem(at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        flow.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
}

/// `UICollectionView` over the engine's ``CollectionView``: cells and supplementary views
/// registered by class and reused, placed by the layout, only the visible ones alive;
/// selection, highlight and editing.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    package var collection: CollectionView { view as! CollectionView }
    private var layoutFacade: UICollectionViewLayout
    /// The facades of the cells and views the engine holds (it holds their engine views).
    private var reusableFacades: [ObjectIdentifier: UICollectionReusableView] = [:]

    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }
    public static let elementKindSectionHeader = CollectionViewFlowLayout.elementKindSectionHeader
    public static let elementKindSectionFooter = CollectionViewFlowLayout.elementKindSectionFooter

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        layoutFacade = layout
        UIView.pendingEngineView = (CollectionView(frame: .zero, collectionViewLayout: layout.engine), true)
        super.init(frame: frame)
    }
    public required init?(coder: NSCoder) {
        let layout = UICollectionViewFlowLayout()
        layoutFacade = layout
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (CollectionView(frame: .zero, collectionViewLayout: layout.engine), true) }
        super.init(coder: coder)
    }
    override func makeDelegateBridge() -> ScrollDelegateBridge { CollectionBridge(self) }

    /// The items load at the next layout, as in UIKit (cell classes registered after this are
    /// found).
    open weak var dataSource: (any UICollectionViewDataSource)? { didSet { collection.setNeedsReload() } }
    open override weak var delegate: (any UIScrollViewDelegate)? { didSet { collection.setNeedsReload() } }
    open var collectionViewLayout: UICollectionViewLayout {
        get { layoutFacade }
        set { layoutFacade = newValue; collection.collectionViewLayout = newValue.engine }
    }
    /// Partial: the new layout applies at once (not animated).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) { collectionViewLayout = layout }
    func keep(_ view: UICollectionReusableView) { reusableFacades[ObjectIdentifier(view.reusableView)] = view }
    func facade(_ c: CollectionViewCell) -> UICollectionViewCell {
        if let f = reusableFacades[ObjectIdentifier(c)] as? UICollectionViewCell { return f }
        let f = UICollectionViewCell.wrap(c)
        keep(f)
        return f
    }
    private func facade(_ v: CollectionReusableView) -> UICollectionReusableView {
        if let f = reusableFacades[ObjectIdentifier(v)] { return f }
        let f = UICollectionReusableView.wrap(v)
        keep(f)
        return f
    }

    // MARK: Registration and reuse

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        let type = (cellClass as? UICollectionViewCell.Type) ?? UICollectionViewCell.self
        collection.register(forCellWithReuseIdentifier: identifier) { [weak self] id in
            let cell = UICollectionViewCell.make(type, identifier: id)
            self?.keep(cell)
            return cell.collectionCell
        }
    }
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        facade(collection.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath))
    }
    /// Registers the class of the supplementary views of `elementKind` (a section header or
    /// footer, or a kind of your layout's) dequeued by `identifier`.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let type = (viewClass as? UICollectionReusableView.Type) ?? UICollectionReusableView.self
        collection.register(forSupplementaryViewOfKind: elementKind, withReuseIdentifier: identifier) { [weak self] id in
            let v = UICollectionReusableView.make(type, identifier: id)
            self?.keep(v)
            return v.reusableView
        }
    }
    /// A supplementary view of `elementKind` from its pool (after `prepareForReuse()`) or a new
    /// one of the registered class.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        facade(collection.dequeueReusableSupplementaryView(ofKind: elementKind, withReuseIdentifier: identifier, for: indexPath))
    }
    /// What the data source's default `viewForSupplementaryElementOfKind` returns: nothing is
    /// shown, and the window's diagnostics say the data source does not make the view.
    func missingSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        if !reportedMissing.contains(kind) {
            reportedMissing.insert(kind)
            view.window?.report(misuse: "UICollectionView \(view.traceName): the layout places a supplementary view of kind '\(kind)' but the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:); nothing is shown",
                                views: [view.traceName])
        }
        if let v = missingPlaceholder { return v }
        let v = UICollectionReusableView(frame: .zero)
        v.isMissingSupplementary = true
        missingPlaceholder = v
        return v
    }
    private var reportedMissing = Set<String>()
    private var missingPlaceholder: UICollectionReusableView?

    // MARK: Data and what shows

    open func reloadData() { collection.reloadData() }
    // Batch updates are the engine's: checked as UIKit checks them, animated as its default.
    open func reloadSections(_ sections: IndexSet) { update { collection.reloadSections(sections) } }
    open func reloadItems(at indexPaths: [IndexPath]) { update { collection.reloadItems(at: indexPaths) } }
    open func insertItems(at indexPaths: [IndexPath]) { update { collection.insertItems(at: indexPaths) } }
    open func deleteItems(at indexPaths: [IndexPath]) { update { collection.deleteItems(at: indexPaths) } }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { update { collection.moveItem(at: indexPath, to: newIndexPath) } }
    open func insertSections(_ sections: IndexSet) { update { collection.insertSections(sections) } }
    open func deleteSections(_ sections: IndexSet) { update { collection.deleteSections(sections) } }
    open func moveSection(_ section: Int, toSection newSection: Int) { update { collection.moveSection(section, toSection: newSection) } }
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        update { collection.performBatchUpdates(updates, completion: completion) }
    }
    /// Runs an update of the engine's; then the cells that stayed learn their new places (a list
    /// cell its expansion, depth and whether it is first or last), as they do when displayed.
    private func update(_ body: () -> Void) {
        body()
        for c in collection.visibleCells {
            if let p = collection.indexPath(for: c) { facade(c).willBeDisplayed(at: p) }
        }
    }
    open var visibleCells: [UICollectionViewCell] { collection.visibleCells.map(facade) }
    open var indexPathsForVisibleItems: [IndexPath] { collection.indexPathsForVisibleItems }
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { collection.cellForItem(at: indexPath).map(facade) }
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { collection.indexPathForItem(at: point.point) }
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { collection.indexPath(for: cell.collectionCell) }
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        collection.supplementaryView(forElementKind: elementKind, at: indexPath).map(facade)
    }
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        collection.visibleSupplementaryViews(ofKind: elementKind).map(facade)
    }
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        collection.indexPathsForVisibleSupplementaryElements(ofKind: elementKind)
    }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collection.collectionViewLayout.layoutAttributesForItem(at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collection.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    /// Scrolls the item into view (an item of an orthogonal section: the collection view to
    /// its band, and the band to it). Partial: the least scroll that shows it, whatever the
    /// scroll position asks.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        collection.scrollToItem(at: indexPath, animated: animated)
    }
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    // MARK: Selection and editing

    open var allowsSelection: Bool { get { collection.allowsSelection } set { collection.allowsSelection = newValue } }
    open var allowsMultipleSelection: Bool {
        get { collection.allowsMultipleSelection } set { collection.allowsMultipleSelection = newValue }
    }
    open var indexPathsForSelectedItems: [IndexPath]? { collection.indexPathsForSelectedItems }
    /// Selects the item without telling the delegate (as UIKit's); nil deselects all.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        collection.selectItem(at: indexPath, animated: animated)
        if let indexPath, !scrollPosition.isEmpty { collection.scrollToItem(at: indexPath, animated: animated) }
    }
    open func deselectItem(at indexPath: IndexPath, animated: Bool) { collection.deselectItem(at: indexPath, animated: animated) }
    /// Editing mode: the visible cells update their configurations (a list cell shows its
    /// editing accessories).
    open var isEditing = false {
        didSet {
            guard isEditing != oldValue else { return }
            for c in visibleCells { c.setNeedsUpdateConfiguration() }
        }
    }
    /// Told when a list cell's outline disclosure without a handler of its own is tapped (a
    /// diffable data source expands or collapses the item).
    var outlineToggleHandler: ((IndexPath) -> Void)?
    /// Partial: kept; selection works the same while editing.
    open var allowsSelectionDuringEditing = false
    /// Partial: kept; selection works the same while editing.
    open var allowsMultipleSelectionDuringEditing = false
    /// Partial: kept, not shown behind the items.
    open var backgroundView: UIView?
}

extension UICollectionView {
    /// The data source's counts (0 without one).
    public var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }
    public func numberOfItems(inSection section: Int) -> Int {
        guard section >= 0, section < numberOfSections else { return 0 }
        return dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
    }
}

/// `UICollectionViewController`: a controller whose view is a collection view it is the data
/// source and delegate of; override the methods you need.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private let initialLayout: UICollectionViewLayout
    private var madeCollection: UICollectionView?
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }
    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }
    /// The collection view (the view).
    open var collectionView: UICollectionView! {
        get {
            if let c = madeCollection { return c }
            let c = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
            madeCollection = c
            c.dataSource = self
            c.delegate = self
            return c
        }
        set { madeCollection = newValue; view = newValue }
    }
    open var collectionViewLayout: UICollectionViewLayout { collectionView.collectionViewLayout }
    open override func loadView() { view = collectionView }
    open var clearsSelectionOnViewWillAppear = true
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        collectionView.isEditing = editing
    }
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.missingSupplementaryView(ofKind: kind, at: indexPath)
    }
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                             forElementKind elementKind: String, at indexPath: IndexPath) {}
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

/// A reusable section header or footer, as `UITableViewHeaderFooterView`. Partial: the engine's
/// table shows its sections' titles itself; a view of this class is not placed by the table.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    public let reuseIdentifier: String?
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(madeContent)
    }
    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
        addSubview(madeContent)
    }
    private let madeContent = UIView()
    open var contentView: UIView { madeContent }
    open var textLabel: UILabel? {
        if let l = madeLabel { return l }
        let l = UILabel()
        l.font = .systemFont(ofSize: 13)
        l.textColor = .secondaryLabel
        madeContent.addSubview(l)
        madeLabel = l
        return l
    }
    private var madeLabel: UILabel?
    open var detailTextLabel: UILabel? { nil }
    open func prepareForReuse() {}
    open override func layoutSubviews() {
        super.layoutSubviews()
        madeContent.frame = bounds
        madeLabel?.frame = bounds.insetBy(dx: 16, dy: 4)
    }
}
