import FuzzDriver
import SceneReading

// The scripted-input reader's fuzz target (RU5), run by FuzzDriver under libFuzzer or over files
// (`swift run InputFuzzer Tests/Fuzz/input-regressions/*`): any bytes, as a scene file, give
// either input steps in time order or a SceneError with a line and column; nothing traps.

@main
struct InputFuzzer {
    static func main() {
        fuzzMain(name: "InputFuzzer") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            do throws(SceneError) {
                let steps = try ScriptedInput.parse(text, file: "fuzz.json")
                for (a, b) in zip(steps, steps.dropFirst()) {
                    precondition(a.at <= b.at, "the steps are out of time order: \(a.at) before \(b.at)")
                }
                precondition(steps.count <= 100_000 + 7_202, "the input expanded to \(steps.count) steps")
                return "\(steps.count) steps"
            } catch {
                precondition(error.location.line >= 1 && error.location.column >= 1, "an error without a place: \(error)")
                return "error: \(error.message)"
            }
        }
    }
}
