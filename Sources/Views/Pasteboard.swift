import Geometry

/// A clipboard for copy, cut and paste (TX9): the window's, which the SDL backend connects to
/// the system clipboard; headless windows keep their own in memory.
@MainActor
public protocol Pasteboard: AnyObject {
    /// The text on the clipboard; nil when it holds none. Setting nil empties it.
    var string: String? { get set }
}

/// A pasteboard in memory (a headless window's default).
@MainActor
public final class MemoryPasteboard: Pasteboard {
    /// The text copied last; nil until something is.
    public var string: String?
    /// An empty pasteboard.
    public init() {}
}
