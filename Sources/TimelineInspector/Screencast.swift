import Foundation
import Geometry
import Images
import RenderModel
import TimelineSDL
import Views

// The screencast (IN4): `Page.startScreencast` sends the window's pixels as `Page.screencastFrame`
// events, drawn offscreen from each presented display list by the same painter as
// `Page.captureScreenshot`, as DevTools' screencast pane asks for them. A frame goes only when
// the list changed (its damage is not empty), and the next only after the client acknowledged
// the last (`Page.screencastFrameAck`), so a slow client slows the cast, never the app: a change
// made while a frame is unacknowledged goes with the acknowledgement. Nothing runs per frame
// before the first start or after `Page.stopScreencast`: the cast rides on the window's renderer
// wrapper (``Highlighter``), which the window drops again when nothing else needs it. The app's
// thread only draws the frame (the painter reads fonts and images the app also uses); encoding
// it, JPEG or PNG, then base64 and the event's JSON, happen on a queue of the cast's own, which
// sends the event when done.

/// What a running screencast sends and how far it got.
@MainActor
final class Screencast {
    /// "jpeg" or "png".
    let format: String
    /// JPEG quality, 0...100.
    let quality: Int
    /// Send one frame in this many changed ones (1: each).
    let everyNthFrame: Int
    /// The largest picture the client wants, in pixels (the window is scaled down to fit).
    let maxWidth: Int?, maxHeight: Int?
    /// The session id of the frame sent last; its acknowledgement lets the next go.
    private(set) var sessionID = 0
    private(set) var awaitsAck = false
    /// Changed frames seen since the last sent (for ``everyNthFrame``), and whether a change
    /// waits for the acknowledgement.
    private var changedSinceSent = 0
    private var pending = true
    /// Reused while the window keeps its size (in pixels).
    private var renderer: ImageRenderer?
    private var rendererSize = (width: 0, height: 0)
    /// Where frames are encoded and sent, one at a time, off the app's thread.
    private let encoder = DispatchQueue(label: "timeline.inspector.screencast", qos: .userInitiated)

    init(format: String, quality: Int, everyNthFrame: Int, maxWidth: Int?, maxHeight: Int?) {
        self.format = format; self.quality = quality; self.everyNthFrame = everyNthFrame
        self.maxWidth = maxWidth; self.maxHeight = maxHeight
        // SDL_image sets its codec up on first use, which is not safe to race: done here, on
        // the app's thread, before the queue encodes anything.
        _ = Bitmap(width: 1, height: 1, rgba: [0, 0, 0, 0]).jpegData(quality: 0.5)
    }

    /// Draws the frame for a presented list and has it encoded and sent to `send` as a
    /// `Page.screencastFrame` event off the app's thread; false when there is none to send:
    /// nothing changed, a frame waits for its acknowledgement, or this change is one of
    /// ``everyNthFrame`` skipped.
    @discardableResult
    func send(for list: DisplayList, at time: Double, to send: @escaping @Sendable (String) -> Void) -> Bool {
        guard let (image, params) = frame(for: list, at: time) else { return false }
        let png = format == "png", quality = Double(quality) / 100
        encoder.async {
            let bitmap = Bitmap(width: image.width, height: image.height, rgba: image.bytes)
            guard let bytes = png ? bitmap.pngData() : bitmap.jpegData(quality: quality) else { return }
            send(CDPValue.event("Page.screencastFrame", .object([("data", .string(Data(bytes).base64EncodedString()))] + params)))
        }
        return true
    }

    /// Waits until every frame handed to the queue is sent (for tests and the bench).
    nonisolated func waitUntilSent() { encoder.sync {} }

    /// The pixels of the frame to send for a presented list and the event's other fields, or
    /// nil: nothing changed, a frame waits for its acknowledgement, or this change is one of
    /// ``everyNthFrame`` skipped.
    private func frame(for list: DisplayList, at time: Double) -> (RGBAImage, [(String, CDPValue)])? {
        let changed = list.damage.map { !$0.isEmpty } ?? true
        if changed { changedSinceSent += 1; pending = true }
        guard pending, !awaitsAck, changedSinceSent >= everyNthFrame || sessionID == 0 else { return nil }
        // Drawn at the client's largest size by the painter's own scale (as a HiDPI window is):
        // fewer pixels to rasterise, and no resampling afterwards.
        var shown = list
        let scale = list.scale > 0 ? list.scale : 1
        let full = (width: list.size.width * scale, height: list.size.height * scale)
        guard full.width >= 1, full.height >= 1 else { return nil }
        let fit = min(1, Double(maxWidth ?? Int.max) / full.width, Double(maxHeight ?? Int.max) / full.height)
        shown.scale = scale * fit
        let width = max(1, Int((full.width * fit).rounded())), height = max(1, Int((full.height * fit).rounded()))
        guard let image = draw(shown, width: width, height: height) else { return nil }
        pending = false
        changedSinceSent = 0
        awaitsAck = true
        sessionID += 1
        let metadata = CDPValue.object([
            ("offsetTop", .int(0)), ("pageScaleFactor", .int(1)),
            ("deviceWidth", .double(list.size.width)), ("deviceHeight", .double(list.size.height)),
            ("scrollOffsetX", .int(0)), ("scrollOffsetY", .int(0)), ("timestamp", .double(time)),
        ])
        return (image, [("metadata", metadata), ("sessionId", .int(sessionID))])
    }

    /// The client acknowledged frame `id`: true when a change waits to be sent.
    func acknowledge(_ id: Int) -> Bool {
        guard id == sessionID else { return false }
        awaitsAck = false
        return pending
    }

    /// The list drawn offscreen at `width` x `height` pixels.
    private func draw(_ list: DisplayList, width: Int, height: Int) -> RGBAImage? {
        if renderer == nil || rendererSize != (width, height) {
            renderer = try? ImageRenderer(pixelWidth: width, pixelHeight: height)
            rendererSize = (width, height)
        }
        guard let renderer else { return nil }
        renderer.render(list)
        return renderer.image()
    }
}

extension Inspector {
    /// `Page.startScreencast` `{format?, quality?, maxWidth?, maxHeight?, everyNthFrame?}`: the
    /// first window's pixels from the next frame on, as DevTools asks (JPEG at quality 80 unless
    /// told otherwise). A cast already running restarts with the new parameters.
    func startScreencast(_ request: CDPRequest) throws(CDPError) {
        let format = request.param("format") == nil ? "jpeg" : try request.string("format")
        guard format == "jpeg" || format == "png" else { throw request.invalid("format must be \"jpeg\" or \"png\"; got \"\(format)\"") }
        let quality = request.param("quality") == nil ? 80 : try request.int("quality")
        guard (0...100).contains(quality) else { throw request.invalid("quality must be from 0 to 100; got \(quality)") }
        let nth = request.param("everyNthFrame") == nil ? 1 : try request.int("everyNthFrame")
        guard nth >= 1 else { throw request.invalid("everyNthFrame must be at least 1; got \(nth)") }
        var limits: [Int?] = []
        for key in ["maxWidth", "maxHeight"] {
            let limit: Int? = request.param(key) == nil ? nil : try request.int(key)
            if let limit, limit < 1 { throw request.invalid("\(key) must be at least 1; got \(limit)") }
            limits.append(limit)
        }
        guard let runLoop, let window = runLoop.windows.first else { throw request.invalid("the app has no window") }
        stopScreencast()
        let cast = Screencast(format: format, quality: quality, everyNthFrame: nth, maxWidth: limits[0], maxHeight: limits[1])
        screencast = cast
        guard let h = highlighter(on: window, make: true) else { return }
        h.presented = { [weak self] list, frame in
            guard let self, let cast = self.screencast, let sink = self.eventSink else { return }
            cast.send(for: list, at: frame.time, to: sink)
        }
        runLoop.requestFrame()
    }

    /// `Page.screencastFrameAck` `{sessionId}`: the client has frame `sessionId`; the next may go.
    func acknowledgeScreencastFrame(_ request: CDPRequest) throws(CDPError) {
        let id = try request.int("sessionId")
        guard let cast = screencast else { return }
        if cast.acknowledge(id) { runLoop?.requestFrame() }
    }

    /// `Page.stopScreencast`: no more frames; the window's renderer is its own again unless an
    /// outline or flashing still needs the wrapper.
    func stopScreencast() {
        guard screencast != nil else { return }
        screencast = nil
        for window in runLoop?.windows ?? [] {
            guard let h = window.renderer as? Highlighter else { continue }
            h.presented = nil
            if h.outline == nil && !flashingIsOn { h.isEnding = true }
        }
        runLoop?.requestFrame()
    }
}
