// A view's place in the tree (U3): adding, inserting, removing and asking about ancestors.
// Insertion and removal tell the window, the engines and, while an inspector watches the tree,
// the window's inspection hooks (``InspectionHooks``: one nil check when none is set).

extension View {
    /// Adds `view` on top of the subviews, removing it from its current superview first.
    /// Flags this view for layout (U3).
    ///
    /// - Precondition: `view` is not this view or one of its ancestors (a view cannot contain
    ///   itself); add it to another branch instead.
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` just below `sibling` (on top when `sibling` is not a subview).
    public func insertSubview(_ view: View, belowSubview sibling: View) { insert(view, by: sibling, above: false) }

    /// Inserts `view` just above `sibling` (on top when `sibling` is not a subview).
    public func insertSubview(_ view: View, aboveSubview sibling: View) { insert(view, by: sibling, above: true) }

    /// Inserts `view` at `index` in the subviews (0 is the back).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view),
                     "addSubview: \(view.traceName) is \(view === self ? "the view itself" : "an ancestor of \(traceName)"); a view cannot be added to its own subtree")
        if view.superview === self, let i = subviews.firstIndex(where: { $0 === view }) {
            var list = subviews
            subviewList = []
            list.remove(at: i)
            list.insert(view, at: min(index, list.count))
            subviewList = list
            window?.presentationDidChange()
            window?.inspectionHooks?.treeDidChange?(self, view, true)
            accessibilityChildrenDidChange(in: window)
            setNeedsLayout()
            return
        }
        let inheritedTint = view.ownTintColor == nil ? view.tintColor : nil
        view.removeFromSuperview()
        var list = subviews
        subviewList = []
        list.insert(view, at: min(max(index, 0), list.count))
        subviewList = list
        view.superview = self
        if let old = inheritedTint, view.tintColor != old { view.tintDidChangeInSubtree() }
        view.moveToWindow(window)
        window?.presentationDidChange()
        window?.inspectionHooks?.treeDidChange?(self, view, true)
        accessibilityChildrenDidChange(in: window)
        if view.subtreeNeedsLayout { view.markAncestorsNeedLayout() }
        if view.subtreeNeedsUpdateConstraints { markAncestorsNeedUpdateConstraints() }
        setNeedsLayout()
        if view.window != nil { view.window?.layoutEngine.viewDidMoveToWindow(view) }
    }

    /// Detaches the view from its superview: flags the superview for layout (U3) and the
    /// constraints pass (U5); constraints tying this subtree to the outside are removed; its
    /// animations end unfinished.
    public func removeFromSuperview() {
        guard let sv = superview else { return }
        let oldWindow = window
        if let w = window {
            w.inspectionHooks?.treeDidChange?(sv, self, false)
            w.viewWillLeaveWindow(self)
        }
        if let i = sv.subviews.firstIndex(where: { $0 === self }) {
            var list = sv.subviews
            sv.subviewList = []
            list.remove(at: i)
            sv.subviewList = list
        }
        window?.presentationDidChange()
        superview = nil
        moveToWindow(nil)                          // its layout record goes: the old list skips it
        sv.accessibilityChildrenDidChange(in: oldWindow)
        sv.setNeedsLayout()
        sv.setNeedsUpdateConstraints()
    }

    private func insert(_ view: View, by sibling: View, above: Bool) {
        var index = subviews.firstIndex { $0 === sibling }.map { above ? $0 + 1 : $0 } ?? subviews.count
        // Moving a subview up the list: its own slot goes first.
        if view.superview === self, let i = subviews.firstIndex(where: { $0 === view }), i < index { index -= 1 }
        insertSubview(view, at: index)
    }

    /// Whether this view is `view` or inside its subtree.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let c = v { if c === view { return true }; v = c.superview }
        return false
    }

    /// The closest view that contains both this view and `other`, if they share a tree.
    public func nearestCommonAncestor(with other: View) -> View? {
        var v: View? = self
        while let c = v { if other.isDescendant(of: c) { return c }; v = c.superview }
        return nil
    }
}
