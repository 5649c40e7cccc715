import Testing
import TimelineTestSupport
import Geometry
@testable import Views

/// AM5: which of a view's properties its own animations drive (a block, a keyframe block, a
/// property animator) is the tick's bookkeeping; the view's layer keeps it, beside the
/// animations it describes, and `View` holds none of it.
@Suite("AM5 the tick's bits on the view's layer", .endsIdle)
@MainActor
struct ViewAnimationBitsTests {
    let alpha = AnimatableProperty.alpha.bit
    let center = AnimatableProperty.center.bit

    @Test("AM5 a block's animation sets its property's bit on the layer, and its end clears it")
    func blockBits() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        View.animate(withDuration: 0.25, animations: { v.alpha = 0.5 })
        #expect(v.viewLayer.viewAnimatedProperties == alpha)
        #expect(v.viewLayer.viewKeyframedProperties == 0)
        #expect(v.isAnimating(.alpha) && !v.isAnimating(.center))
        host.runUntilIdle()
        #expect(v.viewLayer.viewAnimatedProperties == 0)
        #expect(!v.isAnimating(.alpha))
        #expect(v.presentation.opacity == 0.5)
    }

    @Test("AM5 a keyframe block marks its properties at capture, before its animations exist; a block interrupting it takes the keyframe mark away")
    func keyframeBits() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        var seenInside: (UInt16, UInt16, Bool) = (0, 0, true)
        View.animateKeyframes(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { v.alpha = 0 }
            seenInside = (v.viewLayer.viewAnimatedProperties, v.viewLayer.viewKeyframedProperties,
                          v.viewLayer.hasViewAnimation(of: AnimatableProperty.alpha.layerProperty))
        })
        #expect(seenInside.0 == alpha && seenInside.1 == alpha)
        #expect(!seenInside.2, "the keyframe animation is added when the block ends, not at capture")
        #expect(v.viewLayer.hasViewAnimation(of: AnimatableProperty.alpha.layerProperty))
        for _ in 0..<10 { host.step() }
        var finished: Bool?
        View.animate(withDuration: 0.1, options: .beginFromCurrentState, animations: { v.alpha = 1 }) { _ in }
        View.animate(withDuration: 0.1, animations: { v.center = Point(x: 20, y: 20) }) { finished = $0 }
        #expect(v.viewLayer.viewAnimatedProperties == alpha | center)
        #expect(v.viewLayer.viewKeyframedProperties == 0, "the block replaced the keyframes: the bit blends again")
        host.runUntilIdle()
        #expect(finished == true)
        #expect(v.viewLayer.viewAnimatedProperties == 0 && v.viewLayer.viewKeyframedProperties == 0)
        #expect(v.presentation.opacity == 1)
    }

    @Test("AM5 a property animator's track marks its property while it runs and clears it when it ends")
    func animatorBits() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        let animator = PropertyAnimator(duration: 0.2, curve: .linear) { v.alpha = 0 }
        animator.startAnimation()
        #expect(v.viewLayer.viewAnimatedProperties == alpha)
        host.runUntilIdle()
        #expect(v.viewLayer.viewAnimatedProperties == 0)
        #expect(v.presentation.opacity == 0)
    }
}
