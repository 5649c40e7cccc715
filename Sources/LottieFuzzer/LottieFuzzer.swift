import CLibFuzzer
import Foundation
import Lottie

// Built with `-Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer` (scripts/fuzz), this is the Lottie
// reader's libFuzzer target (LT8); built normally, it replays the files named on its command
// line (`swift run LottieFuzzer Tests/Fuzz/lottie-regressions/*`).

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

private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = MainActor.assumeIsolated { run(bytes) }
    return 0
}

@main
struct LottieFuzzer {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: LottieFuzzer FILE...   (replays inputs; scripts/fuzz builds the libFuzzer target)")
            return
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); continue }
            print("\(path): \(MainActor.assumeIsolated { run([UInt8](data)) })")
        }
        #endif
    }
}
