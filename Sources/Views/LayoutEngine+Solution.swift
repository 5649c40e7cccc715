import Geometry
import LayoutSolver

/// Reading the solver's solution: solved rects, frames applied to views, ambiguity and
/// violated required constraints.
extension LayoutEngine {
    // MARK: Reading the solution

    /// The solved alignment rect of an item in window coordinates.
    func solvedRect(_ i: LayoutItem) -> Rect {
        let v = solver.values(of: i.left, i.top, i.width, i.height)
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// Sets the frames of the subviews laid out by constraints from the solution. The base
    /// ``View/layoutSubviews()`` calls it. Only the subviews listed stale are set (their solved
    /// rect changed or their frame was set by hand, P1), unless the view was flagged by the
    /// app's ``View/setNeedsLayout()`` or its own position changed: then every one.
    func applyFrames(toSubviewsOf s: View) {
        // A leaf has no frame to set; what it lists is of subviews gone since. (Its record keeps
        // every frame stale, so subviews it gains later all get theirs.)
        if s.subviews.isEmpty {
            if let slot = slotHere(s), !storedTable!.records[slot].subviewsWithStaleFrames.isEmpty {
                withTable { $0.records[slot].subviewsWithStaleFrames.removeAll(keepingCapacity: true) }
            }
            return
        }
        window.isApplyingLayoutFrames = true
        defer { window.isApplyingLayoutFrames = false }
        var origin: Point?
        func apply(_ v: View, _ i: LayoutItem) {
            i.frameIsStale = false
            if origin == nil { origin = s.absoluteBoundsOrigin }
            let f = v.frame(forAlignmentRect: solvedRect(i)).offsetBy(dx: -origin!.x, dy: -origin!.y)
            guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite else {
                reportNonFinite(v, f)
                return
            }
            framesApplied += 1
            // A view whose subviews were laid out while it stood elsewhere (its own
            // `layoutIfNeeded()` before its superview placed it) lays them out again: their
            // frames were made relative to the position it had then.
            let moved = v.frame.origin != f.origin && !v.subviews.isEmpty
            v.frame = f
            if moved { markAllSubviewFramesStale(v); v.setNeedsLayoutKeepingFrames() }
        }
        // The list is taken out of the table while frames are set (setting one may list views).
        var stale: [View] = []
        let all = withTable { t in
            let slot = t.slot(s)
            if !t.records[slot].subviewsWithStaleFrames.isEmpty { swap(&stale, &t.records[slot].subviewsWithStaleFrames) }
            defer { t.records[slot].allSubviewFramesStale = false }
            return t.records[slot].allSubviewFramesStale
        }
        if all {
            for v in s.subviews where !v.translatesAutoresizingMaskIntoConstraints {
                if let i = layoutItem(of: v) { apply(v, i) }
            }
        } else {
            for v in stale where v.superview === s && !v.translatesAutoresizingMaskIntoConstraints {
                if let i = layoutItem(of: v), i.frameIsStale { apply(v, i) }
            }
        }
        // What was listed meanwhile goes too, as it did when the list was the view's.
        if !stale.isEmpty {
            stale.removeAll(keepingCapacity: true)
            withTable { t in
                if let slot = t.existingSlot(s) { swap(&stale, &t.records[slot].subviewsWithStaleFrames) }
            }
        } else if let slot = slotHere(s), !storedTable!.records[slot].subviewsWithStaleFrames.isEmpty {
            withTable { $0.records[slot].subviewsWithStaleFrames.removeAll(keepingCapacity: true) }
        }
    }

    /// The solved width and height of an item, each nil where the constraints leave it free.
    func determinedSize(of i: LayoutItem) -> (width: Double?, height: Double?) {
        let r = solvedRect(i)
        let w = solver.isAmbiguous(i.width) || !r.width.isFinite ? nil : r.width
        let h = solver.isAmbiguous(i.height) || !r.height.isFinite ? nil : r.height
        return (w, h)
    }

    func isAmbiguous(_ i: LayoutItem) -> Bool {
        solver.isAmbiguous(i.left) || solver.isAmbiguous(i.top) || solver.isAmbiguous(i.width) || solver.isAmbiguous(i.height)
    }

    /// Views whose frames the constraints leave undetermined (A8), in tree order.
    public func ambiguousViews() -> [View] {
        var out: [View] = []
        func walk(_ v: View) {
            if let i = layoutItem(of: v), !v.translatesAutoresizingMaskIntoConstraints, isAmbiguous(i) { out.append(v) }
            for s in v.subviews { walk(s) }
        }
        walk(window.rootView)
        return out
    }

    /// The required, unbroken constraints that the current frames do not satisfy within
    /// `tolerance` (U8). Empty after a layout pass.
    public func requiredConstraintViolations(tolerance: Double = 1e-6) -> [String] {
        var out: [String] = []
        compact()
        for c in active where Priority(Double(c.priority)).isRequired && !c.isBroken && c.solverID != nil {
            guard let first = c.firstItem else { continue }
            var lhs = currentValue(layoutOwner(first, c.firstAttribute, other: c.secondItem), c.firstAttribute)
            let rhs = (c.secondItem.map { c.multiplier * currentValue(layoutOwner($0, c.secondAttribute!, other: first), c.secondAttribute!) } ?? 0) + c.constant
            lhs -= rhs
            let ok: Bool
            switch c.relation {
            case .equal: ok = abs(lhs) <= tolerance
            case .lessThanOrEqual: ok = lhs <= tolerance
            case .greaterThanOrEqual: ok = lhs >= -tolerance
            }
            if !ok { out.append("\(c.description) off by \(lhs)") }
        }
        return out
    }

    /// An attribute's value from the current frames (views) or the solution (guides).
    private func currentValue(_ owner: any LayoutItemOwner, _ attribute: LayoutAttribute) -> Double {
        let r: Rect
        if let v = owner as? View {
            r = v.alignmentRect(forFrame: v.absoluteFrame)
        } else if let g = owner as? LayoutGuide, let i = g.layoutItem {
            r = solvedRect(i)
        } else { return .nan }
        switch attribute {
        case .left, .leading: return r.minX
        case .right, .trailing: return r.maxX
        case .top: return r.minY
        case .bottom: return r.maxY
        case .width: return r.width
        case .height: return r.height
        case .centerX: return r.midX
        case .centerY: return r.midY
        case .firstBaseline: return r.minY + ((owner as? View)?.firstBaselineOffsetFromTop ?? 0)
        case .lastBaseline: return r.maxY - ((owner as? View)?.lastBaselineOffsetFromBottom ?? 0)
        }
    }
}
