import Foundation

/// Where an SDL window's device pixels per point come from (DK2).
///
/// Wayland (and macOS) tell a window its output's scale: SDL sizes the window in points and the
/// renderer's output in device pixels, and their ratio is the scale. X11 tells nothing (an X
/// window is sized in pixels, and SDL 2 reports every X window at scale 1), so on X11 the scale
/// is read from the environment, as GTK reads it: `TIMELINE_SCALE` (a number from 1 to 4, which
/// may be fractional), else `GDK_SCALE` (a whole number from 1 to 4, GTK's own). The window is
/// then opened at that many pixels per point, its events and sizes are divided back into points,
/// and the engine window's `scale` is set to it. A value that is not a number in range is
/// ignored (scale 1), never an error.
public enum DisplayScaleSource: Sendable, Equatable {
    /// The window system reported it (the renderer's output size over the window's size).
    case windowSystem
    /// An environment variable, named, set it (X11).
    case environment(String)
}

/// The scale an X11 window is opened at (DK2): see ``DisplayScaleSource``.
public struct DisplayScaleRequest: Sendable, Equatable {
    /// Device pixels per point, from 1 to ``maximum``.
    public let scale: Double
    /// The environment variable it was read from.
    public let variable: String

    /// The largest scale taken from the environment.
    public static let maximum = 4.0

    /// The scale the environment asks for: `TIMELINE_SCALE`, else `GDK_SCALE`; nil when neither
    /// holds a number in range (or both ask for 1).
    public static func from(environment: [String: String]) -> DisplayScaleRequest? {
        if let text = environment["TIMELINE_SCALE"], let v = Double(text.trimmingCharacters(in: .whitespaces)),
           v.isFinite, v >= 1, v <= maximum {
            return v == 1 ? nil : DisplayScaleRequest(scale: v, variable: "TIMELINE_SCALE")
        }
        if let text = environment["GDK_SCALE"], let v = Int(text.trimmingCharacters(in: .whitespaces)),
           v >= 1, Double(v) <= maximum {
            return v == 1 ? nil : DisplayScaleRequest(scale: Double(v), variable: "GDK_SCALE")
        }
        return nil
    }

    /// A window side in points as pixels at `scale`: whole pixels, from 1 to
    /// `SDLWindowHost.maximumWindowSide` (SDL's largest texture side on most renderers).
    static func pixels(_ points: Int32, scale: Double) -> Int32 {
        let v = (Double(points) * scale).rounded()
        return v.isNaN ? 1 : Int32(max(1, min(Double(SDLWindowHost.maximumWindowSide), v)))
    }
}
