import Geometry
import Timeline

/// The engine layout under `UICollectionViewCompositionalLayout`: each section's group laid out
/// once, repeated by arithmetic.
final class CompositionalEngineLayout: CollectionViewLayout {
    weak var owner: UICollectionViewCompositionalLayout?

    /// An item's place in its group, with its supplementary items' (relative to the group).
    struct Leaf {
        var frame: Rect
        var supplementaries: [(kind: String, frame: Rect, zIndex: Int)] = []
    }
    struct SectionLayout {
        var description: NSCollectionLayoutSection?
        var itemCount = 0
        /// The section's extent along the main axis.
        var lo = 0.0, hi = 0.0
        var groupOrigin = Point.zero
        var step = Point.zero
        var groupCount = 0
        var leaves: [Leaf] = []
        /// The leaves' extent relative to a group's origin, along the axis groups repeat on.
        var leafLo = 0.0, leafHi = 0.0
        var boundary: [CollectionViewLayoutAttributes] = []
        var decorations: [CollectionViewLayoutAttributes] = []
        var band: Rect?
        var groupsAlongX = false
        var hasItemSupplementaries = false
    }
    private var sections: [SectionLayout] = []
    private var global: [CollectionViewLayoutAttributes] = []
    private var orthogonal: [CollectionViewOrthogonalSection] = []
    private var size = Size.zero
    private var vertical = true

    func section(_ s: Int) -> NSCollectionLayoutSection? { sections.indices.contains(s) ? sections[s].description : nil }

    override func prepare() {
        sections.removeAll(keepingCapacity: true)
        global.removeAll(keepingCapacity: true)
        orthogonal.removeAll(keepingCapacity: true)
        size = .zero
        guard let cv = collectionView, let owner else { return }
        let config = owner.configuration
        vertical = config.scrollDirection == .vertical
        let inset = cv.adjustedContentInset
        let bounds = cv.bounds.size
        let container = LayoutContainer(contentSize: CGSize(bounds),
                                        contentInsets: NSDirectionalEdgeInsets(top: CGFloat(inset.top), leading: CGFloat(inset.left),
                                                                               bottom: CGFloat(inset.bottom), trailing: CGFloat(inset.right)))
        let effective = container.effectiveContentSize.size
        let traits = (cv.facade as? UIView)?.traitCollection ?? .current
        let environment = LayoutEnvironment(container: container, traitCollection: traits)
        if let bg = owner.listBackground, let facade = cv.facade as? UIView,
           facade.backgroundColor == nil || facade.backgroundColor?.color == listBackgroundSet?.color {
            facade.backgroundColor = bg
            listBackgroundSet = bg
        }
        let crossExtent = vertical ? effective.width : effective.height
        var pos = 0.0
        // The layout's own headers.
        pos = placeGlobal(config.boundarySupplementaryItems, before: true, at: pos, cross: crossExtent, container: effective)
        let count = max(0, cv.numberOfSections)
        for s in 0..<count {
            if s > 0 { pos += config.interSectionSpacing.double }
            let description = owner.sectionProvider?(s, environment) ?? owner.fixedSection
            var sl = SectionLayout(description: description, itemCount: max(0, cv.numberOfItems(inSection: s)), lo: pos, hi: pos)
            if let description {
                pos = layOut(&sl, description, section: s, at: pos, cross: crossExtent, effective: effective, environment: environment)
            }
            sl.hi = pos
            sections.append(sl)
        }
        pos = placeGlobal(config.boundarySupplementaryItems, before: false, at: pos, cross: crossExtent, container: effective)
        size = vertical ? Size(width: crossExtent, height: pos) : Size(width: pos, height: crossExtent)
        // The layout's pinned headers and footers float over the whole content.
        for k in global.indices where global[k].pinningBounds != nil { global[k].pinningBounds = Rect(origin: .zero, size: size) }
    }
    /// The background colour a list layout last gave the collection view.
    private var listBackgroundSet: UIColor?

    /// A rectangle from main-axis and cross-axis coordinates.
    private func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        vertical ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
                 : Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    /// Where a boundary item goes: before the content, after it, or beside it (over it).
    private enum Side { case before, after, beside }
    private func side(_ a: NSRectAlignment) -> Side {
        if vertical {
            switch a {
            case .top, .topLeading, .topTrailing: return .before
            case .bottom, .bottomLeading, .bottomTrailing: return .after
            default: return .beside
            }
        }
        switch a {
        case .leading, .topLeading, .bottomLeading: return .before
        case .trailing, .topTrailing, .bottomTrailing: return .after
        default: return .beside
        }
    }
    /// Where along the cross axis a boundary item of `length` sits in [lo, hi].
    private func crossPosition(_ a: NSRectAlignment, length: Double, lo: Double, hi: Double) -> Double {
        let start: Bool, end: Bool
        if vertical {
            start = a == .leading || a == .topLeading || a == .bottomLeading
            end = a == .trailing || a == .topTrailing || a == .bottomTrailing
        } else {
            start = a == .top || a == .topLeading || a == .topTrailing
            end = a == .bottom || a == .bottomLeading || a == .bottomTrailing
        }
        if start { return lo }
        if end { return hi - length }
        return lo + (hi - lo - length) / 2
    }

    private func placeGlobal(_ items: [NSCollectionLayoutBoundarySupplementaryItem], before: Bool, at start: Double, cross: Double,
                             container: Size) -> Double {
        var band = 0.0
        for item in items where side(item.alignment) == (before ? .before : .after) {
            let sz = item.layoutSize.resolve(container)
            let mainLength = vertical ? sz.height : sz.width, crossLength = vertical ? sz.width : sz.height
            let c = crossPosition(item.alignment, length: crossLength, lo: 0, hi: cross)
            var f = rect(main: start, cross: c, mainLength: mainLength, crossLength: crossLength)
            f = f.offsetBy(dx: item.offset.x.double, dy: item.offset.y.double)
            var a = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: item.elementKind, with: IndexPath(index: 0), frame: f)
            a.zIndex = item.pinToVisibleBounds ? max(item.zIndex, 2) : item.zIndex
            if item.pinToVisibleBounds { a.pinningBounds = f }                  // the content's, once its size is known
            global.append(a)
            if item.extendsBoundary { band = max(band, mainLength) }
        }
        return start + band
    }

    /// Lays section `s` out from `start`; returns where it ends.
    private func layOut(_ sl: inout SectionLayout, _ d: NSCollectionLayoutSection, section s: Int, at start: Double, cross crossExtent: Double,
                        effective: Size, environment: LayoutEnvironment) -> Double {
        let ci = d.contentInsets
        let crossLead = (vertical ? ci.leading : ci.top).double, crossTrail = (vertical ? ci.trailing : ci.bottom).double
        let mainLead = (vertical ? ci.top : ci.leading).double, mainTrail = (vertical ? ci.bottom : ci.trailing).double
        let sectionContainer = vertical
            ? Size(width: max(0, effective.width - crossLead - crossTrail), height: max(0, effective.height - mainLead - mainTrail))
            : Size(width: max(0, effective.width - mainLead - mainTrail), height: max(0, effective.height - crossLead - crossTrail))
        let sectionStart = start + d.topPadding.double
        var pos = sectionStart
        // Boundary items before the content (headers).
        let follow = d.supplementariesFollowContentInsets
        let supplementaryContainer = follow ? sectionContainer : effective
        let sLo = follow ? crossLead : 0, sHi = follow ? crossExtent - crossTrail : crossExtent
        var headerBand = 0.0
        var before: [Int] = [], after: [Int] = [], beside: [Int] = []
        for (k, item) in d.boundarySupplementaryItems.enumerated() {
            switch side(item.alignment) {
            case .before: before.append(k)
            case .after: after.append(k)
            case .beside: beside.append(k)
            }
        }
        func boundaryAttributes(_ item: NSCollectionLayoutBoundarySupplementaryItem, main: Double) -> (CollectionViewLayoutAttributes, Double) {
            let sz = item.layoutSize.resolve(supplementaryContainer)
            let mainLength = vertical ? sz.height : sz.width, crossLength = vertical ? sz.width : sz.height
            let c = crossPosition(item.alignment, length: crossLength, lo: sLo, hi: sHi)
            let f = rect(main: main, cross: c, mainLength: mainLength, crossLength: crossLength)
                .offsetBy(dx: item.offset.x.double, dy: item.offset.y.double)
            var a = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: item.elementKind, with: IndexPath(item: 0, section: s), frame: f)
            a.zIndex = item.zIndex
            return (a, mainLength)
        }
        var headers: [(CollectionViewLayoutAttributes, Bool)] = []
        for k in before {
            let item = d.boundarySupplementaryItems[k]
            let (a, length) = boundaryAttributes(item, main: sectionStart)
            headers.append((a, item.pinToVisibleBounds))
            if item.extendsBoundary { headerBand = max(headerBand, length) }
        }
        pos += headerBand + mainLead
        let groupsStart = pos

        // The group, laid out once.
        let groupSize = d.group.layoutSize.resolve(sectionContainer)
        var leaves: [Leaf] = []
        layOutGroup(d.group, in: Rect(origin: .zero, size: groupSize), into: &leaves, environment: environment)
        sl.leaves = leaves
        sl.hasItemSupplementaries = leaves.contains { !$0.supplementaries.isEmpty }
        let perGroup = leaves.count
        sl.groupCount = perGroup > 0 ? (sl.itemCount + perGroup - 1) / perGroup : 0
        let groupMain = vertical ? groupSize.height : groupSize.width
        let groupCross = vertical ? groupSize.width : groupSize.height
        let spacing = d.interGroupSpacing.double
        let orthogonalBehavior = d.orthogonalScrollingBehavior
        let n = sl.groupCount
        if orthogonalBehavior != .none {
            // The groups in a row across the main axis, in a band that scrolls.
            sl.groupsAlongX = vertical
            let origin = rect(main: groupsStart, cross: crossLead, mainLength: 0, crossLength: 0).origin
            sl.groupOrigin = origin
            sl.step = vertical ? Point(x: groupCross + spacing, y: 0) : Point(x: 0, y: groupCross + spacing)
            let rowLength = crossLead + Double(n) * groupCross + Double(max(0, n - 1)) * spacing + crossTrail
            let band = rect(main: groupsStart, cross: 0, mainLength: groupMain, crossLength: crossExtent)
            sl.band = band
            let viewport = crossExtent
            var snapping: CollectionViewOrthogonalSection.Snapping = .none
            var offsets: [Double] = []
            switch orthogonalBehavior {
            case .none, .continuous: break
            case .paging: snapping = .pages
            case .continuousGroupLeadingBoundary, .groupPaging:
                snapping = orthogonalBehavior == .groupPaging ? .oneAtATime : .nearest
                offsets = (0..<n).map { Double($0) * (groupCross + spacing) }
            case .groupPagingCentered:
                snapping = .oneAtATime
                offsets = (0..<n).map { crossLead + Double($0) * (groupCross + spacing) + groupCross / 2 - viewport / 2 }
            }
            let maxOffset = max(0, rowLength - viewport)
            offsets = offsets.map { min(max($0, 0), maxOffset) }
            orthogonal.append(CollectionViewOrthogonalSection(
                section: s, frame: band,
                contentSize: vertical ? Size(width: rowLength, height: groupMain) : Size(width: groupMain, height: rowLength),
                isHorizontal: vertical, snapping: snapping, snapOffsets: offsets))
            pos += n > 0 ? groupMain : 0
        } else {
            sl.groupsAlongX = !vertical
            sl.groupOrigin = rect(main: groupsStart, cross: crossLead, mainLength: 0, crossLength: 0).origin
            sl.step = vertical ? Point(x: 0, y: groupMain + spacing) : Point(x: groupMain + spacing, y: 0)
            pos += Double(n) * groupMain + Double(max(0, n - 1)) * spacing
        }
        // The leaves' extent along the axis groups repeat on.
        sl.leafLo = 0
        sl.leafHi = sl.groupsAlongX ? groupSize.width : groupSize.height
        for leaf in leaves {
            let u = leaf.supplementaries.reduce(leaf.frame) { $0.union($1.frame) }
            sl.leafLo = min(sl.leafLo, sl.groupsAlongX ? u.minX : u.minY)
            sl.leafHi = max(sl.leafHi, sl.groupsAlongX ? u.maxX : u.maxY)
        }
        let groupsEnd = pos
        pos += mainTrail
        let contentEnd = pos
        // Boundary items after the content (footers), and beside it.
        var footerBand = 0.0
        var footers: [(CollectionViewLayoutAttributes, Bool)] = []
        for k in after {
            let item = d.boundarySupplementaryItems[k]
            var (a, length) = boundaryAttributes(item, main: contentEnd)
            if !item.extendsBoundary { a.frame = a.frame.offsetBy(dx: vertical ? 0 : -length, dy: vertical ? -length : 0) }
            footers.append((a, item.pinToVisibleBounds))
            if item.extendsBoundary { footerBand = max(footerBand, length) }
        }
        pos += footerBand
        for k in beside {
            let item = d.boundarySupplementaryItems[k]
            let (a, _) = boundaryAttributes(item, main: groupsStart)
            sl.boundary.append(a)
        }
        // Pinned: a header floats within the section before its footers, a footer after its headers.
        for (var a, pins) in headers {
            if pins {
                let f = a.frame
                a.pinningBounds = vertical ? Rect(x: f.minX, y: sectionStart, width: f.width, height: contentEnd - sectionStart)
                                           : Rect(x: sectionStart, y: f.minY, width: contentEnd - sectionStart, height: f.height)
                a.zIndex = max(a.zIndex, 2)
            }
            sl.boundary.append(a)
        }
        for (var a, pins) in footers {
            if pins {
                let f = a.frame, lo = sectionStart + headerBand
                a.pinningBounds = vertical ? Rect(x: f.minX, y: lo, width: f.width, height: pos - lo)
                                           : Rect(x: lo, y: f.minY, width: pos - lo, height: f.height)
                a.zIndex = max(a.zIndex, 2)
            }
            sl.boundary.append(a)
        }
        // Backgrounds: the section's content with its insets, less the decoration's insets.
        for item in d.decorationItems {
            let area = rect(main: groupsStart - mainLead, cross: 0, mainLength: groupsEnd + mainTrail - (groupsStart - mainLead), crossLength: crossExtent)
            let di = item.contentInsets
            let f = Rect(x: area.minX + di.leading.double, y: area.minY + di.top.double,
                         width: max(0, area.width - (di.leading + di.trailing).double), height: max(0, area.height - (di.top + di.bottom).double))
            var a = CollectionViewLayoutAttributes(forDecorationViewOfKind: item.elementKind, with: IndexPath(item: 0, section: s), frame: f)
            a.zIndex = item.zIndex
            sl.decorations.append(a)
        }
        return pos
    }

    /// Lays `group` out in `area` (its slot): its subitems' frames, nested groups' included.
    private func layOutGroup(_ group: NSCollectionLayoutGroup, in slot: Rect, into leaves: inout [Leaf], environment: LayoutEnvironment) {
        let gi = group.contentInsets
        let area = Rect(x: slot.minX + gi.leading.double, y: slot.minY + gi.top.double,
                        width: max(0, slot.width - (gi.leading + gi.trailing).double), height: max(0, slot.height - (gi.top + gi.bottom).double))
        switch group.kind {
        case .custom:
            let env = LayoutEnvironment(container: LayoutContainer(contentSize: CGSize(area.size), contentInsets: .zero),
                                        traitCollection: environment.traitCollection)
            for item in group.customItemProvider?(env) ?? [] {
                leaves.append(Leaf(frame: item.frame.rect.offsetBy(dx: area.minX, dy: area.minY)))
            }
            return
        case .horizontal, .vertical:
            break
        }
        guard !group.subitems.isEmpty else { return }
        let horizontal = group.kind == .horizontal
        func along(_ s: Size) -> Double { horizontal ? s.width : s.height }
        func across(_ s: Size) -> Double { horizontal ? s.height : s.width }
        let alongLength = along(area.size), acrossLength = across(area.size)
        let inter = group.interItemSpacing
        let gap = inter?.spacing.double ?? 0
        // The subitems in order, with their sizes: repeated while the next fits, or `count` of one.
        var sequence: [(item: NSCollectionLayoutItem, size: Size)] = []
        var used = 0.0
        func edges(_ item: NSCollectionLayoutItem) -> (lead: NSCollectionLayoutSpacing?, trail: NSCollectionLayoutSpacing?,
                                                       top: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
            guard let e = item.edgeSpacing else { return (nil, nil, nil, nil) }
            return horizontal ? (e.leading, e.trailing, e.top, e.bottom) : (e.top, e.bottom, e.leading, e.trailing)
        }
        if let count = group.repeatCount {
            let item = group.subitems[0]
            let e = edges(item)
            let fixedEdges = (e.lead?.spacing.double ?? 0) + (e.trail?.spacing.double ?? 0)
            let each = max(0, (alongLength - gap * Double(count - 1)) / Double(count) - fixedEdges)
            let resolved = item.layoutSize.resolve(area.size)
            let size = horizontal ? Size(width: each, height: resolved.height) : Size(width: resolved.width, height: each)
            sequence = Array(repeating: (item, size), count: count)
            used = alongLength
        } else {
            var k = 0
            while k < 10_000 {
                let item = group.subitems[k % group.subitems.count]
                let size = item.layoutSize.resolve(area.size)
                let e = edges(item)
                let need = used + (sequence.isEmpty ? 0 : gap) + (e.lead?.spacing.double ?? 0) + along(size) + (e.trail?.spacing.double ?? 0)
                if !sequence.isEmpty, need > alongLength + 1e-6 { break }
                sequence.append((item, size))
                used = need
                k += 1
                // Items that take no room would repeat forever: one round of them.
                if k % group.subitems.count == 0, used <= 1e-9 { break }
            }
        }
        // Flexible spacings share what is left over.
        var flexible = 0
        if inter?.isFlexibleSpacing == true { flexible += max(0, sequence.count - 1) }
        for (item, _) in sequence {
            let e = edges(item)
            if e.lead?.isFlexibleSpacing == true { flexible += 1 }
            if e.trail?.isFlexibleSpacing == true { flexible += 1 }
        }
        let extra = flexible > 0 ? max(0, alongLength - used) / Double(flexible) : 0
        var p = horizontal ? area.minX : area.minY
        for (i, (item, size)) in sequence.enumerated() {
            let e = edges(item)
            if i > 0 { p += gap + (inter?.isFlexibleSpacing == true ? extra : 0) }
            p += (e.lead?.spacing.double ?? 0) + (e.lead?.isFlexibleSpacing == true ? extra : 0)
            // Across: the top spacing, or centred between two flexible ones.
            let crossSize = across(size)
            var q = (e.top?.spacing.double ?? 0)
            if e.top?.isFlexibleSpacing == true {
                q = e.bottom?.isFlexibleSpacing == true ? (acrossLength - crossSize) / 2 : acrossLength - crossSize - (e.bottom?.spacing.double ?? 0)
            }
            let base = horizontal ? area.minY : area.minX
            let slotRect = horizontal ? Rect(x: p, y: base + q, width: size.width, height: size.height)
                                      : Rect(x: base + q, y: p, width: size.width, height: size.height)
            if let sub = item as? NSCollectionLayoutGroup {
                layOutGroup(sub, in: slotRect, into: &leaves, environment: environment)
            } else {
                let ci = item.contentInsets
                let frame = Rect(x: slotRect.minX + ci.leading.double, y: slotRect.minY + ci.top.double,
                                 width: max(0, slotRect.width - (ci.leading + ci.trailing).double),
                                 height: max(0, slotRect.height - (ci.top + ci.bottom).double))
                var leaf = Leaf(frame: frame)
                for s in item.supplementaryItems {
                    let sz = s.layoutSize.resolve(frame.size)
                    leaf.supplementaries.append((s.elementKind, s.containerAnchor.place(sz, in: frame), s.zIndex))
                }
                leaves.append(leaf)
            }
            p += along(size) + (e.trail?.spacing.double ?? 0) + (e.trail?.isFlexibleSpacing == true ? extra : 0)
        }
    }

    override var collectionViewContentSize: Size { size }

    override func orthogonalScrollingSections() -> [CollectionViewOrthogonalSection] { orthogonal }

    /// The first section that ends after `lo` along the main axis.
    private func firstSection(after lo: Double) -> Int {
        var a = 0, b = sections.count
        while a < b {
            let mid = (a + b) / 2
            if sections[mid].hi <= lo { a = mid + 1 } else { b = mid }
        }
        return a
    }

    /// The groups of a section whose leaves may meet `rect`.
    private func groupRange(_ sl: SectionLayout, _ rect: Rect) -> ClosedRange<Int>? {
        guard sl.groupCount > 0 else { return nil }
        let lo = sl.groupsAlongX ? rect.minX : rect.minY, hi = sl.groupsAlongX ? rect.maxX : rect.maxY
        let o = sl.groupsAlongX ? sl.groupOrigin.x : sl.groupOrigin.y
        let st = sl.groupsAlongX ? sl.step.x : sl.step.y
        guard st > 1e-9 else { return 0...(sl.groupCount - 1) }
        let limit = Double(sl.groupCount)
        let first = Int(min(max(((lo - o - sl.leafHi) / st).rounded(.down), 0), limit))
        let last = Int(min(max(((hi - o - sl.leafLo) / st).rounded(.down), -1), limit - 1))
        return first <= last ? first...last : nil
    }

    override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        var out: [CollectionViewLayoutAttributes] = []
        appendLayoutAttributesForElements(in: rect, to: &out)
        return out
    }

    override func appendLayoutAttributesForElements(in rect: Rect, to out: inout [CollectionViewLayoutAttributes]) {
        for a in global where a.frame.overlaps(rect) || a.pinningBounds?.overlaps(rect) == true { out.append(a) }
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        var s = firstSection(after: lo)
        while s < sections.count, sections[s].lo < hi {
            let sl = sections[s]
            for a in sl.decorations where a.frame.overlaps(rect) { out.append(a) }
            for a in sl.boundary where a.frame.overlaps(rect) || a.pinningBounds?.overlaps(rect) == true { out.append(a) }
            if let range = groupRange(sl, rect) {
                let perGroup = sl.leaves.count
                for g in range {
                    let dx = sl.groupOrigin.x + Double(g) * sl.step.x, dy = sl.groupOrigin.y + Double(g) * sl.step.y
                    for (k, leaf) in sl.leaves.enumerated() {
                        let item = g * perGroup + k
                        guard item < sl.itemCount else { break }
                        let f = leaf.frame.offsetBy(dx: dx, dy: dy)
                        let path = IndexPath(item: item, section: s)
                        if f.overlaps(rect) { out.append(CollectionViewLayoutAttributes(indexPath: path, frame: f)) }
                        for sup in leaf.supplementaries {
                            let sf = sup.frame.offsetBy(dx: dx, dy: dy)
                            guard sf.overlaps(rect) else { continue }
                            var a = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: sup.kind, with: path, frame: sf)
                            a.zIndex = sup.zIndex
                            out.append(a)
                        }
                    }
                }
            }
            s += 1
        }
    }

    private func leaf(at indexPath: IndexPath) -> (SectionLayout, Leaf, Point)? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let sl = sections[indexPath.section]
        let perGroup = sl.leaves.count
        guard perGroup > 0, indexPath.item >= 0, indexPath.item < sl.itemCount else { return nil }
        let g = indexPath.item / perGroup
        let offset = Point(x: sl.groupOrigin.x + Double(g) * sl.step.x, y: sl.groupOrigin.y + Double(g) * sl.step.y)
        return (sl, sl.leaves[indexPath.item % perGroup], offset)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let (_, leaf, o) = leaf(at: indexPath) else { return nil }
        return CollectionViewLayoutAttributes(indexPath: indexPath, frame: leaf.frame.offsetBy(dx: o.x, dy: o.y))
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        if indexPath.count == 1 { return global.first { $0.representedElementKind == kind } }
        guard sections.indices.contains(indexPath.section) else { return nil }
        if indexPath.item == 0, let a = sections[indexPath.section].boundary.first(where: { $0.representedElementKind == kind }) { return a }
        guard let (_, leaf, o) = leaf(at: indexPath), let sup = leaf.supplementaries.first(where: { $0.kind == kind }) else { return nil }
        var a = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath, frame: sup.frame.offsetBy(dx: o.x, dy: o.y))
        a.zIndex = sup.zIndex
        return a
    }

    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        return sections[indexPath.section].decorations.first { $0.representedElementKind == kind }
    }
}

extension Rect {
    /// Whether the two rectangles overlap (touching edges do not).
    fileprivate func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
