import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

/// A view that draws a square: the display pass runs its `draw(_:in:)`.
final class Swatch: View {
    var draws = 0
    override func draw(_ rect: Rect, in canvas: Canvas) {
        draws += 1
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height), color: .white)
    }
}

/// The fills and strokes of the last presented list in `color`'s hue (any opacity).
@MainActor
func overlayRects(_ host: HeadlessHost, red: Double, green: Double, blue: Double) -> (fills: [Rect], strokes: [Rect]) {
    func matches(_ c: Color) -> Bool { abs(c.red - red) < 1e-9 && abs(c.green - green) < 1e-9 && abs(c.blue - blue) < 1e-9 }
    var fills: [Rect] = [], strokes: [Rect] = []
    for command in host.renderer.lastList?.commands ?? [] {
        switch command {
        case .fillRect(let r, let c, _) where matches(c): fills.append(r)
        case .strokeRect(let r, let c, _, _) where matches(c): strokes.append(r)
        default: break
        }
    }
    return (fills, strokes)
}

/// IN7: the overlays the inspector toggles. Paint and layout flashing are drawn by the painter
/// on top of the window's list (no view is added), fade out over frame time and leave no hook
/// once off; slow animations run every animation at a fifth of its speed.
@Suite(.endsIdle)
@MainActor
struct InspectorOverlayTests {
    let paint = (red: 0.2, green: 0.85, blue: 0.3)
    let layout = (red: 0.45, green: 0.35, blue: 1.0)

    @Test("IN7: paint flashing fills in window points what the display pass drew, fades out, and off leaves no hook")
    func in7PaintFlashing() async throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let swatch = Swatch(frame: Rect(x: 10, y: 50, width: 30, height: 20))
        card.addSubview(swatch)
        host.runUntilIdle()
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        #expect(try await session.call("Overlay.setShowPaintRects", #"{"result": true}"#)["result"] != nil)
        #expect(host.window.inspectionHooks?.didDraw != nil && host.window.inspectionHooks?.didLayout == nil)
        let subviews = card.subviews.count

        swatch.setNeedsDisplay()
        host.step()
        #expect(swatch.draws == 2)
        #expect(overlayRects(host, red: paint.red, green: paint.green, blue: paint.blue).fills == [Rect(x: 30, y: 80, width: 30, height: 20)])
        #expect(host.renderer.lastList?.damage == nil, "a frame with a flash repaints the window")
        #expect(card.subviews.count == subviews, "no view was added")

        // A part redrawn flashes that part only.
        swatch.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 5))
        host.step(frames: 30)                                       // half a second: the first flash faded
        #expect(overlayRects(host, red: paint.red, green: paint.green, blue: paint.blue).fills == [],
                "flashes fade within 0.35 s")
        swatch.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 5))
        host.step()
        #expect(overlayRects(host, red: paint.red, green: paint.green, blue: paint.blue).fills == [Rect(x: 30, y: 80, width: 10, height: 5)])

        #expect(try await session.call("Overlay.setShowPaintRects", #"{"result": false}"#)["result"] != nil)
        host.runUntilIdle()
        #expect(host.window.inspectionHooks?.didDraw == nil)
        #expect(host.window.renderer === host.renderer, "the window's renderer is its own again")
        swatch.setNeedsDisplay()
        host.step()
        #expect(overlayRects(host, red: paint.red, green: paint.green, blue: paint.blue).fills == [])

        let bad = try await session.call("Overlay.setShowPaintRects", #"{"result": "yes"}"#)
        #expect((bad["error"] as? [String: Any])?["code"] as? Int == -32602)
        await finish(inspector, session, host)
    }

    @Test("IN7: layout flashing outlines each view the layout pass laid out; a highlight and flashing share the overlay")
    func in7LayoutFlashing() async throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        #expect(try await session.call("Overlay.setShowLayoutShiftRegions", #"{"result": true}"#)["result"] != nil)
        host.runUntilIdle()
        card.setNeedsLayout()
        host.step()
        #expect(overlayRects(host, red: layout.red, green: layout.green, blue: layout.blue).strokes == [Rect(x: 20, y: 30, width: 200, height: 100)])

        // Highlighting and then hiding the highlight keeps the flashing on.
        let (cardID, _) = try await nodeID(session, "card")
        #expect(try await session.call("Overlay.highlightNode", "{\"nodeId\": \(cardID)}")["result"] != nil)
        #expect(try await session.call("Overlay.hideHighlight")["result"] != nil)
        host.runUntilIdle()
        card.setNeedsLayout()
        host.step()
        #expect(overlayRects(host, red: layout.red, green: layout.green, blue: layout.blue).strokes.count == 1)
        host.runUntilIdle()

        // The client leaving turns it off.
        await session.client.close()
        for _ in 0..<200 where host.window.inspectionHooks != nil {
            host.step()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(host.window.inspectionHooks == nil)
        await finish(inspector, nil, host)
        #expect(host.window.renderer === host.renderer)
    }

    @Test("IN7: slow animations run a block animation at a fifth of its speed, composed with Animation.setPlaybackRate")
    func in7SlowAnimations() async throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        #expect(try await session.call("Overlay.setShowSlowAnimations", #"{"result": true}"#)["result"] != nil)
        #expect(host.root.layer.speed == 0.2)
        View.animate(withDuration: 1, curve: .linear, animations: { card.alpha = 0 })
        host.step()
        host.step(frames: 30)                                        // half a second: a tenth of the way
        #expect(abs(card.presentation.opacity - 0.9) < 0.01)
        #expect(try await session.call("Animation.setPlaybackRate", #"{"playbackRate": 0.5}"#)["result"] != nil)
        #expect(abs(host.root.layer.speed - 0.1) < 1e-12)
        let rate = try await session.call("Animation.getPlaybackRate")
        #expect((rate["result"] as? [String: Any])?["playbackRate"] as? Double == 0.5)
        #expect(try await session.call("Overlay.setShowSlowAnimations", #"{"result": false}"#)["result"] != nil)
        #expect(host.root.layer.speed == 0.5)
        #expect(try await session.call("Animation.setPlaybackRate", #"{"playbackRate": 1}"#)["result"] != nil)
        host.runUntilIdle()
        #expect(card.alpha == 0)
        await finish(inspector, session, host)
    }
}
