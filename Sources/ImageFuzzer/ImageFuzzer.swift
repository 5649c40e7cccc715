import CLibFuzzer
import Foundation
import Geometry
import Images

// Built with `-Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer` (scripts/fuzz), this is the image
// decoding libFuzzer target (CN2); built normally, it replays the files named on its command
// line (`swift run ImageFuzzer Tests/Fuzz/image-regressions/*`).

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

private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main
struct ImageFuzzer {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: ImageFuzzer FILE...   (replays inputs; scripts/fuzz builds the libFuzzer target)")
            return
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); continue }
            print("\(path): \(run([UInt8](data)))")
        }
        #endif
    }
}
