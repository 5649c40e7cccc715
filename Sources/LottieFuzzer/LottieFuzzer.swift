import FuzzDriver
import Foundation
import Lottie

// The Lottie reader's fuzz target (LT8), run by FuzzDriver under libFuzzer or over files
// (`swift run LottieFuzzer Tests/Fuzz/lottie-regressions/*`).

/// Tighter limits than the defaults keep each input fast; the checks are the same at any limit.
private let limits: LottieLimits = {
    var l = LottieLimits()
    l.maximumKeyframes = 20_000
    l.maximumLayers = 2_000
    l.maximumVertices = 5_000
    l.maximumImagePixels = 1_000_000
    l.maximumTotalImagePixels = 2_000_000
    l.maximumSide = 4_096
    return l
}()

/// Reads one input and, when it reads, builds its layer tree and draws it at a few frames
/// (first, middle, last, a fraction, one outside the range). Returns what happened, for replays.
@MainActor
private func run(_ bytes: [UInt8]) -> String {
    do {
        let animation = try LottieAnimation(data: bytes, limits: limits)
        let composition = LottieComposition(animation: animation)
        var commands = 0
        let span = animation.endFrame - animation.startFrame
        for frame in [animation.startFrame, animation.startFrame + span / 2, animation.endFrame - 1, animation.startFrame + 0.37, animation.endFrame + 10] {
            composition.setFrame(frame)
            commands += composition.displayList().commands.count
        }
        return "\(animation.layers.count) layers, \(commands) commands, \(animation.warnings.count) warnings"
    } catch {
        return "refused: \(error)"
    }
}

@main
struct LottieFuzzer {
    static func main() {
        fuzzMain(name: "LottieFuzzer") { bytes in MainActor.assumeIsolated { run(bytes) } }
    }
}
