import RenderModel

extension ShapeContents {
    /// What a shape layer keeps of its contents between frames (LT11): the paths of shapes whose
    /// geometry and transforms have no keyframes, in layer coordinates before modifiers, and the
    /// draw commands of styles whose paths and properties do not change, by their place in the
    /// walk (the same at every frame when the contents ``memoizes``), and the measures of the
    /// unchanging paths a trim moves along. rlottie keeps a path and
    /// its stroke until a keyframe dirties them; this is the same idea at the granularity of the
    /// contents' walk.
    struct Memo {
        private var paths: [Path?] = []
        /// By a merge's place among the walk's merges, for a merge of unchanging paths: the
        /// paths joined, and how fills cover them when the mode needs it.
        private var merges: [(path: Path, merge: Merge?)?] = []
        /// By a trim's place among the walk's trims, for a trim of unchanging paths: their measures.
        private var trims: [[PathMeasure]?] = []
        /// The stroker whose buffers the layer's stroke outlines are made in.
        var stroker = PathStroker()
        /// By style: its commands, or nil when not kept yet.
        private(set) var styles: [[DrawCommand]?] = []
        /// The last walk's lists, kept for their storage: the next walk empties and fills them
        /// rather than growing new ones.
        var spare = Spare()

        struct Spare {
            var slots: [Path] = []
            var styles: [Style] = []
            var slotIsStatic: [Bool] = []
        }

        /// How many paths and styles are kept.
        var keptPathCount: Int { paths.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
        var keptStyleCount: Int { styles.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
        var keptTrimCount: Int { trims.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

        /// The kept path of slot `slot`, if any.
        func geometry(ofSlot slot: Int) -> Path? {
            slot < paths.count ? paths[slot] : nil
        }

        mutating func keep(_ path: Path, forSlot slot: Int) {
            if slot >= paths.count { paths.append(contentsOf: repeatElement(nil, count: slot + 1 - paths.count)) }
            paths[slot] = path
        }

        func merge(_ ordinal: Int) -> (path: Path, merge: Merge?)? {
            ordinal < merges.count ? merges[ordinal] : nil
        }

        mutating func keep(merge: (path: Path, merge: Merge?), _ ordinal: Int) {
            if ordinal >= merges.count { merges.append(contentsOf: repeatElement(nil, count: ordinal + 1 - merges.count)) }
            merges[ordinal] = merge
        }

        func trim(_ ordinal: Int) -> [PathMeasure]? {
            ordinal < trims.count ? trims[ordinal] : nil
        }

        mutating func keep(trim measures: [PathMeasure], _ ordinal: Int) {
            if ordinal >= trims.count { trims.append(contentsOf: repeatElement(nil, count: ordinal + 1 - trims.count)) }
            trims[ordinal] = measures
        }

        mutating func keep(_ draws: [DrawCommand], forStyle style: Int) {
            if style >= styles.count { styles.append(contentsOf: repeatElement(nil, count: style + 1 - styles.count)) }
            styles[style] = draws
        }
    }
}

extension ShapeContents.Builder {
    /// Swaps the walk's lists with `spare`, emptying (keeping their storage) those it takes.
    mutating func reuse(_ spare: inout ShapeContents.Memo.Spare) {
        swap(&slots, &spare.slots)
        swap(&styles, &spare.styles)
        swap(&slotIsStatic, &spare.slotIsStatic)
        slots.removeAll(keepingCapacity: true)
        styles.removeAll(keepingCapacity: true)
        slotIsStatic.removeAll(keepingCapacity: true)
    }

    /// Marks `slots`, just changed by the modifier `item`, as changing with the frame when the
    /// modifier does or (unless each path was changed on its own) when any of them does: a trim
    /// along paths together, or a merge, makes every result depend on every input.
    mutating func modified(_ slots: [Int], by item: ShapeItem, eachOnItsOwn: Bool) {
        let fixed = !item.isAnimated
        if eachOnItsOwn {
            for slot in slots { slotIsStatic[slot] = slotIsStatic[slot] && fixed }
        } else {
            let all = fixed && slots.allSatisfy { slotIsStatic[$0] }
            for slot in slots { slotIsStatic[slot] = all }
        }
    }
}

extension ShapeItem {
    /// Whether the item is a repeater (blended or not).
    var isRepeater: Bool {
        switch self {
        case .repeater: true
        case .blended(let inner, _): inner.isRepeater
        default: false
        }
    }

    /// Whether the item is, or holds, a repeater whose number of copies is keyframed: the walk
    /// then lays out a different number of paths from frame to frame.
    var hasAnimatedCopyCount: Bool {
        switch self {
        case .repeater(let copies, _, _, _): copies.isAnimated
        case .group(_, let items, _): items.contains { $0.hasAnimatedCopyCount }
        case .blended(let inner, _): inner.hasAnimatedCopyCount
        default: false
        }
    }
}

extension ShapeItem {
    /// Whether any property of the item (or its group's items) is keyframed.
    var isAnimated: Bool {
        switch self {
        case .group(_, let items, let t): !t.isStatic || items.contains { $0.isAnimated }
        case .rectangle(let p, let s, let r, _): p.isAnimated || s.isAnimated || r.isAnimated
        case .ellipse(let p, let s, _): p.isAnimated || s.isAnimated
        case .polystar(let s):
            s.position.isAnimated || s.points.isAnimated || s.rotation.isAnimated || s.outerRadius.isAnimated || s.outerRoundness.isAnimated
                || (s.innerRadius?.isAnimated ?? false) || (s.innerRoundness?.isAnimated ?? false)
        case .path(let shape, _): shape.isAnimated
        case .fill(_, let c, let o, _): c.isAnimated || o.isAnimated
        case .stroke(_, let c, let o, let style): c.isAnimated || o.isAnimated || style.isAnimated
        case .gradientFill(_, let g, let o, _): g.isAnimated || o.isAnimated
        case .gradientStroke(_, let g, let o, let style): g.isAnimated || o.isAnimated || style.isAnimated
        case .trim(let s, let e, let o, _): s.isAnimated || e.isAnimated || o.isAnimated
        case .repeater(let c, let o, let t, _): c.isAnimated || o.isAnimated || !t.isStatic
        case .roundedCorners(let r): r.isAnimated
        case .merge: false
        case .blended(let item, _): item.isAnimated
        }
    }

    /// Whether the item or one inside it has a blend mode.
    var hasBlends: Bool {
        switch self {
        case .blended: true
        case .group(_, let items, _): items.contains { $0.hasBlends }
        default: false
        }
    }
}

extension LottieStrokeStyle {
    var isAnimated: Bool { width.isAnimated || dashes.contains { $0.isAnimated } || (dashOffset?.isAnimated ?? false) }
}

extension LottieGradient {
    var isAnimated: Bool {
        start.isAnimated || end.isAnimated || stops.isAnimated || (highlightLength?.isAnimated ?? false) || (highlightAngle?.isAnimated ?? false)
    }
}
