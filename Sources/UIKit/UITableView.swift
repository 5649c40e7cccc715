import Geometry
import RenderModel
import Timeline
import UpdateLoop

// MARK: - Table view

/// `UITableView` over the engine's `TableView`.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    package var table: TableView { view as! TableView }
    /// `UITableView.Style`: plain or grouped; inset grouped is drawn as the engine's grouped style.
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    /// `UITableView.RowAnimation`: how rows come and go; the engine's `TableView.RowAnimation`.
    public enum RowAnimation: Int, Sendable {
        /// Fade, slide from a side, none, middle, or the table's choice.
        case fade, right, left, top, bottom, none, middle, automatic = 100
        var engine: TableView.RowAnimation {
            switch self {
            case .fade: .fade; case .right: .right; case .left: .left; case .top: .top; case .bottom: .bottom
            case .none: .none; case .middle: .middle; case .automatic: .automatic
            }
        }
    }
    /// `UITableView.ScrollPosition`: where a row ends up after scrolling; the engine's
    /// `TableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable {
        /// Least scrolling, or the row at the top, middle or bottom.
        case none, top, middle, bottom
        var engine: TableView.ScrollPosition {
            switch self { case .none: .none; case .top: .top; case .middle: .middle; case .bottom: .bottom }
        }
    }
    /// `UITableView.SeparatorStyle`: separators or none (stored only; see `separatorStyle`).
    public enum SeparatorStyle: Int, Sendable { case none, singleLine }
    /// A row height that asks for the engine's default (44 points; cells are not self-sized).
    public static let automaticDimension: CGFloat = -1

    /// `UITableView.style`: the style the table was made with.
    public let style: Style
    /// The facade cells made for this table (the engine holds its cells; these stand for them).
    private var cellFacades: [ObjectIdentifier: UITableViewCell] = [:]

    /// `UITableView(frame:style:)`: an engine `TableView` at `frame` (points), plain or grouped.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(coder: EngineViewCoder(TableView(frame: .zero, style: style == .plain ? .plain : .grouped), frame: frame))!
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }
    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }
    /// `UITableView(coder:)`: a plain engine `TableView`; the coder's keys are not decoded.
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

    /// `UITableView.rowHeight`: the engine table's `rowHeight`, in points (`automaticDimension`: 44).
    open var rowHeight: CGFloat {
        get { CGFloat(table.rowHeight) }
        set { table.rowHeight = newValue == Self.automaticDimension ? TableView.automaticDimension : newValue.double }
    }
    /// The height of a self-sizing row until its cell shows and is measured.
    open var estimatedRowHeight: CGFloat {
        get { CGFloat(table.estimatedRowHeight) }
        set { table.estimatedRowHeight = newValue == Self.automaticDimension ? 0 : max(0, newValue.double) }
    }
    /// `UITableView.sectionHeaderHeight`: the engine table's `sectionHeaderHeight`, in points.
    open var sectionHeaderHeight: CGFloat { get { CGFloat(table.sectionHeaderHeight) } set { table.sectionHeaderHeight = newValue.double } }
    /// `UITableView.sectionFooterHeight`: the engine table's `sectionFooterHeight`, in points.
    open var sectionFooterHeight: CGFloat { get { CGFloat(table.sectionFooterHeight) } set { table.sectionFooterHeight = newValue.double } }
    /// `UITableView.estimatedSectionHeaderHeight`: stored only.
    open var estimatedSectionHeaderHeight: CGFloat = 0
    /// `UITableView.estimatedSectionFooterHeight`: stored only.
    open var estimatedSectionFooterHeight: CGFloat = 0
    /// Partial: kept; the engine's cells draw their own separator.
    open var separatorStyle: SeparatorStyle = .singleLine
    /// `UITableView.separatorColor`: stored only; cells draw separators in the separator colour.
    open var separatorColor: UIColor?
    /// `UITableView.separatorInset`: stored only (points).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// Partial: kept, not shown (the table shows rows, headers and footers).
    open var tableHeaderView: UIView?
    /// `UITableView.tableFooterView`: stored only; not shown.
    open var tableFooterView: UIView?
    /// `UITableView.backgroundView`: stored only; not shown.
    open var backgroundView: UIView?
    /// `UITableView.allowsSelection`: the engine table's `allowsSelection`.
    open var allowsSelection: Bool { get { table.allowsSelection } set { table.allowsSelection = newValue } }
    /// `UITableView.allowsMultipleSelection`: stored only; the table selects one row.
    open var allowsMultipleSelection = false
    /// Told when a list cell's outline disclosure without a handler of its own is tapped (a
    /// diffable data source expands or collapses the item).
    var outlineToggleHandler: ((IndexPath) -> Void)?
    /// `UITableView.allowsSelectionDuringEditing`: stored only.
    open var allowsSelectionDuringEditing = false
    /// Editing mode: kept, and passed to the cells the table holds (those loaded past the
    /// edges too, not only ``visibleCells``).
    open private(set) var isEditing = false
    /// `UITableView.setEditing(_:animated:)`: sets `isEditing` and passes it to every loaded cell.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        for c in table.loadedCells.map(facade) { c.setEditing(editing, animated: animated) }
    }

    /// `UITableView.register(_:forCellReuseIdentifier:)`: registers the cell class with the engine table
    /// under `identifier`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        let type = (cellClass as? UITableViewCell.Type) ?? UITableViewCell.self
        table.register(forCellReuseIdentifier: identifier) { [weak self] id in
            let cell = type.init(style: .default, reuseIdentifier: id)
            self?.keep(cell)
            return cell.tableCell
        }
    }
    /// `UITableView.dequeueReusableCell(withIdentifier:for:)`: the engine table's reused or new cell.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        facade(table.dequeueReusableCell(withIdentifier: identifier, for: indexPath))
    }
    /// `UITableView.dequeueReusableCell(withIdentifier:)`: as the form with an index path, for row 0 of
    /// section 0.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        facade(table.dequeueReusableCell(withIdentifier: identifier, for: IndexPath(row: 0, section: 0)))
    }
    private func facade(_ c: TableViewCell) -> UITableViewCell {
        let f = cellFacades[ObjectIdentifier(c)] ?? UITableViewCell.wrap(c)
        keep(f)
        return f
    }

    /// `UITableView.reloadData()`: the engine table's `reloadData()`.
    open func reloadData() { table.reloadData() }
    /// `UITableView.reloadRows(at:with:)`: the engine table's `reloadRows(at:with:)`.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { table.reloadRows(at: indexPaths, with: animation.engine) }
    /// `UITableView.insertRows(at:with:)`: the engine table's `insertRows(at:with:)`.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { table.insertRows(at: indexPaths, with: animation.engine) }
    /// `UITableView.deleteRows(at:with:)`: the engine table's `deleteRows(at:with:)`.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { table.deleteRows(at: indexPaths, with: animation.engine) }
    /// `UITableView.moveRow(at:to:)`: the engine table's `moveRow(at:to:)`.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { table.moveRow(at: indexPath, to: newIndexPath) }
    /// Partial: sections change by a whole reload, not animated.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { table.reloadData() }
    /// Partial: a whole reload, not animated.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { table.reloadData() }
    /// Partial: a whole reload, not animated.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { table.reloadData() }
    /// `UITableView.performBatchUpdates(_:completion:)`: the engine table's `performBatchUpdates`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        table.performBatchUpdates({ updates?() }, completion: completion)
    }
    /// The changes between `beginUpdates()` and `endUpdates()` apply together, animated.
    open func beginUpdates() { table.beginUpdates() }
    /// `UITableView.endUpdates()`: the engine table's `endUpdates()`.
    open func endUpdates() { table.endUpdates() }

    /// `UITableView.numberOfSections`: the engine table's `numberOfSections`.
    open var numberOfSections: Int { table.numberOfSections }
    /// `UITableView.numberOfRows(inSection:)`: the engine table's `numberOfRows(inSection:)`.
    open func numberOfRows(inSection section: Int) -> Int { table.numberOfRows(inSection: section) }
    /// `UITableView.cellForRow(at:)`: the engine table's loaded cell at the index path, or nil.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { table.cellForRow(at: indexPath).map(facade) }
    /// `UITableView.indexPath(for:)`: the index path of a visible cell; nil for one not visible.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        table.indexPathsForVisibleRows.first { table.cellForRow(at: $0) === cell.tableCell }
    }
    /// `UITableView.indexPathForRow(at:)`: the engine table's row at a point (points in the table).
    open func indexPathForRow(at point: CGPoint) -> IndexPath? { table.indexPathForRow(at: point.point) }
    /// `UITableView.indexPathsForVisibleRows`: the engine table's visible rows.
    open var indexPathsForVisibleRows: [IndexPath]? { table.indexPathsForVisibleRows }
    /// `UITableView.visibleCells`: the engine table's visible cells.
    open var visibleCells: [UITableViewCell] { table.visibleCells.map(facade) }
    /// `UITableView.rectForRow(at:)`: the engine table's `rectForRow(at:)`, in points.
    open func rectForRow(at indexPath: IndexPath) -> CGRect { CGRect(table.rectForRow(at: indexPath)) }
    /// `UITableView.scrollToRow(at:at:animated:)`: the engine table's `scrollToRow(at:at:animated:)`.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        table.scrollToRow(at: indexPath, at: scrollPosition.engine, animated: animated)
    }
    /// `UITableView.indexPathForSelectedRow`: the engine table's selected row.
    open var indexPathForSelectedRow: IndexPath? { table.indexPathForSelectedRow }
    /// `UITableView.selectRow(at:animated:scrollPosition:)`: the engine table's `selectRow`.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        table.selectRow(at: indexPath, animated: animated, scrollPosition: scrollPosition.engine)
    }
    /// `UITableView.deselectRow(at:animated:)`: the engine table's `deselectRow(at:animated:)`.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { table.deselectRow(at: indexPath, animated: animated) }
}

/// `UITableViewController`: a controller whose view is a table it is the data source and
/// delegate of; override the methods you need.
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// `UITableViewController.tableStyle`: the style its table is made with.
    public let tableStyle: UITableView.Style
    private var madeTable: UITableView?
    /// `UITableViewController(style:)`: a controller whose table is of `style`.
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }
    /// `UITableViewController()`: a controller with a plain table.
    public convenience init() { self.init(style: .plain) }
    public override init(nibName: String?, bundle: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibName, bundle: bundle)
    }
    /// `UITableViewController(coder:)`: a controller with a plain table.
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
    /// `UITableViewController.clearsSelectionOnViewWillAppear`: stored only.
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

    /// One section by default.
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// No rows by default.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// A default-style cell by default; override to give yours.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// Nil by default.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Nil by default.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// False by default.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// False by default.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// The table's `rowHeight` by default.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// The table's `estimatedRowHeight` by default.
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }
    /// The table's `sectionHeaderHeight` by default.
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    /// The table's `sectionFooterHeight` by default.
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    /// Does nothing by default.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing by default.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Does nothing by default.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Nil by default.
    open func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Nil by default.
    open func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// `.delete` by default.
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    /// Nil by default.
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// Nil by default.
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// Does nothing by default.
    open func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    /// Does nothing by default.
    open func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    /// Does nothing by default.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

/// A reusable section header or footer, as `UITableViewHeaderFooterView`. Partial: the engine's
/// table shows its sections' titles itself; a view of this class is not placed by the table.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// `UITableViewHeaderFooterView.reuseIdentifier`: the identifier given.
    public let reuseIdentifier: String?
    /// `UITableViewHeaderFooterView(reuseIdentifier:)`: an empty header or footer view.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(madeContent)
    }
    /// `UITableViewHeaderFooterView(coder:)`: an empty view; no identifier.
    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
        addSubview(madeContent)
    }
    private let madeContent = UIView()
    /// `UITableViewHeaderFooterView.contentView`: the view to add content to.
    open var contentView: UIView { madeContent }
    /// `UITableViewHeaderFooterView.textLabel`: a label made on first use, laid out in the content view.
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
    /// `UITableViewHeaderFooterView.detailTextLabel`: always nil.
    open var detailTextLabel: UILabel? { nil }
    /// `UITableViewHeaderFooterView.prepareForReuse()`: does nothing.
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
    /// `UIContextualAction.Style`: normal (grey) or destructive (red).
    public enum Style: Int, Sendable { case normal, destructive }
    /// The action's handler: the action, the button view, and a block to call when done.
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void
    /// `UIContextualAction.style`: the engine action's style.
    public let style: Style
    /// `UIContextualAction.title`: the button's title.
    open var title: String?
    /// `UIContextualAction.image`: stored only; swipe buttons show their title.
    open var image: UIImage?
    /// `UIContextualAction.backgroundColor`: the button's colour (red for destructive, else grey).
    open var backgroundColor: UIColor!
    /// `UIContextualAction.handler`: run when the engine swipe button is tapped.
    public let handler: Handler
    /// `UIContextualAction(style:title:handler:)`: an action shown as an engine swipe button.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style; self.title = title; self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a row shows when swiped, as `UISwipeActionsConfiguration`.
@preconcurrency @MainActor
open class UISwipeActionsConfiguration: NSObject {
    /// `UISwipeActionsConfiguration.actions`: the row's swipe buttons, in order.
    public let actions: [UIContextualAction]
    /// Whether a full swipe performs the first action.
    open var performsFirstActionWithFullSwipe = true
    /// `UISwipeActionsConfiguration(actions:)`: a configuration of `actions`.
    public init(actions: [UIContextualAction]) { self.actions = actions }
}
