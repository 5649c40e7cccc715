import Timeline

/// Parses constraint expressions of scene files:
/// `ITEM.ANCHOR (==|>=|<=) [M *] ITEM.ANCHOR [(+|-) C] [@N|@required|@high|@low]` or
/// `ITEM.ANCHOR (==|>=|<=) C [@...]`. Errors carry the 0-based character offset in the text.
struct ExpressionParser {
    struct Failure: Error { var offset: Int; var message: String }

    private let chars: [Character]
    private var i = 0

    init(_ text: String) { chars = Array(text) }

    static func parse(_ text: String) throws(Failure) -> (AnchorSpec, RelationSpec, Double, AnchorSpec?, Double, Float) {
        var p = ExpressionParser(text)
        return try p.parse()
    }

    private mutating func parse() throws(Failure) -> (AnchorSpec, RelationSpec, Double, AnchorSpec?, Double, Float) {
        skip()
        let first = try anchor()
        skip()
        let relation = try relationToken()
        skip()
        var multiplier = 1.0
        var second: AnchorSpec?
        var constant = 0.0
        if let n = try numberIfPresent() {
            skip()
            if peek == "*" {
                i += 1; skip()
                multiplier = n
                second = try anchor()
                constant = try trailingConstant()
            } else {
                constant = n
            }
        } else {
            second = try anchor()
            constant = try trailingConstant()
        }
        skip()
        var priority: Float = 1000
        if peek == "@" {
            i += 1
            priority = try priorityToken()
        }
        skip()
        guard i == chars.count else { throw Failure(offset: i, message: "unexpected '\(chars[i])': expected the end of the expression or '@priority'") }
        return (first, relation, multiplier, second, constant, priority)
    }

    private var peek: Character? { i < chars.count ? chars[i] : nil }
    private mutating func skip() { while let c = peek, c == " " || c == "\t" { i += 1 } }

    private mutating func anchor() throws(Failure) -> AnchorSpec {
        let start = i
        var parts: [String] = []
        repeat {
            if !parts.isEmpty { i += 1 }
            let w = identifier()
            guard !w.isEmpty else { throw Failure(offset: i, message: "expected ITEM.ANCHOR (e.g. panel.leading, root.safeArea.top)") }
            parts.append(w)
        } while peek == "."
        guard parts.count == 2 || parts.count == 3 else {
            throw Failure(offset: start, message: "expected ITEM.ANCHOR or ITEM.safeArea.ANCHOR / ITEM.margins.ANCHOR, found '\(parts.joined(separator: "."))'")
        }
        var guide: AnchorSpec.Guide?
        if parts.count == 3 {
            guard let g = AnchorSpec.Guide(rawValue: parts[1]) else {
                throw Failure(offset: start + parts[0].count + 1, message: "unknown guide '\(parts[1])': expected safeArea or margins")
            }
            guide = g
        }
        guard let attribute = LayoutAttribute(rawValue: parts.last!) else {
            let offset = i - parts.last!.count
            throw Failure(offset: offset, message: "unknown anchor '\(parts.last!)': expected one of \(LayoutAttribute.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return AnchorSpec(item: parts[0], guide: guide, attribute: attribute)
    }

    private mutating func identifier() -> String {
        let start = i
        while let c = peek, Self.isWordCharacter(c) || c == "-" && i > start { i += 1 }
        return String(chars[start..<i])
    }

    /// A letter, digit or underscore; ASCII is decided without Unicode property tables (the
    /// lookup was a fifth of loading a 2,000-view scene).
    @inline(__always)
    private static func isWordCharacter(_ c: Character) -> Bool {
        if let a = c.asciiValue {
            return (a >= 97 && a <= 122) || (a >= 65 && a <= 90) || (a >= 48 && a <= 57) || a == 95
        }
        return c.isLetter || c.isNumber
    }

    private mutating func relationToken() throws(Failure) -> RelationSpec {
        guard i + 1 < chars.count, let r = RelationSpec(rawValue: String(chars[i...(i + 1)])) else {
            throw Failure(offset: i, message: "expected a relation: ==, >= or <=")
        }
        i += 2
        return r
    }

    /// A number, if one starts here (with an optional sign).
    private mutating func numberIfPresent() throws(Failure) -> Double? {
        let start = i
        if peek == "-" || peek == "+" { i += 1 }
        guard let c = peek, c.isNumber || c == "." else { i = start; return nil }
        while let c = peek, c.isNumber || c == "." || c == "e" || c == "E" ||
                ((c == "-" || c == "+") && (chars[i - 1] == "e" || chars[i - 1] == "E")) { i += 1 }
        let text = String(chars[start..<i])
        guard let v = Double(text) else { throw Failure(offset: start, message: "'\(text)' is not a number") }
        guard v.isFinite else { throw Failure(offset: start, message: "'\(text)' is not a finite number") }
        return v
    }

    private mutating func trailingConstant() throws(Failure) -> Double {
        skip()
        guard let op = peek, op == "+" || op == "-" else { return 0 }
        i += 1
        skip()
        guard let n = try numberIfPresent() else { throw Failure(offset: i, message: "expected a constant after '\(op)'") }
        return op == "-" ? -n : n
    }

    private mutating func priorityToken() throws(Failure) -> Float {
        let start = i
        let w = identifier()
        switch w {
        case "required": return 1000
        case "high": return 750
        case "low": return 250
        default:
            guard let v = Float(w), v.isFinite, v >= 1, v <= 1000 else {
                throw Failure(offset: start, message: "expected a priority 1...1000, required, high or low after '@'")
            }
            return v
        }
    }
}
