@_spi(Engine) import Views
@_spi(Engine) import Controls
@_spi(Engine) import Scrolling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import UpdateLoop

/// A row of a table (SC4), as `UITableViewCell`: a content view holding the default text label
/// and detail label (made on first use, `Label?` as in UIKit), an accessory, selection and
/// highlight, and ``prepareForReuse()`` when it is dequeued again.
open class TableViewCell: View {
    /// The mark at the row's trailing edge: none, a chevron, or a checkmark.
    public enum AccessoryType: Sendable { case none, disclosureIndicator, checkmark }
    /// The identifier the cell is reused under; nil for a cell made by hand.
    public let reuseIdentifier: String?
    /// The view to add the row's subviews to: it holds the text labels and keeps clear of the accessory.
    public let contentView = View()
    /// The mark at the trailing edge (none by default).
    public var accessoryType: AccessoryType = .none {
        didSet { if accessoryType != oldValue { setNeedsDisplay(); setNeedsLayout() } }
    }
    /// Whether the row is selected: drawn with ``selectedBackgroundColor``.
    public var isSelected = false { didSet { updateBackground(); if isSelected != oldValue { accessibilityTraitsDidChange() } } }
    /// One element read as its labels' texts joined by commas, selected while selected (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        var texts: [String] = []
        func collect(_ v: View) {
            for s in v.subviews where !s.isHidden && s.alpha > 0 {
                if let l = s as? Label, !l.text.isEmpty { texts.append(l.text) } else { collect(s) }
            }
        }
        collect(self)
        return AccessibilityDefaults(isElement: true, label: texts.isEmpty ? nil : texts.joined(separator: ", "), traits: isSelected ? .selected : [])
    }
    /// Whether a press is on the row: drawn as selected until released.
    public var isHighlighted = false { didSet { updateBackground() } }
    /// The row's colour while selected or highlighted.
    public var selectedBackgroundColor = Color(red: 0.2, green: 0.35, blue: 0.6, alpha: 0.6)
    /// The row's colour otherwise (clear by default).
    public var normalBackgroundColor: Color = .clear { didSet { updateBackground() } }
    /// The hairline under the row.
    public var separatorColor = Color(red: 1, green: 1, blue: 1, alpha: 0.12) { didSet { setNeedsDisplay() } }
    private var madeTextLabel: Label?
    private var madeDetailLabel: Label?

    /// A cell for the reuse pool of `reuseIdentifier` (the table sets its frame).
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        contentView.identifier = "contentView"
        addSubview(contentView)
        contentMode = .redraw
    }

    /// A cell outside any reuse pool placed by `frame`, as UIKit's `init(frame:)` (MR6).
    public convenience override init(frame: Rect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// The default title, made on first use.
    public var textLabel: Label? {
        if let l = madeTextLabel { return l }
        let l = Label(text: "", fontSize: 16)
        l.translatesAutoresizingMaskIntoConstraints = true
        contentView.addSubview(l)
        madeTextLabel = l
        setNeedsLayout()
        return l
    }

    /// The default subtitle (right-aligned detail), made on first use.
    public var detailTextLabel: Label? {
        if let l = madeDetailLabel { return l }
        let l = Label(text: "", fontSize: 14)
        l.textColor = Color(red: 0.6, green: 0.63, blue: 0.7)
        l.textAlignment = .right
        l.translatesAutoresizingMaskIntoConstraints = true
        contentView.addSubview(l)
        madeDetailLabel = l
        setNeedsLayout()
        return l
    }

    /// Called before the table hands the cell out again: reset what a row set.
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
        accessoryType = .none
    }

    private func updateBackground() {
        backgroundColor = isSelected || isHighlighted ? selectedBackgroundColor : normalBackgroundColor
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let accessory = accessoryType == .none ? 0.0 : 28.0
        contentView.frame = Rect(x: 0, y: 0, width: max(0, bounds.width - accessory), height: bounds.height)
        let b = contentView.bounds
        // Labels centred vertically, as UIKit's default cell lays them out.
        if let l = madeTextLabel {
            let h = min(b.height, l.intrinsicContentSize.height)
            l.frame = Rect(x: 16, y: ((b.height - h) / 2).rounded(), width: max(0, b.width * 0.6 - 16), height: h)
        }
        if let l = madeDetailLabel {
            let h = min(b.height, l.intrinsicContentSize.height)
            l.frame = Rect(x: b.width * 0.6, y: ((b.height - h) / 2).rounded(), width: max(0, b.width * 0.4 - 12), height: h)
        }
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 16, y: bounds.height - 0.5, width: bounds.width - 16, height: 0.5), color: separatorColor)
        let c = Point(x: bounds.width - 16, y: bounds.height / 2)
        let tint = Color(red: 0.6, green: 0.63, blue: 0.7)
        switch accessoryType {
        case .none: break
        case .disclosureIndicator:
            canvas.line(from: Point(x: c.x - 4, y: c.y - 6), to: c, color: tint, width: 2)
            canvas.line(from: c, to: Point(x: c.x - 4, y: c.y + 6), color: tint, width: 2)
        case .checkmark:
            canvas.line(from: Point(x: c.x - 9, y: c.y), to: Point(x: c.x - 4, y: c.y + 5), color: tint, width: 2)
            canvas.line(from: Point(x: c.x - 4, y: c.y + 5), to: Point(x: c.x + 4, y: c.y - 6), color: tint, width: 2)
        }
    }
}

/// A vertical list of rows in sections with cell reuse (SC4, SC7), as `UITableView`: only the
/// visible rows (plus a margin) have cells, dequeued from a reuse pool by identifier, so a frame of
/// scrolling costs the same in 100 rows and 100,000. Row positions are prefix sums of the heights
/// (the delegate's, or ``rowHeight``), found by binary search. Section headers float at the top
/// in the plain style.
open class TableView: ScrollView {
    /// Plain rows edge to edge with floating headers, or grouped sections with gaps between them.
    public enum Style: Sendable { case plain, grouped }
    /// Where a row scrolled to comes to rest: at the top, middle or bottom of the view, or (none) no particular place.
    public enum ScrollPosition: Sendable { case none, top, middle, bottom }

    /// The table's style, set when made.
    public let style: Style
    /// What the table shows; setting it reloads. Held weakly.
    public weak var dataSource: (any TableViewDataSource)? { didSet { reloadData() } }
    /// Told of selection and asked for heights and swipe actions; it is also the scroll view's delegate. Setting it reloads.
    public var tableDelegate: (any TableViewDelegate)? {
        get { delegate as? any TableViewDelegate }
        set { delegate = newValue; reloadData() }
    }
    /// Every row's height in points when the delegate gives none (44 by default), or ``automaticDimension``.
    public var rowHeight = 44.0 { didSet { reloadData() } }
    /// A row height that asks the row's cell (SC4's self-sizing rows): the cell's content view is
    /// measured by its constraints at the table's width when the row first shows.
    public static let automaticDimension = -1.0
    /// The height of a self-sizing row until it is measured (0: 44 points).
    public var estimatedRowHeight = 0.0 { didSet { reloadData() } }
    /// A section header's height in points when the delegate gives none.
    public var sectionHeaderHeight = 28.0
    /// A section footer's height in points when the delegate gives none.
    public var sectionFooterHeight = 28.0
    /// Space before each section in the grouped style.
    public var sectionGap = 18.0
    /// Extra points above and below the viewport that get cells too.
    public var preloadMargin = 88.0
    /// Whether a tap selects a row.
    public var allowsSelection = true

    var reuse = ReusePool<TableViewCell>()
    /// The cells showing, by flat row number.
    var live: [Int: TableViewCell] = [:]
    /// Rows whose cells left the viewport this pass (storage kept between frames).
    private var gone: [Int] = []
    /// Sections: their first flat row, row count, header top; and each flat row's top (n + 1 entries).
    var sectionStarts: [Int] = []
    var sectionCounts: [Int] = []
    var headerTops: [Double] = []
    var footerTops: [Double] = []
    /// Each section's header and footer title and height, asked once per reload (not per frame).
    private var headerTitles: [String?] = [], footerTitles: [String?] = []
    private var headerHeights: [Double] = [], footerHeights: [Double] = []
    /// The sections whose headers and footers are on screen.
    private var shownSections = 0..<0
    /// Where each section ends (its footer included): the next one's start.
    var sectionEnds: [Double] = []
    private var footers: [Int: Label] = [:]
    var rowTops: [Double] = [0]
    var rowHeights: [Double] = []
    /// Per flat row, whether its height is an estimate still to be measured (empty when no row
    /// sizes itself).
    var needsMeasure: [Bool] = []
    /// Rows measured in this pass and how much each grew (TableView+SelfSizing).
    var measuredRows: [(row: Int, delta: Double)] = []
    /// Whether measured heights are being applied (they call ``updateVisibleCells()`` again).
    var isApplyingMeasurements = false
    private var headers: [Int: Label] = [:]
    private var selected: Set<IndexPath> = []
    /// Cells made rather than reused, for tests and benches.
    public var cellsCreated: Int { reuse.created }
    /// Lets the cells kept for reuse go (MR5's memory warning); the rows showing keep theirs.
    open override func releaseCaches() { super.releaseCaches(); reuse.removeAll() }
    /// The row swiped open, or being swiped (TableView+Swipe).
    var swipe: SwipeState?
    private var needsReload = false
    /// The horizontal drag that swipes a row open.
    public let swipeRecognizer = PanGestureRecognizer()
    var swipeDelegate: SwipeGestureDelegate?

    /// A table of `style` in `frame` (points); give it a data source to fill it.
    public init(frame: Rect = .zero, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        takesContentSizeFromConstraints = false
        delaysContentTouches = false
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        tap.addAction { [weak self] r in self?.tapped(r) }
        addGestureRecognizer(tap)
        installSwipe()
    }

    // MARK: Batch updates (SC4)

    /// UIKit's row animations; fade and the slides are drawn, the others fade.
    public enum RowAnimation: Sendable { case fade, right, left, top, bottom, none, middle, automatic }

    private struct PendingUpdates {
        var inserts: [IndexPath] = [], deletes: [IndexPath] = [], reloads: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        var animation: RowAnimation = .automatic
    }
    private var pending: PendingUpdates?

    /// Inserts rows the data source now has at `indexPaths`, animated; the rows below move down.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { $0.inserts += indexPaths; $0.animation = animation }
    }
    /// Deletes the rows at `indexPaths` the data source no longer has, animated; the rows below move up.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { $0.deletes += indexPaths; $0.animation = animation }
    }
    /// Asks the data source again for the cells at `indexPaths`.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { $0.reloads += indexPaths; $0.animation = animation }
    }
    /// Moves a row from `indexPath` to `newIndexPath`, as the data source already has it.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        batch { $0.moves.append((indexPath, newIndexPath)) }
    }

    /// Outside ``performBatchUpdates(_:completion:)`` each change is its own batch.
    private func batch(_ change: (inout PendingUpdates) -> Void) {
        if pending != nil { change(&pending!); return }
        var p = PendingUpdates()
        change(&p)
        pending = p
        commitUpdates(completion: nil)
    }

    /// Applies the inserts, deletes, reloads and moves made in `updates` together, animated: the
    /// data source must already hold the new data. Counts that do not add up (rows after ≠ rows
    /// before + inserted − deleted ± moved, per section) are UIKit's "invalid update": reported to
    /// the window's diagnostics with the section and the counts, then the table reloads whole.
    /// Opens a batch that ``endUpdates()`` commits (UIKit's older form of a batch update);
    /// batches nest, and the outermost end commits.
    public func beginUpdates() {
        if pending == nil { pending = PendingUpdates() }
        updateDepth += 1
    }
    /// Closes a batch ``beginUpdates()`` opened; the outermost one applies the changes together.
    public func endUpdates() {
        guard updateDepth > 0 else { return }
        updateDepth -= 1
        if updateDepth == 0 { commitUpdates(completion: nil) }
    }
    private var updateDepth = 0

    /// Runs `updates` as one batch; `completion` runs when its animations end.
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        if pending == nil { pending = PendingUpdates() }
        updates()
        commitUpdates(completion: completion)
    }

    private func commitUpdates(completion: ((Bool) -> Void)?) {
        guard let u = pending else { return }
        closeSwipe(animated: false)
        pending = nil
        guard let ds = dataSource else { completion?(false); return }
        let oldCounts = sectionCounts
        let newSections = max(0, ds.numberOfSections(in: self))
        // UIKit's check, section by section.
        for s in 0..<max(newSections, oldCounts.count) {
            let before = s < oldCounts.count ? oldCounts[s] : 0
            let after = s < newSections ? max(0, ds.tableView(self, numberOfRowsInSection: s)) : 0
            let inserted = u.inserts.filter { $0.section == s }.count, deleted = u.deletes.filter { $0.section == s }.count
            let movedIn = u.moves.filter { $0.1.section == s && $0.0.section != s }.count
            let movedOut = u.moves.filter { $0.0.section == s && $0.1.section != s }.count
            let badPath = u.deletes.contains { $0.section == s && ($0.row < 0 || $0.row >= before) }
                || u.inserts.contains { $0.section == s && ($0.row < 0 || $0.row >= after) }
            if newSections != oldCounts.count || after != before + inserted - deleted + movedIn - movedOut || badPath {
                if let w = window {
                    let message = newSections != oldCounts.count
                        ? "invalid update: the number of sections changed from \(oldCounts.count) to \(newSections) without inserting or deleting sections"
                        : badPath ? "invalid update: a row inserted or deleted in section \(s) is outside its \(before) rows before or \(after) after"
                        : invalidCountMessage("rows", section: s, before: before, after: after, inserted: inserted, deleted: deleted,
                                              movedIn: movedIn, movedOut: movedOut)
                    w.report(misuse: "TableView \(traceName): \(message); the table was reloaded", views: [traceName])
                }
                reloadData()
                completion?(false)
                return
            }
        }
        // Where each surviving old row goes: in order, skipping deleted and moved rows on the old
        // side and inserted and moved-to rows on the new side.
        var mapping: [Int: Int] = [:]                                 // old flat -> new flat
        let oldStarts = sectionStarts
        var newStarts: [Int] = []
        var acc = 0
        for s in 0..<newSections { newStarts.append(acc); acc += ds.tableView(self, numberOfRowsInSection: s) }
        for s in 0..<newSections {
            let gone = Set(u.deletes.filter { $0.section == s }.map(\.row) + u.moves.filter { $0.0.section == s }.map { $0.0.row })
            let came = Set(u.inserts.filter { $0.section == s }.map(\.row) + u.moves.filter { $0.1.section == s }.map { $0.1.row })
            let before = oldCounts[s], after = ds.tableView(self, numberOfRowsInSection: s)
            let olds = (0..<before).filter { !gone.contains($0) }, news = (0..<after).filter { !came.contains($0) }
            for (o, n) in zip(olds, news) { mapping[oldStarts[s] + o] = newStarts[s] + n }
        }
        for (from, to) in u.moves { if let a = flatRow(from) { mapping[a] = newStarts[to.section] + to.row } }
        let reloaded = Set(u.reloads.compactMap { flatRow($0) })
        // Old cells: survivors keep their cell (moved to the new place), the rest leave.
        var survivors: [Int: TableViewCell] = [:]
        var leaving: [TableViewCell] = []
        for (f, cell) in live {
            if let n = mapping[f], !reloaded.contains(f) { survivors[n] = cell } else { leaving.append(cell) }
        }
        // The survivors go in under their new rows before the metrics change: a content size that
        // clamps the offset makes cells for the rows it shows, and must find these (not make
        // doubles of them). They keep their old frames until the animation moves them.
        live = survivors
        rebuildMetrics()
        // New rows and the reloaded ones get cells at their new places.
        let animated = u.animation != .none
        let appearing = Set(u.inserts.compactMap { flatRow($0) } + u.reloads.compactMap { flatRow($0) })
        updateVisibleCells()
        let slide: Double = switch u.animation {
        case .left: -bounds.width
        case .right: bounds.width
        default: 0
        }
        for (f, cell) in live where appearing.contains(f) && animated {
            cell.alpha = 0
            if slide != 0 { cell.frame = cell.frame.offsetBy(dx: slide, dy: 0) }
        }
        let apply = {
            for (f, cell) in self.live where f < self.rowHeights.count {
                cell.frame = self.rowRect(f)
                cell.alpha = 1
            }
            for cell in leaving {
                cell.alpha = 0
                if slide != 0 { cell.frame = cell.frame.offsetBy(dx: slide, dy: 0) }
            }
        }
        guard animated, window != nil else {
            apply()
            for cell in leaving { recycle(cell) }
            completion?(true)
            return
        }
        View.animate(withDuration: 0.3, animations: apply) { [weak self] finished in
            for cell in leaving {
                cell.alpha = 1
                self?.recycle(cell)
            }
            completion?(finished)
        }
    }

    // MARK: Data

    /// Asks the data source for its counts and heights again and rebuilds the visible cells.
    public func reloadData() {
        needsReload = false
        closeSwipe(animated: false)
        for (_, cell) in live { recycle(cell) }
        live.removeAll()
        rebuildMetrics()
        updateVisibleCells()
    }

    /// Counts, row tops and heights from the data source and delegate (cells untouched).
    private func rebuildMetrics() {
        for (_, h) in headers { h.removeFromSuperview() }
        headers.removeAll()
        for (_, f) in footers { f.removeFromSuperview() }
        footers.removeAll()
        shownSections = 0..<0
        headerTitles = []; footerTitles = []; headerHeights = []; footerHeights = []
        guard let ds = dataSource else { rowTops = [0]; rowHeights = []; sectionStarts = []; sectionCounts = []; contentSize = Size(width: bounds.width, height: 0); return }
        let sections = max(0, ds.numberOfSections(in: self))
        sectionStarts = []; sectionCounts = []; headerTops = []; footerTops = []; sectionEnds = []
        let d = tableDelegate
        var flat = 0
        var y = 0.0
        rowTops = []
        rowHeights = []
        needsMeasure = []
        for s in 0..<sections {
            let n = max(0, ds.tableView(self, numberOfRowsInSection: s))
            let headerTitle = ds.tableView(self, titleForHeaderInSection: s)
            let headerHeight = headerTitle != nil ? Self.finite(d?.tableView(self, heightForHeaderInSection: s) ?? sectionHeaderHeight) : 0
            headerTitles.append(headerTitle)
            headerHeights.append(headerHeight)
            if style == .grouped { y += sectionGap }
            headerTops.append(y)
            y += headerHeight
            sectionStarts.append(flat)
            sectionCounts.append(n)
            for r in 0..<n {
                rowTops.append(y)
                let path = IndexPath(row: r, section: s)
                let h = d?.tableView(self, heightForRowAt: path) ?? rowHeight
                var height: Double
                if h == Self.automaticDimension {
                    let e = d?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
                    height = e.isFinite && e > 0 ? e : 44
                    if needsMeasure.isEmpty { needsMeasure = Array(repeating: false, count: rowHeights.count) }
                    needsMeasure.append(true)
                } else {
                    height = h.isFinite ? max(0, h) : (rowHeight.isFinite && rowHeight >= 0 ? rowHeight : 44)
                    if !needsMeasure.isEmpty { needsMeasure.append(false) }
                }
                rowHeights.append(height)
                y += height
            }
            footerTops.append(y)
            let footerTitle = ds.tableView(self, titleForFooterInSection: s)
            let footerHeight = footerTitle != nil ? Self.finite(d?.tableView(self, heightForFooterInSection: s) ?? sectionFooterHeight) : 0
            footerTitles.append(footerTitle)
            footerHeights.append(footerHeight)
            y += footerHeight
            sectionEnds.append(y)
            flat += n
        }
        rowTops.append(y)
        contentSize = Size(width: bounds.width, height: y)
    }

    /// A header's or footer's height as laid out: not negative; 0 if not finite (MR0).
    private static func finite(_ h: Double) -> Double { h.isFinite ? max(0, h) : 0 }
    /// How many sections the table has, as last loaded.
    public var numberOfSections: Int { sectionCounts.count }
    /// How many rows `section` has, as last loaded; 0 for no such section.
    public func numberOfRows(inSection section: Int) -> Int { sectionCounts.indices.contains(section) ? sectionCounts[section] : 0 }

    func flatRow(_ p: IndexPath) -> Int? {
        guard sectionStarts.indices.contains(p.section), p.row >= 0, p.row < sectionCounts[p.section] else { return nil }
        return sectionStarts[p.section] + p.row
    }

    /// The section and row of a flat row: the last section starting at or before it (empty
    /// sections share the next one's start, so the last is the one that holds it).
    func indexPath(flat: Int) -> IndexPath {
        var lo = 0, hi = sectionStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionStarts[mid] <= flat { lo = mid } else { hi = mid - 1 }
        }
        return IndexPath(row: flat - (sectionStarts.isEmpty ? 0 : sectionStarts[lo]), section: lo)
    }

    /// The first flat row whose bottom is below `y`.
    private func firstRow(below y: Double) -> Int {
        let n = rowTops.count - 1
        guard n > 0 else { return 0 }
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if rowTops[mid + 1] <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: Geometry

    /// The row's rectangle in the table's content coordinates, in points; found from the row heights' running sums, not from cells.
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        guard let f = flatRow(indexPath) else { return .null }
        return rowRect(f)
    }

    /// Where the row at flat index `f` lies in the content.
    private func rowRect(_ f: Int) -> Rect { Rect(x: 0, y: rowTops[f], width: bounds.width, height: rowHeights[f]) }

    /// The row under `point` (the table's coordinates); nil when no row is there. A binary search over the rows' positions.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        let n = rowTops.count - 1
        guard n > 0, point.y >= 0, point.y < rowTops[n] else { return nil }
        let f = firstRow(below: point.y)
        guard f < n, point.y >= rowTops[f], point.y < rowTops[f] + rowHeights[f] else { return nil }
        return indexPath(flat: f)
    }

    /// The cell showing the row; nil when the row has none (off screen).
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { flatRow(indexPath).flatMap { live[$0] } }

    /// Scrolls so the row rests at `position`, animated or at once.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let r = rectForRow(at: indexPath)
        guard !r.isNull else { return }
        switch position {
        case .none: scrollRectToVisible(r, animated: animated)
        case .top: setContentOffset(Point(x: 0, y: r.minY), animated: animated)
        case .middle: setContentOffset(Point(x: 0, y: r.midY - bounds.height / 2), animated: animated)
        case .bottom: setContentOffset(Point(x: 0, y: r.maxY - bounds.height), animated: animated)
        }
    }

    // MARK: Selection

    /// The first selected row in section and row order; nil when none is.
    public var indexPathForSelectedRow: IndexPath? { selected.min { ($0.section, $0.row) < ($1.section, $1.row) } }

    /// Selects the row (nil: clears the selection) and scrolls it to `scrollPosition`; the delegate is not told.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        for p in selected { cellForRow(at: p)?.isSelected = false }
        selected.removeAll()
        guard let indexPath, flatRow(indexPath) != nil else { return }
        selected.insert(indexPath)
        cellForRow(at: indexPath)?.isSelected = true
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row; the delegate is not told.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        cellForRow(at: indexPath)?.isSelected = false
    }

    private func tapped(_ r: GestureRecognizer) {
        // A tap while a row is open closes it (and selects nothing), as UIKit's.
        if swipe != nil, r.state == .ended {
            if let s = swipe, s.actionsView.bounds.contains(s.actionsView.pointFromWindow(r.locationInWindow)) { return }
            closeSwipe(animated: true)
            return
        }
        guard allowsSelection, r.state == .ended, let p = indexPathForRow(at: r.location(in: self)) else { return }
        selectRow(at: p, animated: false, scrollPosition: .none)
        tableDelegate?.tableView(self, didSelectRowAt: p)
    }

    // MARK: Visible cells (SC7)

    /// Reloads at the next layout (as UIKit's first load waits for layout): a facade that sets
    /// its data source before its cell classes are registered asks for this.
    public func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsReload { needsReload = false; reloadData() }
        if contentSize.width != bounds.width {
            // The table changed width (a container laid it out after its first cells were
            // made): the content and the cells on screen take the new width, as UIKit's do.
            contentSize = Size(width: bounds.width, height: contentSize.height)
            for (f, cell) in live where f < rowHeights.count { cell.frame = rowRect(f) }
        }
        updateVisibleCells()
    }

    @_spi(Engine) open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        if swipe != nil, isDragging { closeSwipe(animated: true) }
        updateVisibleCells()
    }

    /// Gives cells to the rows in the viewport plus the margin and takes them from rows that left:
    /// work in proportion to the rows that changed, whatever the row count.
    func updateVisibleCells() {
        guard let ds = dataSource, rowTops.count > 1 else { return }
        let top = contentOffset.y - preloadMargin, bottom = contentOffset.y + bounds.height + preloadMargin
        let n = rowTops.count - 1
        let first = firstRow(below: max(0, top))
        var last = first
        while last < n, rowTops[last] < bottom { last += 1 }
        // Rows that left (collected first: removing while iterating would copy the dictionary).
        gone.removeAll(keepingCapacity: true)
        for key in live.keys where key < first || key >= last { gone.append(key) }
        for key in gone { if let cell = live.removeValue(forKey: key) { recycle(cell) } }
        // Rows that came.
        if first < last {
            for f in first..<last where live[f] == nil {
                let path = indexPath(flat: f)
                let cell = ds.tableView(self, cellForRowAt: path)
                if !needsMeasure.isEmpty, needsMeasure[f] { measure(cell, row: f) }
                cell.frame = rowRect(f)
                cell.isSelected = selected.contains(path)
                if cell.superview !== self { insertSubview(cell, at: 0) } else { cell.isHidden = false }
                live[f] = cell
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
            }
        }
        updateHeaders()
        if !measuredRows.isEmpty { applyMeasuredHeights() }
    }

    /// Section headers and footers of the sections on screen (found by binary search): headers at
    /// their place, or floating at the top while their section scrolls past (the plain style);
    /// footers under their rows.
    private func updateHeaders() {
        guard dataSource != nil, !sectionEnds.isEmpty else { return }
        let top = contentOffset.y, bottom = top + bounds.height
        var lo = 0, hi = sectionEnds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionEnds[mid] <= top { lo = mid + 1 } else { hi = mid }
        }
        var s = lo
        while s < sectionEnds.count, headerTops[s] < bottom {
            if let title = headerTitles[s] {
                let h = headerHeights[s]
                let label = headers[s] ?? makeSupplementary(title, store: &headers, s)
                var y = headerTops[s]
                if style == .plain { y = min(max(y, top), sectionEnds[s] - h) }
                label.frame = Rect(x: 0, y: y, width: bounds.width, height: h)
            }
            if let title = footerTitles[s] {
                let h = footerHeights[s]
                let label = footers[s] ?? makeSupplementary(title, store: &footers, s)
                label.frame = Rect(x: 0, y: footerTops[s], width: bounds.width, height: h)
            }
            s += 1
        }
        // Sections lo..<s are on screen; those that were and are not lose their labels (only
        // they are looked at, not every label).
        let shown = lo..<s
        for k in shownSections where !shown.contains(k) {
            headers.removeValue(forKey: k)?.removeFromSuperview()
            footers.removeValue(forKey: k)?.removeFromSuperview()
        }
        shownSections = shown
    }

    private func makeSupplementary(_ title: String, store: inout [Int: Label], _ s: Int) -> Label {
        let l = SectionTitleLabel(text: title, fontSize: 13)
        l.translatesAutoresizingMaskIntoConstraints = true
        l.backgroundColor = Color(red: 0.14, green: 0.15, blue: 0.18, alpha: 0.96)
        l.textColor = Color(red: 0.7, green: 0.73, blue: 0.8)
        // Above the cells (which go in at the bottom) and below the indicators, once: moving it
        // again each pass would make two headers on screen trade places, flagging layout forever.
        bringToFrontBelowIndicators(l)
        store[s] = l
        return l
    }

    private func recycle(_ cell: TableViewCell) { reuse.recycle(cell, identifier: cell.reuseIdentifier) }
}

/// A section header or footer of a table: its title inset from the leading edge as UIKit's.
final class SectionTitleLabel: Label {
    static let inset = 16.0

    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard !text.isEmpty, bounds.width > 2 * Self.inset else { return }
        let layout = textLayout(width: bounds.width - 2 * Self.inset, height: bounds.height)
        canvas.draw(layout, at: Point(x: Self.inset, y: ((bounds.height - layout.size.height) / 2).rounded()))
    }
}
