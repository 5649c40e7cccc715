// Key-value observing messages sent to any object (RU3). Objective-C sends
// `addObserver(_:forKeyPath:options:context:)` and `removeObserver(_:forKeyPath:...)` to an
// `AnyObject` (`id`) as to any other object; Swift on Linux has no dynamic lookup on
// `AnyObject`, so such a call does not compile. The lowering passes the receiver of every such
// call through the facade's `AnyKeyValueObservable`, which sends the message on to a UIKit
// responder (the receiver's own methods when it is one, so nothing changes for them):
//
//   object.addObserver(self, forKeyPath: k, options: [.new], context: &c)
//       -> AnyKeyValueObservable(object).addObserver(self, forKeyPath: k, options: [.new], context: &c)
//   object?.removeObserver(self, forKeyPath: k)
//       -> AnyKeyValueObservable(object).removeObserver(self, forKeyPath: k)
//
// Only a call whose second argument is labelled `forKeyPath` is lowered (a notification
// centre's `addObserver(_:selector:name:object:)` is not), and only a receiver written as a
// chain of names (`object`, `self.scrollView`, `weakBox?.object`); `super`'s calls and calls
// with no receiver are left alone. The text grows on its own line only: no line moves.

private let observingMessages = [".addObserver", ".removeObserver"].map { Array($0.utf8) }
private let forKeyPathLabel = Array("forKeyPath".utf8)
private let receiverType = Array("AnyKeyValueObservable(".utf8)

/// Wraps the receivers of key-value observing messages (see the file comment).
func lowerMessagesToAnyObject(_ bytes: inout [UInt8], _ masked: inout [UInt8]) {
    var edits: [(range: Range<Int>, text: [UInt8])] = []
    for message in observingMessages {
        var i = 0
        while let dot = find(message, in: masked, from: i) {
            i = dot + message.count
            let open = i
            guard open < masked.count, masked[open] == UInt8(ascii: "(") else { continue }
            guard secondLabel(masked, open: open) == forKeyPathLabel, let start = receiverStart(masked, dot: dot) else { continue }
            var end = dot
            if masked[end - 1] == UInt8(ascii: "?") { end -= 1 }
            let receiver = Array(bytes[start..<end])
            guard receiver != Array("super".utf8), receiver != Array("self".utf8) else { continue }
            edits.append((start..<dot, receiverType + receiver + [UInt8(ascii: ")")]))
        }
    }
    for e in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
        bytes.replaceSubrange(e.range, with: e.text)
        masked.replaceSubrange(e.range, with: e.text)
    }
}

/// The label of the second argument of the call whose `(` is at `open`, if it has one.
private func secondLabel(_ masked: [UInt8], open: Int) -> [UInt8]? {
    guard let close = matchingParen(masked, open: open) else { return nil }
    var depth = 0, j = open + 1
    while j < close {
        switch masked[j] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
        case UInt8(ascii: ",") where depth == 0:
            j += 1
            while j < close, masked[j] == space || masked[j] == newline || masked[j] == UInt8(ascii: "\t") { j += 1 }
            let s = j
            while j < close, isIdentifier(masked[j]) { j += 1 }
            return Array(masked[s..<j])
        default: break
        }
        j += 1
    }
    return nil
}

/// Where the receiver before the `.` at `dot` begins, when it is a chain of names joined by
/// `.`, `?.` or `!.`; nil for anything else (a call's result, a literal, no receiver).
private func receiverStart(_ masked: [UInt8], dot: Int) -> Int? {
    var j = dot
    while true {
        if j > 0, masked[j - 1] == UInt8(ascii: "?") || masked[j - 1] == UInt8(ascii: "!") { j -= 1 }
        let end = j
        while j > 0, isIdentifier(masked[j - 1]) { j -= 1 }
        guard j < end, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(masked[j]) else { return nil }
        guard j > 0, masked[j - 1] == UInt8(ascii: ".") else { break }
        j -= 1
    }
    // What comes before must not continue the expression (`f().x`, `a[0].x`, `#keyPath`).
    if j > 0, [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "$")].contains(masked[j - 1]) {
        return nil
    }
    return j
}

// Key-value coding through a cast to `AnyObject` (RU3). Objective-C code ported to Swift reads
// nested property lists as `(dictionary.value(forKey: "Buttons") as AnyObject).value(forKey: k)`:
// on Darwin the cast makes an `id`, to which any message may be sent. On Linux `AnyObject` has
// no dynamic lookup, so the lowering passes such a receiver through `ObjectiveC`'s
// `AnyKeyValueCoding`, which reads the key from a dictionary or a key-value coding object:
//
//   (item as AnyObject).value(forKey: "title")
//       -> AnyKeyValueCoding(item as AnyObject).value(forKey: "title")
//
// Only a receiver written as a parenthesised expression ending in `as AnyObject` is lowered,
// where nothing before its `(` makes it an argument list (`f(x as AnyObject).value(...)`); a
// name whose type is `AnyObject` is not, since the lowering does not know types. The text grows
// on its own line only.

private let codingMessage = Array(".value".utf8)
private let codingLabels = [Array("forKey".utf8), Array("forKeyPath".utf8)]
private let codingType = Array("AnyKeyValueCoding".utf8)
private let asAnyObject = Array("as AnyObject".utf8)

/// Wraps the cast receivers of key-value coding reads (see the comment above).
func lowerKeyValueCodingOfCasts(_ bytes: inout [UInt8], _ masked: inout [UInt8]) {
    var inserts: [Int] = []
    var i = 0
    while let dot = find(codingMessage, in: masked, from: i) {
        i = dot + codingMessage.count
        guard i < masked.count, masked[i] == UInt8(ascii: "("), dot > 0, masked[dot - 1] == UInt8(ascii: ")"),
              let label = firstLabel(masked, after: i + 1),
              codingLabels.contains(label), let open = matchingOpenParen(masked, close: dot - 1) else { continue }
        var end = dot - 1
        while end > open + 1, masked[end - 1] == space || masked[end - 1] == newline { end -= 1 }
        guard end - asAnyObject.count > open, Array(masked[(end - asAnyObject.count)..<end]) == asAnyObject else { continue }
        if open > 0 {
            let before = masked[open - 1]
            if isIdentifier(before) || [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "!"),
                                        UInt8(ascii: ">")].contains(before) { continue }
        }
        inserts.append(open)
    }
    for at in inserts.sorted(by: >) {
        bytes.insert(contentsOf: codingType, at: at)
        masked.insert(contentsOf: codingType, at: at)
    }
}

/// The label of the first argument of a call whose arguments start at `start` (after its `(`).
private func firstLabel(_ masked: [UInt8], after start: Int) -> [UInt8]? {
    var j = start
    while j < masked.count, isIdentifier(masked[j]) { j += 1 }
    guard j > start, j < masked.count, masked[j] == UInt8(ascii: ":") else { return nil }
    return Array(masked[start..<j])
}

/// The `(` matching the `)` at `close`, if any.
private func matchingOpenParen(_ masked: [UInt8], close: Int) -> Int? {
    var depth = 0, k = close
    while k >= 0 {
        if masked[k] == UInt8(ascii: ")") { depth += 1 } else if masked[k] == UInt8(ascii: "(") { depth -= 1; if depth == 0 { return k } }
        k -= 1
    }
    return nil
}
