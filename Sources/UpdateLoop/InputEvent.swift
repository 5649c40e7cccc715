import Geometry

/// A key, named as SDL names keys in lower case ("a", "space", "left", "escape", "1", "tab").
public struct Key: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}

/// Modifier keys held during an event (UIKeyModifierFlags' common ones).
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The Windows, Super or Command key.
    public static let command = KeyModifiers(rawValue: 1 << 3)
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
    public enum Kind: Sendable, Equatable {
        /// A pointer button went down at a window point (points, not pixels).
        case pointerDown(Point, button: Int)
        /// The pointer moved; `buttons` is a bit set of the pressed buttons (0: hovering).
        case pointerMoved(Point, buttons: Int)
        case pointerUp(Point, button: Int)
        /// The system took the pointer away (the touch was cancelled).
        case pointerCancelled(Point)
        /// A wheel or trackpad scroll at a window point, in points, precise (fractional) deltas;
        /// positive dy scrolls content down (the wheel turned away from the user), as SDL.
        case scroll(dx: Double, dy: Double, at: Point)
        case keyDown(Key)
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
        /// The window was closed: the run loop ends after this frame.
        case quit
    }

    public var kind: Kind
    /// Seconds on the frame clock's timeline (the run loop's media time); nil until stamped.
    public var timestamp: Double?
    public var modifiers: KeyModifiers
    /// Which pointer: 0 is the mouse; touches and scripted fingers number from 1.
    public var pointerID: Int
    /// For a press: 1 for a single click, 2 for a double click, as the platform counts them.
    public var clickCount: Int
    /// The window the event is for (0: the only one).
    public var windowID: Int

    public init(_ kind: Kind, timestamp: Double? = nil, modifiers: KeyModifiers = [], pointerID: Int = 0, clickCount: Int = 1,
                windowID: Int = 0) {
        self.kind = kind
        self.timestamp = timestamp
        self.modifiers = modifiers
        self.pointerID = pointerID
        self.clickCount = clickCount
        self.windowID = windowID
    }

    public static func pointerDown(_ p: Point, button: Int = 1) -> InputEvent { InputEvent(.pointerDown(p, button: button)) }
    public static func pointerMoved(_ p: Point, buttons: Int = 0) -> InputEvent { InputEvent(.pointerMoved(p, buttons: buttons)) }
    public static func pointerUp(_ p: Point, button: Int = 1) -> InputEvent { InputEvent(.pointerUp(p, button: button)) }
    public static func scroll(dx: Double, dy: Double, at p: Point = .zero) -> InputEvent { InputEvent(.scroll(dx: dx, dy: dy, at: p)) }
    public static func keyDown(_ k: Key, modifiers: KeyModifiers = []) -> InputEvent { InputEvent(.keyDown(k), modifiers: modifiers) }
    public static func keyUp(_ k: Key, modifiers: KeyModifiers = []) -> InputEvent { InputEvent(.keyUp(k), modifiers: modifiers) }
    public static func textInput(_ s: String) -> InputEvent { InputEvent(.textInput(s)) }
    public static func textComposition(_ s: String, selection: Range<Int>) -> InputEvent {
        InputEvent(.textComposition(s, selection: selection))
    }
    public static func resize(_ s: Size) -> InputEvent { InputEvent(.resize(s)) }
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
