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
//
// The other way round: a method a library declares in an extension of its own class and a
// subclass overrides (Charts' `extension ChartData: RangeReplaceableCollection { func append ...
// }`, overridden in `CombinedChartData`) goes through the runtime on Apple platforms too; Swift
// on Linux refuses the override ("declared in extension ... cannot be overridden"). Such a
// method moves into its class's body the same way, and the subclass's override then compiles.

/// The source with each `override` member of an extension of a class the file declares moved
/// into that class's body; `file` is the path `#sourceLocation` names (the user's file).
/// `module` holds the module's other files (path and source): the overrides their extensions
/// of this file's classes move in too, lowered by `lower` first, and this file's overrides in
/// extensions of a class another file declares are taken out (that file's lowering takes them).
public func movingExtensionOverrides(_ source: String, file: String, module: [(path: String, source: String)] = [],
                                     lower: (String) -> String = { $0 }) -> String {
    let bytes = Array(source.utf8)
    let masked = maskCommentsAndStrings(bytes)
    let (classes, extensions, repeated) = topLevelDeclarations(masked)
    // Where each class of the module is declared; a name declared twice is left alone.
    var owners: [String: Int] = [:]
    for name in classes.keys { owners[name, default: 0] += 1 }
    for name in repeated { owners[name, default: 0] += 2 }
    var others: [(path: String, source: String, extensions: [(String, Range<Int>)])] = []
    for other in module where other.path != file {
        let d = topLevelDeclarations(maskCommentsAndStrings(Array(other.source.utf8)))
        for name in d.classes.keys { owners[name, default: 0] += 1 }
        for name in d.repeated { owners[name, default: 0] += 2 }
        others.append((other.path, other.source, d.extensions))
    }
    // The instance methods each class of the module has overridden by a class descending from it.
    let overridden = overriddenMethods([masked] + module.filter { $0.path != file }.map { maskCommentsAndStrings(Array($0.source.utf8)) })
    func movable(_ m: [UInt8], _ body: Range<Int>, of name: String) -> [Range<Int>] {
        (overrideMembers(m, body: body) + overriddenMembers(m, body: body, names: overridden[name] ?? []))
            .sorted { $0.lowerBound < $1.lowerBound }
    }
    var moves: [(member: Range<Int>, into: Int)] = []
    var blanks: [Range<Int>] = []
    for (name, body) in extensions {
        if let classBody = classes[name], owners[name] == 1 {
            for member in movable(masked, body, of: name) { moves.append((member, classBody.upperBound)) }
        } else if classes[name] == nil, owners[name] == 1 {
            blanks += movable(masked, body, of: name)
        }
    }
    // Overrides in the other files' extensions of this file's classes: their text, lowered.
    var incoming: [(text: String, path: String, line: Int, into: Int)] = []
    for other in others where other.extensions.contains(where: { classes[$0.0] != nil && owners[$0.0] == 1 }) {
        let lowered = Array(lower(other.source).utf8)
        let loweredMasked = maskCommentsAndStrings(lowered)
        for (name, body) in topLevelDeclarations(loweredMasked).extensions {
            guard let classBody = classes[name], owners[name] == 1 else { continue }
            for member in movable(loweredMasked, body, of: name) {
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
private func topLevelDeclarations(_ masked: [UInt8]) -> (classes: [String: Range<Int>], extensions: [(String, Range<Int>)],
                                                           repeated: Set<String>) {
    var classes: [String: Range<Int>] = [:], repeated: Set<String> = [], uikit: Set<String> = []
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
            if isClass {
                // A class declared once per `#if` branch (Charts' `NSUIView` for UIKit and for
                // AppKit) is the one of the UIKit branch; with no such branch it is left alone.
                let branch = enclosingBranch(masked, at: i)
                if branch == .uikit {
                    if uikit.contains(name) { repeated.insert(name) } else { uikit.insert(name); classes[name] = (open + 1)..<close }
                } else if classes[name] != nil, !uikit.contains(name) { repeated.insert(name) }
                else if classes[name] == nil { classes[name] = (open + 1)..<close }
                if repeated.contains(name) { classes[name] = nil }
            } else if !constrained, enclosingBranch(masked, at: i) != .other { extensions.append((name, (open + 1)..<close)) }
        }
        i = close + 1
    }
    return (classes, extensions, repeated)
}

/// For each class the sources declare, the names of the instance methods that classes
/// descending from it override (by name: an overload moves with its namesake).
private func overriddenMethods(_ sources: [[UInt8]]) -> [String: Set<String>] {
    var parents: [String: String] = [:]
    var overrides: [(String, [String])] = []
    for m in sources {
        parents.merge(classParents(masked: m)) { own, _ in own }
        for c in classDeclarations(m) {
            let names = memberFunctions(m, body: c.body).filter(\.isOverride).map(\.name)
            if !names.isEmpty { overrides.append((c.name, names)) }
        }
    }
    var result: [String: Set<String>] = [:]
    for (name, names) in overrides {
        var seen: Set<String> = [name], current = name
        while let parent = parents[current], !seen.contains(parent) {
            result[parent, default: []].formUnion(names)
            seen.insert(parent); current = parent
        }
    }
    return result
}

/// Which branch of conditional compilation the declaration at `offset` is in: UIKit's (an `#if`
/// or `#elseif` whose condition names `canImport(UIKit)` or `os(iOS)`, or `true` where the
/// lowering already wrote it for `os(iOS)`: the branch this lowering's code takes), another
/// platform's (one naming AppKit or macOS, or the `#else` of UIKit's), or none known.
private enum Branch { case none, uikit, other }
private func enclosingBranch(_ masked: [UInt8], at offset: Int) -> Branch {
    var depth = 0, end = offset, inElse = false
    while end > 0 {
        var start = end - 1
        while start > 0, masked[start - 1] != newline { start -= 1 }
        let line = String(decoding: masked[start..<end], as: UTF8.self).trimmingWhitespace()
        end = start
        if line.hasPrefix("#endif") { depth += 1; continue }
        guard line.hasPrefix("#if") || line.hasPrefix("#else") else { continue }
        if depth > 0 { if line.hasPrefix("#if") { depth -= 1 }; continue }
        if line == "#else" || line.hasPrefix("#else ") { inElse = true; continue }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "|" || $0 == "&" })
        let uikit = (line.contains("canImport(UIKit)") && !line.contains("!canImport(UIKit)"))
            || (line.contains("os(iOS)") && !line.contains("!os(iOS)")) || words.dropFirst().contains("true")
        if inElse { return uikit ? .other : .none }
        if uikit { return .uikit }
        let other = ["canImport(AppKit)", "os(OSX)", "os(macOS)"].contains { line.contains($0) && !line.contains("!" + $0) }
        return other ? .other : .none
    }
    return .none
}

/// The instance methods directly in an extension's body whose names are in `names` (and that
/// are not overrides themselves), each as ``overrideMembers(_:body:)`` delimits a member.
private func overriddenMembers(_ masked: [UInt8], body: Range<Int>, names: Set<String>) -> [Range<Int>] {
    guard !names.isEmpty else { return [] }
    var result: [Range<Int>] = []
    for f in memberFunctions(masked, body: body) where !f.isOverride && names.contains(f.name) {
        var start = f.position
        while start > body.lowerBound, masked[start - 1] != newline { start -= 1 }
        let modifiers = masked[start..<f.position]
        // Only modifiers and attributes before `func` on its line; not a type's own method.
        guard modifiers.allSatisfy({ isIdentifier($0) || $0 == space || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "@") }),
              find(Array("static".utf8), in: Array(modifiers), from: 0) == nil,
              find(Array("class".utf8), in: Array(modifiers), from: 0) == nil,
              let range = memberRange(masked, body: body, start: start, after: f.position) else { continue }
        result.append(range)
    }
    return result
}

/// Where the attribute lines (`@available(...)`, `@objc`) directly above the line starting at
/// `lineStart` begin, within `body`; `lineStart` itself when there are none.
private func attributeLinesStart(_ masked: [UInt8], body: Range<Int>, lineStart: Int) -> Int {
    var start = lineStart
    while start > body.lowerBound {
        var p = start - 1
        while p > body.lowerBound, masked[p - 1] != newline { p -= 1 }
        let lineText = masked[p..<(start - 1)].drop(while: { $0 == space || $0 == UInt8(ascii: "\t") })
        guard lineText.first == UInt8(ascii: "@") else { break }
        start = p
    }
    return start
}

/// The member whose line starts at `start` (attribute lines above it included), to the end of the
/// closing brace of the body that follows `after`; nil unless that brace ends its line.
private func memberRange(_ masked: [UInt8], body: Range<Int>, start lineStart: Int, after: Int) -> Range<Int>? {
    let start = attributeLinesStart(masked, body: body, lineStart: lineStart)
    var j = after
    while j < body.upperBound, masked[j] != UInt8(ascii: "{") {
        if masked[j] == UInt8(ascii: "(") { j = matchingParen(masked, open: j) ?? body.upperBound }
        j += 1
    }
    guard j < body.upperBound, let close = matchingBrace(masked, open: j), close < body.upperBound else { return nil }
    var end = close + 1
    while end < body.upperBound, masked[end] == space || masked[end] == UInt8(ascii: "\t") { end += 1 }
    return end == body.upperBound || masked[end] == newline ? start..<(close + 1) : nil
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
        start = attributeLinesStart(masked, body: body, lineStart: start)
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
