import Geometry
import RenderModel

// Patching a layer that only moved (LT11): a group's transform maps its own coordinates to
// window points and its drawings stay in its own coordinates, so a layer whose position,
// anchor point or transform changed draws the same commands under other group transforms.
// Its group and the groups under it get their new transforms and boxes; nothing is emitted.
extension LayerRenderer {
    /// The properties whose changes move a layer's group without changing what it draws, and
    /// its opacity, which the group carries.
    static let placementBits = LayerProperty.position.bit | LayerProperty.anchorPoint.bit | LayerProperty.anchorPointZ.bit
        | LayerProperty.transform.bit | LayerProperty.opacity.bit

    /// Whether the changes to `t` since its group was emitted are its placement (and maybe its
    /// opacity) alone, with no animation running on it.
    static func changedOnlyPlacement(_ t: Layer) -> Bool {
        let c = t.changesSinceEmission
        return c & ~placementBits == 0 && c & ~LayerProperty.opacity.bit != 0 && t.presented == nil && t.running.isEmpty
    }

    /// Moves `t`'s group in place: the transforms and boxes of its group and the groups under
    /// it are rewritten for where `t` is now, its group's opacity too, and its superlayers'
    /// boxes grow to hold it. Its old and new boxes, or nil when it must be emitted again
    /// instead (see ``relocate(_:transform:in:)``); the groups under it may then be rewritten.
    /// - Complexity: O(the commands of the group), with no command made or copied but groups.
    mutating func move(_ t: Layer, host: Layer, in list: inout [DrawCommand]) -> (old: Rect, new: Rect)? {
        guard let (_, old) = placedGroup(of: t, host: host, in: list) else { return nil }
        guard let box = relocate(t, transform: currentMap(of: t), in: &list) else { return nil }
        t.changesSinceEmission = 0
        movedGroupCount &+= 1
        growGroups(above: t, host: host, toHold: box, in: &list)
        return (old.bounds, box)
    }

    /// Rewrites the group of `l`, whose coordinates now map to window points by `h`, and the
    /// groups under it, as ``emit(_:transform:tint:shift:patchable:into:)`` would write them
    /// around the same commands, and returns its box (null when it draws nothing, as before).
    /// Nil when the commands would differ: it is drawn now and was not or the other way round,
    /// or something under it is drawn in window points (content under perspective, a mask's
    /// drawing, a group inside drawn content, a replicator's copies, a transition).
    /// Its own group is written last, so a group left unchanged by a nil return keeps its box.
    private mutating func relocate(_ l: Layer, transform h: Homography, in list: inout [DrawCommand]) -> Rect? {
        let s = l.shown
        let at = l.listGeneration == generation ? place(of: l) : -1
        guard Self.draws(s, transform: h) else { return at < 0 ? .null : nil }
        guard at >= 0, at < list.count, l.emittedAffine, h.isAffine, s.transitionState == nil,
              case .beginGroup(var g) = list[at], g.end > at, g.end < list.count else { return nil }
        if case .content? = g.mask { return nil }
        // The layer's own drawings, before its sublayers' groups and after them (its border),
        // each box united in the order `emit` unites them: the sums are the same to the bit.
        let m = h.affine
        var own = Rect.null, after = Rect.null, pastSublayers = false
        var i = at + 1
        while i < g.end {
            if case .beginGroup(let c) = list[i] {
                guard c.end > i else { return nil }            // a group inside drawn content
                pastSublayers = true
                i = c.end + 1
                continue
            }
            var box = pastSublayers ? after : own
            if let b = list[i].localBounds { box = box.union(m.apply(to: b)) } else { box = .infinite }
            if pastSublayers { after = box } else { own = box }
            i += 1
        }
        var sublayers = Rect.null
        if !l.children.isEmpty {
            if let r = s as? ReplicatorLayer, r.instanceCount > 1 { return nil }
            let sub = sublayerMap(of: s, h)
            for c in l.sublayersInDrawingOrder {
                let ch = Homography(c.localTransform(of: c.shown).concatenating(sub.matrix)).then(h)
                c.emittedParentMap = h
                c.emittedSublayerMatrix = sub.matrix
                guard let b = relocate(c, transform: ch, in: &list) else { return nil }
                sublayers = sublayers.union(b)
            }
        }
        g.transform = m
        g.opacity = min(s.opacity, 1)
        g.bounds = Self.groupBox(own.union(sublayers).union(after), clip: g.clip, filters: g.filters, transform: h)
        list[at] = .beginGroup(g)
        return g.bounds
    }
}
