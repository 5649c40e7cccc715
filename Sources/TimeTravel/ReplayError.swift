import SceneReading

/// Why a replay could not do what was asked (IN6). Each case carries what failed and where, and
/// reads as a sentence; none of them traps.
public enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording or scene file is malformed: the reader's error with its file, line and column.
    case malformed(SceneError)
    /// A frame outside the recording: `frame` was asked, the recording has `count` frames (0 ..< count).
    case frameOutOfRange(frame: Int, count: Int)
    /// No view or layer has this name (scene id, identifier or accessibility identifier).
    case unknownView(String)
    /// The key path is not one a replay reads; `known` lists those it does.
    case unknownKeyPath(String, known: [String])
    /// A replay process failed: what was asked, and what happened.
    case workerFailed(String)
    /// A replay process did not answer `request` within `seconds`.
    case workerTimedOut(request: String, seconds: Double)
    /// The recording names no scene and none was given.
    case noScene
    /// The bisection's predicate does not hold at the end of the range (nothing to find).
    case notReached(view: String, keyPath: String, value: Double, lastFrame: Int, lastValue: Double)

    /// The error in words.
    public var description: String {
        switch self {
        case .malformed(let e): return e.description
        case .frameOutOfRange(let f, let n):
            return n == 0 ? "frame \(f) is out of range: the recording has no frames"
                : "frame \(f) is out of range: the recording has \(n) frames (0 to \(n - 1))"
        case .unknownView(let name): return "no view or layer named '\(name)' (a scene id, identifier or accessibility identifier)"
        case .unknownKeyPath(let k, let known): return "unknown key path '\(k)'; known: \(known.joined(separator: ", "))"
        case .workerFailed(let what): return "the replay process failed: \(what)"
        case .workerTimedOut(let r, let s): return "the replay process did not answer '\(r)' within \(s) s"
        case .noScene: return "the recording names no scene file; pass one (--scene)"
        case .notReached(let v, let k, let value, let last, let lastValue):
            return "'\(v)' \(k) does not reach \(value) by frame \(last) (it is \(lastValue) there)"
        }
    }
}
