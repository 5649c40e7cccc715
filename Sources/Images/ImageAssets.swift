import Foundation
import Logging
import Geometry

/// A folder of images looked up by name, as a bundle's images are by `UIImage(named:)`: `icon`
/// finds `icon.png` (or .jpg, .jpeg, .gif, .webp), preferring the `@2x` or `@3x` variant that
/// matches ``displayScale``. Named images are decoded once and kept in a cache bounded by
/// ``cacheLimit`` bytes, least recently used first out, so ten views showing one large image
/// decode it once. One per engine (a window has its own), never process-wide.
public final class ImageAssets {
    /// The folder images are looked up in.
    public let directory: String
    /// The screen's pixels per point: the variant looked for first.
    public var displayScale: Double
    /// The decoder (and its pixel limit) named images are decoded with.
    public var decoder: ImageDecoder
    /// The cache's default budget: 256 MiB of decoded pixels (MR2). Images a view still shows
    /// stay alive through the view whatever the cache drops.
    public static let defaultCacheLimit = 256 << 20
    /// The most bytes of decoded pixels the cache keeps (``defaultCacheLimit`` unless set).
    public var cacheLimit: Int { didSet { trim() } }
    /// How many images the cache holds now.
    public var cachedImageCount: Int { cache.count }

    /// Files decoded so far (a cache hit decodes nothing).
    public private(set) var decodeCount = 0
    /// Bytes of pixels the cache holds.
    public private(set) var cachedBytes = 0

    private var cache: [String: (image: Image, bytes: Int, used: Int)] = [:]
    private var clock = 0

    /// A catalogue of the image files in `directory`, picking `@2x`/`@3x` variants for `displayScale` and keeping decoded images up to `cacheLimit` bytes.
    public init(directory: String, displayScale: Double = 1, decoder: ImageDecoder = ImageDecoder(),
                cacheLimit: Int = ImageAssets.defaultCacheLimit) {
        self.directory = directory
        self.displayScale = displayScale
        self.decoder = decoder
        self.cacheLimit = cacheLimit
    }

    /// The image named `name` (without extension or scale suffix), decoded once; nil with the
    /// reason logged when there is none or it cannot be decoded.
    public func image(named name: String) -> Image? {
        do throws(ImageError) { return try load(named: name) } catch {
            Image.log(error)
            return nil
        }
    }

    /// The image named `name`, or why there is none.
    public func load(named name: String) throws(ImageError) -> Image {
        clock += 1
        if var hit = cache[name] {
            hit.used = clock
            cache[name] = hit
            return hit.image
        }
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw ImageError(.notFound, "\"\(name)\" is not an image name (no folders, no leading dot)", source: directory)
        }
        guard let path = path(named: name) else {
            throw ImageError(.notFound, "no image named \"\(name)\" (looked for .png, .jpg, .jpeg, .gif, .webp at @\(Int(saturating: displayScale))x, then others)", source: directory)
        }
        let image = try Image.load(contentsOfFile: path, decoder: decoder)
        decodeCount += 1
        let bytes = (image.images ?? [image]).reduce(0) { $0 + $1.bitmap.rgba.count }
        if bytes <= cacheLimit {
            cache[name] = (image, bytes, clock)
            cachedBytes += bytes
            trim()
        }
        return image
    }

    /// Drops every cached image (they are decoded again when next named).
    public func removeAllCachedImages() {
        cache.removeAll()
        cachedBytes = 0
    }

    /// The file for `name`: the variant at the display scale, then larger ones, then smaller.
    func path(named name: String) -> String? {
        let wanted = max(1, min(3, Int(saturating: displayScale, rounding: .toNearestOrAwayFromZero)))
        let order = [wanted] + Array(stride(from: wanted + 1, through: 3, by: 1)) + Array((1..<wanted).reversed())
        let fm = FileManager.default
        for scale in order {
            let suffix = scale == 1 ? "" : "@\(scale)x"
            for ext in ["png", "jpg", "jpeg", "gif", "webp"] {
                let p = (directory as NSString).appendingPathComponent("\(name)\(suffix).\(ext)")
                if fm.fileExists(atPath: p) { return p }
            }
        }
        return nil
    }

    private func trim() {
        while cachedBytes > cacheLimit, let oldest = cache.min(by: { $0.value.used < $1.value.used }) {
            cachedBytes -= oldest.value.bytes
            cache[oldest.key] = nil
        }
    }
}

extension ImageAssets {
    /// Drops every cached image (MR5's memory warning; ``removeAllCachedImages()``): they are
    /// decoded again when next named.
    public func releaseCaches() { removeAllCachedImages() }
}
