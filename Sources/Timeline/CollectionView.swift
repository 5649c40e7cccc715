#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import UpdateLoop

/// Where one item sits (SC6), as `UICollectionViewLayoutAttributes`.
public struct CollectionViewLayoutAttributes: Sendable, Equatable {
    public var indexPath: IndexPath
    public var frame: Rect
    public var alpha = 1.0
    public var zIndex = 0
    public var isHidden = false
    public init(indexPath: IndexPath, frame: Rect) { self.indexPath = indexPath; self.frame = frame }
}

/// Places a collection view's items (SC6), as `UICollectionViewLayout`: subclass and override
/// ``prepare()``, ``collectionViewContentSize``, ``layoutAttributesForElements(in:)``,
/// ``layoutAttributesForItem(at:)`` and ``shouldInvalidateLayout(forBoundsChange:)``.
@MainActor
open class CollectionViewLayout {
    public internal(set) weak var collectionView: CollectionView?
    public init() {}
    /// Called before the layout is asked anything after an invalidation.
    open func prepare() {}
    open var collectionViewContentSize: Size { .zero }
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] { [] }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    /// Whether a change of the bounds (a scroll, a resize) needs a new layout; the base: when the
    /// size differs from the one the layout was last prepared for.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return false }
        return newBounds.size != cv.preparedSize
    }
    /// Marks the layout for ``prepare()`` before its next use.
    public func invalidateLayout() { collectionView?.layoutIsValid = false; collectionView?.setNeedsLayout() }
}

/// A grid that fills lines then wraps (SC6), as `UICollectionViewFlowLayout`: items of
/// ``itemSize`` (or the delegate's size per item), ``minimumInteritemSpacing`` between items
/// (full lines spread theirs to fill), ``minimumLineSpacing`` between lines, ``sectionInset``,
/// vertical or horizontal. Lines are kept with their extent, so the items in a rectangle are found
/// by binary search: only what is visible costs.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    public enum ScrollDirection: Sendable { case vertical, horizontal }
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// Asked per item when set (UICollectionViewDelegateFlowLayout's sizeForItemAt).
    public var sizeForItem: ((IndexPath) -> Size)?

    private var attributes: [CollectionViewLayoutAttributes] = []
    /// Lines: the range of `attributes` they hold and their extent along the scroll axis.
    private var lines: [(range: Range<Int>, lo: Double, hi: Double)] = []
    private var byPath: [IndexPath: Int] = [:]
    private var size = Size.zero

    public override init() { super.init() }

    open override func prepare() {
        attributes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        byPath.removeAll(keepingCapacity: true)
        guard let cv = collectionView, let ds = cv.dataSource else { size = .zero; return }
        let vertical = scrollDirection == .vertical
        // Along: the axis lines run along (across the scroll); across: the scroll axis.
        let extent = vertical ? cv.bounds.width : cv.bounds.height
        var across = 0.0
        for s in 0..<max(0, ds.numberOfSections(in: cv)) {
            let n = max(0, ds.collectionView(cv, numberOfItemsInSection: s))
            let insetLead = vertical ? sectionInset.left : sectionInset.top
            let insetTrail = vertical ? sectionInset.right : sectionInset.bottom
            across += vertical ? sectionInset.top : sectionInset.left
            let available = max(0, extent - insetLead - insetTrail)
            var i = 0
            while i < n {
                // Fill a line with as many items as fit.
                var sizes: [Size] = []
                var used = 0.0
                while i + sizes.count < n {
                    let sz = sizeForItem?(IndexPath(item: i + sizes.count, section: s)) ?? itemSize
                    let along = vertical ? sz.width : sz.height
                    let need = used + (sizes.isEmpty ? 0 : minimumInteritemSpacing) + along
                    if !sizes.isEmpty, need > available + 1e-9 { break }
                    used = need
                    sizes.append(sz)
                }
                let count = sizes.count
                let alongSum = sizes.reduce(0) { $0 + (vertical ? $1.width : $1.height) }
                let full = i + count < n
                let spacing = count > 1 && full ? (available - alongSum) / Double(count - 1) : minimumInteritemSpacing
                let thickness = sizes.reduce(0) { max($0, vertical ? $1.height : $1.width) }
                var pos = insetLead
                let start = attributes.count
                for (k, sz) in sizes.enumerated() {
                    let along = vertical ? sz.width : sz.height, thick = vertical ? sz.height : sz.width
                    let offsetAcross = across + (thickness - thick) / 2
                    let frame = vertical ? Rect(x: pos, y: offsetAcross, width: sz.width, height: sz.height)
                                         : Rect(x: offsetAcross, y: pos, width: sz.width, height: sz.height)
                    let path = IndexPath(item: i + k, section: s)
                    byPath[path] = attributes.count
                    attributes.append(CollectionViewLayoutAttributes(indexPath: path, frame: frame))
                    pos += along + spacing
                }
                lines.append((start..<attributes.count, across, across + thickness))
                across += thickness
                i += count
                if i < n { across += minimumLineSpacing }
            }
            across += vertical ? sectionInset.bottom : sectionInset.right
        }
        size = vertical ? Size(width: extent, height: across) : Size(width: across, height: extent)
    }

    open override var collectionViewContentSize: Size { size }

    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        let vertical = scrollDirection == .vertical
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        // The first line that ends after `lo`.
        var a = 0, b = lines.count
        while a < b {
            let mid = (a + b) / 2
            if lines[mid].hi <= lo { a = mid + 1 } else { b = mid }
        }
        var out: [CollectionViewLayoutAttributes] = []
        var k = a
        while k < lines.count, lines[k].lo < hi {
            for i in lines[k].range where attributes[i].frame.intersects(rect) { out.append(attributes[i]) }
            k += 1
        }
        return out
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        byPath[indexPath].map { attributes[$0] }
    }
}

/// What a collection view shows (SC6), as `UICollectionViewDataSource`.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// What a collection view tells (SC6), as `UICollectionViewDelegate`.
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// An item of a collection view (SC6), as `UICollectionViewCell`.
open class CollectionViewCell: View {
    public let reuseIdentifier: String?
    public let contentView = View()
    public var isSelected = false
    public var isHighlighted = false
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        contentView.identifier = "contentView"
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
    open func prepareForReuse() { isSelected = false; isHighlighted = false }
    /// Applied by the collection view: the frame and alpha of its attributes.
    open func apply(_ attributes: CollectionViewLayoutAttributes) {
        frame = attributes.frame
        alpha = attributes.alpha
        isHidden = attributes.isHidden
    }
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }
}

/// Items placed by a layout, with cell reuse (SC6, SC7), as `UICollectionView`: only the items
/// the layout puts in the viewport (plus a margin) have cells, dequeued by reuse identifier.
open class CollectionView: ScrollView {
    public var collectionViewLayout: CollectionViewLayout {
        didSet { oldValue.collectionView = nil; collectionViewLayout.collectionView = self; reloadData() }
    }
    public weak var dataSource: (any CollectionViewDataSource)? { didSet { reloadData() } }
    public var collectionDelegate: (any CollectionViewDelegate)? {
        get { delegate as? any CollectionViewDelegate }
        set { delegate = newValue }
    }
    public var preloadMargin = 100.0
    var layoutIsValid = false
    private var needsReload = false
    private var reuse = ReusePool<CollectionViewCell>()
    private var live: [IndexPath: CollectionViewCell] = [:]
    /// The items wanted this pass (kept between passes, so its storage is reused).
    private var keep = Set<IndexPath>()
    /// Index paths whose cells left the viewport this pass (storage kept between frames).
    private var gone: [IndexPath] = []
    /// The bounds size the layout was last prepared for.
    var preparedSize = Size(width: -1, height: -1)
    /// Cells made rather than reused, for tests and benches.
    public var cellsCreated: Int { reuse.created }

    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        delaysContentTouches = false
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        tap.addAction { [unowned self] r in
            guard r.state == .ended, let p = self.indexPathForItem(at: r.location(in: self)) else { return }
            self.collectionDelegate?.collectionView(self, didSelectItemAt: p)
        }
        addGestureRecognizer(tap)
    }

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

    public func reloadData() {
        needsReload = false
        for (_, c) in live { recycle(c) }
        live.removeAll()
        layoutIsValid = false
        prepareIfNeeded()
        updateVisibleCells()
    }

    private func prepareIfNeeded() {
        guard !layoutIsValid else { return }
        layoutIsValid = true
        preparedSize = bounds.size
        collectionViewLayout.prepare()
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    public var visibleCells: [CollectionViewCell] { Array(live.values) }
    public var indexPathsForVisibleItems: [IndexPath] {
        let r = bounds
        return live.filter { $0.value.frame.intersects(r) }.map(\.key).sorted { ($0.section, $0.item) < ($1.section, $1.item) }
    }
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { live[indexPath] }

    public func indexPathForItem(at point: Point) -> IndexPath? {
        collectionViewLayout.layoutAttributesForElements(in: Rect(x: point.x, y: point.y, width: 0.001, height: 0.001))
            .first { $0.frame.contains(point) }?.indexPath
    }

    public func scrollToItem(at indexPath: IndexPath, animated: Bool) {
        prepareIfNeeded()
        guard let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return }
        scrollRectToVisible(a.frame, animated: animated)
    }

    /// Reloads at the next layout (as UIKit's first load waits for layout): a facade that sets
    /// its data source before its cell classes are registered asks for this.
    public func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsReload { needsReload = false; reloadData(); return }
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) || !layoutIsValid {
            layoutIsValid = false
            prepareIfNeeded()
        }
        updateVisibleCells()
    }

    override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        updateVisibleCells()
    }

    /// Cells for the items in the viewport plus the margin; the others go back to the pool.
    private func updateVisibleCells() {
        guard let ds = dataSource, layoutIsValid else { return }
        let r = bounds.inset(by: EdgeInsets(all: -preloadMargin))
        let wanted = collectionViewLayout.layoutAttributesForElements(in: r)
        keep.removeAll(keepingCapacity: true)
        for a in wanted { keep.insert(a.indexPath) }
        // Collected first: removing while iterating would copy the dictionary.
        gone.removeAll(keepingCapacity: true)
        for p in live.keys where !keep.contains(p) { gone.append(p) }
        for p in gone { if let c = live.removeValue(forKey: p) { recycle(c) } }
        for a in wanted {
            if let c = live[a.indexPath] { if c.frame != a.frame { c.apply(a) }; continue }
            let cell = ds.collectionView(self, cellForItemAt: a.indexPath)
            cell.apply(a)
            if cell.superview !== self { insertSubview(cell, at: 0) }
            live[a.indexPath] = cell
        }
    }

    private func recycle(_ cell: CollectionViewCell) { reuse.recycle(cell, identifier: cell.reuseIdentifier) }
}

extension Rect {
    /// Whether the two rectangles overlap (touching edges do not).
    func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
