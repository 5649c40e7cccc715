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

/// Items placed by a layout, with cell reuse (SC6, SC7), as `UICollectionView`: only the elements
/// the layout puts in the viewport (plus a margin) have views: cells dequeued by reuse identifier,
/// supplementary views by kind and identifier from the data source, decoration views from the
/// layout's registrations. The layout is asked again only when the viewport has moved past half
/// the margin since it was last asked (or the layout changed), so a frame of steady scrolling
/// asks nothing and allocates nothing; pinned headers move each frame. A section that scrolls
/// across the main axis gets a scroll view of its own holding its cells (a drag along the band
/// scrolls it, one across it scrolls the collection view), with only its visible cells alive.
open class CollectionView: ScrollView {
    /// The layout that places the elements; replacing it reloads.
    public var collectionViewLayout: CollectionViewLayout {
        didSet { oldValue.collectionView = nil; collectionViewLayout.collectionView = self; reloadData() }
    }
    /// What the collection shows; setting it reloads. Held weakly.
    public weak var dataSource: (any CollectionViewDataSource)? { didSet { reloadData() } }
    /// Told of selection and display; it is also the scroll view's delegate.
    public var collectionDelegate: (any CollectionViewDelegate)? {
        get { delegate as? any CollectionViewDelegate }
        set { delegate = newValue }
    }
    /// Points past the visible bounds whose elements get views too, so they are ready before they scroll in.
    public var preloadMargin = 100.0
    /// Whether a tap selects an item.
    public var allowsSelection = true
    /// Whether selecting an item keeps the others selected.
    public var allowsMultipleSelection = false
    var layoutIsValid = false
    var needsReload = false
    var reuse = ReusePool<CollectionViewCell>()
    var supplementaryReuse: [String: ReusePool<CollectionReusableView>] = [:]
    var registeredSupplementary: [String: Set<String>] = [:]
    var decorationReuse: [String: ReusePool<CollectionReusableView>] = [:]
    /// The cells showing in the main content (those of orthogonal sections are their bands').
    var live: [IndexPath: CollectionViewCell] = [:]
    /// The supplementary and decoration views showing.
    var liveViews: [ElementKey: CollectionReusableView] = [:]
    /// The live views that float (pinned), with their attributes; moved each frame.
    var pinned: [(key: ElementKey, attributes: CollectionViewLayoutAttributes)] = []
    /// The items and views wanted this pass (kept between passes, so their storage is reused).
    var keep = Set<IndexPath>()
    var keepViews = Set<ElementKey>()
    /// What left the viewport this pass (storage kept between frames).
    var gone: [IndexPath] = []
    var goneViews: [ElementKey] = []
    var goneBands: [Int] = []
    /// The layout's answer this pass (storage kept between passes).
    var wanted: [CollectionViewLayoutAttributes] = []
    /// The rectangle the layout was last asked about (null: ask at the next update).
    var queried = Rect.null
    /// Decoration views among the subviews: they are kept at the bottom, cells above them.
    var decorationSubviews = 0
    var selected = Set<IndexPath>()
    var highlighted: IndexPath?
    /// The bands of orthogonal sections, in the order of the main axis; those on screen have a
    /// scroll view; the others keep their offset.
    var orthogonal: [CollectionViewOrthogonalSection] = []
    var orthogonalIndex: [Int: Int] = [:]
    var bands: [Int: OrthogonalScroller] = [:]
    var spareBands: [OrthogonalScroller] = []
    var bandOffsets: [Int: Point] = [:]
    /// The batch update being gathered (CollectionView+Updates).
    var pendingUpdates: CollectionUpdates?
    /// Each section's item count as last loaded: what a batch update's counts are checked against.
    var itemCounts: [Int] = []
    /// Set while a batch update places its views: the views that leave the viewport go here (to
    /// move to their new places before they are recycled) instead of back to their pools.
    var departingCells: [(IndexPath, CollectionViewCell)]?
    var departingViews: [(ElementKey, CollectionReusableView)]?
    /// A cell that showed measured a size the layout did not have: the layout is prepared again.
    var needsSelfSizingPass = false
    /// The bounds size the layout was last prepared for.
    var preparedSize = Size(width: -1, height: -1)
    /// Cells made rather than reused, for tests and benches.
    public var cellsCreated: Int { reuse.created }
    /// Cells, supplementary and decoration views kept hidden for reuse now (at most 128 per
    /// identifier; MR5).
    public var pooledCellCount: Int {
        reuse.pooledCount + supplementaryReuse.values.reduce(0) { $0 + $1.pooledCount }
            + decorationReuse.values.reduce(0) { $0 + $1.pooledCount }
    }

    /// Lets the views kept for reuse go (MR5's memory warning); the items showing keep theirs.
    open override func releaseCaches() {
        super.releaseCaches()
        reuse.removeAll()
        for k in supplementaryReuse.keys { supplementaryReuse[k]?.removeAll() }
        for k in decorationReuse.keys { decorationReuse[k]?.removeAll() }
    }
    /// Supplementary views made rather than reused, for tests and benches.
    public var supplementaryViewsCreated: Int { supplementaryReuse.values.reduce(0) { $0 + $1.created } }
    /// How many times the layout was asked for the elements in a rectangle (for tests and benches).
    public package(set) var layoutQueries = 0

    /// A collection view placed by `frame` whose items `layout` places.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        takesContentSizeFromConstraints = false
        layout.collectionView = self
        delaysContentTouches = false
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        tap.addAction { [weak self] r in
            guard let self else { return }
            let location = r.location(in: self)
            guard r.state == .ended, !self.tapTaken(at: location), let p = self.indexPathForItem(at: location) else { return }
            self.tapped(p)
        }
        addGestureRecognizer(tap)
    }

    /// A collection view placed by `frame` with a default flow layout (MR6: every view has
    /// `init(frame:)`; UIKit's asks for a layout, which ``collectionViewLayout`` replaces).
    public convenience override init(frame: Rect) {
        self.init(frame: frame, collectionViewLayout: CollectionViewFlowLayout())
    }

    // MARK: Registration and reuse

    /// Makes cells of `cellClass` when ``dequeueReusableCell(withReuseIdentifier:for:)`` finds none to reuse under `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        reuse.register(identifier) { cellClass.init(reuseIdentifier: $0) }
    }

    /// Registers a function that makes the cells of `identifier` (given the identifier): how a
    /// facade makes cells of its own classes.
    public func register(forCellWithReuseIdentifier identifier: String, make: @escaping (String) -> CollectionViewCell) {
        reuse.register(identifier, make: make)
    }

    /// A cell from the reuse pool or a new one; an unregistered identifier is a diagnostic naming
    /// it and a plain cell.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        reuse.dequeue(identifier, owner: self, plain: { CollectionViewCell(reuseIdentifier: $0) }, prepare: { $0.prepareForReuse() })
    }

    /// Makes supplementary views of `viewClass` for `kind` and `identifier` when none can be reused.
    public func register(_ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        register(forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier) { viewClass.init(reuseIdentifier: $0) }
    }

    /// Registers a function that makes the supplementary views of `kind` and `identifier`.
    public func register(forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String,
                         make: @escaping (String) -> CollectionReusableView) {
        supplementaryReuse[kind, default: ReusePool()].register(identifier, make: make)
        registeredSupplementary[kind, default: []].insert(identifier)
    }

    /// A supplementary view of `kind` from its pool or a new one; one never registered is a
    /// diagnostic naming the kind and identifier, and a plain view.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> CollectionReusableView {
        guard registeredSupplementary[kind]?.contains(identifier) == true else {
            window?.report(misuse: "CollectionView \(traceName): could not dequeue a view of kind '\(kind)' with identifier '\(identifier)': register a class for the kind and identifier first (a plain view was used)",
                           views: [traceName])
            let v = CollectionReusableView(reuseIdentifier: identifier)
            v.elementKind = kind
            return v
        }
        let v = supplementaryReuse[kind, default: ReusePool()].dequeue(identifier, owner: self, plain: { CollectionReusableView(reuseIdentifier: $0) },
                                                                      prepare: { $0.prepareForReuse() })
        v.elementKind = kind
        return v
    }

    func recycle(_ cell: CollectionViewCell) { reuse.recycle(cell, identifier: cell.reuseIdentifier) }

    func recycle(_ view: CollectionReusableView, key: ElementKey) {
        if key.isDecoration {
            decorationReuse[key.kind, default: ReusePool()].recycle(view, identifier: key.kind)
        } else if registeredSupplementary[key.kind]?.contains(view.reuseIdentifier ?? "") == true {
            supplementaryReuse[key.kind, default: ReusePool()].recycle(view, identifier: view.reuseIdentifier)
        } else {
            view.removeFromSuperview()                          // a plain view made for a misuse
        }
    }

    // MARK: Data

    /// Recycles every cell and asks the data source and the layout again.
    public func reloadData() {
        needsReload = false
        for (_, c) in live { recycle(c) }
        live.removeAll()
        for (k, v) in liveViews { recycle(v, key: k) }
        liveViews.removeAll()
        pinned.removeAll()
        for (s, band) in bands { retire(band, section: s) }
        bands.removeAll()
        bandOffsets.removeAll()
        highlighted = nil
        layoutIsValid = false
        collectionViewLayout.itemsDidChange(nil)
        itemCounts = loadItemCounts()
        collectionViewLayout.invalidateLayout()
        prepareIfNeeded()
        updateVisibleCells(force: true)
    }

    /// Each section's item count from the data source.
    func loadItemCounts() -> [Int] {
        guard let ds = dataSource else { return [] }
        return (0..<max(0, ds.numberOfSections(in: self))).map { max(0, ds.collectionView(self, numberOfItemsInSection: $0)) }
    }

    func prepareIfNeeded() {
        guard !layoutIsValid else { return }
        layoutIsValid = true
        preparedSize = bounds.size
        collectionViewLayout.prepare()
        contentSize = collectionViewLayout.collectionViewContentSize
        orthogonal = collectionViewLayout.orthogonalScrollingSections()
        orthogonalIndex.removeAll(keepingCapacity: true)
        for (i, o) in orthogonal.enumerated() { orthogonalIndex[o.section] = i }
        // Bands that are no longer orthogonal give their cells back; the others take their new
        // place (their cells are placed again at the next update).
        goneBands.removeAll(keepingCapacity: true)
        for (s, band) in bands {
            if let i = orthogonalIndex[s] { band.configure(orthogonal[i]); band.queried = .null } else { goneBands.append(s) }
        }
        for s in goneBands { if let b = bands.removeValue(forKey: s) { retire(b, section: s) } }
        queried = .null
    }

    /// Reloads at the next layout (as UIKit's first load waits for layout): a facade that sets
    /// its data source before its cell classes are registered asks for this.
    public func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// How many sections the data source reports.
    public var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }
    /// How many items `section` has.
    public func numberOfItems(inSection section: Int) -> Int {
        guard let ds = dataSource, section >= 0, section < ds.numberOfSections(in: self) else { return 0 }
        return ds.collectionView(self, numberOfItemsInSection: section)
    }

    // MARK: What shows

    /// The cells whose frames meet the visible bounds, in index-path order, as UIKit's (MR6):
    /// cells loaded in the margin past the edges (``preloadMargin``) are not listed; in an
    /// orthogonal section, those that meet its band's visible bounds while the band shows.
    public var visibleCells: [CollectionViewCell] { visibleItems.map(\.cell) }
    /// The index paths of ``visibleCells``, sorted (MR6).
    public var indexPathsForVisibleItems: [IndexPath] { visibleItems.map(\.path) }
    /// Every cell the collection view holds: the visible ones and those loaded in the margin
    /// past the edges (what updates to all shown cells reach), in no particular order.
    package var loadedCells: [CollectionViewCell] {
        var out = Array(live.values)
        for (_, b) in bands { out += b.live.values }
        return out
    }
    /// The loaded items whose frames meet the visible bounds, sorted by index path.
    private var visibleItems: [(path: IndexPath, cell: CollectionViewCell)] {
        let r = bounds
        var out = live.filter { $0.value.frame.intersects(r) }.map { (path: $0.key, cell: $0.value) }
        for (_, b) in bands where b.frame.intersects(r) {
            // The collection's bounds in the band's coordinates: a cell shows where it meets both.
            let f = b.frame, o = b.bounds
            let seen = Rect(x: r.minX - f.minX + o.minX, y: r.minY - f.minY + o.minY, width: r.width, height: r.height)
            out += b.live.filter { $0.value.frame.intersects(o) && $0.value.frame.intersects(seen) }
                .map { (path: $0.key, cell: $0.value) }
        }
        return out.sorted { ($0.path.section, $0.path.item) < ($1.path.section, $1.path.item) }
    }
    /// The cell showing the item; nil when it has none (off screen).
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        if let c = live[indexPath] { return c }
        return bands[indexPath.section]?.live[indexPath]
    }
    /// The item `cell` shows; nil when it shows none.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        if let p = live.first(where: { $0.value === cell })?.key { return p }
        for (_, b) in bands { if let p = b.live.first(where: { $0.value === cell })?.key { return p } }
        return nil
    }
    /// The supplementary view of `kind` showing at `indexPath`.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        liveViews[ElementKey(isDecoration: false, kind: kind, indexPath: indexPath)]
    }
    /// The supplementary views of `kind` that are showing.
    public func visibleSupplementaryViews(ofKind kind: String) -> [CollectionReusableView] {
        liveViews.filter { !$0.key.isDecoration && $0.key.kind == kind }.map(\.value)
    }
    /// Where the showing supplementary views of `kind` are.
    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        let r = bounds
        return liveViews.filter { !$0.key.isDecoration && $0.key.kind == kind && $0.value.frame.intersects(r) }.map(\.key.indexPath)
            .sorted { ($0.section, $0.item) < ($1.section, $1.item) }
    }
    /// The decoration views showing (for tests and tools).
    public var visibleDecorationViews: [CollectionReusableView] { liveViews.filter { $0.key.isDecoration }.map(\.value) }

    /// The item under `point` (the collection view's coordinates); nil when none is there.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        // A band shows its items moved by its offset.
        var p = point
        var section: Int?
        for (s, b) in bands where b.frame.contains(point) {
            p = Point(x: point.x + b.contentOffset.x, y: point.y + b.contentOffset.y)
            section = s
        }
        let hit = collectionViewLayout.layoutAttributesForElements(in: Rect(x: p.x, y: p.y, width: 0.001, height: 0.001))
            .first { $0.representedElementCategory == .cell && $0.frame.contains(p)
                && (section == nil ? orthogonalIndex[$0.indexPath.section] == nil : $0.indexPath.section == section) }
        return hit?.indexPath
    }

    /// The content offset of the band of an orthogonal section (zero when it has none).
    public func orthogonalContentOffset(forSection section: Int) -> Point {
        bands[section]?.contentOffset ?? bandOffsets[section] ?? .zero
    }

    /// Scrolls the band of an orthogonal section (it keeps the offset while off screen).
    public func setOrthogonalContentOffset(_ offset: Point, forSection section: Int, animated: Bool) {
        if let b = bands[section] { b.setContentOffset(offset, animated: animated) } else { bandOffsets[section] = offset }
    }

    /// Scrolls just enough to show the item, animated or at once.
    public func scrollToItem(at indexPath: IndexPath, animated: Bool) {
        prepareIfNeeded()
        guard let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return }
        if let i = orthogonalIndex[indexPath.section] {
            let o = orthogonal[i]
            scrollRectToVisible(o.frame, animated: animated)
            // The band brings the item in along its own axis.
            let local = a.frame.offsetBy(dx: -o.frame.minX, dy: -o.frame.minY)
            var offset = bands[indexPath.section]?.contentOffset ?? bandOffsets[indexPath.section] ?? .zero
            if o.isHorizontal {
                if local.maxX > offset.x + o.frame.width { offset.x = local.maxX - o.frame.width }
                if local.minX < offset.x { offset.x = local.minX }
            } else {
                if local.maxY > offset.y + o.frame.height { offset.y = local.maxY - o.frame.height }
                if local.minY < offset.y { offset.y = local.minY }
            }
            setOrthogonalContentOffset(offset, forSection: indexPath.section, animated: animated)
            return
        }
        scrollRectToVisible(a.frame, animated: animated)
    }

    // MARK: Selection and highlight

    /// The selected items, in section and item order.
    public var indexPathsForSelectedItems: [IndexPath] { selected.sorted { ($0.section, $0.item) < ($1.section, $1.item) } }

    /// Selects the item (deselecting the others unless ``allowsMultipleSelection``); nil deselects all.
    public func selectItem(at indexPath: IndexPath?, animated: Bool) {
        if !allowsMultipleSelection || indexPath == nil {
            for p in selected where p != indexPath { cellForItem(at: p)?.isSelected = false }
            selected.removeAll()
        }
        guard let indexPath else { return }
        selected.insert(indexPath)
        cellForItem(at: indexPath)?.isSelected = true
    }

    /// Deselects the item; the delegate is not told.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        cellForItem(at: indexPath)?.isSelected = false
    }

    /// Whether a control or a tap of its own under the point took the tap (a button or an
    /// accessory in a cell): the item is not selected then, as in UIKit.
    func tapTaken(at point: Point) -> Bool {
        var v = hitTest(point)
        while let x = v, x !== self {
            if x is Control { return true }
            if x.gestureRecognizers.contains(where: { $0 is TapGestureRecognizer && $0.isEnabled && $0.state == .ended }) { return true }
            v = x.superview
        }
        return false
    }

    func tapped(_ p: IndexPath) {
        guard allowsSelection else { return }
        let d = collectionDelegate
        if allowsMultipleSelection, selected.contains(p) {
            deselectItem(at: p, animated: true)
            d?.collectionView(self, didDeselectItemAt: p)
            return
        }
        guard d?.collectionView(self, shouldSelectItemAt: p) ?? true else { return }
        if !allowsMultipleSelection {
            let before = selected
            selectItem(at: p, animated: true)
            for q in before where q != p { d?.collectionView(self, didDeselectItemAt: q) }
        } else {
            selectItem(at: p, animated: true)
        }
        d?.collectionView(self, didSelectItemAt: p)
    }

    /// A press on an item highlights it until it lifts or a scroll takes the press.
    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        switch event.kind {
        case .pointerDown:
            if allowsSelection, let p = indexPathForItem(at: point), collectionDelegate?.collectionView(self, shouldHighlightItemAt: p) ?? true {
                highlighted = p
                cellForItem(at: p)?.isHighlighted = true
            }
        case .pointerUp, .pointerCancelled:
            if let p = highlighted { cellForItem(at: p)?.isHighlighted = false }
            highlighted = nil
        default: break
        }
        return super.handle(event, at: point)
    }

    // MARK: Layout and scrolling

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsReload { needsReload = false; reloadData(); return }
        var force = false
        if layoutIsValid, preparedSize != bounds.size {
            // A new size (or a layout that asks for it) invalidates through the layout, which
            // may adjust the collection view first (insets that centre its items).
            collectionViewLayout.invalidateLayout(with: collectionViewLayout.invalidationContext(forBoundsChange: bounds))
        }
        if !layoutIsValid {
            layoutIsValid = false
            prepareIfNeeded()
            force = true
        }
        updateVisibleCells(force: force)
    }

    /// UIKit asks the layout about a bounds change before the bounds change, so a layout can
    /// compare the new bounds with the collection view's (a springy layout pulls its items by
    /// the difference); a layout that answers yes is invalidated.
    @_spi(Engine) open override func contentOffsetWillChange(to offset: Point) {
        super.contentOffsetWillChange(to: offset)
        guard layoutIsValid else { return }
        let next = Rect(origin: offset, size: bounds.size)
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: next) {
            collectionViewLayout.invalidateLayout(with: collectionViewLayout.invalidationContext(forBoundsChange: next))
        }
    }

    @_spi(Engine) open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        if highlighted != nil, isDragging {
            if let p = highlighted { cellForItem(at: p)?.isHighlighted = false }
            highlighted = nil
        }
        updateVisibleCells(force: false)
    }

    /// Views for the elements in the viewport plus the margin; the others go back to their
    /// pools. The layout is asked only when the viewport (with half the margin) has left the
    /// rectangle last asked about; pinned views follow the viewport every time.
    func updateVisibleCells(force: Bool) {
        guard dataSource != nil, layoutIsValid else { return }
        let half = preloadMargin / 2
        if force || queried.isNull || !queried.encloses(bounds.inset(by: EdgeInsets(all: -half))) {
            requery()
        }
        // Self-sizing cells that measured new sizes: the layout again at once (a pass measures
        // only the cells it shows for the first time, so this ends).
        var passes = 0
        while needsSelfSizingPass, passes < 8 {
            needsSelfSizingPass = false
            passes += 1
            layoutIsValid = false
            prepareIfNeeded()
            requery()
        }
        updatePinned()
    }

    func requery() {
        guard let ds = dataSource else { return }
        let r = bounds.inset(by: EdgeInsets(all: -preloadMargin))
        queried = r
        layoutQueries += 1
        wanted.removeAll(keepingCapacity: true)
        collectionViewLayout.appendLayoutAttributesForElements(in: r, to: &wanted)
        keep.removeAll(keepingCapacity: true)
        keepViews.removeAll(keepingCapacity: true)
        for a in wanted {
            switch a.representedElementCategory {
            case .cell: if orthogonalIndex[a.indexPath.section] == nil { keep.insert(a.indexPath) }
            case .supplementaryView, .decorationView: keepViews.insert(key(a))
            }
        }
        // Collected first: removing while iterating would copy the dictionary.
        gone.removeAll(keepingCapacity: true)
        for p in live.keys where !keep.contains(p) { gone.append(p) }
        for p in gone {
            guard let c = live.removeValue(forKey: p) else { continue }
            if departingCells != nil { departingCells!.append((p, c)) } else { recycle(c) }
        }
        goneViews.removeAll(keepingCapacity: true)
        for k in liveViews.keys where !keepViews.contains(k) { goneViews.append(k) }
        for k in goneViews {
            guard let v = liveViews.removeValue(forKey: k) else { continue }
            if departingViews != nil { departingViews!.append((k, v)) } else { recycle(v, key: k) }
        }
        pinned.removeAll(keepingCapacity: true)
        for a in wanted {
            switch a.representedElementCategory {
            case .cell:
                guard orthogonalIndex[a.indexPath.section] == nil else { continue }
                if let c = live[a.indexPath] { if c.frame != a.frame || c.alpha != a.alpha { c.apply(a) }; continue }
                let cell = ds.collectionView(self, cellForItemAt: a.indexPath)
                show(cell, a, in: self)
                live[a.indexPath] = cell
                if collectionViewLayout.asksPreferredLayoutAttributes { measure(cell, a) }
            case .supplementaryView, .decorationView:
                let k = key(a)
                if let v = liveViews[k] {
                    if a.pinningBounds != nil { pinned.append((k, a)) } else if v.frame != a.frame || v.alpha != a.alpha { v.apply(a) }
                    continue
                }
                guard let v = makeView(a, k) else { continue }
                v.apply(a)
                if a.pinningBounds != nil { pinned.append((k, a)) }
                liveViews[k] = v
            }
        }
        updateBands(in: r)
    }

    /// Asks a cell that shows for its preferred attributes (self-sizing): a size the layout did
    /// not have asks for another layout pass.
    func measure(_ cell: CollectionViewCell, _ a: CollectionViewLayoutAttributes) {
        cell.layoutIfNeeded()
        let preferred = cell.preferredLayoutAttributesFitting(a)
        if collectionViewLayout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a) {
            needsSelfSizingPass = true
        }
    }

    func key(_ a: CollectionViewLayoutAttributes) -> ElementKey {
        ElementKey(isDecoration: a.representedElementCategory == .decorationView, kind: a.representedElementKind ?? "", indexPath: a.indexPath)
    }

    /// Places a cell the data source gave in `container` (the collection view or a band).
    func show(_ cell: CollectionViewCell, _ a: CollectionViewLayoutAttributes, in container: View) {
        cell.apply(a)
        cell.isSelected = selected.contains(a.indexPath)
        cell.isHighlighted = highlighted == a.indexPath
        if cell.superview !== container {
            container.insertSubview(cell, at: container === self ? decorationSubviews : 0)
        }
        collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
    }

    /// A supplementary view from the data source or a decoration view from the layout's
    /// registration, in place among the subviews (decorations below the cells, supplementary
    /// views above them).
    func makeView(_ a: CollectionViewLayoutAttributes, _ k: ElementKey) -> CollectionReusableView? {
        let kind = k.kind
        if k.isDecoration {
            guard let make = collectionViewLayout.decorationMakers[kind] else { return nil }
            if decorationReuse[kind] == nil {
                var pool = ReusePool<CollectionReusableView>()
                pool.register(kind, make: make)
                decorationReuse[kind] = pool
            }
            let v = decorationReuse[kind, default: ReusePool()].dequeue(kind, owner: self, plain: { make($0) }, prepare: { $0.prepareForReuse() })
            v.elementKind = kind
            if v.superview !== self {
                insertSubview(v, at: 0)
                decorationSubviews += 1
            }
            return v
        }
        guard let v = dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: a.indexPath) else { return nil }
        if v.superview !== self { bringToFrontBelowIndicators(v) }
        collectionDelegate?.collectionView(self, willDisplaySupplementaryView: v, forElementKind: kind, at: a.indexPath)
        return v
    }

    /// Pinned views stay in the visible bounds (below the content inset) while their
    /// pinning rectangle allows.
    func updatePinned() {
        guard !pinned.isEmpty else { return }
        let inset = adjustedContentInset
        let visible = Rect(x: contentOffset.x + inset.left, y: contentOffset.y + inset.top,
                           width: bounds.width - inset.left - inset.right, height: bounds.height - inset.top - inset.bottom)
        for (k, a) in pinned {
            guard let v = liveViews[k], let pin = a.pinningBounds else { continue }
            var f = a.frame
            f.origin.x = min(max(min(max(f.minX, visible.minX), visible.maxX - f.width), pin.minX), pin.maxX - f.width)
            f.origin.y = min(max(min(max(f.minY, visible.minY), visible.maxY - f.height), pin.minY), pin.maxY - f.height)
            if v.frame != f { v.frame = f }
        }
    }
}
