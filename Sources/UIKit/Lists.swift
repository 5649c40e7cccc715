import Geometry
import RenderModel
import Timeline
import UpdateLoop

// UIKit's table and collection views over the engine's: cell reuse, only the visible rows
// having cells, batch updates with row animations, selection and sticky headers are the
// engine's ``TableView`` and ``CollectionView``'s. A registered cell class of yours is made
// through its `init(style:reuseIdentifier:)` or `init(frame:)`, which the ObjCLowering plugin
// marks `required` in cell subclasses (UIKit makes them by the runtime).
//
// This file holds the data source and delegate protocols and the bridges that put the
// engine's questions to them. The views are in `UITableView.swift` and
// `UICollectionView.swift`, their cells in `UITableViewCell.swift` and
// `UICollectionViewCell.swift`, layouts in `UICollectionViewLayout.swift`.

// MARK: - Table view protocols

/// What a table shows; `cellForRowAt` and `numberOfRowsInSection` are required, the rest
/// optional.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    /// `UITableViewDataSource.numberOfSections(in:)`: how many sections the engine table shows.
    func numberOfSections(in tableView: UITableView) -> Int
    /// `UITableViewDataSource.tableView(_:numberOfRowsInSection:)`: how many rows a section has.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// `UITableViewDataSource.tableView(_:cellForRowAt:)`: the cell of a row (its engine cell is shown).
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// `UITableViewDataSource.tableView(_:titleForHeaderInSection:)`: a section's header title.
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// `UITableViewDataSource.tableView(_:titleForFooterInSection:)`: a section's footer title.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// `UITableViewDataSource.tableView(_:canEditRowAt:)`: whether a row may be swiped to delete.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// `UITableViewDataSource.tableView(_:commit:forRowAt:)`: delete (or insert) the row's data now.
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// `UITableViewDataSource.tableView(_:canMoveRowAt:)`: asked by nothing here (rows are not dragged).
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// `UITableViewDataSource.tableView(_:moveRowAt:to:)`: asked by nothing here (rows are not dragged).
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}
extension UITableViewDataSource {
    /// One section by default.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// Nil by default.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Nil by default.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// False here (UIKit's is true when the data source implements `commit`, which Swift cannot
    /// see): return true to get swipe to delete without a trailing configuration.
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default.
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// False by default.
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default.
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What a table tells and asks its delegate (a scroll view delegate too); every method optional.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// `UITableViewDelegate.tableView(_:heightForRowAt:)`: a row's height, in points.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// `UITableViewDelegate.tableView(_:estimatedHeightForRowAt:)`: a row's estimated height, in points.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// `UITableViewDelegate.tableView(_:heightForHeaderInSection:)`: a header's height, in points.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// `UITableViewDelegate.tableView(_:heightForFooterInSection:)`: a footer's height, in points.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// `UITableViewDelegate.tableView(_:willDisplay:forRowAt:)`: a cell is about to show.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// `UITableViewDelegate.tableView(_:didSelectRowAt:)`: a row was selected.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// `UITableViewDelegate.tableView(_:didDeselectRowAt:)`: a row was deselected.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// `UITableViewDelegate.tableView(_:trailingSwipeActionsConfigurationForRowAt:)`: the buttons a
    /// left swipe shows (engine swipe actions).
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// `UITableViewDelegate.tableView(_:leadingSwipeActionsConfigurationForRowAt:)`: asked by nothing
    /// here; only trailing swipes exist.
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// `UITableViewDelegate.tableView(_:editingStyleForRowAt:)`: the row's editing style (delete by
    /// default).
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
    /// The table's `rowHeight` by default.
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// The table's `estimatedRowHeight` by default.
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }
    /// The table's `sectionHeaderHeight` by default.
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    /// The table's `sectionFooterHeight` by default.
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    /// Does nothing by default.
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing by default.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Does nothing by default.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Nil by default.
    public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Nil by default.
    public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// `.delete` by default.
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    /// Nil by default.
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// Nil by default.
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// Does nothing by default.
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    /// Does nothing by default.
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

// MARK: - Collection view protocols

/// What a collection view shows. `numberOfItemsInSection` and `cellForItemAt` are required;
/// `viewForSupplementaryElementOfKind` is needed when the layout places supplementary views
/// (without it they show nothing and the window's diagnostics say so).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// `UICollectionViewDataSource.numberOfSections(in:)`: how many sections the collection view shows.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// `UICollectionViewDataSource.collectionView(_:numberOfItemsInSection:)`: a section's item count.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// `UICollectionViewDataSource.collectionView(_:cellForItemAt:)`: the cell of an item.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// `UICollectionViewDataSource.collectionView(_:viewForSupplementaryElementOfKind:at:)`: a header,
    /// footer or other supplementary view.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
    /// Partial: asked by nothing yet (interactive reordering is not built).
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Partial: called by nothing yet (interactive reordering is not built).
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}
extension UICollectionViewDataSource {
    /// One section by default.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// A placeholder view by default (the collection view's view for a missing supplementary view).
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.missingSupplementaryView(ofKind: kind, at: indexPath)
    }
    /// False by default.
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default.
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What a collection view tells its delegate (a scroll view delegate too); every method optional.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// `UICollectionViewDelegate.collectionView(_:didSelectItemAt:)`: an item was selected.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// `UICollectionViewDelegate.collectionView(_:shouldSelectItemAt:)`: whether an item may be selected.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// `UICollectionViewDelegate.collectionView(_:didDeselectItemAt:)`: an item was deselected.
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// `UICollectionViewDelegate.collectionView(_:shouldHighlightItemAt:)`: whether an item may
    /// highlight while pressed.
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// `UICollectionViewDelegate.collectionView(_:willDisplay:forItemAt:)`: a cell is about to show.
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// `UICollectionViewDelegate.collectionView(_:willDisplaySupplementaryView:forElementKind:at:)`: a
    /// supplementary view is about to show.
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
}
extension UICollectionViewDelegate {
    /// Does nothing by default.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// True by default.
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing by default.
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// True by default.
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing by default.
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Does nothing by default.
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
}

/// A flow layout's per-item and per-section questions; every method optional (the defaults are
/// the layout's properties).
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// `UICollectionViewDelegateFlowLayout`'s item size for an index path, in points.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    /// `UICollectionViewDelegateFlowLayout`'s insets of a section, in points.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    /// `UICollectionViewDelegateFlowLayout`'s spacing between lines of a section, in points.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// `UICollectionViewDelegateFlowLayout`'s spacing between items on a line, in points.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    /// `UICollectionViewDelegateFlowLayout`'s header size of a section, in points.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    /// `UICollectionViewDelegateFlowLayout`'s footer size of a section, in points.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}
extension UICollectionViewDelegateFlowLayout {
    /// The flow layout's `itemSize` by default (50 × 50 points for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
    /// The flow layout's `sectionInset` by default (none for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    /// The flow layout's `minimumLineSpacing` by default (10 points for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }
    /// The flow layout's `minimumInteritemSpacing` by default (10 points for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }
    /// The flow layout's `headerReferenceSize` by default (zero for another layout).
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    /// The flow layout's `footerReferenceSize` by default (zero for another layout).
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
