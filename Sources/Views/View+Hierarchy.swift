// A view's place in the tree (U3): adding, inserting and asking about ancestors. (Removal,
// which tells the window and the engines, is in the class.)

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

    /// Sets ``isLeavingWindow`` on the whole subtree.
    func setLeavingWindow(_ leaving: Bool) {
        isLeavingWindow = leaving
        for s in subviews { s.setLeavingWindow(leaving) }
    }
}
