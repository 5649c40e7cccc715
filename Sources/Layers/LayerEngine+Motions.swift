import FrameTiming

/// A motion the layer engine advances from each frame's time besides the layers' animations: a
/// timeline's playhead, a scroll view's deceleration, a scene file's animator, UIKit Dynamics'
/// steps (AM3). One driver for every animation (CA8): none runs as a frame observer on the side.
/// Its values must be a function of the frame's time and its own start, never a sum of deltas.
@MainActor
package protocol FrameDrivenAnimation: AnyObject {
    /// Moves to `frame`'s time; returns false once it has ended (the engine then drops it).
    func advance(to frame: FrameInfo) -> Bool
}

/// A driven motion, held weakly: an owner that goes away ends its motion.
struct WeakDrivenMotion {
    weak var value: (any FrameDrivenAnimation)?
}

extension LayerEngine {
    /// Advances `motion` in every animation phase from the next frame on, until it returns false
    /// or ``stopDriving(_:)``; held weakly.
    package func drive(_ motion: any FrameDrivenAnimation) {
        guard !driven.contains(where: { $0.value === motion }) else { return }
        driven.append(WeakDrivenMotion(value: motion))
        runLoop?.requestFrame()
    }

    /// Stops advancing `motion` (and forgets motions whose owners went away).
    package func stopDriving(_ motion: any FrameDrivenAnimation) {
        driven.removeAll { $0.value === motion || $0.value == nil }
    }

    /// Whether any motion is driven now.
    package var hasDrivenMotions: Bool { !driven.isEmpty }

    /// The motions driven now, in the order they started.
    package var drivenMotions: [any FrameDrivenAnimation] { driven.compactMap(\.value) }

    /// Advances the driven motions, in the order they started; one that ends (or stops itself
    /// while advancing) leaves the list.
    func advanceDriven(_ frame: FrameInfo) {
        var k = 0
        while k < driven.count {
            guard let d = driven[k].value else { driven.remove(at: k); continue }
            let keeps = d.advance(to: frame)
            if k < driven.count, driven[k].value === d {
                if keeps { k += 1 } else { driven.remove(at: k) }
            }
        }
    }
}
