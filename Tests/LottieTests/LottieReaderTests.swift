import Foundation
import Testing
import Geometry
@testable import Lottie

/// LT1 (reading) and LT8 (limits): what is read, and bad input's errors with their JSON paths.
@Suite("LT1 and LT8 reading Bodymovin JSON")
struct LottieReaderTests {
    @Test("LT1: the document's frame rate, range, canvas, layers, markers and assets are read")
    func LT1_document() throws {
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect),
                                           extra: #","markers":[{"cm":"intro","tm":5,"dr":10}]"#))
        #expect(a.framerate == 30 && a.startFrame == 0 && a.endFrame == 60 && a.size == Size(width: 200, height: 100))
        #expect(a.duration == 2)
        #expect(a.marker(named: "intro") == LottieMarker(name: "intro", frame: 5, duration: 10))
        guard case .shape(let items) = a.layers[0].kind else { Issue.record("not a shape layer"); return }
        #expect(items.count == 2)
        #expect(a.warnings.isEmpty)
    }

    @Test("LT8: errors name the JSON path of the bad value and what is wrong with it", arguments: [
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":4,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":10,"s":[1,1]},{"t":20,"s":["x",1]}]}},"shapes":[]}]}"#,
         "layers[0].ks.p.k[2].s[0]", "expected a number, found a string"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":4,"shapes":[]}]}"#, "layers[0].ks", "missing"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":20000,"h":100,"layers":[]}"#, "w", "16384"),
        (#"{"v":"5","fr":0,"ip":0,"op":60,"w":200,"h":100,"layers":[]}"#, "fr", "frame rate"),
        (#"{"v":"5","fr":30,"ip":10,"op":5,"w":200,"h":100,"layers":[]}"#, "op", "after the in point"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":{}}"#, "layers", "expected an array, found an object"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]}}]}]}"#,
         "layers[0].shapes[0].s", "missing"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[1,1]],"i":[[0,0]],"o":[[0,0],[0,0]]}}}]}]}"#,
         "layers[0].shapes[0].ks.k", "tangents"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":4,"ks":{"o":{"a":1,"k":[{"t":10,"s":[0]},{"t":5,"s":[1]}]}},"shapes":[]}]}"#,
         "layers[0].ks.o.k[1].t", "must not decrease"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":1,"sc":"red","sw":10,"sh":10,"ks":{}}]}"#,
         "layers[0].sc", "colour"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":4,"tt":9,"ks":{},"shapes":[]}]}"#, "layers[0].tt", "matte mode"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":41e300,"ks":{},"shapes":[]}]}"#, "layers[0].ty", "whole number"),
        (#"{"v":"5","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"gf","o":{"a":0,"k":100},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[1,0]},"g":{"p":3,"k":{"a":0,"k":[0,1,0,0]}}}]}]}"#,
         "layers[0].shapes[0].g.k.k", "3 colour stops need 12 numbers"),
    ])
    func LT8_errorPaths(json: String, path: String, message: String) {
        let e = Doc.error(json)
        #expect(e?.path == path, "\(String(describing: e))")
        #expect(e?.message.contains(message) == true, "\(String(describing: e))")
    }

    @Test("LT8: malformed JSON says where, by line and column")
    func LT8_malformedJSON() {
        let e = Doc.error("{\"v\":\"5\",\n  \"fr\": 30,,}")
        #expect(e?.message.contains("line 2") == true, "\(String(describing: e))")
    }

    @Test("LT8: a precomposition that uses itself, directly or through another, is refused with its chain")
    func LT8_precompositionCycles() {
        let layer = #"{"ty":0,"refId":"A","w":100,"h":100,"ks":{}}"#
        let selfUse = Doc.animation(layers: layer, assets: #"[{"id":"A","layers":[{"ty":0,"refId":"A","w":10,"h":10,"ks":{}}]}]"#)
        let e = Doc.error(selfUse)
        #expect(e?.message.contains("uses itself (A -> A)") == true, "\(String(describing: e))")
        #expect(e?.path == "assets[0].layers[0].refId")
        let loop = Doc.animation(layers: layer, assets: #"[{"id":"A","layers":[{"ty":0,"refId":"B","w":10,"h":10,"ks":{}}]},{"id":"B","layers":[{"ty":0,"refId":"A","w":10,"h":10,"ks":{}}]}]"#)
        #expect(Doc.error(loop)?.message.contains("A -> B -> A") == true)
        let missing = Doc.animation(layers: #"{"ty":0,"refId":"nope","w":100,"h":100,"ks":{}}"#)
        #expect(Doc.error(missing) == LottieError(path: "layers[0].refId", message: "no asset has the id 'nope'"))
    }

    @Test("LT8: limits on keyframes, layers, vertices and nesting are errors that name them")
    func LT8_limits() {
        var limits = LottieLimits()
        limits.maximumKeyframes = 2
        let keys = Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":5,"s":[1]},{"t":9,"s":[1]}]}}"#))
        #expect(throws: LottieError.self) { try LottieAnimation(data: Array(keys.utf8), limits: limits) }
        limits = LottieLimits()
        limits.maximumLayers = 1
        let two = Doc.animation(layers: Doc.shapeLayer(Doc.redRect) + "," + Doc.shapeLayer(Doc.redRect))
        do { _ = try LottieAnimation(data: Array(two.utf8), limits: limits); Issue.record("read") } catch {
            #expect(error.path == "layers[1]" && error.message.contains("more than 1 layers"))
        }
        // Nesting deeper than the JSON parser's bound is a syntax error, not a stack overflow.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Doc.error(Doc.animation(layers: Doc.shapeLayer(Doc.redRect), extra: #","x":"# + deep)) != nil)
    }

    @Test("LT8: a file larger than the limit is refused before it is read")
    func LT8_fileSize() throws {
        let path = NSTemporaryDirectory() + "lt8-big-\(getpid()).json"
        FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let h = try #require(FileHandle(forWritingAtPath: path))
        try h.truncate(atOffset: 2 << 30)                              // a sparse 2 GB file
        try h.close()
        do { _ = try LottieAnimation.load(contentsOfFile: path); Issue.record("read") } catch {
            #expect(error.message.contains("2147483648 bytes; the limit is"))
        }
    }

    @Test("LT1, LT9: expressions are run, not warned about")
    func LT1_expressionsRun() throws {
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"r":{"a":0,"k":0,"x":"time*10"},"o":{"a":0,"k":100,"x":"wiggle(1,2)"}}"#)))
        #expect(a.warnings.isEmpty && a.expressionCount == 2)
        #expect(a.layers[0].transform.rotation.value(at: 15).x == 5)
    }

    @Test("LT1: a solid layer with an empty colour (as some exporters write) reads as black with a warning; junk is an error")
    func LT1_emptySolidColour() throws {
        let a = try Doc.read(Doc.animation(layers: #"{"ty":1,"sc":"","sw":10,"sh":10,"ks":{}}"#))
        guard case .solid(let colour, _, _) = a.layers[0].kind else { Issue.record("not a solid"); return }
        #expect(colour == .black)
        #expect(a.warnings.contains { $0.contains("layers[0].sc") })
        #expect(Doc.error(Doc.animation(layers: #"{"ty":1,"sc":"red","sw":10,"sh":10,"ks":{}}"#))?.path == "layers[0].sc")
    }

    @Test("LT1: an embedded base64 PNG is decoded through the image decoders; a missing file is a warning")
    func LT1_embeddedImage() throws {
        // A 1x1 red PNG.
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="
        let assets = #"[{"id":"img","w":1,"h":1,"e":1,"u":"","p":"data:image/png;base64,\#(png)"},{"id":"gone","w":5,"h":5,"u":"images/","p":"none.png"}]"#
        let a = try Doc.read(Doc.animation(layers: #"{"ty":2,"refId":"img","ks":{}},{"ty":2,"refId":"gone","ks":{}}"#, assets: assets))
        guard case .image(let image, let w, _)? = a.assets["img"] else { Issue.record("no image"); return }
        #expect(w == 1 && image.bitmap.width == 1)
        #expect(a.warnings.contains { $0.contains("assets[1].p") })
        let bad = Doc.animation(layers: "", assets: #"[{"id":"img","w":1,"h":1,"p":"data:image/png;base64,AAAA"}]"#)
        #expect(Doc.error(bad)?.path == "assets[0].p")
    }
}

/// LT8: every input the fuzzer was seeded with or found is replayed: it reads or is refused
/// with an error, and what reads builds and draws.
@Suite("LT8 fuzz replays")
@MainActor
struct LottieFuzzReplayTests {
    @Test("LT8: the fuzz corpus and regressions read or are refused, never trap; what reads draws")
    func LT8_replays() throws {
        let fuzz = Doc.folder.deletingLastPathComponent().appendingPathComponent("Fuzz")
        var seen = 0
        for folder in ["lottie-corpus", "lottie-regressions"] {
            let dir = fuzz.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.sorted() ?? [] {
                guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else { continue }
                seen += 1
                guard let a = try? LottieAnimation(data: [UInt8](data)) else { continue }
                let c = LottieComposition(animation: a)
                for f in [a.startFrame, (a.startFrame + a.endFrame) / 2, a.endFrame + 5] {
                    c.setFrame(f)
                    _ = c.displayList()
                }
            }
        }
        #expect(seen >= 40)
    }
}
