#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import RenderModel

/// Turns a shape layer's contents at a frame into draw commands in the layer's coordinates, as
/// After Effects composes them: within a group, each fill or stroke paints every path above it
/// (its own group's and its subgroups'), modifiers (trim, rounded corners, merge, repeater)
/// change the paths above them, and items earlier in the list are drawn on top.
struct ShapeContents {
    /// The most copies a repeater makes, and the most points a polystar has: a file asking for
    /// more draws this many.
    static let maximumCopies = 1_000
    static let maximumStarPoints = 1_000

    let items: [ShapeItem]
    /// Whether any property of the contents is keyframed (a static layer is evaluated once).
    let isAnimated: Bool

    /// Whether an item (at any depth) is blended (LT13): the layer is then isolated.
    let hasBlends: Bool

    /// Whether a ``Memo`` can keep the unchanging parts between frames: the paths and styles
    /// come in the same order at every frame, which an animated repeater count would change.
    let memoizes: Bool

    init(_ items: [ShapeItem]) {
        self.items = items
        isAnimated = items.contains { $0.isAnimated }
        hasBlends = items.contains { $0.hasBlends }
        memoizes = !items.contains { $0.hasAnimatedCopyCount }
    }

    /// The draw commands at local frame `frame`, bottom first, everything evaluated afresh.
    func draws(at frame: Double) -> [DrawCommand] {
        var memo = Memo()
        return draws(at: frame, memo: &memo, memoizing: false)
    }

    /// The draw commands at local frame `frame`, bottom first, reusing from `memo` (and keeping
    /// in it) the paths and styles that do not change with the frame (LT11): a layer whose one
    /// hand moves evaluates, transforms and strokes the rest of the figure once.
    func draws(at frame: Double, memo: inout Memo) -> [DrawCommand] {
        draws(at: frame, memo: &memo, memoizing: memoizes)
    }

    private func draws(at frame: Double, memo: inout Memo, memoizing: Bool) -> [DrawCommand] {
        var b = Builder()
        b.reuse(&memo.spare)
        b.memoizing = memoizing
        if memoizing { swap(&b.memo, &memo) }
        defer {
            if memoizing { swap(&b.memo, &memo) }
            b.reuse(&memo.spare)
        }
        _ = process(items[...], frame: frame, matrix: .identity, alpha: 1, fixed: (true, true), into: &b)
        var out: [DrawCommand] = []
        out.reserveCapacity(b.styles.count)
        for (i, style) in b.styles.enumerated().reversed() {
            if !b.blends.isEmpty { Self.openBlends(b.blends, endingAt: i, into: &out) }
            let kept = memoizing && style.isStatic && style.slots.allSatisfy { b.slotIsStatic[$0] }
            if kept, i < b.memo.styles.count, let draws = b.memo.styles[i] {
                out.append(contentsOf: draws)
            } else {
                let start = out.count
                if b.merged.isEmpty {
                    if let d = style.draw(b.slots, at: frame, stroker: &b.memo.stroker) { out.append(d) }
                } else {
                    style.draw(b.slots, merged: b.merged, at: frame, stroker: &b.memo.stroker, into: &out)
                }
                if kept { b.memo.keep(Array(out[start...]), forStyle: i) }
            }
            for blend in b.blends where blend.styles.lowerBound == i { out.append(.endGroup) }
        }
        return out
    }

    /// Paths and the styles that paint them, gathered in file order. A path's geometry is final
    /// only when the whole tree has been walked: a modifier changes every path above it in its
    /// group and subgroups, whether a style between them came before it or not (a stroke above
    /// a trim is trimmed).
    struct Builder {
        var slots: [Path] = []
        var styles: [Style] = []
        /// Slots holding a merge of several paths in a mode a single path cannot express
        /// (subtract, intersect, exclude intersections), by slot: how fills cover it.
        var merged: [Int: Merge] = [:]
        /// The styles of blended items (LT13) and their modes: nested ranges, outer first.
        var blends: [(styles: Range<Int>, mode: BlendMode)] = []
        /// By slot: whether its path is the same at every frame (its item, the transforms and
        /// opacities above it and the modifiers that changed it have no keyframes).
        var slotIsStatic: [Bool] = []
        /// What earlier frames kept, used and added to when `memoizing`.
        var memo = Memo()
        var memoizing = false
        /// How many merges the walk has met.
        var mergeCount = 0
        /// How many trims the walk has met.
        var trimCount = 0
    }

    /// Opens a blend group for each blended item whose last style is `i` (styles are drawn
    /// last first, so that is where its paints begin), the outermost first: an item's range is
    /// recorded when the item ends, so an outer group's comes after those of its items.
    static func openBlends(_ blends: [(styles: Range<Int>, mode: BlendMode)], endingAt i: Int, into out: inout [DrawCommand]) {
        for blend in blends.reversed() where blend.styles.upperBound == i + 1 {
            var g = GroupState(transform: .identity, opacity: 1, clip: nil, clipCornerRadius: 0, name: "blend")
            g.blendMode = blend.mode
            out.append(.beginGroup(g))
        }
    }

    /// How a fill covers merged paths: through a mask of the paths combined in order, or by
    /// the even-odd rule (exclude intersections: covered where an odd number of paths are).
    enum Merge {
        case mask([MaskPath])
        case evenOdd
    }

    /// A fill or stroke, the paths above it (slots), and its group's matrix and opacity.
    struct Style {
        var item: ShapeItem
        var slots: [Int]
        var matrix: AffineTransform
        var alpha: Double
        /// Whether the style, its group's matrix and opacity are the same at every frame.
        var isStatic = false

        func draw(_ all: [Path], at frame: Double, stroker: inout PathStroker) -> DrawCommand? {
            guard let p = ShapeContents.joined(slots.map { all[$0] }) else { return nil }
            return draw(p, rule: nil, at: frame, stroker: &stroker)
        }

        /// With merged slots: the plain ones as one path, each merged one filled through its
        /// merge. A stroke follows the merged outline (LT13): each path's stroke shows where that
        /// path is the combination's edge; an exclusion's edges are every path's whole outline.
        func draw(_ all: [Path], merged: [Int: Merge], at frame: Double, stroker: inout PathStroker, into out: inout [DrawCommand]) {
            let plain = slots.filter { merged[$0] == nil }
            if let p = ShapeContents.joined(plain.map { all[$0] }), let d = draw(p, rule: nil, at: frame, stroker: &stroker) { out.append(d) }
            for slot in slots {
                guard let merge = merged[slot] else { continue }
                switch (merge, item) {
                case (.evenOdd, .fill), (.evenOdd, .gradientFill):
                    if let d = draw(all[slot], rule: .evenOdd, at: frame, stroker: &stroker) { out.append(d) }
                case (.mask(let paths), .fill), (.mask(let paths), .gradientFill):
                    // The combination's box filled through it: what the added paths cover, cut
                    // to each intersected path's box (not the box of every path, which a clip
                    // rectangle would make the whole canvas, filled and masked each frame).
                    let box = Self.extent(of: paths).inset(by: EdgeInsets(all: -1))
                    guard !box.isEmpty, let d = draw(Path(rect: box), rule: .nonZero, at: frame, stroker: &stroker) else { continue }
                    var g = GroupState(transform: .identity, opacity: 1, clip: nil, clipCornerRadius: 0, name: "merge")
                    g.mask = .paths(paths)
                    out.append(.beginGroup(g))
                    out.append(d)
                    out.append(.endGroup)
                case (.mask(let paths), .stroke), (.mask(let paths), .gradientStroke):
                    for i in paths.indices {
                        guard let d = draw(paths[i].path, rule: nil, at: frame, stroker: &stroker) else { continue }
                        var g = GroupState(transform: .identity, opacity: 1, clip: nil, clipCornerRadius: 0, name: "merged outline")
                        g.mask = .paths(Self.edgeMask(of: i, in: paths))
                        out.append(.beginGroup(g))
                        out.append(d)
                        out.append(.endGroup)
                    }
                default:
                    if let d = draw(all[slot], rule: nil, at: frame, stroker: &stroker) { out.append(d) }
                }
            }
        }

        /// Where path `i` of a merge is the edge of the combination, as a mask: for a
        /// subtraction (the earlier paths added, the last taken away) an earlier path's edge
        /// outside every other path, and the last path's edge inside the earlier ones; for an
        /// intersection a path's edge inside every other path.
        static func edgeMask(of i: Int, in paths: [MaskPath]) -> [MaskPath] {
            func with(_ mode: MaskPath.Mode, _ j: Int) -> MaskPath {
                MaskPath(path: paths[j].path, mode: mode, opacity: 1, isInverted: false, expansion: 0)
            }
            let last = paths.count - 1
            if paths[last].mode == .subtract {
                if i == last { return paths.indices.dropLast().map { with(.add, $0) } }
                return paths.indices.filter { $0 != i }.map { with(.subtract, $0) }   // from everything
            }
            return paths.indices.filter { $0 != i }.enumerated().map { k, j in with(k == 0 ? .add : .intersect, j) }
        }

        /// A box holding what `paths` combined as a mask cover: the added (and differenced or
        /// lightened) paths' boxes together, each intersected (or darkened) path's box cutting it
        /// back (a subtracted path only takes away).
        static func extent(of paths: [MaskPath]) -> Rect {
            var box = Rect.null
            for p in paths {
                switch p.mode {
                case .add, .difference, .lighten: box = box.union(p.path.boundingBox)
                case .intersect, .darken: box = box.intersection(p.path.boundingBox)
                case .subtract: break
                }
            }
            return box
        }

        /// The command painting path `p` (a fill's rule replaced by `rule` when given).
        func draw(_ p: Path, rule override: FillRule?, at frame: Double, stroker: inout PathStroker) -> DrawCommand? {
            switch item {
            case .fill(_, let color, let opacity, let rule):
                let c = ShapeContents.color(color.value(at: frame), opacity: opacity.scalar(at: frame) / 100 * alpha)
                return c.alpha > 0 ? .fillShape(p, .color(c), override ?? rule) : nil
            case .gradientFill(_, let g, let opacity, let rule):
                guard let paint = ShapeContents.gradient(g, at: frame, opacity: opacity.scalar(at: frame) / 100 * alpha, matrix: matrix) else { return nil }
                return .fillShape(p, .gradient(paint), override ?? rule)
            case .stroke(_, let color, let opacity, let style):
                let c = ShapeContents.color(color.value(at: frame), opacity: opacity.scalar(at: frame) / 100 * alpha)
                guard c.alpha > 0, let outline = ShapeContents.outline(p, style, at: frame, matrix: matrix, stroker: &stroker) else { return nil }
                return .fillShape(outline, .color(c), .nonZero)
            case .gradientStroke(_, let g, let opacity, let style):
                guard let outline = ShapeContents.outline(p, style, at: frame, matrix: matrix, stroker: &stroker),
                      let paint = ShapeContents.gradient(g, at: frame, opacity: opacity.scalar(at: frame) / 100 * alpha, matrix: matrix)
                else { return nil }
                return .fillShape(outline, .gradient(paint), .nonZero)
            default:
                return nil
            }
        }
    }

    /// Walks a group: appends its paths (layer coordinates) to the builder's slots and its
    /// styles to its styles, applies its modifiers; returns the slots of the group's paths.
    /// `fixed`: whether `matrix` and `alpha` are the same at every frame.
    private func process(_ items: ArraySlice<ShapeItem>, frame: Double, matrix: AffineTransform, alpha: Double,
                         fixed chain: (matrix: Bool, alpha: Bool), into b: inout Builder) -> [Int] {
        var mine: [Int] = []
        // A repeater draws everything above it in its group once per copy, so the walk starts
        // at the last one: a pass over the items above it would be thrown away (and a path's
        // slot would stand for a different copy in it, which the memo cannot tell apart).
        var index = items.lastIndex { $0.isRepeater } ?? items.startIndex
        while index < items.endIndex {
            var item = items[index], blend = BlendMode.normal
            if case .blended(let inner, let mode) = item { item = inner; blend = mode }
            let styleMark = b.styles.count
            switch item {
            case .blended:
                break                                     // the reader never nests them
            case .group(_, let sub, let t):
                let m = t.matrix(at: frame).concatenating(matrix)
                mine += process(sub[...], frame: frame, matrix: m, alpha: alpha * t.opacityValue(at: frame),
                                fixed: (chain.matrix && t.isMatrixStatic, chain.alpha && !t.opacity.isAnimated), into: &b)
            case .rectangle, .ellipse, .polystar, .path:
                let slot = b.slots.count, fixed = chain.matrix && !item.isAnimated
                if fixed && b.memoizing, let p = b.memo.geometry(ofSlot: slot) {
                    b.slots.append(p)
                } else if let p = Self.geometry(item, at: frame) {
                    b.slots.append(matrix.isIdentity ? p : p.applying(matrix))
                    if fixed && b.memoizing { b.memo.keep(b.slots[slot], forSlot: slot) }
                } else {
                    break
                }
                mine.append(slot)
                b.slotIsStatic.append(fixed)
            case .fill, .gradientFill, .stroke, .gradientStroke:
                b.styles.append(Style(item: item, slots: mine, matrix: matrix, alpha: alpha,
                                      isStatic: chain.matrix && chain.alpha && !item.isAnimated))
            case .trim(let s, let e, let o, let individually):
                // Paths that do not change are measured once; the trim moves along them.
                let ordinal = b.trimCount, fixed = b.memoizing && mine.allSatisfy { b.slotIsStatic[$0] }
                b.trimCount += 1
                var measures = fixed ? b.memo.trim(ordinal) : nil
                if fixed, measures == nil {
                    measures = mine.map { b.slots[$0].measured() }
                    b.memo.keep(trim: measures!, ordinal)
                }
                let trimmed = Self.trim(mine.map { b.slots[$0] }, measures: measures, start: s.scalar(at: frame), end: e.scalar(at: frame),
                                        offset: o.scalar(at: frame), individually: individually)
                for (k, slot) in mine.enumerated() { b.slots[slot] = trimmed[k] }
                b.modified(mine, by: item, eachOnItsOwn: individually)
            case .roundedCorners(let r):
                let radius = r.scalar(at: frame)
                if radius > 0 { for slot in mine { b.slots[slot] = Self.roundingCorners(b.slots[slot], radius: radius) } }
                b.modified(mine, by: item, eachOnItsOwn: true)
            case .merge(let mode):
                // Merges are kept by their place in the walk: nested ones share a first slot.
                let ordinal = b.mergeCount, fixed = b.memoizing && mine.allSatisfy { b.slotIsStatic[$0] }
                b.mergeCount += 1
                if fixed, let first = mine.first, let kept = b.memo.merge(ordinal) {
                    b.slots[first] = kept.path
                    if let m = kept.merge { b.merged[first] = m }
                    for slot in mine.dropFirst() { b.slots[slot] = Path() }
                } else if let first = mine.first, let p = Self.joined(mine.map { b.slots[$0] }) {
                    // Merge (1) and add (2) are the paths together. Subtract (3) takes the
                    // nearest path (the last above the merge) from the earlier ones together, as
                    // lottie-android does. Intersect (4) keeps what every path covers, each path
                    // on its own: designers' clip groups intersect a shape with a subgroup of two
                    // canvas-sized rectangles wound opposite ways, whose union with the shape
                    // (the earlier paths together) would fill the whole canvas where rlottie and
                    // the file's authors show the shape. With two paths the two readings agree.
                    let nearest = mine[mine.count - 1]
                    if mine.count > 1, mode >= 3, mode <= 5 {
                        if mode == 5 {
                            b.merged[first] = .evenOdd
                        } else if mode == 4 {
                            b.merged[first] = .mask(mine.enumerated().map { k, slot in
                                MaskPath(path: b.slots[slot], mode: k == 0 ? .add : .intersect, opacity: 1, isInverted: false, expansion: 0)
                            })
                        } else {
                            var paths = mine.dropLast().map { MaskPath(path: b.slots[$0], mode: .add, opacity: 1, isInverted: false, expansion: 0) }
                            paths.append(MaskPath(path: b.slots[nearest], mode: .subtract, opacity: 1, isInverted: false, expansion: 0))
                            b.merged[first] = .mask(paths)
                        }
                    }
                    b.slots[first] = p
                    for slot in mine.dropFirst() { b.slots[slot] = Path() }
                    if fixed { b.memo.keep(merge: (p, b.merged[first]), ordinal) }
                }
                b.modified(mine, by: item, eachOnItsOwn: false)
            case .repeater(let copiesProperty, let offsetProperty, let t, let above):
                // Everything above the repeater in this group (the walk started here), once per
                // copy. Copies drawn above come first (on top) in file order.
                let copies = Self.count(copiesProperty.scalar(at: frame).rounded(), atMost: Self.maximumCopies)
                let offset = offsetProperty.scalar(at: frame)
                let head = items[items.startIndex..<index]
                let so = (t.startOpacity?.scalar(at: frame) ?? 100) / 100, eo = (t.endOpacity?.scalar(at: frame) ?? 100) / 100
                let order = above ? Array((0..<copies).reversed()) : Array(0..<copies)
                for k in order {
                    let m = Self.repeaterMatrix(t, at: frame, copy: Double(k) + offset).concatenating(matrix)
                    let fraction = copies > 1 ? Double(k) / Double(copies - 1) : 0
                    mine += process(head, frame: frame, matrix: m, alpha: alpha * (so + (eo - so) * fraction),
                                    fixed: (chain.matrix && !item.isAnimated, chain.alpha && !item.isAnimated), into: &b)
                }
            }
            if blend != .normal, b.styles.count > styleMark { b.blends.append((styleMark..<b.styles.count, blend)) }
            index += 1
        }
        return mine
    }

    /// A repeater's transform for copy `k`: about the anchor, scaled by the scale to the k-th
    /// power, turned k times the rotation, moved k times the position.
    static func repeaterMatrix(_ t: LottieTransform, at frame: Double, copy k: Double) -> AffineTransform {
        let a = t.anchor.point(at: frame), p = t.positionValue(at: frame)
        let s = t.scale.value(at: frame), r = t.rotation.scalar(at: frame) * .pi / 180
        return AffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(AffineTransform(scaleX: pow(s.x / 100, k), y: pow(s.y / 100, k)))
            .concatenating(AffineTransform(rotationAngle: r * k))
            .concatenating(AffineTransform(translationX: a.x + p.x * k, y: a.y + p.y * k))
    }

    // MARK: Geometry

    static let kappa = 0.5522847498307936

    /// A number as a count in 0...`limit` (NaN, which arithmetic on huge values can make, is 0).
    static func count(_ x: Double, atMost limit: Int) -> Int {
        guard x.isFinite || x == .infinity else { return 0 }
        return x >= Double(limit) ? limit : x <= 0 ? 0 : Int(x)
    }

    /// A shape item's path at `frame` in its group's coordinates.
    static func geometry(_ item: ShapeItem, at frame: Double) -> Path? {
        switch item {
        case .rectangle(let position, let size, let roundness, let reversed):
            let c = position.point(at: frame), s = size.value(at: frame)
            let w = abs(s.x), h = abs(s.y)
            let r = min(max(roundness.scalar(at: frame), 0), w / 2, h / 2)
            return rectangle(center: c, width: w, height: h, radius: r, reversed: reversed)
        case .ellipse(let position, let size, let reversed):
            let c = position.point(at: frame), s = size.value(at: frame)
            return ellipse(center: c, rx: abs(s.x) / 2, ry: abs(s.y) / 2, reversed: reversed)
        case .polystar(let star):
            return polystar(star, at: frame)
        case .path(let shape, _):
            return path(shape.value(at: frame))
        default:
            return nil
        }
    }

    /// A rectangle from its top-right corner, clockwise (reversed: anticlockwise), as After
    /// Effects starts it (trim paths count from there).
    static func rectangle(center c: Point, width w: Double, height h: Double, radius r: Double, reversed: Bool) -> Path {
        let x0 = c.x - w / 2, x1 = c.x + w / 2, y0 = c.y - h / 2, y1 = c.y + h / 2
        var p = Path()
        if r <= 0 {
            p.move(to: Point(x: x1, y: y0))
            if reversed {
                p.addLine(to: Point(x: x0, y: y0)); p.addLine(to: Point(x: x0, y: y1)); p.addLine(to: Point(x: x1, y: y1))
            } else {
                p.addLine(to: Point(x: x1, y: y1)); p.addLine(to: Point(x: x0, y: y1)); p.addLine(to: Point(x: x0, y: y0))
            }
            p.close()
            return p
        }
        let k = r * (1 - kappa)
        if !reversed {
            p.move(to: Point(x: x1, y: y0 + r))
            p.addLine(to: Point(x: x1, y: y1 - r))
            p.addCurve(to: Point(x: x1 - r, y: y1), control1: Point(x: x1, y: y1 - k), control2: Point(x: x1 - k, y: y1))
            p.addLine(to: Point(x: x0 + r, y: y1))
            p.addCurve(to: Point(x: x0, y: y1 - r), control1: Point(x: x0 + k, y: y1), control2: Point(x: x0, y: y1 - k))
            p.addLine(to: Point(x: x0, y: y0 + r))
            p.addCurve(to: Point(x: x0 + r, y: y0), control1: Point(x: x0, y: y0 + k), control2: Point(x: x0 + k, y: y0))
            p.addLine(to: Point(x: x1 - r, y: y0))
            p.addCurve(to: Point(x: x1, y: y0 + r), control1: Point(x: x1 - k, y: y0), control2: Point(x: x1, y: y0 + k))
        } else {
            p.move(to: Point(x: x1, y: y0 + r))
            p.addCurve(to: Point(x: x1 - r, y: y0), control1: Point(x: x1, y: y0 + k), control2: Point(x: x1 - k, y: y0))
            p.addLine(to: Point(x: x0 + r, y: y0))
            p.addCurve(to: Point(x: x0, y: y0 + r), control1: Point(x: x0 + k, y: y0), control2: Point(x: x0, y: y0 + k))
            p.addLine(to: Point(x: x0, y: y1 - r))
            p.addCurve(to: Point(x: x0 + r, y: y1), control1: Point(x: x0, y: y1 - k), control2: Point(x: x0 + k, y: y1))
            p.addLine(to: Point(x: x1 - r, y: y1))
            p.addCurve(to: Point(x: x1, y: y1 - r), control1: Point(x: x1 - k, y: y1), control2: Point(x: x1, y: y1 - k))
        }
        p.close()
        return p
    }

    /// An ellipse from its top, clockwise (reversed: anticlockwise), in four cubics.
    static func ellipse(center c: Point, rx: Double, ry: Double, reversed: Bool) -> Path {
        let kx = rx * kappa, ky = ry * kappa
        var p = Path()
        let top = Point(x: c.x, y: c.y - ry), right = Point(x: c.x + rx, y: c.y), bottom = Point(x: c.x, y: c.y + ry), left = Point(x: c.x - rx, y: c.y)
        p.move(to: top)
        if !reversed {
            p.addCurve(to: right, control1: Point(x: c.x + kx, y: top.y), control2: Point(x: right.x, y: c.y - ky))
            p.addCurve(to: bottom, control1: Point(x: right.x, y: c.y + ky), control2: Point(x: c.x + kx, y: bottom.y))
            p.addCurve(to: left, control1: Point(x: c.x - kx, y: bottom.y), control2: Point(x: left.x, y: c.y + ky))
            p.addCurve(to: top, control1: Point(x: left.x, y: c.y - ky), control2: Point(x: c.x - kx, y: top.y))
        } else {
            p.addCurve(to: left, control1: Point(x: c.x - kx, y: top.y), control2: Point(x: left.x, y: c.y - ky))
            p.addCurve(to: bottom, control1: Point(x: left.x, y: c.y + ky), control2: Point(x: c.x - kx, y: bottom.y))
            p.addCurve(to: right, control1: Point(x: c.x + kx, y: bottom.y), control2: Point(x: right.x, y: c.y + ky))
            p.addCurve(to: top, control1: Point(x: right.x, y: c.y - ky), control2: Point(x: c.x + kx, y: top.y))
        }
        p.close()
        return p
    }

    /// A star (outer and inner points alternating) or a regular polygon, its first point straight
    /// up turned by the rotation; roundness bends each side into a curve whose tangents are that
    /// percentage of a quarter of the side's arc.
    static func polystar(_ s: ShapeItem.Polystar, at frame: Double) -> Path {
        let c = s.position.point(at: frame)
        let count = Self.count(s.points.scalar(at: frame).rounded(.down), atMost: maximumStarPoints)
        guard count >= 1 else { return Path() }
        let outer = s.outerRadius.scalar(at: frame), outerRound = s.outerRoundness.scalar(at: frame) / 100
        let inner = s.innerRadius?.scalar(at: frame) ?? 0, innerRound = (s.innerRoundness?.scalar(at: frame) ?? 0) / 100
        let vertices = s.isStar ? count * 2 : count
        let step = 2 * Double.pi / Double(vertices)
        var angle = (s.rotation.scalar(at: frame) - 90) * .pi / 180
        var pts: [(p: Point, tangent: Double)] = []
        pts.reserveCapacity(vertices)
        for k in 0..<vertices {
            let isOuter = !s.isStar || k % 2 == 0
            let radius = isOuter ? outer : inner
            let roundness = isOuter ? outerRound : innerRound
            let p = Point(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle))
            // Tangent length: the roundness share of a quarter of the radius's circumference
            // divided among the points.
            pts.append((p, roundness * 2 * Double.pi * radius / (4 * Double(count))))
            angle += step
        }
        var path = Path()
        let direction: Double = s.reversed ? -1 : 1
        func tangentDirection(_ p: Point) -> Point {
            // Perpendicular to the radius, pointing the way the path runs.
            let dx = p.x - c.x, dy = p.y - c.y, l = (dx * dx + dy * dy).squareRoot()
            guard l > 0 else { return .zero }
            return Point(x: -dy / l * direction, y: dx / l * direction)
        }
        let order = s.reversed ? [0] + Array((1..<vertices).reversed()) : Array(0..<vertices)
        path.move(to: pts[order[0]].p)
        for n in 1...vertices {
            let a = pts[order[n - 1]], b = pts[order[n % vertices]]
            if a.tangent == 0 && b.tangent == 0 {
                if n < vertices { path.addLine(to: b.p) }          // the last side is the close
            } else {
                let ta = tangentDirection(a.p), tb = tangentDirection(b.p)
                path.addCurve(to: b.p, control1: Point(x: a.p.x + ta.x * a.tangent, y: a.p.y + ta.y * a.tangent),
                              control2: Point(x: b.p.x - tb.x * b.tangent, y: b.p.y - tb.y * b.tangent))
            }
        }
        path.close()
        return path
    }

    /// A bezier shape as a path: each segment a cubic through the vertices' tangents (a line
    /// where both tangents are zero).
    static func path(_ shape: BezierShape) -> Path {
        var p = Path()
        let v = shape.vertices
        guard let first = v.first else { return p }
        p.move(to: first)
        func segment(_ a: Int, _ b: Int) {
            let o = shape.outTangents[a], i = shape.inTangents[b]
            if o == .zero && i == .zero { p.addLine(to: v[b]); return }
            p.addCurve(to: v[b], control1: Point(x: v[a].x + o.x, y: v[a].y + o.y), control2: Point(x: v[b].x + i.x, y: v[b].y + i.y))
        }
        for k in v.indices.dropFirst() { segment(k - 1, k) }
        if shape.isClosed {
            if v.count > 1 { segment(v.count - 1, 0) }
            p.close()
        }
        return p
    }

    /// All `paths` as one compound path (nil when there is nothing to draw).
    static func joined(_ paths: [Path]) -> Path? {
        if paths.count == 1 { return paths[0].isEmpty ? nil : paths[0] }
        var out = Path()
        out.reserveCapacity(paths.reduce(0) { $0 + $1.elements.count })
        for p in paths { out.addPath(p) }
        return out.isEmpty ? nil : out
    }

    // MARK: Styles

    /// The stroke outline of `path` with `style` at `frame`, stroked in the coordinates of the
    /// group that holds the stroke (`matrix` maps them to the layer's).
    static func outline(_ path: Path, _ style: LottieStrokeStyle, at frame: Double, matrix: AffineTransform,
                        stroker: inout PathStroker) -> Path? {
        let width = style.width.scalar(at: frame)
        guard width > 0 else { return nil }
        var p = path
        let inverse = matrix.isIdentity ? nil : matrix.inverted()
        if let inverse { p = p.applying(inverse) }
        if !style.dashes.isEmpty {
            let lengths = style.dashes.map { max($0.scalar(at: frame), 0) }
            p = p.copy(dashingWithPhase: style.dashOffset?.scalar(at: frame) ?? 0, lengths: lengths)
        }
        var outline = stroker.outline(of: p, width: width, lineCap: style.cap, lineJoin: style.join, miterLimit: style.miterLimit)
        if inverse != nil { outline = outline.applying(matrix) }
        return outline.isEmpty ? nil : outline
    }

    /// A colour (0...1; the reader scaled very old files' 0...255) faded by `opacity`.
    static func color(_ v: LottieVector, opacity: Double) -> Color {
        func unit(_ x: Double) -> Double { min(max(x, 0), 1) }
        return Color(red: unit(v.x), green: unit(v.y), blue: unit(v.z), alpha: min(max(v.w, 0), 1) * min(max(opacity, 0), 1))
    }

    /// The gradient at `frame` in the layer's coordinates, its colours faded by `opacity`.
    static func gradient(_ g: LottieGradient, at frame: Double, opacity: Double, matrix: AffineTransform) -> Gradient? {
        let numbers = g.stops.value(at: frame).numbers
        let n = g.colorStopCount
        guard numbers.count >= n * 4, opacity > 0 else { return nil }
        var colors: [Color] = [], locations: [Double] = []
        // Alpha stops, when present, follow the colour stops as (offset, alpha) pairs.
        let alphas = stride(from: n * 4, to: numbers.count - 1, by: 2).map { (offset: numbers[$0], alpha: numbers[$0 + 1]) }
        func alpha(at t: Double) -> Double {
            guard let first = alphas.first else { return 1 }
            if t <= first.offset { return first.alpha }
            for k in 1..<alphas.count where t <= alphas[k].offset {
                let a = alphas[k - 1], b = alphas[k]
                return b.offset > a.offset ? a.alpha + (b.alpha - a.alpha) * (t - a.offset) / (b.offset - a.offset) : b.alpha
            }
            return alphas[alphas.count - 1].alpha
        }
        func colorStop(at t: Double) -> Color {
            var k = 0
            while k < n - 1 && numbers[(k + 1) * 4] < t { k += 1 }
            let c0 = Color(red: numbers[k * 4 + 1], green: numbers[k * 4 + 2], blue: numbers[k * 4 + 3])
            guard k < n - 1, t > numbers[k * 4] else { return c0 }
            let c1 = Color(red: numbers[(k + 1) * 4 + 1], green: numbers[(k + 1) * 4 + 2], blue: numbers[(k + 1) * 4 + 3])
            let span = numbers[(k + 1) * 4] - numbers[k * 4]
            return Color.interpolate(c0, c1, span > 0 ? min(max((t - numbers[k * 4]) / span, 0), 1) : 1)
        }
        // Stops at every colour and alpha offset, in order (both lists are sorted in the file).
        var offsets = (0..<n).map { numbers[$0 * 4] }
        if !alphas.isEmpty {
            offsets = (offsets + alphas.map(\.offset)).sorted()
            var unique: [Double] = []
            for o in offsets where unique.last != o { unique.append(o) }
            offsets = unique
        }
        for t in offsets {
            let c = colorStop(at: t)
            colors.append(Color(red: min(max(c.red, 0), 1), green: min(max(c.green, 0), 1), blue: min(max(c.blue, 0), 1),
                                alpha: min(max(alpha(at: t), 0), 1) * min(opacity, 1)))
            locations.append(min(max(t, 0), 1))
        }
        let s = g.start.point(at: frame), e = g.end.point(at: frame)
        var gradient: Gradient
        switch g.kind {
        case .linear:
            gradient = Gradient(kind: .axial, colors: colors, locations: locations, startPoint: s, endPoint: e)
        case .radial:
            let r = hypot(e.x - s.x, e.y - s.y)
            // The highlight moves the focal point toward the edge: its length is a share of the
            // radius (kept inside it), its angle is from the start-to-end direction.
            var focal: Point?
            if let h = g.highlightLength?.scalar(at: frame), h != 0 {
                let share = min(max(h / 100, -0.99), 0.99)
                let angle = atan2(e.y - s.y, e.x - s.x) + (g.highlightAngle?.scalar(at: frame) ?? 0) * .pi / 180
                focal = Point(x: s.x + cos(angle) * r * share, y: s.y + sin(angle) * r * share)
            }
            gradient = Gradient(kind: .radial, colors: colors, locations: locations, startPoint: s, endPoint: Point(x: s.x + r, y: s.y + r),
                                focalPoint: focal)
        }
        if !matrix.isIdentity { gradient = gradient.applying(matrix) }
        return gradient
    }
}
