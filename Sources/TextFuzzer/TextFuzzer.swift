import CLibFuzzer
import Foundation
@_spi(Fuzzing) import TextEngine

// Built with `-Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer` (scripts/fuzz), this is the text
// layout libFuzzer target; built normally, it replays the files named on its command line
// (`swift run TextFuzzer Tests/Fuzz/text-regressions/*`).

/// One font system for every input, as an engine would keep one.
nonisolated(unsafe) private let fonts = FontSystem.standard()

private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    TextFuzzHarness.run(bytes: bytes, fonts: fonts)
    return 0
}

@main
struct TextFuzzer {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: TextFuzzer FILE...   (replays inputs; scripts/fuzz builds the libFuzzer target)")
            return
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); continue }
            print("\(path): \(TextFuzzHarness.run(bytes: [UInt8](data), fonts: fonts)) lines")
        }
        #endif
    }
}
