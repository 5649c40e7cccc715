import Archives
import Foundation
import JSONParsing

/// A dotLottie archive (`.lottie`, LT14): a zip of one or more Bodymovin animations, the images
/// they use and a `manifest.json` that lists the animations by id. Both layouts are read:
/// version 1 keeps animations in `animations/ID.json` and images in `images/`, version 2 (a
/// manifest whose `version` is "2") in `a/ID.json` and `i/`.
///
/// Opening checks the archive (`ZipArchive`: its directory, names and declared sizes under the
/// limits) and reads the manifest; every animation the manifest lists must be in the archive.
/// Nothing else is inflated until ``animation(id:)`` reads one animation and the images it names.
/// A value: it holds the archive's bytes, so reading another animation later needs no file.
///
/// ```swift
/// let file = try DotLottieFile.load(contentsOfFile: "Assets/lottie/emoji.lottie")
/// let view = LottieAnimationView(animation: try file.animation(id: file.animationIDs[1]))
/// ```
public struct DotLottieFile: Sendable {
    /// The archive's name in errors: its file's path, or what ``init(data:name:limits:)`` was given.
    public let name: String
    /// The manifest's layout version: 1 (`animations/`, `images/`) or 2 (`a/`, `i/`).
    public let version: Int
    /// The manifest's animations' ids, in its order.
    public let animationIDs: [String]
    /// The animation played when none is asked for: the manifest's `activeAnimationId` (version
    /// 1) or `initial.animation` (version 2), else its first.
    public let activeAnimationID: String
    let archive: ZipArchive
    let limits: LottieLimits
    /// The entry holding each animation.
    let animationEntries: [String: String]

    /// Whether `bytes` start as a zip archive does (a local file header, or the end record of an
    /// empty archive): how ``LottieAnimation/load(contentsOfFile:limits:)`` tells a `.lottie`
    /// from JSON, which cannot start with `P`.
    public static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 3, 4]) || bytes.starts(with: [0x50, 0x4B, 5, 6])
    }

    /// Opens the archive in `data` and reads its manifest.
    ///
    /// - Throws: a ``LottieError`` naming the archive (`name`) and, where one is at fault, the
    ///   entry: the bytes are not a zip archive, the archive breaks a limit of ``LottieLimits``
    ///   (its size, entries, inflated bytes, compression ratio), an entry's name leads outside
    ///   the archive, there is no `manifest.json`, the manifest is malformed or lists no
    ///   animation, or an animation it lists (or makes active) is not in the archive.
    public init(data: [UInt8], name: String = "archive", limits: LottieLimits = LottieLimits()) throws(LottieError) {
        self.name = name
        self.limits = limits
        var archiveLimits = ArchiveLimits()
        archiveLimits.maximumArchiveBytes = limits.maximumFileBytes
        archiveLimits.maximumEntryBytes = limits.maximumFileBytes
        archiveLimits.maximumEntries = limits.maximumArchiveEntries
        archiveLimits.maximumTotalBytes = limits.maximumArchiveBytes
        archiveLimits.maximumCompressionRatio = limits.maximumCompressionRatio
        let archive: ZipArchive
        do { archive = try ZipArchive(bytes: data, limits: archiveLimits) } catch {
            throw LottieError(path: "", message: error.message, archive: name, entry: error.entry)
        }
        self.archive = archive
        func fail(_ path: String, _ message: String, entry: String = "manifest.json") -> LottieError {
            LottieError(path: path, message: message, archive: name, entry: entry)
        }
        guard archive.entry(named: "manifest.json") != nil else {
            throw LottieError(path: "", message: "no manifest.json; a .lottie archive lists its animations there", archive: name)
        }
        let text: [UInt8]
        do { text = try archive.contents(of: "manifest.json") } catch {
            throw fail("", error.message)
        }
        let manifest: JSONValue
        do { manifest = try JSONParser.parse(String(decoding: text, as: UTF8.self)) } catch {
            throw fail("", "malformed JSON at line \(error.location.line), column \(error.location.column): \(error.message)")
        }
        guard case .object = manifest else { throw fail("", "expected an object, found \(manifest.typeName)") }
        if case .string(let v, _) = manifest["version"], v == "2" || v.hasPrefix("2.") { version = 2 } else { version = 1 }
        guard case .array(let list, _)? = manifest["animations"] else {
            throw fail("animations", manifest["animations"] == nil ? "missing; the manifest lists the archive's animations"
                                                                  : "expected an array, found \(manifest["animations"]!.typeName)")
        }
        guard !list.isEmpty else { throw fail("animations", "empty; the archive needs an animation") }
        var ids: [String] = [], entries: [String: String] = [:]
        let folders = version == 2 ? ["a/", "animations/"] : ["animations/", "a/"]
        for (k, item) in list.enumerated() {
            guard case .string(let id, _)? = item["id"], !id.isEmpty else {
                throw fail("animations[\(k)].id", "an animation needs a non-empty string id")
            }
            guard entries[id] == nil else { throw fail("animations[\(k)].id", "the id '\(id)' is used twice") }
            guard let entry = folders.lazy.map({ $0 + id + ".json" }).first(where: { archive.entry(named: $0)?.isDirectory == false }) else {
                throw fail("animations[\(k)].id", "the animation '\(id)' is not in the archive (no \(folders[0])\(id).json)")
            }
            ids.append(id)
            entries[id] = entry
        }
        var active = ids[0]
        for (key, value) in [("activeAnimationId", manifest["activeAnimationId"]), ("initial.animation", manifest["initial"]?["animation"])] {
            guard let value else { continue }
            guard case .string(let id, _) = value else { throw fail(key, "expected a string, found \(value.typeName)") }
            guard entries[id] != nil else { throw fail(key, "the animation '\(id)' is not among the manifest's animations") }
            active = id
        }
        animationIDs = ids
        activeAnimationID = active
        animationEntries = entries
    }

    /// Opens the `.lottie` archive at `path` (its size checked before it is read).
    ///
    /// - Throws: a ``LottieError`` as ``init(data:name:limits:)``, or one saying the file cannot
    ///   be read or is larger than ``LottieLimits/maximumFileBytes``.
    public static func load(contentsOfFile path: String, limits: LottieLimits = LottieLimits()) throws(LottieError) -> DotLottieFile {
        try DotLottieFile(data: try LottieAnimation.readFile(path, limits: limits), name: path, limits: limits)
    }

    /// Reads the animation `id` (the active one when nil) with its images from the archive.
    /// Embedded (data URL) images keep working; an image asset's `u` and `p` name an entry
    /// (`/images/` and `img_0.png` read `images/img_0.png`), else its file is looked for in the
    /// layout's image folder. An image that is not in the archive is a warning, as a missing
    /// file beside a JSON file is.
    ///
    /// - Throws: a ``LottieError`` naming the archive and the entry: no animation has the id,
    ///   the entry cannot be inflated under the limits, or its JSON cannot be read (the error's
    ///   `path` is then the JSON path, as for a JSON file).
    public func animation(id: String? = nil) throws(LottieError) -> LottieAnimation {
        let id = id ?? activeAnimationID
        guard let entry = animationEntries[id] else {
            throw LottieError(path: "", message: "no animation has the id '\(id)'; the manifest lists \(animationIDs.map { "'\($0)'" }.joined(separator: ", "))",
                              archive: name)
        }
        let data: [UInt8]
        do { data = try archive.contents(of: entry) } catch {
            throw LottieError(path: "", message: error.message, archive: name, entry: entry)
        }
        do {
            return try LottieAnimation(data: data, limits: limits, resources: .archive(self))
        } catch {
            var error = error
            if error.archive == nil { error.archive = name; error.entry = entry }
            throw error
        }
    }

    /// The bytes of the image an asset names by `folder` (`u`) and `file` (`p`), and the entry
    /// they came from; nil when the archive has no such entry.
    ///
    /// - Throws: a ``LottieError`` at `path` when the name leads outside the archive, or naming
    ///   the entry when it cannot be inflated under the limits.
    func imageBytes(folder: String, file: String, _ path: String) throws(LottieError) -> (bytes: [UInt8], entry: String)? {
        let joined = folder + file
        let parts = joined.split(omittingEmptySubsequences: true) { $0 == "/" || $0 == "\\" }.filter { $0 != "." }
        if parts.contains("..") {
            throw LottieError(path: path, message: "the image '\(joined)' leads outside the archive")
        }
        let named = parts.joined(separator: "/")
        let fileName = parts.last.map(String.init) ?? file
        let candidates = [named] + (version == 2 ? ["i/", "images/"] : ["images/", "i/"]).map { $0 + fileName }
        guard let entry = candidates.first(where: { archive.entry(named: $0)?.isDirectory == false }) else { return nil }
        do { return (try archive.contents(of: entry), entry) } catch {
            throw LottieError(path: path, message: error.message, archive: name, entry: entry)
        }
    }
}

/// Where a reader looks up the images a file names but does not embed.
enum LottieResources: Sendable {
    /// Nowhere: such images are missing (with a warning).
    case none
    /// Files in a folder, the file's own.
    case directory(String)
    /// Entries of a `.lottie` archive.
    case archive(DotLottieFile)
}
