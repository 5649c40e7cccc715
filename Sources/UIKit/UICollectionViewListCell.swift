import Geometry
import Layers
import RenderModel
import Timeline

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
    /// `UICollectionViewListCell.indentationLevel`: how many indentation steps the content moves in.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    /// `UICollectionViewListCell.indentationWidth`: points per indentation step (10 by default).
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// `UICollectionViewListCell.indentsAccessories`: whether the leading accessories move in too.
    open var indentsAccessories = true { didSet { setNeedsLayout() } }
    /// Partial: not in the cell's layout; the separator starts at the list content's text.
    public let separatorLayoutGuide = UILayoutGuide()
    /// The list's appearance, learned as the cell is displayed.
    var listAppearance: UICollectionLayoutListConfiguration.Appearance = .plain
    private var listShowsSeparators = true
    private var isFirstInSection = false, isLastInSection = false
    private var accessoryViews: [(accessory: UICellAccessory, view: UIView)] = []
    private let separator = UIView()

    /// `UICollectionViewListCell(frame:)`: a list cell with a separator.
    public required init(frame: CGRect) {
        super.init(frame: frame)
        separator.backgroundColor = .separator
        separator.isUserInteractionEnabled = false
        addSubview(separator)
    }
    /// `UICollectionViewListCell(coder:)`: a list cell with a separator.
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
