import Geometry

/// Where a key path's value sits in a layer's ``LayerState`` when it is made of at most four
/// numbers that animate one by one (a number, point, size, rectangle or colour, or a part of
/// one): the property and the run of lanes the key path names in the whole value's lanes
/// (a point is x, y; a size width, height; a rectangle x, y, width, height; a colour red,
/// green, blue, alpha).
///
/// A basic animation of such a key path is evaluated on the lanes (``BasicTrack/lanes``):
/// read from the state, interpolated, summed and written back as four numbers, without making,
/// copying and taking apart a ``LayerValue`` for each step. It computes what the general path
/// computes (linear interpolation, sums and differences component by component).
struct LaneSlot: Equatable {
    let property: LayerProperty
    /// The first lane of the part, and how many lanes it has.
    let offset: Int, count: Int

    /// The slot of `keyPath`; nil when its value is not in the base layer's state as lanes
    /// (transforms, paths, lists, flags, a subclass's properties).
    init?(_ keyPath: LayerKeyPath) {
        guard let whole = Self.laneCount(of: keyPath.property) else { return nil }
        property = keyPath.property
        guard let c = keyPath.component else { offset = 0; count = whole; return }
        switch c {
        case .x, .width, .originX: (offset, count) = (0, 1)
        case .y, .height, .originY: (offset, count) = (1, 1)
        case .sizeWidth: (offset, count) = (2, 1)
        case .sizeHeight: (offset, count) = (3, 1)
        case .origin: (offset, count) = (0, 2)
        case .size: (offset, count) = (2, 2)
        default: return nil
        }
    }

    /// The slot of a whole property; nil when it is not kept as lanes.
    init?(_ property: LayerProperty) { self.init(LayerKeyPath(property)) }

    /// How many lanes the base layer's `property` has in the state; nil when it has none.
    static func laneCount(of property: LayerProperty) -> Int? {
        switch property {
        case .zPosition, .anchorPointZ, .opacity, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius: 1
        case .position, .anchorPoint, .shadowOffset: 2
        case .bounds, .contentsRect, .backgroundColor, .borderColor, .shadowColor: 4
        default: nil
        }
    }

    /// The lanes of a value of the part's kind; nil for a value with none.
    static func lanes(of value: LayerValue) -> SIMD4<Double>? {
        switch value {
        case .number(let x): SIMD4(x, 0, 0, 0)
        case .point(let p): SIMD4(p.x, p.y, 0, 0)
        case .size(let s): SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .color(let c): SIMD4(c.red, c.green, c.blue, c.alpha)
        default: nil
        }
    }
}

/// Linear interpolation lane by lane, exact at both ends (as ``lerp(_:_:_:)``).
@inline(__always)
func laneLerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
    if t == 0 { return a }
    if t == 1 { return b }
    return a + (b - a) * t
}

extension Layer {
    /// The lanes of the part `slot` names, read from ``state`` (lane 0 first).
    @inline(__always)
    func lanes(_ slot: LaneSlot) -> SIMD4<Double> {
        let w = wholeLanes(slot.property)
        switch slot.offset {
        case 0: return w
        case 1: return SIMD4(w[1], w[2], w[3], 0)
        case 2: return SIMD4(w[2], w[3], 0, 0)
        default: return SIMD4(w[3], 0, 0, 0)
        }
    }

    /// Writes the part `slot` names in ``state``, telling no one.
    @inline(__always)
    func setLanes(_ part: SIMD4<Double>, _ slot: LaneSlot) {
        if slot.offset == 0, slot.count == LaneSlot.laneCount(of: slot.property) {
            setWholeLanes(part, slot.property)
            return
        }
        var w = wholeLanes(slot.property)
        for i in 0..<slot.count { w[slot.offset + i] = part[i] }
        setWholeLanes(w, slot.property)
    }

    /// Sets each of `properties` (bits of ``LayerProperty``) of this presentation to `model`'s
    /// value, on lanes where the state keeps them as lanes: where an evaluation pass starts.
    @inline(__always)
    func resetDriven(_ properties: UInt64, from model: Layer) {
        var driven = properties
        while driven != 0 {
            let k = driven.trailingZeroBitCount
            driven &= driven - 1
            if let p = LayerProperty(rawValue: k), !copyLanes(p, from: model) {
                setPresentationValue(model.engineValue(for: p), for: p)
            }
        }
    }

    /// Copies `property` from `model`'s state, for a property kept as lanes; false otherwise.
    @inline(__always)
    func copyLanes(_ property: LayerProperty, from model: Layer) -> Bool {
        guard LaneSlot.laneCount(of: property) != nil else { return false }
        setWholeLanes(model.wholeLanes(property), property)
        return true
    }

    // Each reads or writes one field of `state` (see the note on ``stateValue(for:)``).

    @inline(__always)
    private func wholeLanes(_ property: LayerProperty) -> SIMD4<Double> {
        switch property {
        case .zPosition: return SIMD4(state.zPosition, 0, 0, 0)
        case .anchorPointZ: return SIMD4(state.anchorPointZ, 0, 0, 0)
        case .opacity: return SIMD4(state.opacity, 0, 0, 0)
        case .cornerRadius: return SIMD4(state.cornerRadius, 0, 0, 0)
        case .borderWidth: return SIMD4(state.borderWidth, 0, 0, 0)
        case .shadowOpacity: return SIMD4(state.shadowOpacity, 0, 0, 0)
        case .shadowRadius: return SIMD4(state.shadowRadius, 0, 0, 0)
        case .position: let p = state.position; return SIMD4(p.x, p.y, 0, 0)
        case .anchorPoint: let p = state.anchorPoint; return SIMD4(p.x, p.y, 0, 0)
        case .shadowOffset: let s = state.shadowOffset; return SIMD4(s.width, s.height, 0, 0)
        case .bounds: let r = state.bounds; return SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .contentsRect: let r = state.contentsRect; return SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .backgroundColor: return Self.lanes(state.backgroundColor)
        case .borderColor: return Self.lanes(state.borderColor)
        case .shadowColor: return Self.lanes(state.shadowColor)
        default: return .zero
        }
    }

    @inline(__always)
    private func setWholeLanes(_ v: SIMD4<Double>, _ property: LayerProperty) {
        switch property {
        case .zPosition: state.zPosition = v[0]
        case .anchorPointZ: state.anchorPointZ = v[0]
        case .opacity: state.opacity = v[0]
        case .cornerRadius: state.cornerRadius = v[0]
        case .borderWidth: state.borderWidth = v[0]
        case .shadowOpacity: state.shadowOpacity = v[0]
        case .shadowRadius: state.shadowRadius = v[0]
        case .position: state.position = Point(x: v[0], y: v[1])
        case .anchorPoint: state.anchorPoint = Point(x: v[0], y: v[1])
        case .shadowOffset: state.shadowOffset = Size(width: v[0], height: v[1])
        case .bounds: state.bounds = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .contentsRect: state.contentsRect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .backgroundColor: state.backgroundColor = Color(red: v[0], green: v[1], blue: v[2], alpha: v[3])
        case .borderColor: state.borderColor = Color(red: v[0], green: v[1], blue: v[2], alpha: v[3])
        case .shadowColor: state.shadowColor = Color(red: v[0], green: v[1], blue: v[2], alpha: v[3])
        default: break
        }
    }

    /// A colour's lanes; no colour is clear (as ``stateValue(for:)`` reads it).
    @inline(__always)
    private static func lanes(_ c: Color?) -> SIMD4<Double> {
        guard let c else { return .zero }
        return SIMD4(c.red, c.green, c.blue, c.alpha)
    }
}
