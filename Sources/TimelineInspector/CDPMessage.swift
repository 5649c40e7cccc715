import JSONParsing
import UpdateLoop

// The Chrome DevTools Protocol's messages (IN1): a request is a JSON object with an integer
// `id`, a `method` ("Domain.command") and an optional `params` object; a reply carries the same
// id and either `result` or `error` (JSON-RPC's codes); an event has a `method` and `params` and
// no id. This file reads requests and writes replies; it touches no engine object, so the server
// parses on its own thread and only a well-formed request reaches the main actor. The fuzz target
// Sources/InspectorFuzzer runs it on any bytes.

/// A CDP error reply: JSON-RPC's code and a message that says what was wrong and where.
public struct CDPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request's id, when it could be read.
    public var id: Int?
    /// The JSON-RPC error code (one of the constants below).
    public var code: Int
    /// What was wrong and where, for the client to show.
    public var message: String

    /// An error reply to request `id` (nil when it could not be read) with `code` and `message`.
    public init(id: Int?, code: Int, message: String) {
        self.id = id
        self.code = code
        self.message = message
    }

    /// The message is no JSON (JSON-RPC -32700).
    public static let parseError = -32700
    /// The JSON is no request: no integer id or no method (-32600).
    public static let invalidRequest = -32600
    /// No such method is served (-32601).
    public static let methodNotFound = -32601
    /// A parameter is missing, of the wrong type, or names nothing (-32602).
    public static let invalidParams = -32602
    /// The request was right but could not be carried out (-32000, as Chrome answers).
    public static let serverError = -32000

    /// "CDP error CODE: MESSAGE", for logs.
    public var description: String { "CDP error \(code): \(message)" }

    /// The reply as it is sent.
    public var json: String {
        CDPValue.object([
            ("id", id.map { .int($0) } ?? .null),
            ("error", .object([("code", .int(code)), ("message", .string(message))])),
        ]).json
    }
}

/// One request of a client.
public struct CDPRequest: Sendable {
    /// The largest message read, in UTF-8 bytes: a document edit or a query is far smaller, and
    /// a bigger message is answered with an error before it is parsed.
    public static let maximumMessageBytes = 1 << 20

    /// The request's id, echoed in its reply.
    public var id: Int
    /// The method called, as `Domain.method` ("DOM.getDocument").
    public var method: String
    /// The members of `params` (empty when there was none).
    public var params: [(key: String, value: JSONValue)]

    /// Reads a request from a text message; a message that is no request throws the error
    /// reply to send.
    public static func parse(_ text: String) throws(CDPError) -> CDPRequest {
        guard text.utf8.count <= maximumMessageBytes else {
            throw CDPError(id: nil, code: CDPError.invalidRequest,
                           message: "message of \(text.utf8.count) bytes is over the limit of \(maximumMessageBytes)")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            throw CDPError(id: nil, code: CDPError.parseError, message: "not JSON at \(error.location): \(error.message)")
        }
        guard case .object = value else {
            throw CDPError(id: nil, code: CDPError.invalidRequest, message: "a request is a JSON object; got \(value.typeName)")
        }
        guard let idValue = value["id"] else {
            throw CDPError(id: nil, code: CDPError.invalidRequest, message: "the request has no \"id\"")
        }
        guard let id = Self.integer(idValue) else {
            throw CDPError(id: nil, code: CDPError.invalidRequest,
                           message: "\"id\" at \(idValue.location) must be an integer; got \(idValue.typeName)")
        }
        guard case .string(let method, _)? = value["method"] else {
            throw CDPError(id: id, code: CDPError.invalidRequest, message: "the request has no \"method\" string")
        }
        var params: [(key: String, value: JSONValue)] = []
        if let p = value["params"] {
            guard case .object(let members, _) = p else {
                throw CDPError(id: id, code: CDPError.invalidRequest, message: "\"params\" at \(p.location) must be an object; got \(p.typeName)")
            }
            params = members
        }
        return CDPRequest(id: id, method: method, params: params)
    }

    /// An integral JSON number that fits a CDP id or node id (|n| < 2^53), else nil.
    static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let d, _) = value, d == d.rounded(), abs(d) < 9_007_199_254_740_992 else { return nil }
        return Int(d)
    }

    // MARK: Parameters

    /// The parameter `key`, or nil.
    public func param(_ key: String) -> JSONValue? { params.first { $0.key == key }?.value }

    /// The integer parameter `key`; throws an invalid-params error when missing or no integer.
    public func int(_ key: String) throws(CDPError) -> Int {
        guard let v = param(key) else { throw missing(key, "an integer") }
        guard let n = Self.integer(v) else { throw wrongType(key, v, "an integer") }
        return n
    }

    /// The number parameter `key`.
    public func double(_ key: String) throws(CDPError) -> Double {
        guard let v = param(key) else { throw missing(key, "a number") }
        guard case .number(let d, _) = v else { throw wrongType(key, v, "a number") }
        return d
    }

    /// The string parameter `key`.
    public func string(_ key: String) throws(CDPError) -> String {
        guard let v = param(key) else { throw missing(key, "a string") }
        guard case .string(let s, _) = v else { throw wrongType(key, v, "a string") }
        return s
    }

    /// The boolean parameter `key`, or `default` when it is absent.
    public func bool(_ key: String, default value: Bool) throws(CDPError) -> Bool {
        guard let v = param(key) else { return value }
        guard case .bool(let b, _) = v else { throw wrongType(key, v, "a boolean") }
        return b
    }

    /// An invalid-params error for this request.
    public func invalid(_ message: String) -> CDPError {
        CDPError(id: id, code: CDPError.invalidParams, message: "\(method): \(message)")
    }

    private func missing(_ key: String, _ type: String) -> CDPError {
        invalid("the parameter \"\(key)\" (\(type)) is missing")
    }

    private func wrongType(_ key: String, _ v: JSONValue, _ type: String) -> CDPError {
        invalid("the parameter \"\(key)\" at \(v.location) must be \(type); got \(v.typeName)")
    }
}

/// A JSON value the inspector sends: members keep their order, numbers that are whole print
/// without a fraction, and a number that is not finite prints as null (JSON has no NaN).
public indirect enum CDPValue: Sendable {
    /// JSON null (also what a number that is not finite becomes).
    case null
    /// true or false.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction (a whole one prints without it).
    case double(Double)
    /// A string, escaped when printed.
    case string(String)
    /// An array.
    case array([CDPValue])
    /// An object, its members in this order.
    case object([(String, CDPValue)])

    /// The value as JSON text.
    public var json: String {
        var out = ""
        // A document's reply is large: grow it in few steps.
        if case .object(let members) = self, members.count > 1 { out.reserveCapacity(4_096) }
        write(to: &out)
        return out
    }

    /// Appends the value as JSON text to `out`.
    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .double(let d):
            if !d.isFinite { out += "null" } else if d == d.rounded(), abs(d) < 1e15 { out += String(Int(d)) } else { out += "\(d)" }
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Appends `s` as a JSON string literal: as it is when nothing in it needs escaping (names,
    /// numbers, colours: nearly every string of a document), else through UpdateLoop's escaping,
    /// which traces use.
    private static func writeString(_ s: String, to out: inout String) {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5c }) {
            out += "\""
            out += s
            out += "\""
        } else {
            out += jsonString(s)
        }
    }
}

extension CDPValue {
    /// A reply with `result` to request `id`.
    static func reply(id: Int, result: CDPValue) -> String {
        CDPValue.object([("id", .int(id)), ("result", result)]).json
    }

    /// An event: `method` with `params`.
    static func event(_ method: String, _ params: CDPValue) -> String {
        CDPValue.object([("method", .string(method)), ("params", params)]).json
    }
}
