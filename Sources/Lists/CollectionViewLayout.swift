@_spi(Engine) import Views
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
    /// The element's section and item (or index, for supplementary and decoration views).
    public var indexPath: IndexPath
    /// Where the element sits in the collection view's content, in points.
    public var frame: Rect
    /// The element's opacity, 0...1.
    public var alpha = 1.0
    /// The element's stacking order: higher draws above.
    public var zIndex = 0
    /// Whether the element is left out.
    public var isHidden = false
    /// Whether the element is a cell, a supplementary view or a decoration view.
    public var representedElementCategory: ElementCategory = .cell
    /// The kind of a supplementary or decoration view (nil for a cell).
    public var representedElementKind: String?
    /// Set for an element that stays in the visible bounds while this rectangle (its section) is
    /// on screen: a pinned header floats at the top, a pinned footer at the bottom, never leaving
    /// the rectangle. The collection view moves it each frame; the layout is not asked again.
    public var pinningBounds: Rect?

    /// A cell's attributes at `indexPath` in `frame` (points).
    public init(indexPath: IndexPath, frame: Rect) { self.indexPath = indexPath; self.frame = frame }
    /// A supplementary view's attributes: one of `kind` at `indexPath`.
    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero) {
        self.indexPath = indexPath; self.frame = frame
        representedElementCategory = .supplementaryView; representedElementKind = kind
    }
    /// A decoration view's attributes: one of `kind` at `indexPath`.
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
    /// The section that scrolls across the main axis.
    public var section: Int
    /// The band in the collection view's content.
    public var frame: Rect
    /// The size of what scrolls in the band.
    public var contentSize: Size
    /// Whether the band scrolls horizontally (in a vertical collection view) or vertically.
    public var isHorizontal: Bool
    /// Where a fling in the band comes to rest.
    public var snapping: Snapping
    /// The offsets groups come to rest at, ascending (for ``Snapping/nearest`` and
    /// ``Snapping/oneAtATime``).
    public var snapOffsets: [Double]
    /// A band for `section` at `frame` (points) over `contentSize` of scrolling content.
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
    /// The collection view the layout places elements for; set when it is given to one.
    public package(set) weak var collectionView: CollectionView?
    var decorationMakers: [String: (String) -> CollectionReusableView] = [:]
    /// A layout that places nothing until subclassed.
    public init() {}
    /// Called before the layout is asked anything after an invalidation.
    open func prepare() {}
    /// The size of the whole content in points; the base has none.
    open var collectionViewContentSize: Size { .zero }
    /// The elements whose frames meet `rect` (content coordinates); asked as the view scrolls, so it should cost what is visible, not the whole collection.
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] { [] }
    /// Appends the elements in `rect` to `out`: what the collection view asks, keeping `out`'s
    /// storage between passes, so a layout that overrides this allocates nothing as it scrolls.
    /// The default appends ``layoutAttributesForElements(in:)``.
    open func appendLayoutAttributesForElements(in rect: Rect, to out: inout [CollectionViewLayoutAttributes]) {
        out.append(contentsOf: layoutAttributesForElements(in: rect))
    }
    /// The attributes of the item at `indexPath`; nil: not placed.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    /// The attributes of the supplementary view of `kind` at `indexPath`; nil: none.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    /// The attributes of the decoration view of `kind` at `indexPath`; nil: none.
    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }
    /// The sections that scroll across the main axis, asked after each ``prepare()``.
    open func orthogonalScrollingSections() -> [CollectionViewOrthogonalSection] { [] }
    /// Whether a change of the bounds (a scroll, a resize) needs a new layout; the base: when the
    /// size differs from the one the layout was last prepared for.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return false }
        return newBounds.size != cv.preparedSize
    }
    /// Whether the collection view asks each cell that shows for its
    /// ``CollectionReusableView/preferredLayoutAttributesFitting(_:)`` (self-sizing items).
    open var asksPreferredLayoutAttributes: Bool { false }
    /// Whether a cell's preferred attributes (`preferred`, for `original`) change the layout;
    /// a layout that returns true keeps them for its next ``prepare()``, which follows at once.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
                                     withOriginalAttributes original: CollectionViewLayoutAttributes) -> Bool { false }
    /// Told when the items were reloaded (`newPath` nil) or moved by a batch update (`newPath`
    /// gives each old item's new index path, nil for one gone): what a layout keeps per item
    /// (measured sizes) follows.
    open func itemsDidChange(_ newPath: ((IndexPath) -> IndexPath?)?) {}
    /// Marks the layout for ``prepare()`` before its next use, through
    /// ``invalidateLayout(with:)`` with a context that invalidates everything (as UIKit's does,
    /// so a subclass that overrides only that method hears of every invalidation).
    public func invalidateLayout() {
        let everything = CollectionViewLayoutInvalidationContext()
        everything.invalidateEverything = true
        invalidateLayout(with: everything)
    }
    /// Invalidates for the reasons `context` records: the whole layout is prepared again (the
    /// layout computes everything in ``prepare()``), after the context's content offset
    /// adjustment moves the collection view. The collection view calls it when it loads its
    /// data and when its size changes.
    open func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        if context.contentOffsetAdjustment != .zero, let cv = collectionView {
            cv.contentOffset = Point(x: cv.contentOffset.x + context.contentOffsetAdjustment.x,
                                     y: cv.contentOffset.y + context.contentOffsetAdjustment.y)
        }
        collectionView?.layoutIsValid = false
        collectionView?.setNeedsLayout()
    }
    /// The context ``invalidateLayout()`` passes to ``invalidateLayout(with:)`` when a bounds
    /// change invalidates the layout.
    open func invalidationContext(forBoundsChange newBounds: Rect) -> CollectionViewLayoutInvalidationContext {
        CollectionViewLayoutInvalidationContext()
    }

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
    /// The direction lines of items run across: vertical scrolling fills rows, horizontal fills columns.
    public enum ScrollDirection: Sendable { case vertical, horizontal }
    /// The kind of section headers, UIKit's string.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of section footers, UIKit's string.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
    /// The sentinel for ``estimatedItemSize`` that estimates with ``itemSize``.
    public static let automaticSize = Size(width: -1, height: -1)
    /// Every item's size in points unless ``sizeForItem`` says otherwise (50 x 50 by default).
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Not zero: items size themselves (UIKit's self-sizing cells): each is placed at this
    /// estimate (``automaticSize``: the delegate's size or ``itemSize``) until its cell first shows and measures its
    /// content with Auto Layout; the layout then places it at its measured size and the content
    /// size follows.
    public var estimatedItemSize = Size.zero { didSet { measured.removeAll(); invalidateLayout() } }
    /// The sizes cells measured, by item.
    private var measured: [IndexPath: Size] = [:]
    /// The least gap in points between lines of items.
    public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
    /// The least gap in points between items in a line.
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
    /// Points around each section's items.
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// Which way the content scrolls (vertically by default).
    public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// Each section header's size in points (its height when scrolling vertically); zero: no header.
    public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// Each section footer's size in points; zero: no footer.
    public var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// Whether a section's header stays at the top of the visible bounds while the section shows.
    public var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Whether a section's footer stays at the bottom of the visible bounds while the section shows.
    public var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Asked per item when set (UICollectionViewDelegateFlowLayout's sizeForItemAt).
    public var sizeForItem: ((IndexPath) -> Size)?
    /// Asked per section when set (the delegate's referenceSizeForHeaderInSection and
    /// referenceSizeForFooterInSection, insetForSectionAt, and the section's spacings).
    public var headerSizeForSection: ((Int) -> Size)?
    /// The footer size of a section, when set.
    public var footerSizeForSection: ((Int) -> Size)?
    /// The inset of a section, when set.
    public var insetForSection: ((Int) -> EdgeInsets)?
    /// The line spacing of a section, when set.
    public var lineSpacingForSection: ((Int) -> Double)?
    /// The item spacing of a section, when set.
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
            var header = boundary(Self.elementKindSectionHeader, headerSizeForSection?(s) ?? headerReferenceSize, section: s,
                                  across: &across, extent: extent)
            let headerThickness = across - sectionStart
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
                    let sz = size(ofItem: IndexPath(item: i + sizes.count, section: s))
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
            var footer = boundary(Self.elementKindSectionFooter, footerSizeForSection?(s) ?? footerReferenceSize, section: s,
                                  across: &across, extent: extent)
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

    /// A section's header or footer of `size` (its thickness along the scroll axis) at `across`,
    /// as wide as `extent`, and `across` moved past it; nil when it has no thickness.
    private func boundary(_ kind: String, _ size: Size, section s: Int, across: inout Double, extent: Double) -> CollectionViewLayoutAttributes? {
        let vertical = scrollDirection == .vertical
        let thickness = max(0, vertical ? size.height : size.width)
        guard thickness > 0 else { return nil }
        let frame = vertical ? Rect(x: 0, y: across, width: extent, height: thickness) : Rect(x: across, y: 0, width: thickness, height: extent)
        across += thickness
        return CollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: s), frame: frame)
    }

    /// An item's size: the delegate's or ``itemSize``; when items size themselves, the measured
    /// size, else the estimate (for ``automaticSize``, the delegate's or ``itemSize``).
    private func size(ofItem path: IndexPath) -> Size {
        if estimatedItemSize != .zero {
            if let m = measured[path] { return m }
            if estimatedItemSize != Self.automaticSize { return estimatedItemSize }
        }
        return sizeForItem?(path) ?? itemSize
    }

    open override var asksPreferredLayoutAttributes: Bool { estimatedItemSize != .zero }

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
                                              withOriginalAttributes original: CollectionViewLayoutAttributes) -> Bool {
        let s = preferred.frame.size
        guard estimatedItemSize != .zero, preferred.representedElementCategory == .cell, s != original.frame.size,
              s.width > 0, s.height > 0, s.width.isFinite, s.height.isFinite else { return false }
        measured[preferred.indexPath] = s
        return true
    }

    open override func itemsDidChange(_ newPath: ((IndexPath) -> IndexPath?)?) {
        guard !measured.isEmpty else { return }
        guard let newPath else { measured.removeAll(); return }
        var moved: [IndexPath: Size] = [:]
        for (p, s) in measured { if let n = newPath(p) { moved[n] = s } }
        measured = moved
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

/// What a layout invalidation is for (UICollectionViewLayoutInvalidationContext): everything,
/// the data source's counts, some items, and how far to move the content.
open class CollectionViewLayoutInvalidationContext {
    /// A context that invalidates nothing until told.
    public init() {}
    /// Whether the whole layout is recomputed.
    public var invalidateEverything = false
    /// Whether the section and item counts are asked again.
    public var invalidateDataSourceCounts = false
    /// The items whose attributes are recomputed; nil: none named.
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// Points added to the content offset, to keep what shows in place as sizes change.
    public var contentOffsetAdjustment = Point.zero
    /// Points added to the content size.
    public var contentSizeAdjustment = Size.zero
    /// Adds items whose attributes are recomputed.
    public func invalidateItems(at indexPaths: [IndexPath]) { invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths }
}
