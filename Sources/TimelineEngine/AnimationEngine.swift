import Geometry

/// Options of a block animation (N4).
public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A nested block uses its own duration instead of the enclosing block's.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 0)
    /// A nested block uses its own curve instead of the enclosing block's.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 1)
}

/// The completion of one `animate` call: runs once, in phase 3 of the frame in which its last
/// animation ended, with `finished == false` if any of them was interrupted or removed.
@MainActor
final class CompletionGroup {
    var pending = 0
    var finished = true
    var completion: ((Bool) -> Void)?
    init(_ completion: ((Bool) -> Void)?) { self.completion = completion }
}

/// The block-animation transaction open while an `animate` call runs its closure. Only valid for
/// the duration of that call (it is how property setters know they are inside a block).
@MainActor
struct AnimationTransaction {
    var duration: Double
    var delay: Double
    var curve: TimingCurve
    var group: CompletionGroup
    static var stack: [AnimationTransaction] = []
}

/// One property of one view animating from a value to the model value.
struct PropertyAnimation {
    weak var view: View?
    var property: AnimatableProperty
    var from: AnimatableValue
    var to: AnimatableValue
    /// The frame time it began at; nil until the first tick that sees it.
    var begin: Double?
    var delay: Double
    var duration: Double
    var curve: TimingCurve
    var group: CompletionGroup
}

/// Runs animations in phase 2 of each frame (writing presentation values) and their completions in
/// phase 3. Values are pure functions of the frame time (N8). Animations hold their views weakly.
@MainActor
public final class AnimationEngine {
    unowned let runLoop: MainRunLoop
    private var running: [PropertyAnimation] = []
    private var endedGroups: [CompletionGroup] = []
    private var readyCompletions: [(CompletionGroup)] = []

    init(runLoop: MainRunLoop) { self.runLoop = runLoop }

    /// Whether anything is animating or waiting to complete.
    var hasWork: Bool { !running.isEmpty || !endedGroups.isEmpty }

    /// How many property animations are running.
    public var runningCount: Int { running.count }

    /// Called by a view after a model change: inside an animation block the change becomes an
    /// animation of the presentation from its current value to the new model value (N1).
    func captureChange(of property: AnimatableProperty, on view: View) -> Bool {
        guard let tx = AnimationTransaction.stack.last else { return false }
        let from = view.presentation.value(of: property)
        let to = view.model.value(of: property)
        if view.animatedProperties & property.bit != 0 { interrupt(view, property) }
        guard from != to || tx.delay > 0 else { return false }
        tx.group.pending += 1
        running.append(PropertyAnimation(
            view: view, property: property, from: from, to: to,
            begin: runLoop.currentFrame?.time, delay: tx.delay, duration: tx.duration, curve: tx.curve, group: tx.group))
        view.animatedProperties |= property.bit
        runLoop.requestFrame()
        return true
    }

    /// Ends the running animation of `property` on `view` unfinished; the presentation keeps its
    /// current value (the new animation starts from there).
    private func interrupt(_ view: View, _ property: AnimatableProperty) {
        if let i = running.firstIndex(where: { $0.view === view && $0.property == property }) {
            let a = running.remove(at: i)
            a.group.finished = false
            end(a.group)
        }
        view.animatedProperties &= ~property.bit
    }

    private func end(_ group: CompletionGroup) {
        group.pending -= 1
        if group.pending == 0 { endedGroups.append(group) }
    }

    /// Advances every animation to frame time `time` (phase 2).
    func tick(to time: Double) {
        var i = 0
        while i < running.count {
            guard let view = running[i].view else {
                let a = running.remove(at: i)
                a.group.finished = false
                end(a.group)
                continue
            }
            if running[i].begin == nil { running[i].begin = time }
            let local = time - running[i].begin! - running[i].delay
            let a = running[i]
            if local < 0 {
                view.presentation.set(a.property, a.from)      // during the delay the old value shows
                i += 1
                continue
            }
            let done: Bool
            let p: Double
            switch a.curve {
            case .spring(let s):
                done = local >= s.settlingDuration
                p = s.progress(at: local)
            default:
                done = local >= a.duration
                p = a.duration > 0 ? a.curve.progress(fraction: local / a.duration) : 1
            }
            if done {
                view.presentation.copy(a.property, from: view.model)
                view.animatedProperties &= ~a.property.bit
                running.remove(at: i)
                end(a.group)
            } else {
                view.presentation.set(a.property, AnimatableValue.interpolate(a.from, a.to, p))
                i += 1
            }
            view.window?.presentationDidChange()
        }
    }

    /// Runs the completions of the groups that ended (phase 3).
    func runCompletions() {
        guard !endedGroups.isEmpty else { return }
        swap(&endedGroups, &readyCompletions)
        for g in readyCompletions { g.completion?(g.finished); g.completion = nil }
        readyCompletions.removeAll(keepingCapacity: true)
    }

    /// A subtree leaves its window: its animations end unfinished, presentation = model.
    func viewWillLeaveWindow(_ root: View) {
        var i = 0
        while i < running.count {
            if let v = running[i].view, v.isDescendant(of: root) {
                let a = running.remove(at: i)
                v.presentation.copy(a.property, from: v.model)
                v.animatedProperties &= ~a.property.bit
                a.group.finished = false
                end(a.group)
            } else {
                i += 1
            }
        }
    }
}

extension View {
    /// Animates the changes `animations` makes (N1): model values change at once; each changed
    /// animatable property (frame, bounds, center, alpha, colours, transform, corner radius,
    /// border) animates its presentation from its current value to the new model value. Frame
    /// changes made by a `layoutIfNeeded()` inside the block are animated too, which is how
    /// constraint changes animate. Nested blocks inherit duration and curve unless `options`
    /// override them. `completion` runs once, in the completions phase of the frame in which the
    /// last animation ended, with `false` if any was interrupted or its view removed; when the
    /// block changes nothing it runs at once with `true`.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               curve: TimingCurve = .easeInOut, animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        precondition(duration >= 0 && duration.isFinite, "animate(withDuration:): the duration must be finite and not negative; got \(duration)")
        precondition(delay >= 0 && delay.isFinite, "animate(withDuration:delay:): the delay must be finite and not negative; got \(delay)")
        let outer = AnimationTransaction.stack.last
        let group = CompletionGroup(completion)
        var tx = AnimationTransaction(duration: duration, delay: delay, curve: curve, group: group)
        if let outer {
            if !options.contains(.overrideInheritedDuration) { tx.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) { tx.curve = outer.curve }
        }
        group.pending += 1                         // held open while the block runs
        AnimationTransaction.stack.append(tx)
        animations()
        AnimationTransaction.stack.removeLast()
        group.pending -= 1
        if group.pending == 0 { group.completion?(true); group.completion = nil }
    }
}
