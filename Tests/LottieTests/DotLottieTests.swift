import Foundation
import Testing
import Timeline
import ZIPFoundation
@testable import Lottie

/// `.lottie` archives written here, entry by entry, with ZIPFoundation.
enum Zip {
    /// An archive holding `entries` (name, bytes) in order, deflated unless `stored`.
    static func archive(_ entries: [(String, [UInt8])], stored: Bool = false) throws -> [UInt8] {
        let archive = try Archive(accessMode: .create)
        for (name, bytes) in entries {
            let data = Data(bytes)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: stored ? .none : .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return [UInt8](try #require(archive.data))
    }

    static func archive(_ entries: [(String, String)], stored: Bool = false) throws -> [UInt8] {
        try archive(entries.map { ($0.0, Array($0.1.utf8)) }, stored: stored)
    }
}

/// LT14: dotLottie archives open as JSON files do, under limits of their own, and bad archives
/// are errors naming the archive and the entry.
@Suite("LT14 dotLottie archives")
@MainActor
struct DotLottieTests {
    /// An animated rectangle: it moves and fades, so frames differ.
    static let moving = Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":60,"s":[100,40]}]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":60,"s":[20]}]}}"#))
    static let wide = #"{"v":"5.7.0","fr":24,"ip":0,"op":12,"w":300,"h":50,"layers":[]}"#
    /// A 1x1 red PNG.
    static let png = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")!)

    static func v1(_ animations: [(String, String)], manifest: String? = nil) throws -> [UInt8] {
        let list = animations.map { #"{"id":"\#($0.0)","loop":true}"# }.joined(separator: ",")
        return try Zip.archive([("manifest.json", manifest ?? #"{"version":"1.0","generator":"test","animations":[\#(list)]}"#)]
                               + animations.map { ("animations/\($0.0).json", $0.1) })
    }

    static func v2(_ animations: [(String, String)], manifest: String? = nil) throws -> [UInt8] {
        let list = animations.map { #"{"id":"\#($0.0)"}"# }.joined(separator: ",")
        return try Zip.archive([("manifest.json", manifest ?? #"{"version":"2","animations":[\#(list)]}"#)]
                               + animations.map { ("a/\($0.0).json", $0.1) })
    }

    /// The display lists of `animation` at a spread of frames.
    static func frames(_ animation: LottieAnimation) -> [[DrawCommand]] {
        let composition = LottieComposition(animation: animation)
        return [0, 7.5, 30, 59, 60].map { frame in
            composition.setFrame(frame)
            return composition.displayList().commands
        }
    }

    /// The error opening `bytes` and reading its active animation gives (nil when it reads).
    static func error(_ bytes: [UInt8], limits: LottieLimits = LottieLimits()) -> LottieError? {
        do { _ = try DotLottieFile(data: bytes, name: "t.lottie", limits: limits).animation(); return nil } catch { return error }
    }

    @Test("LT14: a version 1 and a version 2 archive play the same frames as the bare JSON")
    func LT14_sameFramesAsJSON() throws {
        let bare = Self.frames(try Doc.read(Self.moving))
        #expect(bare[0] != bare[2])
        for (bytes, version) in [(try Self.v1([("intro", Self.moving)]), 1), (try Self.v2([("intro", Self.moving)]), 2)] {
            let file = try DotLottieFile(data: bytes, name: "t.lottie")
            #expect(file.version == version && file.animationIDs == ["intro"] && file.activeAnimationID == "intro")
            #expect(Self.frames(try file.animation()) == bare)
        }
        // Stored (not deflated) entries read the same.
        let stored = try Zip.archive([("manifest.json", #"{"animations":[{"id":"x"}]}"#), ("animations/x.json", Self.moving)], stored: true)
        #expect(Self.frames(try DotLottieFile(data: stored).animation()) == bare)
    }

    @Test("LT14: LottieAnimation.load opens a .lottie file by its bytes, whatever its name")
    func LT14_loadByPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lt14-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("anim.lottie").path
        try Data(try Self.v2([("one", Self.wide), ("two", Self.moving)])).write(to: URL(fileURLWithPath: path))
        let a = try LottieAnimation.load(contentsOfFile: path)
        #expect(a.width == 300 && a.framerate == 24)
        let b = try DotLottieFile.load(contentsOfFile: path).animation(id: "two")
        #expect(Self.frames(b) == Self.frames(try Doc.read(Self.moving)))
    }

    @Test("LT14: the manifest's first animation plays, or its active one; another is chosen by id")
    func LT14_choiceByID() throws {
        let two = [("small", Self.moving), ("wide", Self.wide)]
        #expect(try DotLottieFile(data: try Self.v1(two)).activeAnimationID == "small")
        let v1 = try DotLottieFile(data: try Self.v1(two, manifest: #"{"activeAnimationId":"wide","animations":[{"id":"small"},{"id":"wide"}]}"#))
        #expect(v1.activeAnimationID == "wide" && v1.animationIDs == ["small", "wide"])
        #expect(try v1.animation().width == 300)
        #expect(try v1.animation(id: "small").width == 200)
        let v2 = try DotLottieFile(data: try Self.v2(two, manifest: #"{"version":"2","initial":{"animation":"wide"},"animations":[{"id":"small"},{"id":"wide"}]}"#))
        #expect(try v2.animation().width == 300)
        do { _ = try v2.animation(id: "nope"); Issue.record("read") } catch {
            #expect(error.description == "archive: no animation has the id 'nope'; the manifest lists 'small', 'wide'")
        }
    }

    @Test("LT14: image assets resolve into the archive (u and p, or the layout's image folder); data URIs still work")
    func LT14_images() throws {
        let base64 = Data(Self.png).base64EncodedString()
        let assets = #"[{"id":"a","w":1,"h":1,"u":"/images/","p":"red.png","e":0},{"id":"b","w":1,"h":1,"u":"","p":"red.png"},{"id":"c","w":1,"h":1,"e":1,"u":"","p":"data:image/png;base64,\#(base64)"},{"id":"d","w":1,"h":1,"u":"/images/","p":"gone.png"}]"#
        let json = Doc.animation(layers: #"{"ty":2,"refId":"a","ks":{}},{"ty":2,"refId":"b","ks":{}},{"ty":2,"refId":"c","ks":{}}"#, assets: assets)
        let v1 = try Zip.archive([("manifest.json", #"{"animations":[{"id":"x"}]}"#), ("animations/x.json", json)].map { ($0.0, Array($0.1.utf8)) }
                                 + [("images/red.png", Self.png)])
        let v2 = try Zip.archive([("manifest.json", #"{"version":"2","animations":[{"id":"x"}]}"#), ("a/x.json", json.replacingOccurrences(of: "/images/", with: "/i/"))]
                                    .map { ($0.0, Array($0.1.utf8)) } + [("i/red.png", Self.png)])
        for bytes in [v1, v2] {
            let a = try DotLottieFile(data: bytes).animation()
            for id in ["a", "b", "c"] {
                guard case .image(let image, _, _)? = a.assets[id] else { Issue.record("\(id) is not an image"); continue }
                #expect(image.bitmap.width == 1)
            }
            guard case .missingImage? = a.assets["d"] else { Issue.record("d is not missing"); continue }
            #expect(a.warnings.contains { $0.contains("assets[3].p") && $0.contains("not in the archive") })
        }
        // An image whose name leads outside the archive is refused where the asset names it.
        let out = Doc.animation(layers: "", assets: #"[{"id":"a","w":1,"h":1,"u":"../","p":"red.png"}]"#)
        let e = Self.error(try Self.v1([("x", out)]))
        #expect(e?.description == "t.lottie: animations/x.json: assets[0].p: the image '../red.png' leads outside the archive", "\(String(describing: e))")
        // A damaged image names its entry.
        let bad = try Zip.archive([("manifest.json", Array(#"{"animations":[{"id":"x"}]}"#.utf8)), ("animations/x.json", Array(json.utf8)),
                                   ("images/red.png", Array(Self.png.prefix(30)))])
        let d = Self.error(bad)
        #expect(d?.archive == "t.lottie" && d?.entry == "images/red.png" && d?.path == "assets[0].p", "\(String(describing: d))")
    }

    @Test("LT14: an audio layer (type 6, no transform) and its sound asset, as dotLottie v2 packs them, are read, not played")
    func LT14_audioLayer() throws {
        let json = Doc.animation(layers: Doc.shapeLayer(Doc.redRect) + #",{"ty":6,"nm":"sound","ind":2,"ip":0,"op":60,"st":0,"refId":"audio_0"}"#,
                                 assets: #"[{"id":"audio_0","u":"/u/","p":"beep.mp3","e":0}]"#)
        let bytes = try Zip.archive([("manifest.json", Array(#"{"version":"2","animations":[{"id":"x"}]}"#.utf8)), ("a/x.json", Array(json.utf8)),
                                     ("u/beep.mp3", [0xFF, 0xFB, 0x90, 0x04, 0, 0, 0, 0])])
        let a = try DotLottieFile(data: bytes).animation()
        #expect(a.layers.count == 2)
        #expect(a.warnings.contains { $0.contains("layers[1].ty: layer type 6 is not drawn") })
        #expect(a.warnings.contains { $0.contains("assets[0].p: the sound 'beep.mp3' is not played") })
        // A drawn layer still needs its transform.
        #expect(Doc.error(Doc.animation(layers: #"{"ty":3}"#))?.path == "layers[0].ks")
    }

    /// Limits small enough for a test's archives to pass them.
    static var small: LottieLimits {
        var l = LottieLimits()
        l.maximumFileBytes = 4_000
        l.maximumArchiveEntries = 4
        l.maximumArchiveBytes = 6_000
        return l
    }

    @Test("LT14: bad archives are errors naming the archive and the entry", arguments: [
        ("not a zip", "t.lottie: not a zip archive: no end of central directory record"),
        ("no manifest", "t.lottie: no manifest.json; a .lottie archive lists its animations there"),
        ("missing animation", "t.lottie: manifest.json: animations[1].id: the animation 'gone' is not in the archive (no animations/gone.json)"),
        ("bad active", "t.lottie: manifest.json: activeAnimationId: the animation 'gone' is not among the manifest's animations"),
        ("malformed manifest", "t.lottie: manifest.json: malformed JSON at line 1, column 2"),
        ("no animations", "t.lottie: manifest.json: animations: empty; the archive needs an animation"),
        ("bad animation JSON", "t.lottie: animations/x.json: layers[0].ks: missing"),
        ("traversal", "t.lottie: ../evil.json: the name leads outside the archive ('..')"),
        ("absolute", "t.lottie: /etc/x: the name is an absolute path; entries must be relative"),
        ("entry too large", "t.lottie: animations/x.json: inflates to 5000 bytes; the limit is 4000"),
        ("too many entries", "t.lottie: the archive has 5 entries; the limit is 4"),
        ("total too large", "t.lottie: animations/y.json: the entries inflate to more than 6000 bytes together"),
        ("bomb", "t.lottie: animations/x.json: inflates "),
        ("lying size", "t.lottie: animations/x.json: inflates past the 100 bytes its directory declares; reading stopped there"),
        ("damaged data", "t.lottie: animations/x.json: the data is damaged (its CRC-32 does not match)"),
        ("cut", "t.lottie: not a zip archive: no end of central directory record"),
    ])
    func LT14_badArchives(name: String, expected: String) throws {
        let manifest = ("manifest.json", #"{"animations":[{"id":"x"}]}"#)
        let good = ("animations/x.json", Self.moving)
        var limits = LottieLimits()
        let bytes: [UInt8]
        switch name {
        case "not a zip": bytes = Array("PK\u{3}\u{4} and then no zip archive at all".utf8)
        case "no manifest": bytes = try Zip.archive([good])
        case "missing animation": bytes = try Zip.archive([("manifest.json", #"{"animations":[{"id":"x"},{"id":"gone"}]}"#), good])
        case "bad active": bytes = try Zip.archive([("manifest.json", #"{"activeAnimationId":"gone","animations":[{"id":"x"}]}"#), good])
        case "malformed manifest": bytes = try Zip.archive([("manifest.json", "{,}"), good])
        case "no animations": bytes = try Zip.archive([("manifest.json", #"{"animations":[]}"#), good])
        case "bad animation JSON": bytes = try Zip.archive([manifest, ("animations/x.json", Doc.animation(layers: #"{"ty":4,"shapes":[]}"#))])
        case "traversal": bytes = try Zip.archive([manifest, good, ("../evil.json", "{}")])
        case "absolute": bytes = try Zip.archive([manifest, good, ("/etc/x", "{}")])
        case "entry too large":
            limits = Self.small
            bytes = try Zip.archive([manifest, ("animations/x.json", Self.wide + String(repeating: " ", count: 5_000 - Self.wide.utf8.count))])
        case "too many entries":
            limits = Self.small
            bytes = try Zip.archive([manifest, good, ("a.txt", ""), ("b.txt", ""), ("c.txt", "")])
        case "total too large":
            limits = Self.small
            let padded = Self.wide + String(repeating: " ", count: 3_500 - Self.wide.utf8.count)
            bytes = try Zip.archive([manifest, ("animations/x.json", padded), ("animations/y.json", padded)])
        case "bomb":
            // 20 MB of spaces deflate to about 20 KB: a thousand to one.
            bytes = try Zip.archive([manifest, ("animations/x.json", Self.wide + String(repeating: " ", count: 20_000_000))])
        case "lying size":
            // The central directory says 100 bytes; the data inflates to the whole animation.
            var b = try Zip.archive([manifest, good])
            let directory = try #require(Self.lastRecord(b, named: "animations/x.json"))
            b.replaceSubrange((directory + 24)..<(directory + 28), with: [100, 0, 0, 0])
            bytes = b
        case "damaged data":
            var b = try Zip.archive([manifest, good], stored: true)
            let at = try #require(Self.find(Array(#""layers""#.utf8), in: b))
            b[at + 1] = UInt8(ascii: "L")
            bytes = b
        case "cut": bytes = Array(try Zip.archive([manifest, good]).dropLast(30))
        default: Issue.record("no case \(name)"); return
        }
        let e = Self.error(bytes, limits: limits)
        #expect(e?.description.hasPrefix(expected) == true, "\(name): \(String(describing: e))")
    }

    /// The offset of the central directory record of `name` (its signature), searching from the end.
    static func lastRecord(_ b: [UInt8], named name: String) -> Int? {
        let needle: [UInt8] = [0x50, 0x4B, 1, 2]
        var at = b.count - 4
        while at >= 0 {
            if Array(b[at..<at + 4]) == needle, b.count >= at + 46 + name.utf8.count, Array(b[(at + 46)..<(at + 46 + name.utf8.count)]) == Array(name.utf8) {
                return at
            }
            at -= 1
        }
        return nil
    }

    static func find(_ needle: [UInt8], in b: [UInt8]) -> Int? {
        guard b.count >= needle.count else { return nil }
        return (0...(b.count - needle.count)).first { Array(b[$0..<($0 + needle.count)]) == needle }
    }

    @Test("LT14: the archive fuzzer's seeds and the inputs it found open or are refused, never trap")
    func LT14_replays() throws {
        let fuzz = Doc.folder.deletingLastPathComponent().appendingPathComponent("Fuzz")
        var seen = 0, opened = 0
        for folder in ["dotlottie-corpus", "dotlottie-regressions"] {
            let dir = fuzz.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
                let data = try Data(contentsOf: dir.appendingPathComponent(name))
                seen += 1
                if let file = try? DotLottieFile(data: [UInt8](data)) {
                    for id in file.animationIDs {
                        guard let a = try? file.animation(id: id) else { continue }
                        opened += 1
                        _ = Self.frames(a)
                    }
                }
            }
        }
        #expect(seen >= 4 && opened >= 3)
    }
}
