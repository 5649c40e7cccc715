import Geometry
import JSONParsing
import RenderModel
import UpdateLoop
import Views

// The Overlay domain (IN2, IN7): `Overlay.highlightNode` outlines a node in its window,
// `Overlay.setInspectMode` lets a click in the window pick a view, and the flashing toggles
// (OverlayFlashing.swift) show what the layout and display passes did. Overlays are drawn by
// the engine's painter, not by a view: while one shows, the window's renderer is wrapped
// (``Highlighter``), and each list it presents gets the overlay's commands appended on top; the
// app's tree, its display list and its layout are untouched. With nothing highlighted, no
// flashing and no inspect mode, the window's renderer is its own again and nothing runs per frame.

/// Wraps a window's renderer while the inspector highlights a node in it: appends the outline
/// to each presented list, and repaints the whole window when the outline moved or went.
@MainActor
final class Highlighter: FrameRenderer {
    let inner: any FrameRenderer
    weak var window: Window?
    /// Where the outline is, in window points, asked each frame (it follows an animated view);
    /// nil draws none.
    var outline: (() -> Rect?)?
    var stroke = Color(red: 0.44, green: 0.66, blue: 0.86)
    var fill: Color?
    private var lastDrawn: Rect?
    /// Set when the outline is removed: the next present repaints without it, then the window
    /// gets its own renderer back (unless a screencast still watches).
    var isEnding = false
    /// Sees each list as presented, overlays included: the screencast (Screencast.swift).
    var presented: ((DisplayList, FrameContext) -> Void)?

    init(inner: any FrameRenderer, window: Window) {
        self.inner = inner
        self.window = window
    }

    /// The flashes of the layout and display passes (OverlayFlashing.swift).
    var flashing = Flashing()

    func present(_ list: DisplayList, frame: FrameContext) {
        let rect = isEnding ? nil : outline?()
        var shown = list
        let flashed = flashing.draw(into: &shown.commands, at: frame.time)
        // The old outline's pixels go too, and a fading flash repaints where it was.
        if rect != lastDrawn || flashed || flashing.drewLastFrame { shown.damage = nil; shown.damageRects.removeAll() }
        flashing.drewLastFrame = flashed
        lastDrawn = rect
        if let rect, !rect.isNull {
            if let fill { shown.commands.append(.fillRect(rect, fill, cornerRadius: 0)) }
            shown.commands.append(.strokeRect(rect, stroke, lineWidth: 2, cornerRadius: 0))
        }
        inner.present(shown, frame: frame)
        presented?(shown, frame)
        if isEnding, !flashed, presented == nil, let window, window.renderer === self { window.renderer = inner }
    }

    func releaseCaches() { inner.releaseCaches() }
}

extension Inspector {
    /// The highlighter on `window`, made (and put in front of its renderer) when `make`.
    func highlighter(on window: Window, make: Bool) -> Highlighter? {
        if let h = window.renderer as? Highlighter { h.isEnding = false; return h }
        guard make, let inner = window.renderer else { return nil }
        let h = Highlighter(inner: inner, window: window)
        window.renderer = h
        return h
    }

    /// The window a node is drawn in.
    private func window(of node: InspectedNode) -> Window? {
        switch node {
        case .document: nil
        case .window(let w): w
        case .view(let v): v.window
        case .layer(_, let owner): owner.window
        }
    }

    /// Outlines `node` (nil: nothing) in its window from the next frame on.
    func setHighlight(_ node: InspectedNode?, stroke: Color? = nil, fill: Color? = nil) {
        guard let runLoop else { return }
        let target = node.flatMap { window(of: $0) }
        for w in runLoop.windows {
            guard let h = highlighter(on: w, make: w === target) else { continue }
            if w === target, let node {
                h.outline = { [weak self] in
                    guard let corners = self?.windowCorners(of: node)?.corners else { return nil }
                    return Self.box(around: corners)
                }
                h.stroke = stroke ?? Color(red: 0.44, green: 0.66, blue: 0.86)
                h.fill = fill
            } else {
                h.outline = nil
                h.isEnding = !flashingIsOn
            }
        }
        runLoop.requestFrame()
    }

    /// Turns pick mode on or off in every window: on, a pointer moving over a view highlights
    /// it and a press picks it (`Overlay.inspectNodeRequested`); the app sees no pointer event.
    func setInspectMode(enabled: Bool) {
        guard let runLoop else { return }
        for window in runLoop.windows {
            if enabled {
                let hooks = window.inspectionHooks ?? InspectionHooks()
                hooks.pointerPick = { [weak self, weak window] event in
                    guard let self, let window else { return false }
                    self.pick(event, in: window)
                    return true
                }
                window.inspectionHooks = hooks
            } else if let hooks = window.inspectionHooks {
                hooks.pointerPick = nil
                if hooks.isEmpty { window.inspectionHooks = nil }
            }
        }
    }

    private func pick(_ event: InputEvent, in window: Window) {
        switch event.kind {
        case .pointerMoved(let p, _):
            if let v = view(at: p, in: window) { setHighlight(.view(v)) }
        case .pointerDown(let p, _):
            guard let v = view(at: p, in: window) else { return }
            let id = nodes.id(for: v)
            selectedNode = id
            setHighlight(.view(v))
            send(event: "Overlay.inspectNodeRequested", .object([("backendNodeId", .int(id))]))
        default:
            break
        }
    }

    /// The frontmost view under `p` (window points): the app's hit test.
    private func view(at p: Point, in window: Window) -> View? {
        window.rootView.hitTest(window.rootView.pointFromWindow(p))
    }

    /// `Overlay.highlightNode` `{nodeId | backendNodeId, highlightConfig?}`.
    func highlightNode(_ request: CDPRequest) throws(CDPError) {
        let key = request.param("nodeId") != nil ? "nodeId" : "backendNodeId"
        let id = try request.int(key)
        guard let node = nodes.resolve(id) else { throw request.invalid("no node with id \(id) (ids come from DOM.getDocument)") }
        guard window(of: node) != nil else { throw request.invalid("node \(id) is the \(node.kindName), or in no window: nothing to outline") }
        let config = request.param("highlightConfig")
        let fill = try Self.color(config?["contentColor"], request: request)
        let border = try Self.color(config?["borderColor"], request: request)
        // DevTools asks for a filled box; the outline takes the border colour, else the fill's, opaque.
        setHighlight(node, stroke: border ?? fill.map { Color(red: $0.red, green: $0.green, blue: $0.blue) }, fill: fill)
        selectedNode = id
    }

    /// A CDP `RGBA` (`{r, g, b, a?}`, 0...255 and 0...1), or nil when absent.
    static func color(_ value: JSONValue?, request: CDPRequest) throws(CDPError) -> Color? {
        guard let value else { return nil }
        func channel(_ key: String, max: Double, default d: Double?) throws(CDPError) -> Double {
            guard let v = value[key] else {
                if let d { return d }
                throw request.invalid("a colour needs \"\(key)\"")
            }
            guard case .number(let n, _) = v, n.isFinite, (0...max).contains(n) else {
                throw request.invalid("a colour's \"\(key)\" at \(v.location) must be a number from 0 to \(Int(max))")
            }
            return n
        }
        guard case .object = value else { throw request.invalid("a colour at \(value.location) must be an object {r, g, b, a}") }
        return Color(red: try channel("r", max: 255, default: nil) / 255, green: try channel("g", max: 255, default: nil) / 255,
                     blue: try channel("b", max: 255, default: nil) / 255, alpha: try channel("a", max: 1, default: 1))
    }
}
