import Geometry
import Layers
import RenderModel

/// Where one view's group sits in its window's display list, and what its subtree drew.
struct ViewRenderRecord {
    /// The index of the view's `beginGroup` in the display list, valid when ``listGeneration``
    /// is the window's current build (P1).
    var listStart = -1
    var listGeneration = -1
    /// What the view's subtree drew at its last emission, in its superview's coordinates (nil
    /// before it was emitted): a clipping superview skips a subview whose box lies outside its
    /// bounds (SC7), unless the subview or something under it changed since
    /// (``View/hasChangedDescendant``).
    var culledBox: Rect?
}

extension ViewRenderRecord: ViewSideRecord {
    mutating func clear() { self = ViewRenderRecord() }
    static func slot(of view: View) -> Int { view.renderSlot }
    static func setSlot(_ slot: Int, of view: View) { view.renderSlot = slot }
}

/// The window's render table (AM5): what the display-list builder keeps about each view it
/// lists between frames, at the view's ``View/renderSlot``, instead of on the view. A view
/// gets a slot when first listed and gives it back when it leaves the window.
typealias RenderTable = SlotTable<ViewRenderRecord>

extension SlotTable where Record == ViewRenderRecord {
    /// `v`'s record, or an empty one for a view not listed yet.
    @inline(__always)
    func record(_ v: View) -> ViewRenderRecord {
        existingSlot(v).map { records[$0] } ?? ViewRenderRecord()
    }

    /// Whether `v`'s group is in the list of build `generation`.
    @inline(__always)
    func isListed(_ v: View, _ generation: Int) -> Bool {
        guard let slot = existingSlot(v) else { return false }
        return records[slot].listGeneration == generation
    }

    /// Where `v`'s group starts in the list (-1 when it has none).
    @inline(__always)
    func listStart(_ v: View) -> Int {
        guard let slot = existingSlot(v) else { return -1 }
        return records[slot].listStart
    }
}

/// The views of a subtree leaving a window, read from the window's marks by render slot. Asked
/// only about views of that window or of none (a view in no window has no slot): the layout
/// engine's constraints, the hovered views, the first responder and the presses' views and
/// recognizers are all the window's.
@MainActor
struct LeavingSubtree {
    let marks: [Bool]

    /// Whether `view` is in the leaving subtree.
    @inline(__always)
    func contains(_ view: View?) -> Bool {
        guard let view else { return false }
        let slot = view.renderSlot
        return slot >= 0 && slot < marks.count && marks[slot]
    }
}

extension Window {
    // MARK: The render table

    /// `v` leaves this window: its slot goes back to the table.
    func releaseRenderSlot(of v: View) {
        withRenderTable { t in
            if let slot = t.existingSlot(v), slot < leavingMarks.count { leavingMarks[slot] = false }
            t.release(v)
        }
        v.renderSlot = -1
    }

    /// Runs `body` with the render table taken out of the window and puts it back after: the
    /// emission's reads and writes of it are then checked by the compiler, not at run time.
    @inline(__always)
    func withRenderTable<R>(_ body: (inout RenderTable) -> R) -> R {
        var table = renderTable
        renderTable = RenderTable()
        let result = body(&table)
        renderTable = table
        return result
    }

    // MARK: Commit

    /// Runs `body` with the current list (the one presented last, patched in place between
    /// full builds; after a build's swap, the one being built) taken out of the window, and
    /// puts it back after: no access to ``listA`` or ``listB`` then spans a call, so the
    /// compiler proves them exclusive and drops their run-time checks, which an in-place change
    /// through an accessor costs on every access (AM4). ``displayList`` reads an empty list
    /// meanwhile: `body` calls no app code.
    @inline(__always)
    func withPresentedList<R>(_ body: (inout DisplayList) -> R) -> R {
        var list = takeList(current)
        let result = body(&list)
        putList(list, current)
        return result
    }

    /// List `index` (0: ``listA``) out of the window, an empty one left in its place, so that
    /// the copy is unique unless a renderer kept it.
    func takeList(_ index: Int) -> DisplayList {
        if index == 0 {
            let list = listA
            listA = DisplayList()
            return list
        }
        let list = listB
        listB = DisplayList()
        return list
    }

    /// Puts a list taken with ``takeList(_:)`` back.
    func putList(_ list: DisplayList, _ index: Int) {
        if index == 0 { listA = list } else { listB = list }
    }

    /// Builds the current list anew from the view tree.
    func buildDisplayList(into list: inout DisplayList) {
        buildGeneration &+= 1
        list.reset(size: size, scale: scale, background: backgroundColor)
        list.origin = listOrigin
        layerRenderer.generation = buildGeneration
        appliedListShifts = 0
        layerRenderer.fontSystem = fontSystem
        canvas.fontSystem = fontSystem
        let generation = buildGeneration
        withRenderTable { table in
            _ = emit(rootView, parent: .identity, into: &list.commands, table: &table, generation: generation, offset: 0)
        }
    }

    /// Appends `v`'s subtree to `list` (whose first element will sit at `offset` in the display
    /// list), recording where each view's group sits in `table` as listed in build
    /// `generation`, and returns the box of what it draws in window points.
    /// `local` emits the view untransformed, in its own coordinates (a view whose layer has a
    /// 3D transform is drawn that way, then projected: ``emitProjected(_:_:_:parent:into:offset:)``).
    func emit(_ v: View, parent: AffineTransform, into list: inout [DrawCommand], table: inout RenderTable, generation: Int,
              offset: Int, local inPlace: Bool = false) -> Rect {
        // What is on screen, read in one call.
        let p = v.onScreen.drawingValues(model: v.viewLayer)
        guard !v.isHidden, p.opacity > 0 else { return .null }
        if p.isProjected, !inPlace {
            return emitProjected(v, p, parent: parent, into: &list, table: &table, generation: generation, offset: offset)
        }
        let t = inPlace ? .identity : p.toSuperview.concatenating(parent)
        let local = p.bounds
        let start = list.count
        let slot = table.slot(v)
        table.records[slot].listStart = offset + start
        table.records[slot].listGeneration = generation
        v.isQueuedForRepaint = false
        v.hasChangedDescendant = false
        list.append(.endGroup)                              // the group marker, written below
        var box = emitBackground(v, p, local, t, into: &list)
        if let vl = v.loadedLayer, let image = vl.contents {
            // The layer's image (an image view's), placed in the presentation's bounds.
            let first = list.count
            vl.appendContents(image, in: local, mediaTime: layers?.frameTime ?? 0, into: &list)
            for c in list[first...] { if let b = c.localBounds { box = box.union(t.apply(to: b)) } }
        }
        if !v.content.isEmpty {
            list.append(contentsOf: v.content)
            for c in v.content {
                // A group inside drawn content has no box here: everything, to be safe.
                if let b = c.localBounds { box = box.union(t.apply(to: b)) } else { box = Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15); break }
            }
        }
        if let vl = v.loadedLayer, !vl.children.isEmpty {
            // Sublayers added to the view's layer draw above its content, below its subviews.
            layerRenderer.listOffset = offset
            box = box.union(layerRenderer.emitSublayers(of: vl, transform: Homography(t), into: &list))
            layerRenderer.listOffset = 0
        }
        if p.clipsToBounds, skipsSubviewsOutOfView, v.subviews.count > 1 {
            // SC7: a clipping view (a scroll view) emits only the subviews whose last drawing
            // reaches its bounds, so content outside the viewport costs nothing to list or paint.
            box = box.union(emitVisibleSubviews(of: v, bounds: local, transform: t, into: &list, table: &table,
                                                generation: generation, offset: offset))
        } else {
            for s in v.subviews {
                box = box.union(emit(s, parent: t, into: &list, table: &table, generation: generation, offset: offset))
            }
        }
        if p.borderWidth > 0, p.borderColor.alpha > 0 {
            list.append(.strokeBorder(local, p.borderColor, width: p.borderWidth, cornerRadius: p.cornerRadius))
            box = box.union(t.apply(to: local))
        }
        if v.accessibilitySettings?.showsFocusRing == true { box = box.union(emitFocusRing(v, p, local, t, into: &list)) }
        var clip: Rect? = p.clipsToBounds ? local : nil
        var clipRadius = p.clipsToBounds ? p.cornerRadius : 0
        var mask: GroupMask?
        if let vl = v.loadedLayer, let m = vl.mask {
            // The view's layer's mask masks the view and its subviews, as in UIKit (CA2).
            mask = layerRenderer.mask(m, of: vl, transform: Homography(t), clip: &clip, clipRadius: &clipRadius)
        }
        if let c = clip { box = box.intersection(t.apply(to: c)) }
        list.append(.endGroup)
        var g = GroupState(transform: t, opacity: p.opacity, clip: clip, clipCornerRadius: clip == nil ? 0 : clipRadius,
                           name: v.identifier ?? "")
        g.mask = mask
        if let filter = v.loadedLayer?.compositingFilter { g.blendMode = filter }   // the view's layer's blend (CA2)
        g.bounds = box
        g.end = offset + list.count - 1
        list[start] = .beginGroup(g)
        return box
    }

    /// A view's shadow (its backing layer's, CA2) and background, rounded at the layer's masked
    /// corners, from the presentation's rect; returns their box in window points. Kept out of
    /// ``emit(_:parent:into:offset:)`` so that recursion's frames stay small (deep trees run on
    /// worker threads' stacks).
    @inline(never)
    private func emitBackground(_ v: View, _ p: DrawingValues, _ local: Rect, _ t: AffineTransform,
                                into list: inout [DrawCommand]) -> Rect {
        var box = Rect.null
        let corners = v.loadedLayer?.maskedCorners ?? .all
        let background = p.backgroundColor, radius = p.cornerRadius
        if let vl = v.loadedLayer, vl.shadowOpacity > 0,
           let shadow = vl.shadowCommand(silhouette: background.alpha > 0
                ? Layer.roundedPath(local, cornerRadius: radius, maskedCorners: corners) : nil) {
            list.append(shadow)
            if let b = shadow.localBounds { box = t.apply(to: b) }
        }
        if background.alpha > 0 {
            if corners == .all || radius <= 0 {
                list.append(.fillRect(local, background, cornerRadius: radius))
            } else {
                list.append(.fillShape(Layer.roundedPath(local, cornerRadius: radius, maskedCorners: corners),
                                       .color(background), .nonZero))
            }
            box = box.union(t.apply(to: local))
        }
        return box
    }

    /// Re-emits the subtrees of the changed views in place and sets the list's damage to the
    /// union of their old and new boxes; false when that cannot be done (a subtree's command
    /// count changed, a view was not in the list, or so many changed that a rebuild is cheaper),
    /// and the caller rebuilds.
    func patchChangedViews() -> Bool {
        // The list, the table and the scratch are taken out for the patch and put back after:
        // the patch's many reads and writes of them are then checked by the compiler (AM4).
        var scratch = commitScratch
        commitScratch = CommitScratch()
        defer {
            // Kept for their storage only: no view or layer outlives the commit there.
            scratch.layerChanges.removeAll(keepingCapacity: true)
            scratch.layerChangeViews.removeAll(keepingCapacity: true)
            commitScratch = scratch
        }
        return withPresentedList { list in
            withRenderTable { table in patchChangedViews(&list, &table, &scratch) }
        }
    }

    private func patchChangedViews(_ list: inout DisplayList, _ table: inout RenderTable, _ scratch: inout CommitScratch) -> Bool {
        let generation = buildGeneration
        let changedViews = self.changedViews
        guard changedViews.count <= 16 || changedViews.count * 8 <= list.commands.count else { return false }
        list.damage = nil
        list.damageRects.removeAll(keepingCapacity: true)
        for v in changedViews where v.window === self {
            if isSkippedByClip(v, table, generation) {
                // Still nothing to list unless it came into view (SC7).
                guard stillOutOfView(v, list.commands, &table, &scratch.commands, generation) else { return false }
                continue
            }
            let vStart = table.listStart(v)
            guard table.isListed(v, generation), vStart >= 0, v.superview != nil || v === rootView else { return false }
            guard case .beginGroup(let old) = list.commands[vStart], old.end >= vStart else { return false }
            let parent: AffineTransform
            if let s = v.superview {
                guard table.isListed(s, generation), case .beginGroup(let pg) = list.commands[table.listStart(s)]
                else { return false }
                parent = pg.transform
            } else {
                parent = .identity
            }
            scratch.commands.removeAll(keepingCapacity: true)
            let box = emit(v, parent: parent, into: &scratch.commands, table: &table, generation: generation, offset: vStart)
            let count = old.end + 1 - vStart
            guard scratch.commands.count == count else { return false }
            list.commands.replaceSubrange(vStart..<(vStart + count), with: scratch.commands)
            list.addDamage(old.bounds.union(box))
            if skipsSubviewsOutOfView, let s = v.superview, s.clipsToBounds, s.subviews.count > 1, let inverse = parent.inverted() {
                let local = box.isNull ? Rect.null : inverse.apply(to: box)
                table.records[table.slot(v)].culledBox = local
                // It left its clipping view's bounds: the rebuild takes it out of the list.
                guard Self.overlaps(local, s.onScreen.stateBounds) else { return false }
            }
            growGroups(from: v.superview, toHold: box, &list, table, generation)
        }
        // Changed layers patch their groups together: a group re-emitted for one change
        // redraws the others inside it (a matte's sublayers, a moving layer's sublayers).
        for (layer, v) in changedLayers where v.window === self && !v.isQueuedForRepaint {
            guard table.isListed(v, generation), table.listStart(v) >= 0, let host = v.loadedLayer else {
                // Skipped by a clipping ancestor (SC7): its layers may have grown into view.
                if isSkippedByClip(v, table, generation),
                   !stillOutOfView(v, list.commands, &table, &scratch.commands, generation) { return false }
                continue                                    // a hidden view draws none of its layers
            }
            scratch.layerChanges.append((layer, host))
            scratch.layerChangeViews.append(v)
        }
        if !scratch.layerChanges.isEmpty {
            scratch.patchedLayerGroups.removeAll(keepingCapacity: true)
            guard layerRenderer.patch(scratch.layerChanges, in: &list.commands, scratch: &scratch.commands,
                                      patched: &scratch.patchedLayerGroups)
            else { return false }
            moveViewPlaces(&table, generation)
            for p in scratch.patchedLayerGroups {
                list.addDamage(p.old.union(p.new))
                growGroups(from: scratch.layerChangeViews[p.change], toHold: p.new, &list, table, generation)
            }
        }
        list.revision += 1
        if list.damage == nil || list.damage!.isNull { list.damage = .zero }
        return true
    }

    /// Moves the places of the listed views by the moves the layer renderer made since they were
    /// last moved (a layer's group re-emitted with another command count moves what follows it).
    /// - Complexity: O(the table's records x the new moves); nothing when there are none.
    private func moveViewPlaces(_ table: inout RenderTable, _ generation: Int) {
        let shifts = layerRenderer.listShifts
        guard appliedListShifts < shifts.count else { return }
        for i in table.records.indices where table.records[i].listGeneration == generation && table.records[i].listStart >= 0 {
            var at = table.records[i].listStart
            for k in appliedListShifts..<shifts.count { at = shifts[k].moved(at) }
            table.records[i].listStart = at
        }
        appliedListShifts = shifts.count
    }

    /// Grows the boxes of `view`'s group and its ancestors' to hold `box` (a patched group's).
    private func growGroups(from view: View?, toHold box: Rect, _ list: inout DisplayList, _ table: RenderTable, _ generation: Int) {
        var a = view
        while let c = a, table.isListed(c, generation), let extent = list.commands[table.listStart(c)].groupExtent {
            // Looked at in place; the state is copied out only to grow its box.
            let grown = extent.bounds.union(box)
            guard grown != extent.bounds, case .beginGroup(var g) = list.commands[table.listStart(c)] else { break }
            g.bounds = c.clipsToBounds ? grown.intersection(g.transform.apply(to: c.onScreen.stateBounds)) : grown
            list.commands[table.listStart(c)] = .beginGroup(g)
            a = c.superview
        }
    }
}

/// The commit's working storage for a patch, kept by the window between commits for its
/// arrays' capacity and taken out for each patch (``Window/patchChangedViews()``): commands
/// re-emitted aside, and the changed layers with the layers hosting them, their views and the
/// groups the layer renderer re-emitted.
struct CommitScratch {
    var commands: [DrawCommand] = []
    var layerChanges: [(layer: Layer, host: Layer)] = []
    var layerChangeViews: [View] = []
    var patchedLayerGroups: [(change: Int, old: Rect, new: Rect)] = []
}
