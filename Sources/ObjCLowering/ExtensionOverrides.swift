// Overrides written in extensions (RU3). On Apple platforms a class may override, in an
// extension, a member its superclass declares `@objc` (every UIKit member is): the override goes
// through the Objective-C runtime. Swift on Linux has no such runtime and refuses it ("declared in
// 'UIView' cannot be overridden from extension"). When the class is declared in the same file,
// the override means the same thing inside the class's body, so it moves there:
//
//   class Cell: UITableViewCell { ... }          class Cell: UITableViewCell { ...
//   extension Cell {                              #sourceLocation(file: "Cell.swift", line: 5)
//       override func layoutSubviews() { ... }       override func layoutSubviews() { ... }
//   }                                             #sourceLocation(file: "Cell.swift", line: 3)
//                                                 }
//                                                 extension Cell {
//                                                     (blank lines where the override was)
//                                                 }
//
// `#sourceLocation` lines keep every compiler message at the user's file and line. An override
// in another file of the module (`Cell+Accessibility.swift`) moves the same way: the lowering of
// the class's file takes it in, the lowering of its own file leaves blank lines. An extension with
// a `where` clause, or of a class the module declares twice or not at all, is left as it is.

/// The source with each `override` member of an extension of a class the file declares moved
/// into that class's body; `file` is the path `#sourceLocation` names (the user's file).
/// `module` holds the module's other files (path and source): the overrides their extensions
/// of this file's classes move in too, lowered by `lower` first, and this file's overrides in
/// extensions of a class another file declares are taken out (that file's lowering takes them).
public func movingExtensionOverrides(_ source: String, file: String, module: [(path: String, source: String)] = [],
                                     lower: (String) -> String = { $0 }) -> String {
    let bytes = Array(source.utf8)
    let masked = maskCommentsAndStrings(bytes)
    let (classes, extensions) = topLevelDeclarations(masked)
    // Where each class of the module is declared; a name declared twice is left alone.
    var owners: [String: Int] = [:]
    for name in classes.keys { owners[name, default: 0] += 1 }
    var others: [(path: String, source: String, extensions: [(String, Range<Int>)])] = []
    for other in module where other.path != file {
        let d = topLevelDeclarations(maskCommentsAndStrings(Array(other.source.utf8)))
        for name in d.classes.keys { owners[name, default: 0] += 1 }
        others.append((other.path, other.source, d.extensions))
    }
    var moves: [(member: Range<Int>, into: Int)] = []
    var blanks: [Range<Int>] = []
    for (name, body) in extensions {
        if let classBody = classes[name], owners[name] == 1 {
            for member in overrideMembers(masked, body: body) { moves.append((member, classBody.upperBound)) }
        } else if classes[name] == nil, owners[name] == 1 {
            blanks += overrideMembers(masked, body: body)
        }
    }
    // Overrides in the other files' extensions of this file's classes: their text, lowered.
    var incoming: [(text: String, path: String, line: Int, into: Int)] = []
    for other in others where other.extensions.contains(where: { classes[$0.0] != nil && owners[$0.0] == 1 }) {
        let lowered = Array(lower(other.source).utf8)
        let loweredMasked = maskCommentsAndStrings(lowered)
        for (name, body) in topLevelDeclarations(loweredMasked).extensions {
            guard let classBody = classes[name], owners[name] == 1 else { continue }
            for member in overrideMembers(loweredMasked, body: body) {
                incoming.append((String(decoding: lowered[member], as: UTF8.self), other.path,
                                 line(of: member.lowerBound, in: lowered), classBody.upperBound))
            }
        }
    }
    guard !moves.isEmpty || !blanks.isEmpty || !incoming.isEmpty else { return source }

    // Insertions at each class's closing brace: this file's members in source order, then the
    // other files' in the module's order.
    var edits: [(at: Int, remove: Range<Int>?, text: [UInt8])] = []
    for close in Set(moves.map(\.into) + incoming.map(\.into)) {
        var text = "\n"
        for m in moves where m.into == close {
            text += "#sourceLocation(file: \"\(escaped(file))\", line: \(line(of: m.member.lowerBound, in: bytes)))\n"
            text += String(decoding: bytes[m.member], as: UTF8.self) + "\n"
        }
        for m in incoming where m.into == close {
            text += "#sourceLocation(file: \"\(escaped(m.path))\", line: \(m.line))\n" + m.text + "\n"
        }
        text += "#sourceLocation(file: \"\(escaped(file))\", line: \(line(of: close, in: bytes)))\n"
        edits.append((close, nil, Array(text.utf8)))
    }
    for range in moves.map(\.member) + blanks {
        // Blank where the member was: every line stays where it was.
        edits.append((range.lowerBound, range, bytes[range].map { $0 == newline ? newline : space }))
    }
    var out = bytes
    for e in edits.sorted(by: { $0.at > $1.at }) {
        out.replaceSubrange(e.remove ?? e.at..<e.at, with: e.text)
    }
    return String(decoding: out, as: UTF8.self)
}

/// The 1-based line of a byte offset.
private func line(of offset: Int, in bytes: [UInt8]) -> Int { 1 + bytes[..<offset].count(where: { $0 == newline }) }

/// A path as a string literal's contents.
private func escaped(_ path: String) -> String {
    path.reduce(into: "") { out, c in
        if c == "\\" || c == "\"" { out.append("\\") }
        out.append(c)
    }
}

/// The top-level classes (name -> body, braces excluded) and extensions without a `where`
/// clause (name and body) of masked source.
private func topLevelDeclarations(_ masked: [UInt8]) -> (classes: [String: Range<Int>], extensions: [(String, Range<Int>)]) {
    var classes: [String: Range<Int>] = [:]
    var extensions: [(String, Range<Int>)] = []
    let classWord = Array("class".utf8), extensionWord = Array("extension".utf8), whereWord = Array("where".utf8)
    var i = 0
    while i < masked.count {
        let b = masked[i]
        if b == UInt8(ascii: "{") {
            // Not a declaration we look for: skip the whole block.
            i = (matchingBrace(masked, open: i) ?? masked.count - 1) + 1
            continue
        }
        guard isIdentifier(b), isBoundary(masked, i - 1) else { i += 1; continue }
        let isClass = matches(classWord, in: masked, at: i)
        guard isClass || matches(extensionWord, in: masked, at: i) else {
            while i < masked.count, isIdentifier(masked[i]) { i += 1 }
            continue
        }
        var j = i + (isClass ? classWord.count : extensionWord.count)
        while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
        let nameStart = j
        while j < masked.count, isIdentifier(masked[j]) || (!isClass && masked[j] == UInt8(ascii: ".")) { j += 1 }
        let name = String(decoding: masked[nameStart..<j], as: UTF8.self)
        guard let open = masked[j...].firstIndex(of: UInt8(ascii: "{")), let close = matchingBrace(masked, open: open) else { break }
        let header = Array(masked[j..<open])
        let constrained = (0..<header.count).contains { isBoundary(header, $0 - 1) && matches(whereWord, in: header, at: $0) }
        if !name.isEmpty, !header.contains(UInt8(ascii: "}")) {
            if isClass { classes[name] = (open + 1)..<close } else if !constrained { extensions.append((name, (open + 1)..<close)) }
        }
        i = close + 1
    }
    return (classes, extensions)
}

/// The `override` members directly in an extension's body, each from the start of its first
/// line (attribute lines above it included) to the end of its closing brace. A member is taken
/// only when it starts its line and its closing brace ends one.
private func overrideMembers(_ masked: [UInt8], body: Range<Int>) -> [Range<Int>] {
    let overrideWord = Array("override".utf8)
    var result: [Range<Int>] = []
    var i = body.lowerBound
    while i < body.upperBound {
        let b = masked[i]
        if b == UInt8(ascii: "{") {
            i = (matchingBrace(masked, open: i) ?? body.upperBound) + 1
            continue
        }
        if b == UInt8(ascii: "(") {
            i = (matchingParen(masked, open: i) ?? body.upperBound) + 1
            continue
        }
        guard isIdentifier(b), isBoundary(masked, i - 1), matches(overrideWord, in: masked, at: i) else { i += 1; continue }
        var start = i
        while start > body.lowerBound, masked[start - 1] != newline { start -= 1 }
        // Only modifiers may come before `override` on its line.
        guard masked[start..<i].allSatisfy({ isIdentifier($0) || $0 == space || $0 == UInt8(ascii: "\t") }) else { i += 1; continue }
        // Attribute lines above (`@available(...)`) go with the member.
        while start > body.lowerBound {
            var p = start - 1
            while p > body.lowerBound, masked[p - 1] != newline { p -= 1 }
            let lineText = masked[p..<(start - 1)].drop(while: { $0 == space || $0 == UInt8(ascii: "\t") })
            guard lineText.first == UInt8(ascii: "@") else { break }
            start = p
        }
        var j = i + overrideWord.count
        while j < body.upperBound, masked[j] != UInt8(ascii: "{") {
            if masked[j] == UInt8(ascii: "(") { j = matchingParen(masked, open: j) ?? body.upperBound }
            j += 1
        }
        guard j < body.upperBound, let close = matchingBrace(masked, open: j), close < body.upperBound else { break }
        var end = close + 1
        while end < body.upperBound, masked[end] == space || masked[end] == UInt8(ascii: "\t") { end += 1 }
        if end == body.upperBound || masked[end] == newline { result.append(start..<(close + 1)) }
        i = close + 1
    }
    return result
}
