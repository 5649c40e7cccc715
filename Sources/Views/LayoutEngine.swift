import Geometry
import LayoutSolver
import UpdateLoop

extension Priority {
    /// The engine's tier that keeps a view's safe area inside the root's safe area: above every
    /// optional priority an app can set (999), below required.
    static let safeAreaClamp = Priority(999.9)
    /// The engine's tier that makes a view's safe area as large as its bounds allow.
    static let safeAreaFollowsBounds = Priority(999.8)
}

/// A window's Auto Layout engine: one `Solver`, the variables of every participating view and
/// guide (alignment rects in window coordinates, y down), and the queue of changes the next
/// constraints pass applies. Changes are applied in `solve()`; the views whose solved rect
/// changed flag their superview for layout, whose ``View/layoutSubviews()`` applies the frames.
@MainActor
public final class LayoutEngine {
    /// Unowned, and safely so: the engine is made by its window (``Window/layoutEngine``) and
    /// called only from it and its views' layout passes, which need the window alive.
    unowned let window: Window
    /// The solver (exposed for benchmarks and diagnostics).
    public let solver = Solver()
    private var itemBySymbol: [LayoutItem?] = []
    private(set) var active: [LayoutConstraint] = []
    private var pendingAdds: [LayoutConstraint] = [] { didSet { note(.adds, pendingAdds.isEmpty) } }
    private var pendingRemoves: [(ConstraintID, Bool)] = [] { didSet { note(.removes, pendingRemoves.isEmpty) } }
    private var pendingConstants: [LayoutConstraint] = [] { didSet { note(.constants, pendingConstants.isEmpty) } }
    private var staleItems: [LayoutItem] = [] { didSet { note(.staleItems, staleItems.isEmpty) } }
    /// The four lists above that hold items, one bit each, kept by their observers: the idle
    /// check reads this word, not four arrays each behind a run-time exclusivity check (AM4).
    private var listsWithChanges: UInt8 = 0
    private enum ChangeList: UInt8 { case adds = 1, removes = 2, constants = 4, staleItems = 8 }
    private func note(_ list: ChangeList, _ isEmpty: Bool) {
        if isEmpty { listsWithChanges &= ~list.rawValue } else { listsWithChanges |= list.rawValue }
    }
    private var broken: [LayoutConstraint] = []
    private var changed: [(variable: Variable, value: Double)] = []
    private var changedItems: [LayoutItem] = []
    /// What the engine and the update cycle keep about each view of the window between passes
    /// (AM5; LayoutTable.swift), at the view's ``View/layoutSlot``.
    /// (`table` and `withTable` read and write it; nil only while `withTable` runs.)
    var storedTable: LayoutTable? = LayoutTable()
    private var activeNeedsCompaction = false
    private var staleItemsNeedCompaction = false
    private var brokenNeedsCompaction = false

    /// Frames set from the solution so far (for tests and benchmarks of P1).
    public package(set) var framesApplied: Int { get { framesAppliedStorage } set { framesAppliedStorage = newValue } }
    /// Counted for every frame set, so private (a public stored property is checked at run
    /// time on each access, AM4).
    private var framesAppliedStorage = 0

    /// What the engine's constraints hold of it (not a weak reference, which would give the
    /// engine a side table and every retain of it in a frame the runtime's slow path, AM5).
    var reference: ObjectReference<LayoutEngine> { referenceStorage! }
    private var referenceStorage: ObjectReference<LayoutEngine>?

    init(window: Window) {
        self.window = window
        referenceStorage = ObjectReference(self)
    }

    isolated deinit {
        referenceStorage?.clear()
    }

    /// Whether the next constraints pass has solver work to do.
    public var hasPendingChanges: Bool { listsWithChanges != 0 }

    /// The active constraints the engine knows, including broken ones.
    public var activeConstraints: [LayoutConstraint] { compact(); return active }
    /// Constraints broken to resolve conflicts (A7).
    public var brokenConstraints: [LayoutConstraint] { compact(); return broken }

    // MARK: Items

    /// The item of a view or layout guide (activation refuses any other owner), made on first use.
    func item(for owner: any LayoutItemOwner) -> LayoutItem {
        let view = owner as? View, guide = owner as? LayoutGuide
        if let existing = view.flatMap { layoutItem(of: $0) } ?? guide?.layoutItem { return existing }
        let i = LayoutItem(solver: solver, name: owner.layoutName)
        i.viewReference = view?.reference
        i.guideReference = guide?.reference
        if let view { setLayoutItem(i, of: view) }
        guide?.layoutItem = i
        register(i)
        return i
    }

    private func register(_ i: LayoutItem) {
        for v in [i.left, i.top, i.width, i.height] {
            while itemBySymbol.count <= Int(v.id) { itemBySymbol.append(nil) }
            itemBySymbol[Int(v.id)] = i
        }
        markStale(i)
    }

    func markStale(_ i: LayoutItem) {
        guard !i.isQueuedStale else { return }
        i.isQueuedStale = true
        staleItems.append(i)
        window.requestFrame()
    }

    // MARK: Notifications from views and constraints

    func add(_ c: LayoutConstraint) {
        c.engineReference = reference
        // A constraint whose engine went away with its window (released with the views still
        // in it) keeps that solver's row id: it names nothing here.
        c.solverID = nil
        c.constantIsPending = false
        active.append(c)
        pendingAdds.append(c)
        window.rootView.setNeedsUpdateConstraints()
    }

    /// Takes `c` out of the engine in O(1): its solver row is queued for removal, and the lists
    /// that hold it drop it the next time they are compacted (it no longer names this engine).
    func remove(_ c: LayoutConstraint) {
        if let id = c.solverID { pendingRemoves.append((id, Priority(Double(c.priority)).isRequired)) }
        c.solverID = nil
        c.engineReference = nil
        if c.isBroken { c.isBroken = false; brokenNeedsCompaction = true }
        activeNeedsCompaction = true
        window.rootView.setNeedsUpdateConstraints()
    }

    /// Drops constraints that left the engine from ``active`` and ``broken`` (one sweep each).
    func compact() {
        if activeNeedsCompaction {
            active.removeAll { $0.engineReference !== reference }
            activeNeedsCompaction = false
        }
        if brokenNeedsCompaction {
            broken.removeAll { $0.engineReference !== reference || !$0.isBroken }
            brokenNeedsCompaction = false
        }
    }

    /// A constant edit reaches the solver in the next constraints pass without flagging any
    /// view's `updateConstraints()` (P1): the pass solves whenever the engine has changes.
    func constantDidChange(_ c: LayoutConstraint) {
        guard c.solverID != nil, !c.constantIsPending else { return }
        c.constantIsPending = true
        // Appended to a copy, so that no access to the list spans a call (AM4): an animated
        // constant lands here every frame.
        var constants = pendingConstants
        pendingConstants = []
        constants.append(c)
        pendingConstants = constants
        window.requestFrame()
    }

    func priorityDidChange(_ c: LayoutConstraint, wasRequired: Bool) {
        if let id = c.solverID {
            pendingRemoves.append((id, wasRequired))
            c.solverID = nil
            pendingAdds.append(c)
        }
        window.rootView.setNeedsUpdateConstraints()
    }

    func inputsDidChange(for view: View) {
        if let i = layoutItem(of: view) {
            markStale(i)
            for g in view.guides { if let gi = g.layoutItem { markStale(gi) } }
        } else if !view.translatesAutoresizingMaskIntoConstraints, view.window === window {
            _ = item(for: view)
        }
    }

    func safeAreaDidChange() {
        for g in window.rootView.guides { if let gi = g.layoutItem { markStale(gi) } }
    }

    func rootViewDidChange() {
        if let i = layoutItem(of: window.rootView) { markStale(i) }
    }

    /// A subtree joined the window: its stored constraints reach the solver, and its views laid out
    /// by constraints get variables.
    func viewDidMoveToWindow(_ view: View) {
        forEach(in: view) { v in
            for c in v.constraints where c.engine == nil { add(c) }
            if !v.translatesAutoresizingMaskIntoConstraints { _ = item(for: v) }
        }
        if let s = view.superview, let i = layoutItem(of: s) { markStale(i) }
    }

    /// A subtree leaves the window: constraints from outside that refer into it are deactivated
    /// (UIKit's rule), its own constraints leave the solver (they stay active and return with it),
    /// and its variables are released. `leaving` finds the subtree's views in O(1), so this is
    /// one sweep over the active constraints plus one over the subtree (P2).
    func subtreeWillLeaveWindow(_ view: View, leaving: LeavingSubtree) {
        compact()
        var crossing: [LayoutConstraint] = []
        func leaves(_ v: View?) -> Bool { leaving.contains(v) }
        for c in active {
            guard let owner = c.owner, !leaves(owner) else { continue }
            if leaves(c.firstItem?.hierarchyView) || leaves(c.secondItem?.hierarchyView) {
                crossing.append(c)
            }
        }
        LayoutConstraint.deactivate(crossing)
        forEach(in: view) { v in
            for c in v.constraints where c.engineReference === reference { remove(c) }
        }
        // The constraints leave the solver before their variables do: a variable released first
        // takes the rows of constraints still holding it along, and their removal would fail.
        applyRemovals()
        forEach(in: view) { v in
            if let i = layoutItem(of: v) { release(i); setLayoutItem(nil, of: v) }
            for g in v.guides { if let gi = g.layoutItem { release(gi); g.layoutItem = nil } }
        }
        if staleItemsNeedCompaction {
            staleItems.removeAll { $0.isReleased }
            staleItemsNeedCompaction = false
        }
    }

    private func release(_ i: LayoutItem) {
        releaseExercisePins(i)
        for o in i.autoresizing { removeFromSolver(o.id, "removing \(i.name)'s autoresizing constraint") }
        for o in i.intrinsic { if let o { removeFromSolver(o.id, "removing \(i.name)'s intrinsic-size constraint") } }
        for id in i.guideConstraints { removeFromSolver(id, "removing \(i.name)'s guide constraint") }
        i.autoresizing = []; i.intrinsic = [nil, nil, nil, nil]; i.guideConstraints = []
        i.isReleased = true
        if i.isQueuedStale { staleItemsNeedCompaction = true }
        for v in [i.left, i.top, i.width, i.height] {
            itemBySymbol[Int(v.id)] = nil
            solver.releaseVariable(v)
        }
    }

    private func forEach(in view: View, _ body: (View) -> Void) {
        body(view)
        for s in view.subviews { forEach(in: s, body) }
    }

    // MARK: Solving

    /// Applies every queued change to the solver (removals, the engine's own constraints, additions,
    /// constant edits), then flags for layout the superviews of views whose solved rect changed.
    /// Called in the constraints pass, after `updateConstraints()`.
    func solve() {
        guard hasPendingChanges else { return }
        applyRemovals()
        // Items first, so their own constraints (autoresizing, intrinsic, guides) go in with them.
        compact()
        for c in pendingAdds where c.engineReference === reference && c.owner != nil && c.solverID == nil && !c.isBroken {
            if let a = c.firstItem { prepareItem(layoutOwner(a, c.firstAttribute, other: c.secondItem)) }
            if let b = c.secondItem, let attr = c.secondAttribute { prepareItem(layoutOwner(b, attr, other: c.firstItem)) }
        }
        while let i = staleItems.popLast() {
            i.isQueuedStale = false
            if !i.isReleased { refresh(i) }
        }
        // Sizes before positions (P3): a dimension fixed first is a constant by the time the
        // positions that use it arrive, so the rows stay short whatever order the app (or a
        // scene file) listed them in. The order within each kind is kept.
        for pass in 0..<2 {
            for c in pendingAdds where c.engineReference === reference && c.owner != nil && c.solverID == nil && !c.isBroken
                && (c.firstAttribute.isDimension && (c.secondAttribute?.isDimension ?? true)) == (pass == 0) {
                addToSolver(c)
            }
        }
        pendingAdds.removeAll(keepingCapacity: true)
        var constants = pendingConstants
        pendingConstants = []
        for c in constants {
            c.constantIsPending = false
            guard let id = c.solverID else { continue }
            do { try solver.setConstant(id, to: c.solverBase - c.constant) } catch {
                breakConstraint(c, error: error)
            }
        }
        constants.removeAll(keepingCapacity: true)
        pendingConstants = constants
        collectChanges()
    }

    func collectChanges() {
        // The scratch lists are taken out for the pass and put back, so that no access to them
        // spans a call (AM4).
        var changed = self.changed, changedItems = self.changedItems
        self.changed = []
        self.changedItems = []
        defer {
            changed.removeAll(keepingCapacity: true)
            changedItems.removeAll(keepingCapacity: true)
            self.changed = changed
            self.changedItems = changedItems
        }
        solver.takeChanges(into: &changed)
        for (v, value) in changed {
            guard Int(v.id) < itemBySymbol.count, let i = itemBySymbol[Int(v.id)] else { continue }
            // The solver lists the variables of every row it touched; a value it left as it
            // was changes no frame.
            let k = v == i.left ? 0 : v == i.top ? 1 : v == i.width ? 2 : 3
            guard i.solved[k] != value else { continue }
            i.solved[k] = value
            if k < 2 { i.positionChanged = true }
            guard !i.changeMark else { continue }
            i.changeMark = true
            changedItems.append(i)
        }
        for i in changedItems {
            i.changeMark = false
            // A scroll view's content area moved or resized: its layout takes the new content size.
            if let g = i.guide, g.kind == .content { g.owningView?.setNeedsLayoutKeepingFrames() }
            guard let v = i.view, !v.translatesAutoresizingMaskIntoConstraints else { continue }
            if let s = v.superview {
                if !i.frameIsStale {
                    i.frameIsStale = true
                    listStaleFrame(of: v, in: s)
                }
                s.setNeedsLayoutKeepingFrames()
            }
            if !v.subviews.isEmpty {
                // Its subviews' frames are relative to its position: when that moved, all of
                // them may have to (a size change alone moves none of them).
                if i.positionChanged { markAllSubviewFramesStale(v) }
                v.setNeedsLayoutKeepingFrames()
            }
            i.positionChanged = false
        }
    }

    private func prepareItem(_ owner: any LayoutItemOwner) {
        let i = item(for: owner)
        if let g = owner as? LayoutGuide, let o = g.owningView {
            _ = item(for: o)
            if g.kind == .safeArea, o.superview != nil { prepareItem(window.rootView.safeAreaLayoutGuide) }
        }
        _ = i
    }

    private func expression(_ owner: any LayoutItemOwner, _ attribute: LayoutAttribute) -> LinearExpression {
        let i = item(for: owner)
        switch attribute {
        case .left, .leading: return LinearExpression(i.left)
        case .right, .trailing: return i.left + i.width
        case .top: return LinearExpression(i.top)
        case .bottom: return i.top + i.height
        case .width: return LinearExpression(i.width)
        case .height: return LinearExpression(i.height)
        case .centerX: return LinearExpression(i.left) + 0.5 * i.width
        case .centerY: return LinearExpression(i.top) + 0.5 * i.height
        case .firstBaseline:
            return LinearExpression(i.top) + ((owner as? View)?.firstBaselineOffsetFromTop ?? 0)
        case .lastBaseline:
            return i.top + i.height - ((owner as? View)?.lastBaselineOffsetFromBottom ?? 0)
        }
    }

    private func addToSolver(_ c: LayoutConstraint) {
        guard let first = c.firstItem else { return }
        var e = expression(layoutOwner(first, c.firstAttribute, other: c.secondItem), c.firstAttribute)
        if let second = c.secondItem, let attr = c.secondAttribute {
            e = e - c.multiplier * expression(layoutOwner(second, attr, other: first), attr)
        }
        c.solverBase = e.constant
        e = e - c.constant
        do {
            c.solverID = try solver.addConstraint(e, c.relation, priority: Priority(Double(c.priority)), label: c.identifier ?? c.description)
        } catch {
            breakConstraint(c, error: error)
        }
    }

    /// Reports an unsatisfiable constraint in UIKit's words and breaks it (A7).
    private func breakConstraint(_ c: LayoutConstraint, error: SolverError) {
        if let id = c.solverID { removeFromSolver(id, "removing broken constraint \(c.description)") }
        c.solverID = nil
        c.isBroken = true
        if !broken.contains(where: { $0 === c }) { broken.append(c) }
        var members: [ConflictMember] = []
        if case .unsatisfiable(_, _, let set) = error {
            for id in set {
                if let owned = active.first(where: { $0.solverID == id }) { members.append(.init(constraint: owned, description: owned.identifier ?? owned.description)) }
                else if let label = solver.label(of: id) { members.append(.init(constraint: nil, description: label)) }
            }
        }
        var names = members.map(\.description)
        c.unsatisfiableExplanation = explanation(breaking: c, set: members, error: error)
        let brokenName = c.identifier ?? c.description
        if !names.contains(brokenName) { names.append(brokenName) }
        let message: String
        if case .unsatisfiable = error {
            message = "Unable to simultaneously satisfy constraints.\n"
                + names.map { "    \($0)" }.joined(separator: "\n")
                + "\nWill attempt to recover by breaking constraint \n    \(c.description)"
        } else {
            message = "Could not add constraint \(c.description): \(error)"
        }
        let isConflict = if case .unsatisfiable = error { true } else { false }
        window.diagnostics.report(Diagnostic(
            kind: isConflict ? .unsatisfiableConstraints : .invalidConstraint, frame: window.frameIndex, message: message,
            views: [c.firstItem?.layoutName, c.secondItem?.layoutName].compactMap { $0 },
            constraints: names, brokenConstraint: brokenName))
    }

    /// Rebuilds the engine's own constraints of an item (autoresizing, intrinsic size, guides).
    private func refresh(_ i: LayoutItem) {
        if let v = i.view {
            if v.translatesAutoresizingMaskIntoConstraints {
                refreshAutoresizing(i, v)
                setIntrinsic(i, [nil, nil, nil, nil])
            } else {
                removeAutoresizing(i)
                refreshIntrinsic(i, v)
            }
        } else if let g = i.guide {
            refreshGuide(i, g)
        }
    }

    private func removeAutoresizing(_ i: LayoutItem) {
        for o in i.autoresizing { removeFromSolver(o.id, "removing \(i.name)'s autoresizing constraint") }
        i.autoresizing = []
        i.autoresizingReference = nil
    }

    private func refreshAutoresizing(_ i: LayoutItem, _ v: View) {
        let insets = v.alignmentRectInsets
        let size = v.bounds.size
        let frameX = v.center.x - size.width / 2, frameY = v.center.y - size.height / 2
        var reference: LayoutItem?
        var x: Double, y: Double
        if let s = v.superview, let si = layoutItem(of: s) {
            reference = si
            // In layout space, which leaves bounds origins out (a scroll view's content).
            x = frameX + insets.left - s.alignmentRectInsets.left
            y = frameY + insets.top - s.alignmentRectInsets.top
        } else {
            let origin = v.superview?.absoluteBoundsOrigin ?? .zero
            x = origin.x + frameX + insets.left
            y = origin.y + frameY + insets.top
        }
        let w = size.width - insets.left - insets.right
        let h = size.height - insets.top - insets.bottom
        let constants = [x, y, w, h]
        if !i.autoresizing.isEmpty && i.autoresizingReference === reference && i.autoresizingIsAbsolute == (reference == nil) {
            for k in 0..<4 where i.autoresizing[k].constant != constants[k] {
                setSolverConstant(i.autoresizing[k].id, to: -constants[k], "moving \(v.traceName)'s autoresizing constraint")
                i.autoresizing[k].constant = constants[k]
            }
            return
        }
        removeAutoresizing(i)
        let name = "autoresizing \(v.traceName)"
        var exprs: [LinearExpression] = []
        if let r = reference {
            exprs = [i.left - r.left, i.top - r.top]
        } else {
            exprs = [LinearExpression(i.left), LinearExpression(i.top)]
        }
        exprs += [LinearExpression(i.width), LinearExpression(i.height)]
        let labels = ["left", "top", "width", "height"]
        for k in 0..<4 {
            let label = "<\(name).\(labels[k]) == \(fmtNumber(constants[k]))>"
            do {
                let id = try solver.addConstraint(exprs[k] - constants[k], .equal, label: label)
                i.autoresizing.append(.init(id: id, constant: constants[k], priority: Priority.required.value))
            } catch {
                reportInternal(label, error)
                removeAutoresizing(i)
                return
            }
        }
        i.autoresizingReference = reference
        i.autoresizingIsAbsolute = reference == nil
    }

    private func refreshIntrinsic(_ i: LayoutItem, _ v: View) {
        let size = v.intrinsicContentSize
        let h = v.contentHuggingPriority, c = v.contentCompressionResistancePriority
        var wanted: [(constant: Double, priority: Double)?] = [nil, nil, nil, nil]
        if size.width >= 0 {
            wanted[0] = (size.width, Double(h.horizontal))
            wanted[1] = (size.width, Double(c.horizontal))
        }
        if size.height >= 0 {
            wanted[2] = (size.height, Double(h.vertical))
            wanted[3] = (size.height, Double(c.vertical))
        }
        setIntrinsic(i, wanted)
    }

    /// Makes the intrinsic constraints match `wanted`: constant changes go through the edit path,
    /// priority changes re-add.
    private func setIntrinsic(_ i: LayoutItem, _ wanted: [(constant: Double, priority: Double)?]) {
        for k in 0..<4 {
            let have = i.intrinsic[k]
            guard let want = wanted[k] else {
                if let have { removeFromSolver(have.id, "removing \(i.name)'s intrinsic-size constraint"); i.intrinsic[k] = nil }
                continue
            }
            if let have, have.priority == want.priority {
                if have.constant != want.constant {
                    setSolverConstant(have.id, to: -want.constant, "changing \(i.name)'s intrinsic size")
                    i.intrinsic[k]!.constant = want.constant
                }
                continue
            }
            if let have { removeFromSolver(have.id, "replacing \(i.name)'s intrinsic-size constraint") }
            let variable = k < 2 ? i.width : i.height
            let relation: Relation = k % 2 == 0 ? .lessThanOrEqual : .greaterThanOrEqual
            let label = "<intrinsic \(i.name).\(k < 2 ? "width" : "height") \(relation) \(fmtNumber(want.constant)) @\(fmtNumber(want.priority))>"
            do {
                let id = try solver.addConstraint(variable - want.constant, relation, priority: Priority(want.priority), label: label)
                i.intrinsic[k] = .init(id: id, constant: want.constant, priority: want.priority)
            } catch {
                reportInternal(label, error)
                i.intrinsic[k] = nil
            }
        }
    }

    private func refreshGuide(_ gi: LayoutItem, _ g: LayoutGuide) {
        guard let owner = g.owningView, g.kind != .custom else { return }
        let oi = item(for: owner)
        let a = owner.alignmentRectInsets
        var insets: EdgeInsets
        switch g.kind {
        case .margins: insets = owner.directionalLayoutMargins.leftToRight
        case .safeArea: insets = owner.superview == nil ? window.safeAreaInsets : .zero
        case .frame:
            // The bounds in the content's coordinates: moved by the bounds' origin (the offset).
            let o = owner.bounds.origin
            insets = EdgeInsets(top: o.y, left: o.x, bottom: -o.y, right: -o.x)
        case .content:
            refreshContentGuide(gi, owner: owner, ownerItem: oi)
            return
        case .custom: return
        }
        // Bounds edges of the owner, from its alignment rect.
        let constants = [a.left - insets.left, a.top - insets.top,
                         -(a.left + a.right) + insets.left + insets.right,
                         -(a.top + a.bottom) + insets.top + insets.bottom]
        if g.kind == .safeArea, owner.superview != nil {
            buildInnerSafeArea(gi, owner: owner, ownerItem: oi)
            return
        }
        if gi.guideConstraints.count == 4 {
            for k in 0..<4 where gi.guideConstants[k] != constants[k] {
                setSolverConstant(gi.guideConstraints[k], to: constants[k], "moving guide \(g.layoutName)")
                gi.guideConstants[k] = constants[k]
            }
            return
        }
        let exprs = [gi.left - oi.left, gi.top - oi.top, gi.width - oi.width, gi.height - oi.height]
        let labels = ["left", "top", "width", "height"]
        for k in 0..<4 {
            let label = "<guide \(g.layoutName).\(labels[k])>"
            do {
                gi.guideConstraints.append(try solver.addConstraint(exprs[k] + constants[k], .equal, label: label))
                gi.guideConstants.append(constants[k])
            } catch { reportInternal(label, error) }
        }
    }

    /// A non-root view's safe area: its bounds clipped to the root's safe area, as optional
    /// constraints above every app priority (`max`/`min` of the two edges).
    private func buildInnerSafeArea(_ gi: LayoutItem, owner: View, ownerItem oi: LayoutItem) {
        for id in gi.guideConstraints { removeFromSolver(id, "rebuilding \(owner.traceName)'s safe area") }
        gi.guideConstraints = []
        gi.guideConstants = []
        let root = item(for: window.rootView.safeAreaLayoutGuide)
        let a = owner.alignmentRectInsets
        let bl = oi.left - a.left, bt = oi.top - a.top
        let br = oi.left + oi.width + a.right, bb = oi.top + oi.height + a.bottom
        let gl = LinearExpression(gi.left), gt = LinearExpression(gi.top)
        let gr = gi.left + gi.width, gb = gi.top + gi.height
        // Inside the bounds always; inside the root's safe area unless that conflicts with the
        // bounds; otherwise as large as the bounds allow. Both optional tiers sit above every
        // priority an app can give (1...1000 in whole steps below required).
        let required = Priority.required.value, clamp = Priority.safeAreaClamp.value, follow = Priority.safeAreaFollowsBounds.value
        let rules: [(LinearExpression, Relation, Double)] = [
            (gl - bl, .greaterThanOrEqual, required), (gt - bt, .greaterThanOrEqual, required),
            (gr - br, .lessThanOrEqual, required), (gb - bb, .lessThanOrEqual, required),
            (gl - root.left, .greaterThanOrEqual, clamp), (gt - root.top, .greaterThanOrEqual, clamp),
            (gr - (root.left + root.width), .lessThanOrEqual, clamp), (gb - (root.top + root.height), .lessThanOrEqual, clamp),
            (gl - bl, .equal, follow), (gt - bt, .equal, follow), (gr - br, .equal, follow), (gb - bb, .equal, follow),
        ]
        for (k, rule) in rules.enumerated() {
            let label = "<guide \(owner.traceName).safeArea #\(k)>"
            do { gi.guideConstraints.append(try solver.addConstraint(rule.0, rule.1, priority: Priority(rule.2), label: label)) }
            catch { reportInternal(label, error) }
        }
    }

    /// Takes the queued removals out of the solver. When a required constraint went away, the
    /// constraints broken to resolve conflicts may fit again: they are queued to be re-added.
    private func applyRemovals() {
        guard !pendingRemoves.isEmpty else { return }
        var removedRequired = false
        for (id, required) in pendingRemoves {
            removeFromSolver(id, "removing a deactivated constraint")
            removedRequired = removedRequired || required
        }
        pendingRemoves.removeAll(keepingCapacity: true)
        compact()
        if removedRequired, !broken.isEmpty {
            for c in broken { c.isBroken = false; pendingAdds.append(c) }
            broken.removeAll()
        }
    }

    /// Removes one of the engine's own solver constraints; a failure is an internal error, reported.
    private func removeFromSolver(_ id: ConstraintID, _ what: @autoclosure () -> String) {
        do { try solver.removeConstraint(id) } catch { reportSolverFailure(what(), error) }
    }

    /// Changes one of the engine's own constraint constants; a failure is reported.
    func setSolverConstant(_ id: ConstraintID, to value: Double, _ what: @autoclosure () -> String) {
        do { try solver.setConstant(id, to: value) } catch { reportSolverFailure(what(), error) }
    }

    /// A solved frame came out infinite or NaN (constraints with huge multipliers overflow): the
    /// view keeps its last frame, and the constraints are reported once per frame and view.
    func reportNonFinite(_ v: View, _ f: Rect) {
        window.diagnostics.report(Diagnostic(
            kind: .invalidConstraint, frame: window.frameIndex,
            message: "The constraints of \(v.traceName) solve to a frame that is not a finite number (\(f)); the view keeps its last frame. Constraints with multipliers or constants this large overflow: check \(v.constraints.count + (v.superview?.constraints.count ?? 0)) constraints on it and its superview.",
            views: [v.traceName]))
    }

    /// A solver call the engine's bookkeeping says cannot fail did: the engine and the solver
    /// disagree. Reported as ``Diagnostic/Kind/internalError`` (test support fails a test that
    /// reports one) instead of being swallowed.
    private func reportSolverFailure(_ what: String, _ error: SolverError) {
        window.diagnostics.report(Diagnostic(
            kind: .internalError, frame: window.frameIndex,
            message: "Internal error in the layout engine: \(what) failed (\(error)). The layout goes on without it; please report this."))
    }

    func reportInternal(_ label: String, _ error: SolverError) {
        window.diagnostics.report(Diagnostic(
            kind: .unsatisfiableConstraints, frame: window.frameIndex,
            message: "Unable to simultaneously satisfy constraints: the engine's own constraint \(label) conflicts (\(error)). Will attempt to recover by breaking constraint \n    \(label)",
            constraints: [label], brokenConstraint: label))
    }
}

extension LayoutEngine {
    /// The size `view` comes to when its constraints are solved with its width and height pulled
    /// toward `target` at the fitting-size priority, as UIKit's `systemLayoutSizeFitting`: its
    /// own autoresizing size is set aside for the measure and put back after, so the solution
    /// (and every frame) is left as it was. Nil when the view takes no part in Auto Layout or is
    /// not placed by autoresizing. Called by a self-sizing collection view as a cell shows.
    func fittingSize(of view: View, toward target: Size) -> Size? {
        solve()
        guard let i = layoutItem(of: view), !i.isReleased, view.translatesAutoresizingMaskIntoConstraints, i.autoresizing.count == 4,
              target.width.isFinite, target.height.isFinite else { return nil }
        let name = "fitting \(view.traceName)"
        for k in 2..<4 { removeFromSolver(i.autoresizing[k].id, "\(name): setting its autoresizing size aside") }
        var pulls: [ConstraintID] = []
        for (v, t) in [(i.width, target.width), (i.height, target.height)] {
            do { pulls.append(try solver.addConstraint(LinearExpression(v) - t, .equal, priority: .fittingSizeLevel, label: "<\(name)>")) } catch {
                reportInternal("<\(name)>", error)
            }
        }
        let size = Size(width: solver.value(of: i.width), height: solver.value(of: i.height))
        for id in pulls { removeFromSolver(id, "\(name): removing its pull") }
        for (k, v) in [(2, i.width), (3, i.height)] {
            let label = "<autoresizing \(view.traceName).\(k == 2 ? "width" : "height") == \(fmtNumber(i.autoresizing[k].constant))>"
            do { i.autoresizing[k].id = try solver.addConstraint(LinearExpression(v) - i.autoresizing[k].constant, .equal, label: label) } catch {
                reportInternal(label, error)
            }
        }
        let insets = view.alignmentRectInsets
        return Size(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    }
}

extension View {
    /// The size the view's constraints give it when its width and height are pulled toward
    /// `targetSize` at the fitting-size priority (`Size.zero`: as small as they allow), as
    /// UIKit's `systemLayoutSizeFitting(_:)`. A view outside a window, or one whose size no
    /// constraint decides, answers its current size.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        window?.layoutEngine.fittingSize(of: self, toward: targetSize) ?? bounds.size
    }
}
