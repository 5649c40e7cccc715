import FuzzDriver
import Foundation
import Geometry
import Images

// The image decoding fuzz target (CN2), run by FuzzDriver under libFuzzer or over files
// (`swift run ImageFuzzer Tests/Fuzz/image-regressions/*`).

/// A limit of four megapixels keeps each input fast; the header check is the same at any limit.
private let decoder = ImageDecoder(pixelLimit: 4_000_000)

/// Decodes one input and touches what it made: every frame's pixels, the frame at a few
/// times, a resizable copy. Returns what happened, for replays.
private func run(_ bytes: [UInt8]) -> String {
    do {
        let image = try decoder.decode(bytes)
        var sum = 0
        for frame in image.images ?? [image] {
            precondition(frame.bitmap.rgba.count == frame.bitmap.width * frame.bitmap.height * 4)
            sum &+= Int(frame.bitmap.rgba.last ?? 0)
        }
        for t in [0.0, 0.05, 1.7, -3] { _ = image.frame(at: t) }
        _ = image.resizableImage(withCapInsets: EdgeInsets(all: 2))
        return "\(image) (\(sum))"
    } catch {
        return "refused: \(error)"
    }
}

@main
struct ImageFuzzer {
    static func main() {
        fuzzMain(name: "ImageFuzzer") { bytes in run(bytes) }
    }
}
