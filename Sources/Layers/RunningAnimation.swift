import Geometry
import Motion
import RenderModel

/// An animation as a layer runs it: the app's animation (a copy, for ``Layer/animation(forKey:)``
/// and the delegate) and its compiled form, typed once when added so a frame only computes.
/// A class, so that a frame reads the compiled form in place instead of copying it out of the
/// layer's array.
final class RunningAnimation {
    // What a frame's sweep reads comes first, so that it shares the object's first cache lines
    // (a class's fields are laid out in the order declared): at 10,000 animated views the sweep
    // waits on memory more than it computes.

    /// Whether the begin time waits for the first frame that evaluates the animation (an
    /// animation added with a begin time of 0 begins then, as at the transaction's commit).
    var awaitsBegin: Bool
    var didStart = false
    /// Whether its delegate and its transactions' completions have heard that it finished: at
    /// its end when it is kept (``Animation/isRemovedOnCompletion`` false), as Core Animation
    /// tells them once, and a later removal tells them nothing more.
    var didReportEnd = false
    /// Whether a view made it (a block's or keyframe block's animation, AM1): the view
    /// interrupts and counts these, never the app's own layer animations.
    var isViewAnimation = false
    /// Whether the engine's offset table evaluates it (``ViewOffset``).
    var isTabled = false
    /// Whether its driver stands still (``Layer/setViewAnimation(_:held:)``).
    var isHeld = false
    /// The frame time it began at, in nanoseconds, when it awaited its begin while the layer's
    /// time was media time (the engine then measures from it exactly).
    var beginNanoseconds: Int64?
    /// Where the animation's parent time starts: the layer's time at that first frame when it
    /// awaited it (its compiled begin time is then 0), else 0.
    var beginShift = 0.0
    /// How long after the first frame that evaluates it an animation awaiting its begin time
    /// begins (a view's delayed block).
    var startDelay = 0.0
    // A block's offset `(from − to)` on the lanes of a slot, with its shared timing, read
    // straight from here by the engine's sweep (the common view animation: no copy of the
    // compiled form, no retain of a struct holding the timing).
    let offsetTiming: SharedTiming?
    let offsetSlot: LaneSlot
    let offsetDelta: SIMD4<Double>
    let key: String?
    let animation: Animation
    /// Constant, so that a frame evaluates it in place (no copy, no runtime exclusivity check).
    let compiled: CompiledAnimation
    /// Transactions whose completion block waits for this animation.
    var completions: [CompletionGroup] = []
    /// Whether it is a transition (its layer keeps a snapshot while one runs): known once, not
    /// cast for at each removal.
    let isTransition: Bool
    private static let noSlot = LaneSlot(LayerKeyPath(.opacity))!

    /// Whether the active duration is over at parent time `t`. A view block's offset asks its
    /// shared timing directly (what ``CompiledAnimation/isOver(at:)`` would, without copying the
    /// compiled record: P2, 500 of them ending in one frame).
    @MainActor @inline(__always)
    func isOver(at t: Double) -> Bool {
        if let s = offsetTiming { return s.sample(at: t) == .ended }
        return compiled.isOver(at: t)
    }

    init(key: String?, animation: Animation, compiled: CompiledAnimation, awaitsBegin: Bool) {
        self.key = key; self.animation = animation; self.compiled = compiled; self.awaitsBegin = awaitsBegin
        isTransition = animation is TransitionAnimation
        if let shared = compiled.shared, case .basic(let b) = compiled.track, b.offsetsModel, let l = b.lanes, let f = l.from, let t = l.to {
            offsetTiming = shared; offsetSlot = l.slot; offsetDelta = f - t
        } else {
            offsetTiming = nil; offsetSlot = Self.noSlot; offsetDelta = .zero
        }
    }

    /// Applies the animation at parent time `t` to `target` (see ``CompiledAnimation/apply(at:to:)``).
    @MainActor @inline(__always)
    func apply(at t: Double, to target: Layer) -> EvaluationState {
        guard let timing = offsetTiming else { return compiled.apply(at: t, to: target) }
        switch timing.sample(at: t) {
        case .progress(let p):
            target.setLanes(target.lanes(offsetSlot) + offsetDelta * (1 - p), offsetSlot)
            return .running
        case .model: return .running
        case .ended: return .ended
        }
    }

    /// Begins the animation at the layer's local time `local` (and, while the layer's time is
    /// media time, the frame's `nanoseconds`). A view's animation then reads, as Core Animation's
    /// do once committed, the begin time it got (its delay included).
    @MainActor
    func begin(atLocalTime local: Double, nanoseconds: Int64?) {
        beginShift = local + startDelay
        awaitsBegin = false
        beginNanoseconds = nanoseconds
        if isViewAnimation { animation.beginTime = local + startDelay + (compiled.shared?.timing.beginTime ?? 0) }
    }

    /// The animation's parent time at the layer's local time `local` (seconds) of the frame at
    /// media time `now` (nanoseconds): measured in whole nanoseconds from the frame it began at
    /// while the layer's time is media time, else from its begin shift.
    @inline(__always)
    func parentTime(local: Double, now: Int64, inMediaTime: Bool) -> Double {
        if inMediaTime, let b = beginNanoseconds { return MediaTime.seconds(from: b, to: now) - startDelay }
        return local - beginShift
    }
}

/// What an animation does, compiled: its timing, and a track of one key path or a group.
struct CompiledAnimation {
    var timing: MediaTiming
    var function: MediaTimingFunction?
    var track: Track
    /// A view block's timing, which its animations share (``SharedTiming``): when set it
    /// decides the progress and the end instead of ``timing`` and ``function``.
    var shared: SharedTiming?

    indirect enum Track {
        case basic(BasicTrack)
        case keyframes(KeyframeValuesTrack)
        case group([CompiledAnimation])
        /// A transition: it drives no property; its progress goes to the layer's renderer.
        case transition(TransitionAnimation.Kind, TransitionAnimation.Subtype, start: Double, end: Double)
        /// A number outside the layer run on the layer's time (a constraint constant, AM1): it
        /// drives no property; its value goes to its setter.
        case value(ValueTrack)
        /// What an owner drives from the layer's time (a scroll view's deceleration, a timeline,
        /// AM3): the engine's motion step advances it, the layer's sweeps do not.
        case motion(MotionTrack)
    }

    /// The properties the animation drives.
    var properties: UInt64 {
        switch track {
        case .basic(let b): b.keyPath.property.bit
        case .keyframes(let k): k.keyPath.property.bit | (k.rotation != nil ? LayerProperty.transform.bit : 0)
        case .group(let children): children.reduce(0) { $0 | $1.properties }
        case .transition, .value, .motion: 0
        }
    }
}

/// A basic or spring animation of one key path.
///
/// A class, so that evaluating a frame passes it by reference instead of copying three values
/// out of the track each time.
final class BasicTrack {
    let keyPath: LayerKeyPath
    let from: LayerValue?, to: LayerValue?, by: LayerValue?
    let spring: Spring?
    let isAdditive: Bool, isCumulative: Bool
    /// UIKit's block animation (AM1): `from` and `to` are the old and the new model values, and
    /// the animation adds the offset `(from − to)·(1 − p)` onto what is under it, so that
    /// overlapping ones blend and the sum always ends at the model (a transform's offset is its
    /// decomposed interpolation, CA9).
    let offsetsModel: Bool
    /// The same values as lanes, when the key path's value is kept as lanes in the state
    /// (``LaneSlot``): the track is then evaluated on them.
    let lanes: Lanes?

    struct Lanes {
        let slot: LaneSlot
        let from: SIMD4<Double>?, to: SIMD4<Double>?, by: SIMD4<Double>?
    }

    init(keyPath: LayerKeyPath, from: LayerValue?, to: LayerValue?, by: LayerValue?, spring: Spring?, isAdditive: Bool, isCumulative: Bool,
         offsetsModel: Bool = false) {
        self.keyPath = keyPath; self.from = from; self.to = to; self.by = by; self.spring = spring
        self.isAdditive = isAdditive; self.isCumulative = isCumulative; self.offsetsModel = offsetsModel
        if let slot = LaneSlot(keyPath), from.map({ LaneSlot.lanes(of: $0) != nil }) ?? true,
           to.map({ LaneSlot.lanes(of: $0) != nil }) ?? true, by.map({ LaneSlot.lanes(of: $0) != nil }) ?? true {
            lanes = Lanes(slot: slot, from: from.flatMap(LaneSlot.lanes(of:)), to: to.flatMap(LaneSlot.lanes(of:)),
                          by: by.flatMap(LaneSlot.lanes(of:)))
        } else {
            lanes = nil
        }
    }
}

/// A keyframe animation of one key path: its values (or a path's points) compiled into the one
/// keyframe interpolation (``KeyframeCurve``, AM2) over the animation's fraction 0...1.
struct KeyframeValuesTrack {
    let keyPath: LayerKeyPath
    var curve: KeyframeCurve<LayerValue>
    var rotation: RotationMode?
    let isAdditive: Bool, isCumulative: Bool
}

/// Layer values are keyframe values: their interpolation, sum, difference, scale and distance
/// are the ones basic animations use; a spatial segment places a point value on its path.
extension LayerValue {
    /// `base + (from − to)·k`: a block animation's offset on what is under it (AM1). A
    /// transform's is the decomposed interpolation from `to` back toward `from`, applied before
    /// `base` (CA9: a quarter turn does not shrink the view halfway); the 2-D part, as views
    /// animate it.
    static func offset(_ base: LayerValue, from: LayerValue, to: LayerValue, _ k: Double) -> LayerValue {
        if case .transform(let b) = base, case .transform(let f) = from, case .transform(let t) = to {
            guard case .transform(let v) = AnimatableValue.additive(.transform(b.affineTransform), from: .transform(f.affineTransform),
                                                                    to: .transform(t.affineTransform), k) else { return base }
            return .transform(Transform3D(v))
        }
        return sum(base, scaled(difference(from, to), by: k))
    }
}

extension LayerValue: KeyframeValue {
    public static func along(_ point: Point, from a: LayerValue, to b: LayerValue, _ fraction: Double) -> LayerValue {
        if case .point = a { return .point(point) }
        return interpolate(a, b, fraction)
    }
}

/// Why an animation could not be added; the message names the layer and key path.
struct AnimationError: Error { let message: String }

extension CompiledAnimation {
    /// Compiles `animation` for `layer` (whose class decides which key paths exist).
    @MainActor
    static func compile(_ animation: Animation, for layer: Layer) throws(AnimationError) -> CompiledAnimation {
        let timing = animation.mediaTiming
        let name = layer.debugName
        func bad(_ what: String) -> AnimationError { AnimationError(message: what) }
        for (label, v) in [("duration", timing.duration), ("beginTime", timing.beginTime), ("speed", timing.speed),
                           ("timeOffset", timing.timeOffset), ("repeatDuration", timing.repeatDuration)] where !v.isFinite {
            throw bad("\(type(of: animation)) on \(name): \(label) \(v) is not finite; the animation was not added")
        }
        if timing.repeatCount.isNaN || timing.repeatCount < 0 {
            throw bad("\(type(of: animation)) on \(name): repeatCount \(timing.repeatCount) must be 0 or more; the animation was not added")
        }
        if timing.duration < 0 { throw bad("\(type(of: animation)) on \(name): duration \(timing.duration) is negative; the animation was not added") }
        if let t = animation as? TransitionAnimation {
            guard t.startProgress.isFinite, t.endProgress.isFinite, (0...1).contains(t.startProgress), (0...1).contains(t.endProgress) else {
                throw bad("TransitionAnimation on \(name): startProgress and endProgress must lie in 0...1; the animation was not added")
            }
            return CompiledAnimation(timing: timing, function: animation.timingFunction,
                                     track: .transition(t.type, t.subtype ?? .fromLeft, start: t.startProgress, end: t.endProgress))
        }
        if let group = animation as? AnimationGroup {
            var children: [CompiledAnimation] = []
            for child in group.animations ?? [] { children.append(try compile(child, for: layer)) }
            return CompiledAnimation(timing: timing, function: animation.timingFunction, track: .group(children))
        }
        guard let pa = animation as? PropertyAnimation else {
            throw bad("\(type(of: animation)) on \(name) animates nothing (it is not a property animation or a group); the animation was not added")
        }
        guard let path = pa.keyPath else { throw bad("\(type(of: animation)) on \(name) has no keyPath; the animation was not added") }
        guard let keyPath = LayerKeyPath(path), type(of: layer).hasProperty(keyPath.property) else {
            throw bad("\(type(of: animation)) on \(name): unknown key path '\(path)'; the animation was not added")
        }
        func typed(_ v: Any?, _ label: String) throws(AnimationError) -> LayerValue? {
            guard let v else { return nil }
            guard let t = LayerValue(v, as: keyPath.kind) else {
                throw bad("\(type(of: animation)) on \(name): \(label) \(v) is not a finite \(keyPath.kind.rawValue), as '\(path)' needs; the animation was not added")
            }
            return t
        }
        if let k = pa as? KeyframeAnimation {
            return CompiledAnimation(timing: timing, function: animation.timingFunction,
                                     track: .keyframes(try compileKeyframes(k, keyPath, name, typed)))
        }
        guard let b = pa as? BasicAnimation else {
            throw bad("\(type(of: animation)) on \(name) is a bare PropertyAnimation; use BasicAnimation or KeyframeAnimation")
        }
        var spring: Spring?
        if let s = b as? SpringAnimation {
            guard let sp = s.spring else {
                throw bad("SpringAnimation on \(name): mass, stiffness and damping must be finite and above 0; the animation was not added")
            }
            spring = sp
        }
        return CompiledAnimation(
            timing: timing, function: spring == nil ? animation.timingFunction : nil,
            track: .basic(BasicTrack(keyPath: keyPath, from: try typed(b.fromValue, "fromValue"), to: try typed(b.toValue, "toValue"),
                                     by: try typed(b.byValue, "byValue"), spring: spring,
                                     isAdditive: b.isAdditive, isCumulative: b.isCumulative)))
    }

    @MainActor
    private static func compileKeyframes(_ k: KeyframeAnimation, _ keyPath: LayerKeyPath, _ name: String,
                                         _ typed: (Any?, String) throws(AnimationError) -> LayerValue?) throws(AnimationError) -> KeyframeValuesTrack {
        func bad(_ what: String) -> AnimationError {
            AnimationError(message: "KeyframeAnimation on \(name) ('\(keyPath)'): \(what); the animation was not added")
        }
        if let curve = k.curve {
            guard curve.values.allSatisfy({ $0.kind == keyPath.kind }) else { throw bad("its curve's values are not \(keyPath.kind.rawValue)s") }
            return KeyframeValuesTrack(keyPath: keyPath, curve: curve, rotation: nil, isAdditive: k.isAdditive, isCumulative: k.isCumulative)
        }
        var values: [LayerValue] = []
        var paths: [SpatialCurve]?
        if let path = k.path {
            guard keyPath.kind == .point else { throw bad("a path animates a point, and this key path is a \(keyPath.kind.rawValue)") }
            let segs = pathSegments(path)
            guard !segs.isEmpty else { throw bad("the path has no segments") }
            paths = segs
            values = [.point(segs[0].start)] + segs.map { .point($0.end) }
        } else {
            for (i, v) in (k.values ?? []).enumerated() {
                guard let t = try typed(v, "values[\(i)]") else { throw bad("values[\(i)] is nil") }
                values.append(t)
            }
        }
        guard !values.isEmpty else { throw bad("it has no values and no path") }
        let discrete = k.calculationMode == .discrete
        let paced = k.calculationMode == .paced || k.calculationMode == .cubicPaced
        let needed = discrete ? values.count + 1 : values.count
        var keyTimes: [Double]
        if paced {
            keyTimes = paths.map { KeyframeCurve<LayerValue>.pacedTimes(along: $0) } ?? KeyframeCurve.pacedTimes(values)
        } else if let kt = k.keyTimes {
            guard kt.count == needed else { throw bad("keyTimes has \(kt.count) entries and needs \(needed)") }
            for i in kt.indices {
                guard kt[i].isFinite, kt[i] >= 0, kt[i] <= 1, i == 0 || kt[i] >= kt[i - 1] else {
                    throw bad("keyTimes[\(i)] = \(kt[i]) must be finite, in 0...1 and not below the one before")
                }
            }
            keyTimes = kt
        } else {
            let n = max(needed - 1, 1)
            keyTimes = (0..<needed).map { Double($0) / Double(n) }
        }
        // Discrete: value i from keyTimes[i] on (the last key time only closes the last value).
        if discrete { keyTimes.removeLast() }
        let functions = paced ? [] : (k.timingFunctions ?? [])
        var segments: [KeyframeSegment] = []
        segments.reserveCapacity(values.count - 1)
        for i in 0..<values.count - 1 {
            let easing: KeyframeEasing = functions.isEmpty ? .linear : .curve(functions[min(i, functions.count - 1)].bezier)
            if discrete {
                segments.append(.hold)
            } else if let paths {
                segments.append(KeyframeSegment(.spatial(paths[i]), easing: easing))
            } else {
                let cubic = k.calculationMode == .cubic || k.calculationMode == .cubicPaced
                segments.append(KeyframeSegment(cubic ? .catmullRom : .linear, easing: easing))
            }
        }
        return KeyframeValuesTrack(keyPath: keyPath, curve: KeyframeCurve(times: keyTimes, values: values, segments: segments),
                                   rotation: k.rotationMode, isAdditive: k.isAdditive, isCumulative: k.isCumulative)
    }

    /// The segments of a path as cubics followed by their parameter (lines with control points
    /// at a third and two thirds); each subpath's close adds its closing line.
    static func pathSegments(_ path: Path) -> [SpatialCurve] {
        var segs: [SpatialCurve] = []
        var current: Point?, start: Point?
        for e in path.elements {
            switch e {
            case .move(let p): current = p; start = p
            case .line(let p):
                if let c = current { segs.append(SpatialCurve(line: c, p)) }
                current = p; if start == nil { start = p }
            case .curve(let c1, let c2, let p):
                if let c = current { segs.append(SpatialCurve(c, c1, c2, p)) }
                current = p; if start == nil { start = p }
            case .close:
                if let c = current, let s = start, c != s { segs.append(SpatialCurve(line: c, s)) }
                current = start
            }
        }
        return segs
    }
}

// MARK: Evaluation

/// The outcome of evaluating an animation at a time.
enum EvaluationState {
    /// Not begun (and no backwards fill): nothing applied.
    case pending
    /// Applied; the animation is running.
    case running
    /// Its active duration is over (a forwards fill was applied).
    case ended
}

extension CompiledAnimation {
    /// Applies the animation at parent time `t` (seconds, in the layer's time) to `target`,
    /// the layer's presentation, whose values are the model plus earlier animations.
    ///
    /// - Complexity: O(1) for basic tracks, O(log keyframes) for keyframe tracks; no
    ///   allocation for scalar, point, size, rect, colour and transform values.
    @MainActor
    func apply(at t: Double, to target: Layer) -> EvaluationState {
        switch track {
        case .value(let v): return v.apply(at: t)
        case .motion(let m): return m.isOver ? .ended : .running
        default: break
        }
        if let shared {
            switch shared.sample(at: t) {
            case .progress(let p):
                if case .basic(let b) = track { applyBasic(b, progress: p, 0, target) }
                return .running
            case .model: return .running
            case .ended: return .ended
            }
        }
        let state = timing.state(atParentTime: t)
        var fraction = state.fraction, iteration = state.iteration
        let outcome: EvaluationState
        switch state.phase {
        case .before:
            if timing.fillMode == .auto { fraction = 0; iteration = 0 }     // UIKit's delay: the start
            else if !timing.fillMode.fillsBackwards { return state.isOver ? .ended : .pending }
            outcome = state.isOver ? .ended : .running
        case .active: outcome = .running
        case .after:
            guard timing.fillMode.fillsForwards else { return state.isOver ? .ended : .running }
            outcome = state.isOver ? .ended : .running
        }
        switch track {
        case .basic(let b): applyBasic(b, fraction, iteration, target)
        case .keyframes(let k): applyKeyframes(k, fraction, iteration, target)
        case .group(let children):
            // The group's timing function warps the time its children see, as Core Animation's
            // (a group eased in runs every child's slide eased in).
            let local = (function?.progress(at: fraction) ?? fraction) * timing.duration
            for c in children { _ = c.apply(at: local, to: target) }
        case .transition(let kind, let side, let start, let end):
            let p = function?.progress(at: fraction) ?? fraction
            target.transitionState = (kind, side, start + (end - start) * p)
        case .value(let v):
            return v.apply(at: t)
        case .motion(let m):
            return m.isOver ? .ended : .running
        }
        return outcome
    }

    /// Whether the animation's active duration is over at parent time `t` (it is then removed,
    /// unless it is kept on completion).
    @MainActor @inline(__always)
    func isOver(at t: Double) -> Bool {
        switch track {
        case .value(let v): if !v.isAlive { return true }
        case .motion(let m): return m.isOver
        default: break
        }
        if let shared { return shared.sample(at: t) == .ended }
        return timing.state(atParentTime: t).isOver
    }

    @MainActor
    private func applyBasic(_ b: BasicTrack, _ fraction: Double, _ iteration: Double, _ target: Layer) {
        let p: Double
        if let s = b.spring {
            p = fraction == 0 ? 0 : s.progress(at: fraction * timing.duration)
        } else if let f = function {
            p = f.progress(at: fraction)
        } else {
            p = fraction
        }
        applyBasic(b, progress: p, iteration, target)
    }

    /// A basic track at eased progress `p`.
    @MainActor
    private func applyBasic(_ b: BasicTrack, progress p: Double, _ iteration: Double, _ target: Layer) {
        if let lanes = b.lanes {
            applyLanes(lanes, b, p, iteration, target)
            return
        }
        let whole = target.engineValue(for: b.keyPath.property)
        let under = b.keyPath.extract(from: whole)
        if b.offsetsModel, let f = b.from, let t = b.to {
            target.setPresentationValue(b.keyPath.inject(LayerValue.offset(under, from: f, to: t, 1 - p), into: whole),
                                        for: b.keyPath.property)
            return
        }
        let from: LayerValue, to: LayerValue
        switch (b.from, b.to, b.by) {
        case (let f?, let t?, _): from = f; to = t
        case (let f?, nil, let by?): from = f; to = LayerValue.sum(f, by)
        case (nil, let t?, let by?): from = LayerValue.difference(t, by); to = t
        case (let f?, nil, nil): from = f; to = under
        case (nil, let t?, nil): from = under; to = t
        case (nil, nil, let by?): from = under; to = LayerValue.sum(under, by)
        case (nil, nil, nil): from = under; to = under
        }
        var v = LayerValue.interpolate(from, to, p)
        if b.isCumulative, iteration > 0 { v = LayerValue.sum(LayerValue.scaled(LayerValue.difference(to, from), by: iteration), v) }
        if b.isAdditive { v = LayerValue.sum(under, v) }
        target.setPresentationValue(b.keyPath.inject(v, into: whole), for: b.keyPath.property)
    }

    /// ``applyBasic`` on lanes: the same cases, sums and interpolation, four numbers at a time.
    @MainActor
    private func applyLanes(_ l: BasicTrack.Lanes, _ b: BasicTrack, _ p: Double, _ iteration: Double, _ target: Layer) {
        let under = target.lanes(l.slot)
        if b.offsetsModel, let f = l.from, let t = l.to {
            target.setLanes(under + (f - t) * (1 - p), l.slot)
            return
        }
        let from: SIMD4<Double>, to: SIMD4<Double>
        switch (l.from, l.to, l.by) {
        case (let f?, let t?, _): from = f; to = t
        case (let f?, nil, let by?): from = f; to = f + by
        case (nil, let t?, let by?): from = t - by; to = t
        case (let f?, nil, nil): from = f; to = under
        case (nil, let t?, nil): from = under; to = t
        case (nil, nil, let by?): from = under; to = under + by
        case (nil, nil, nil): from = under; to = under
        }
        var v = laneLerp(from, to, p)
        if b.isCumulative, iteration > 0 { v = (to - from) * iteration + v }
        if b.isAdditive { v = under + v }
        target.setLanes(v, l.slot)
    }

    @MainActor
    private func applyKeyframes(_ k: KeyframeValuesTrack, _ fraction: Double, _ iteration: Double, _ target: Layer) {
        let f = function?.progress(at: fraction) ?? fraction
        var v = k.curve.value(at: f)
        let whole = target.engineValue(for: k.keyPath.property)
        let under = k.keyPath.extract(from: whole)
        if k.isCumulative, iteration > 0, let first = k.curve.values.first, let last = k.curve.values.last {
            v = LayerValue.sum(LayerValue.scaled(LayerValue.difference(last, first), by: iteration), v)
        }
        if k.isAdditive { v = LayerValue.sum(under, v) }
        target.setPresentationValue(k.keyPath.inject(v, into: whole), for: k.keyPath.property)
        if let mode = k.rotation, let d = k.curve.tangent(at: f) {
            var angle = atan2(d.y, d.x)
            if mode == .rotateAutoReverse { angle += .pi }
            let turned = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1).concatenating(target.transform)
            target.setPresentationValue(.transform(turned), for: .transform)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
