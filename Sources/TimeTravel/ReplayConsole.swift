import FrameTiming
import UpdateLoop

/// The replay's commands, one a line (IN6): what `timeline replay` and an app replaying its own
/// recording (``AppReplay``) read from standard input, so both step the same way.
///
///     n [K]   K frames forward (1)        b [K]   K frames back (1)
///     g F     go to frame F               v VIEW KEYPATH   a value now
///     bisect VIEW KEYPATH VALUE           q       quit
///
/// After each move it prints the frame, its time, the digest of what it shows, the time the move
/// took and the values asked for with ``values``. A bad command is said and skipped; a replay
/// process that failed ends the loop with its error.
@MainActor
public struct ReplayConsole {
    /// The session stepped.
    public let session: ReplaySession
    /// Values printed with each frame shown: a view's name and a key path.
    public var values: [(view: String, keyPath: String)]
    /// Where lines go (standard output by default).
    public var output: (String) -> Void
    private let infos: [FrameInfo]

    /// A console over `session`, printing `values` with each frame.
    public init(session: ReplaySession, values: [(view: String, keyPath: String)] = [], output: @escaping (String) -> Void = { print($0) }) {
        self.session = session
        self.values = values
        self.output = output
        infos = session.recording.frames()
    }

    /// The first line: what the recording holds and, when it has a mark, where it opens.
    public var heading: String {
        let r = session.recording
        var line = "\(r.frameCount) frames at \(r.rate.rawValue) fps, \(r.events.count) events, checkpoints every \(session.checkpointInterval) frames"
        if let mark = r.mark { line += "; opens at frame \(mark), marked when the inspector began recording" }
        return line
    }

    /// Goes to frame `target` and prints it: `frame F  t=T  digest D  (MS ms)` and the values.
    public func show(_ target: Int) throws(ReplayError) {
        let start = MonotonicClock.now()
        try session.seek(to: target)
        let ms = Double(MonotonicClock.now() - start) / 1e6
        var line = "frame \(target)  t=\(Self.fixed(infos[target].time, 3))  digest \(String(session.digest, radix: 16))  (\(Self.fixed(ms, 1)) ms)"
        for v in values { line += "  \(v.view).\(v.keyPath)=\(try session.value(of: v.view, v.keyPath))" }
        output(line)
    }

    /// Opens at the recording's mark, when it has one (the frame the inspector was asked to
    /// record from); does nothing otherwise.
    public func openAtMark() throws(ReplayError) {
        if let mark = session.recording.mark { try show(mark) }
    }

    /// Reads commands from `input` (standard input by default) until `q` or its end.
    ///
    /// - Throws: the replay process's failure (``ReplayError/workerFailed(_:)`` or a timeout);
    ///   other errors are printed and the next command read.
    public func run(input: () -> String? = { readLine() }) throws(ReplayError) {
        while let line = input() {
            let words = line.split(separator: " ").map(String.init)
            guard let command = words.first else { continue }
            let n = words.count > 1 ? Int(words[1]) : nil
            do {
                switch command {
                case "q", "quit": return
                case "n", "next": try show((session.frame ?? -1) + (n ?? 1))
                case "b", "back": try show((session.frame ?? 0) - (n ?? 1))
                case "g", "go":
                    guard let n else { output("g needs a frame number"); continue }
                    try show(n)
                case "v", "value":
                    guard words.count == 3 else { output("v needs VIEW KEYPATH"); continue }
                    output("\(words[1]).\(words[2])=\(try session.value(of: words[1], words[2]))")
                case "bisect":
                    guard words.count == 4, let target = Double(words[3]) else { output("bisect needs VIEW KEYPATH VALUE"); continue }
                    output("bisect: \(try session.bisect(view: words[1], keyPath: words[2], reaching: target))")
                default: output("unknown command '\(command)' (n, b, g, v, bisect, q)")
                }
            } catch {
                switch error {
                case .workerFailed, .workerTimedOut: throw error
                default: output("error: \(error)")
                }
            }
        }
    }

    /// `v` with `digits` digits after the point (rounded half away from zero), without Foundation.
    static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return "\(v)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = Int64((abs(v) * scale).rounded())
        let unit = Int64(scale)
        var fraction = String(n % unit)
        while fraction.count < digits { fraction = "0" + fraction }
        return (v < 0 && n != 0 ? "-" : "") + "\(n / unit)" + (digits > 0 ? "." + fraction : "")
    }
}
