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
    public let dimension: CGFloat
    init(_ kind: Kind, _ dimension: CGFloat) { self.kind = kind; self.dimension = dimension }
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fractionalWidth) }
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fractionalHeight) }
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, absoluteDimension) }
    /// Partial: laid out at the estimate; cells are not measured to refine it.
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, estimatedDimension) }
    /// Partial: iOS 17's; laid out at the estimate, as `estimated`.
    public static func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        .init(.uniformAcrossSiblings, estimatedDimension)
    }
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }
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
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width; heightDimension = height
    }
    func resolve(_ container: Size) -> Size { Size(width: widthDimension.resolve(container), height: heightDimension.resolve(container)) }
}

/// Space between items, as `NSCollectionLayoutSpacing`: fixed, or flexible (at least the
/// given points, growing to share what the group leaves over).
@preconcurrency @MainActor
public final class NSCollectionLayoutSpacing: NSObject {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }
    init(_ spacing: CGFloat, flexible: Bool) { self.spacing = spacing; isFlexibleSpacing = flexible }
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(fixedSpacing, flexible: false) }
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(flexibleSpacing, flexible: true) }
}

/// The space around an item in its group, as `NSCollectionLayoutEdgeSpacing` (flexible
/// spacing on both sides centres it).
@preconcurrency @MainActor
public final class NSCollectionLayoutEdgeSpacing: NSObject {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?
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
    public let edges: NSDirectionalRectEdge
    public let offset: CGPoint
    public let isAbsoluteOffset: Bool
    public var isFractionalOffset: Bool { !isAbsoluteOffset && offset != .zero }
    public init(edges: NSDirectionalRectEdge) { self.edges = edges; offset = .zero; isAbsoluteOffset = true }
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) { self.edges = edges; offset = absoluteOffset; isAbsoluteOffset = true }
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
    public let layoutSize: NSCollectionLayoutSize
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    open var contentInsets = NSDirectionalEdgeInsets.zero
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize; self.supplementaryItems = supplementaryItems
    }
    public convenience init(layoutSize: NSCollectionLayoutSize) { self.init(layoutSize: layoutSize, supplementaryItems: []) }
}

/// A supplementary view attached to each item (a badge), as
/// `NSCollectionLayoutSupplementaryItem`, placed by its container anchor.
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor
    /// Partial: kept; the container anchor alone places the item.
    public let itemAnchor: NSCollectionLayoutAnchor?
    open var zIndex = 1
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
                itemAnchor: NSCollectionLayoutAnchor?) {
        self.elementKind = elementKind; self.containerAnchor = containerAnchor; self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }
}

/// A section's (or the layout's) header, footer or side view, as
/// `NSCollectionLayoutBoundarySupplementaryItem`: aligned to an edge, extending the section
/// (or laid over it), optionally pinned to the visible bounds while its section shows.
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    open var extendsBoundary = true
    open var pinToVisibleBounds = false
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment; offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: NSCollectionLayoutAnchor(edges: .all), itemAnchor: nil)
    }
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }
}

/// A view behind a section (its background), as `NSCollectionLayoutDecorationItem`: its kind's
/// class is registered with the layout (`register(_:forDecorationViewOfKind:)`).
@preconcurrency @MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String
    open var zIndex = -1
    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
                   supplementaryItems: [])
    }
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem { NSCollectionLayoutDecorationItem(elementKind: elementKind) }
}

/// A custom group's item frame, as `NSCollectionLayoutGroupCustomItem`.
@preconcurrency @MainActor
public final class NSCollectionLayoutGroupCustomItem: NSObject {
    public let frame: CGRect
    public let zIndex: Int
    public init(frame: CGRect) { self.frame = frame; zIndex = 0 }
    public init(frame: CGRect, zIndex: Int) { self.frame = frame; self.zIndex = zIndex }
}
public typealias NSCollectionLayoutGroupCustomItemProvider = (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// Items in a row, a column or frames of your own, as `NSCollectionLayoutGroup`. A row or
/// column of `subitems` repeats them (in order) while the next fits in the group; one of a
/// subitem `count` times divides the group between them (less the spacing). Groups nest.
@preconcurrency @MainActor
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Kind { case horizontal, vertical, custom }
    let kind: Kind
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
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: subitems)
    }
    /// Deprecated in iOS 16 for `horizontal(layoutSize:repeatingSubitem:count:)`; the same here.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .vertical, layoutSize: layoutSize, subitems: subitems)
    }
    /// Deprecated in iOS 16 for `vertical(layoutSize:repeatingSubitem:count:)`; the same here.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(kind: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
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
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// What insets count from, as `UIContentInsetsReference` (kept; see the properties using it).
public enum UIContentInsetsReference: Int, Sendable { case automatic, none, safeArea, layoutMargins, readableContent }

/// An item the layout shows, as handed to a section's visible-items handler
/// (`NSCollectionLayoutVisibleItem`).
@preconcurrency @MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var indexPath: IndexPath { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
}
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// A section, as `NSCollectionLayoutSection`: its group repeated for its items, with content
/// insets, spacing between groups, boundary supplementary items, background decorations, and
/// its orthogonal scrolling behaviour.
@preconcurrency @MainActor
public final class NSCollectionLayoutSection: NSObject {
    public let group: NSCollectionLayoutGroup
    public var contentInsets = NSDirectionalEdgeInsets.zero
    public var interGroupSpacing: CGFloat = 0
    /// How the groups scroll across the layout's axis: other than `.none`, in a band of their
    /// own with its own scroll view. Partial: item supplementary items (badges) of such a
    /// section stay where the unscrolled band puts them.
    public var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
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
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told, as `NSCollectionLayoutEnvironment`: the collection view's
/// size (less its content insets) and traits.
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    var container: any NSCollectionLayoutContainer { get }
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
    public enum Visibility: Int, Sendable { case automatic, visible, hidden }
    public var topSeparatorVisibility: Visibility = .automatic
    public var bottomSeparatorVisibility: Visibility = .automatic
    public var topSeparatorInsets = NSDirectionalEdgeInsets.zero
    public var bottomSeparatorInsets = NSDirectionalEdgeInsets.zero
    public var color: UIColor = .separator
    public var multipleSelectionColor: UIColor = .separator
    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
}

/// A list's configuration, as `UICollectionLayoutListConfiguration`: its appearance (which sets
/// the sections' insets, the background and its cells' look), separators, headers and footers
/// as supplementary views, and the swipe actions providers.
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
    public typealias ItemSeparatorHandler = (IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration
    public let appearance: Appearance
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
    public var footerMode: FooterMode = .none
    public var headerTopPadding: CGFloat?
    /// Partial: kept; list rows do not swipe yet.
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// Partial: kept; list rows do not swipe yet.
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public init(appearance: Appearance) {
        self.appearance = appearance
        separatorConfiguration = UIListSeparatorConfiguration(listAppearance: appearance)
    }
    /// The background the appearance gives the list.
    var resolvedBackgroundColor: UIColor {
        backgroundColor ?? (appearance == .plain ? .systemBackground : .systemGroupedBackground)
    }
}
