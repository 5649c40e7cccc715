import FuzzDriver
import Foundation
@_spi(Fuzzing) import TextEngine

// The text layout fuzz target (issue 23), run by FuzzDriver under libFuzzer or over files
// (`swift run TextFuzzer Tests/Fuzz/text-regressions/*`).

@main
struct TextFuzzer {
    static func main() {
        // One font system for every input, as an engine would keep one.
        let fonts = FontSystem.standard()
        fuzzMain(name: "TextFuzzer") { bytes in "\(TextFuzzHarness.run(bytes: bytes, fonts: fonts)) lines" }
    }
}
