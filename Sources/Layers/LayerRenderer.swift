import Geometry
import RenderModel
import UpdateLoop

/// Draws layer trees into display lists (CA10): one group per layer, holding its shadow,
/// background, content, sublayers (in zPosition order, then tree order) and border, with the
/// layer's opacity and, when it masks to its bounds, its clip. Geometry is the presentation's.
///
/// A layer whose transform to the window has perspective (a 3D flip under an m34 sublayer
/// transform) is flattened as Core Animation flattens it: its own content is projected into
/// window points and its group carries the identity transform; its sublayers are projected the
/// same way, each through its own chain. Replicator copies are drawn with their instance
/// transform, tint and time shift.
@MainActor
public struct LayerRenderer {
    /// The engine whose time a replicator's delayed copies are evaluated at (nil: no delays).
    public var engine: LayerEngine? {
        get { engineReference?.object }
        set { engineReference = newValue?.reference }
    }
    /// The engine through its ``ObjectReference``, not weakly (AM4).
    private var engineReference: ObjectReference<LayerEngine>?
    /// Where the list being appended to starts in the display list (a host re-emitting part
    /// of its list into a scratch list sets it), so that groups record their place.
    public var listOffset = 0
    /// The display list's generation (a full rebuild starts a new one): layers remember the
    /// generation they were placed in, and ``patch(_:host:in:scratch:)`` only trusts those.
    public var generation = 0 { didSet { listShifts.removeAll(keepingCapacity: true) } }
    /// The moves of the list's commands since its build (LT11): a batch patch that re-emits a
    /// group with another command count moves every command after it, and appends the move
    /// here. Layers read their places through `place(of:)`; a host that records places of
    /// its own (a window's views) applies the moves to them. Emptied by a new ``generation``.
    public internal(set) var listShifts: [ListShift] = []
    /// What text layers lay out with (the host's; text layers draw nothing without one).
    public var fontSystem: FontSystem?
    private var own: [DrawCommand] = []
    /// The groups of the changes of one ``patch(_:in:scratch:patched:)`` call, and its stamp.
    private var targets: [Layer] = []
    private var patchStamp = 0
    /// How many layers this renderer has emitted (each layer once per time its group is drawn
    /// into a list, patched or drawn as a mask): the work a frame does, which tests compare.
    public private(set) var emittedLayerCount = 0
    /// How many groups a patch has faded in place so far: a layer whose only change was its
    /// opacity has its group's opacity rewritten, and is not emitted again (LT11).
    public private(set) var fadedGroupCount = 0
    /// How many groups a patch has moved in place so far: a layer whose only changes were its
    /// placement (position, anchor point, transform) and opacity has the transforms and boxes
    /// of its group and the groups under it rewritten, and is not emitted again (LT11).
    public internal(set) var movedGroupCount = 0
    /// Content work done so far beyond draw commands (an emitter's particles evaluated, drawn
    /// or not; the points of content projected under perspective, eight to a command): a
    /// replicator's copies stop on it as on their commands.
    private var contentWork = 0
    /// The most draw commands a replicator's copies add to a list (its first instance aside).
    public static let maximumReplicatedCommands = 50_000
    /// The most draw commands of one layer's own content drawn under perspective (each is
    /// flattened and projected point by point).
    public static let maximumProjectedCommands = 1_024
    /// The most points of one layer's own content drawn under perspective: the commands after
    /// the one that reaches it are not drawn. Thousands of round-capped dashes of a huge width
    /// outline into hundreds of thousands of points, a copy of them for every projected
    /// replicator copy, every frame (a 1 KB scene took 1.5 GB and a second a frame).
    public static let maximumProjectedPoints = 400_000

    /// A renderer that reads the layers `engine` commits; nil for none yet.
    public init(engine: LayerEngine?) { self.engine = engine }

    /// Whether a mask layer masks exactly by its frame: a plain ``Layer`` that draws nothing but
    /// an opaque background (or nothing at all, as before masks by alpha), with no sublayers.
    static func isPlainFrame(_ m: Layer) -> Bool {
        guard type(of: m) == Layer.self, m.children.isEmpty, m.contents == nil, m.drawnContent.isEmpty, m.maskLayer == nil else { return false }
        let s = m.shown
        return s.opacity >= 1 && (s.backgroundColor.map { $0.alpha >= 1 } ?? true) && s.borderWidth == 0 && s.shadowOpacity == 0
    }

    /// Appends `layer`'s subtree to `list`, `transform` mapping the layer's superlayer plane to
    /// window points; returns a box in window points holding what it draws.
    public mutating func emit(_ layer: Layer, parent transform: Homography, into list: inout [DrawCommand]) -> Rect {
        let h = Homography(layer.localTransform(of: layer.shown)).then(transform)
        layer.emittedParentMap = transform
        layer.emittedSublayerMatrix = .identity
        return emit(layer, transform: h, tint: nil, shift: 0, patchable: true, into: &list)
    }

    /// Appends `layer`'s subtree to `list` with its own coordinates mapped by `transform` (its
    /// position and transform left out), recording nothing on the layers, so a layer shown in
    /// a window can be drawn elsewhere too (`CALayer.render(in:)`, a snapshot).
    public mutating func snapshot(_ layer: Layer, transform: Homography, into list: inout [DrawCommand]) -> Rect {
        emit(layer, transform: transform, tint: nil, shift: 0, patchable: false, into: &list)
    }

    /// Appends `layer` whose own coordinates map to window points by `h`.
    mutating func emit(_ model: Layer, transform h: Homography, tint: Color?, shift: Double, patchable: Bool,
                       into list: inout [DrawCommand]) -> Rect {
        emittedLayerCount &+= 1
        let l: Layer
        if shift != 0, let e = engine { l = e.presentation(of: model, atMediaTime: e.frameTime - shift) } else { l = model.shown }
        if patchable {
            // Recorded even when nothing is drawn: a hidden layer shown again patches its
            // parent (its group count changes), which finds it by these.
            model.listGeneration = generation
            model.listStart = -1
            model.emittedZ = l.zPosition
            model.changesSinceEmission = 0
            model.shiftsSeen = listShifts.count
        }
        guard Self.draws(l, transform: h) else { return .null }
        let affine = h.isAffine
        let start = list.count
        if patchable { model.listStart = listOffset + start; model.emittedAffine = affine }
        list.append(.endGroup)                              // the group marker, written below
        var box: Rect
        if let t = l.transitionState, let snapshot = model.transitionSnapshot, affine, tint == nil, shift == 0 {
            box = emitTransition(t, snapshot: snapshot, model: model, shown: l, transform: h, patchable: patchable, into: &list)
        } else {
            box = emitBody(model: model, shown: l, transform: h, affine: affine, tint: tint, shift: shift, patchable: patchable, into: &list)
        }
        // Clip: the bounds when masking to them, a plain mask layer's frame.
        var clip: Rect? = l.masksToBounds && affine ? l.bounds : nil
        var clipRadius = l.masksToBounds ? l.cornerRadius : 0
        var groupMask: GroupMask?
        if let m = model.mask, affine { groupMask = mask(m, of: model, transform: h, clip: &clip, clipRadius: &clipRadius) }
        list.append(.endGroup)
        var g = GroupState(transform: affine ? h.affine : .identity, opacity: min(l.opacity, 1), clip: clip,
                           clipCornerRadius: clip == nil ? 0 : clipRadius, name: l.name ?? "")
        g.mask = groupMask
        g.blendMode = model.compositingFilter ?? .normal
        g.isIsolated = model.compositingFilter != nil
        if !model.filters.isEmpty, affine { g.filters = model.filters }
        g.bounds = Self.groupBox(box, clip: clip, filters: g.filters, transform: h)
        g.end = listOffset + list.count - 1
        list[start] = .beginGroup(g)
        return g.bounds
    }

    /// Whether `l` (a model or presentation layer) draws a group when its coordinates map to
    /// window points by `h`: shown, not fully transparent, finitely placed and, when it is
    /// single-sided, facing the viewer.
    static func draws(_ l: Layer, transform h: Homography) -> Bool {
        guard !l.isHidden, l.opacity > 0, h.a.isFinite, h.e.isFinite else { return false }
        return l.isDoubleSided || !h.showsBack(of: l.bounds)
    }

    /// The box of a group in window points from the box of what it draws: cut to its clip (in
    /// its coordinates, mapped by `h`), grown by its filters' reach (a blur's spread, a shadow's
    /// offset), scaled as its coordinates are.
    static func groupBox(_ drawn: Rect, clip: Rect?, filters: [Filter], transform h: Homography) -> Rect {
        var box = drawn
        if let c = clip { box = box.intersection(h.apply(to: c)) }
        if !filters.isEmpty {
            let t = h.affine, scale = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
            let grow = Filter.reach(of: filters) * scale
            if !box.isNull, grow > 0, grow.isFinite { box = box.inset(by: EdgeInsets(all: -grow)) }
        }
        return box
    }

    /// How mask layer `m` masks `owner`, whose coordinates map to window points by `h` (an
    /// affine map): path masks (Lottie's) and masks by what the mask draws as a group mask, a
    /// plain layer's (rounded) frame as a narrower `clip` with no offscreen pass (nil returned).
    /// A view's layer's mask goes through here too (the window's views are groups).
    public mutating func mask(_ m: Layer, of owner: Layer, transform h: Homography, clip: inout Rect?, clipRadius: inout Double) -> GroupMask? {
        let ms = m.shown
        let local = Homography(ms.localTransform(of: ms))
        if let pm = m as? PathMaskLayer {
            // Path masks (Lottie's): in the owner's coordinates, combined by the painter.
            return .paths(pm.paths.map { var p = $0; p.path = p.path.applying(local.affine); return p })
        }
        if owner.maskMode == .alpha && Self.isPlainFrame(m) {
            // A plain layer masks by its (rounded) frame: a clip, no offscreen pass.
            let frame = local.apply(to: ms.bounds)
            clip = clip.map { $0.intersection(frame) } ?? frame
            clipRadius = max(clipRadius, ms.cornerRadius)
            return nil
        }
        // Anything else masks by what it draws (CA10's masks by alpha, mattes).
        var drawn: [DrawCommand] = []
        let offset = listOffset
        listOffset = 0
        _ = emit(m, transform: local.then(h), tint: nil, shift: 0, patchable: false, into: &drawn)
        listOffset = offset
        let mode = owner.maskMode
        return .content(drawn, luminance: mode == .luminance || mode == .inverseLuminance,
                        inverted: mode == .inverseAlpha || mode == .inverseLuminance)
    }

    /// The layer's shadow, background, content, sublayers and border, `h` mapping its
    /// coordinates to window points.
    private mutating func emitBody(model: Layer, shown l: Layer, transform h: Homography, affine: Bool, tint: Color?, shift: Double,
                                   patchable: Bool, into list: inout [DrawCommand]) -> Rect {
        // The layer's own content, in its coordinates.
        own.removeAll(keepingCapacity: true)
        if l.shadowOpacity > 0, let shadow = l.shadowCommand(silhouette: l.shadowPath == nil ? l.contentSilhouette : nil) {
            own.append(shadow)
        }
        if let bg = l.backgroundColor, bg.alpha > 0 {
            if l.cornerRadius <= 0 || l.maskedCorners == .all {
                own.append(.fillRect(l.bounds, bg, cornerRadius: max(0, l.cornerRadius)))
            } else {
                own.append(.fillShape(l.boundsPath(), .color(bg), .nonZero))
            }
        }
        l.prepareToRender(model: model, mediaTime: (engine?.frameTime ?? 0) - shift, fonts: fontSystem)
        l.renderContent(into: &own)
        if let e = l as? EmitterLayer { contentWork &+= e.lastEvaluations }
        var box = flush(own, of: model, h, affine, tint, into: &list)
        box = box.union(emitSublayers(of: model, shown: l, transform: h, tint: tint, shift: shift, patchable: patchable, into: &list))
        if l.borderWidth > 0, let bc = l.borderColor, bc.alpha > 0 {
            own.removeAll(keepingCapacity: true)
            own.append(.strokeBorder(l.bounds, bc, width: l.borderWidth, cornerRadius: max(0, l.cornerRadius)))
            box = box.union(flush(own, of: model, h, affine, tint, into: &list))
        }
        return box
    }

    /// A layer in a transition: its snapshot and its new rendering, each in a group of its own
    /// moved and faded by the transition's kind, side and progress (CA4).
    private mutating func emitTransition(_ t: (kind: TransitionAnimation.Kind, side: TransitionAnimation.Subtype, progress: Double),
                                         snapshot: [DrawCommand], model: Layer, shown l: Layer, transform h: Homography,
                                         patchable: Bool, into list: inout [DrawCommand]) -> Rect {
        let p = min(max(t.progress, 0), 1), b = l.bounds
        // The offset of a full slide from the side the new rendering comes from.
        let (dx, dy): (Double, Double) = switch t.side {
        case .fromRight: (b.width, 0)
        case .fromLeft: (-b.width, 0)
        case .fromTop: (0, -b.height)
        case .fromBottom: (0, b.height)
        }
        var oldOffset = (0.0, 0.0), newOffset = (0.0, 0.0), oldAlpha = 1.0, newAlpha = 1.0, oldFirst = true
        switch t.kind {
        case .fade: oldAlpha = 1 - p; newAlpha = p
        case .moveIn: newOffset = (dx * (1 - p), dy * (1 - p))
        case .push: newOffset = (dx * (1 - p), dy * (1 - p)); oldOffset = (-dx * p, -dy * p)
        case .reveal: oldOffset = (-dx * p, -dy * p); oldFirst = false
        }
        var box = Rect.null
        func old(_ list: inout [DrawCommand]) {
            let m = AffineTransform(translationX: oldOffset.0, y: oldOffset.1).concatenating(h.affine)
            let base = listOffset + list.count
            for (k, c) in snapshot.enumerated() {
                guard case .beginGroup(var g) = c else { list.append(c); continue }
                g.transform = g.transform.concatenating(m)
                if !g.bounds.isNull { g.bounds = m.apply(to: g.bounds); box = box.union(g.bounds) }
                if g.end >= 0 { g.end += base }
                if k == 0 { g.opacity *= oldAlpha }
                list.append(.beginGroup(g))
            }
        }
        func new(_ list: inout [DrawCommand]) {
            let moved = Homography(AffineTransform(translationX: newOffset.0, y: newOffset.1)).then(h)
            let start = list.count
            list.append(.endGroup)
            let inner = emitBody(model: model, shown: l, transform: moved, affine: true, tint: nil, shift: 0, patchable: patchable, into: &list)
            list.append(.endGroup)
            var g = GroupState(transform: moved.affine, opacity: newAlpha, clip: nil, clipCornerRadius: 0, name: "")
            g.bounds = inner
            g.end = listOffset + list.count - 1
            list[start] = .beginGroup(g)
            box = box.union(inner)
        }
        if oldFirst { old(&list); new(&list) } else { new(&list); old(&list) }
        return box
    }

    /// Appends `layer`'s rendering as it is now, in its own coordinates (a transition's
    /// snapshot of what it replaces). Returns its box.
    mutating func snapshot(_ layer: Layer, into list: inout [DrawCommand]) -> Rect {
        let saved = listOffset
        listOffset = 0
        defer { listOffset = saved }
        return emit(layer, transform: .identity, tint: nil, shift: 0, patchable: false, into: &list)
    }

    /// Appends the sublayers of `layer` (a view's layer, say, whose own background the host
    /// draws), `h` mapping the layer's coordinates to window points. Returns their box.
    public mutating func emitSublayers(of layer: Layer, transform h: Homography, into list: inout [DrawCommand]) -> Rect {
        guard !layer.children.isEmpty else { return .null }
        return emitSublayers(of: layer, shown: layer.shown, transform: h, tint: nil, shift: 0, patchable: true, into: &list)
    }

    /// Sublayers in zPosition order (stable), then a replicator's copies of them.
    private mutating func emitSublayers(of model: Layer, shown l: Layer, transform h: Homography, tint: Color?, shift: Double,
                                        patchable: Bool, into list: inout [DrawCommand]) -> Rect {
        var box = Rect.null
        let sub = sublayerMap(of: l, h)
        let kids = model.sublayersInDrawingOrder
        let replicated = (l as? ReplicatorLayer).map { $0.instanceCount > 1 } ?? false
        let childrenPatchable = patchable && !replicated
        for c in kids {
            let ch = Homography(c.localTransform(of: c.shown).concatenating(sub.matrix)).then(h)
            if childrenPatchable { c.emittedParentMap = h; c.emittedSublayerMatrix = sub.matrix }
            box = box.union(emit(c, transform: ch, tint: tint, shift: shift, patchable: childrenPatchable, into: &list))
        }
        if let r = l as? ReplicatorLayer, r.instanceCount > 1 {
            let a = l.anchorInBounds
            let toAnchor = Transform3D(translationX: -a.x, y: -a.y, z: 0), back = Transform3D(translationX: a.x, y: a.y, z: 0)
            var step = Transform3D.identity
            let copiesStart = list.count, workStart = contentWork
            for i in 1..<min(r.instanceCount, 10_000) {
                // Nested replicators multiply their counts (and an emitter's particles with
                // them): copies stop at a bound on what they add, with a diagnostic. Particles
                // evaluated count though they draw nothing (invisible ones), and so do the
                // points of content projected under perspective, eight to a command.
                if list.count - copiesStart + (contentWork &- workStart) > Self.maximumReplicatedCommands {
                    if let m = model as? ReplicatorLayer, !m.reportedCopyBound {
                        m.reportedCopyBound = true
                        let message = "\(r.debugName) drew \(i) of \(r.instanceCount) copies: they reached \(Self.maximumReplicatedCommands) draw commands (particles and projected points counted in); the rest are not drawn"
                        if let engine { engine.report(message) } else { LayerEngine.reportDetached(message) }
                    }
                    break
                }
                step = step.concatenating(r.instanceTransform)
                let instance = toAnchor.concatenating(step).concatenating(back)
                let t = multiply(tint, r.instanceTint(i))
                for c in kids {
                    let ch = Homography(c.localTransform(of: c.shown).concatenating(instance).concatenating(sub.matrix)).then(h)
                    box = box.union(emit(c, transform: ch, tint: t, shift: shift + Double(i) * r.instanceDelay, patchable: false, into: &list))
                }
            }
        }
        return box
    }

    /// Re-emits `changed`'s group in place in `list` (CA10: one layer moving among thousands
    /// redraws only its group), or the group of its nearest ancestor that can be re-emitted
    /// alone (``patchTarget(of:host:)``). `host` is the layer whose sublayers the list holds (a
    /// view's layer); `scratch` is working storage. Returns the group's old and new boxes in
    /// window points, or nil when the list must be rebuilt instead (the layer is not in it, or
    /// its group's command count changed).
    ///
    /// The boxes of the groups around it are grown to hold the new box. A host with many
    /// changed layers calls ``patch(_:in:scratch:patched:)`` instead, which re-emits each group
    /// once.
    /// - Complexity: O(the group's commands + depth).
    public mutating func patch(_ changed: Layer, host: Layer, in list: inout [DrawCommand], scratch: inout [DrawCommand])
        -> (old: Rect, new: Rect)? {
        guard let t = patchTarget(of: changed, host: host) else { return nil }
        return reemit(t, host: host, in: &list, scratch: &scratch, resizing: false)
    }

    /// Re-emits in place in `list` the groups of `changes` (each a changed layer and the layer
    /// whose sublayers the list holds it under, a view's layer), as ``patch(_:host:in:scratch:)``
    /// does one, but each group once, and no group inside another group re-emitted by the same
    /// call: a group holds its sublayers and its mask, and re-emitting it redraws them as they
    /// are now. So a matte whose hundreds of sublayers all moved is emitted once, not once per
    /// sublayer (each of their changes leads to the group of the layer it masks), and a moving
    /// layer whose sublayers also moved redraws them once. Appends to `patched`, for each group
    /// re-emitted, the index in `changes` of the first change that led to it and the group's old
    /// and new boxes. A group re-emitted with another command count moves the commands after it
    /// (LT11): the move is appended to ``listShifts``, the list's group ends are moved with it,
    /// and the caller moves the places it records itself. A layer whose only changes are its
    /// opacity or its placement has its group faded or moved in place, with nothing emitted, and
    /// a layer shown again has its group inserted beside its siblings' (LT11). Returns false
    /// when the list must be
    /// rebuilt instead (a change whose layer is not in the list, or more moves than
    /// ``maximumListShifts``); `patched` is then partial.
    /// - Complexity: O(changes x depth + the commands of the groups re-emitted), and O(the list)
    ///   for each group whose command count changed.
    public mutating func patch(_ changes: [(layer: Layer, host: Layer)], in list: inout [DrawCommand],
                               scratch: inout [DrawCommand], patched: inout [(change: Int, old: Rect, new: Rect)]) -> Bool {
        // A layer stamped `chosen` is the group of some change; `done` once re-emitted;
        // `faded` when its only change is its own opacity (LT11): its group's opacity is
        // rewritten and nothing re-emitted; `moved` when its only changes are its placement
        // (and opacity): its subtree's transforms and boxes are rewritten. Neither holds
        // another change's group, so the changes under them patch their own. `shown` when it
        // drew nothing when it was emitted and a sibling of it is in the list: its group is
        // inserted next to the sibling's, not re-emitted with its superlayer's. Stamps of
        // earlier calls are smaller than all five.
        patchStamp &+= 5
        let faded = patchStamp, moved = patchStamp + 1, shown = patchStamp + 2, chosen = patchStamp + 3, done = patchStamp + 4
        targets.removeAll(keepingCapacity: true)
        for c in changes {
            if c.layer.patchStamp < faded, isShownAgain(c.layer, host: c.host) {
                c.layer.patchStamp = shown
                targets.append(c.layer)
                continue
            }
            guard let t = patchTarget(of: c.layer, host: c.host) else { targets.removeAll(keepingCapacity: true); return false }
            if t === c.layer, t.patchStamp < faded, Self.changedOnlyOpacity(t) { t.patchStamp = faded }
            else if t === c.layer, t.patchStamp < faded, Self.changedOnlyPlacement(t) { t.patchStamp = moved }
            else if t.patchStamp < chosen { t.patchStamp = chosen }
            targets.append(t)
        }
        defer { targets.removeAll(keepingCapacity: true) }
        for (k, t) in targets.enumerated() where t.patchStamp >= faded && t.patchStamp <= chosen {
            let host = changes[k].host
            if t.patchStamp == faded {
                t.patchStamp = faded - 1                     // listed again further on: patched
                if isInsideChosenGroup(t, host: host, chosen: chosen) { continue }
                guard let box = fade(t, host: host, in: &list) else { return false }
                patched.append((k, box, box))
                continue
            }
            if t.patchStamp == moved {
                t.patchStamp = faded - 1
                if isInsideChosenGroup(t, host: host, chosen: chosen) { continue }
                if let (old, new) = move(t, host: host, in: &list) { patched.append((k, old, new)); continue }
            }
            if t.patchStamp == shown {
                t.patchStamp = faded - 1
                if isInsideChosenGroup(t, host: host, chosen: chosen) { continue }
                guard let box = insert(t, host: host, in: &list, scratch: &scratch) else { return false }
                patched.append((k, .null, box))
                continue
            }
            let inside = isInsideChosenGroup(t, host: host, chosen: chosen)
            t.patchStamp = done
            if inside { continue }
            guard let (old, new) = reemit(t, host: host, in: &list, scratch: &scratch, resizing: true) else { return false }
            patched.append((k, old, new))
        }
        return true
    }

    /// Whether an ancestor of `t` below `host` (through mask owners) is the group of a change
    /// of this batch (stamped `chosen` or later): that group redraws `t`, before or after it.
    private func isInsideChosenGroup(_ t: Layer, host: Layer, chosen: Int) -> Bool {
        var a = t.superlayer ?? t.maskOwner
        while let c = a, c !== host {
            if c.patchStamp >= chosen { return true }
            a = c.superlayer ?? c.maskOwner
        }
        return false
    }

    /// Whether the only change to `t` since its group was emitted is its opacity, to a value
    /// that still draws, with no animation running on it: its group differs from the one
    /// emitted then in its opacity alone (a group's opacity is its own; its sublayers' groups
    /// do not carry it).
    static func changedOnlyOpacity(_ t: Layer) -> Bool {
        t.changesSinceEmission == LayerProperty.opacity.bit && t.presented == nil && t.running.isEmpty
            && !t.isHidden && t.opacity > 0 && t.opacity.isFinite
    }

    /// Rewrites the opacity of `t`'s group in place (``changedOnlyOpacity(_:)``); its box, or nil
    /// when it is no longer where the list says.
    private mutating func fade(_ t: Layer, host: Layer, in list: inout [DrawCommand]) -> Rect? {
        guard let (start, group) = placedGroup(of: t, host: host, in: list) else { return nil }
        var g = group
        g.opacity = min(t.opacity, 1)
        list[start] = .beginGroup(g)
        t.changesSinceEmission = 0
        fadedGroupCount &+= 1
        return g.bounds
    }

    /// Where `t`'s group starts in `list` and its state, when the list holds it there and `t` is
    /// still in `host`'s tree (a layer moved elsewhere keeps stale places); nil otherwise.
    func placedGroup(of t: Layer, host: Layer, in list: [DrawCommand]) -> (start: Int, group: GroupState)? {
        let start = place(of: t)
        guard start >= 0, start < list.count, case .beginGroup(let g) = list[start], g.end >= start,
              g.end < list.count else { return nil }
        var up: Layer? = t
        while let u = up, u !== host { up = u.superlayer ?? u.maskOwner }
        guard up === host else { return nil }
        return (start, g)
    }

    /// The layer whose group a change of `changed`'s drawing re-emits: `changed` itself when
    /// its place in the list is known, else its nearest ancestor (through mask owners) whose is:
    /// a replicator's sublayers cannot be re-emitted alone (their copies follow them), a mask's
    /// layers are drawn inside the group of the layer they mask, and a layer whose zPosition
    /// changed needs its superlayer to sort it again. Nil when none below `host` is in the list.
    public func patchTarget(of changed: Layer, host: Layer) -> Layer? {
        var candidate: Layer? = changed
        while let c = candidate, c !== host {
            if c.listGeneration == generation, c.listStart >= 0, c.shown.zPosition == c.emittedZ { return c }
            candidate = c.superlayer ?? c.maskOwner
        }
        return nil
    }

    /// Re-emits the group of `t` (a ``patchTarget(of:host:)``) in place; its old and new boxes,
    /// or nil when its command count changed or it is no longer where the list says.
    /// With `resizing`, a group whose command count changed replaces the old one and the
    /// commands after it move (``listShifts``); without, nil is returned for it.
    private mutating func reemit(_ t: Layer, host: Layer, in list: inout [DrawCommand], scratch: inout [DrawCommand],
                                 resizing: Bool) -> (old: Rect, new: Rect)? {
        guard let (start, old) = placedGroup(of: t, host: host, in: list) else { return nil }
        let box = emitAlone(t, at: start, into: &scratch)
        let count = old.end + 1 - start
        // In place, without a closure: one made in a main-actor method checks the actor when called.
        if scratch.count == count {
            // Swapped, not copied: the old commands go back to the scratch list (emptied on its
            // next use), and no command is retained and released on the way.
            for k in 0..<count { swap(&list[start + k], &scratch[k]) }
        } else {
            guard resizing, listShifts.count < Self.maximumListShifts else { return nil }
            list.replaceSubrange(start..<(start + count), with: scratch)
            moveGroups(in: &list, replaced: start, past: start + scratch.count, after: old.end, by: scratch.count - count)
            placedAfterLastShift(t)
        }
        growGroups(above: t, host: host, toHold: box, in: &list)
        return (old.bounds, box)
    }

    /// The map of `t`'s coordinates to window points now, through the map of its superlayer's
    /// plane recorded when its superlayer was emitted.
    func currentMap(of t: Layer) -> Homography {
        Homography(t.localTransform(of: t.shown).concatenating(t.emittedSublayerMatrix)).then(t.emittedParentMap)
    }

    /// Emits `t`'s group alone into `scratch` (emptied first), its group ends and the places it
    /// records as they are when the group starts at `offset` in the list; its box.
    mutating func emitAlone(_ t: Layer, at offset: Int, into scratch: inout [DrawCommand]) -> Rect {
        scratch.removeAll(keepingCapacity: true)
        let savedOffset = listOffset
        listOffset = offset
        defer { listOffset = savedOffset }
        return emit(t, transform: currentMap(of: t), tint: nil, shift: 0, patchable: true, into: &scratch)
    }

    /// Grows the boxes of the groups of `t`'s superlayers below `host` to hold `box` (a patched
    /// group's new box), stopping at the first that holds it.
    func growGroups(above t: Layer, host: Layer, toHold box: Rect, in list: inout [DrawCommand]) {
        var a = t.superlayer
        while let c = a, c !== host, c.listGeneration == generation, case let at = place(of: c), at >= 0,
              let extent = list[at].groupExtent {
            // Looked at in place; the state is copied out only to grow its box.
            let grown = extent.bounds.union(box)
            guard grown != extent.bounds, case .beginGroup(var g) = list[at] else { break }
            if let clip = g.clip { g.bounds = grown.intersection(g.transform.apply(to: clip)) } else { g.bounds = grown }
            list[at] = .beginGroup(g)
            a = c.superlayer
        }
    }

    /// The sublayer transform about the anchor point, as a matrix in the layer's coordinates.
    func sublayerMap(of l: Layer, _ h: Homography) -> (matrix: Transform3D, isIdentity: Bool) {
        guard !l.sublayerTransform.isIdentity else { return (.identity, true) }
        let a = l.anchorInBounds
        let m = Transform3D(translationX: -a.x, y: -a.y, z: 0).concatenating(l.sublayerTransform)
            .concatenating(Transform3D(translationX: a.x, y: a.y, z: 0))
        return (m, false)
    }

    /// Appends `own` (the layer's content in its coordinates) to `list`: as it is when the
    /// layer's map is affine, projected into window points when it has perspective; tinted
    /// for a replicator copy. Returns the box of what it draws in window points.
    private mutating func flush(_ own: [DrawCommand], of model: Layer, _ h: Homography, _ affine: Bool, _ tint: Color?,
                                into list: inout [DrawCommand]) -> Rect {
        var box = Rect.null
        var projectedPoints = 0
        if affine && tint == nil {
            // The common case, appended whole: `own` often shares its storage with the
            // layer's kept content, so its commands are copied once, not taken apart.
            var groups = false
            for k in own.indices {
                switch own[k] {
                case .beginGroup: groups = true
                case .endGroup: break
                default:
                    if let b = own[k].localBounds { box = box.union(h.affine.apply(to: b)) } else { box = .infinite }
                }
            }
            guard groups else { list.append(contentsOf: own); return box }
            for k in own.indices {
                if case .beginGroup(let g) = own[k] { list.append(Self.placed(g, h)) } else { list.append(own[k]) }
            }
            return box
        }
        for k in own.indices {
            var c = own[k]
            if let t = tint { c = c.tinted(by: t) }
            if case .beginGroup(let g) = c {
                // Under perspective a group inside drawn content is dropped (its content draws).
                guard affine else { continue }
                list.append(Self.placed(g, h))
            } else if case .endGroup = c {
                if affine { list.append(c) }
            } else if affine {
                if let b = c.localBounds { box = box.union(h.affine.apply(to: b)) } else { box = .infinite }
                list.append(c)
            } else if k >= Self.maximumProjectedCommands || projectedPoints >= Self.maximumProjectedPoints {
                // Projection flattens every curve into points: an emitter's thousands of
                // particles under perspective would cost millions a frame.
                if !model.reportedProjectionBound {
                    model.reportedProjectionBound = true
                    let message = "\(model.debugName) under perspective drew \(k) of its \(own.count) draw commands "
                        + "(at most \(Self.maximumProjectedCommands) commands and \(Self.maximumProjectedPoints) points); the rest are not drawn"
                    if let engine { engine.report(message) } else { LayerEngine.reportDetached(message) }
                }
                break
            } else if let p = c.projected(by: h) {
                if let b = p.localBounds { box = box.union(b) }
                let points = p.projectedPointCount
                projectedPoints += points
                contentWork &+= points / 8
                list.append(p)
            }
        }
        return box
    }

    /// A group inside drawn content (a Lottie merge's mask): its transform and box are the
    /// layer's own coordinates, mapped to the list's by `h`; its end is left for the painter
    /// to find.
    private static func placed(_ group: GroupState, _ h: Homography) -> DrawCommand {
        var g = group
        g.transform = g.transform.concatenating(h.affine)
        if !g.bounds.isNull { g.bounds = h.affine.apply(to: g.bounds) }
        g.end = -1
        return .beginGroup(g)
    }

    private func multiply(_ a: Color?, _ b: Color) -> Color {
        guard let a else { return b }
        return Color(red: a.red * b.red, green: a.green * b.green, blue: a.blue * b.blue, alpha: a.alpha * b.alpha)
    }
}

extension Rect {
    /// A rectangle holding everything (for content whose extent is not known).
    static let infinite = Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15)
}
