import Geometry
import RenderModel
import UpdateLoop
import Views

// The overlays of IN7, toggled from the inspector: layout flashing (each view whose
// `layoutSubviews()` the layout pass ran, outlined), paint flashing (each rectangle the display
// pass drew, filled green), both fading out over ``Flashing/duration`` seconds of frame time;
// and slow animations (every animation at a fifth of its speed, as Flutter's "Slow Animations"
// sets a time dilation of 5). The first two are the Rendering panel's toggles of Chrome
// DevTools (`Overlay.setShowLayoutShiftRegions`, `Overlay.setShowPaintRects`); the third is ours
// (`Overlay.setShowSlowAnimations`, same shape). Off, none leaves a hook or a wrapper behind.

/// The flashes a window shows: what its layout and display passes touched, in window points,
/// each fading from the first frame that shows it.
struct Flashing {
    enum Kind { case layout, paint }

    struct Flash {
        var rect: Rect
        var kind: Kind
        /// The frame time of the first frame that drew it (nil until then).
        var born: Double?
    }

    /// The seconds a flash takes to fade out.
    static let duration = 0.35
    static let paintColor = Color(red: 0.2, green: 0.85, blue: 0.3)
    static let layoutColor = Color(red: 0.45, green: 0.35, blue: 1)

    private(set) var flashes: [Flash] = []
    /// Whether the last presented list had a flash (its pixels go in the next one).
    var drewLastFrame = false

    /// Whether a flash is still to be drawn or to fade.
    var isLive: Bool { !flashes.isEmpty }

    /// Forgets every flash (flashing turned off: the next frame repaints without them).
    mutating func removeAll() { flashes.removeAll() }

    mutating func add(_ rect: Rect, _ kind: Kind) {
        guard !rect.isNull, rect.width > 0 || rect.height > 0 else { return }
        flashes.append(Flash(rect: rect, kind: kind, born: nil))
    }

    /// Appends the live flashes at frame time `t` to `commands` (new ones are born now) and
    /// drops the faded; returns whether any was drawn. The opacity is a function of `t` and the
    /// flash's birth only.
    mutating func draw(into commands: inout [DrawCommand], at t: Double) -> Bool {
        guard !flashes.isEmpty else { return false }
        var kept = 0
        for i in flashes.indices {
            var f = flashes[i]
            let born = f.born ?? t
            f.born = born
            let fade = 1 - (t - born) / Self.duration
            guard fade > 0 else { continue }
            switch f.kind {
            case .paint:
                commands.append(.fillRect(f.rect, Self.paintColor.withAlpha(0.45 * fade), cornerRadius: 0))
            case .layout:
                commands.append(.fillRect(f.rect, Self.layoutColor.withAlpha(0.15 * fade), cornerRadius: 0))
                commands.append(.strokeRect(f.rect, Self.layoutColor.withAlpha(fade), lineWidth: 1, cornerRadius: 0))
            }
            flashes[kept] = f
            kept += 1
        }
        flashes.removeLast(flashes.count - kept)
        return kept > 0
    }
}

private extension Color {
    func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha * a) }
}

extension Inspector {
    /// Whether a flashing overlay is on.
    var flashingIsOn: Bool { showsPaintRects || showsLayoutRects }

    /// Turns paint and layout flashing on or off (nil: as it is) in every window of the loop.
    func setFlashing(paint: Bool? = nil, layout: Bool? = nil) {
        if let paint { showsPaintRects = paint }
        if let layout { showsLayoutRects = layout }
        guard let runLoop else { return }
        for window in runLoop.windows { setFlashHooks(on: window) }
        runLoop.requestFrame()
    }

    private func setFlashHooks(on window: Window) {
        guard flashingIsOn else {
            if let hooks = window.inspectionHooks {
                hooks.didDraw = nil
                hooks.didLayout = nil
                hooks.overlayIsAnimating = nil
                if hooks.isEmpty { window.inspectionHooks = nil }
            }
            if let h = window.renderer as? Highlighter {
                h.flashing.removeAll()
                if h.outline == nil { h.isEnding = true }
            }
            return
        }
        guard let h = highlighter(on: window, make: true) else { return }
        let hooks = window.inspectionHooks ?? InspectionHooks()
        hooks.didDraw = showsPaintRects ? { [weak h] view, rect in
            h?.flashing.add(Self.windowRect(of: rect, in: view), .paint)
        } : nil
        hooks.didLayout = showsLayoutRects ? { [weak h] view in
            h?.flashing.add(Self.windowRect(of: view.bounds, in: view), .layout)
        } : nil
        hooks.overlayIsAnimating = { [weak h] in h?.flashing.isLive ?? false }
        window.inspectionHooks = hooks
    }

    /// The box around `rect` (in `view`'s coordinates) in window points.
    private static func windowRect(of rect: Rect, in view: View) -> Rect {
        box(around: corners(of: rect).map { view.convert($0, to: nil) })
    }

    /// The factor slow animations put on every window's speed.
    static let slowAnimationFactor = 0.2

    /// Turns slow animations on or off: the windows' root layers run at the playback rate times
    /// ``slowAnimationFactor`` while on (through the same layer time as `Animation.setPlaybackRate`).
    func setSlowAnimations(_ on: Bool) {
        guard on != slowAnimations else { return }
        slowAnimations = on
        setPlaybackRate(playbackRate)
    }
}
