import Foundation
import Geometry
import JSONParsing

// The located reading that every part of a scene file shares: the error type, the file read
// under its size limit with UTF-8 checked, and the checks of one JSON value (an object with known
// keys, a number within limits, ...). TimelineScene reads whole scenes with it; the UIKit
// facade's scripted-input hook (`UIKIT_INPUT`) reads a scene's input with it, without
// TimelineScene (ScriptedInput.swift).

/// A scene-file error: which file, where, and what was expected (C5).
public struct SceneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scene file's path as given.
    public var file: String
    /// The line and column (1-based) of the value at fault.
    public var location: SourceLocation
    /// What was expected and what was found.
    public var message: String
    /// An error in `file` at `location` saying `message`.
    public init(file: String, location: SourceLocation, message: String) {
        self.file = file; self.location = location; self.message = message
    }
    /// "FILE:LINE:COLUMN: error: MESSAGE", as compilers print errors, so editors can jump to it.
    public var description: String { "\(file):\(location.line):\(location.column): error: \(message)" }
}

/// Reads the values of one scene file, each check failing with a ``SceneError`` at the value's
/// line and column that says what was expected and what was found.
public struct SceneReader {
    /// The largest scene file read, in bytes (64 MiB).
    public static let fileByteLimit = 64 << 20
    /// The largest magnitude of a coordinate, length or constraint number: far beyond any
    /// screen, small enough that sums and products of a few stay finite and exact to a point.
    public static let coordinateLimit = 1e9

    /// The file named in errors.
    public let file: String

    /// A reader of the file named `file` in its errors.
    public init(file: String) { self.file = file }

    /// The text of the scene file at `path`. Files over ``fileByteLimit`` are refused before
    /// reading; text that is not UTF-8 is refused with the line, column and bytes of the first
    /// ill-formed sequence.
    public static func text(atPath path: String) throws(SceneError) -> String {
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
           let size = attributes[.size] as? NSNumber, size.int64Value > Int64(fileByteLimit) {
            throw SceneError(file: path, location: SourceLocation(line: 1, column: 1),
                             message: "the file is \(size.int64Value) bytes; scene files are limited to \(fileByteLimit) bytes (64 MiB)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, location: SourceLocation(line: 1, column: 1), message: "cannot read the file (missing or unreadable)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            // Where the first ill-formed sequence is (TX bad input), counted in lines and characters.
            var it = data.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var line = 1, column = 1, offset = 0
            scan: while true {
                switch parser.parseScalar(from: &it) {
                case .valid(let scalar):
                    offset += scalar.count
                    if scalar.count == 1, scalar.first == 0x0A { line += 1; column = 1 } else { column += 1 }
                case .error(let length):
                    let bad = data[data.startIndex + offset..<min(data.endIndex, data.startIndex + offset + length)]
                    throw SceneError(file: path, location: SourceLocation(line: line, column: column),
                                     message: "the file is not UTF-8 text: bytes \(bad.map { String(format: "%02X", $0) }.joined(separator: " ")) "
                                         + "at byte offset \(offset) are not a UTF-8 sequence")
                case .emptyInput:
                    break scan
                }
            }
            throw SceneError(file: path, location: SourceLocation(line: 1, column: 1), message: "the file is not UTF-8 text")
        }
        return text
    }

    /// The JSON value of `text`; a syntax error is a ``SceneError`` in `file`.
    public static func json(_ text: String, file: String) throws(SceneError) -> JSONValue {
        do { return try JSONParser.parse(text) } catch {
            throw SceneError(file: file, location: error.location, message: error.message)
        }
    }

    /// The error at `at` saying `message`.
    public func fail(_ at: JSONValue, _ message: String) -> SceneError {
        SceneError(file: file, location: at.location, message: message)
    }

    /// The members of an object whose keys are all in `keys` (`what` names it in errors).
    public func object(_ v: JSONValue, _ what: String, keys: Set<String>) throws(SceneError) -> [(key: String, value: JSONValue)] {
        guard case .object(let members, _) = v else { throw fail(v, "\(what) must be an object, found \(v.typeName)") }
        for m in members where !keys.contains(m.key) {
            throw fail(m.value, "unknown key '\(m.key)' in \(what); expected one of \(keys.sorted().joined(separator: ", "))")
        }
        return members
    }

    /// A number, within ±``coordinateLimit`` unless `limit` says otherwise.
    public func number(_ v: JSONValue, _ what: String, limit: Double = SceneReader.coordinateLimit) throws(SceneError) -> Double {
        guard case .number(let n, _) = v else { throw fail(v, "\(what) must be a number, found \(v.typeName)") }
        guard abs(n) <= limit else {
            throw fail(v, "\(what) is \(n); numbers in a scene are limited to ±\(SceneReader.format(limit: limit))")
        }
        return n
    }

    /// A number from 0, within ±``coordinateLimit``.
    public func nonNegative(_ v: JSONValue, _ what: String) throws(SceneError) -> Double {
        let n = try number(v, what)
        guard n >= 0 else { throw fail(v, "\(what) must not be negative, found \(n)") }
        return n
    }

    /// The string `v` holds, or an error naming `what` and the type found.
    public func string(_ v: JSONValue, _ what: String) throws(SceneError) -> String {
        guard case .string(let s, _) = v else { throw fail(v, "\(what) must be a string, found \(v.typeName)") }
        return s
    }

    /// The Boolean `v` holds, or an error naming `what` and the type found.
    public func bool(_ v: JSONValue, _ what: String) throws(SceneError) -> Bool {
        guard case .bool(let b, _) = v else { throw fail(v, "\(what) must be true or false, found \(v.typeName)") }
        return b
    }

    /// An array of exactly `count` numbers, each within ±``coordinateLimit``.
    public func numbers(_ v: JSONValue, _ what: String, count: Int) throws(SceneError) -> [Double] {
        guard case .array(let items, _) = v, items.count == count else {
            throw fail(v, "\(what) must be an array of \(count) numbers")
        }
        var out: [Double] = []
        for item in items { out.append(try number(item, "each element of \(what)")) }
        return out
    }

    /// A point: an array of two numbers, each within ±``coordinateLimit``.
    package func point(_ v: JSONValue, _ what: String) throws(SceneError) -> Point {
        let p = try numbers(v, what, count: 2)
        return Point(x: p[0], y: p[1])
    }

    /// A limit as people write it: 16384, 1e9.
    public static func format(limit v: Double) -> String {
        if v == v.rounded(), v < 1e7 { return String(Int(v)) }
        var exponent = 0, m = v
        while m >= 10, m.truncatingRemainder(dividingBy: 10) == 0 { m /= 10; exponent += 1 }
        return m == 1 ? "1e\(exponent)" : String(v)
    }
}
