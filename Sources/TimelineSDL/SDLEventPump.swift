import CSDL2
import FrameTiming
import Geometry
import Timeline

/// Moves SDL's events into the run loop's queue (D3, TX6): pointer events in points with the
/// modifiers, click count and window, touches as pointers of their own, wheel deltas at the
/// pointer, the pointer leaving the window (a move outside it, ending hovers), keys
/// by SDL's key names in lower case with their modifiers, committed text and input-method
/// composition, files dropped on the window (DK4), window resizes, moves between displays (DK2),
/// and quit when the window closes.
///
/// The clock calls ``pollEvents()`` before each frame and ``waitForEvents()`` while idle, on the
/// thread that created the window (SDL requires it). ``interruptWait()`` pushes an SDL user event,
/// which is safe from any thread, so a post from a timer thread wakes an idle window at once.
public final class SDLEventPump: ExternalEventSource, @unchecked Sendable {
    private let runLoop: MainRunLoop
    /// The SDL window's id, to ignore events of other windows.
    private let windowID: UInt32
    /// The SDL window (for touch coordinates).
    private let window: OpaquePointer?
    private let wakeEventType: UInt32
    /// The event ``wakeForAuxiliaryWork()`` pushes: it ends no idle wait, only has the auxiliary
    /// work run.
    private let auxiliaryWakeEventType: UInt32
    /// SDL window coordinates per point (DK2): 1 where the window system scales (Wayland), the
    /// scale read from the environment on X11, whose window coordinates are device pixels.
    /// Positions and sizes are divided by it into points.
    var unitsPerPoint: Double = 1
    /// Told about resizes (to update the pixel scale) and exposes (to redraw), on the main thread.
    let onWindowEvent: @Sendable (SDLWindowChange) -> Void

    init(runLoop: MainRunLoop, windowID: UInt32, onWindowEvent: @escaping @Sendable (SDLWindowChange) -> Void) {
        self.runLoop = runLoop
        self.windowID = windowID
        self.window = SDL_GetWindowFromID(windowID)
        self.onWindowEvent = onWindowEvent
        let registered = SDL_RegisterEvents(2)
        wakeEventType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
        auxiliaryWakeEventType = registered == UInt32.max ? SDL_USEREVENT.rawValue + 1 : registered + 1
    }

    /// The paths of a drop in progress: SDL sends one event per file between a begin and a
    /// complete event (DK4), and they go to the window as one drop.
    private var droppedPaths: [String] = []
    private var dropping = false

    /// Other work the main thread serves between frames (the accessibility bridge's D-Bus
    /// requests, AX2): run before each frame, and every ``auxiliaryPollMilliseconds`` while idle.
    /// Nil (no assistive technology asked for) keeps the idle wait a plain `SDL_WaitEvent`.
    var auxiliaryWork: (() -> Void)?
    /// How often idle waits wake for ``auxiliaryWork``, unless ``auxiliaryWakes``.
    static let auxiliaryPollMilliseconds: Int32 = 5
    /// Whether the auxiliary work's owner calls ``wakeForAuxiliaryWork()`` when it has something
    /// (the accessibility bridge's watcher thread does): idle waits then sleep until an event
    /// or that wake, instead of looking every ``auxiliaryPollMilliseconds``.
    var auxiliaryWakes = false

    /// Has an idle wait run the auxiliary work now (and go on waiting: no frame for it). Safe
    /// from any thread.
    func wakeForAuxiliaryWork() {
        var event = SDL_Event()
        event.type = auxiliaryWakeEventType
        _ = SDL_PushEvent(&event)
    }

    /// Translates every event SDL has queued into engine events for the window, without waiting; called once at the start of each frame.
    public func pollEvents() {
        auxiliaryWork?()
        onWindowEvent(.polling)
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            translate(event)
        }
    }

    /// Blocks until SDL has an event (or a wake-up), while no frame is scheduled: an idle window uses no CPU.
    public func waitForEvents() {
        guard let work = auxiliaryWork else {
            _ = SDL_WaitEvent(nil)
            return
        }
        guard auxiliaryWakes else {
            // SDL cannot wait on GLib's descriptors: wake often enough that a screen reader's
            // requests are served promptly; an action that changes a view wakes the clock itself.
            while SDL_WaitEventTimeout(nil, Self.auxiliaryPollMilliseconds) == 0 { work() }
            return
        }
        // The work's owner wakes the wait when it has something: serve it and wait on. Any
        // other event (input, interruptWait) ends the wait; a frame then runs and decides.
        var event = SDL_Event()
        while true {
            work()
            _ = SDL_WaitEvent(nil)
            while SDL_PeepEvents(&event, 1, SDL_GETEVENT, auxiliaryWakeEventType, auxiliaryWakeEventType) > 0 {}
            if SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE { return }
        }
    }

    /// Wakes a ``waitForEvents()`` blocked on another thread by posting a user event; the clock calls it when a frame is scheduled.
    public func interruptWait() {
        var event = SDL_Event()
        event.type = wakeEventType
        _ = SDL_PushEvent(&event)
    }

    private func translate(_ e: SDL_Event) {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            runLoop.send(.quit)
        case SDL_WINDOWEVENT where e.window.windowID == windowID:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                let size = Size(width: Double(e.window.data1) / unitsPerPoint, height: Double(e.window.data2) / unitsPerPoint)
                onWindowEvent(.resized(size))
                runLoop.send(.resize(size))
            case SDL_WINDOWEVENT_EXPOSED:
                onWindowEvent(.exposed)
            case SDL_WINDOWEVENT_DISPLAY_CHANGED, SDL_WINDOWEVENT_MOVED:
                // On another display, perhaps of another scale: the host reads the scale again (DK2).
                onWindowEvent(.displayChanged)
            case SDL_WINDOWEVENT_CLOSE:
                runLoop.send(.quit)
            case SDL_WINDOWEVENT_LEAVE:
                // The pointer left the window: a move to outside it ends every hover.
                runLoop.send(InputEvent(.pointerMoved(Point(x: -1, y: -1), buttons: 0), modifiers: Self.modifiers(),
                                        windowID: Int(windowID)))
            default: break
            }
        case SDL_DISPLAYEVENT:
            onWindowEvent(.displayChanged)                  // a display came, went or turned (DK2)
        case SDL_MOUSEBUTTONDOWN where e.button.windowID == windowID && e.button.which != UInt32.max:
            let p = point(Double(e.button.x), Double(e.button.y))
            runLoop.send(InputEvent(.pointerDown(p, button: Int(e.button.button)), modifiers: Self.modifiers(),
                                    clickCount: Int(e.button.clicks), windowID: Int(windowID)))
        case SDL_MOUSEBUTTONUP where e.button.windowID == windowID && e.button.which != UInt32.max:
            let p = point(Double(e.button.x), Double(e.button.y))
            runLoop.send(InputEvent(.pointerUp(p, button: Int(e.button.button)), modifiers: Self.modifiers(),
                                    clickCount: Int(e.button.clicks), windowID: Int(windowID)))
        case SDL_MOUSEMOTION where e.motion.windowID == windowID && e.motion.which != UInt32.max:
            let p = point(Double(e.motion.x), Double(e.motion.y))
            runLoop.send(InputEvent(.pointerMoved(p, buttons: Int(e.motion.state)), modifiers: Self.modifiers(),
                                    windowID: Int(windowID)))
        case SDL_MOUSEWHEEL where e.wheel.windowID == windowID:
            // Precise deltas (trackpads give fractions), at the pointer; SDL's sign: positive y is
            // the wheel turned away from the user.
            let flip: Float = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let p = point(Double(e.wheel.mouseX), Double(e.wheel.mouseY))
            runLoop.send(InputEvent(.scroll(dx: Double(e.wheel.preciseX * flip), dy: Double(e.wheel.preciseY * flip), at: p),
                                    modifiers: Self.modifiers(), windowID: Int(windowID)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            // Touches in the window's points; each finger is its own pointer (ids from 1).
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(window, &w, &h)
            let p = point(Double(e.tfinger.x) * Double(w), Double(e.tfinger.y) * Double(h))
            let id = Int(truncatingIfNeeded: e.tfinger.fingerId) &+ 1
            let kind: InputEvent.Kind = switch SDL_EventType(e.type) {
            case SDL_FINGERDOWN: .pointerDown(p, button: 1)
            case SDL_FINGERUP: .pointerUp(p, button: 1)
            default: .pointerMoved(p, buttons: 1)
            }
            runLoop.send(InputEvent(kind, modifiers: Self.modifiers(), pointerID: id == 0 ? 1 : id, windowID: Int(windowID)))
        case SDL_KEYDOWN where e.key.windowID == windowID:
            var down = InputEvent.keyDown(Key(Self.keyName(e.key.keysym.sym)), modifiers: Self.modifiers(e.key.keysym.mod))
            down.windowID = Int(windowID)
            runLoop.send(down)
        case SDL_KEYUP where e.key.windowID == windowID:
            var up = InputEvent.keyUp(Key(Self.keyName(e.key.keysym.sym)), modifiers: Self.modifiers(e.key.keysym.mod))
            up.windowID = Int(windowID)
            runLoop.send(up)
        case SDL_TEXTINPUT where e.text.windowID == windowID:
            var t = e.text.text
            let text = withUnsafeBytes(of: &t) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            runLoop.send(.textInput(text))
        case SDL_TEXTEDITING where e.edit.windowID == windowID:
            var t = e.edit.text
            let text = withUnsafeBytes(of: &t) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let start = max(0, Int(e.edit.start)), length = max(0, Int(e.edit.length))
            runLoop.send(.textComposition(text, selection: start..<(start + length)))
        case SDL_TEXTEDITING_EXT where e.editExt.windowID == windowID:
            // A composition longer than SDL_TEXTEDITING's 32 bytes; SDL allocated its text.
            let text = e.editExt.text.map { String(cString: $0) } ?? ""
            SDL_free(e.editExt.text)
            let start = max(0, Int(e.editExt.start)), length = max(0, Int(e.editExt.length))
            runLoop.send(.textComposition(text, selection: start..<(start + length)))
        case SDL_DROPBEGIN where e.drop.windowID == windowID || e.drop.windowID == 0:
            dropping = true
            droppedPaths.removeAll()
        case SDL_DROPFILE where e.drop.windowID == windowID || e.drop.windowID == 0:
            guard let file = e.drop.file else { break }
            droppedPaths.append(String(cString: file))
            SDL_free(file)
            if !dropping { sendDrop() }
        case SDL_DROPCOMPLETE where e.drop.windowID == windowID || e.drop.windowID == 0:
            dropping = false
            sendDrop()
        default:
            break
        }
    }

    /// Sends the dropped files at the pointer (SDL gives a drop no position: the pointer's, on
    /// the desktop, less the window's origin).
    private func sendDrop() {
        guard !droppedPaths.isEmpty else { return }
        var x: Int32 = 0, y: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        _ = SDL_GetGlobalMouseState(&x, &y)
        if let window { SDL_GetWindowPosition(window, &wx, &wy) }
        runLoop.send(InputEvent(.filesDropped(droppedPaths, at: point(Double(x - wx), Double(y - wy))),
                                modifiers: Self.modifiers(), windowID: Int(windowID)))
        droppedPaths.removeAll()
    }

    /// A position in SDL window coordinates as points.
    private func point(_ x: Double, _ y: Double) -> Point { Point(x: x / unitsPerPoint, y: y / unitsPerPoint) }

    /// The modifier keys held (from SDL's state, or a key event's).
    static func modifiers(_ mod: UInt16? = nil) -> KeyModifiers {
        let m = UInt32(mod ?? UInt16(truncatingIfNeeded: SDL_GetModState().rawValue))
        var out: KeyModifiers = []
        if m & KMOD_SHIFT.rawValue != 0 { out.insert(.shift) }
        if m & KMOD_CTRL.rawValue != 0 { out.insert(.control) }
        if m & KMOD_ALT.rawValue != 0 { out.insert(.alt) }
        if m & KMOD_GUI.rawValue != 0 { out.insert(.command) }
        if m & KMOD_CAPS.rawValue != 0 { out.insert(.capsLock) }
        return out
    }

    /// SDL's name for a key, lower-cased ("a", "space", "left", "escape", "1", "keypad +").
    static func keyName(_ sym: SDL_Keycode) -> String {
        guard let name = SDL_GetKeyName(sym) else { return "" }
        return String(cString: name).lowercased()
    }
}

/// A change to the SDL window the host reacts to on the main thread.
enum SDLWindowChange: Sendable {
    case resized(Size)
    case exposed
    /// The window moved (perhaps to another display), or the displays changed (DK2).
    case displayChanged
    /// Events are about to be read (the host turns SDL's text input on or off for its window).
    case polling
}
