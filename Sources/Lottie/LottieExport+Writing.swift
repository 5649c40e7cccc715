import Geometry
import Motion
import RenderModel

// How ``LottieRecorder``'s samples become Lottie JSON: compositions and precompositions, layers,
// shape groups and animatable properties (JSONSerialization's objects, serialised by
// ``LottieJSONWriter``).

// MARK: - Compositions

/// Lays the recorded nodes out as Lottie compositions. Lottie's parenting passes transforms on
/// but not opacity, so a node whose opacity is below 1 at some frame and that has children (a
/// fading view with subviews or a border) is a group: its subtree goes into a precomposition
/// (an asset) drawn by one layer with the group's opacity, as the engine composites a
/// translucent view's subtree as one. A node that clips its children is a group too, its
/// precomposition layer masked by the clip (Lottie's masks clip their own layer, not the layers
/// parented to it). A precomposition is the size of the canvas and sits
/// untransformed at its origin; inside it, the group's ancestors come again as null layers so
/// the parenting chain (and every transform on it) is the same as outside.
@MainActor
struct CompositionWriter {
    let nodes: [Node]
    /// Painting order (back to front).
    let order: [Int]
    let frames: Int, width: Int, height: Int
    /// Each node's samples with the frames it was not drawn filled in.
    let filled: [[Sample]]
    let isGroup: [Bool]
    /// The precompositions written so far.
    var assets: [[String: Any]] = []
    /// Writes the properties and counts them.
    var properties: PropertyWriter

    init(nodes: [Node], order: [Int], frames: Int, width: Int, height: Int, curves: [CubicBezier]) {
        self.nodes = nodes; self.order = order; self.frames = frames; self.width = width; self.height = height
        properties = PropertyWriter(curves: curves)
        filled = nodes.map { $0.filledSamples() }
        var hasChildren = Array(repeating: false, count: nodes.count)
        for n in nodes { if let p = n.parent { hasChildren[p] = true } }
        isGroup = nodes.indices.map { [filled] i in
            guard nodes[i].key.role != .background else { return false }
            // A masked node is a group even alone: its own drawing is masked too.
            // A blended node with children blends its subtree as one, as the engine draws it.
            return filled[i].contains { $0.mask != nil }
                || (hasChildren[i] && filled[i].contains { $0.opacity < 99.5 || $0.clip != nil || $0.blendMode != .normal })
        }
    }

    /// Node `n`'s blend mode as Lottie's number ("bm"): the first mode other than normal it
    /// was drawn with (Lottie's is not animatable), 0 for none (LT13).
    func blendNumber(of n: Int) -> Int {
        guard let mode = filled[n].first(where: { $0.blendMode != .normal })?.blendMode else { return 0 }
        return lottieBlendModes.firstIndex(of: mode) ?? 0
    }

    /// The product of the opacities of `n` and its ancestors below `stop` (all of them for
    /// nil), 0...100 per frame.
    func opacity(of n: Int, below stop: Int?) -> [[Double]] {
        var product = Array(repeating: 1.0, count: frames)
        var c: Int? = n
        while let k = c, k != stop {
            for f in 0..<frames { product[f] *= filled[k][f].opacity / 100 }
            c = nodes[k].parent
        }
        return product.map { [$0 * 100] }
    }

    /// The nearest group above `n` (not `n` itself), whose precomposition holds it.
    func owner(of n: Int) -> Int? {
        var c = nodes[n].parent
        while let k = c {
            if isGroup[k] { return k }
            c = nodes[k].parent
        }
        return nil
    }

    /// Whether some node other than the window's background is visible at some frame.
    var drawsSomething: Bool {
        nodes.indices.contains { i in
            guard nodes[i].key.role != .background else { return false }
            let o = opacity(of: i, below: nil)
            return (0..<frames).contains { f in
                o[f][0] > 0 && (nodes[i].imageAsset != nil || filled[i][f].shapes.contains { $0.opacity > 0 && ($0.fill || $0.width > 0) })
            }
        }
    }

    /// The layers of the top composition (`scope` nil) or of group `scope`'s precomposition,
    /// front first, writing the precompositions of the groups inside into ``assets``.
    mutating func layers(scope: Int?) -> [[String: Any]] {
        let members = order.filter { $0 == scope || owner(of: $0) == scope }
        var out: [[String: Any]] = []
        for n in members.reversed() {
            if isGroup[n], n != scope {
                let id = "comp_\(n + 1)"
                let inner = layers(scope: n)
                assets.append(["id": id, "nm": nodes[n].name, "layers": inner])
                out.append(precompositionLayer(n, id: id, opacity: opacity(of: n, below: scope)))
            } else {
                // A group's own layer, inside its precomposition, is not blended again.
                out.append(nodes[n].layer(index: n + 1, parentIndex: nodes[n].parent.map { $0 + 1 }, samples: filled[n],
                                          opacity: opacity(of: n, below: scope), blend: n == scope ? 0 : blendNumber(of: n),
                                          properties: &properties))
            }
        }
        // Inside a precomposition: the group's ancestors as null layers, for its parenting.
        if let scope {
            var c = nodes[scope].parent
            while let k = c {
                out.append(nodes[k].layer(index: k + 1, parentIndex: nodes[k].parent.map { $0 + 1 }, samples: filled[k],
                                          opacity: [], isNull: true, properties: &properties))
                c = nodes[k].parent
            }
        }
        properties.summary.layers += out.count
        return out
    }

    /// The layer (`ty` 0) drawing group `n`'s precomposition with the group's opacity, masked
    /// by its clip (in the precomposition's coordinates, the window's) when it clips.
    mutating func precompositionLayer(_ n: Int, id: String, opacity: [[Double]]) -> [String: Any] {
        let o = properties.json(opacity, tolerance: 0.5) { Property.number($0[0]) as Any }
        var layer: [String: Any] = [
            "ddd": 0, "ind": n + 1, "ty": 0, "nm": nodes[n].name + " (group)", "refId": id, "w": width, "h": height,
            "sr": 1, "ao": 0, "bm": blendNumber(of: n), "ip": 0, "op": frames, "st": 0,
            "ks": ["a": ["a": 0, "k": [0.0, 0.0]], "p": ["a": 0, "k": [0.0, 0.0]], "s": ["a": 0, "k": [100.0, 100.0]],
                   "r": ["a": 0, "k": 0.0], "o": o] as [String: Any],
        ]
        // The clip, then the layer mask's subpaths: intersected with the clip, added together
        // without one (Lottie combines masks in order).
        var masks = self.masks(filled[n].map(\.clip), name: "clip", mode: "a")
        masks += self.masks(filled[n].map(\.mask), name: "mask", mode: masks.isEmpty ? "a" : "i",
                            inverted: filled[n].contains { $0.maskInverted })
        if !masks.isEmpty {
            layer["hasMask"] = true
            layer["masksProperties"] = masks
        }
        return layer
    }

    /// Lottie masks (in the precomposition's coordinates) from a path per frame: one per
    /// subpath of the first frame that has one, in `mode` ("a" add, "i" intersect), further
    /// subpaths added, or subtracted when wound the other way (a hole), with the path's opacity.
    /// A frame with another shape of the path holds the last one; a frame without it has a
    /// triangle over the whole canvas in each mask's place (a mask that lets all through).
    mutating func masks(_ samples: [ShapeSample?], name: String, mode: String, inverted: Bool = false) -> [[String: Any]] {
        guard let first = samples.lazy.compactMap({ $0 }).first, case .path(let counts, let closed) = first.geometry else { return [] }
        var last = first
        let held = samples.map { s -> ShapeSample? in
            guard let s else { return nil }
            if s.geometry == first.geometry { last = s }
            return last
        }
        var out: [[String: Any]] = []
        var offset = 0
        let opacity = properties.json(held.map { [$0?.opacity ?? 100] }, tolerance: 0.5) { Property.number($0[0]) as Any }
        let w = Double(width), h = Double(height)
        // Intersecting, only the first subpath: the others would be added to the intersection.
        for (j, count) in counts.enumerated() where mode != "i" || j == 0 {
            let range = offset..<(offset + count * 6)
            offset += count * 6
            guard count >= 3 || !held.contains(where: { $0 == nil }) else { continue }
            // The canvas-covering triangle, its last corner repeated to the subpath's vertex count.
            let cover = (0..<count).flatMap { k -> [Double] in
                let corner = [(-w, -h), (5 * w, -h), (-w, 5 * h)][min(k, 2)]
                return [corner.0, corner.1, 0, 0, 0, 0]
            }
            let values = held.map { $0.map { Array($0.values[range]) } ?? cover }
            let path = properties.json(values, tolerance: 0.5) { Property.bezier($0, closed: closed[j]) }
            let hole = j > 0 && Self.signedArea(Array(first.values[range])) * Self.signedArea(Array(first.values[0..<(counts[0] * 6)])) < 0
            out.append(["nm": counts.count > 1 ? "\(name) \(j + 1)" : name, "mode": j == 0 ? mode : hole ? "s" : "a", "inv": inverted,
                        "pt": path, "o": opacity, "x": ["a": 0, "k": 0.0]] as [String: Any])
        }
        return out
    }

    /// The signed area of a subpath's polygon of vertices (x, y, then four tangent values each).
    static func signedArea(_ values: [Double]) -> Double {
        let n = values.count / 6
        guard n >= 3 else { return 0 }
        var a = 0.0
        for k in 0..<n {
            let p = k * 6, q = ((k + 1) % n) * 6
            a += values[p] * values[q + 1] - values[q] * values[p + 1]
        }
        return a / 2
    }
}

// MARK: - Nodes and their JSON

/// A Lottie layer being recorded: one per view body, view border, sublayer and the window's
/// background, with a sample per frame (nil while it is not drawn).
@MainActor
final class Node {
    enum Role: Hashable {
        case body, border, background
        /// A replicator's copy `n` of a layer.
        case copy(Int)
        /// What a layer's sublayers hang from when it has a sublayer transform (of its copy
        /// `copy`, -1 for the layer itself): a layer drawing nothing, carrying the transform.
        case sublayers(copy: Int)
        /// An image the body of `copy` (-1 for the layer itself) draws: its slice `slice`
        /// showing image asset `asset`.
        case image(copy: Int, slice: Int, asset: Int)
        /// Particle `serial` of cell `cell` of an emitter (of its replicator copy `copy`, -1 for
        /// the layer itself).
        case particle(copy: Int, cell: Int, serial: UInt64)
    }
    struct Key: Hashable {
        let id: ObjectIdentifier
        let role: Role
        init(_ object: AnyObject, _ role: Role) { id = ObjectIdentifier(object); self.role = role }
    }
    let key: Key
    let name: String
    var parent: Int?
    var samples: [Sample?]
    /// The image asset an image node draws (an image layer, `ty` 2); nil for shape layers.
    var imageAsset: String?
    /// Whether the node lives only from the first frame it is drawn to the last (a particle):
    /// its layer's in and out points are those frames, not the whole range.
    var isTransient = false

    init(key: Key, name: String, parent: Int?, frames: Int) {
        self.key = key; self.name = name; self.parent = parent
        samples = Array(repeating: nil, count: frames)
    }

    /// The samples with gaps filled: a frame the node is not drawn holds the values of the
    /// nearest frame it is (before, else after) at opacity 0; shapes whose kind differs from the
    /// first drawn frame's hold the previous frame's. A transient node's frames outside its
    /// ``lifespan`` hold the values at its ends as they are (its in and out points hide it).
    func filledSamples() -> [Sample] {
        guard let firstSeen = samples.firstIndex(where: { $0 != nil }), let first = samples[firstSeen] else { return [] }
        let signature = first.shapes.map(\.signature)
        let life = lifespan
        var out: [Sample] = []
        var last = first
        for (f, s) in samples.enumerated() {
            if var s {
                if s.shapes.map(\.signature) != signature { s.shapes = last.shapes }
                out.append(s)
                last = s
            } else {
                var hidden = last
                if life.contains(f) { hidden.opacity = 0 }
                out.append(hidden)
            }
        }
        return out
    }

    /// The frames the node's layer is in: from the first frame it is drawn to the last for a
    /// transient node, every frame otherwise.
    var lifespan: Range<Int> {
        guard isTransient, let a = samples.firstIndex(where: { $0 != nil }), let b = samples.lastIndex(where: { $0 != nil }) else {
            return 0..<samples.count
        }
        return a..<(b + 1)
    }

    /// The Lottie shape layer (`ty` 4) drawing this node from its filled samples `s`, with
    /// `opacity` (0...100 per frame) as its opacity; a null layer (`ty` 3: the transform only,
    /// for the parenting chain inside a precomposition) when `isNull`; `blend` is its "bm".
    func layer(index: Int, parentIndex: Int?, samples s: [Sample], opacity: [[Double]], isNull: Bool = false, blend: Int = 0,
               properties: inout PropertyWriter) -> [String: Any] {
        func track(_ values: [[Double]], tolerance: Double, scalar: Bool = false) -> [String: Any] {
            properties.json(values, tolerance: tolerance) { scalar ? Property.number($0[0]) as Any : $0.map(Property.number) as Any }
        }
        // Rotation unwrapped, so a turn past 180° is not a jump back.
        var rotation: [[Double]] = []
        for x in s.map(\.rotation) {
            var r = x
            if let p = rotation.last?[0] { r += 360 * ((p - r) / 360).rounded() }
            rotation.append([r])
        }
        var ks: [String: Any] = [
            "a": track(s.map(\.anchor), tolerance: 0.5),
            "p": track(s.map(\.position), tolerance: 0.5),
            "s": track(s.map(\.scale), tolerance: 0.5),
            "r": track(rotation, tolerance: 0.25, scalar: true),
            "o": isNull ? ["a": 0, "k": 100.0] : track(opacity, tolerance: 0.5, scalar: true),
        ]
        if s.contains(where: { $0.skew != 0 }) {
            ks["sk"] = track(s.map { [$0.skew] }, tolerance: 0.1, scalar: true)
            ks["sa"] = ["a": 0, "k": 0.0]
        }
        var layer: [String: Any] = [
            "ddd": 0, "ind": index, "ty": isNull ? 3 : imageAsset == nil ? 4 : 2, "nm": name, "sr": 1, "ao": 0, "bm": isNull ? 0 : blend,
            "ip": lifespan.lowerBound, "op": lifespan.upperBound, "st": 0, "ks": ks,
        ]
        if let imageAsset, !isNull {
            layer["refId"] = imageAsset
        } else if !isNull {
            var shapes: [[String: Any]] = []
            if let first = s.first {
                for k in first.shapes.indices { shapes.append(Self.group(k, s.map { $0.shapes[k] }, properties: &properties)) }
            }
            layer["shapes"] = Array(shapes.reversed())                  // Lottie lists shapes front first
        }
        if let parentIndex { layer["parent"] = parentIndex }
        return layer
    }

    /// A shape group (`gr`): the geometry, its fill or stroke, and an identity transform.
    static func group(_ k: Int, _ s: [ShapeSample], properties: inout PropertyWriter) -> [String: Any] {
        func track(_ values: [[Double]], tolerance: Double, scalar: Bool = false) -> [String: Any] {
            properties.json(values, tolerance: tolerance) { scalar ? Property.number($0[0]) as Any : $0.map(Property.number) as Any }
        }
        var items: [[String: Any]] = []
        switch s[0].geometry {
        case .rect:
            items.append(["ty": "rc", "nm": "Rectangle", "d": 1,
                          "p": track(s.map { Array($0.values[0..<2]) }, tolerance: 0.5),
                          "s": track(s.map { Array($0.values[2..<4]) }, tolerance: 0.5),
                          "r": track(s.map { [$0.values[4]] }, tolerance: 0.5, scalar: true)])
        case .ellipse:
            items.append(["ty": "el", "nm": "Ellipse", "d": 1,
                          "p": track(s.map { Array($0.values[0..<2]) }, tolerance: 0.5),
                          "s": track(s.map { Array($0.values[2..<4]) }, tolerance: 0.5)])
        case .path(let counts, let closed):
            var offset = 0
            for (j, n) in counts.enumerated() {
                let range = offset..<(offset + n * 6)
                offset += n * 6
                let isClosed = closed[j]
                let ks = properties.json(s.map { Array($0.values[range]) }, tolerance: 0.5) { v in
                    Property.bezier(v, closed: isClosed)
                }
                items.append(["ty": "sh", "nm": "Path \(j + 1)", "d": 1, "ks": ks])
            }
        }
        let color = track(s.map { $0.color + [1] }, tolerance: 0.002)
        let opacity = track(s.map { [$0.opacity] }, tolerance: 0.5, scalar: true)
        if let first = s[0].gradient {
            let stops = Property.gradientStops(s.map { $0.gradient ?? first })
            items.append(["ty": "gf", "nm": "Gradient Fill", "o": opacity, "r": s[0].evenOdd ? 2 : 1, "t": first.kind == .radial ? 2 : 1,
                          "s": track(s.map { g in let p = (g.gradient ?? first).startPoint; return [p.x, p.y] }, tolerance: 0.5),
                          "e": track(s.map { g in Property.gradientEnd(g.gradient ?? first) }, tolerance: 0.5),
                          "g": ["p": stops.count, "k": track(stops.values, tolerance: 0.002)] as [String: Any]])
        } else if s[0].fill {
            items.append(["ty": "fl", "nm": "Fill", "c": color, "o": opacity, "r": s[0].evenOdd ? 2 : 1])
        } else {
            var stroke: [String: Any] = ["ty": "st", "nm": "Stroke", "c": color, "o": opacity,
                                         "w": track(s.map { [$0.width] }, tolerance: 0.25, scalar: true), "lc": s[0].cap, "lj": s[0].join,
                                         "ml": s[0].miterLimit]
            if let pattern = s.first(where: { !$0.dashes.isEmpty })?.dashes {
                // Dash and gap lengths and the offset, each a property; a frame whose stroke is
                // solid (or has another count of lengths) is written as dashes with no gaps.
                var d: [[String: Any]] = pattern.indices.map { i in
                    let lengths = s.map { [$0.dashes.count == pattern.count ? $0.dashes[i] : (i.isMultiple(of: 2) ? 1 : 0)] }
                    return ["n": i.isMultiple(of: 2) ? "d" : "g", "nm": i.isMultiple(of: 2) ? "dash" : "gap",
                            "v": track(lengths, tolerance: 0.1, scalar: true)]
                }
                d.append(["n": "o", "nm": "offset", "v": track(s.map { [$0.dashPhase] }, tolerance: 0.1, scalar: true)])
                stroke["d"] = d
            }
            items.append(stroke)
            if s[0].trim != nil {
                // Core Animation trims a path's subpaths as one length: Lottie's "individually" (2).
                let subpaths = if case .path(let counts, _) = s[0].geometry { counts.count } else { 1 }
                items.append(["ty": "tm", "nm": "Trim", "s": track(s.map { [$0.trim![0]] }, tolerance: 0.1, scalar: true),
                              "e": track(s.map { [$0.trim![1]] }, tolerance: 0.1, scalar: true),
                              "o": ["a": 0, "k": 0.0], "m": subpaths > 1 ? 2 : 1])
            }
        }
        items.append(Property.identityGroupTransform)
        return ["ty": "gr", "nm": "Shape \(k + 1)", "it": items]
    }
}

/// Writes animatable properties, counting what it writes: constants, or keyframes reduced by
/// ``KeyframeReduction`` with `curves` as the easing curves to look for.
struct PropertyWriter {
    var summary = LottieExportSummary()
    let curves: [CubicBezier]

    /// A constant (`"a": 0`) when every sample is within `tolerance` of the first, else the
    /// keyframes ``KeyframeReduction`` keeps (linear, or eased on one of ``curves``). Keyframe
    /// values are arrays (a scalar's one number in one, a path in one, as Bodymovin writes them).
    mutating func json(_ samples: [[Double]], tolerance: Double, value: ([Double]) -> Any) -> [String: Any] {
        if KeyframeReduction.isConstant(samples, tolerance: tolerance) {
            summary.constantProperties += 1
            return ["a": 0, "k": value(samples[0])]
        }
        let kept = KeyframeReduction.keyframes(samples, tolerance: tolerance, curves: curves)
        summary.animatedProperties += 1
        summary.keyframes += kept.count
        var keys: [[String: Any]] = []
        for (n, keyframe) in kept.enumerated() {
            let v = value(samples[keyframe.index])
            var key: [String: Any] = ["t": keyframe.index, "s": (v as? [Double]) ?? [v]]
            if n + 1 < kept.count {
                // Bezier easing: out tangent (x1, y1), in tangent (x2, y2); linear is (0, 0), (1, 1).
                let c = keyframe.easing ?? CubicBezier(0, 0, 1, 1)
                key["o"] = ["x": [c.x1], "y": [c.y1]]
                key["i"] = ["x": [c.x2], "y": [c.y2]]
            }
            keys.append(key)
        }
        return ["a": 1, "k": keys]
    }
}

/// How Lottie writes numbers, paths, gradients and a group's transform.
enum Property {
    /// A number rounded to 1/10000, so the file says 12.5 rather than 12.499999999999998.
    static func number(_ x: Double) -> Double {
        let r = (x * 10_000).rounded() / 10_000
        return r == 0 ? 0 : r
    }

    /// Lottie's gradient data per frame: colour stops (position, red, green, blue) then opacity
    /// stops (position, alpha), and their count. The gradient's own stops when every frame has
    /// the same number of them in order within 0...1; otherwise (Core Animation lets locations
    /// run past the ends, as a sweep animates them) 21 stops sampled evenly from the colours it
    /// draws.
    static func gradientStops(_ frames: [Gradient]) -> (count: Int, values: [[Double]]) {
        func locations(_ g: Gradient) -> [Double] {
            if let l = g.locations, l.count == g.colors.count { return l }
            return g.colors.indices.map { g.colors.count > 1 ? Double($0) / Double(g.colors.count - 1) : 0 }
        }
        let n = frames[0].colors.count
        let exact = frames.allSatisfy { g in
            let l = locations(g)
            return g.colors.count == n && n > 1 && l.allSatisfy { $0 >= 0 && $0 <= 1 } && zip(l, l.dropFirst()).allSatisfy { $0 <= $1 }
        }
        let count = exact ? n : 21
        let values = frames.map { g -> [Double] in
            let stops: [(Double, Color)] = exact
                ? Array(zip(locations(g), g.colors))
                : (0..<count).map { k in let u = Double(k) / Double(count - 1); return (u, g.color(at: u)) }
            return stops.flatMap { [$0.0, $0.1.red, $0.1.green, $0.1.blue] } + stops.flatMap { [$0.0, $0.1.alpha] }
        }
        return (count, values)
    }

    /// Where Lottie's gradient ends: the end point of a linear one; for a radial one a point at
    /// its radius from the centre (Core Animation's radii per axis; Lottie's circle takes the
    /// larger).
    static func gradientEnd(_ g: Gradient) -> [Double] {
        guard g.kind == .radial else { return [g.endPoint.x, g.endPoint.y] }
        let r = max(abs(g.endPoint.x - g.startPoint.x), abs(g.endPoint.y - g.startPoint.y))
        return [g.startPoint.x + r, g.startPoint.y]
    }

    /// A path's vertices and tangents from the flat values (6 per vertex).
    static func bezier(_ v: [Double], closed: Bool) -> [String: Any] {
        var vs: [[Double]] = [], ins: [[Double]] = [], outs: [[Double]] = []
        var k = 0
        while k + 5 < v.count {
            vs.append([number(v[k]), number(v[k + 1])])
            ins.append([number(v[k + 2]), number(v[k + 3])])
            outs.append([number(v[k + 4]), number(v[k + 5])])
            k += 6
        }
        return ["v": vs, "i": ins, "o": outs, "c": closed]
    }

    static var identityGroupTransform: [String: Any] { [
        "ty": "tr", "nm": "Transform",
        "p": ["a": 0, "k": [0.0, 0.0]], "a": ["a": 0, "k": [0.0, 0.0]], "s": ["a": 0, "k": [100.0, 100.0]],
        "r": ["a": 0, "k": 0.0], "o": ["a": 0, "k": 100.0], "sk": ["a": 0, "k": 0.0], "sa": ["a": 0, "k": 0.0],
    ] }
}
