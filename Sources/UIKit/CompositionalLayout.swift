import Geometry
import Timeline

// UIKit's compositional layout: sections of groups of items, sized by fractions of their
// container, absolute points or estimates, with insets, spacing, boundary supplementary items
// (headers, footers, pinned or not), item supplementary items (badges), section background
// decorations, and sections that scroll across the main axis in a band of their own. Each
// section lays one group out once (its items' frames relative to the group), then repeats it:
// an item's frame is the group's place plus its place in the group, and the elements in a
// rectangle are found by binary search over the sections and arithmetic over the groups, so
// a section of a million items costs what its visible items cost. This file holds the
// descriptions; the layout is in `UICollectionViewCompositionalLayout.swift` and the engine
// layout doing the above in `CompositionalEngineLayout.swift`.

// MARK: - Sizes and spacing

/// One side of an item's size, as `NSCollectionLayoutDimension`: a fraction of the
/// container's width or height, points, or an estimate (laid out at the estimate).
@preconcurrency @MainActor
public final class NSCollectionLayoutDimension: NSObject {
    enum Kind: Sendable { case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings }
    let kind: Kind
    /// The dimension's value: a fraction (0...1) of the container for the fractional kinds, else points.
    public let dimension: CGFloat
    init(_ kind: Kind, _ dimension: CGFloat) { self.kind = kind; self.dimension = dimension }
    /// A fraction of the container's width (1 is the full width).
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fractionalWidth) }
    /// A fraction of the container's height (1 is the full height).
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fractionalHeight) }
    /// A fixed length in points.
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, absoluteDimension) }
    /// Partial: laid out at the estimate; cells are not measured to refine it.
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, estimatedDimension) }
    /// Partial: iOS 17's; laid out at the estimate, as `estimated`.
    public static func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        .init(.uniformAcrossSiblings, estimatedDimension)
    }
    /// Whether the dimension is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the dimension is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the dimension is a fixed length in points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the dimension is an estimate (laid out at the estimated value here).
    public var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }
    /// Whether the dimension is an estimate shared across siblings.
    public var isUniformAcrossSiblings: Bool { kind == .uniformAcrossSiblings }
    /// Points, in a container of `container` points.
    func resolve(_ container: Size) -> Double {
        let v = dimension.double
        let r: Double = switch kind {
        case .fractionalWidth: v * container.width
        case .fractionalHeight: v * container.height
        case .absolute, .estimated, .uniformAcrossSiblings: v
        }
        return r.isFinite ? max(0, r) : 0
    }
}

/// An item's width and height, as `NSCollectionLayoutSize`.
@preconcurrency @MainActor
public final class NSCollectionLayoutSize: NSObject {
    /// The item's width.
    public let widthDimension: NSCollectionLayoutDimension
    /// The item's height.
    public let heightDimension: NSCollectionLayoutDimension
    /// A size of `width` and `height`.
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width; heightDimension = height
    }
    func resolve(_ container: Size) -> Size { Size(width: widthDimension.resolve(container), height: heightDimension.resolve(container)) }
}

/// Space between items, as `NSCollectionLayoutSpacing`: fixed, or flexible (at least the
/// given points, growing to share what the group leaves over).
@preconcurrency @MainActor
public final class NSCollectionLayoutSpacing: NSObject {
    /// The spacing in points (the least spacing for a flexible one).
    public let spacing: CGFloat
    /// Whether the spacing may grow to share the leftover room.
    public let isFlexibleSpacing: Bool
    /// Whether the spacing is exactly `spacing` points.
    public var isFixedSpacing: Bool { !isFlexibleSpacing }
    init(_ spacing: CGFloat, flexible: Bool) { self.spacing = spacing; isFlexibleSpacing = flexible }
    /// Exactly `fixedSpacing` points.
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(fixedSpacing, flexible: false) }
    /// At least `flexibleSpacing` points, growing to share the leftover room.
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(flexibleSpacing, flexible: true) }
}

/// The space around an item in its group, as `NSCollectionLayoutEdgeSpacing` (flexible
/// spacing on both sides centres it).
@preconcurrency @MainActor
public final class NSCollectionLayoutEdgeSpacing: NSObject {
    /// The spacing before the item along a row.
    public let leading: NSCollectionLayoutSpacing?
    /// The spacing above the item.
    public let top: NSCollectionLayoutSpacing?
    /// The spacing after the item along a row.
    public let trailing: NSCollectionLayoutSpacing?
    /// The spacing below the item.
    public let bottom: NSCollectionLayoutSpacing?
    /// Spacing on each edge of an item (nil: none on that edge).
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
    }
}

/// Where a supplementary item or a boundary item sits, as `NSRectAlignment`.
public enum NSRectAlignment: Int, Sendable { case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing }

/// Where an item's supplementary item is pinned, as `NSCollectionLayoutAnchor`: the edges of
/// the item it sits at (none: centred on that axis), moved by an offset in points or in
/// fractions of its own size.
@preconcurrency @MainActor
public final class NSCollectionLayoutAnchor: NSObject {
    /// The container edges the element is pinned to.
    public let edges: NSDirectionalRectEdge
    /// The offset from the pinned edges: points, or fractions of the element's size.
    public let offset: CGPoint
    /// Whether `offset` is in points.
    public let isAbsoluteOffset: Bool
    /// Whether `offset` is a fraction of the element's size.
    public var isFractionalOffset: Bool { !isAbsoluteOffset && offset != .zero }
    /// Pinned to `edges` with no offset.
    public init(edges: NSDirectionalRectEdge) { self.edges = edges; offset = .zero; isAbsoluteOffset = true }
    /// Pinned to `edges`, moved by `absoluteOffset` points.
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) { self.edges = edges; offset = absoluteOffset; isAbsoluteOffset = true }
    /// Pinned to `edges`, moved by `fractionalOffset` times the element's size.
    public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) { self.edges = edges; offset = fractionalOffset; isAbsoluteOffset = false }
    /// The frame of an element of `size` anchored in `container`.
    func place(_ size: Size, in container: Rect) -> Rect {
        var x = container.midX - size.width / 2, y = container.midY - size.height / 2
        if edges.contains(.leading) && !edges.contains(.trailing) { x = container.minX }
        if edges.contains(.trailing) && !edges.contains(.leading) { x = container.maxX - size.width }
        if edges.contains(.top) && !edges.contains(.bottom) { y = container.minY }
        if edges.contains(.bottom) && !edges.contains(.top) { y = container.maxY - size.height }
        let dx = isAbsoluteOffset ? offset.x.double : offset.x.double * size.width
        let dy = isAbsoluteOffset ? offset.y.double : offset.y.double * size.height
        return Rect(x: x + dx, y: y + dy, width: size.width, height: size.height)
    }
}

// MARK: - Items, groups, supplementary items

/// An item of a group (a cell), as `NSCollectionLayoutItem`: its size in its group, its
/// content insets (taken from its frame once placed), the edge spacing around it and its
/// supplementary items.
@preconcurrency @MainActor
open class NSCollectionLayoutItem: NSObject {
    /// The item's size.
    public let layoutSize: NSCollectionLayoutSize
    /// Views placed on the item (badges), by their anchors.
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// Insets inside the item's frame, in points (leading as left).
    open var contentInsets = NSDirectionalEdgeInsets.zero
    /// Spacing around the item in its group.
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    /// An item of `layoutSize` with `supplementaryItems` on it.
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize; self.supplementaryItems = supplementaryItems
    }
    /// An item of `layoutSize`.
    public convenience init(layoutSize: NSCollectionLayoutSize) { self.init(layoutSize: layoutSize, supplementaryItems: []) }
}

/// A supplementary view attached to each item (a badge), as
/// `NSCollectionLayoutSupplementaryItem`, placed by its container anchor.
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    /// The kind the collection view's data source is asked for a view of.
    public let elementKind: String
    /// Where the item sits on its container.
    public let containerAnchor: NSCollectionLayoutAnchor
    /// Partial: kept; the container anchor alone places the item.
    public let itemAnchor: NSCollectionLayoutAnchor?
    /// Its z order among the cells (1: over the cell).
    open var zIndex = 1
    /// A supplementary item of `layoutSize` pinned by `containerAnchor` (the item anchor is kept only).
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
                itemAnchor: NSCollectionLayoutAnchor?) {
        self.elementKind = elementKind; self.containerAnchor = containerAnchor; self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
    /// A supplementary item of `layoutSize` pinned by `containerAnchor`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }
}

/// A section's (or the layout's) header, footer or side view, as
/// `NSCollectionLayoutBoundarySupplementaryItem`: aligned to an edge, extending the section
/// (or laid over it), optionally pinned to the visible bounds while its section shows.
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    /// Where on the section (or layout) the item sits.
    public let alignment: NSRectAlignment
    /// The offset from that place, in points.
    public let offset: CGPoint
    /// Whether the item takes room of its own in the section's extent (the default).
    open var extendsBoundary = true
    /// Whether the item stays in view while its section scrolls (a sticky header).
    open var pinToVisibleBounds = false
    /// A header or footer of `layoutSize` at `alignment`, moved by `absoluteOffset` points.
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment; offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: NSCollectionLayoutAnchor(edges: .all), itemAnchor: nil)
    }
    /// A header or footer of `layoutSize` at `alignment`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }
}

/// A view behind a section (its background), as `NSCollectionLayoutDecorationItem`: its kind's
/// class is registered with the layout (`register(_:forDecorationViewOfKind:)`).
@preconcurrency @MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    /// The kind the view is registered for with the layout.
    public let elementKind: String
    /// Its z order (-1: behind the cells).
    open var zIndex = -1
    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
                   supplementaryItems: [])
    }
    /// A background for a whole section, of the view registered for `elementKind`.
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem { NSCollectionLayoutDecorationItem(elementKind: elementKind) }
}

/// A custom group's item frame, as `NSCollectionLayoutGroupCustomItem`.
@preconcurrency @MainActor
public final class NSCollectionLayoutGroupCustomItem: NSObject {
    /// The item's frame in the group, in points.
    public let frame: CGRect
    /// Its z order.
    public let zIndex: Int
    /// An item at `frame` (points).
    public init(frame: CGRect) { self.frame = frame; zIndex = 0 }
    /// An item at `frame` (points) with z order `zIndex`.
    public init(frame: CGRect, zIndex: Int) { self.frame = frame; self.zIndex = zIndex }
}
/// `NSCollectionLayoutGroupCustomItemProvider`: gives a custom group's item frames for an environment.
public typealias NSCollectionLayoutGroupCustomItemProvider = (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// Items in a row, a column or frames of your own, as `NSCollectionLayoutGroup`. A row or
/// column of `subitems` repeats them (in order) while the next fits in the group; one of a
/// subitem `count` times divides the group between them (less the spacing). Groups nest.
@preconcurrency @MainActor
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Kind { case horizontal, vertical, custom }
    let kind: Kind
    /// The items the group lays out, in order.
    public let subitems: [NSCollectionLayoutItem]
    let repeatCount: Int?
    let customItemProvider: NSCollectionLayoutGroupCustomItemProvider?
    /// The space between subitems (nil: none).
    public var interItemSpacing: NSCollectionLayoutSpacing?

    init(kind: Kind, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int? = nil,
         provider: NSCollectionLayoutGroupCustomItemProvider? = nil, supplementaryItems: [NSCollectionLayoutSupplementaryItem] = []) {
        self.kind = kind; self.subitems = subitems; repeatCount = count.map { max(1, $0) }; customItemProvider = provider
        super.init(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
    }
    /// A row of `subitems` across the group's width, each at its own size.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: subitems)
    }
    /// Deprecated in iOS 16 for `horizontal(layoutSize:repeatingSubitem:count:)`; the same here.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// A row of `count` copies of `subitem` sharing the group's width.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// A column of `subitems` down the group's height, each at its own size.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .vertical, layoutSize: layoutSize, subitems: subitems)
    }
    /// Deprecated in iOS 16 for `vertical(layoutSize:repeatingSubitem:count:)`; the same here.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// A column of `count` copies of `subitem` sharing the group's height.
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// The provider is asked once per layout, with the group's size as the container.
    public static func custom(layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .custom, layoutSize: layoutSize, subitems: [], provider: itemProvider)
    }
    /// A one-line description of the group and its subitems.
    public func visualDescription() -> String {
        let name = switch kind { case .horizontal: "horizontal"; case .vertical: "vertical"; case .custom: "custom" }
        return "\(name) group of \(subitems.count) subitem(s)\(repeatCount.map { " x\($0)" } ?? "")"
    }
}

// MARK: - Sections

/// How a section's groups scroll across the layout's axis, as
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`: not at all (the groups stack along
/// the main axis), or in a row of their own that scrolls freely, by pages of the band's width,
/// or group by group (leading edges, or centred).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// None, free scrolling, scrolling that settles on group edges, or paging by page or by group.
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// What insets count from, as `UIContentInsetsReference` (kept; see the properties using it).
public enum UIContentInsetsReference: Int, Sendable { case automatic, none, safeArea, layoutMargins, readableContent }

/// An item the layout shows, as handed to a section's visible-items handler
/// (`NSCollectionLayoutVisibleItem`).
@preconcurrency @MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    /// `NSCollectionLayoutVisibleItem.alpha`: the item's opacity (0...1).
    var alpha: CGFloat { get set }
    /// `NSCollectionLayoutVisibleItem.zIndex`: the item's z order.
    var zIndex: Int { get set }
    /// `NSCollectionLayoutVisibleItem.isHidden`: whether the item is hidden.
    var isHidden: Bool { get set }
    /// `NSCollectionLayoutVisibleItem.center`: the item's centre, in points.
    var center: CGPoint { get set }
    /// `NSCollectionLayoutVisibleItem.transform`: the item's affine transform.
    var transform: CGAffineTransform { get set }
    /// `NSCollectionLayoutVisibleItem.frame`: the item's frame, in points.
    var frame: CGRect { get }
    /// `NSCollectionLayoutVisibleItem.bounds`: the item's bounds, in points.
    var bounds: CGRect { get }
    /// `NSCollectionLayoutVisibleItem.indexPath`: the item's index path.
    var indexPath: IndexPath { get }
    /// `NSCollectionLayoutVisibleItem.representedElementCategory`: cell, supplementary or decoration.
    var representedElementCategory: UICollectionView.ElementCategory { get }
    /// `NSCollectionLayoutVisibleItem.representedElementKind`: the supplementary or decoration kind.
    var representedElementKind: String? { get }
}
/// `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`: called with the visible items, the
/// scroll offset and the environment as a section scrolls.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// A section, as `NSCollectionLayoutSection`: its group repeated for its items, with content
/// insets, spacing between groups, boundary supplementary items, background decorations, and
/// its orthogonal scrolling behaviour.
@preconcurrency @MainActor
public final class NSCollectionLayoutSection: NSObject {
    /// The section's group, repeated along the layout's axis.
    public let group: NSCollectionLayoutGroup
    /// Insets around the section's content, in points.
    public var contentInsets = NSDirectionalEdgeInsets.zero
    /// Points between groups.
    public var interGroupSpacing: CGFloat = 0
    /// How the groups scroll across the layout's axis: other than `.none`, in a band of their
    /// own with its own scroll view. Partial: item supplementary items (badges) of such a
    /// section stay where the unscrolled band puts them.
    public var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Headers and footers of the section.
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Backgrounds of the section.
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Whether boundary items are inset with the content (the default) or span the section.
    public var supplementariesFollowContentInsets = true
    /// Partial: kept; insets count from the collection view's adjusted content inset.
    public var contentInsetsReference: UIContentInsetsReference = .automatic
    /// Partial: kept; insets count from the collection view's adjusted content inset.
    public var supplementaryContentInsetsReference: UIContentInsetsReference = .automatic
    /// Partial: kept, not called (the cells of a scrolling band are not transformed per frame).
    public var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// Set for a list section: the list configuration its cells take their look from.
    var listConfiguration: UICollectionLayoutListConfiguration?
    /// Space before the section's first element (a list's header top padding).
    var topPadding: CGFloat = 0
    /// A section repeating `group`.
    public init(group: NSCollectionLayoutGroup) { self.group = group }

    /// A section of a list: full-width rows of an estimated 44 points, insets and headers as
    /// the configuration's appearance has them (plain lists pin their headers).
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let a = configuration.appearance
        let rowHeight: CGFloat = a == .sidebar || a == .sidebarPlain ? 40 : 44
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(rowHeight)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                           heightDimension: .estimated(rowHeight)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.listConfiguration = configuration
        let hasHeader = configuration.headerMode == .supplementary
        switch a {
        case .plain:
            break
        case .grouped:
            section.contentInsets = NSDirectionalEdgeInsets(top: hasHeader ? 0 : 35, leading: 0, bottom: 0, trailing: 0)
        case .insetGrouped:
            section.contentInsets = NSDirectionalEdgeInsets(top: hasHeader ? 0 : 35, leading: 20, bottom: 0, trailing: 20)
        case .sidebar, .sidebarPlain:
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        }
        if hasHeader {
            let h: CGFloat = switch a { case .plain: 28; case .grouped, .insetGrouped: 38; case .sidebar, .sidebarPlain: 32 }
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(h)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = a == .plain
            header.zIndex = a == .plain ? 2 : 1
            section.boundarySupplementaryItems.append(header)
        }
        if configuration.footerMode == .supplementary {
            let footer = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(a == .plain ? 28 : 38)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
            section.boundarySupplementaryItems.append(footer)
        }
        section.topPadding = configuration.headerTopPadding ?? 0
        return section
    }
}

// MARK: - Environment

/// The size a section or group is laid out in, as `NSCollectionLayoutContainer`.
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    /// `NSCollectionLayoutContainer.contentSize`: the container's size, in points.
    var contentSize: CGSize { get }
    /// `NSCollectionLayoutContainer.effectiveContentSize`: the size inside the content insets, in points.
    var effectiveContentSize: CGSize { get }
    /// `NSCollectionLayoutContainer.contentInsets`: the insets asked for, in points.
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// `NSCollectionLayoutContainer.effectiveContentInsets`: the insets applied, in points.
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told, as `NSCollectionLayoutEnvironment`: the collection view's
/// size (less its content insets) and traits.
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    /// `NSCollectionLayoutEnvironment.container`: the container being laid out.
    var container: any NSCollectionLayoutContainer { get }
    /// `NSCollectionLayoutEnvironment.traitCollection`: the traits at layout time.
    var traitCollection: UITraitCollection { get }
}

@preconcurrency @MainActor
final class LayoutContainer: NSObject, NSCollectionLayoutContainer {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets) { self.contentSize = contentSize; self.contentInsets = contentInsets }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var effectiveContentSize: CGSize {
        CGSize(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
               height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

@preconcurrency @MainActor
final class LayoutEnvironment: NSObject, NSCollectionLayoutEnvironment {
    let container: any NSCollectionLayoutContainer
    let traitCollection: UITraitCollection
    init(container: any NSCollectionLayoutContainer, traitCollection: UITraitCollection) {
        self.container = container; self.traitCollection = traitCollection
    }
}

// MARK: - Lists

/// A separator's look, as `UIListSeparatorConfiguration`. Partial: kept; a list cell draws
/// its separator in the separator colour under the text.
public struct UIListSeparatorConfiguration: Sendable {
    /// `UIListSeparatorConfiguration.Visibility`: whether a separator shows; stored only here.
    public enum Visibility: Int, Sendable { case automatic, visible, hidden }
    /// Stored only; list cells draw their separator themselves.
    public var topSeparatorVisibility: Visibility = .automatic
    /// Stored only; list cells draw their separator themselves.
    public var bottomSeparatorVisibility: Visibility = .automatic
    /// Stored only (points).
    public var topSeparatorInsets = NSDirectionalEdgeInsets.zero
    /// Stored only (points).
    public var bottomSeparatorInsets = NSDirectionalEdgeInsets.zero
    /// Stored only; separators are drawn in the separator colour.
    public var color: UIColor = .separator
    /// Stored only.
    public var multipleSelectionColor: UIColor = .separator
    /// A configuration of the defaults; the appearance is not read.
    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
}

/// A list's configuration, as `UICollectionLayoutListConfiguration`: its appearance (which sets
/// the sections' insets, the background and its cells' look), separators, headers and footers
/// as supplementary views, and the swipe actions providers.
public struct UICollectionLayoutListConfiguration {
    /// `UICollectionLayoutListConfiguration.Appearance`: the list's look (plain, grouped, inset grouped,
    /// sidebar).
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    /// `UICollectionLayoutListConfiguration.HeaderMode`: no headers, supplementary headers, or the first
    /// item as header.
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    /// `UICollectionLayoutListConfiguration.FooterMode`: no footers or supplementary footers.
    public enum FooterMode: Int, Sendable { case none, supplementary }
    /// Gives the swipe actions of the row at an index path (kept only; rows do not swipe).
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
    /// Gives the separator configuration of the row at an index path.
    public typealias ItemSeparatorHandler = (IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration
    /// The list's appearance.
    public let appearance: Appearance
    /// Whether list cells draw separators.
    public var showsSeparators = true
    /// Partial: kept; a list cell draws its separator in the separator colour under its text.
    public var separatorConfiguration: UIListSeparatorConfiguration
    /// Partial: kept, not asked.
    public var itemSeparatorHandler: ItemSeparatorHandler?
    /// The list's background (nil: the appearance's).
    public var backgroundColor: UIColor?
    /// Headers as supplementary views of `elementKindSectionHeader`. Partial: with
    /// `.firstItemInSection` the first item is laid out (and styled) as a row.
    public var headerMode: HeaderMode = .none
    /// Footers as supplementary views of `elementKindSectionFooter`, or none.
    public var footerMode: FooterMode = .none
    /// Points above each section's header (nil: none).
    public var headerTopPadding: CGFloat?
    /// Partial: kept; list rows do not swipe yet.
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// Partial: kept; list rows do not swipe yet.
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// A list configuration of `appearance`.
    public init(appearance: Appearance) {
        self.appearance = appearance
        separatorConfiguration = UIListSeparatorConfiguration(listAppearance: appearance)
    }
    /// The background the appearance gives the list.
    var resolvedBackgroundColor: UIColor {
        backgroundColor ?? (appearance == .plain ? .systemBackground : .systemGroupedBackground)
    }
}
