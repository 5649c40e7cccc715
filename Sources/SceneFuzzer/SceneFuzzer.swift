import CLibFuzzer
import Foundation
import FuzzHarness
import TimelineSDL
import Timeline

// Built with `-Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer` (scripts/fuzz), this is a libFuzzer
// target: main hands libFuzzer's driver the harness. Built normally, it replays the files named
// on its command line through the same harness and prints what happened to each, to reproduce a
// crash outside the fuzzer (`swift run SceneFuzzer Tests/FuzzRegressions/*.json`).

/// One font system for every input (the fuzzer's own, as an engine's would be): text is laid
/// out and drawn as in the CLI, without starting fontconfig again per input.
@MainActor private let fuzzFonts = FontSystem.standard()

/// One input through the harness; the signature libFuzzer calls.
private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { _ = FuzzHarness.run(bytes: bytes, fonts: fuzzFonts) }
    return 0
}

@main
struct SceneFuzzer {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        let paths = CommandLine.arguments.dropFirst().filter { $0 != "--print-scene" }
        guard !paths.isEmpty else {
            print("usage: SceneFuzzer [--print-scene] FILE...   (replays inputs; scripts/fuzz builds the libFuzzer target)")
            return
        }
        MainActor.assumeIsolated {
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); continue }
                let bytes = [UInt8](data)
                if bytes.first != UInt8(ascii: "{"), CommandLine.arguments.contains("--print-scene") {
                    FileHandle.standardError.write(Data((FuzzHarness.generatedScene(bytes) + "\n").utf8))
                }
                print("\(path): \(FuzzHarness.run(bytes: bytes, fonts: fuzzFonts))")
            }
        }
        #endif
    }
}
