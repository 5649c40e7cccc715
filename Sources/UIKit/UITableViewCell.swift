import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// The engine cell a `UITableViewCell` of yours stands for: reuse and layout come back to it.
final class FacadeTableCell: TableViewCell {
    weak var owner: UITableViewCell?
    override func prepareForReuse() { super.prepareForReuse(); owner?.prepareForReuse() }
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
    override func updateProperties() { owner?.updateProperties() }
}

/// `UITableViewCell` over the engine's `TableViewCell`: the content view, the default text
/// and detail labels (made on first use), accessory, selection and highlight.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    package var tableCell: TableViewCell { view as! TableViewCell }
    /// `UITableViewCell.CellStyle`: the labels of a default cell: a title only, a title and a value
    /// (value1, value2), or a title and a subtitle.
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    /// `UITableViewCell.EditingStyle`: the control a row shows while editing (none, delete, insert).
    public enum EditingStyle: Int, Sendable { case none, delete, insert }
    /// `UITableViewCell.AccessoryType`: the mark at the trailing edge; the engine cell's accessory.
    public enum AccessoryType: Int, Sendable {
        /// None, chevron, checkmark; the detail buttons draw as a chevron here.
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
        var engine: TableViewCell.AccessoryType {
            switch self { case .none: .none; case .checkmark: .checkmark; default: .disclosureIndicator }
        }
    }
    /// `UITableViewCell.SelectionStyle`: how a selected cell looks; `.none` shows no selection colour.
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }

    /// `UITableViewCell.style`: the style the cell was made with.
    public let style: CellStyle
    /// Made by a table (registered classes are made through this initializer).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        super.init(coder: EngineViewCoder(FacadeTableCell(reuseIdentifier: reuseIdentifier)))!
        (tableCell as? FacadeTableCell)?.owner = self
        applyUIKitLook()
    }
    /// The row's colour when it is neither selected nor highlighted: the engine cell's
    /// `normalBackgroundColor`, which its selection changes come back to (a colour set on the
    /// view alone was lost at the first of them, as the table shows each row).
    open override var backgroundColor: UIColor? {
        get { UIColor(tableCell.normalBackgroundColor) }
        set { tableCell.normalBackgroundColor = newValue?.color ?? .clear }
    }
    /// UIKit's light cell: a white row, a grey hairline, a grey selection.
    fileprivate func applyUIKitLook() {
        tableCell.normalBackgroundColor = UIColor.systemBackground.color
        tableCell.separatorColor = UIColor.separator.color
        tableCell.selectedBackgroundColor = UIColor.systemGray4.color
    }
    /// `UITableViewCell(coder:)`: a default-style cell over a new engine cell.
    public required init?(coder: NSCoder) {
        style = .default
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeTableCell(reuseIdentifier: nil) })
        (tableCell as? FacadeTableCell)?.owner = self
    }
    public convenience override init(frame: CGRect) { self.init(style: .default, reuseIdentifier: nil) }
    /// The facade of an engine cell (a plain one the table made for an unregistered identifier).
    package static func wrap(_ cell: TableViewCell) -> UITableViewCell {
        if let f = cell.facade as? UITableViewCell { return f }
        let facade = UITableViewCell(coder: EngineViewCoder(cell, isNew: false))!
        facade.applyUIKitLook()
        return facade
    }

    /// `UITableViewCell.reuseIdentifier`: the engine cell's `reuseIdentifier`.
    open var reuseIdentifier: String? { tableCell.reuseIdentifier }
    /// `UITableViewCell.prepareForReuse()`: called before the table reuses the cell; does nothing.
    open func prepareForReuse() {}
    /// `UITableViewCell.contentView`: the engine cell's `contentView`, as its facade.
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
    /// `UITableViewCell.accessoryType`: sets the engine cell's `accessoryType`.
    open var accessoryType: AccessoryType = .none { didSet { tableCell.accessoryType = accessoryType.engine } }
    /// Partial: kept; the cell draws its accessory, not a view.
    open var accessoryView: UIView?
    /// `.none` shows no selection fill.
    open var selectionStyle: SelectionStyle = .default {
        didSet { if selectionStyle == .none { tableCell.selectedBackgroundColor = .clear } }
    }
    /// `UITableViewCell.selectedBackgroundView`: its background colour becomes the engine cell's
    /// selection colour; the view itself is not shown.
    open var selectedBackgroundView: UIView? {
        didSet { if let c = selectedBackgroundView?.backgroundColor { tableCell.selectedBackgroundColor = c.color } }
    }
    /// `UITableViewCell.backgroundView`: stored only; not shown.
    open var backgroundView: UIView?
    /// `UITableViewCell.separatorInset`: stored only (points).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// `UITableViewCell.isSelected`: the engine cell's `isSelected`.
    open var isSelected: Bool { get { tableCell.isSelected } set { tableCell.isSelected = newValue } }
    /// `UITableViewCell.isHighlighted`: the engine cell's `isHighlighted`.
    open var isHighlighted: Bool { get { tableCell.isHighlighted } set { tableCell.isHighlighted = newValue } }
    /// `UITableViewCell.setSelected(_:animated:)`: sets `isSelected`; not animated.
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    /// `UITableViewCell.setHighlighted(_:animated:)`: sets `isHighlighted`; not animated.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
    /// `UITableViewCell.isEditing`: whether the cell's table is editing.
    open var isEditing = false
    /// `UITableViewCell.setEditing(_:animated:)`: sets `isEditing`.
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
