#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import UpdateLoop

/// Where one element sits (SC6), as `UICollectionViewLayoutAttributes`: a cell, a supplementary
/// view (a section header, a badge) of a kind, or a decoration view of a kind.
public struct CollectionViewLayoutAttributes: Sendable, Equatable {
    /// `UICollectionView.ElementCategory`.
    public enum ElementCategory: Sendable, Equatable { case cell, supplementaryView, decorationView }
    public var indexPath: IndexPath
    public var frame: Rect
    public var alpha = 1.0
    public var zIndex = 0
    public var isHidden = false
    public var representedElementCategory: ElementCategory = .cell
    /// The kind of a supplementary or decoration view (nil for a cell).
    public var representedElementKind: String?
    /// Set for an element that stays in the visible bounds while this rectangle (its section) is
    /// on screen: a pinned header floats at the top, a pinned footer at the bottom, never leaving
    /// the rectangle. The collection view moves it each frame; the layout is not asked again.
    public var pinningBounds: Rect?

    public init(indexPath: IndexPath, frame: Rect) { self.indexPath = indexPath; self.frame = frame }
    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero) {
        self.indexPath = indexPath; self.frame = frame
        representedElementCategory = .supplementaryView; representedElementKind = kind
    }
    public init(forDecorationViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero) {
        self.indexPath = indexPath; self.frame = frame
        representedElementCategory = .decorationView; representedElementKind = kind
    }
}

/// A section whose items scroll across the collection view's axis in a band of their own
/// (SC6), as a compositional layout's `orthogonalScrollingBehavior`: the collection view puts a
/// scroll view of its own at ``frame`` and the section's cells in it. The layout gives the
/// items' frames in the collection view's content as if the band were not scrolled (they run
/// past the band's end); the band's scroll view shows them moved by its offset.
public struct CollectionViewOrthogonalSection: Sendable, Equatable {
    /// Where a drag that lets go comes to rest.
    public enum Snapping: Sendable, Equatable {
        /// Anywhere (`.continuous`).
        case none
        /// At whole pages of the band's width (`.paging`).
        case pages
        /// At the offset in ``snapOffsets`` nearest to where it would stop
        /// (`.continuousGroupLeadingBoundary`).
        case nearest
        /// At the next or previous offset in ``snapOffsets`` (`.groupPaging`, `.groupPagingCentered`).
        case oneAtATime
    }
    public var section: Int
    /// The band in the collection view's content.
    public var frame: Rect
    /// The size of what scrolls in the band.
    public var contentSize: Size
    /// Whether the band scrolls horizontally (in a vertical collection view) or vertically.
    public var isHorizontal: Bool
    public var snapping: Snapping
    /// The offsets groups come to rest at, ascending (for ``Snapping/nearest`` and
    /// ``Snapping/oneAtATime``).
    public var snapOffsets: [Double]
    public init(section: Int, frame: Rect, contentSize: Size, isHorizontal: Bool = true, snapping: Snapping = .none, snapOffsets: [Double] = []) {
        self.section = section; self.frame = frame; self.contentSize = contentSize
        self.isHorizontal = isHorizontal; self.snapping = snapping; self.snapOffsets = snapOffsets
    }
}

/// Places a collection view's elements (SC6), as `UICollectionViewLayout`: subclass and override
/// ``prepare()``, ``collectionViewContentSize``, ``layoutAttributesForElements(in:)``,
/// ``layoutAttributesForItem(at:)``, ``layoutAttributesForSupplementaryView(ofKind:at:)`` and
/// ``shouldInvalidateLayout(forBoundsChange:)``. Decoration views are registered here, with the
/// layout (as in UIKit), and made by the collection view when the layout places one.
@MainActor
open class CollectionViewLayout {
    public internal(set) weak var collectionView: CollectionView?
    var decorationMakers: [String: (String) -> CollectionReusableView] = [:]
    public init() {}
    /// Called before the layout is asked anything after an invalidation.
    open func prepare() {}
    open var collectionViewContentSize: Size { .zero }
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] { [] }
    /// Appends the elements in `rect` to `out`: what the collection view asks, keeping `out`'s
    /// storage between passes, so a layout that overrides this allocates nothing as it scrolls.
    /// The default appends ``layoutAttributesForElements(in:)``.
    open func appendLayoutAttributesForElements(in rect: Rect, to out: inout [CollectionViewLayoutAttributes]) {
        out.append(contentsOf: layoutAttributesForElements(in: rect))
    }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    /// The sections that scroll across the main axis, asked after each ``prepare()``.
    open func orthogonalScrollingSections() -> [CollectionViewOrthogonalSection] { [] }
    /// Whether a change of the bounds (a scroll, a resize) needs a new layout; the base: when the
    /// size differs from the one the layout was last prepared for.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return false }
        return newBounds.size != cv.preparedSize
    }
    /// Marks the layout for ``prepare()`` before its next use.
    public func invalidateLayout() { collectionView?.layoutIsValid = false; collectionView?.setNeedsLayout() }

    /// The class a decoration view of `kind` is made of (`register(_:forDecorationViewOfKind:)`).
    public func register(_ viewClass: CollectionReusableView.Type, forDecorationViewOfKind kind: String) {
        decorationMakers[kind] = { viewClass.init(reuseIdentifier: $0) }
    }
    /// Registers a function that makes the decoration views of `kind` (given the kind).
    public func register(forDecorationViewOfKind kind: String, make: @escaping (String) -> CollectionReusableView) {
        decorationMakers[kind] = make
    }
}

/// A grid that fills lines then wraps (SC6), as `UICollectionViewFlowLayout`: items of
/// ``itemSize`` (or the delegate's size per item), ``minimumInteritemSpacing`` between items
/// (full lines spread theirs to fill), ``minimumLineSpacing`` between lines, ``sectionInset``,
/// vertical or horizontal; a header of ``headerReferenceSize`` before each section and a footer
/// of ``footerReferenceSize`` after it (their height in a vertical layout, width in a horizontal
/// one; zero: none), optionally pinned to the visible bounds while their section shows. Lines
/// and sections are kept with their extent, so the elements in a rectangle are found by binary
/// search: only what is visible costs.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    public enum ScrollDirection: Sendable { case vertical, horizontal }
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    public var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    public var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    public var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Asked per item when set (UICollectionViewDelegateFlowLayout's sizeForItemAt).
    public var sizeForItem: ((IndexPath) -> Size)?
    /// Asked per section when set (the delegate's referenceSizeForHeaderInSection and
    /// referenceSizeForFooterInSection, insetForSectionAt, and the section's spacings).
    public var headerSizeForSection: ((Int) -> Size)?
    public var footerSizeForSection: ((Int) -> Size)?
    public var insetForSection: ((Int) -> EdgeInsets)?
    public var lineSpacingForSection: ((Int) -> Double)?
    public var interitemSpacingForSection: ((Int) -> Double)?

    private var attributes: [CollectionViewLayoutAttributes] = []
    /// Lines: the range of `attributes` they hold and their extent along the scroll axis.
    private var lines: [(range: Range<Int>, lo: Double, hi: Double)] = []
    private var byPath: [IndexPath: Int] = [:]
    /// Sections: their extent along the scroll axis, header and footer.
    private var sections: [(lo: Double, hi: Double, header: CollectionViewLayoutAttributes?, footer: CollectionViewLayoutAttributes?)] = []
    private var size = Size.zero

    public override init() { super.init() }

    open override func prepare() {
        attributes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        byPath.removeAll(keepingCapacity: true)
        sections.removeAll(keepingCapacity: true)
        guard let cv = collectionView, let ds = cv.dataSource else { size = .zero; return }
        let vertical = scrollDirection == .vertical
        // Along: the axis lines run along (across the scroll); across: the scroll axis.
        let extent = vertical ? cv.bounds.width : cv.bounds.height
        var across = 0.0
        for s in 0..<max(0, ds.numberOfSections(in: cv)) {
            let n = max(0, ds.collectionView(cv, numberOfItemsInSection: s))
            let sectionInset = insetForSection?(s) ?? self.sectionInset
            let lineSpacing = lineSpacingForSection?(s) ?? minimumLineSpacing
            let interitem = interitemSpacingForSection?(s) ?? minimumInteritemSpacing
            let sectionStart = across
            let headerSize = headerSizeForSection?(s) ?? headerReferenceSize
            let headerThickness = max(0, vertical ? headerSize.height : headerSize.width)
            var header: CollectionViewLayoutAttributes?
            if headerThickness > 0 {
                let frame = vertical ? Rect(x: 0, y: across, width: extent, height: headerThickness)
                                     : Rect(x: across, y: 0, width: headerThickness, height: extent)
                header = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: Self.elementKindSectionHeader,
                                                        with: IndexPath(item: 0, section: s), frame: frame)
                across += headerThickness
            }
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
                    let need = used + (sizes.isEmpty ? 0 : interitem) + along
                    if !sizes.isEmpty, need > available + 1e-9 { break }
                    used = need
                    sizes.append(sz)
                }
                let count = sizes.count
                let alongSum = sizes.reduce(0) { $0 + (vertical ? $1.width : $1.height) }
                let full = i + count < n
                let spacing = count > 1 && full ? (available - alongSum) / Double(count - 1) : interitem
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
                if i < n { across += lineSpacing }
            }
            across += vertical ? sectionInset.bottom : sectionInset.right
            let contentEnd = across
            let footerSize = footerSizeForSection?(s) ?? footerReferenceSize
            let footerThickness = max(0, vertical ? footerSize.height : footerSize.width)
            var footer: CollectionViewLayoutAttributes?
            if footerThickness > 0 {
                let frame = vertical ? Rect(x: 0, y: across, width: extent, height: footerThickness)
                                     : Rect(x: across, y: 0, width: footerThickness, height: extent)
                footer = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: Self.elementKindSectionFooter,
                                                        with: IndexPath(item: 0, section: s), frame: frame)
                across += footerThickness
            }
            // Pinned: a header within the section before its footer, a footer after its header.
            if sectionHeadersPinToVisibleBounds, header != nil {
                header!.pinningBounds = vertical ? Rect(x: 0, y: sectionStart, width: extent, height: contentEnd - sectionStart)
                                                 : Rect(x: sectionStart, y: 0, width: contentEnd - sectionStart, height: extent)
                header!.zIndex = 10
            }
            if sectionFootersPinToVisibleBounds, footer != nil {
                let lo = sectionStart + headerThickness
                footer!.pinningBounds = vertical ? Rect(x: 0, y: lo, width: extent, height: across - lo)
                                                 : Rect(x: lo, y: 0, width: across - lo, height: extent)
                footer!.zIndex = 10
            }
            sections.append((sectionStart, across, header, footer))
        }
        size = vertical ? Size(width: extent, height: across) : Size(width: across, height: extent)
    }

    open override var collectionViewContentSize: Size { size }

    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        var out: [CollectionViewLayoutAttributes] = []
        appendLayoutAttributesForElements(in: rect, to: &out)
        return out
    }

    open override func appendLayoutAttributesForElements(in rect: Rect, to out: inout [CollectionViewLayoutAttributes]) {
        let vertical = scrollDirection == .vertical
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        // The first line that ends after `lo`.
        var a = 0, b = lines.count
        while a < b {
            let mid = (a + b) / 2
            if lines[mid].hi <= lo { a = mid + 1 } else { b = mid }
        }
        var k = a
        while k < lines.count, lines[k].lo < hi {
            for i in lines[k].range where attributes[i].frame.intersects(rect) { out.append(attributes[i]) }
            k += 1
        }
        // Headers and footers of the sections in the range (a pinned one while its section is).
        a = 0; b = sections.count
        while a < b {
            let mid = (a + b) / 2
            if sections[mid].hi <= lo { a = mid + 1 } else { b = mid }
        }
        k = a
        while k < sections.count, sections[k].lo < hi {
            if let e = sections[k].header, e.frame.intersects(rect) || e.pinningBounds?.intersects(rect) == true { out.append(e) }
            if let e = sections[k].footer, e.frame.intersects(rect) || e.pinningBounds?.intersects(rect) == true { out.append(e) }
            k += 1
        }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        byPath[indexPath].map { attributes[$0] }
    }

    open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        switch kind {
        case Self.elementKindSectionHeader: return sections[indexPath.section].header
        case Self.elementKindSectionFooter: return sections[indexPath.section].footer
        default: return nil
        }
    }
}

/// What a collection view shows (SC6), as `UICollectionViewDataSource`.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// The supplementary view of `kind` the layout placed at `indexPath` (dequeued with
    /// ``CollectionView/dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)``);
    /// nil shows nothing there.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView?
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView? { nil }
}

/// What a collection view tells and asks (SC6), as `UICollectionViewDelegate`.
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                        forElementKind kind: String, at indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                               forElementKind kind: String, at indexPath: IndexPath) {}
}

/// A view a collection view places and reuses (SC6), as `UICollectionReusableView`: the base
/// of cells, supplementary views (headers, footers, badges) and decoration views.
open class CollectionReusableView: View {
    public let reuseIdentifier: String?
    /// The kind it was dequeued for (nil for a cell).
    public internal(set) var elementKind: String?
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }
    /// Called before the collection view hands the view out again.
    open func prepareForReuse() {}
    /// Applied by the collection view: the frame, alpha and visibility of its attributes.
    open func apply(_ attributes: CollectionViewLayoutAttributes) {
        frame = attributes.frame
        alpha = attributes.alpha
        isHidden = attributes.isHidden
    }
}

/// An item of a collection view (SC6), as `UICollectionViewCell`.
open class CollectionViewCell: CollectionReusableView {
    public let contentView = View()
    public var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.identifier = "contentView"
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
    open override func prepareForReuse() { isSelected = false; isHighlighted = false }
    /// Called when ``isSelected`` or ``isHighlighted`` changed (a facade restyles the cell).
    open func stateDidChange() {}
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }
}

/// The key of a supplementary or decoration view on screen.
struct ElementKey: Hashable {
    var isDecoration: Bool
    var kind: String
    var indexPath: IndexPath
}

/// Items placed by a layout, with cell reuse (SC6, SC7), as `UICollectionView`: only the elements
/// the layout puts in the viewport (plus a margin) have views: cells dequeued by reuse identifier,
/// supplementary views by kind and identifier from the data source, decoration views from the
/// layout's registrations. The layout is asked again only when the viewport has moved past half
/// the margin since it was last asked (or the layout changed), so a frame of steady scrolling
/// asks nothing and allocates nothing; pinned headers move each frame. A section that scrolls
/// across the main axis gets a scroll view of its own holding its cells (a drag along the band
/// scrolls it, one across it scrolls the collection view), with only its visible cells alive.
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
    public var allowsSelection = true
    public var allowsMultipleSelection = false
    var layoutIsValid = false
    private var needsReload = false
    private var reuse = ReusePool<CollectionViewCell>()
    private var supplementaryReuse: [String: ReusePool<CollectionReusableView>] = [:]
    private var registeredSupplementary: [String: Set<String>] = [:]
    private var decorationReuse: [String: ReusePool<CollectionReusableView>] = [:]
    /// The cells showing in the main content (those of orthogonal sections are their bands').
    private var live: [IndexPath: CollectionViewCell] = [:]
    /// The supplementary and decoration views showing.
    private var liveViews: [ElementKey: CollectionReusableView] = [:]
    /// The live views that float (pinned), with their attributes; moved each frame.
    private var pinned: [(key: ElementKey, attributes: CollectionViewLayoutAttributes)] = []
    /// The items and views wanted this pass (kept between passes, so their storage is reused).
    private var keep = Set<IndexPath>()
    private var keepViews = Set<ElementKey>()
    /// What left the viewport this pass (storage kept between frames).
    private var gone: [IndexPath] = []
    private var goneViews: [ElementKey] = []
    private var goneBands: [Int] = []
    /// The layout's answer this pass (storage kept between passes).
    private var wanted: [CollectionViewLayoutAttributes] = []
    /// The rectangle the layout was last asked about (null: ask at the next update).
    private var queried = Rect.null
    /// Decoration views among the subviews: they are kept at the bottom, cells above them.
    private var decorationSubviews = 0
    private var selected = Set<IndexPath>()
    private var highlighted: IndexPath?
    /// The bands of orthogonal sections, in the order of the main axis; those on screen have a
    /// scroll view; the others keep their offset.
    private var orthogonal: [CollectionViewOrthogonalSection] = []
    private var orthogonalIndex: [Int: Int] = [:]
    private var bands: [Int: OrthogonalScroller] = [:]
    private var spareBands: [OrthogonalScroller] = []
    private var bandOffsets: [Int: Point] = [:]
    /// The bounds size the layout was last prepared for.
    var preparedSize = Size(width: -1, height: -1)
    /// Cells made rather than reused, for tests and benches.
    public var cellsCreated: Int { reuse.created }
    /// Supplementary views made rather than reused, for tests and benches.
    public var supplementaryViewsCreated: Int { supplementaryReuse.values.reduce(0) { $0 + $1.created } }
    /// How many times the layout was asked for the elements in a rectangle (for tests and benches).
    public private(set) var layoutQueries = 0

    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        delaysContentTouches = false
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        tap.addAction { [unowned self] r in
            let location = r.location(in: self)
            guard r.state == .ended, !self.tapTaken(at: location), let p = self.indexPathForItem(at: location) else { return }
            self.tapped(p)
        }
        addGestureRecognizer(tap)
    }

    // MARK: Registration and reuse

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

    private func recycle(_ cell: CollectionViewCell) { reuse.recycle(cell, identifier: cell.reuseIdentifier) }

    private func recycle(_ view: CollectionReusableView, key: ElementKey) {
        if key.isDecoration {
            decorationReuse[key.kind, default: ReusePool()].recycle(view, identifier: key.kind)
        } else if registeredSupplementary[key.kind]?.contains(view.reuseIdentifier ?? "") == true {
            supplementaryReuse[key.kind, default: ReusePool()].recycle(view, identifier: view.reuseIdentifier)
        } else {
            view.removeFromSuperview()                          // a plain view made for a misuse
        }
    }

    // MARK: Data

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
        prepareIfNeeded()
        updateVisibleCells(force: true)
    }

    private func prepareIfNeeded() {
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

    public var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }
    public func numberOfItems(inSection section: Int) -> Int {
        guard let ds = dataSource, section >= 0, section < ds.numberOfSections(in: self) else { return 0 }
        return ds.collectionView(self, numberOfItemsInSection: section)
    }

    // MARK: What shows

    public var visibleCells: [CollectionViewCell] {
        var out = Array(live.values)
        for (_, b) in bands { out += b.live.values }
        return out
    }
    public var indexPathsForVisibleItems: [IndexPath] {
        let r = bounds
        var out = live.filter { $0.value.frame.intersects(r) }.map(\.key)
        for (_, b) in bands where b.frame.intersects(r) {
            out += b.live.filter { $0.value.frame.intersects(b.bounds) }.map(\.key)
        }
        return out.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
    }
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        if let c = live[indexPath] { return c }
        return bands[indexPath.section]?.live[indexPath]
    }
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        if let p = live.first(where: { $0.value === cell })?.key { return p }
        for (_, b) in bands { if let p = b.live.first(where: { $0.value === cell })?.key { return p } }
        return nil
    }
    /// The supplementary view of `kind` showing at `indexPath`.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        liveViews[ElementKey(isDecoration: false, kind: kind, indexPath: indexPath)]
    }
    public func visibleSupplementaryViews(ofKind kind: String) -> [CollectionReusableView] {
        liveViews.filter { !$0.key.isDecoration && $0.key.kind == kind }.map(\.value)
    }
    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        let r = bounds
        return liveViews.filter { !$0.key.isDecoration && $0.key.kind == kind && $0.value.frame.intersects(r) }.map(\.key.indexPath)
            .sorted { ($0.section, $0.item) < ($1.section, $1.item) }
    }
    /// The decoration views showing (for tests and tools).
    public var visibleDecorationViews: [CollectionReusableView] { liveViews.filter { $0.key.isDecoration }.map(\.value) }

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

    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        cellForItem(at: indexPath)?.isSelected = false
    }

    /// Whether a control or a tap of its own under the point took the tap (a button or an
    /// accessory in a cell): the item is not selected then, as in UIKit.
    private func tapTaken(at point: Point) -> Bool {
        var v = hitTest(point)
        while let x = v, x !== self {
            if x is Control { return true }
            if x.gestureRecognizers.contains(where: { $0 is TapGestureRecognizer && $0.isEnabled && $0.state == .ended }) { return true }
            v = x.superview
        }
        return false
    }

    private func tapped(_ p: IndexPath) {
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
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) || !layoutIsValid {
            layoutIsValid = false
            prepareIfNeeded()
            force = true
        }
        updateVisibleCells(force: force)
    }

    override func contentOffsetDidChange() {
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
    private func updateVisibleCells(force: Bool) {
        guard dataSource != nil, layoutIsValid else { return }
        let half = preloadMargin / 2
        if force || queried.isNull || !queried.encloses(bounds.inset(by: EdgeInsets(all: -half))) {
            requery()
        }
        updatePinned()
    }

    private func requery() {
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
        for p in gone { if let c = live.removeValue(forKey: p) { recycle(c) } }
        goneViews.removeAll(keepingCapacity: true)
        for k in liveViews.keys where !keepViews.contains(k) { goneViews.append(k) }
        for k in goneViews { if let v = liveViews.removeValue(forKey: k) { recycle(v, key: k) } }
        pinned.removeAll(keepingCapacity: true)
        for a in wanted {
            switch a.representedElementCategory {
            case .cell:
                guard orthogonalIndex[a.indexPath.section] == nil else { continue }
                if let c = live[a.indexPath] { if c.frame != a.frame || c.alpha != a.alpha { c.apply(a) }; continue }
                let cell = ds.collectionView(self, cellForItemAt: a.indexPath)
                show(cell, a, in: self)
                live[a.indexPath] = cell
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

    private func key(_ a: CollectionViewLayoutAttributes) -> ElementKey {
        ElementKey(isDecoration: a.representedElementCategory == .decorationView, kind: a.representedElementKind ?? "", indexPath: a.indexPath)
    }

    /// Places a cell the data source gave in `container` (the collection view or a band).
    private func show(_ cell: CollectionViewCell, _ a: CollectionViewLayoutAttributes, in container: View) {
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
    private func makeView(_ a: CollectionViewLayoutAttributes, _ k: ElementKey) -> CollectionReusableView? {
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
    private func updatePinned() {
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

    // MARK: Orthogonal sections

    /// Bands on screen get a scroll view (taken from the spares, at the offset they had); those
    /// that left give theirs back.
    private func updateBands(in r: Rect) {
        guard !orthogonal.isEmpty || !bands.isEmpty else { return }
        // The first band that ends after the rectangle's start (bands run along the main axis).
        let vertical = orthogonal.first?.isHorizontal ?? true
        let lo = vertical ? r.minY : r.minX, hi = vertical ? r.maxY : r.maxX
        var a = 0, b = orthogonal.count
        while a < b {
            let mid = (a + b) / 2
            let f = orthogonal[mid].frame
            if (vertical ? f.maxY : f.maxX) <= lo { a = mid + 1 } else { b = mid }
        }
        var first = a, last = a
        while last < orthogonal.count, (vertical ? orthogonal[last].frame.minY : orthogonal[last].frame.minX) < hi { last += 1 }
        if first > last { first = last }
        goneBands.removeAll(keepingCapacity: true)
        for (s, _) in bands {
            if let i = orthogonalIndex[s], i >= first, i < last, orthogonal[i].frame.intersects(r) { continue }
            goneBands.append(s)
        }
        for s in goneBands { if let band = bands.removeValue(forKey: s) { retire(band, section: s) } }
        for i in first..<last where orthogonal[i].frame.intersects(r) {
            let o = orthogonal[i]
            if let band = bands[o.section] { updateBand(band, force: false); continue }
            let band = spareBands.popLast() ?? OrthogonalScroller()
            band.section = o.section
            band.configure(o)
            band.queried = .null
            band.isHidden = false
            if band.superview !== self { insertSubview(band, at: decorationSubviews) }
            bands[o.section] = band
            band.contentOffset = band.clamp(bandOffsets[o.section] ?? .zero)
            band.owner = self
            updateBand(band, force: true)
        }
    }

    /// A band that left the screen keeps its offset; its cells go back to the pool.
    private func retire(_ band: OrthogonalScroller, section: Int) {
        bandOffsets[section] = band.contentOffset
        for (_, c) in band.live { recycle(c) }
        band.live.removeAll()
        band.owner = nil
        band.isHidden = true
        band.contentOffset = .zero
        spareBands.append(band)
    }

    /// The cells of a band's section in its viewport plus the margin, in the band's coordinates.
    fileprivate func updateBand(_ band: OrthogonalScroller, force: Bool) {
        guard let ds = dataSource, let i = orthogonalIndex[band.section], layoutIsValid else { return }
        let o = orthogonal[i]
        // The band's viewport in the layout's coordinates.
        let visible = Rect(x: o.frame.minX + band.contentOffset.x, y: o.frame.minY + band.contentOffset.y,
                           width: band.bounds.width, height: band.bounds.height)
        let half = preloadMargin / 2
        guard force || band.queried.isNull || !band.queried.encloses(visible.inset(by: EdgeInsets(all: -half))) else { return }
        let r = visible.inset(by: EdgeInsets(all: -preloadMargin))
        band.queried = r
        layoutQueries += 1
        wanted.removeAll(keepingCapacity: true)
        collectionViewLayout.appendLayoutAttributesForElements(in: r, to: &wanted)
        keep.removeAll(keepingCapacity: true)
        for a in wanted where a.representedElementCategory == .cell && a.indexPath.section == band.section { keep.insert(a.indexPath) }
        gone.removeAll(keepingCapacity: true)
        for p in band.live.keys where !keep.contains(p) { gone.append(p) }
        for p in gone { if let c = band.live.removeValue(forKey: p) { recycle(c) } }
        for var a in wanted where a.representedElementCategory == .cell && a.indexPath.section == band.section {
            a.frame = a.frame.offsetBy(dx: -o.frame.minX, dy: -o.frame.minY)
            if let c = band.live[a.indexPath] { if c.frame != a.frame || c.alpha != a.alpha { c.apply(a) }; continue }
            let cell = ds.collectionView(self, cellForItemAt: a.indexPath)
            show(cell, a, in: band)
            band.live[a.indexPath] = cell
        }
    }
}

/// The scroll view of an orthogonal section's band: its cells, its own offset, snapping as
/// the section asks, and a pan that begins only along its axis (a drag across it goes to the
/// collection view).
final class OrthogonalScroller: ScrollView, ScrollViewDelegate, GestureRecognizerDelegate {
    weak var owner: CollectionView?
    var section = 0
    var live: [IndexPath: CollectionViewCell] = [:]
    var queried = Rect.null
    private var info = CollectionViewOrthogonalSection(section: 0, frame: .zero, contentSize: .zero)
    private var dragStartOffset = Point.zero

    init() {
        super.init(frame: .zero)
        identifier = "orthogonalScroller"
        delaysContentTouches = false
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        contentInsetAdjustmentBehavior = .never
        delegate = self
        panGestureRecognizer.delegate = self
    }

    func configure(_ o: CollectionViewOrthogonalSection) {
        info = o
        section = o.section
        frame = o.frame
        contentSize = o.contentSize
        isPagingEnabled = o.snapping == .pages
        alwaysBounceHorizontal = false
        alwaysBounceVertical = false
    }

    override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        owner?.updateBand(self, force: false)
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let pan = recognizer as? PanGestureRecognizer else { return true }
        let t = pan.translation(in: nil)
        return info.isHorizontal ? abs(t.x) > abs(t.y) : abs(t.y) > abs(t.x)
    }

    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { dragStartOffset = contentOffset }

    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        let offsets = info.snapOffsets
        guard !offsets.isEmpty, info.snapping == .nearest || info.snapping == .oneAtATime else { return }
        let horizontal = info.isHorizontal
        let lo = horizontal ? minimumContentOffset.x : minimumContentOffset.y
        let hi = horizontal ? maximumContentOffset.x : maximumContentOffset.y
        let natural = horizontal ? targetContentOffset.x : targetContentOffset.y
        func nearest(_ v: Double) -> Int {
            var best = 0
            for (k, o) in offsets.enumerated() where abs(o - v) < abs(offsets[best] - v) { best = k }
            return best
        }
        var k = nearest(natural)
        if info.snapping == .oneAtATime {
            let start = nearest(horizontal ? dragStartOffset.x : dragStartOffset.y)
            let v = horizontal ? velocity.x : velocity.y
            if v > 0.2 { k = start + 1 } else if v < -0.2 { k = start - 1 }
            k = min(max(k, start - 1), start + 1)
            k = min(max(k, 0), offsets.count - 1)
        }
        let target = min(max(offsets[k], lo), hi)
        if horizontal { targetContentOffset.x = target } else { targetContentOffset.y = target }
    }
}

extension Rect {
    /// Whether the two rectangles overlap (touching edges do not).
    func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    /// Whether `other` lies wholly inside this rectangle.
    func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
