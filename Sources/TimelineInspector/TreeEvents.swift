import Views

// The Elements panel's live tree (IN2): once a connected client has the document, views added
// to or removed from a window's tree are pushed as `DOM.childNodeInserted` and
// `DOM.childNodeRemoved` (or, under a node whose children the client was not sent,
// `DOM.childNodeCountUpdated`), as Chrome pushes DOM mutations. The pushes come from the
// window's ``InspectionHooks``, called where the tree changes; nothing here runs per frame, and
// with no client (or before the document was asked for) no hook is set.

extension Inspector {
    /// Records that node `id` was sent, with its children or not.
    func noteSent(_ id: Int, withChildren: Bool) {
        sentNodes.insert(id)
        if withChildren { expandedNodes.insert(id) }
    }

    /// Sets or removes every window's tree hook.
    func setTreeHooks(enabled: Bool) {
        guard enabled != watchesTree, let runLoop else { return }
        watchesTree = enabled
        for window in runLoop.windows {
            if enabled {
                let hooks = window.inspectionHooks ?? InspectionHooks()
                hooks.treeDidChange = { [weak self] parent, child, inserted in
                    self?.treeDidChange(parent: parent, child: child, inserted: inserted)
                }
                window.inspectionHooks = hooks
            } else if let hooks = window.inspectionHooks {
                hooks.treeDidChange = nil
                if hooks.isEmpty { window.inspectionHooks = nil }
            }
        }
    }

    /// The client went away (or the inspector stops): every hook it asked for is removed, so
    /// the app pays nothing again.
    func clientDidLeave() {
        setAnimationHook(enabled: false)
        resumeAllLayers()
        setTreeHooks(enabled: false)
        setFlashing(paint: false, layout: false)
        setSlowAnimations(false)
        stopTracing()
        stopScreencast()
        setHighlight(nil)
        setInspectMode(enabled: false)
        sentNodes.removeAll()
        expandedNodes.removeAll()
    }

    private func treeDidChange(parent: View, child: View, inserted: Bool) {
        guard let parentID = nodes.existingID(for: parent), sentNodes.contains(parentID) else { return }
        guard expandedNodes.contains(parentID) else {
            // The client knows the parent but not its children: only their number changed.
            let count = (parent.layerIfLoaded?.children.count ?? 0) + parent.subviews.count
            send(event: "DOM.childNodeCountUpdated", .object([("nodeId", .int(parentID)), ("childNodeCount", .int(inserted ? count : count - 1))]))
            return
        }
        let childID = nodes.existingID(for: child)
        if let childID, sentNodes.contains(childID) {
            // Removed now, or moved within its superview: the client drops its node first.
            sentNodes.remove(childID)
            send(event: "DOM.childNodeRemoved", .object([("parentNodeId", .int(parentID)), ("nodeId", .int(childID))]))
        }
        guard inserted else { return }
        send(event: "DOM.childNodeInserted", .object([("parentNodeId", .int(parentID)),
                                                       ("previousNodeId", .int(previousNodeID(of: child, in: parent))),
                                                       ("node", viewNode(child, depth: -1))]))
    }

    /// The node before `child` among `parent`'s children (its layer's sublayers, then its
    /// subviews), or 0 when it is the first.
    private func previousNodeID(of child: View, in parent: View) -> Int {
        let subviews = parent.subviews
        if let i = subviews.firstIndex(where: { $0 === child }), i > 0 { return nodes.id(for: subviews[i - 1]) }
        if let last = parent.layerIfLoaded?.children.last { return nodes.id(for: last, owner: parent) }
        return 0
    }
}
