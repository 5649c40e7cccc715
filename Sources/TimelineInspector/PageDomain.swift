import Foundation
import TimelineSDL

// The Page domain's pixels (IN4): `Page.captureScreenshot` draws the window's last committed
// display list offscreen, with the same painter the window and `timeline render` use, so the
// picture is what the window shows (the inspector's own highlight left out).

extension Inspector {
    /// `Page.captureScreenshot` `{format?, clip?}`: the first window (or the one `windowIndex`
    /// names, an extension of ours) as a PNG in device pixels, base64 in `data`. Only `png` is
    /// served; a `clip` crops to a rectangle in window points.
    func captureScreenshot(_ request: CDPRequest) throws(CDPError) -> CDPValue {
        let format = request.param("format") == nil ? "png" : try request.string("format")
        guard format == "png" else { throw request.invalid("only the format \"png\" is served; got \"\(format)\"") }
        let windows = runLoop?.windows ?? []
        let index = request.param("windowIndex") == nil ? 0 : try request.int("windowIndex")
        guard windows.indices.contains(index) else {
            throw request.invalid(windows.isEmpty ? "the app has no window" : "no window \(index); there are \(windows.count)")
        }
        let list = windows[index].displayList
        let scale = list.scale > 0 ? list.scale : 1
        let width = Int((list.size.width * scale).rounded()), height = Int((list.size.height * scale).rounded())
        guard width > 0, height > 0 else { throw request.invalid("the window has not been drawn yet") }
        let png: [UInt8]
        do {
            let renderer = try ImageRenderer(pixelWidth: width, pixelHeight: height)
            renderer.render(list)
            var image = renderer.image()
            if let clip = try clipRect(request, scale: scale, width: width, height: height) {
                image = Self.crop(image, clip)
            }
            png = try image.pngData()
        } catch let error as CDPError {
            throw error
        } catch {
            throw CDPError(id: request.id, code: CDPError.serverError, message: "Page.captureScreenshot: \(error)")
        }
        return .object([("data", .string(Data(png).base64EncodedString()))])
    }

    /// The `clip` parameter `{x, y, width, height}` in window points as a pixel rectangle inside
    /// the image, or nil when there is none.
    private func clipRect(_ request: CDPRequest, scale: Double, width: Int, height: Int) throws(CDPError)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let value = request.param("clip") else { return nil }
        guard case .object(let members, _) = value else {
            throw request.invalid("the parameter \"clip\" at \(value.location) must be an object; got \(value.typeName)")
        }
        let clip = CDPRequest(id: request.id, method: request.method + " clip", params: members)
        let x = try clip.double("x"), y = try clip.double("y"), w = try clip.double("width"), h = try clip.double("height")
        guard [x, y, w, h].allSatisfy(\.isFinite), w > 0, h > 0 else {
            throw request.invalid("clip must have finite x and y and a positive width and height")
        }
        // Clamped to the image while still a Double: any finite point value converts (1e300 too).
        func pixel(_ v: Double, _ limit: Int) -> Int { Int(min(max((v * scale).rounded(), 0), Double(limit))) }
        let px = pixel(x, width), py = pixel(y, height)
        let pw = pixel(x + w, width) - px, ph = pixel(y + h, height) - py
        guard pw > 0, ph > 0 else { throw request.invalid("clip lies outside the window") }
        return (px, py, pw, ph)
    }

    /// The pixels of `rect` (inside the image) as an image of their own.
    private static func crop(_ image: RGBAImage, _ rect: (x: Int, y: Int, width: Int, height: Int)) -> RGBAImage {
        var bytes = [UInt8]()
        bytes.reserveCapacity(rect.width * rect.height * 4)
        for row in rect.y..<(rect.y + rect.height) {
            let start = (row * image.width + rect.x) * 4
            bytes.append(contentsOf: image.bytes[start..<(start + rect.width * 4)])
        }
        return RGBAImage(width: rect.width, height: rect.height, bytes: bytes) ?? image
    }
}
