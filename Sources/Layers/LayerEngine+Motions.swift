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
        var list = driven
        guard !list.contains(where: { $0.value === motion }) else { return }
        driven = []                                   // changed on a unique copy (see queueLayout)
        list.append(WeakDrivenMotion(value: motion))
        driven = list
        runLoop?.requestFrame()
    }

    /// Stops advancing `motion` (and forgets motions whose owners went away).
    package func stopDriving(_ motion: any FrameDrivenAnimation) {
        var list = driven
        driven = []
        list.removeAll { $0.value === motion || $0.value == nil }
        driven = list
    }

    /// Whether any motion is driven now.
    package var hasDrivenMotions: Bool { !driven.isEmpty }

    /// The motions driven now, in the order they started.
    package var drivenMotions: [any FrameDrivenAnimation] { driven.compactMap(\.value) }

    /// Advances the driven motions, in the order they started; one that ends (or stops itself
    /// while advancing) leaves the list.
    func advanceDriven(_ frame: FrameInfo) {
        // The list is read again after each motion advanced: a motion may drive or stop others.
        var k = 0
        while true {
            var list = driven
            guard k < list.count else { break }
            guard let d = list[k].value else {
                driven = []
                list.remove(at: k)
                driven = list
                continue
            }
            let keeps = d.advance(to: frame)
            list = driven
            if k < list.count, list[k].value === d {
                if keeps {
                    k += 1
                } else {
                    driven = []
                    list.remove(at: k)
                    driven = list
                }
            }
        }
    }
}
