import FuzzDriver
import Foundation
@_spi(Fuzzing) import TextEngine

// The text layout fuzz target (issue 23), run by FuzzDriver under libFuzzer or over files
// (`swift run TextFuzzer Tests/Fuzz/text-regressions/*`).

/// One font system for every input, as an engine would keep one.
nonisolated(unsafe) private let fonts = FontSystem.standard()

@main
struct TextFuzzer {
    static func main() {
        fuzzMain(name: "TextFuzzer") { bytes in "\(TextFuzzHarness.run(bytes: bytes, fonts: fonts)) lines" }
    }
}
