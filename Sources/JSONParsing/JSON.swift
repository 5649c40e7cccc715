// The located JSON reader that scene files (TimelineScene) and Bodymovin files (Lottie) share: a
// module of its own, below both, so that reading Lottie does not pull in the scene loader.

/// A position in a text file, 1-based.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in Unicode scalars, from 1.
    public var column: Int
    /// The position at `line`, `column`.
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    /// "LINE:COLUMN".
    public var description: String { "\(line):\(column)" }
}

/// A JSON value with the location where it starts, so errors can point at it.
public indirect enum JSONValue: Sendable {
    /// `null`.
    case null(SourceLocation)
    /// `true` or `false`.
    case bool(Bool, SourceLocation)
    /// A finite number.
    case number(Double, SourceLocation)
    /// A string, escapes decoded.
    case string(String, SourceLocation)
    /// An array.
    case array([JSONValue], SourceLocation)
    /// Members in file order (duplicates are rejected by the parser).
    case object([(key: String, value: JSONValue)], SourceLocation)

    /// Where the value starts in the text. Inlinable, as the two accessors below, because the
    /// readers of scene and Lottie files call them for every member they read.
    @inlinable public var location: SourceLocation {
        switch self {
        case .null(let l), .bool(_, let l), .number(_, let l), .string(_, let l), .array(_, let l), .object(_, let l): l
        }
    }

    /// A short name of the value's type, for error messages.
    @inlinable public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The member named `key` of an object; nil when there is none or the value is no object.
    @inlinable public subscript(key: String) -> JSONValue? {
        guard case .object(let members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// A JSON syntax error at a location.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// Where the error is.
    public var location: SourceLocation
    /// What was expected and what was found.
    public var message: String
}

/// A strict JSON parser (RFC 8259) that records where every value starts. Numbers that overflow
/// to infinity are rejected, as are duplicate keys and nesting deeper than ``maximumDepth``.
///
/// It is linear in the input however long its lines: a location's column is counted on from the
/// last location asked for on the same line (locations are asked for in file order), in Unicode
/// scalars of the file's text, so escapes inside strings count as the characters they are written
/// with. Nesting is bounded, so no input can overflow the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (Z1).
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// The last column computed on the current line, and the byte offset it was computed at.
    private var countedTo = 0
    private var countedColumn = 1

    /// A parser over `text`'s UTF-8 bytes.
    public init(_ text: String) { bytes = Array(text.utf8) }

    /// The one JSON value `text` holds (space around it allowed), or the first syntax error; linear in the text's length.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var p = JSONParser(text)
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("unexpected text after the JSON value") }
        return v
    }

    /// The location of byte offset `offset` on the current line (at or after the last one asked
    /// for): columns count Unicode scalars, that is UTF-8 bytes that are not continuation bytes.
    private mutating func location(at offset: Int) -> SourceLocation {
        if countedTo < lineStart || offset < countedTo { countedTo = lineStart; countedColumn = 1 }
        var k = countedTo
        while k < offset {
            if bytes[k] & 0xC0 != 0x80 { countedColumn += 1 }
            k += 1
        }
        countedTo = offset
        return SourceLocation(line: line, column: countedColumn)
    }

    private var location: SourceLocation {
        mutating get { location(at: i) }
    }

    private mutating func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(location: location, message: message) }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw error("expected a value, found the end of the file") }
        let start = location
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(start)
        case UInt8(ascii: "["): return try array(start)
        case UInt8(ascii: "\""): return .string(try string(), start)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true, start)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false, start)
        case UInt8(ascii: "n"): try literal("null"); return .null(start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(), start)
        default: throw error("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw error("expected '\(word)'") }
        i += w.count
    }

    /// Enters an array or object; throws past ``maximumDepth``.
    private mutating func descend() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("arrays and objects are nested more than \(Self.maximumDepth) deep (the limit)")
        }
    }

    private mutating func object(_ start: SourceLocation) throws(JSONSyntaxError) -> JSONValue {
        try descend()
        defer { depth -= 1 }
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members, start) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let keyLocation = location
            let key = try string()
            if !keys.insert(key).inserted {
                throw JSONSyntaxError(location: keyLocation, message: "duplicate key '\(key)'")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            i += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members, start) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func array(_ start: SourceLocation) throws(JSONSyntaxError) -> JSONValue {
        try descend()
        defer { depth -= 1 }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items, start) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items, start) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out = [UInt8]()
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw error("control character in a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard i + 4 < bytes.count, let code = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16) else {
                        throw error("expected four hex digits after \\u")
                    }
                    i += 4
                    var scalar = code
                    if (0xD800..<0xDC00).contains(code), i + 6 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u"),
                       let low = UInt32(String(decoding: bytes[(i + 3)...(i + 6)], as: UTF8.self), radix: 16), (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                default: throw error("unknown escape sequence")
                }
                i += 1
                continue
            }
            out.append(b)
            i += 1
        }
        throw error("unterminated string")
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        let startLocation = location
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.i]) { p.i += 1 }
            return p.i - s
        }
        guard digits(&self) > 0 else { throw error("expected digits") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits(&self) > 0 else { throw error("expected digits after '.'") } }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            throw JSONSyntaxError(location: startLocation, message: "number \(text) is out of range (not finite)")
        }
        return v
    }
}
