import FuzzDriver
import ObjCLowering

// The Objective-C lowering's fuzz target (UK3), run by FuzzDriver under libFuzzer or over files
// (`swift run ObjCLowerFuzzer Tests/Fuzz/objc-regressions/*`): any bytes, as source text, are
// lowered without trapping, and the lowering keeps every line where it was.

@main
struct ObjCLowerFuzzer {
    static func main() {
        fuzzMain(name: "ObjCLowerFuzzer") { bytes in
            let source = String(decoding: bytes, as: UTF8.self)
            let lowered = lowerObjectiveC(source)
            let lines = source.utf8.filter { $0 == UInt8(ascii: "\n") }.count
            precondition(lowered.utf8.filter { $0 == UInt8(ascii: "\n") }.count == lines,
                         "the lowering moved lines: \(lines) before")
            return "\(lines + 1) lines, \(lowered.utf8.count) bytes"
        }
    }
}
