// Overrides of the Objective-C runtime's `NSObject` methods in a class that inherits `NSObject`
// directly (RU3): a weak proxy's `responds(to:)` and `forwardingTarget(for:)`, a plain object's
// `awakeFromNib()` or `observeValue(forKeyPath:of:change:context:)`. Foundation's `NSObject` on
// Linux declares none of them, so `override` is blanked (spaces of the same width, nothing
// moves) and the method stays the class's own: nothing calls it as the runtime would (there is
// no message forwarding, no nib loading, no observing of a plain object by key) but a proxy's
// forwarding and an observer's `observeValue` (see `lowerRuntimeOverrides`), and a call of
// `super.responds(to:)` reaches the facade's `responds(to:)` of any object.
//
//   class P: NSObject { override func responds(to s: Selector!) -> Bool ... }
//                                           -> class P: NSObject {          func responds(to ...

/// The `NSObject` methods whose overrides are lowered, as their names begin.
let runtimeOverridable = ["responds(to", "forwardingTarget(for", "awakeFromNib(", "prepareForInterfaceBuilder(",
                          "observeValue(forKeyPath"].map { Array($0.utf8) }

/// Blanks `override` on the runtime's `NSObject` methods in the file's classes that inherit
/// `NSObject` through classes of the file or of the module (`moduleParents`, see
/// ``classParents(in:)``), not through UIKit's (see the file comment). Returns the conformances
/// to `MessageForwarding` of the classes whose `forwardingTarget(for:)` it lowered (one
/// `extension Proxy: MessageForwarding {}` each, for the end of the file), so a selector
/// performed on such a proxy reaches its target as the runtime's forwarding would, and to
/// `NSKeyValueObserving` of those whose `observeValue(forKeyPath:of:change:context:)` it lowered,
/// so the observations they make tell them.
func lowerRuntimeOverrides(_ bytes: inout [UInt8], _ masked: inout [UInt8], moduleParents: [String: String]) -> String {
    let plain = plainObjectClasses(moduleParents.merging(classParents(masked: masked)) { _, own in own })
    guard !plain.isEmpty else { return "" }
    var forwarding: [String] = [], observing: [String] = []
    let types = enclosingTypes(masked)
    let overrideWord = Array("override".utf8)
    let modifiers: Set<String> = ["public", "open", "internal", "fileprivate", "private", "final", "dynamic"]
    var i = 0
    while let at = find(overrideWord, in: masked, from: i) {
        i = at + overrideWord.count
        guard isBoundary(masked, at - 1), !isIdentifierAt(masked, i), let t = types[at], plain.contains(t) else { continue }
        var j = i, word = ""
        repeat {
            while j < masked.count, masked[j] == space || masked[j] == UInt8(ascii: "\t") { j += 1 }
            let start = j
            while j < masked.count, isIdentifier(masked[j]) { j += 1 }
            word = String(decoding: masked[start..<j], as: UTF8.self)
        } while modifiers.contains(word)
        guard word == "func" else { continue }
        while j < masked.count, masked[j] == space { j += 1 }
        guard runtimeOverridable.contains(where: { matches($0, in: masked, at: j) }) else { continue }
        for k in at..<i { bytes[k] = space; masked[k] = space }
        if matches(forwardingName, in: masked, at: j), !forwarding.contains(t) { forwarding.append(t) }
        if matches(observingName, in: masked, at: j), !observing.contains(t) { observing.append(t) }
    }
    return (forwarding.map { "extension \($0): MessageForwarding {}" } + observing.map { "extension \($0): NSKeyValueObserving {}" })
        .joined(separator: " ")
}

private let forwardingName = Array("forwardingTarget(for".utf8)
private let observingName = Array("observeValue(forKeyPath".utf8)

/// The classes a source declares, each with its first inherited type (its superclass, when it
/// has one): what the lowering of the module's other files needs to know which classes inherit
/// `NSObject` through the module's own classes.
public func classParents(in source: String) -> [String: String] {
    classParents(masked: maskCommentsAndStrings(Array(source.utf8)))
}

func classParents(masked: [UInt8]) -> [String: String] {
    var result: [String: String] = [:]
    let keyword = Array("class".utf8)
    var i = 0
    func identifier(from k: Int) -> (String, Int) {
        var j = k
        while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
        let start = j
        while j < masked.count, isIdentifier(masked[j]) { j += 1 }
        return (String(decoding: masked[start..<j], as: UTF8.self), j)
    }
    while let at = find(keyword, in: masked, from: i) {
        i = at + keyword.count
        guard isBoundary(masked, at - 1), !isIdentifierAt(masked, i) else { continue }
        let (name, afterName) = identifier(from: i)
        guard !name.isEmpty else { continue }
        var j = afterName
        if j < masked.count, masked[j] == UInt8(ascii: "<"), let close = masked[j...].firstIndex(of: UInt8(ascii: ">")) { j = close + 1 }
        while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
        guard j < masked.count, masked[j] == UInt8(ascii: ":") else { continue }
        let (parent, _) = identifier(from: j + 1)
        if !parent.isEmpty { result[name] = parent }
    }
    return result
}

/// The classes whose superclass chain reaches `NSObject` through classes of `parents` only.
func plainObjectClasses(_ parents: [String: String]) -> Set<String> {
    var result: Set<String> = []
    for name in parents.keys {
        var seen: Set<String> = [name], current = name
        while let parent = parents[current], !seen.contains(parent) {
            if parent == "NSObject" { result.insert(name); break }
            seen.insert(parent); current = parent
        }
    }
    return result
}
