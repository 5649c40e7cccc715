import Geometry
import RenderModel
import Timeline
import UpdateLoop

// UIKit's pickers over the engine's scroll view: a `UIPickerView` is a row of wheels, each an
// engine ``ScrollView`` whose drags, flings, wheel turns and arrow keys come to rest with a row
// centred behind the selection band; a `UIDatePicker` drives such wheels from Foundation's
// `Calendar`, or shows its date as compact pills that open the wheels (`UIDatePicker.swift`).

// MARK: - Data source and delegate

/// What a picker view asks for its shape: how many components (wheels) and rows.
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: AnyObject {
    /// `UIPickerViewDataSource.numberOfComponents(in:)`: how many wheels (columns) the picker has.
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    /// `UIPickerViewDataSource.pickerView(_:numberOfRowsInComponent:)`: how many rows a wheel has.
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What a picker view asks for its rows and tells of the user's choices; every method is
/// optional. Rows show the delegate's view for them, else its attributed title, else its title.
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: AnyObject {
    /// `UIPickerViewDelegate`'s width of a wheel, in points.
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    /// `UIPickerViewDelegate`'s row height of a wheel, in points.
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    /// `UIPickerViewDelegate`'s title of a row.
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// `UIPickerViewDelegate`'s attributed title of a row (taken before the plain title).
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString?
    /// `UIPickerViewDelegate`'s view for a row (a label by default).
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView
    /// `UIPickerViewDelegate`: a wheel came to rest on a row.
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    /// An equal share of the picker's width.
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        pickerView.equalComponentWidth
    }
    /// `UIPickerView.defaultRowHeight` by default.
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
        UIPickerView.defaultRowHeight
    }
    /// Nil by default.
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    /// Nil by default.
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString? { nil }
    /// A centred label with the row's attributed title or title (the picker's own row view).
    public func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView {
        let label = (view as? PickerRowLabel) ?? PickerRowLabel()
        if let attributed = self.pickerView(pickerView, attributedTitleForRow: row, forComponent: component) {
            label.apply(attributed)
        } else {
            label.apply(self.pickerView(pickerView, titleForRow: row, forComponent: component))
        }
        return label
    }
    /// Does nothing by default.
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// The label a picker makes for a row from its title.
final class PickerRowLabel: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = .systemFont(ofSize: 21)
        textAlignment = .center
        isUserInteractionEnabled = false
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    func apply(_ title: String?) {
        text = title
        textColor = .label
    }
    func apply(_ attributed: NSAttributedString) {
        text = attributed.string
        let color = attributed.length > 0 ? attributed.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor : nil
        textColor = color ?? .label
        if attributed.length > 0, let f = attributed.attribute(.font, at: 0, effectiveRange: nil) as? UIFont { font = f }
    }
}

// MARK: - UIPickerView

/// `UIPickerView`: one wheel per component, each a vertical engine scroll view of rows
/// (``defaultRowHeight`` points unless the delegate says otherwise). Dragging or flinging a
/// wheel decelerates as a scroll view does and comes to rest with a row centred behind the
/// light grey selection band; the mouse wheel and the arrow keys (when the wheel has the keys)
/// move one row at a time, and a click on a row away from the centre turns it to the centre.
/// Rows away from the centre fade. When a wheel comes to rest on a new row, the delegate's
/// `pickerView(_:didSelectRow:inComponent:)` is called once; `selectRow(_:inComponent:animated:)`
/// does not call it, as in UIKit. Only the rows in view exist; those scrolled out are handed
/// back to the delegate as the `reusing` view.
///
/// Partial: the wheels are flat columns whose rows fade, not iOS's curved, magnified drum, and
/// they do not loop; there is no sound or haptic tick.
@preconcurrency @MainActor
open class UIPickerView: UIView {
    /// The row height when the delegate gives none.
    public static let defaultRowHeight: CGFloat = 32
    /// Space between components, and the band's inset from the sides.
    static let componentSpacing = 5.0
    static let sideInset = 8.0

    /// `UIPickerView.dataSource`: gives the wheels and their row counts.
    open weak var dataSource: (any UIPickerViewDataSource)? { didSet { needsReload = true; setNeedsLayout() } }
    /// `UIPickerView.delegate`: gives the rows' titles or views and is told of selections.
    open weak var delegate: (any UIPickerViewDelegate)? { didSet { needsReload = true; setNeedsLayout() } }
    /// Partial: kept for code that sets it; as on iOS 7 and later, the selection band always shows.
    open var showsSelectionIndicator = false

    private var needsReload = true
    private var rowCounts: [Int] = []
    private var selected: [Int] = []
    var columns: [PickerColumn] = []
    /// The light grey band behind the centred rows.
    let selectionBand = View()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpPicker()
    }
    /// `UIPickerView(coder:)`: an empty picker.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpPicker()
    }
    private func setUpPicker() {
        view.clipsToBounds = true
        selectionBand.identifier = "selectionBand"
        selectionBand.backgroundColor = UIColor.tertiarySystemFill.color
        selectionBand.cornerRadius = 8
        selectionBand.isUserInteractionEnabled = false
        view.insertSubview(selectionBand, at: 0)
    }

    /// 216 points tall, as UIKit's wheels.
    open override var intrinsicContentSize: CGSize { CGSize(width: 320, height: 216) }

    // MARK: Components and rows

    /// `UIPickerView.numberOfComponents`: the data source's wheel count.
    open var numberOfComponents: Int { loadIfNeeded(); return rowCounts.count }
    /// `UIPickerView.numberOfRows(inComponent:)`: the data source's row count (0 outside the wheels).
    open func numberOfRows(inComponent component: Int) -> Int {
        loadIfNeeded()
        return rowCounts.indices.contains(component) ? rowCounts[component] : 0
    }

    /// Asks the data source again for the components and their rows; selections are kept where
    /// the rows still exist (else the last row), and the rows' views are asked for again.
    open func reloadAllComponents() {
        needsReload = false
        let n = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
        rowCounts = (0..<n).map { max(0, dataSource?.pickerView(self, numberOfRowsInComponent: $0) ?? 0) }
        selected = (0..<n).map { c in
            let previous = c < selected.count ? selected[c] : 0
            return rowCounts[c] == 0 ? -1 : min(max(previous, 0), rowCounts[c] - 1)
        }
        while columns.count > n {
            let column = columns.removeLast()
            column.removeFromSuperview()
            column.facadeRetainer = nil
        }
        while columns.count < n {
            let column = PickerColumn(picker: self, component: columns.count)
            // A facade of its own, so that a hit test (which answers with the nearest facade)
            // gives the wheel its drags, clicks and wheel turns rather than the picker.
            column.facadeRetainer = UIView.wrap(column)
            view.addSubview(column)
            columns.append(column)
        }
        for c in 0..<n { columns[c].reload(rows: rowCounts[c], rowHeight: rowHeight(c), selected: selected[c]) }
        setNeedsLayout()
    }

    /// Asks the data source again for one component's rows and the delegate for their views.
    open func reloadComponent(_ component: Int) {
        if needsReload { reloadAllComponents(); return }
        guard rowCounts.indices.contains(component) else { return }
        let count = max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
        rowCounts[component] = count
        selected[component] = count == 0 ? -1 : min(max(selected[component], 0), count - 1)
        columns[component].reload(rows: count, rowHeight: rowHeight(component), selected: selected[component])
    }

    private func loadIfNeeded() { if needsReload { reloadAllComponents() } }

    // MARK: Selection

    /// Turns `component`'s wheel to `row` (without telling the delegate, as UIKit).
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        loadIfNeeded()
        guard rowCounts.indices.contains(component), row >= 0, row < rowCounts[component] else { return }
        selected[component] = row
        columns[component].show(row: row, animated: animated)
    }

    /// The selected row of `component`, or -1 when it has no rows.
    open func selectedRow(inComponent component: Int) -> Int {
        loadIfNeeded()
        return selected.indices.contains(component) ? selected[component] : -1
    }

    /// The size of `component`'s rows.
    open func rowSize(forComponent component: Int) -> CGSize {
        loadIfNeeded()
        guard columns.indices.contains(component) else { return .zero }
        let width = columns[component].bounds.width > 0 ? CGFloat(columns[component].bounds.width) : componentWidth(component)
        return CGSize(width: width, height: rowHeight(component))
    }

    /// The delegate's view for a row in view, or nil when the row is not in view or the rows
    /// are the picker's own title labels.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        guard let v = rowView(row: row, component: component), !(v is PickerRowLabel) else { return nil }
        return v
    }

    /// The view showing a row now (the picker's title labels included).
    func rowView(row: Int, component: Int) -> UIView? {
        loadIfNeeded()
        guard columns.indices.contains(component) else { return nil }
        return columns[component].visible[row]
    }

    /// A wheel came to rest on `row` by the user's hand: a new row is selected and the delegate told.
    func wheel(_ component: Int, cameToRestOn row: Int) {
        guard selected.indices.contains(component), selected[component] != row else { return }
        selected[component] = row
        delegate?.pickerView(self, didSelectRow: row, inComponent: component)
    }

    // MARK: Layout

    /// The width each component gets when the delegate does not say.
    var equalComponentWidth: CGFloat {
        let n = max(1, rowCounts.count)
        let available = view.bounds.width - 2 * UIPickerView.sideInset - UIPickerView.componentSpacing * Double(n - 1)
        return CGFloat(max(0, available / Double(n)))
    }
    func componentWidth(_ c: Int) -> CGFloat {
        let w = delegate?.pickerView(self, widthForComponent: c) ?? equalComponentWidth
        return w.double.isFinite ? max(0, w) : 0
    }
    func rowHeight(_ c: Int) -> CGFloat {
        let h = delegate?.pickerView(self, rowHeightForComponent: c) ?? UIPickerView.defaultRowHeight
        return h.double.isFinite && h > 0 ? h : UIPickerView.defaultRowHeight
    }
    func makeRowView(_ row: Int, component: Int, reusing old: UIView?) -> UIView {
        if let delegate { return delegate.pickerView(self, viewForRow: row, forComponent: component, reusing: old) }
        let label = (old as? PickerRowLabel) ?? PickerRowLabel()
        label.apply(nil as String?)
        return label
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        loadIfNeeded()
        let b = view.bounds
        let widths = columns.indices.map { componentWidth($0).double }
        let heights = columns.indices.map { rowHeight($0).double }
        let total = widths.reduce(0, +) + UIPickerView.componentSpacing * Double(max(0, columns.count - 1))
        var x = b.minX + (b.width - total) / 2
        for (c, column) in columns.enumerated() {
            column.place(frame: Rect(x: x, y: b.minY, width: widths[c], height: b.height), rowHeight: heights[c], selected: selected[c])
            x += widths[c] + UIPickerView.componentSpacing
        }
        let band = heights.max() ?? Double(UIPickerView.defaultRowHeight)
        selectionBand.frame = Rect(x: b.minX + UIPickerView.sideInset, y: b.minY + (b.height - band) / 2,
                                   width: max(0, b.width - 2 * UIPickerView.sideInset), height: band)
    }
}

// MARK: - A wheel

/// One component of a picker: a vertical engine scroll view whose content is the rows, inset so
/// that the first and last rows can reach the centre. Its own delegate: a drag's target offset is
/// moved to the nearest row's, and when the motion ends the row at the centre is chosen.
final class PickerColumn: ScrollView, ScrollViewDelegate {
    weak var picker: UIPickerView?
    let component: Int
    private(set) var rowCount = 0
    private(set) var rowHeight = 32.0
    /// The views of the rows in view, by row.
    private(set) var visible: [Int: UIView] = [:]
    private var reusable: [UIView] = []
    /// The row a wheel turn is heading for, and the part of a notch not yet turned.
    private var wheelRow: Int?
    private var wheelRemainder = 0.0
    private let tap = TapGestureRecognizer()

    init(picker: UIPickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        identifier = "component\(component)"
        delegate = self
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        contentInsetAdjustmentBehavior = .never
        alwaysBounceVertical = true
        tap.addAction { [weak self] r in if let self, r.state == .ended { self.tapped(at: r.location(in: self)) } }
        addGestureRecognizer(tap)
    }

    // MARK: Geometry

    /// The inset that lets the first and last rows reach the centre.
    private var centringInset: Double { max(0, (bounds.height - rowHeight) / 2) }
    func offset(of row: Int) -> Double { Double(row) * rowHeight - centringInset }
    func nearestRow(to offset: Double) -> Int {
        guard rowCount > 0, rowHeight > 0 else { return -1 }
        return min(max(Int(((offset + centringInset) / rowHeight).rounded()), 0), rowCount - 1)
    }
    /// The row at the centre now.
    var centredRow: Int { nearestRow(to: contentOffset.y) }

    /// Sets the frame (from the picker's layout); a new size or row height re-centres the selection.
    func place(frame f: Rect, rowHeight h: Double, selected: Int) {
        guard f != frame || h != rowHeight else { return }
        frame = f
        applyGeometry(rowHeight: h)
        if selected >= 0, !isTracking, !isDecelerating { contentOffset = Point(x: 0, y: offset(of: selected)) }
        reloadRows()
    }

    /// New rows (a reload): the geometry, the selection at the centre, the rows' views asked for again.
    func reload(rows: Int, rowHeight h: Double, selected: Int) {
        rowCount = rows
        wheelRow = nil
        applyGeometry(rowHeight: h)
        if selected >= 0, bounds.height > 0 { contentOffset = Point(x: 0, y: offset(of: selected)) }
        reloadRows()
    }

    private func applyGeometry(rowHeight h: Double) {
        rowHeight = h
        wheelLineHeight = h
        let inset = centringInset
        contentInset = EdgeInsets(top: inset, left: 0, bottom: inset, right: 0)
        contentSize = Size(width: bounds.width, height: Double(rowCount) * h)
    }

    /// Turns to `row` by code (no delegate call: the picker has already selected it).
    func show(row: Int, animated: Bool) {
        wheelRow = nil
        guard bounds.height > 0 else { return }
        setContentOffset(Point(x: 0, y: offset(of: row)), animated: animated && window != nil)
    }

    // MARK: Rows

    private func reloadRows() {
        for row in Array(visible.keys) { recycle(row) }
        tile()
    }

    private func recycle(_ row: Int) {
        guard let v = visible.removeValue(forKey: row) else { return }
        v.view.removeFromSuperview()
        v.view.facadeRetainer = nil
        if reusable.count < 8 { reusable.append(v) }
    }

    /// Makes the views of the rows in view (and only those), and fades them by their distance
    /// from the centre.
    func tile() {
        guard let picker, rowCount > 0, rowHeight > 0, bounds.height > 0 else {
            for row in Array(visible.keys) { recycle(row) }
            return
        }
        let y = contentOffset.y, height = bounds.height
        let first = max(0, Int((y / rowHeight).rounded(.down)))
        let last = min(rowCount - 1, Int(((y + height) / rowHeight).rounded(.down)))
        for row in Array(visible.keys) where row < first || row > last { recycle(row) }
        if first <= last {
            for row in first...last where visible[row] == nil {
                let v = picker.makeRowView(row, component: component, reusing: reusable.popLast())
                v.view.facadeRetainer = v
                v.view.frame = Rect(x: 0, y: Double(row) * rowHeight, width: bounds.width, height: rowHeight)
                if v.view.superview !== self { addSubview(v.view) }
                visible[row] = v
            }
        }
        let centre = y + height / 2, half = max(1, height / 2)
        for (row, v) in visible {
            let distance = min(1, abs(Double(row) * rowHeight + rowHeight / 2 - centre) / half)
            v.view.alpha = 1 - 0.7 * distance
            if v.view.frame.width != bounds.width {
                v.view.frame = Rect(x: 0, y: Double(row) * rowHeight, width: bounds.width, height: rowHeight)
            }
        }
    }

    // MARK: Coming to rest

    /// The motion has ended: a wheel between rows turns on to the nearest; one on a row has
    /// chosen it.
    private func settle() {
        guard !isTracking, !isDragging, rowCount > 0 else { return }
        let row = centredRow
        let target = offset(of: row)
        if abs(contentOffset.y - target) > 0.5 {
            setContentOffset(Point(x: 0, y: target), animated: window != nil)
            if abs(contentOffset.y - target) > 0.5 { return }             // it settles again when the animation ends
        }
        wheelRow = nil
        wheelRemainder = 0
        picker?.wheel(component, cameToRestOn: row)
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { tile() }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { wheelRow = nil }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        guard rowCount > 0 else { return }
        targetContentOffset = Point(x: 0, y: offset(of: nearestRow(to: targetContentOffset.y)))
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { if !decelerate { settle() } }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { settle() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { settle() }

    /// A click on a row away from the centre turns it to the centre.
    private func tapped(at p: Point) {
        guard rowCount > 0, rowHeight > 0, !isDecelerating else { return }
        let row = Int((p.y / rowHeight).rounded(.down))
        guard row >= 0, row < rowCount, row != centredRow else { return }
        setContentOffset(Point(x: 0, y: offset(of: row)), animated: window != nil)
        if abs(contentOffset.y - offset(of: row)) <= 0.5 { settle() }
    }

    /// The mouse wheel turns one row a notch (a trackpad's fractions add up); at either end the
    /// turn goes on to the view behind.
    override func handle(_ event: InputEvent, at point: Point) -> Bool {
        if case .scroll(_, let dy, _) = event.kind, isScrollEnabled, rowCount > 0, !event.modifiers.contains(.control) {
            let from = wheelRow ?? centredRow
            wheelRemainder += dy
            let steps = Int(wheelRemainder.rounded(.towardZero))
            let row = min(max(from - steps, 0), rowCount - 1)
            if steps == 0 { return true }
            wheelRemainder -= Double(steps)
            guard row != from || wheelRow != nil else { wheelRemainder = 0; return false }
            wheelRow = row
            setContentOffset(Point(x: 0, y: offset(of: row)), animated: window != nil)
            if abs(contentOffset.y - offset(of: row)) <= 0.5 { settle() }
            return true
        }
        return super.handle(event, at: point)
    }
}
