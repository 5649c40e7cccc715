import Geometry
import Layers
import Motion

// A block's changes are animations of the views' layers (CA8, AM1): each changed property
// becomes a basic (or spring) animation of the view's layer, UIKit's additive offset from the
// value before the change to the new model value, evaluated by the layer engine with the
// layer's own animations. The block's animations share one timing, evaluated once a frame.

extension AnimationEngine {
    /// Adds the animation of `property` a block made on `view`'s layer (loaded, so hosted and
    /// shown): under the property's key path ("-2", "-3", … for further additive ones), begun
    /// at the running frame or the next, telling the block's group when it ends.
    func startBlockAnimation(of property: AnimatableProperty, on view: View, from: AnimatableValue, to: AnimatableValue,
                             additive: Bool, _ tx: AnimationTransaction) {
        let group = tx.group
        let shared = group.sharedTiming ?? SharedTiming(tx.timing, curve: tx.curve)
        group.sharedTiming = shared
        let layer = view.viewLayer
        _ = view.layer
        let description = Self.basic(property, from: from, to: to, curve: tx.curve)
        description.isAdditive = additive
        Self.describeTiming(shared.timing, on: description)
        let hold = shared.timing.heldProgress(along: shared.curve)
        description.delegate = ViewAnimationEnd(view: view, property: property, group: group, counts: counts,
                                                held: hold.map { (from, to, $0) })
        group.pending += 1
        blockCount += 1
        view.viewLayer.viewAnimatedProperties |= property.bit
        layer.addBlockAnimation(description, of: property.layerProperty, from: Self.layerValueTyped(from),
                                to: Self.layerValueTyped(to), timing: shared)
    }

    // MARK: Descriptions

    /// A basic animation of `property` from one value to another along `curve`, as Core
    /// Animation would describe it: a spring (mass 1, its stiffness and damping) for a spring
    /// curve, else with its timing function.
    static func basic(_ property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue,
                      curve: TimingCurve) -> BasicAnimation {
        basic(keyPath: layerKeyPath(property), from: from, to: to, curve: curve)
    }

    /// The same description under `keyPath` (a constraint's "constant", which no layer has).
    static func basic(keyPath: String, from: AnimatableValue, to: AnimatableValue, curve: TimingCurve) -> BasicAnimation {
        let basic: BasicAnimation
        if case .spring(let s) = curve {
            let spring = SpringAnimation()
            spring.mass = 1
            spring.stiffness = s.stiffness
            spring.damping = 4 * Double.pi * s.dampingRatio / s.response
            spring.initialVelocity = s.initialVelocity
            basic = spring
        } else {
            basic = BasicAnimation()
            basic.timingFunction = timingFunction(curve)
        }
        basic.keyPath = keyPath
        basic.fromValue = layerValue(from)
        basic.toValue = layerValue(to)
        return basic
    }

    /// A block's timing on a Core Animation description (its begin time is set when it begins):
    /// the model's fields Core Animation has (an alternating direction as autoreversing, the
    /// iteration start as a time offset), a delay as a backwards fill.
    static func describeTiming(_ timing: MediaTiming, on animation: Layers.Animation) {
        animation.duration = timing.duration
        animation.beginTime = 0
        animation.repeatCount = timing.repeatCount
        animation.autoreverses = timing.autoreverses || timing.direction == .alternate
        animation.speed = timing.speed
        animation.timeOffset = timing.iterationStart * timing.duration
        animation.fillMode = timing.beginTime > 0 ? .backwards : .removed
    }

    /// The Core Animation timing function of a curve; nil (linear) for curves it has none for
    /// (steps and piecewise-linear curves, which only Web Animations timing makes).
    static func timingFunction(_ curve: TimingCurve) -> MediaTimingFunction? {
        switch curve {
        case .linear: MediaTimingFunction(name: .linear)
        case .cubicBezier(let b): MediaTimingFunction(controlPoints: b.x1, b.y1, b.x2, b.y2)
        case .spring, .steps, .piecewiseLinear: nil
        }
    }

    /// The layer key path of a view property: Core Animation's names (`center` is "position",
    /// `alpha` is "opacity").
    static func layerKeyPath(_ property: AnimatableProperty) -> String { property.layerProperty.key }

    /// A view value as the layer's value.
    static func layerValueTyped(_ v: AnimatableValue) -> LayerValue {
        switch v {
        case .scalar(let x): .number(x)
        case .point(let p): .point(p)
        case .rect(let r): .rect(r)
        case .color(let c): .color(c)
        case .transform(let t): .transform(Transform3D(t))
        }
    }

    /// A view value as the layer property's value type.
    static func layerValue(_ v: AnimatableValue) -> Any { layerValueTyped(v).anyValue }
}

/// Hears a view's block or keyframe-block animation on its layer end (AM1): the property is no
/// longer the view's to animate once no other animation the view made drives it, a forwards
/// fill's value becomes the model (N10), and the block's group counts the end.
@MainActor
final class ViewAnimationEnd: AnimationDelegate {
    /// The view, nil once it is gone (not a weak reference: see ``ObjectReference``).
    let reference: ObjectReference<View>
    var view: View? { reference.object }
    let property: AnimatableProperty
    let group: CompletionGroup
    /// The counts of the engine that runs block animations (nil for a keyframe block's).
    let counts: AnimationCounts?
    /// A web timing's fill: the old and new values and the progress it holds at the end.
    let held: (from: AnimatableValue, to: AnimatableValue, progress: Double)?

    init(view: View, property: AnimatableProperty, group: CompletionGroup, counts: AnimationCounts?,
         held: (from: AnimatableValue, to: AnimatableValue, progress: Double)? = nil) {
        reference = view.reference; self.property = property; self.group = group; self.counts = counts; self.held = held
    }

    func animationDidStop(_ animation: Layers.Animation, finished: Bool) {
        counts?.blocks -= 1
        if let v = view {
            if finished, let held {
                v.setModelWithoutAnimation(property, AnimatableValue.additive(v.modelValue(of: property), from: held.from,
                                                                               to: held.to, 1 - held.progress))
            }
            let layer = v.viewLayer
            if layer.viewAnimatedProperties & property.bit != 0, !layer.hasViewAnimation(of: property.layerProperty) {
                layer.viewAnimatedProperties &= ~property.bit
                layer.viewKeyframedProperties &= ~property.bit
                // The layer engine has shown the model already when the animation ended in its
                // pass (and listed the layer for the window): only a value that differs (a held
                // fill's, or an animation stopped outside a pass) needs the view redrawn (P2).
                let changes = v.onScreen.differs(property, from: layer)
                v.showModel(property)
                if changes { v.presentationChanged() }
            }
        }
        group.animationEndedInCompletions(finished: finished)
    }
}

/// Hears a constraint-constant animation on its view's layer end (AM1): the group counts it,
/// finished only when it ran to its end with its constraint still active (a constraint removed,
/// deactivated or given a newer animation ends it unfinished).
final class ConstantAnimationEnd: AnimationDelegate {
    /// The constraint, through its reference (no side table on it, AM4).
    let constraint: ObjectReference<LayoutConstraint>
    let group: CompletionGroup
    let counts: AnimationCounts

    init(constraint: LayoutConstraint, group: CompletionGroup, counts: AnimationCounts) {
        self.constraint = constraint.reference; self.group = group; self.counts = counts
    }

    func animationDidStop(_ animation: Layers.Animation, finished: Bool) {
        counts.constants -= 1
        group.animationEndedInCompletions(finished: finished && constraint.object?.isActive == true)
    }
}
