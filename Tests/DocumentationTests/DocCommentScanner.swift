import Foundation

/// DX1: finds the public declarations of a Swift source file that have no doc comment.
///
/// A source scan, not the compiler's symbol graph: it reads the file once, strips comments and
/// string literals to follow the braces, and tracks which scope each line is in. A declaration
/// counts when it is visible outside its module (`public` or `open`, a member of a `public
/// extension` or of a public protocol, or a case of a public enum) and every type around it is
/// public. It is left out when it overrides (the superclass's comment is inherited) or sits in an
/// extension that adds a conformance (the protocol's comment is inherited). A declaration is
/// documented when the line above it, past its attribute lines, ends a `///` or `/** */` comment.
struct DocCommentScanner {
    /// One undocumented declaration: where it is and its first line.
    struct Finding: Hashable, Comparable {
        /// The file's path relative to the package root.
        var path: String
        /// The 1-based line of the declaration's keyword.
        var line: Int
        /// The declaration's line, trimmed: what a reader of the list recognises it by.
        var text: String
        /// "path:line: text", the list's line format.
        var description: String { "\(path):\(line): \(text)" }
        static func < (a: Finding, b: Finding) -> Bool { (a.path, a.line) < (b.path, b.line) }
    }

    /// What a brace opened: decides whether declarations directly inside are public.
    private enum Scope {
        case type(isPublic: Bool)          // struct, class, enum, actor
        case publicEnum                    // its cases are public
        case publicProtocol                // its requirements are public
        case publicExtension               // its members are public unless they say otherwise
        case plainExtension                // members public only when they say so
        case conformanceExtension          // members implement a protocol: comments inherited
        case hidden                        // inside a non-public type, a body or an initialiser
    }

    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "subscript", "class", "struct", "enum", "protocol", "typealias",
        "actor", "case", "associatedtype", "extension", "macro",
    ]
    private static let modifiers: Set<String> = [
        "public", "open", "internal", "private", "fileprivate", "package", "static", "class", "final",
        "override", "mutating", "nonmutating", "convenience", "required", "dynamic", "lazy", "weak",
        "unowned", "nonisolated", "indirect", "prefix", "postfix", "infix", "optional", "consuming",
        "borrowing", "distributed", "isolated", "sending",
    ]

    /// The undocumented public declarations of `source`, reported under `path`.
    static func undocumented(in source: String, path: String) -> [Finding] {
        scan(source, path: path).undocumented
    }

    /// How many public declarations `source` has, and which of them are undocumented.
    static func scan(_ source: String, path: String) -> (declarations: Int, undocumented: [Finding]) {
        let rawLines = source.components(separatedBy: "\n")
        let codeLines = stripCommentsAndStrings(source).components(separatedBy: "\n")
        var stack: [Scope] = []
        var pending: Scope?
        var findings: [Finding] = []
        var declarations = 0
        for (index, code) in codeLines.enumerated() {
            let enclosing = stack.last
            if let decl = parseDeclaration(code) {
                let visible = isVisible(decl, in: enclosing)
                if visible && !decl.modifiers.contains("override") { declarations += 1 }
                if visible && !decl.modifiers.contains("override") && !isDocumented(rawLines, before: index) {
                    findings.append(Finding(path: path, line: index + 1,
                                            text: rawLines[index].trimmingCharacters(in: .whitespaces)))
                }
                pending = scopeOpened(by: decl, visible: visible, in: enclosing)
            }
            for ch in code {
                if ch == "{" {
                    stack.append(pending ?? .hidden)
                    pending = nil
                } else if ch == "}" {
                    _ = stack.popLast()
                }
            }
        }
        return (declarations, findings)
    }

    private struct Declaration {
        var modifiers: Set<String>
        var keyword: String
        var rest: Substring
    }

    /// The declaration a line starts, if any: its modifiers, keyword and what follows.
    private static func parseDeclaration(_ code: String) -> Declaration? {
        var rest = Substring(code.trimmingCharacters(in: .whitespaces))
        var mods: Set<String> = []
        while !rest.isEmpty {
            if rest.hasPrefix("@") {
                // An attribute, with its parenthesised arguments when it has them.
                var i = rest.index(after: rest.startIndex)
                while i < rest.endIndex, rest[i].isLetter || rest[i].isNumber || rest[i] == "_" || rest[i] == "." { i = rest.index(after: i) }
                if i < rest.endIndex, rest[i] == "(" {
                    var depth = 0
                    while i < rest.endIndex {
                        if rest[i] == "(" { depth += 1 } else if rest[i] == ")" { depth -= 1; if depth == 0 { i = rest.index(after: i); break } }
                        i = rest.index(after: i)
                    }
                }
                rest = rest[i...].drop(while: { $0 == " " })
                continue
            }
            let word = rest.prefix(while: { $0.isLetter || $0 == "_" })
            guard !word.isEmpty else { return nil }
            var after = rest.dropFirst(word.count)
            if modifiers.contains(String(word)) && !(word == "class" && isTypeKeywordUse(after)) {
                if after.hasPrefix("(set)") { after = after.dropFirst(5) }   // private(set) limits the setter only
                else { mods.insert(String(word)) }
                guard after.first == " " else { return nil }
                rest = after.drop(while: { $0 == " " })
                continue
            }
            guard declarationKeywords.contains(String(word)) else { return nil }
            guard let next = after.first, next == " " || next == "<" || next == "(" || next == "?" || next == "!" else { return nil }
            return Declaration(modifiers: mods, keyword: String(word), rest: after)
        }
        return nil
    }

    /// `class` followed by a name is a class declaration; followed by `func`/`var` it is a modifier.
    private static func isTypeKeywordUse(_ after: Substring) -> Bool {
        let next = after.drop(while: { $0 == " " }).prefix(while: { $0.isLetter || $0 == "_" })
        return !["func", "var", "let", "subscript", "override", "final", "public", "open"].contains(String(next))
    }

    private static func isVisible(_ d: Declaration, in scope: Scope?) -> Bool {
        let explicitPublic = d.modifiers.contains("public") || d.modifiers.contains("open")
        let explicitHidden = !d.modifiers.isDisjoint(with: ["private", "fileprivate", "internal", "package"])
        if d.keyword == "extension" { return false }   // the extended type carries the comment
        switch scope {
        case nil, .type(isPublic: true), .plainExtension: return explicitPublic
        case .publicEnum: return explicitPublic || (d.keyword == "case" && !explicitHidden)
        case .publicProtocol: return d.keyword != "case"
        case .publicExtension: return !explicitHidden
        case .type(isPublic: false), .conformanceExtension, .hidden: return false
        }
    }

    /// The scope the declaration's brace opens, if it opens one.
    private static func scopeOpened(by d: Declaration, visible: Bool, in scope: Scope?) -> Scope? {
        switch d.keyword {
        case "extension":
            let header = d.rest.prefix(while: { $0 != "{" })
            if String(header).components(separatedBy: " where ").first?.contains(":") == true { return .conformanceExtension }
            if d.modifiers.contains("public") { return .publicExtension }
            if case .hidden? = scope { return .hidden }
            return .plainExtension
        case "struct", "class", "actor": return .type(isPublic: visible)
        case "enum": return visible ? .publicEnum : .type(isPublic: false)
        case "protocol": return visible ? .publicProtocol : .type(isPublic: false)
        default: return .hidden
        }
    }

    /// Whether the line above `index`, past attribute and `#if` lines, ends a doc comment.
    private static func isDocumented(_ lines: [String], before index: Int) -> Bool {
        var i = index - 1
        while i >= 0 {
            let t = lines[i].trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("@") || t.hasPrefix("#if") || t.hasPrefix("#else") || t.hasPrefix("#endif") { i -= 1; continue }
            if t.hasPrefix("///") { return true }
            if t.hasSuffix("*/") {
                // Walk up to the comment's opening: a doc comment opens with `/**`.
                var j = i
                while j >= 0 {
                    let u = lines[j].trimmingCharacters(in: .whitespaces)
                    if let r = u.range(of: "/*") { return u[r.lowerBound...].hasPrefix("/**") }
                    j -= 1
                }
            }
            return false
        }
        return false
    }

    /// The source with comments and string literals blanked out, line breaks kept.
    static func stripCommentsAndStrings(_ s: String) -> String {
        let chars = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var blockDepth = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < chars.count ? chars[k] : nil }
        while i < chars.count {
            let c = chars[i]
            if blockDepth > 0 {
                if c == "*", at(i + 1) == "/" { blockDepth -= 1; i += 2; continue }
                if c == "/", at(i + 1) == "*" { blockDepth += 1; i += 2; continue }
                if c == "\n" { out.append(c) }
                i += 1; continue
            }
            if c == "/", at(i + 1) == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", at(i + 1) == "*" { blockDepth = 1; i += 2; continue }
            if c == "#" || c == "\"" {
                // A string literal, raw (#"…"#) or not, single- or multi-line.
                var hashes = 0
                var k = i
                while at(k) == "#" { hashes += 1; k += 1 }
                guard at(k) == "\"" else { out.append(c); i += 1; continue }
                let multi = at(k + 1) == "\"" && at(k + 2) == "\""
                k += multi ? 3 : 1
                out.append("\""); out.append("\"")
                while k < chars.count {
                    let d = chars[k]
                    if d == "\n" { out.append(d) }
                    if d == "\\" && hashes == 0 && at(k + 1) == "(" {
                        // An interpolation: skip to its closing parenthesis, past nested literals.
                        var depth = 0
                        k += 1
                        while k < chars.count {
                            let e = chars[k]
                            if e == "(" { depth += 1 } else if e == ")" { depth -= 1; if depth == 0 { k += 1; break } }
                            else if e == "\"" { k += 1; while k < chars.count, chars[k] != "\"", chars[k] != "\n" { k += 1 } }
                            k += 1
                        }
                        continue
                    }
                    if d == "\\" && hashes == 0 { k += 2; continue }
                    if d == "\"" {
                        let closes = multi ? (at(k + 1) == "\"" && at(k + 2) == "\"") : true
                        let quoteEnd = k + (multi ? 3 : 1)
                        if closes && (0..<hashes).allSatisfy({ at(quoteEnd + $0) == "#" }) { k = quoteEnd + hashes; break }
                    }
                    if d == "\n" && !multi { break }
                    k += 1
                }
                i = k; continue
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }
}
