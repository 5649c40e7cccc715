import Foundation
import Testing
import TimelineSDL
import ZIPFoundation

/// LT14: `.lottie` archives on the command line, where Lottie JSON files go.
@Suite("LT14 .lottie on the command line")
struct DotLottieCLITests {
    /// A folder of the test's own (the suite's tests run in parallel).
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("lt14-cli-\(getpid())-\(UUID().uuidString)")

    /// Writes an archive of `entries` (name, text), deflated, at `name` in the test's folder.
    func archive(_ name: String, _ entries: [(String, String)]) throws -> String {
        let archive = try Archive(accessMode: .create)
        for (entry, text) in entries {
            let data = Data(text.utf8)
            try archive.addEntry(with: entry, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let path = out.appendingPathComponent(name).path
        try #require(archive.data).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let square = ##"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":60,"h":40,"layers":[{"ty":1,"sc":"#ff0000","sw":60,"sh":40,"ip":0,"op":30,"st":0,"ks":{}}]}"##
    static let wide = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":90,"h":20,"layers":[]}"#

    @Test("LT14: render draws a .lottie archive's active animation, or the one --animation names")
    @MainActor
    func LT14_render() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let file = try archive("two.lottie", [("manifest.json", #"{"version":"2","animations":[{"id":"square"},{"id":"wide"}]}"#),
                                              ("a/square.json", Self.square), ("a/wide.json", Self.wide)])
        let png = out.appendingPathComponent("f.png").path
        var r = try CLI.run(["render", file, "--frame", "3", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        var image = try RGBAImage.load(path: png)
        #expect(image.width == 60 && image.height == 40)
        #expect(Array(image.bytes[0..<4]) == [255, 0, 0, 255])
        r = try CLI.run(["render", file, "--animation", "wide", "--frame", "0", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        image = try RGBAImage.load(path: png)
        #expect(image.width == 90 && image.height == 20)
        r = try CLI.run(["render", file, "--animation", "nope", "--frame", "0", "--out", png])
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(file): no animation has the id 'nope'; the manifest lists 'square', 'wide'"), "\(r.stderr)")
    }

    @Test("LT14: a bad archive is an error naming the archive and the entry, with a non-zero exit")
    func LT14_badArchive() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let file = try archive("bad.lottie", [("manifest.json", #"{"animations":[{"id":"x"}]}"#), ("animations/x.json", Self.square),
                                              ("../escape.json", "{}")])
        let r = try CLI.run(["render", file, "--frame", "0", "--out", out.appendingPathComponent("x.png").path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(file): ../escape.json: the name leads outside the archive ('..')"), "\(r.stderr)")
        let missing = try archive("missing.lottie", [("manifest.json", #"{"animations":[{"id":"x"}]}"#)])
        let m = try CLI.run(["bench", "lottie", missing, "--rounds", "1"])
        #expect(m.status != 0)
        #expect(m.stderr.contains("\(missing): manifest.json: animations[0].id: the animation 'x' is not in the archive"), "\(m.stderr)")
    }
}
