@_spi(Engine) import Views
@_spi(Engine) import Scrolling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import UpdateLoop

extension CollectionView {
    // MARK: Orthogonal sections

    /// Bands on screen get a scroll view (taken from the spares, at the offset they had); those
    /// that left give theirs back.
    func updateBands(in r: Rect) {
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
    func retire(_ band: OrthogonalScroller, section: Int) {
        bandOffsets[section] = band.contentOffset
        for (_, c) in band.live { recycle(c) }
        band.live.removeAll()
        band.owner = nil
        band.isHidden = true
        band.contentOffset = .zero
        spareBands.append(band)
    }

    /// The cells of a band's section in its viewport plus the margin, in the band's coordinates.
    func updateBand(_ band: OrthogonalScroller, force: Bool) {
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
