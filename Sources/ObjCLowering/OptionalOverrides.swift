// Optional methods a class leaves to its subclasses (RU4). A class that conforms to an `@objc`
// protocol and leaves one of its optional methods out lets a subclass implement it, and the
// Objective-C runtime finds the subclass's method (AZTransitions' `CustomModalTransition`, whose
// README subclass implements `performTransition(interactive:)`). Lowered, the protocol's default
// implementation would answer for the class and the subclass's method would never be called. So
// the class, when it is `open`, gets the method itself with the default's body, open to
// overriding, and a subclass's method of that name is marked `override`, in the class's module and in
// the modules that depend on it (the plugin passes their files with `--dependency`):
//
//   open class C ...; extension C: P {}  (C leaves out P's optional f) -> C's body ends `open func f(...) {}`
//   class D: C { func f(...) {...} }                        -> class D: C { override func f(...) {...} }
//
// Only text is added inside lines (the class's last line, before `func`): no line moves.

/// The optional methods (with a default) that classes of `source` leave to their subclasses:
/// for each `open` class that conforms, in this file, to one of this file's `@objc` protocols
/// and does not implement some of its optional methods, their names.
public func inheritedOptionalMethods(in source: String) -> [String: Set<String>] {
    var bytes = Array(source.utf8)
    var masked = maskCommentsAndStrings(bytes)
    let protocols = lowerObjCProtocols(&bytes, &masked, moduleOptionalMethods: []).protocols
    var result: [String: Set<String>] = [:]
    for stub in leftOutMethods(masked, protocols) { result[stub.className, default: []].formUnion(stub.requirements.map(\.name)) }
    return result
}

/// One class that leaves optional methods of its protocols out: where its body ends and whether
/// it is `open`.
struct LeftOut {
    var className: String
    var close: Int
    var isOpen: Bool
    var requirements: [OptionalRequirement]
}

/// Gives the classes of the file the optional methods they leave out (see the file comment) and
/// marks their subclasses' methods of those names, and those `inherited` from classes of other
/// files (through `parents`), as overrides. Edits `bytes` and `masked` in place.
func lowerInheritedOptionalMethods(_ bytes: inout [UInt8], _ masked: inout [UInt8], protocols: [ObjCProtocol],
                                   inherited: [String: Set<String>], parents: [String: String]) {
    let own = leftOutMethods(masked, protocols)
    var names = inherited
    for stub in own { names[stub.className, default: []].formUnion(stub.requirements.map(\.name)) }
    var insertions: [(at: Int, text: [UInt8])] = []
    for stub in own {
        let text = stub.requirements.map { " open \($0.signature) \($0.defaultBody ?? "{}")" }.joined(separator: ";")
        insertions.append((stub.close, Array((text + " ").utf8)))
    }
    let allParents = parents.merging(classParents(masked: masked)) { _, mine in mine }
    for decl in classDeclarations(masked) {
        var left: Set<String> = [], seen: Set<String> = [decl.name], current = decl.name
        while let parent = allParents[current], !seen.contains(parent) {
            left.formUnion(names[parent] ?? [])
            seen.insert(parent); current = parent
        }
        guard !left.isEmpty else { continue }
        for at in memberFunctions(masked, body: decl.body) where left.contains(at.name) && !at.isOverride {
            insertions.append((at.position, Array("override ".utf8)))
        }
    }
    for (at, text) in insertions.sorted(by: { $0.at > $1.at }) {
        bytes.insert(contentsOf: text, at: at)
        masked.insert(contentsOf: text, at: at)
    }
}

/// The `open` classes of the file that conform, in it, to `protocols` and leave some of their
/// optional methods with a default out.
func leftOutMethods(_ masked: [UInt8], _ protocols: [ObjCProtocol]) -> [LeftOut] {
    let withDefaults = protocols.filter { p in p.requirements.contains { $0.defaultBody != nil && $0.signature.hasPrefix("func") } }
    guard !withDefaults.isEmpty else { return [] }
    var conformances: [String: [ObjCProtocol]] = [:]
    for decl in typeDeclarations(masked, keyword: "class") + typeDeclarations(masked, keyword: "extension") {
        for p in withDefaults where decl.inherited.contains(p.name) { conformances[decl.name, default: []].append(p) }
    }
    var result: [LeftOut] = []
    // Only an `open` class: a subclass in another module is what the runtime's lookup served,
    // and a class kept to its module is left as it was.
    for decl in classDeclarations(masked) where decl.isOpen {
        guard let ps = conformances[decl.name] else { continue }
        // What the class implements, in its body or in extensions of it in this file.
        var implemented = Set(memberFunctions(masked, body: decl.body).map(\.name))
        for e in typeDeclarations(masked, keyword: "extension") where e.name == decl.name {
            implemented.formUnion(memberFunctions(masked, body: e.body).map(\.name))
        }
        var missing: [OptionalRequirement] = []
        for p in ps {
            for r in p.requirements where r.defaultBody != nil && r.signature.hasPrefix("func") && !implemented.contains(r.name) {
                if !missing.contains(where: { $0.name == r.name }) { missing.append(r) }
            }
        }
        if !missing.isEmpty { result.append(LeftOut(className: decl.name, close: decl.body.upperBound, isOpen: decl.isOpen, requirements: missing)) }
    }
    return result
}

/// A class or extension of the file: its name, the types after its colon, its body (from `{` to
/// the matching `}`, exclusive) and whether it is declared `open`.
struct TypeDeclaration {
    var name: String
    var inherited: [String]
    var body: Range<Int>
    var isOpen: Bool
}

func classDeclarations(_ masked: [UInt8]) -> [TypeDeclaration] { typeDeclarations(masked, keyword: "class") }

/// The declarations introduced by `keyword` (`class` or `extension`); a `class func` or `class var`
/// is not one (no body follows its name).
func typeDeclarations(_ masked: [UInt8], keyword: String) -> [TypeDeclaration] {
    var result: [TypeDeclaration] = []
    let word = Array(keyword.utf8)
    var i = 0
    while let at = find(word, in: masked, from: i) {
        i = at + word.count
        guard isBoundary(masked, at - 1), !isIdentifierAt(masked, i) else { continue }
        var j = i
        while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
        let start = j
        while j < masked.count, isIdentifier(masked[j]) || masked[j] == UInt8(ascii: ".") { j += 1 }
        let name = String(decoding: masked[start..<j], as: UTF8.self)
        guard !name.isEmpty, !["func", "var", "let", "protocol"].contains(name),
              let open = masked[j...].firstIndex(of: UInt8(ascii: "{")), let close = matchingBrace(masked, open: open) else { continue }
        let head = String(decoding: masked[j..<open], as: UTF8.self)
        guard !head.contains("(") else { continue }
        var inherited: [String] = []
        if let colon = head.firstIndex(of: ":") {
            let clause = head[head.index(after: colon)...].split(separator: " where ").first.map(String.init) ?? ""
            inherited = clause.split(separator: ",").map { $0.split(separator: "<").first.map(String.init)?.trimmingWhitespace() ?? "" }
        }
        var k = at - 1
        while k >= 0, masked[k] != newline, masked[k] != UInt8(ascii: ";"), masked[k] != UInt8(ascii: "}") { k -= 1 }
        let modifiers = String(decoding: masked[(k + 1)..<at], as: UTF8.self)
        result.append(TypeDeclaration(name: name, inherited: inherited, body: (open + 1)..<close,
                                      isOpen: modifiers.split(separator: " ").contains("open")))
    }
    return result
}

/// The functions declared directly in `body` (not in nested types or closures): their names,
/// where their `func` keyword is, and whether `override` precedes it.
func memberFunctions(_ masked: [UInt8], body: Range<Int>) -> [(name: String, position: Int, isOverride: Bool)] {
    var result: [(name: String, position: Int, isOverride: Bool)] = []
    let word = Array("func".utf8), overrideWord = Array("override".utf8)
    var depth = 0, k = body.lowerBound
    while k < body.upperBound {
        let b = masked[k]
        if b == UInt8(ascii: "{") { depth += 1 } else if b == UInt8(ascii: "}") { depth -= 1 }
        guard depth == 0, matches(word, in: masked, at: k), isBoundary(masked, k - 1), !isIdentifierAt(masked, k + word.count) else { k += 1; continue }
        var j = k + word.count
        while j < masked.count, masked[j] == space { j += 1 }
        let start = j
        while j < masked.count, isIdentifier(masked[j]) { j += 1 }
        // `override` among the modifiers on the declaration's line, before `func`.
        var m = k - 1
        while m >= body.lowerBound, masked[m] != newline, masked[m] != UInt8(ascii: ";"), masked[m] != UInt8(ascii: "{"), masked[m] != UInt8(ascii: "}") { m -= 1 }
        let isOverride = find(overrideWord, in: Array(masked[(m + 1)..<k]), from: 0) != nil
        result.append((String(decoding: masked[start..<j], as: UTF8.self), k, isOverride))
        k = j
    }
    return result
}
