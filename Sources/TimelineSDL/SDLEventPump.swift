import CSDL2
import FrameTiming
import Geometry
import Timeline

/// Moves SDL's events into the run loop's queue (D3): pointer events in points, keys by SDL's
/// key names in lower case, window resizes, and quit when the window closes.
///
/// The clock calls ``pollEvents()`` before each frame and ``waitForEvents()`` while idle, on the
/// thread that created the window (SDL requires it). ``interruptWait()`` pushes an SDL user event,
/// which is safe from any thread, so a post from a timer thread wakes an idle window at once.
public final class SDLEventPump: ExternalEventSource, @unchecked Sendable {
    private let runLoop: MainRunLoop
    /// The SDL window's id, to ignore events of other windows.
    private let windowID: UInt32
    private let wakeEventType: UInt32
    /// Told about resizes (to update the pixel scale) and exposes (to redraw), on the main thread.
    let onWindowEvent: @Sendable (SDLWindowChange) -> Void

    init(runLoop: MainRunLoop, windowID: UInt32, onWindowEvent: @escaping @Sendable (SDLWindowChange) -> Void) {
        self.runLoop = runLoop
        self.windowID = windowID
        self.onWindowEvent = onWindowEvent
        let registered = SDL_RegisterEvents(1)
        wakeEventType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
    }

    public func pollEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            translate(event)
        }
    }

    public func waitForEvents() {
        _ = SDL_WaitEvent(nil)
    }

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
                onWindowEvent(.resized(Size(width: Double(e.window.data1), height: Double(e.window.data2))))
                runLoop.send(.resize(Size(width: Double(e.window.data1), height: Double(e.window.data2))))
            case SDL_WINDOWEVENT_EXPOSED:
                onWindowEvent(.exposed)
            case SDL_WINDOWEVENT_CLOSE:
                runLoop.send(.quit)
            default: break
            }
        case SDL_MOUSEBUTTONDOWN where e.button.windowID == windowID:
            runLoop.send(.pointerDown(Point(x: Double(e.button.x), y: Double(e.button.y)), button: Int(e.button.button)))
        case SDL_MOUSEBUTTONUP where e.button.windowID == windowID:
            runLoop.send(.pointerUp(Point(x: Double(e.button.x), y: Double(e.button.y)), button: Int(e.button.button)))
        case SDL_MOUSEMOTION where e.motion.windowID == windowID:
            runLoop.send(.pointerMoved(Point(x: Double(e.motion.x), y: Double(e.motion.y)), buttons: Int(e.motion.state)))
        case SDL_MOUSEWHEEL where e.wheel.windowID == windowID:
            runLoop.send(.scroll(dx: Double(e.wheel.preciseX), dy: Double(e.wheel.preciseY)))
        case SDL_KEYDOWN where e.key.windowID == windowID:
            runLoop.send(.keyDown(Key(Self.keyName(e.key.keysym.sym))))
        case SDL_KEYUP where e.key.windowID == windowID:
            runLoop.send(.keyUp(Key(Self.keyName(e.key.keysym.sym))))
        default:
            break
        }
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
}
