// Index paths and the table view's data source and delegate protocols, apart from
// TableView.swift to keep files short.
import Scrolling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension IndexPath {
    /// UIKit's table index path: a row in a section.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// UIKit's collection index path: an item in a section.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section: the first index (0 for an empty path).
    public var section: Int { count > 0 ? self[0] : 0 }
    /// The row in the section: the second index (0 when there is none).
    public var row: Int { count > 1 ? self[1] : 0 }
    /// The item in the section, for collections: the same index as ``row``.
    public var item: Int { row }
}

/// What a table view shows (SC4), as `UITableViewDataSource`.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many sections the table has (1 by default).
    func numberOfSections(in tableView: TableView) -> Int
    /// How many rows `section` has. Asked when the table loads or reloads, not per frame.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`, dequeued and configured; asked only when the row comes into view.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The header text of `section`; nil: no header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// The footer text of `section`; nil: no footer.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
    /// By default a table has one section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// By default sections have no header.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// By default sections have no footer.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// What a table view tells and asks (SC4), as `UITableViewDelegate` (a scroll view delegate too).
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// The row's height in points, or ``TableView/automaticDimension`` to measure its cell.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// A row's height until its cell is measured, for rows of ``TableView/automaticDimension``.
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double
    /// The header's height in points.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    /// The footer's height in points.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
    /// The user selected the row at `indexPath`.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user's selection left the row at `indexPath`.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The row's cell is about to come into view, configured.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// The actions a row shows when swiped toward the leading edge (nil: it does not swipe).
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
}

extension TableViewDelegate {
    /// By default every row is ``TableView/rowHeight`` tall.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { tableView.rowHeight }
    /// By default the table's ``TableView/estimatedRowHeight``.
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double { tableView.estimatedRowHeight }
    /// By default the table's ``TableView/sectionHeaderHeight``.
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { tableView.sectionHeaderHeight }
    /// By default the table's ``TableView/sectionFooterHeight``.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { tableView.sectionFooterHeight }
    /// By default nothing happens.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// By default nothing happens.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// By default nothing happens.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// By default rows do not swipe.
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
}
