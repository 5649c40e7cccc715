// `@objc` protocols (RU3). An `@objc` protocol is class-bound, and its `optional` requirements
// may be left out by a conformer and are called with `delegate?.method?(...)`. Without the
// Objective-C runtime Swift cannot ask whether a method is implemented, so the lowering gives
// each optional requirement a default implementation instead, where one keeps UIKit's meaning:
//
//   @objc protocol P {...}                 -> protocol P: AnyObject {...}  (class-bound as before)
//   optional func f(...)                   -> func f(...), and `extension P { func f(...) {} }`
//   optional func f(...) -> T?  (or var)   -> the same, the default returning nil
//   optional func f(...) -> T              -> func f(...) -> T, a requirement (no value to default to)
//   x?.f?(...)                             -> x?.f(...)
//   x?.scrollViewDidScroll?(...)            -> x?.scrollViewDidScroll(...)  (UIKit's optional methods)
//
// Calling an empty method is what not calling a missing one does; a missing method that returns
// an optional gives nil, as the optional call does. A requirement that returns a value is left
// required: a conformer must implement it. The default implementations are written on the
// file's last line, after its last newline, so no line moves.

/// The base names of UIKit's optional delegate and data source methods that library code calls
/// through its own protocols that refine UIKit's (`delegate?.scrollViewDidScroll?(scrollView)`).
/// The facade's protocols give them default implementations, so such a call is lowered as a
/// call of an optional requirement of the file's own protocols is.
let uikitOptionalMethods: Set<String> = [
    "scrollViewDidScroll", "scrollViewDidZoom", "scrollViewWillBeginDragging", "scrollViewWillEndDragging",
    "scrollViewDidEndDragging", "scrollViewShouldScrollToTop", "scrollViewDidScrollToTop", "scrollViewWillBeginDecelerating",
    "scrollViewDidEndDecelerating", "viewForZooming", "scrollViewWillBeginZooming", "scrollViewDidEndZooming",
    "scrollViewDidEndScrollingAnimation", "scrollViewDidChangeAdjustedContentInset",
    "tableView", "collectionView", "numberOfSections", "sectionIndexTitles",
    "textFieldShouldBeginEditing", "textFieldDidBeginEditing", "textFieldShouldEndEditing", "textFieldDidEndEditing",
    "textField", "textFieldShouldClear", "textFieldShouldReturn", "textFieldDidChangeSelection",
    "textViewShouldBeginEditing", "textViewShouldEndEditing", "textViewDidBeginEditing", "textViewDidEndEditing",
    "textView", "textViewDidChange", "textViewDidChangeSelection",
    "gestureRecognizerShouldBegin", "gestureRecognizer", "tabBarController", "tabBar", "navigationController",
    "pageViewController", "searchBar", "searchBarShouldBeginEditing", "searchBarTextDidBeginEditing",
    "searchBarShouldEndEditing", "searchBarTextDidEndEditing", "searchBarSearchButtonClicked", "searchBarCancelButtonClicked",
    "pickerView", "animationDidStart", "animationDidStop", "animationController", "interactionControllerForPresentation",
    "interactionControllerForDismissal", "presentationController", "adaptivePresentationStyle",
    "presentationControllerDidDismiss", "presentationControllerShouldDismiss", "presentationControllerWillDismiss",
]

/// One optional requirement of an `@objc` protocol.
struct OptionalRequirement {
    var name: String
    /// The declaration from `func` or `var` on, on one line.
    var signature: String
    /// The body of the default implementation, or nil when there is none that keeps UIKit's meaning.
    var defaultBody: String?
}

/// An `@objc` protocol of the file.
struct ObjCProtocol {
    var name: String
    var isPublic: Bool
    var requirements: [OptionalRequirement]
}

/// The names of the optional methods the `@objc` protocols of `source` declare: what the
/// lowering of another file of the module needs to lower its optional calls.
public func optionalMethodNames(in source: String) -> Set<String> {
    var bytes = Array(source.utf8)
    var masked = maskCommentsAndStrings(bytes)
    return lowerObjCProtocols(&bytes, &masked, moduleOptionalMethods: []).names
}

/// Lowers the file's `@objc` protocols (see the file comment): edits `bytes` and `masked` in
/// place, before the attributes are blanked, and returns the text to append to the file and
/// the names of its optional methods. Optional calls of `moduleOptionalMethods` (declared by
/// the module's other files) are lowered too.
func lowerObjCProtocols(_ bytes: inout [UInt8], _ masked: inout [UInt8],
                        moduleOptionalMethods: Set<String>) -> (appendix: String, names: Set<String>, protocols: [ObjCProtocol]) {
    var protocols: [ObjCProtocol] = []
    var insertions: [(at: Int, text: [UInt8])] = []
    let keyword = Array("protocol".utf8), objc = Array("objc".utf8)
    var i = 0
    while let at = find(keyword, in: masked, from: i) {
        i = at + keyword.count
        guard isBoundary(masked, at - 1), at > 0 else { continue }
        // `@objc` among the attributes and modifiers before the keyword, on this declaration.
        var k = at - 1
        var isObjC = false, isPublic = false
        while k >= 0, masked[k] != UInt8(ascii: "}"), masked[k] != UInt8(ascii: "{"), masked[k] != UInt8(ascii: ";") {
            if masked[k] == UInt8(ascii: "@"), matches(objc, in: masked, at: k + 1) { isObjC = true; break }
            k -= 1
        }
        guard isObjC else { continue }
        let head = String(decoding: masked[max(0, k)..<at], as: UTF8.self)
        isPublic = head.contains("public") || head.contains("open")
        var j = i
        while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
        let nameStart = j
        while j < masked.count, isIdentifier(masked[j]) { j += 1 }
        guard j > nameStart else { continue }
        let name = String(decoding: masked[nameStart..<j], as: UTF8.self)
        guard let open = masked[j...].firstIndex(of: UInt8(ascii: "{")), let close = matchingBrace(masked, open: open) else { continue }
        // Class-bound, as an @objc protocol is.
        let clause = String(decoding: masked[j..<open], as: UTF8.self)
        let bound = ["AnyObject", "class", "NSObjectProtocol"].contains { clause.contains($0) }
        if !bound {
            if let colon = masked[j..<open].firstIndex(of: UInt8(ascii: ":")) {
                insertions.append((colon + 1, Array(" AnyObject,".utf8)))
            } else {
                insertions.append((j, Array(": AnyObject".utf8)))
            }
        }
        protocols.append(ObjCProtocol(name: name, isPublic: isPublic, requirements: optionalRequirements(&bytes, &masked, body: open..<close)))
        i = close
    }
    // Callers: `?.f?(` -> `?.f(` for every optional method of the file's protocols.
    let own = Set(protocols.flatMap { $0.requirements.filter { $0.signature.hasPrefix("func") }.map(\.name) })
    let names = own.union(moduleOptionalMethods).union(uikitOptionalMethods)
    var removals: [Int] = []
    var p = 0
    while p < masked.count {
        if masked[p] == UInt8(ascii: "."), p + 1 < masked.count, isIdentifier(masked[p + 1]) {
            var q = p + 1
            while q < masked.count, isIdentifier(masked[q]) { q += 1 }
            if q + 1 < masked.count, masked[q] == UInt8(ascii: "?"), masked[q + 1] == UInt8(ascii: "("),
               names.contains(String(decoding: masked[(p + 1)..<q], as: UTF8.self)) {
                removals.append(q)
            }
            p = q
            continue
        }
        p += 1
    }
    // Apply from the end, so earlier offsets stay valid.
    let edits = (insertions.map { ($0.at, $0.text, false) } + removals.map { ($0, [UInt8](), true) }).sorted { $0.0 > $1.0 }
    for (at, text, remove) in edits {
        if remove { bytes.remove(at: at); masked.remove(at: at) } else {
            bytes.insert(contentsOf: text, at: at); masked.insert(contentsOf: text, at: at)
        }
    }
    let extensions = protocols.compactMap { proto -> String? in
        let defaults = proto.requirements.compactMap { r in r.defaultBody.map { "\(proto.isPublic ? "public " : "")\(r.signature) \($0)" } }
        return defaults.isEmpty ? nil : "extension \(proto.name) { \(defaults.joined(separator: "; ")) }"
    }
    return (extensions.joined(separator: "; "), own, protocols)
}

/// The optional requirements in a protocol's body, their `optional` blanked.
private func optionalRequirements(_ bytes: inout [UInt8], _ masked: inout [UInt8], body: Range<Int>) -> [OptionalRequirement] {
    var result: [OptionalRequirement] = []
    let keyword = Array("optional".utf8)
    var i = body.lowerBound
    while let at = find(keyword, in: masked, from: i), at < body.upperBound {
        i = at + keyword.count
        guard isBoundary(masked, at - 1) else { continue }
        var j = i
        while j < masked.count, masked[j] == space || masked[j] == newline { j += 1 }
        let isFunc = matches(Array("func".utf8), in: masked, at: j), isVar = matches(Array("var".utf8), in: masked, at: j)
        guard isFunc || isVar else { continue }
        for q in at..<i { bytes[q] = space; masked[q] = space }
        let start = j
        j += isFunc ? 4 : 3
        while j < masked.count, masked[j] == space { j += 1 }
        let nameStart = j
        while j < masked.count, isIdentifier(masked[j]) { j += 1 }
        let name = String(decoding: masked[nameStart..<j], as: UTF8.self)
        var end = j
        if isFunc {
            guard let paren = masked[j...].firstIndex(of: UInt8(ascii: "(")), let close = matchingParen(masked, open: paren) else { continue }
            end = close + 1
            while end < body.upperBound, masked[end] != newline, masked[end] != UInt8(ascii: ";") { end += 1 }
        } else {
            guard let brace = masked[j...].firstIndex(of: UInt8(ascii: "{")), let close = matchingBrace(masked, open: brace) else { continue }
            end = close + 1
        }
        var signature = String(decoding: masked[start..<end], as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        signature = signature.trimmingWhitespace()
        let result_ = signature.firstRange(of: "->").map { String(signature[$0.upperBound...]).trimmingWhitespace() }
        var defaultBody: String?
        if isFunc {
            if result_ == nil || result_ == "Void" || result_ == "()" { defaultBody = "{}" }
            else if let r = result_, r.hasSuffix("?") || r.hasSuffix("!") { defaultBody = "{ nil }" }
        } else if let colon = signature.firstIndex(of: ":"), let brace = signature.firstIndex(of: "{"), colon < brace {
            let type = String(signature[signature.index(after: colon)..<brace]).trimmingWhitespace()
            if type.hasSuffix("?") || type.hasSuffix("!") {
                defaultBody = "{ nil }"
                signature = String(signature[..<brace]).trimmingWhitespace()
            }
        }
        result.append(OptionalRequirement(name: name, signature: signature, defaultBody: defaultBody))
        i = end
    }
    return result
}

/// The index of the `}` matching the `{` at `open`, in masked source.
func matchingBrace(_ masked: [UInt8], open: Int) -> Int? {
    var depth = 0
    for k in open..<masked.count {
        if masked[k] == UInt8(ascii: "{") { depth += 1 }
        else if masked[k] == UInt8(ascii: "}") { depth -= 1; if depth == 0 { return k } }
    }
    return nil
}
