import FuzzDriver
import SceneReading

// The input readers' fuzz target, run by FuzzDriver under libFuzzer or over files
// (`swift run InputFuzzer Tests/Fuzz/input-regressions/*`): any bytes, as a scene file's scripted
// input (RU5) and as a session recording (IN6), give either input steps in time order (events in
// frame order, a mark within the frames) or a SceneError with a line and column, also when read
// for the app that made it or for another program; nothing traps.

@main
struct InputFuzzer {
    static func main() {
        fuzzMain(name: "InputFuzzer") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let recording: String
            do throws(SceneError) {
                let r = try RecordingReader.parse(text, file: "fuzz.json")
                for (a, b) in zip(r.events, r.events.dropFirst()) {
                    precondition(a.frame <= b.frame, "the recording's events are out of frame order")
                }
                let frames = r.frameCount
                precondition(r.events.allSatisfy { $0.frame < frames }, "an event beyond the recording's frames")
                precondition(r.mark.map { $0 < frames } ?? true, "a mark past the recording's end")
                // The program that replays it: its own app accepts it, any other program refuses it with a place.
                for replayer: RecordingReader.Replayer in [.sceneReplay, .app(r.app ?? "fuzz")] {
                    do throws(SceneError) {
                        let again = try RecordingReader.parse(text, file: "fuzz.json", for: replayer)
                        precondition(again == r, "the recording reads differently for \(replayer)")
                    } catch {
                        precondition(error.location.line >= 1 && error.location.column >= 1, "an error without a place: \(error)")
                    }
                }
                recording = "recording of \(r.frameCount) frames"
            } catch {
                precondition(error.location.line >= 1 && error.location.column >= 1, "an error without a place: \(error)")
                recording = "no recording"
            }
            do throws(SceneError) {
                let steps = try ScriptedInput.parse(text, file: "fuzz.json")
                // A recording's events (each with "frame") keep frame order; a script's, time order.
                for (a, b) in zip(steps, steps.dropFirst()) {
                    if let fa = a.frame, let fb = b.frame {
                        precondition(fa <= fb, "the recorded steps are out of frame order: \(fa) before \(fb)")
                    } else {
                        precondition(a.at <= b.at, "the steps are out of time order: \(a.at) before \(b.at)")
                    }
                }
                precondition(steps.count <= 100_000 + 7_202, "the input expanded to \(steps.count) steps")
                return "\(steps.count) steps; \(recording)"
            } catch {
                precondition(error.location.line >= 1 && error.location.column >= 1, "an error without a place: \(error)")
                return "error: \(error.message); \(recording)"
            }
        }
    }
}
