import FuzzDriver
import Foundation
import Lottie
import ZIPFoundation

// The `.lottie` reader's fuzz target (LT14), run by FuzzDriver under libFuzzer or over files
// (`swift run DotLottieFuzzer Tests/Fuzz/dotlottie-regressions/*`).
//
// An input that starts as a zip does ("PK") is read as an archive as it is: its directory,
// names, sizes and deflate streams are what the mutations reach. Any other input is packed into
// an archive first, so that the mutations also reach the manifest, the choice of animation and
// the images: it is split at NUL bytes into entries, each `NAME=CONTENT`, written deflated by
// ZIPFoundation (whose checksums a mutated archive would rarely keep right).

/// Tighter limits than the defaults keep each input fast; the checks are the same at any limit.
private let limits: LottieLimits = {
    var l = LottieLimits()
    l.maximumFileBytes = 1 << 20
    l.maximumArchiveEntries = 64
    l.maximumArchiveBytes = 2 << 20
    l.maximumKeyframes = 20_000
    l.maximumLayers = 2_000
    l.maximumVertices = 5_000
    l.maximumImagePixels = 1_000_000
    l.maximumTotalImagePixels = 2_000_000
    l.maximumSide = 4_096
    return l
}()

/// The archive of the `NAME=CONTENT` entries in `bytes`, or nil when ZIPFoundation will not
/// write it (a name it refuses).
private func pack(_ bytes: [UInt8]) -> [UInt8]? {
    guard let archive = try? Archive(accessMode: .create) else { return nil }
    for part in bytes.split(separator: 0, omittingEmptySubsequences: true).prefix(16) {
        guard let eq = part.firstIndex(of: UInt8(ascii: "=")), eq > part.startIndex else { continue }
        let name = String(decoding: part[..<eq], as: UTF8.self)
        let content = Data(part[(eq + 1)...])
        try? archive.addEntry(with: name, type: .file, uncompressedSize: Int64(content.count), compressionMethod: .deflate) { position, size in
            content.subdata(in: Int(position)..<Int(position) + size)
        }
    }
    return archive.data.map { [UInt8]($0) }
}

/// Opens one input and reads each animation it lists; what reads is built and drawn at three
/// frames. Returns what happened, for replays.
@MainActor
private func run(_ bytes: [UInt8]) -> String {
    guard let archive = DotLottieFile.isArchive(bytes) ? bytes : pack(bytes) else { return "not packed" }
    do {
        let file = try DotLottieFile(data: archive, name: "input", limits: limits)
        var results: [String] = []
        for id in file.animationIDs.prefix(4) {
            do {
                let animation = try file.animation(id: id)
                let composition = LottieComposition(animation: animation)
                var commands = 0
                for frame in [animation.startFrame, (animation.startFrame + animation.endFrame) / 2, animation.endFrame - 1] {
                    composition.setFrame(frame)
                    commands += composition.displayList().commands.count
                }
                results.append("\(id): \(animation.layers.count) layers, \(commands) commands")
            } catch {
                results.append("\(id): refused: \(error)")
            }
        }
        return "v\(file.version), " + results.joined(separator: "; ")
    } catch {
        return "refused: \(error)"
    }
}

@main
struct DotLottieFuzzer {
    static func main() {
        fuzzMain(name: "DotLottieFuzzer") { bytes in MainActor.assumeIsolated { run(bytes) } }
    }
}
