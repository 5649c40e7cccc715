import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineSDL
import TimelineTestSupport

/// The events an inspector sends to a client in the same process.
final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [[String: Any]] = []

    func add(_ text: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return }
        lock.withLock { messages.append(object) }
    }

    /// The params of the events named `method` received so far, taken out.
    func take(_ method: String) -> [[String: Any]] {
        lock.withLock {
            let taken = messages.filter { $0["method"] as? String == method }
            messages.removeAll { $0["method"] as? String == method }
            return taken.compactMap { $0["params"] as? [String: Any] }
        }
    }
}

/// IN4: `Page.startScreencast` sends the window's pixels as DevTools' screencast pane asks for
/// them: a frame when the window changed, the next after the client acknowledged the last.
@Suite(.endsIdle)
@MainActor
struct InspectorScreencastTests {
    func start(_ host: HeadlessHost) -> (Inspector, EventInbox) {
        let inspector = Inspector(runLoop: host.runLoop, appName: "test")
        let inbox = EventInbox()
        inspector.attach(eventSink: { inbox.add($0) })
        return (inspector, inbox)
    }

    func reply(_ inspector: Inspector, _ message: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(inspector.handle(text: message).utf8)) as? [String: Any])
    }

    /// A frame's picture, decoded (PNG or JPEG), and its first bytes.
    func picture(_ frame: [String: Any]) throws -> (image: RGBAImage, magic: [UInt8]) {
        let text = try #require(frame["data"] as? String)
        let data = try #require(Data(base64Encoded: text))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("in4-cast-\(UUID().uuidString)").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return (try RGBAImage.load(path: path), Array(data.prefix(3)))
    }

    @Test("IN4: a screencast sends a frame when the window changed, the next only after the last was acknowledged")
    func in4ScreencastFlow() throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)                           // a red card at (20, 30), 200 x 100
        let (inspector, inbox) = start(host)
        #expect(try reply(inspector, #"{"id": 1, "method": "Page.startScreencast", "params": {"format": "png"}}"#)["result"] != nil)
        host.step()
        inspector.waitForPendingEvents()
        let first = inbox.take("Page.screencastFrame")
        #expect(first.count == 1)
        let frame = try #require(first.first)
        #expect(frame["sessionId"] as? Int == 1)
        let metadata = try #require(frame["metadata"] as? [String: Any])
        #expect(metadata["deviceWidth"] as? Double == 400 && metadata["deviceHeight"] as? Double == 300)
        let (image, magic) = try picture(frame)
        #expect(magic == [0x89, 0x50, 0x4E] && image.width == 400 && image.height == 300)
        #expect(pixel(image, 100, 40) == [255, 0, 0, 255])

        // A change while frame 1 is unacknowledged waits; the acknowledgement lets it go.
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        host.step(frames: 3)
        inspector.waitForPendingEvents()
        #expect(inbox.take("Page.screencastFrame").isEmpty)
        #expect(try reply(inspector, #"{"id": 2, "method": "Page.screencastFrameAck", "params": {"sessionId": 1}}"#)["result"] != nil)
        host.step()
        inspector.waitForPendingEvents()
        let second = inbox.take("Page.screencastFrame")
        #expect(second.count == 1 && second.first?["sessionId"] as? Int == 2)
        let secondFrame = try #require(second.first)
        #expect(pixel(try picture(secondFrame).image, 100, 40) == [0, 0, 255, 255])

        // Acknowledged, with nothing changed: nothing is sent.
        _ = try reply(inspector, #"{"id": 3, "method": "Page.screencastFrameAck", "params": {"sessionId": 2}}"#)
        host.runUntilIdle()
        host.step(frames: 5)
        inspector.waitForPendingEvents()
        #expect(inbox.take("Page.screencastFrame").isEmpty)

        // Stopped: the window's renderer is its own again and changes send nothing.
        #expect(try reply(inspector, #"{"id": 4, "method": "Page.stopScreencast"}"#)["result"] != nil)
        host.runUntilIdle()
        #expect(host.window.renderer === host.renderer)
        card.backgroundColor = Color(red: 0, green: 1, blue: 0)
        host.runUntilIdle()
        inspector.waitForPendingEvents()
        #expect(inbox.take("Page.screencastFrame").isEmpty)
        inspector.attach(eventSink: nil)
    }

    @Test("IN4: DevTools' request, JPEG scaled down to its largest size; every nth changed frame")
    func in4ScreencastJPEGAndEveryNth() throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let (inspector, inbox) = start(host)
        _ = try reply(inspector, #"{"id": 1, "method": "Page.startScreencast", "params": {"maxWidth": 200, "maxHeight": 1000, "everyNthFrame": 2}}"#)
        host.step()
        inspector.waitForPendingEvents()
        let frame = try #require(inbox.take("Page.screencastFrame").first)
        let (image, magic) = try picture(frame)
        #expect(magic == [0xFF, 0xD8, 0xFF], "JPEG, as DevTools asks by default")
        #expect(image.width == 200 && image.height == 150)
        let red = pixel(image, 50, 20)                               // inside the card, scaled by a half
        #expect(red[0] > 230 && red[1] < 30 && red[2] < 30)
        var sent: [Int] = []
        for k in 1...6 {
            _ = try reply(inspector, #"{"id": \#(k + 1), "method": "Page.screencastFrameAck", "params": {"sessionId": \#(sent.last ?? 1)}}"#)
            card.alpha = 1 - Double(k) * 0.1
            host.step()
            inspector.waitForPendingEvents()
            sent += inbox.take("Page.screencastFrame").compactMap { $0["sessionId"] as? Int }
        }
        #expect(sent == [2, 3, 4], "one frame in two changed ones: \(sent)")
        _ = try reply(inspector, #"{"id": 20, "method": "Page.stopScreencast"}"#)
        host.runUntilIdle()
        inspector.attach(eventSink: nil)
    }

    @Test("IN4 bad input: a format, quality, size or frame step out of range is an error naming it; nothing starts")
    func in4ScreencastBadInput() throws {
        let host = makeHost()
        _ = makeTree(host)
        let (inspector, inbox) = start(host)
        for (params, says) in [
            (#"{"format": "gif"}"#, "format must be"),
            (#"{"quality": 101}"#, "quality must be from 0 to 100"),
            (#"{"everyNthFrame": 0}"#, "everyNthFrame must be at least 1"),
            (#"{"maxWidth": 0}"#, "maxWidth must be at least 1"),
            (#"{"maxHeight": "big"}"#, "maxHeight"),
        ] {
            let error = try #require(try reply(inspector, #"{"id": 1, "method": "Page.startScreencast", "params": \#(params)}"#)["error"] as? [String: Any])
            #expect(error["code"] as? Int == -32602)
            #expect((error["message"] as? String)?.contains(says) == true, "\(error)")
        }
        host.step(frames: 2)
        inspector.waitForPendingEvents()
        #expect(inbox.take("Page.screencastFrame").isEmpty && host.window.renderer === host.renderer)
        // An acknowledgement without a cast, or of another frame, changes nothing.
        #expect(try reply(inspector, #"{"id": 2, "method": "Page.screencastFrameAck", "params": {"sessionId": 7}}"#)["result"] != nil)
        let missing = try #require(try reply(inspector, #"{"id": 3, "method": "Page.screencastFrameAck"}"#)["error"] as? [String: Any])
        #expect(missing["code"] as? Int == -32602)
        host.runUntilIdle()
        inspector.attach(eventSink: nil)
    }
}
