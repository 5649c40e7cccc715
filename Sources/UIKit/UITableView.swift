import Geometry
import RenderModel
import Timeline
import UpdateLoop

// MARK: - Table view

/// `UITableView` over the engine's `TableView`.
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
        super.init(coder: EngineViewCoder(TableView(frame: .zero, style: style == .plain ? .plain : .grouped), frame: frame))!
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }
    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: EngineViewCoder.carrying(coder) { TableView(frame: .zero, style: .plain) })
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
    /// Editing mode: kept, and passed to the cells the table holds (those loaded past the
    /// edges too, not only ``visibleCells``).
    open private(set) var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        for c in table.loadedCells.map(facade) { c.setEditing(editing, animated: animated) }
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
