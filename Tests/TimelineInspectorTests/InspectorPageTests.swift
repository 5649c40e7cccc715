import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineSDL
import TimelineTestSupport

/// The (r, g, b, a) bytes of pixel (`x`, `y`).
func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * image.width + x) * 4
    return Array(image.bytes[i..<(i + 4)])
}

/// IN4: `Page.captureScreenshot` gives the window's pixels, drawn by the offscreen painter from
/// the last committed display list.
@Suite(.endsIdle)
@MainActor
struct InspectorPageTests {
    /// The reply to `message`, parsed.
    func reply(_ inspector: Inspector, _ message: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(inspector.handle(text: message).utf8)) as? [String: Any])
    }

    /// The PNG of a screenshot reply, decoded.
    func image(of reply: [String: Any]) throws -> RGBAImage {
        let data = try #require((reply["result"] as? [String: Any])?["data"] as? String)
        let png = try #require(Data(base64Encoded: data))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("in4-\(UUID().uuidString).png").path
        try png.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try RGBAImage.load(path: path)
    }

    @Test("IN4: Page.captureScreenshot is the window as drawn, whole or clipped to a rectangle in points")
    func in4Screenshot() throws {
        let host = makeHost()
        _ = makeTree(host)                          // a red card at (20, 30), 200 x 100
        let inspector = Inspector(runLoop: host.runLoop, appName: "test")
        let whole = try image(of: reply(inspector, #"{"id": 1, "method": "Page.captureScreenshot"}"#))
        #expect(whole.width == 400 && whole.height == 300)
        #expect(pixel(whole, 100, 40) == [255, 0, 0, 255])           // inside the card, clear of the badge
        #expect(pixel(whole, 5, 5) != [255, 0, 0, 255])              // the window's background

        let clipped = try image(of: reply(inspector, #"{"id": 2, "method": "Page.captureScreenshot", "params": {"format": "png", "clip": {"x": 20, "y": 30, "width": 200, "height": 100, "scale": 1}}}"#))
        #expect(clipped.width == 200 && clipped.height == 100)
        #expect(pixel(clipped, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(clipped, 199, 99) == [255, 0, 0, 255])
        host.runUntilIdle()
    }

    @Test("IN4: a format other than png, a window that is not there and a clip outside the window are errors")
    func in4ScreenshotBadInput() throws {
        let host = makeHost()
        _ = makeTree(host)
        let inspector = Inspector(runLoop: host.runLoop, appName: "test")
        for (message, says) in [
            (#"{"id": 1, "method": "Page.captureScreenshot", "params": {"format": "jpeg"}}"#, "only the format \"png\""),
            (#"{"id": 2, "method": "Page.captureScreenshot", "params": {"windowIndex": 3}}"#, "no window 3"),
            (#"{"id": 3, "method": "Page.captureScreenshot", "params": {"clip": {"x": 500, "y": 0, "width": 10, "height": 10}}}"#, "outside the window"),
            (#"{"id": 4, "method": "Page.captureScreenshot", "params": {"clip": {"x": 0, "y": 0, "width": -1, "height": 10}}}"#, "positive width"),
            (#"{"id": 5, "method": "Page.captureScreenshot", "params": {"clip": [1, 2]}}"#, "must be an object"),
            // Found by the fuzzer: a coordinate too large for an integer pixel once scaled.
            (#"{"id": 6, "method": "Page.captureScreenshot", "params": {"clip": {"x": 1e101, "y": 10, "width": 40, "height": 30}}}"#, "outside the window"),
            (#"{"id": 7, "method": "Page.captureScreenshot", "params": {"clip": {"x": -1e300, "y": -1e300, "width": 1e300, "height": 1e300}}}"#, "outside the window"),
        ] {
            let error = try #require(try reply(inspector, message)["error"] as? [String: Any], "\(message)")
            #expect(error["code"] as? Int == -32602)
            #expect((error["message"] as? String)?.contains(says) == true, "\(error)")
        }
        host.runUntilIdle()
    }
}
