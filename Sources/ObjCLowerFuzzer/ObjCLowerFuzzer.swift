import FuzzDriver
import ObjCLowering

// The Objective-C lowering's fuzz target (UK3), run by FuzzDriver under libFuzzer or over files
// (`swift run ObjCLowerFuzzer Tests/Fuzz/objc-regressions/*`): any bytes, as source text, are
// lowered without trapping, and the lowering keeps every line where it was; the move of
// overrides in extensions (the input split in two files of a module) does not trap either, and
// keeps the lines of a file it only takes members out of.

@main
struct ObjCLowerFuzzer {
    static func main() {
        fuzzMain(name: "ObjCLowerFuzzer") { bytes in
            let source = String(decoding: bytes, as: UTF8.self)
            let lowered = lowerObjectiveC(source)
            let lines = source.utf8.filter { $0 == UInt8(ascii: "\n") }.count
            precondition(lowered.utf8.filter { $0 == UInt8(ascii: "\n") }.count == lines,
                         "the lowering moved lines: \(lines) before")
            let half = source.index(source.startIndex, offsetBy: source.count / 2)
            let module = [(path: "a.swift", source: String(source[..<half])), (path: "b.swift", source: String(source[half...]))]
            let moved = movingExtensionOverrides(module[0].source, file: "a.swift", module: module, lower: { lowerObjectiveC($0) })
            let newlines = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
            if !moved.contains("#sourceLocation") {
                precondition(newlines(moved) == newlines(module[0].source),
                             "the move of overrides changed the lines of a file it took nothing into")
            }
            return "\(lines + 1) lines, \(lowered.utf8.count) bytes"
        }
    }
}
