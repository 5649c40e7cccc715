import CSDL2
import Views

/// The system cursors a window's pointer shapes show (DK4), made on first use and freed with
/// the window's host.
@MainActor
final class SDLCursors {
    private var made: [PointerShape: OpaquePointer] = [:]

    /// Shows `shape`'s system cursor (SDL keeps the arrow when the desktop has no such cursor).
    func show(_ shape: PointerShape) {
        if let c = made[shape] ?? SDL_CreateSystemCursor(Self.systemCursor(shape)) {
            made[shape] = c
            SDL_SetCursor(c)
        }
    }

    static func systemCursor(_ shape: PointerShape) -> SDL_SystemCursor {
        switch shape {
        case .arrow: SDL_SYSTEM_CURSOR_ARROW
        case .iBeam: SDL_SYSTEM_CURSOR_IBEAM
        case .pointingHand: SDL_SYSTEM_CURSOR_HAND
        case .resizeLeftRight: SDL_SYSTEM_CURSOR_SIZEWE
        case .resizeUpDown: SDL_SYSTEM_CURSOR_SIZENS
        case .notAllowed: SDL_SYSTEM_CURSOR_NO
        case .crosshair: SDL_SYSTEM_CURSOR_CROSSHAIR
        }
    }

    /// Frees the cursors made (the default cursor comes back first).
    func release() {
        guard !made.isEmpty else { return }
        SDL_SetCursor(SDL_GetDefaultCursor())
        for c in made.values { SDL_FreeCursor(c) }
        made.removeAll()
    }
}
