import Foundation

/// Serialises a document built of JSONSerialization's objects (dictionaries, arrays, strings,
/// numbers) with each object's keys in a fixed order: `ty` first, the rest sorted.
///
/// Why not `JSONSerialization` itself: neither it nor `JSONEncoder` lets the caller order
/// keys (both write a dictionary's order, or sort), and rlottie 0.1 (Debian's librlottie, the
/// reference player the tests compare with) reads a shape's kind from its first key, drawing
/// nothing when `ty` comes later. Strings are escaped by `JSONSerialization`; numbers are
/// written in Swift's shortest round-trip form, whole numbers without a fraction.
enum LottieJSONWriter {
    static func data(_ object: Any) throws(LottieExportError) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        try write(object, into: &out)
        return Data(out)
    }

    /// `ty` before every other key, the others in code-point order (so equal documents give
    /// equal bytes).
    static func precedes(_ a: String, _ b: String) -> Bool {
        if a == "ty" || b == "ty" { return a == "ty" && b != "ty" }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    private static func write(_ value: Any, into out: inout [UInt8]) throws(LottieExportError) {
        switch value {
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (n, key) in object.keys.sorted(by: precedes).enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                try writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(object[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (n, item) in array.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                try write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let string as String: try writeString(string, into: &out)
        case let int as Int: out.append(contentsOf: String(int).utf8)
        case let bool as Bool: out.append(contentsOf: (bool ? "true" : "false").utf8)
        case let x as Double:
            guard x.isFinite else { throw LottieExportError("a value is not a finite number (\(x)); the scene's geometry went out of range") }
            if x == x.rounded(), abs(x) < 1e15 { out.append(contentsOf: String(Int(x)).utf8) } else { out.append(contentsOf: "\(x)".utf8) }
        default:
            throw LottieExportError("cannot write a \(type(of: value)) as JSON")
        }
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) throws(LottieExportError) {
        do {
            out.append(contentsOf: try JSONSerialization.data(withJSONObject: s, options: [.fragmentsAllowed]))
        } catch {
            throw LottieExportError("cannot write the string \(s) as JSON: \(error)")
        }
    }
}
