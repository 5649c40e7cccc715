import Foundation
import Geometry
import Images
import Timeline

/// An image view in a scene file (CN2): `"image": "images/sunset.png"` or `"image": {"file":
/// "images/sunset.png", "contentMode": "scaleAspectFill", "template": false, "tint": "#0a84ff"}`.
/// The file is read and decoded when the scene loads, relative to the scene file's folder (paths
/// are relative, so a scene and its images move together); only a regular file of at most 64 MiB
/// is read.
public struct ImageSpec: Sendable, Equatable {
    /// The image file's path as written, relative to the scene file's folder.
    public var file: String
    /// The decoded image.
    public var image: Images.Image
    /// How the image fits the view (stretched to fill by default).
    public var contentMode: ContentMode = .scaleToFill
    /// Drawn as a template: its alpha in the tint colour.
    public var template = false
    /// The template's colour; nil: the view's tint.
    public var tint: Color?
}

extension SceneLoader.Reader {
    func imageSpec(_ v: JSONValue) throws(SceneError) -> ImageSpec {
        let fileValue: JSONValue
        var members: [(key: String, value: JSONValue)] = []
        if case .string = v {
            fileValue = v
        } else {
            members = try object(v, "an image", keys: ["file", "contentMode", "template", "tint"])
            guard let f = v["file"] else { throw fail(v, "an image needs a \"file\"") }
            fileValue = f
        }
        let file = try string(fileValue, "file")
        let image = try loadImage(file, at: fileValue)
        var spec = ImageSpec(file: file, image: image)
        for (key, value) in members {
            switch key {
            case "contentMode":
                let name = try string(value, "contentMode")
                guard let mode = ContentMode(rawValue: name) else {
                    throw fail(value, "contentMode must be one of \(ContentMode.allCases.map(\.rawValue).joined(separator: ", ")), found '\(name)'")
                }
                spec.contentMode = mode
            case "template": spec.template = try bool(value, "template")
            case "tint": spec.tint = try color(value, "tint")
            default: break
            }
        }
        return spec
    }

    /// Reads and decodes `file`, relative to the scene file's folder.
    private func loadImage(_ file: String, at v: JSONValue) throws(SceneError) -> Images.Image {
        guard !file.isEmpty, !file.hasPrefix("/") else {
            throw fail(v, "image file '\(file)' must be a path relative to the scene file's folder")
        }
        let base = (self.file as NSString).deletingLastPathComponent
        let path = base.isEmpty ? file : (base as NSString).appendingPathComponent(file)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            throw fail(v, "image file '\(file)' is not a readable file (looked for \(path))")
        }
        if let size = attributes[.size] as? NSNumber, size.int64Value > Int64(SceneLoader.Limits.fileBytes) {
            throw fail(v, "image file '\(file)' is \(size.int64Value) bytes; the limit is \(SceneLoader.Limits.fileBytes)")
        }
        do throws(ImageError) {
            return try Images.Image.load(contentsOfFile: path)
        } catch {
            throw fail(v, "image file '\(file)' cannot be decoded: \(error)")
        }
    }
}
