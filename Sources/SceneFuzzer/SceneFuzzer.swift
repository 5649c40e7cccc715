import FuzzDriver
import Foundation
import FuzzHarness
import TimelineSDL
import Timeline

// The scene pipeline's fuzz target (Z5), run by FuzzDriver under libFuzzer or over files
// (`swift run SceneFuzzer Tests/FuzzRegressions/*.json`).

/// One font system for every input (the fuzzer's own, as an engine's would be): text is laid
/// out and drawn as in the CLI, without starting fontconfig again per input.
@MainActor private let fuzzFonts = FontSystem.standard()

@main
struct SceneFuzzer {
    static func main() {
        // `--print-scene` (replays only) prints the scene a non-JSON input generates.
        let printScene = CommandLine.arguments.contains("--print-scene")
        fuzzMain(name: "SceneFuzzer") { bytes in
            MainActor.assumeIsolated {
                if printScene, bytes.first != UInt8(ascii: "{") {
                    FileHandle.standardError.write(Data((FuzzHarness.generatedScene(bytes) + "\n").utf8))
                }
                return "\(FuzzHarness.run(bytes: bytes, fonts: fuzzFonts))"
            }
        }
    }
}
