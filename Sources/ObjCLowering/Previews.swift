// Xcode previews (RU3). `#Preview { ... }` (with or without a name and traits in parentheses)
// is a design-time macro that Xcode's canvas expands; it declares nothing the program uses, and
// Linux has no canvas and no `Preview` macro. The lowering blanks each such block (its lines
// stay, empty), so the file compiles and every message keeps its line.

private let previewMacro = Array("#Preview".utf8)

/// Blanks every `#Preview` block (see the file comment).
func lowerPreviews(_ bytes: inout [UInt8], _ masked: inout [UInt8]) {
    var i = 0
    while let start = find(previewMacro, in: masked, from: i) {
        i = start + previewMacro.count
        var j = i
        func skipSpace() { while j < masked.count, masked[j] == space || masked[j] == newline || masked[j] == UInt8(ascii: "\t") { j += 1 } }
        skipSpace()
        if j < masked.count, masked[j] == UInt8(ascii: "(") {
            guard let close = matchingParen(masked, open: j) else { continue }
            j = close + 1
            skipSpace()
        }
        guard j < masked.count, masked[j] == UInt8(ascii: "{"), let end = matchingBrace(masked, open: j) else { continue }
        for k in start...end where bytes[k] != newline {
            bytes[k] = space
            masked[k] = space
        }
        i = end + 1
    }
}

