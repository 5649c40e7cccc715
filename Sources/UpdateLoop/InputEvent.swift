import Geometry

/// A key, named as SDL names keys in lower case ("a", "space", "left", "escape", "1").
public struct Key: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}

/// Input that enters the run loop's queue (R5 phase 1), from the window backend or a test.
public enum InputEvent: Sendable, Equatable {
    /// A pointer button went down at a window point (points, not pixels).
    case pointerDown(Point, button: Int)
    /// The pointer moved; `buttons` is a bit set of the pressed buttons.
    case pointerMoved(Point, buttons: Int)
    case pointerUp(Point, button: Int)
    case scroll(dx: Double, dy: Double)
    case keyDown(Key)
    case keyUp(Key)
    /// The window's size in points changed.
    case resize(Size)
    /// The window was closed: the run loop ends after this frame.
    case quit

    /// The window point of a pointer event.
    public var location: Point? {
        switch self {
        case .pointerDown(let p, _), .pointerMoved(let p, _), .pointerUp(let p, _): p
        default: nil
        }
    }
}
