import Geometry

/// A clipboard for copy, cut and paste (TX9): the window's, which the SDL backend connects to
/// the system clipboard; headless windows keep their own in memory.
@MainActor
public protocol Pasteboard: AnyObject {
    var string: String? { get set }
}

/// A pasteboard in memory (a headless window's default).
@MainActor
public final class MemoryPasteboard: Pasteboard {
    public var string: String?
    public init() {}
}
