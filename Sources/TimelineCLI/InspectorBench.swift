import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import RenderModel
import Timeline
import TimelineInspector

/// `timeline bench inspector`: issue 42's reach. (1) The frame time of an app of a few hundred
/// views with no inspector against the same app with one on and idle (its server listening, a
/// client attached that has the document and the Animation domain enabled, so every hook is
/// installed, and the session's input and clock kept from launch as `TIMELINE_INSPECT` keeps
/// them), in alternating blocks of one run, medians side by side (target: at most 2% more).
/// (2) `DOM.getDocument` for a tree of 5,000 views, the reply made as the server sends it
/// (target: at most 100 ms). (3) An edit made through the inspector shows in the next frame.
struct InspectorBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspector",
        abstract: "Measure the live inspector: frame cost off against on and idle, DOM.getDocument of 5,000 views, an edit's frame.")

    @Option(help: "Views in the app whose frames are timed.") var views = 300
    @Option(help: "Frames per block; blocks alternate off and on.") var frames = 300
    @Option(help: "Blocks of each.") var blocks = 10
    @Option(help: "Views in the tree whose document is sent.") var documentViews = 5_000
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (2...20_000).contains(views) else { throw ValidationError("--views must be 2 to 20000; got \(views)") }
        guard (10...100_000).contains(frames) else { throw ValidationError("--frames must be 10 to 100000; got \(frames)") }
        guard (1...1_000).contains(blocks) else { throw ValidationError("--blocks must be 1 to 1000; got \(blocks)") }
        guard (2...100_000).contains(documentViews) else { throw ValidationError("--document-views must be 2 to 100000; got \(documentViews)") }
    }

    func run() throws {
        let (views, frames, blocks, documentViews, json) = (self.views, self.frames, self.blocks, self.documentViews, self.json)
        try MainActor.assumeIsolated {
            let (off, on) = InspectorBench.frameCost(views: views, frames: frames, blocks: blocks)
            let overhead = (on / off - 1) * 100
            let document = InspectorBench.documentTime(views: documentViews)
            let edit = InspectorBench.editShowsNextFrame()
            let cast = InspectorBench.screencastFrameTime(views: views)
            if json {
                print("{\"views\": \(views), \"frames\": \(frames * blocks), \"off_median_us\": \(off), \"on_idle_median_us\": \(on), "
                      + "\"overhead_percent\": \(overhead), \"document_views\": \(documentViews), \"document_ms\": \(document.ms), "
                      + "\"document_bytes\": \(document.bytes), \"edit_in_next_frame\": \(edit), "
                      + "\"screencast_frame_ms\": \(cast.ms), \"screencast_frame_encoded_ms\": \(cast.encodedMs), "
                      + "\"screencast_frame_bytes\": \(cast.bytes)}")
            } else {
                print("inspector: \(views) views, one moved per frame, \(blocks) blocks of \(frames) frames each way, alternating")
                print("  frame median  off \(fmt(off, digits: 2)) us   on and idle \(fmt(on, digits: 2)) us   \(fmt(overhead, digits: 2))% (target <= 2%)")
                print("  DOM.getDocument of \(documentViews) views: \(fmt(document.ms, digits: 1)) ms, \(document.bytes) bytes (target <= 100 ms)")
                print("  DOM.setAttributeValue backgroundColor: \(edit ? "drawn in the next frame" : "NOT drawn in the next frame")")
                print("  screencast: a changed 1280x720 frame drawn offscreen on the app's thread \(fmt(cast.ms, digits: 2)) ms; "
                      + "with its JPEG encoded and sent (the cast's queue) \(fmt(cast.encodedMs, digits: 2)) ms; \(cast.bytes) bytes of base64")
            }
            guard edit else { throw ValidationError("bench inspector: the edit was not drawn in the next frame") }
        }
    }

    /// An app of `views` views in containers of 20, as `bench cycle` builds it.
    @MainActor
    static func makeApp(views: Int) -> (HeadlessHost, [View]) {
        let host = HeadlessHost(size: Size(width: 1280, height: 720))
        var all: [View] = []
        var parent = host.root
        for i in 0..<(views - 1) {
            let v: View
            if i % 20 == 0 {
                v = View(frame: Rect(x: Double(i % 7) * 10, y: Double(i / 20 % 14) * 50, width: 600, height: 45))
                host.root.addSubview(v)
                parent = v
            } else {
                v = View(frame: Rect(x: Double(i % 20) * 25, y: 0, width: 20, height: 20))
                parent.addSubview(v)
            }
            v.backgroundColor = Color(red: 0.2, green: 0.4, blue: Double(i % 10) / 10)
            all.append(v)
        }
        host.runUntilIdle()
        return (host, all)
    }

    /// Median microseconds per frame with no inspector and with one on and idle.
    @MainActor
    static func frameCost(views: Int, frames: Int, blocks: Int) -> (off: Double, on: Double) {
        let (plain, plainViews) = makeApp(views: views)
        let (inspected, inspectedViews) = makeApp(views: views)
        // What an app started with TIMELINE_INSPECT pays: the session kept from launch (IN6) too.
        let recorder = SessionRecorder.startIfRequested(on: inspected.runLoop, environment: ["TIMELINE_INSPECT": "0"])
        let inspector = Inspector.start(on: inspected.runLoop, port: 0, appName: "bench")
        inspector.attach(eventSink: { _ in })
        _ = inspector.handle(text: #"{"id":1,"method":"DOM.getDocument"}"#)
        _ = inspector.handle(text: #"{"id":2,"method":"Animation.enable"}"#)
        var off: [Double] = [], on: [Double] = []
        off.reserveCapacity(frames * blocks)
        on.reserveCapacity(frames * blocks)
        func block(_ host: HeadlessHost, _ all: [View], into times: inout [Double]) {
            for f in 0..<frames {
                let v = all[(f * 7) % all.count]
                let start = MonotonicClock.now()
                v.frame.origin.x += f % 2 == 0 ? 1 : -1
                host.step()
                times.append(Double(MonotonicClock.now() - start) / 1e3)
            }
        }
        for b in 0..<blocks {
            // Alternate which goes first, so neither always runs on a warmer cache.
            if b % 2 == 0 {
                block(plain, plainViews, into: &off)
                block(inspected, inspectedViews, into: &on)
            } else {
                block(inspected, inspectedViews, into: &on)
                block(plain, plainViews, into: &off)
            }
        }
        inspector.attach(eventSink: nil)
        recorder?.stop()
        return (median(off), median(on))
    }

    /// Milliseconds to answer `DOM.getDocument` (the reply's JSON text made) for `views` views:
    /// the median of five, after one to give the ids.
    @MainActor
    static func documentTime(views: Int) -> (ms: Double, bytes: Int) {
        let (host, _) = makeApp(views: views)
        let inspector = Inspector(runLoop: host.runLoop, appName: "bench")
        var bytes = inspector.handle(text: #"{"id":1,"method":"DOM.getDocument"}"#).utf8.count
        var times: [Double] = []
        for i in 0..<5 {
            let start = MonotonicClock.now()
            bytes = inspector.handle(text: "{\"id\":\(i + 2),\"method\":\"DOM.getDocument\"}").utf8.count
            times.append(Double(MonotonicClock.now() - start) / 1e6)
        }
        return (median(times), bytes)
    }

    /// Milliseconds a frame that changed costs the app's thread while a client watches the
    /// screencast (drawn offscreen; encoded as DevTools asks, JPEG at quality 80, on the cast's
    /// own queue), the frame included, and the same with the wait for the encoded event (what
    /// the app's thread paid when it encoded too): medians of 30 frames, each acknowledged
    /// before the next; and the size of the last event's data.
    @MainActor
    static func screencastFrameTime(views: Int) -> (ms: Double, encodedMs: Double, bytes: Int) {
        let (host, all) = makeApp(views: views)
        let inspector = Inspector(runLoop: host.runLoop, appName: "bench")
        final class Last: @unchecked Sendable { var text = "" }
        let last = Last()
        inspector.attach(eventSink: { last.text = $0 })
        _ = inspector.handle(text: #"{"id":1,"method":"Page.startScreencast","params":{"format":"jpeg","quality":80}}"#)
        host.step()
        var times: [Double] = [], encoded: [Double] = []
        for f in 0..<30 {
            _ = inspector.handle(text: "{\"id\":\(f + 2),\"method\":\"Page.screencastFrameAck\",\"params\":{\"sessionId\":\(f + 1)}}")
            let start = MonotonicClock.now()
            all[(f * 7) % all.count].frame.origin.x += f % 2 == 0 ? 1 : -1
            host.step()
            times.append(Double(MonotonicClock.now() - start) / 1e6)   // the app's thread's part
            inspector.waitForPendingEvents()                            // encoded and sent meanwhile
            encoded.append(Double(MonotonicClock.now() - start) / 1e6)  // what the app paid when it encoded too
        }
        let bytes = last.text.range(of: #""data":""#).map { r in last.text[r.upperBound...].prefix { $0 != "\"" }.utf8.count } ?? 0
        _ = inspector.handle(text: #"{"id":99,"method":"Page.stopScreencast"}"#)
        inspector.attach(eventSink: nil)
        return (median(times), median(encoded), bytes)
    }

    /// Whether a background colour set through the inspector is in the display list of the frame after.
    @MainActor
    static func editShowsNextFrame() -> Bool {
        let (host, all) = makeApp(views: 50)
        all[10].identifier = "edited"
        let inspector = Inspector(runLoop: host.runLoop, appName: "bench")
        let document = inspector.handle(text: #"{"id":1,"method":"DOM.getDocument"}"#)
        // The node id follows the identifier in the reply: read it from the text.
        guard let range = document.range(of: #""id","edited""#),
              let idRange = document[..<range.lowerBound].range(of: #""nodeId":"#, options: .backwards) else { return false }
        let id = document[idRange.upperBound...].prefix { $0.isNumber }
        let reply = inspector.handle(text: "{\"id\":2,\"method\":\"DOM.setAttributeValue\",\"params\":{\"nodeId\":\(id),\"name\":\"backgroundColor\",\"value\":\"#ff00ffff\"}}")
        guard reply.contains("\"result\"") else { return false }
        let before = host.renderer.presentedFrames
        host.step()
        let magenta = Color(red: 1, green: 0, blue: 1)
        return host.renderer.presentedFrames == before + 1
            && host.renderer.lastList?.commands.contains { if case .fillRect(_, let c, _) = $0 { c == magenta } else { false } } == true
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
