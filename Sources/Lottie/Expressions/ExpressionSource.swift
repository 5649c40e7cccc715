/// An After Effects expression's source, checked and prepared for the sandbox once, at load.
///
/// duktape (Debian's build) cannot interrupt running bytecode, so the source itself is made to
/// report: a tick (`__tl_b()`, see `CDuktape/shim.h`) goes into every loop condition and at the
/// top of every block that follows a `)` (function bodies, getters, loop and `if` bodies). Any
/// endless loop or runaway recursion then passes a tick, and the tick throws once the budget is
/// spent. For that to hold, this lexer must see the tokens duktape sees, so whatever could make
/// the two disagree is refused: regular expression literals (and a `/` after `}`), characters
/// outside ASCII in code (they may be spaces or line ends to duktape), backslashes outside
/// strings, `with` (it could rebind the tick) and names starting `__tl`.
///
/// ES2015 syntax, which duktape 2.7 does not run (After Effects' legacy engine is ES3), is named
/// in the diagnostic: `let`, `const`, arrow functions, template literals, classes, spread, `for`
/// ... `of`, generators, modules.
///
/// An expression's result is the value of the last statement it runs (After Effects), or
/// `$bm_rt` when the source assigns it (Bodymovin's export writes it). Without `$bm_rt`, each
/// expression statement outside function bodies is prefixed `$bm_rt = `, so the last one run
/// is the result.
struct ExpressionSource: Sendable {
    /// The source as compiled: ticks inserted, and the result assignments.
    let prepared: String
    /// Whether the source names `value` or `velocity` (each computed per frame only if so).
    let usesValue: Bool, usesVelocity: Bool

    /// The longest source accepted (bytes).
    static let maximumLength = 64 << 10

    /// Why a source is refused, with the line it was found on (1-based).
    struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        var message: String
        var line: Int
        var description: String { "line \(line): \(message)" }
    }

    init(_ source: String) throws(Problem) {
        let bytes = Array(source.utf8)
        guard bytes.count <= Self.maximumLength else {
            throw Problem(message: "the expression is \(bytes.count) bytes; the limit is \(Self.maximumLength)", line: 1)
        }
        var lexer = Lexer(bytes)
        let tokens = try lexer.tokens()
        var rewriter = Rewriter(bytes: bytes, tokens: tokens)
        try rewriter.run()
        prepared = rewriter.output()
        usesValue = tokens.contains { $0.kind == .identifier && $0.text(bytes) == "value" }
        usesVelocity = tokens.contains { $0.kind == .identifier && $0.text(bytes) == "velocity" }
    }
}

// MARK: Tokens

struct ExpressionToken: Sendable {
    enum Kind: Sendable, Equatable { case identifier, number, string, punctuator }
    var kind: Kind
    var start: Int, end: Int
    var line: Int
    /// Whether a line break comes before it.
    var afterNewline: Bool

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }
    func `is`(_ s: StaticString, _ bytes: [UInt8]) -> Bool {
        s.withUTF8Buffer { b in end - start == b.count && (0..<b.count).allSatisfy { bytes[start + $0] == b[$0] } }
    }
}

private struct Lexer {
    let bytes: [UInt8]
    var i = 0, line = 1
    var newline = false
    var out: [ExpressionToken] = []
    /// Open brackets: the keyword before each `(` (for `/` after `)`).
    var parens: [String] = []
    var lastClosedParen = ""

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func problem(_ m: String) -> ExpressionSource.Problem { ExpressionSource.Problem(message: m, line: line) }

    static func isIdentStart(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 36 }
    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    /// U+2028 and U+2029, which end a line (and a `//` comment) in ECMAScript.
    func isUnicodeLineEnd(_ k: Int) -> Bool {
        k + 2 < bytes.count && bytes[k] == 0xE2 && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9)
    }

    mutating func tokens() throws(ExpressionSource.Problem) -> [ExpressionToken] {
        while i < bytes.count {
            let c = bytes[i]
            if c == 10 { line += 1; newline = true; i += 1; continue }
            if c == 13 { newline = true; i += 1; continue }
            if c == 32 || c == 9 || c == 11 || c == 12 { i += 1; continue }
            if c == 47, i + 1 < bytes.count, bytes[i + 1] == 47 {           // `//`
                while i < bytes.count, bytes[i] != 10, bytes[i] != 13, !isUnicodeLineEnd(i) { i += 1 }
                if i < bytes.count, isUnicodeLineEnd(i) { newline = true; i += 3 }
                continue
            }
            if c == 47, i + 1 < bytes.count, bytes[i + 1] == 42 {           // `/*`
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == 42 && bytes[i + 1] == 47) {
                    if bytes[i] == 10 { line += 1 }
                    if bytes[i] == 10 || bytes[i] == 13 || isUnicodeLineEnd(i) { newline = true }
                    i += 1
                }
                guard i + 1 < bytes.count else { throw problem("a comment is not closed") }
                i += 2
                continue
            }
            if c >= 0x80 { throw problem("characters outside ASCII are allowed only in strings and comments") }
            if c == 92 { throw problem("a backslash is allowed only in strings") }
            if c == 96 { throw problem("ES2015 template literals (`...`) are not supported; use string concatenation") }
            let start = i
            if Self.isIdentStart(c) {
                while i < bytes.count, Self.isIdentStart(bytes[i]) || Self.isDigit(bytes[i]) { i += 1 }
                emit(.identifier, start)
            } else if Self.isDigit(c) || (c == 46 && i + 1 < bytes.count && Self.isDigit(bytes[i + 1])) {
                while i < bytes.count {
                    let d = bytes[i]
                    if Self.isIdentStart(d) || Self.isDigit(d) || d == 46 { i += 1; continue }
                    if (d == 43 || d == 45), (bytes[i - 1] | 0x20) == 101, !(bytes[start] == 48 && i > start + 1 && (bytes[start + 1] | 0x20) == 120) {
                        i += 1; continue                                      // 1e+5 (not in hex)
                    }
                    break
                }
                emit(.number, start)
            } else if c == 34 || c == 39 {
                i += 1
                while true {
                    guard i < bytes.count else { throw problem("a string is not closed") }
                    let d = bytes[i]
                    if d == c { i += 1; break }
                    if d == 92 {
                        if i + 1 < bytes.count, bytes[i + 1] == 10 { line += 1 }
                        i += 2; continue
                    }
                    if d == 10 || d == 13 { throw problem("a string is not closed on its line") }
                    i += 1
                }
                emit(.string, start)
            } else {
                try punctuator(start)
            }
        }
        return out
    }

    mutating func emit(_ kind: ExpressionToken.Kind, _ start: Int) {
        out.append(ExpressionToken(kind: kind, start: start, end: i, line: line, afterNewline: newline))
        newline = false
    }

    static let punctuators: [String] = [">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "=>", "==", "!=", "<=", ">=",
                                        "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**"]

    mutating func punctuator(_ start: Int) throws(ExpressionSource.Problem) {
        let c = bytes[i]
        if c == 47, regexAllowed() {
            throw problem(lastWasCloseBrace ? "a '/' after '}' is ambiguous here; put the expression in parentheses"
                                            : "regular expression literals are not supported in expressions")
        }
        var length = 1
        for p in Self.punctuators where p.utf8.count + i <= bytes.count {
            if p.utf8.elementsEqual(bytes[i..<(i + p.utf8.count)]) { length = p.utf8.count; break }
        }
        i += length
        emit(.punctuator, start)
        let token = out[out.count - 1]
        if token.is("(", bytes) {
            let before = out.count >= 2 && out[out.count - 2].kind == .identifier ? out[out.count - 2].text(bytes) : ""
            parens.append(before)
        } else if token.is(")", bytes) {
            lastClosedParen = parens.popLast() ?? ""
        }
    }

    var lastWasCloseBrace: Bool { out.last.map { $0.is("}", bytes) } ?? false }

    /// Whether a `/` here starts a regular expression (as ECMAScript's grammar decides it from
    /// the token before), or is ambiguous (after `}`), either of which is refused.
    func regexAllowed() -> Bool {
        guard let last = out.last else { return true }
        switch last.kind {
        case .number, .string: return false
        case .identifier:
            return ["return", "typeof", "instanceof", "in", "new", "delete", "void", "throw", "case", "do", "else"].contains(last.text(bytes))
        case .punctuator:
            if last.is(")", bytes) { return ["if", "while", "for", "with"].contains(lastClosedParen) }
            if last.is("]", bytes) { return false }
            if last.is("}", bytes) { return true }
            return true
        }
    }
}

// MARK: Rewriting

private struct Rewriter {
    let bytes: [UInt8]
    let tokens: [ExpressionToken]
    /// Text to insert before byte offsets, in the order made.
    var inserts: [(at: Int, text: String)] = []
    /// Whether the source assigns `$bm_rt` itself.
    let assignsResult: Bool

    /// An open bracket: its token, and for `(` the keyword before it and the `;`s at its level;
    /// for `{` whether it is a block (not an object literal) and whether a function's body.
    struct Open {
        var token: Int
        var keyword = ""
        var semicolons: [Int] = []
        var isBlock = false
        var isFunctionBody = false
    }
    var stack: [Open] = []

    init(bytes: [UInt8], tokens: [ExpressionToken]) {
        self.bytes = bytes; self.tokens = tokens
        assignsResult = tokens.contains { $0.kind == .identifier && $0.text(bytes) == "$bm_rt" }
    }

    func text(_ k: Int) -> String { tokens[k].text(bytes) }
    func isPunct(_ k: Int, _ s: StaticString) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .punctuator && tokens[k].is(s, bytes) }
    func isWord(_ k: Int, _ s: StaticString) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .identifier && tokens[k].is(s, bytes) }
    /// A keyword, not a property name (`a.for`).
    func isKeyword(_ k: Int, _ s: StaticString) -> Bool { isWord(k, s) && !isPunct(k - 1, ".") }

    func problem(_ k: Int, _ m: String) -> ExpressionSource.Problem { ExpressionSource.Problem(message: m, line: tokens[k].line) }

    static let statementKeywords: Set<String> = ["var", "if", "for", "while", "do", "return", "break", "continue", "throw", "try",
                                                 "switch", "function", "else", "case", "default", "debugger", "catch", "finally"]

    mutating func run() throws(ExpressionSource.Problem) {
        var lastClosedParen = Open(token: -1), lastClosedBrace = Open(token: -1)
        for k in tokens.indices {
            let t = tokens[k]
            try checkSyntax(k)
            let inFunction = stack.contains { $0.isFunctionBody }
            let atStatementLevel = stack.last.map { $0.isBlock } ?? true
            let starts = atStatementLevel && startsStatement(k, lastClosedParen: lastClosedParen, lastClosedBrace: lastClosedBrace)
            if starts, !assignsResult, !inFunction, isExpressionStart(k) { inserts.append((t.start, "$bm_rt = ")) }
            guard t.kind == .punctuator else { continue }
            if isPunct(k, "(") {
                stack.append(Open(token: k, keyword: k > 0 && tokens[k - 1].kind == .identifier && !isPunct(k - 2, ".") ? text(k - 1) : ""))
            } else if isPunct(k, "[") {
                stack.append(Open(token: k))
            } else if isPunct(k, "{") {
                var open = Open(token: k)
                if isPunct(k - 1, ")") {
                    open.isBlock = true
                    open.isFunctionBody = !["if", "while", "for", "with", "switch", "catch"].contains(lastClosedParen.keyword)
                    if lastClosedParen.keyword != "switch" { inserts.append((t.end, "__tl_b();")) }
                } else {
                    open.isBlock = starts || isKeyword(k - 1, "else") || isKeyword(k - 1, "do") || isKeyword(k - 1, "try")
                        || isKeyword(k - 1, "finally")
                }
                stack.append(open)
            } else if isPunct(k, ";") {
                if !stack.isEmpty, isPunct(stack[stack.count - 1].token, "(") { stack[stack.count - 1].semicolons.append(k) }
            } else if isPunct(k, ")") || isPunct(k, "]") || isPunct(k, "}") {
                guard let open = stack.popLast() else { throw problem(k, "'\(text(k))' closes nothing") }
                let opener = text(open.token)
                guard (opener == "(" && isPunct(k, ")")) || (opener == "[" && isPunct(k, "]")) || (opener == "{" && isPunct(k, "}")) else {
                    throw problem(k, "'\(text(k))' does not close '\(opener)' of line \(tokens[open.token].line)")
                }
                if opener == "(" { lastClosedParen = open; instrumentLoop(open, closedBy: k) }
                if opener == "{" { lastClosedBrace = open }
            }
        }
        if let open = stack.last { throw problem(open.token, "'\(text(open.token))' is not closed") }
    }

    /// A tick in a `while` condition (do-while's too) and in a classic `for`'s.
    mutating func instrumentLoop(_ open: Open, closedBy k: Int) {
        guard open.token > 0, !isPunct(open.token - 2, ".") else { return }
        if open.keyword == "while" {
            inserts.append((tokens[open.token].end, "__tl_b()&&("))
            inserts.append((tokens[k].start, ")"))
        } else if open.keyword == "for", open.semicolons.count == 2 {
            let s1 = open.semicolons[0], s2 = open.semicolons[1]
            if s2 == s1 + 1 {
                inserts.append((tokens[s1].end, "__tl_b()"))
            } else {
                inserts.append((tokens[s1].end, "__tl_b()&&("))
                inserts.append((tokens[s2].start, ")"))
            }
        }
    }

    /// Whether token `k` begins a statement (as far as the result assignment needs to know).
    func startsStatement(_ k: Int, lastClosedParen: Open, lastClosedBrace: Open) -> Bool {
        guard k > 0 else { return true }
        let p = k - 1
        if isPunct(p, ";") { return true }
        if isPunct(p, "{") { return stack.last?.isBlock ?? false }
        if isPunct(p, "}") && lastClosedBrace.isBlock { return true }
        if isPunct(p, ")") && ["if", "while", "for", "with"].contains(lastClosedParen.keyword) { return true }
        if isKeyword(p, "else") || isKeyword(p, "do") { return true }
        guard tokens[k].afterNewline else { return false }
        // Automatic semicolon insertion: a line break after what can end an expression, before
        // what cannot continue one.
        let prev = tokens[p]
        let ends = prev.kind != .punctuator ? !Self.statementKeywords.contains(prev.text(bytes)) || isWord(p, "return") || isWord(p, "break")
                                                || isWord(p, "continue")
                                            : isPunct(p, ")") || isPunct(p, "]") || isPunct(p, "}") || isPunct(p, "++") || isPunct(p, "--")
        guard ends else { return false }
        let t = tokens[k]
        if t.kind == .identifier { return !isWord(k, "in") && !isWord(k, "instanceof") }
        return t.kind != .punctuator || isPunct(k, "{") || isPunct(k, "!") || isPunct(k, "++") || isPunct(k, "--") || isPunct(k, "~")
    }

    /// Whether a statement beginning at `k` is an expression statement (not a declaration,
    /// control statement, label or block).
    func isExpressionStart(_ k: Int) -> Bool {
        let t = tokens[k]
        switch t.kind {
        case .number, .string: return true
        case .identifier:
            if Self.statementKeywords.contains(t.text(bytes)) { return false }
            return !isPunct(k + 1, ":")                                   // a label
        case .punctuator:
            return isPunct(k, "(") || isPunct(k, "[") || isPunct(k, "!") || isPunct(k, "-") || isPunct(k, "+") || isPunct(k, "~")
                || isPunct(k, "++") || isPunct(k, "--")
        }
    }

    /// ES2015 constructs named, and what would let an expression slip its budget refused.
    func checkSyntax(_ k: Int) throws(ExpressionSource.Problem) {
        let t = tokens[k]
        if t.kind == .punctuator {
            if isPunct(k, "=>") { throw problem(k, "ES2015 arrow functions (=>) are not supported; use function () { ... }") }
            if isPunct(k, "...") { throw problem(k, "ES2015 spread and rest syntax (...) is not supported") }
            return
        }
        guard t.kind == .identifier else { return }
        let word = t.text(bytes)
        if word.hasPrefix("__tl") { throw problem(k, "names starting with __tl are reserved for the engine") }
        guard !isPunct(k - 1, ".") else { return }
        switch word {
        case "let" where k + 1 < tokens.count && (tokens[k + 1].kind == .identifier || isPunct(k + 1, "[") || isPunct(k + 1, "{")):
            throw problem(k, "ES2015 'let' declarations are not supported; use var")
        case "const": throw problem(k, "ES2015 'const' declarations are not supported; use var")
        case "class": throw problem(k, "ES2015 classes are not supported")
        case "import", "export": throw problem(k, "ES2015 modules ('\(word)') are not supported")
        case "with": throw problem(k, "the with statement is not supported in expressions")
        case "function" where isPunct(k + 1, "*"): throw problem(k, "ES2015 generator functions (function*) are not supported")
        case "of" where k >= 2 && tokens[k - 1].kind == .identifier && (isPunct(k - 2, "(") && isKeyword(k - 3, "for")
                                                                        || isPunct(k - 3, "(") && isKeyword(k - 4, "for")):
            throw problem(k, "ES2015 for...of loops are not supported; use for (var i = 0; i < a.length; i++)")
        default: break
        }
    }

    /// The source with the inserts made.
    func output() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + inserts.count * 12)
        let sorted = inserts.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var next = 0
        for k in bytes.indices {
            while next < sorted.count, sorted[next].at == k { out.append(contentsOf: sorted[next].text.utf8); next += 1 }
            out.append(bytes[k])
        }
        while next < sorted.count { out.append(contentsOf: sorted[next].text.utf8); next += 1 }
        return String(decoding: out, as: UTF8.self)
    }
}
