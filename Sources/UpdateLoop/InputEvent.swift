import Geometry

/// A key, named as SDL names keys in lower case ("a", "space", "left", "escape", "1", "tab").
public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The key's name in lower case, as SDL names it.
    public var name: String
    /// The key named `name` ("a", "space", "left").
    public init(_ name: String) { self.name = name }
    /// The key's name.
    public var description: String { name }
}

/// Modifier keys held during an event (UIKeyModifierFlags' common ones).
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The modifiers as bits.
    public let rawValue: Int
    /// The modifiers `rawValue`'s bits name.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A shift key.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// A control key.
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// An alt (option) key.
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The Windows, Super or Command key.
    public static let command = KeyModifiers(rawValue: 1 << 3)
    /// Caps lock is on.
    public static let capsLock = KeyModifiers(rawValue: 1 << 4)
}

/// Input that enters the run loop's queue (R5 phase 1), from the window backend or a test (TX6).
///
/// What happened is ``kind``; every event also carries when (``timestamp``, seconds on the frame
/// clock's timeline, stamped by the run loop on arrival when the source gives none), the
/// modifiers held, which pointer (``pointerID``: 0 the mouse, others touches or scripted fingers),
/// the press count of a click, and the window. The static functions build the common events as
/// the cases of the earlier enum were written (`.pointerDown(p, button: 1)`).
public struct InputEvent: Sendable, Equatable {
    /// What happened, with its place in window points.
    public enum Kind: Sendable, Equatable {
        /// A pointer button went down at a window point (points, not pixels).
        case pointerDown(Point, button: Int)
        /// The pointer moved; `buttons` is a bit set of the pressed buttons (0: hovering).
        case pointerMoved(Point, buttons: Int)
        /// A pointer button was released at a window point.
        case pointerUp(Point, button: Int)
        /// The system took the pointer away (the touch was cancelled).
        case pointerCancelled(Point)
        /// A wheel or trackpad scroll at a window point, in points, precise (fractional) deltas;
        /// positive dy scrolls content down (the wheel turned away from the user), as SDL.
        case scroll(dx: Double, dy: Double, at: Point)
        /// A key went down.
        case keyDown(Key)
        /// A key was released.
        case keyUp(Key)
        /// Committed text from the keyboard or an input method.
        case textInput(String)
        /// An input method's composition in progress: the marked text and the selection in it
        /// (UTF-16 offsets); empty text ends the composition.
        case textComposition(String, selection: Range<Int>)
        /// Files were dropped on the window (DK4): their paths, and the window point they were
        /// dropped at (points).
        case filesDropped([String], at: Point)
        /// The window's size in points changed.
        case resize(Size)
        /// The window's device pixels per point changed (DK2): the window moved to a display of
        /// another scale, or the scale the window system or the desktop's setting gives changed.
        case scaleChanged(Double)
        /// The window was closed: the run loop ends after this frame.
        case quit
    }

    /// What happened.
    public var kind: Kind
    /// Seconds on the frame clock's timeline (the run loop's media time); nil until stamped.
    public var timestamp: Double?
    /// The modifier keys held.
    public var modifiers: KeyModifiers
    /// Which pointer: 0 is the mouse; touches and scripted fingers number from 1.
    public var pointerID: Int
    /// For a press: 1 for a single click, 2 for a double click, as the platform counts them.
    public var clickCount: Int
    /// The window the event is for (0: the only one).
    public var windowID: Int

    /// An event of `kind`; the run loop stamps the time on arrival when `timestamp` is nil.
    public init(_ kind: Kind, timestamp: Double? = nil, modifiers: KeyModifiers = [], pointerID: Int = 0, clickCount: Int = 1,
                windowID: Int = 0) {
        self.kind = kind
        self.timestamp = timestamp
        self.modifiers = modifiers
        self.pointerID = pointerID
        self.clickCount = clickCount
        self.windowID = windowID
    }

    /// A press of `button` (1: the primary one) at `p`, in window points.
    public static func pointerDown(_ p: Point, button: Int = 1) -> InputEvent { InputEvent(.pointerDown(p, button: button)) }
    /// A move to `p` with `buttons` held (a bit set; 0: hovering).
    public static func pointerMoved(_ p: Point, buttons: Int = 0) -> InputEvent { InputEvent(.pointerMoved(p, buttons: buttons)) }
    /// A release of `button` at `p`.
    public static func pointerUp(_ p: Point, button: Int = 1) -> InputEvent { InputEvent(.pointerUp(p, button: button)) }
    /// A scroll of `dx`, `dy` points at `p`.
    public static func scroll(dx: Double, dy: Double, at p: Point = .zero) -> InputEvent { InputEvent(.scroll(dx: dx, dy: dy, at: p)) }
    /// A key press with `modifiers` held.
    public static func keyDown(_ k: Key, modifiers: KeyModifiers = []) -> InputEvent { InputEvent(.keyDown(k), modifiers: modifiers) }
    /// A key release with `modifiers` held.
    public static func keyUp(_ k: Key, modifiers: KeyModifiers = []) -> InputEvent { InputEvent(.keyUp(k), modifiers: modifiers) }
    /// Committed text `s`.
    public static func textInput(_ s: String) -> InputEvent { InputEvent(.textInput(s)) }
    /// An input method's marked text `s` with `selection` (UTF-16 offsets in it).
    public static func textComposition(_ s: String, selection: Range<Int>) -> InputEvent {
        InputEvent(.textComposition(s, selection: selection))
    }
    /// The window resized to `s` points.
    public static func resize(_ s: Size) -> InputEvent { InputEvent(.resize(s)) }
    /// The window's device pixels per point became `scale`.
    public static func scaleChanged(_ scale: Double) -> InputEvent { InputEvent(.scaleChanged(scale)) }
    /// The window was closed.
    public static let quit = InputEvent(.quit)

    /// The same event from another pointer, at a time, with modifiers or a click count.
    public func with(pointer id: Int? = nil, timestamp t: Double? = nil, modifiers m: KeyModifiers? = nil,
                     clickCount c: Int? = nil) -> InputEvent {
        var e = self
        if let id { e.pointerID = id }
        if let t { e.timestamp = t }
        if let m { e.modifiers = m }
        if let c { e.clickCount = c }
        return e
    }

    /// The window point of a pointer, scroll or drop event.
    public var location: Point? {
        switch kind {
        case .pointerDown(let p, _), .pointerMoved(let p, _), .pointerUp(let p, _), .pointerCancelled(let p): p
        case .scroll(_, _, let p), .filesDropped(_, let p): p
        default: nil
        }
    }

    /// Whether this is a pointer press, move, release or cancel.
    public var isPointer: Bool {
        switch kind {
        case .pointerDown, .pointerMoved, .pointerUp, .pointerCancelled: true
        default: false
        }
    }
}
