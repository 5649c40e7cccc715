import Motion

/// When a set of keyframed properties can change (LT11): the frame ranges where some of them
/// move or jump, found once from their keyframes, so that a layer whose properties all sit
/// still between two frames (a hold, two equal keyframes, before the first keyframe or after
/// the last) is not evaluated again for the second.
///
/// Each keyframe segment that changes its value adds a closed range of frames: a moving segment
/// from `t0` to `t1` adds `[t0, t1]`, a segment that jumps at `t1` (a hold between different
/// values, or two keyframes at one time) adds `[t1, t1]`. The values at frames `a <= b` can
/// differ only if some range `[s, e]` has `a < e` and `b >= s`; the test is conservative at a
/// range's ends (a frame exactly at a moving segment's start counts as a change), never the
/// other way. Catmull-Rom and spatial segments count as moving whatever their end values
/// (their path may leave and come back). A value provider or an expression (a function of the
/// frame) can change at any frame: ``changesEveryFrame``.
struct ValueChanges: Sendable, Equatable {
    /// Range starts and ends, sorted by start, merged where they overlap (so the ends are
    /// sorted too) once ``finish()`` has run.
    private(set) var starts: [Double] = []
    private(set) var ends: [Double] = []
    /// Whether some property is a function of the frame (a value provider, an expression).
    private(set) var changesEveryFrame = false
    /// Frames an auto-oriented transform's heading looks ahead and behind (its position is
    /// sampled 0.05 frames either side).
    static let headingReach = 0.05

    /// Whether no property can have changed between frames `a` and `b` (either order).
    ///
    /// - Complexity: O(log ranges).
    func isConstant(from a: Double, to b: Double) -> Bool {
        if changesEveryFrame || a.isNaN || b.isNaN { return false }
        let lo = min(a, b), hi = max(a, b)
        // The first range ending after `lo` (ends are sorted): only it can start by `hi`.
        var first = 0, past = ends.count
        while first < past {
            let mid = (first + past) >> 1
            if ends[mid] > lo { past = mid } else { first = mid + 1 }
        }
        return first == ends.count || starts[first] > hi
    }

    // MARK: Collecting

    /// Adds the changes of `property`, each range widened by `reach` frames either side.
    mutating func add<V: LottieValue & Equatable>(_ property: Animatable<V>, reach: Double = 0) {
        switch property {
        case .fixed: return
        case .provided: changesEveryFrame = true
        case .keyframed(let curve):
            let times = curve.times, values = curve.values
            for (s, segment) in curve.segments.enumerated() {
                let t0 = times[s], t1 = times[s + 1]
                switch segment.interpolation {
                case .hold:
                    if values[s] != values[s + 1] { append(t1, t1, reach) }
                case .linear:
                    if values[s] != values[s + 1] { append(t1 > t0 ? t0 : t1, t1, reach) }
                case .catmullRom, .spatial:
                    append(t1 > t0 ? t0 : t1, t1, reach)
                }
            }
        }
    }

    mutating func add<V: LottieValue & Equatable>(_ property: Animatable<V>?, reach: Double = 0) {
        if let property { add(property, reach: reach) }
    }

    /// Adds every property of a transform; `reach` widens the ranges (an auto-oriented
    /// layer's heading, ``headingReach``).
    mutating func add(_ t: LottieTransform, reach: Double = 0) {
        add(t.anchor, reach: reach); add(t.position, reach: reach); add(t.positionX, reach: reach); add(t.positionY, reach: reach)
        add(t.scale, reach: reach); add(t.rotation, reach: reach); add(t.opacity, reach: reach); add(t.skew, reach: reach)
        add(t.skewAxis, reach: reach); add(t.startOpacity, reach: reach); add(t.endOpacity, reach: reach)
        add(t.rotationX, reach: reach); add(t.rotationY, reach: reach); add(t.orientation, reach: reach)
    }

    /// Adds every property of shape items, their groups' included.
    mutating func add(_ items: [ShapeItem]) {
        for item in items {
            switch item {
            case .group(_, let inner, let t): add(t); add(inner)
            case .rectangle(let p, let s, let r, _): add(p); add(s); add(r)
            case .ellipse(let p, let s, _): add(p); add(s)
            case .polystar(let s):
                add(s.position); add(s.points); add(s.rotation); add(s.outerRadius); add(s.outerRoundness)
                add(s.innerRadius); add(s.innerRoundness)
            case .path(let shape, _): add(shape)
            case .fill(_, let c, let o, _): add(c); add(o)
            case .stroke(_, let c, let o, let style): add(c); add(o); add(style)
            case .gradientFill(_, let g, let o, _): add(g); add(o)
            case .gradientStroke(_, let g, let o, let style): add(g); add(o); add(style)
            case .trim(let s, let e, let o, _): add(s); add(e); add(o)
            case .repeater(let c, let o, let t, _): add(c); add(o); add(t)
            case .roundedCorners(let r): add(r)
            case .merge: break
            case .blended(let inner, _): add([inner])
            }
        }
    }

    mutating func add(_ style: LottieStrokeStyle) {
        add(style.width)
        for d in style.dashes { add(d) }
        add(style.dashOffset)
    }

    mutating func add(_ g: LottieGradient) {
        add(g.start); add(g.end); add(g.stops); add(g.highlightLength); add(g.highlightAngle)
    }

    /// Adds a layer's masks: outline, opacity and expansion.
    mutating func add(_ masks: [LottieMask]) {
        for m in masks { add(m.path); add(m.opacity); add(m.expansion) }
    }

    /// Adds another set's changes.
    mutating func add(_ other: ValueChanges) {
        if other.changesEveryFrame { changesEveryFrame = true }
        starts.append(contentsOf: other.starts)
        ends.append(contentsOf: other.ends)
    }

    /// Marks the set as changing at every frame (content whose changes are not followed here:
    /// animated text, animated effects).
    mutating func addEveryFrame() { changesEveryFrame = true }

    private mutating func append(_ start: Double, _ end: Double, _ reach: Double) {
        starts.append(start - reach)
        ends.append(end + reach)
    }

    /// Sorts the ranges by start and merges those that overlap or touch; call once all are added.
    mutating func finish() {
        guard starts.count > 1 else { return }
        let order = starts.indices.sorted { starts[$0] < starts[$1] }
        var s: [Double] = [], e: [Double] = []
        s.reserveCapacity(order.count); e.reserveCapacity(order.count)
        for k in order {
            if let last = e.last, starts[k] <= last {
                e[e.count - 1] = max(last, ends[k])
            } else {
                s.append(starts[k]); e.append(ends[k])
            }
        }
        starts = s; ends = e
    }
}
