// Lowers the Objective-C-only spellings of UIKit code so it compiles on Linux (UK3). Swift on
// Linux rejects `@objc`, and `#selector` needs the Objective-C runtime; both are rewritten in
// place, every line where it was, so compiler messages still point at the user's lines:
//
//   @objc, @objc(name), @objcMembers, @IBAction, @IBOutlet, @IBInspectable, @IBDesignable,
//   @NSManaged, @GKInspectable                -> blanked (spaces of the same width)
//   #selector(Type.method(_:))                -> Selector("method:", method: Type.method(_:))
//   #selector(method(_:)) inside a type body  -> Selector("method:", method: Enclosing.method(_:))
//   #selector(getter: p) / #selector(setter: p) -> Selector("p") / Selector("setP:")
//   override init(frame:) / init(style:reuseIdentifier:) in a table or collection view cell
//                                              -> required init(...)
//   #keyPath(CAGradientLayer.locations)       -> "locations"  (the key path's string, RU3)
//   os(iOS) in an #if or #elseif condition    -> true  (the lowered code is iOS code, RU3)
//   import Darwin / import ObjectiveC.runtime -> import Glibc / import ObjectiveC (RU3)
//   NSClassFromString(...)                    -> UIClassFromString(...)  (a class that answers
//                                                `responds(to:)`, as the runtime's does, RU3)
//   override of the runtime's NSObject methods in a class inheriting NSObject
//                                              -> blanked (RuntimeOverrides.swift, RU3)
//   @objc protocols and optional requirements -> see ObjCProtocols.swift (RU3)
//   x.addObserver(o, forKeyPath: ...) / x.removeObserver(o, forKeyPath: ...) on any receiver
//                                              -> AnyKeyValueObservable(x).addObserver(...)
//                                                 (AnyObjectMessages.swift, RU3)
//   override in an extension of a class the module declares -> moved into the class
//                                              (ExtensionOverrides.swift, RU3; the tool does it)
//
// A selector made this way carries the method, so target-action calls it without a runtime.
// The rewriting is lexical: comments and string contents are never touched.

/// The source with the Objective-C spellings lowered (see the file comment); `moduleOptionalMethods`
/// are the optional methods the module's other files declare (``optionalMethodNames(in:)``), and
/// `moduleClassParents` their classes' superclasses (``classParents(in:)``);
/// `inheritedOptionalMethods` the optional methods classes of the module and of the modules it
/// depends on leave to their subclasses (``inheritedOptionalMethods(in:)``), and
/// `dependencyClassParents` the superclasses of those modules' classes.
public func lowerObjectiveC(_ source: String, moduleOptionalMethods: Set<String> = [],
                            moduleClassParents: [String: String] = [:],
                            inheritedOptionalMethods: [String: Set<String>] = [:],
                            dependencyClassParents: [String: String] = [:]) -> String {
    var bytes = Array(source.utf8)
    var masked = maskCommentsAndStrings(bytes)
    let labels = functionLabels(masked)
    let enclosing = enclosingTypes(masked)

    // #selector, from the end so earlier offsets stay valid.
    var edits: [(range: Range<Int>, text: [UInt8])] = []
    var i = 0
    let keyword = Array("#selector".utf8)
    while let start = find(keyword, in: masked, from: i) {
        var j = start + keyword.count
        while j < masked.count, masked[j] == UInt8(ascii: " ") { j += 1 }
        guard j < masked.count, masked[j] == UInt8(ascii: "(") else { i = j; continue }
        guard let close = matchingParen(masked, open: j) else { break }
        let inner = String(decoding: bytes[(j + 1)..<close], as: UTF8.self)
        // Only a method reference is rewritten; anything else is left for the compiler to report.
        guard let replacement = selectorExpression(inner, enclosing: enclosing[start], labels: labels) else {
            i = close + 1
            continue
        }
        // A selector written over several lines keeps its line breaks after the replacement.
        let breaks = bytes[start...close].filter { $0 == newline }.count
        edits.append((start..<(close + 1), Array(replacement.utf8) + [UInt8](repeating: newline, count: breaks)))
        i = close + 1
    }
    for e in edits.reversed() {
        bytes.replaceSubrange(e.range, with: e.text)
        masked.replaceSubrange(e.range, with: e.text)
    }
    lowerKeyPathsAndPlatform(&bytes, &masked)
    lowerDarwinImports(&bytes, masked)
    lowerClassLookups(&bytes, masked)
    lowerMessagesToAnyObject(&bytes, &masked)
    lowerKeyValueCodingOfCasts(&bytes, &masked)
    lowerPreviews(&bytes, &masked)
    let forwarding = lowerRuntimeOverrides(&bytes, &masked, moduleParents: moduleClassParents)
    let lowered = lowerObjCProtocols(&bytes, &masked, moduleOptionalMethods: moduleOptionalMethods)
    lowerInheritedOptionalMethods(&bytes, &masked, protocols: lowered.protocols, inherited: inheritedOptionalMethods,
                                  parents: moduleClassParents.merging(dependencyClassParents) { own, _ in own })
    let defaults = [lowered.appendix, forwarding].filter { !$0.isEmpty }.joined(separator: " ")

    // Attributes: blank them where they are code.
    let attributes = ["objcMembers", "objc", "IBAction", "IBOutlet", "IBInspectable", "IBDesignable", "NSManaged", "GKInspectable"]
        .map { Array($0.utf8) }
    var k = 0
    while k < masked.count {
        guard masked[k] == UInt8(ascii: "@"), let name = attributes.first(where: { matches($0, in: masked, at: k + 1) })
        else { k += 1; continue }
        var end = k + 1 + name.count
        if name == Array("objc".utf8) {
            var p = end
            while p < masked.count, masked[p] == UInt8(ascii: " ") { p += 1 }
            if p < masked.count, masked[p] == UInt8(ascii: "("), let c = matchingParen(masked, open: p) { end = c + 1 }
        }
        for q in k..<end where bytes[q] != UInt8(ascii: "\n") { bytes[q] = UInt8(ascii: " ") }
        k = end
    }

    // Cells: UIKit makes a registered cell class through its initializer by the runtime; here
    // a class's initializer is called from its metatype only when it is `required`, so a cell's
    // override of the initializer the table or collection view calls becomes `required` (the
    // same width: nothing moves).
    let cells = cellClasses(masked)
    if !cells.isEmpty {
        let types = enclosingTypes(masked)
        let override = Array("override".utf8), initKeyword = Array("init".utf8)
        var m = 0
        while let at = find(override, in: masked, from: m) {
            m = at + override.count
            guard isBoundary(masked, at - 1), let t = types[at], cells.contains(t) else { continue }
            var j = m
            while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
            // An access level may come between (`override public init(frame:)`).
            for word in ["public", "open", "internal", "fileprivate", "private"] {
                let w = Array(word.utf8)
                guard matches(w, in: masked, at: j), !isIdentifierAt(masked, j + w.count) else { continue }
                j += w.count
                while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
                break
            }
            guard matches(initKeyword, in: masked, at: j) else { continue }
            j += initKeyword.count
            while j < masked.count, masked[j] == space { j += 1 }
            guard j < masked.count, masked[j] == UInt8(ascii: "(") else { continue }
            j += 1
            while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
            guard matches(Array("frame".utf8), in: masked, at: j) || matches(Array("style".utf8), in: masked, at: j) else { continue }
            for (q, c) in "required".utf8.enumerated() { bytes[at + q] = c; masked[at + q] = c }
        }
    }
    // The optional requirements' default implementations go on the last line, after the last
    // newline, when that line holds no comment or string (no line moves).
    if !defaults.isEmpty {
        let tail = (masked.lastIndex(of: newline).map { $0 + 1 } ?? 0)..<masked.count
        if bytes[tail] == masked[tail] { bytes += Array(((tail.isEmpty ? "" : " ") + defaults).utf8) }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// `#keyPath(Type.a.b)` becomes the string `"a.b"` (the type named first dropped, as the
/// Objective-C key path has no type), and `os(iOS)` in an `#if` or `#elseif` condition becomes
/// `true` padded to its width: code written for UIKit's platform takes its iOS branches.
func lowerKeyPathsAndPlatform(_ bytes: inout [UInt8], _ masked: inout [UInt8]) {
    let keyword = Array("#keyPath".utf8)
    var edits: [(range: Range<Int>, text: [UInt8], lines: Int)] = []
    var i = 0
    while let start = find(keyword, in: masked, from: i) {
        i = start + keyword.count
        guard i < masked.count, masked[i] == UInt8(ascii: "("), let close = matchingParen(masked, open: i) else { continue }
        let inner = String(decoding: masked[(i + 1)..<close], as: UTF8.self).filter { !$0.isWhitespace }
        var parts = inner.split(separator: ".").map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ $0.utf8.allSatisfy(isIdentifier) }) else { continue }
        if parts.count > 1, let f = parts[0].first, f.isUppercase { parts.removeFirst() }
        // A key path written over several lines keeps them, after the string (no line moves).
        let lines = masked[start...close].filter { $0 == newline }.count
        edits.append((start..<(close + 1), Array("\"\(parts.joined(separator: "."))\"".utf8), lines))
        i = close + 1
    }
    for e in edits.reversed() {
        let breaks = [UInt8](repeating: newline, count: e.lines)
        bytes.replaceSubrange(e.range, with: e.text + breaks)
        // The string's contents are not code.
        masked.replaceSubrange(e.range, with: [quote] + [UInt8](repeating: space, count: e.text.count - 2) + [quote] + breaks)
    }
    let ios = Array("os(iOS)".utf8), replacement = Array("true   ".utf8)
    var lineStart = 0
    while lineStart < masked.count {
        let lineEnd = masked[lineStart...].firstIndex(of: newline) ?? masked.count
        var k = lineStart
        while k < lineEnd, masked[k] == space || masked[k] == UInt8(ascii: "\t") { k += 1 }
        if matches(Array("#if".utf8), in: masked, at: k) || matches(Array("#elseif".utf8), in: masked, at: k) {
            var q = k
            while let at = find(ios, in: masked, from: q), at < lineEnd {
                if isBoundary(masked, at - 1) {
                    bytes.replaceSubrange(at..<(at + ios.count), with: replacement)
                    masked.replaceSubrange(at..<(at + ios.count), with: replacement)
                }
                q = at + ios.count
            }
        }
        lineStart = lineEnd + 1
    }
}

/// Darwin's modules under the names Linux gives them, padded to their width: `import Darwin`
/// (the C library, Glibc here) and `import ObjectiveC.runtime` (a submodule of the runtime whose
/// associated objects and selectors the ObjectiveC module provides). Only a whole import line.
func lowerDarwinImports(_ bytes: inout [UInt8], _ masked: [UInt8]) {
    let renames = [("import Darwin", "import Glibc"), ("import ObjectiveC.runtime", "import ObjectiveC")]
    var lineStart = 0
    while lineStart < masked.count {
        let lineEnd = masked[lineStart...].firstIndex(of: newline) ?? masked.count
        var k = lineStart
        while k < lineEnd, masked[k] == space || masked[k] == UInt8(ascii: "\t") { k += 1 }
        for (from, to) in renames {
            let f = Array(from.utf8)
            guard matches(f, in: masked, at: k), !isIdentifierAt(masked, k + f.count),
                  k + f.count >= masked.count || masked[k + f.count] != UInt8(ascii: ".") else { continue }
            let t = Array(to.utf8)
            bytes.replaceSubrange(k..<(k + f.count), with: t + [UInt8](repeating: space, count: f.count - t.count))
            break
        }
        lineStart = lineEnd + 1
    }
}

/// `NSClassFromString(` as `UIClassFromString(`, the facade's lookup of the same width, whose
/// class answers `responds(to:)` and `perform(_:)` as the Objective-C runtime's does (Foundation's
/// on Linux gives an `AnyClass`, which has no members). Only a call of the free function.
func lowerClassLookups(_ bytes: inout [UInt8], _ masked: [UInt8]) {
    let from = Array("NSClassFromString".utf8), to = Array("UIClassFromString".utf8)
    var i = 0
    while let at = find(from, in: masked, from: i) {
        i = at + from.count
        guard at == 0 || (!isIdentifier(masked[at - 1]) && masked[at - 1] != UInt8(ascii: ".")) else { continue }
        var k = i
        while k < masked.count, masked[k] == space { k += 1 }
        guard k < masked.count, masked[k] == UInt8(ascii: "(") else { continue }
        bytes.replaceSubrange(at..<i, with: to)
    }
}

/// The classes in the file that are table or collection view cells: UIKit's cell classes'
/// subclasses, and theirs.
func cellClasses(_ masked: [UInt8]) -> Set<String> {
    var supers: [String: String] = [:]
    let keyword = Array("class".utf8)
    var i = 0
    func identifier(at start: Int) -> (String, Int) {
        var j = start
        while j < masked.count, isIdentifier(masked[j]) { j += 1 }
        return (String(decoding: masked[start..<j], as: UTF8.self), j)
    }
    func skipSpaces(_ k: Int) -> Int {
        var j = k
        while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
        return j
    }
    while let at = find(keyword, in: masked, from: i) {
        i = at + keyword.count
        guard isBoundary(masked, at - 1) else { continue }
        let (name, afterName) = identifier(at: skipSpaces(i))
        guard !name.isEmpty else { continue }
        var j = skipSpaces(afterName)
        guard j < masked.count, masked[j] == UInt8(ascii: ":") else { continue }
        j = skipSpaces(j + 1)
        let (parent, _) = identifier(at: j)
        if !parent.isEmpty { supers[name] = parent }
    }
    var cells: Set<String> = []
    var grew = true
    while grew {
        grew = false
        for (name, parent) in supers where !cells.contains(name)
            && (parent == "UITableViewCell" || parent == "UICollectionViewCell" || parent == "UICollectionViewListCell" || cells.contains(parent)) {
            cells.insert(name)
            grew = true
        }
    }
    return cells
}

// MARK: - Selector expressions

/// The `Selector(...)` expression for the inside of `#selector(...)`, or nil when the inside is
/// not a method reference (identifiers, dots, argument labels; whitespace is dropped).
func selectorExpression(_ inner: String, enclosing: String?, labels: [String: String]) -> String? {
    let text = String(inner.unicodeScalars.filter { !$0.properties.isWhitespace })
    guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0 == "_" || $0 == "." || $0 == "(" || $0 == ")" || $0 == ":"
        || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || !$0.isASCII && $0.properties.isXIDContinue })
    else { return nil }
    for (prefix, isSetter) in [("getter:", false), ("setter:", true)] where text.hasPrefix(prefix) {
        let property = String(text.dropFirst(prefix.count)).split(separator: ".").last.map(String.init) ?? ""
        let name = isSetter ? "set" + property.prefix(1).uppercased() + property.dropFirst() + ":" : property
        return "Selector(\"\(name)\")"
    }
    var reference = text
    if reference.hasPrefix("self.") { reference.removeFirst(5) }
    // The method is what follows the last dot before any argument labels.
    let head = reference.split(separator: "(", maxSplits: 1).first.map(String.init) ?? reference
    let typePrefix = head.contains(".") ? String(head[..<head.lastIndex(of: ".")!]) : ""
    let method = typePrefix.isEmpty ? reference : String(reference.dropFirst(typePrefix.count + 1))
    let name = objectiveCName(method, labels: labels)
    let owner = typePrefix.isEmpty ? enclosing : typePrefix
    // A lowercase prefix is an instance (`action.didTap`), not a type: the method is looked up
    // on the instance's type (`selectorOwnerType(of:)`, optionals unwrapped), as Swift does.
    guard let owner, owner.first?.isUppercase == true else {
        if owner != nil, owner == typePrefix {
            return "Selector(\"\(name)\", method: selectorOwnerType(of: \(typePrefix)).\(method))"
        }
        return "Selector(\"\(name)\")"
    }
    return "Selector(\"\(name)\", method: \(owner).\(method))"
}

/// The Objective-C name of a Swift method reference: `tap` -> `tap` (or `tap:` when the file
/// declares `func tap(_ x: ...)`), `tap(_:)` -> `tap:`, `move(to:)` -> `moveTo:`,
/// `set(_:for:)` -> `set:for:`.
func objectiveCName(_ method: String, labels: [String: String]) -> String {
    let parts = method.split(separator: "(", maxSplits: 1)
    let base = parts.first.map { String($0).trimmingWhitespace() } ?? method
    let argumentLabels: [String]
    if parts.count == 2 {
        argumentLabels = parts[1].dropLast(parts[1].hasSuffix(")") ? 1 : 0).split(separator: ":", omittingEmptySubsequences: false)
            .dropLast().map { String($0).trimmingWhitespace() }
    } else if let declared = labels[base] {
        argumentLabels = declared.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
    } else {
        return base
    }
    guard !argumentLabels.isEmpty else { return base }
    var name = base
    for (index, label) in argumentLabels.enumerated() {
        let shown = label == "_" ? "" : label
        name += (index == 0 && !shown.isEmpty ? shown.prefix(1).uppercased() + shown.dropFirst() : shown) + ":"
    }
    return name
}

// MARK: - Lexing

let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\""),
            slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#")

/// `bytes` with comments and the contents of string literals replaced by spaces (newlines
/// kept): what is left is code, at the same offsets.
func maskCommentsAndStrings(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    func blank(_ r: Range<Int>) { for k in r where out[k] != newline { out[k] = space } }
    var i = 0
    let n = bytes.count
    while i < n {
        let b = bytes[i]
        if b == slash, i + 1 < n, bytes[i + 1] == slash {
            var j = i
            while j < n, bytes[j] != newline { j += 1 }
            blank(i..<j); i = j
        } else if b == slash, i + 1 < n, bytes[i + 1] == star {
            var depth = 1, j = i + 2
            while j < n, depth > 0 {
                if bytes[j] == slash, j + 1 < n, bytes[j + 1] == star { depth += 1; j += 2 }
                else if bytes[j] == star, j + 1 < n, bytes[j + 1] == slash { depth -= 1; j += 2 }
                else { j += 1 }
            }
            blank(i..<j); i = j
        } else if b == quote || (b == hash && i + 1 < n && (bytes[i + 1] == quote || bytes[i + 1] == hash)) {
            // A string literal, raw (`#"..."#`) or not, single-line or multi-line.
            var hashes = 0, j = i
            while j < n, bytes[j] == hash { hashes += 1; j += 1 }
            guard j < n, bytes[j] == quote else { i = j; continue }
            let multiline = j + 2 < n && bytes[j + 1] == quote && bytes[j + 2] == quote
            let delimiter = multiline ? 3 : 1
            var k = j + delimiter
            var end = n
            while k < n {
                if hashes == 0, bytes[k] == backslash { k += 2; continue }
                if !multiline, bytes[k] == newline { end = k; break }
                if bytes[k] == quote, (0..<delimiter).allSatisfy({ k + $0 < n && bytes[k + $0] == quote }),
                   (0..<hashes).allSatisfy({ k + delimiter + $0 < n && bytes[k + delimiter + $0] == hash }) {
                    end = k + delimiter + hashes
                    break
                }
                k += 1
            }
            blank((j + delimiter)..<max(j + delimiter, min(n, end - delimiter - hashes)))
            i = end
        } else {
            i += 1
        }
    }
    return out
}

/// The argument labels of each function the file declares (`tap` -> `_:`), the first
/// declaration of a name winning.
func functionLabels(_ masked: [UInt8]) -> [String: String] {
    var result: [String: String] = [:]
    let keyword = Array("func".utf8)
    var i = 0
    while let at = find(keyword, in: masked, from: i) {
        i = at + keyword.count
        guard isBoundary(masked, at - 1), i < masked.count, masked[i] == space || masked[i] == UInt8(ascii: "\t") else { continue }
        var j = i
        while j < masked.count, masked[j] == space { j += 1 }
        let nameStart = j
        while j < masked.count, isIdentifier(masked[j]) { j += 1 }
        guard j > nameStart else { continue }
        let name = String(decoding: masked[nameStart..<j], as: UTF8.self)
        while j < masked.count, masked[j] != UInt8(ascii: "("), masked[j] != UInt8(ascii: "{"), masked[j] != newline { j += 1 }
        guard j < masked.count, masked[j] == UInt8(ascii: "("), let close = matchingParen(masked, open: j) else { continue }
        let params = splitTopLevel(String(decoding: masked[(j + 1)..<close], as: UTF8.self))
        let labels = params.map { p -> String in
            let head = p.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            return (head.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.map(String.init) ?? "_") + ":"
        }.joined()
        if result[name] == nil { result[name] = labels }
    }
    return result
}

/// For each offset, the innermost named type whose body contains it (a class, struct, enum,
/// actor or extension), by braces.
func enclosingTypes(_ masked: [UInt8]) -> [String?] {
    var result = [String?](repeating: nil, count: masked.count + 1)
    var stack: [String?] = []
    var pending: String?
    let kinds = ["class", "struct", "enum", "actor", "extension"].map { Array($0.utf8) }
    let notTypes: Set<String> = ["func", "var", "let", "override", "static", "final", "private", "fileprivate", "public",
                                 "internal", "open", "required", "convenience", "subscript", "init", "case"]
    var i = 0
    while i < masked.count {
        let b = masked[i]
        if isIdentifier(b), isBoundary(masked, i - 1), let kind = kinds.first(where: { matches($0, in: masked, at: i) }),
           !isIdentifierAt(masked, i + kind.count) {
            var j = i + kind.count
            while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
            let start = j
            while j < masked.count, isIdentifier(masked[j]) || masked[j] == UInt8(ascii: ".") { j += 1 }
            let name = String(decoding: masked[start..<j], as: UTF8.self)
            if !name.isEmpty, !notTypes.contains(name) { pending = name }
            for k in i..<j { result[k] = stack.last(where: { $0 != nil }) ?? nil }
            i = j
            continue
        }
        if b == UInt8(ascii: "{") { stack.append(pending); pending = nil }
        else if b == UInt8(ascii: "}") { _ = stack.popLast() }
        result[i] = stack.last(where: { $0 != nil }) ?? nil
        i += 1
    }
    return result
}

// MARK: - Helpers

func find(_ needle: [UInt8], in hay: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, hay.count >= needle.count, start <= hay.count - needle.count else { return nil }
    var i = start
    while i <= hay.count - needle.count {
        if hay[i] == needle[0], matches(needle, in: hay, at: i) { return i }
        i += 1
    }
    return nil
}

func matches(_ needle: [UInt8], in hay: [UInt8], at i: Int) -> Bool {
    guard i >= 0, i + needle.count <= hay.count else { return false }
    for k in 0..<needle.count where hay[i + k] != needle[k] { return false }
    return !isIdentifierAt(hay, i + needle.count)
}

func isIdentifier(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
}
func isIdentifierAt(_ bytes: [UInt8], _ i: Int) -> Bool { i >= 0 && i < bytes.count && isIdentifier(bytes[i]) }
func isBoundary(_ bytes: [UInt8], _ i: Int) -> Bool { !isIdentifierAt(bytes, i) && !(i >= 0 && i < bytes.count && bytes[i] == UInt8(ascii: "@")) }

/// The index of the `)` matching the `(` at `open`, in masked source.
func matchingParen(_ masked: [UInt8], open: Int) -> Int? {
    var depth = 0
    for k in open..<masked.count {
        if masked[k] == UInt8(ascii: "(") { depth += 1 }
        else if masked[k] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { return k } }
    }
    return nil
}

/// Splits at commas outside brackets.
private func splitTopLevel(_ s: String) -> [String] {
    var parts: [String] = [], current = "", depth = 0
    for c in s {
        if "([<".contains(c) { depth += 1 } else if ")]>".contains(c) { depth -= 1 }
        if c == ",", depth == 0 { parts.append(current); current = "" } else { current.append(c) }
    }
    if !current.trimmingWhitespace().isEmpty { parts.append(current) }
    return parts
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
