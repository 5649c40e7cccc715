import Geometry

// The layer tree (CA1): adding, inserting, replacing and removing sublayers, masks, and joining
// and leaving an engine's hosted tree with the subtree.
extension Layer {
    /// The sublayers back to front, nil when there are none (as Core Animation). Setting it
    /// replaces them all.
    public var sublayers: [Layer]? {
        get { children.isEmpty ? nil : children }
        set {
            for c in children { c.detach() }
            sublayerList = []
            for l in newValue ?? [] { insertSublayer(l, at: children.count) }
            structureDidChange()
        }
    }

    /// Appends `layer` on top of the sublayers, removing it from its superlayer first.
    public func addSublayer(_ layer: Layer) { insertSublayer(layer, at: children.count) }

    /// Inserts `layer` at `index` (0 is the back; clamped to the sublayer count).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard canAdopt(layer, "insertSublayer(_:at:)") else { return }
        if layer.superlayer === self, let i = children.firstIndex(where: { $0 === layer }) {
            var list = takeSublayers()
            list.remove(at: i)
            sublayerList = list
        } else {
            layer.removeFromSuperlayer()
        }
        var list = takeSublayers()
        list.insert(layer, at: min(max(index, 0), list.count))
        sublayerList = list
        layer.parent = self
        if let e = engine { layer.attach(to: e) }
        structureDidChange()
    }

    /// Inserts `layer` just above `sibling` (which must be a sublayer; otherwise on top).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        guard let sibling, let i = children.firstIndex(where: { $0 === sibling }) else { addSublayer(layer); return }
        insertSublayer(layer, at: layer.superlayer === self && (children.firstIndex { $0 === layer } ?? 0) < i ? i : i + 1)
    }

    /// Inserts `layer` just below `sibling` (which must be a sublayer; otherwise at the back).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        guard let sibling, let i = children.firstIndex(where: { $0 === sibling }) else { insertSublayer(layer, at: 0); return }
        insertSublayer(layer, at: layer.superlayer === self && (children.firstIndex { $0 === layer } ?? 0) < i ? i - 1 : i)
    }

    /// Replaces the sublayer `old` with `new` at the same index; nothing happens when `old` is
    /// not a sublayer (a diagnostic says so).
    public func replaceSublayer(_ old: Layer, with new: Layer) {
        guard let i = children.firstIndex(where: { $0 === old }) else {
            report("replaceSublayer: \(old.debugName) is not a sublayer of \(debugName); nothing was replaced")
            return
        }
        guard old !== new else { return }
        guard canAdopt(new, "replaceSublayer(_:with:)") else { return }
        new.removeFromSuperlayer()
        let j = children.firstIndex(where: { $0 === old }) ?? i
        old.removeFromSuperlayer()
        insertSublayer(new, at: j)
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    public func removeFromSuperlayer() {
        if let owner = maskOwner {
            owner.maskLayer = nil
            maskedLayer = nil
            detach()
            owner.contentDidChange()
            return
        }
        guard let s = superlayer else { return }
        if let i = s.sublayerList.firstIndex(where: { $0 === self }) { var list = s.takeSublayers(); list.remove(at: i); s.sublayerList = list }
        parent = nil
        detach()
        s.structureDidChange()
    }

    /// Whether `layer` can become a sublayer of this one; reports why not (CA1 bad input).
    func canAdopt(_ layer: Layer, _ call: String) -> Bool {
        if layer === self || isDescendant(of: layer) {
            report("\(call): \(layer.debugName) is \(layer === self ? "the layer itself" : "an ancestor of \(debugName)"); a layer cannot contain itself. The call was ignored")
            return false
        }
        if layer.maskOwner != nil {
            report("\(call): \(layer.debugName) is the mask of \(layer.maskOwner!.debugName); remove it as a mask first. The call was ignored")
            return false
        }
        return true
    }

    /// Whether this layer is `layer` or inside its subtree.
    public func isDescendant(of layer: Layer) -> Bool {
        var l: Layer? = self
        while let c = l { if c === layer { return true }; l = c.superlayer ?? c.maskOwner }
        return false
    }


    func setMask(_ newMask: Layer?) {
        if newMask === maskLayer { return }
        if let m = newMask {
            if m.superlayer != nil || (m.maskOwner != nil && m.maskOwner !== self) {
                report("mask: \(m.debugName) already has a \(m.superlayer != nil ? "superlayer" : "layer it masks"); remove it first. The mask of \(debugName) was not changed")
                return
            }
            if m === self || isDescendant(of: m) {
                report("mask: \(m.debugName) cannot mask \(debugName), which it contains. The mask was not changed")
                return
            }
        }
        if let old = maskLayer { old.maskedLayer = nil; old.detach() }
        maskLayer = newMask
        if let m = newMask {
            m.maskedLayer = self
            if let e = engine { m.attach(to: e) }
        }
        contentDidChange()
    }

    /// Joins `engine`'s hosted tree (with the subtree and mask).
    func attach(to engine: LayerEngine) {
        guard self.engine !== engine else { return }
        self.engine = engine
        engineID = ObjectIdentifier(engine)
        engine.layerDidAttach(self)
        for c in children { c.attach(to: engine) }
        maskLayer?.attach(to: engine)
    }

    /// Leaves the hosted tree: animations stop (finished: false), as in Core Animation.
    func detach() {
        guard let e = engine else { return }
        e.layerWillDetach(self)
        engine = nil
        engineID = nil
        for c in children { c.detach() }
        maskLayer?.detach()
    }
}
