/// A problem the engine found and recovered from: the app keeps running (U7, A7, A8, misuse).
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What sort of problem it was.
    public enum Kind: String, Sendable {
        /// Layout or constraints kept invalidating themselves (U7).
        case layoutFeedbackLoop
        /// Required constraints conflict; one was broken (A7).
        case unsatisfiableConstraints
        /// Views whose frames the constraints do not determine (A8).
        case ambiguousLayout
        /// An `updateConstraints()` override did not call `super.updateConstraints()` (U5).
        case missingSuperCall
        /// An API used where it must not be (e.g. `layoutIfNeeded()` from `draw(_:in:)`).
        case misuse
        /// A constraint could not be added (bad number, no common ancestor).
        case invalidConstraint
        /// The engine's own bookkeeping failed (a bug in the engine, not in the app): reported
        /// instead of swallowed, and a failure in tests.
        case internalError
    }

    /// What sort of problem it was.
    public var kind: Kind
    /// The frame index in which it was found (-1 before the first frame).
    public var frame: Int64
    /// A readable report, in the style of UIKit's console messages.
    public var message: String
    /// The views involved, by trace name.
    public var views: [String]
    /// Constraint identifiers involved; for A7 the broken one is ``brokenConstraint``.
    public var constraints: [String]
    /// For unsatisfiable constraints, the one the solver broke; nil otherwise.
    public var brokenConstraint: String?

    /// A diagnostic of `kind` found in frame `frame`, saying `message`, naming the views and constraints involved.
    public init(kind: Kind, frame: Int64, message: String, views: [String] = [], constraints: [String] = [],
                brokenConstraint: String? = nil) {
        self.kind = kind; self.frame = frame; self.message = message; self.views = views
        self.constraints = constraints; self.brokenConstraint = brokenConstraint
    }

    /// "[kind] message", as logs print it.
    public var description: String { "[\(kind.rawValue)] \(message)" }
}

/// Collects ``Diagnostic``s, logs each through swift-log (label `timeline`, warning level, with
/// the kind and frame as metadata) and forwards it to an optional handler. Tests inspect
/// ``entries``; the CLI prints them in its own format.
@MainActor
public final class DiagnosticLog {
    /// The reports so far, oldest first, while ``keepsEntries`` is on.
    public private(set) var entries: [Diagnostic] = []
    /// Whether reports are kept in ``entries``. Turn it off when ``handler`` prints them as they
    /// come (the CLI does), so a long run's memory stays flat (Z4).
    public var keepsEntries = true
    /// Called with each report as it comes.
    public var handler: ((Diagnostic) -> Void)?
    /// Where reports are logged; set to nil to keep them silent (the CLI prints its own).
    public var logger: Logger? = Logger(label: "timeline")

    /// An empty log that logs through swift-log.
    public init() {}

    /// Records `d`: keeps it, hands it to the handler and logs it as a warning.
    public func report(_ d: Diagnostic) {
        if keepsEntries { entries.append(d) }
        handler?(d)
        logger?.warning("\(d.message)", metadata: ["kind": "\(d.kind.rawValue)", "frame": "\(d.frame)"])
    }

    /// The kept reports of `kind`.
    public func entries(of kind: Diagnostic.Kind) -> [Diagnostic] { entries.filter { $0.kind == kind } }
    /// Forgets the kept reports.
    public func removeAll() { entries.removeAll() }
}

import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard error (file descriptor 2).
public func printToStandardError(_ s: String) {
    let line = s + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}
