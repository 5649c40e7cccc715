import Foundation
import Testing
import Layers
import Timeline
import TimelineTestSupport
@testable import Lottie

/// MR2: a Lottie animation view, its composition and layers are freed once let go, playing or not.
@Suite("MR2 Lottie leaks", .endsIdle)
@MainActor
struct LottieLeakTests {
    final class Target { var completions: [Bool] = [] }

    @Test("MR2: an animation view playing a fixture (once, looping, paused), removed and released, frees its layers, composition and completion")
    func MR2_animationViewsFreed() throws {
        let host = makeHost(width: 400, height: 300)
        let files = ["gradient_fill_linear.json", "group_transform.json", "auto_orient.json"]
        for (i, file) in files.enumerated() {
            for mode in [LottieLoopMode.playOnce, .loop, .autoReverse] {
                let path = Doc.folder.appendingPathComponent("Corpus/\(file)").path
                let target = Target()
                expectFreed("\(file) \(mode)", settle: { host.runUntilIdle() }) {
                    var watched: [AnyObject] = []
                    for round in 0..<20 {
                        let v = LottieAnimationView(filePath: path)
                        #expect(v.animation != nil)
                        v.translatesAutoresizingMaskIntoConstraints = true
                        v.frame = Rect(x: 0, y: 0, width: 400, height: 300)
                        v.loopMode = mode
                        host.root.addSubview(v)
                        v.play { target.completions.append($0) }
                        host.step(frames: 12 + round % 7)
                        if i == 1 && round % 2 == 0 { v.pause() }
                        v.removeFromSuperview()
                        host.step()
                        var layers: [AnyObject] = []
                        if let root = v.composition?.rootLayer { layers = [root] + (root.sublayers ?? []) }
                        watched += [v, v.layer] + layers + [v.animation!, v.composition!]
                    }
                    return watched
                }
                #expect(!target.completions.contains(true) || mode == .playOnce)
            }
        }
    }
}
