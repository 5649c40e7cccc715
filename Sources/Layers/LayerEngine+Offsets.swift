import Motion

/// The engine's table of view block offsets (AM1): once a block's animation of a lane value
/// (a number, point, size, rectangle or colour) has run its first frame, the engine evaluates it
/// from this table, walked in order, instead of from its layer's list: a frame that moves 10,000
/// views' values reads one contiguous array and the layers it writes, not an animation object
/// and an array per layer. A layer all of whose animations are in the table leaves the engine's
/// list of animated layers; any other animation it gets lists it again, and the general
/// evaluation then runs all of its animations, these included, in the order they were added.
///
/// The table is used while every layer's time is the media time (no layer of the engine has a
/// begin time, speed or offset of its own): a view block's offset is then a function of the
/// frame's time and the frame it began at alone.
struct ViewOffset {
    let slot: LaneSlot
    /// `from − to` on the slot's lanes.
    let delta: SIMD4<Double>
    /// The frame time the animation began at (nanoseconds), and its delay after that.
    let begin: Int64
    let startDelay: Double
}

/// The objects of the offset table's entries, one array each at the same indices (so that the
/// walk borrows each element from a local array instead of copying a struct of references,
/// which retains and releases all of them), and the layer's animation each entry evaluates
/// (read when it ends or leaves, never in a steady frame).
struct ViewOffsetObjects {
    /// The model layers, and their presentations, which the offsets are written into.
    var layers: [Layer] = [], presentations: [Layer] = []
    /// The blocks' timings, shared by their animations.
    var timings: [SharedTiming] = []
    var running: [RunningAnimation] = []

    mutating func removeAll() {
        layers.removeAll(); presentations.removeAll(); timings.removeAll(); running.removeAll()
    }
}

extension LayerEngine {
    /// Moves `r`, a view block's offset that has had its first frame, into the table.
    func table(_ r: RunningAnimation, of layer: Layer) {
        guard let timing = r.offsetTiming, let begin = r.beginNanoseconds, !r.isTabled, let pres = layer.presented else { return }
        r.isTabled = true
        layer.tabledAnimations += 1
        offsets.append(ViewOffset(slot: r.offsetSlot, delta: r.offsetDelta, begin: begin, startDelay: r.startDelay))
        offsetObjects.layers.append(layer)
        offsetObjects.presentations.append(pres)
        offsetObjects.timings.append(timing)
        offsetObjects.running.append(r)
    }

    /// Whether `r` may move into the table once evaluated at the frame's time.
    @inline(__always)
    func mayTable(_ r: RunningAnimation, of layer: Layer) -> Bool {
        r.offsetTiming != nil && !r.isTabled && r.didStart && layer.keepsPresentation && !layersHaveOwnTime
    }

    /// A tabled entry stopped (it ended, was removed, or its layer left): the next walk drops it.
    func tabledAnimationDidStop() { offsetsHaveStopped = true }

    /// Evaluates the table at the frame's time into the presentations of the layers it alone
    /// drives; the layers whose offsets ended have their ended animations removed after the walk.
    /// - Complexity: O(table), one contiguous walk; no allocation in a steady frame.
    func evaluateOffsets(changed: inout [Layer], count: inout Int, rootCache: inout Layer.RootCache) {
        if offsetsHaveStopped { dropStoppedOffsets() }
        guard !offsets.isEmpty, !layersHaveOwnTime else { return }
        let pass = passNumber, now = evaluationNanoseconds
        var ended = false
        var applied = 0
        // Local copies: the walk may list new entries, and elements of a local array are
        // borrowed, not retained.
        let table = offsets, layers = offsetObjects.layers, presentations = offsetObjects.presentations
        let timings = offsetObjects.timings
        // The entries of one layer are next to each other (its block added them together), as
        // are a block's: the walk holds the current layer, presentation and timing and loads
        // them again only when they change, since each load retains and releases an object (an
        // atomic operation on a line the walk then misses in the cache).
        guard var layer = layers.first, var pres = presentations.first, var timing = timings.first else { return }
        for i in 0..<table.count {
            if layers[i] !== layer { layer = layers[i] }
            if presentations[i] !== pres { pres = presentations[i] }
            // A layer the general evaluation lists runs all of its animations itself.
            guard !layer.isListedAsAnimated, layer.presented === pres else { continue }
            if layer.offsetStamp != pass {
                layer.offsetStamp = pass
                pres.resetDriven(layer.animatedProperties, from: layer)
                if let c = layer.presentationDidChange(pass: pass, cache: &rootCache) { changed.append(c) }
            }
            applied += 1
            let e = table[i]
            if timings[i] !== timing { timing = timings[i] }
            switch timing.sample(at: MediaTime.seconds(from: e.begin, to: now) - e.startDelay) {
            case .progress(let p): pres.setLanes(pres.lanes(e.slot) + e.delta * (1 - p), e.slot)
            case .model: break
            case .ended: ended = true; noteEnded(layer)
            }
        }
        count += applied
        guard ended else { return }
        var list = endedOffsetLayers
        endedOffsetLayers = []
        for layer in list where layer.offsetStamp == pass && !layer.running.isEmpty {
            layer.offsetStamp = pass - 1         // once per layer
            removeEnded(from: layer, local: evaluationTime, now: now, inMediaTime: true, listedInPass: true)
        }
        list.removeAll(keepingCapacity: true)
        endedOffsetLayers = list
    }

    /// Lists `layer` as having an offset that ended in this walk. The list is taken out to grow
    /// it, so that each access to it is one read or one write, checked by the compiler instead
    /// of the run time (P2: 500 ending in one frame).
    @inline(never)
    private func noteEnded(_ layer: Layer) {
        var list = endedOffsetLayers
        endedOffsetLayers = []
        list.append(layer)
        endedOffsetLayers = list
    }

    /// Drops the entries whose animations stopped since the last walk, keeping the order.
    private func dropStoppedOffsets() {
        offsetsHaveStopped = false
        var o = offsetObjects
        offsetObjects = ViewOffsetObjects()
        var w = 0
        for r in 0..<offsets.count where o.running[r].isTabled {
            offsets[w] = offsets[r]
            o.layers[w] = o.layers[r]; o.presentations[w] = o.presentations[r]
            o.timings[w] = o.timings[r]; o.running[w] = o.running[r]
            w += 1
        }
        let gone = offsets.count - w
        offsets.removeLast(gone)
        o.layers.removeLast(gone); o.presentations.removeLast(gone); o.timings.removeLast(gone); o.running.removeLast(gone)
        offsetObjects = o
    }

    /// How many layers the table alone drives (for ``animatedLayerCount``).
    var tabledLayerCount: Int {
        var seen = Set<ObjectIdentifier>()
        for (layer, r) in zip(offsetObjects.layers, offsetObjects.running) where !layer.isListedAsAnimated && r.isTabled {
            seen.insert(ObjectIdentifier(layer))
        }
        return seen.count
    }
}
