import Foundation
import Testing
import Geometry
import Images
import Layers
@testable import Lottie

/// LT4, layer kinds from the layer work: emitters baked into a layer per particle, 3-D
/// transforms written as their closest 2-D transforms frame by frame, against the engine's own
/// render of the scene (and rlottie's drawing of the file when it is installed).
@Suite("LT4 exporting particles and 3-D layers as Lottie")
@MainActor
struct LottieExportDepthTests {
    /// Sparks rising from a line and fading as they shrink, and turning confetti squares of
    /// several colours falling from a band.
    static let emitterScene = """
    {"size": [200, 140],
     "views": [{"id": "bg", "parent": "root", "frame": [0, 0, 200, 140], "color": "#20242cff"},
               {"id": "holder", "parent": "root", "frame": [0, 0, 200, 140]}],
     "layers": [
       {"id": "sparks", "view": "holder", "type": "emitter", "frame": [0, 0, 100, 140], "emitterPosition": [50, 125],
        "emitterShape": "line", "emitterSize": [40, 0], "seed": 7, "emitterCells": [
          {"birthRate": 30, "lifetime": 0.8, "lifetimeRange": 0.2, "velocity": 90, "velocityRange": 20,
           "emissionLongitude": -1.5708, "emissionRange": 0.7, "yAcceleration": 60, "alphaSpeed": -0.8,
           "scaleSpeed": -0.4, "color": "#ffb347ff", "contentsSize": [8, 8]}]},
       {"id": "confetti", "view": "holder", "type": "emitter", "frame": [100, 0, 100, 140], "emitterPosition": [50, 20],
        "emitterShape": "rectangle", "emitterSize": [60, 10], "seed": 3, "emitterCells": [
          {"birthRate": 20, "lifetime": 1.2, "velocity": 50, "emissionLongitude": 1.5708, "emissionRange": 1.0, "spin": 3,
           "spinRange": 2, "color": "#3ccf7aff", "redRange": 0.4, "blueRange": 0.4, "contentsSize": [10, 6], "contentsShape": "square"}]}
     ]}
    """

    @Test("LT4 emitters go as a layer per particle, in and out at its birth and death, its motion, spin, scale, colour and alpha keyframed: our player and rlottie draw them as the scene does")
    func LT4_emitterParticles() throws {
        let e = try LottieExportTests.export(Self.emitterScene)
        #expect(!e.warnings.contains { $0.contains("emitter") || $0.contains("particle") }, "\(e.warnings)")
        let layers = e.json["layers"] as? [[String: Any]] ?? []
        let sparks = layers.filter { ($0["nm"] as? String)?.hasPrefix("sparks particle") == true }
        let confetti = layers.filter { ($0["nm"] as? String)?.hasPrefix("confetti particle") == true }
        #expect(sparks.count > 20 && confetti.count > 15, "\(sparks.count) sparks, \(confetti.count) confetti")
        // Particles are born during the range and sparks die in it: in and out points inside it.
        #expect(sparks.contains { ($0["ip"] as? Int ?? 0) > 10 } && sparks.contains { ($0["op"] as? Int ?? 36) < 36 })
        let parent = try #require(layers.first { $0["nm"] as? String == "sparks" }?["ind"] as? Int)
        #expect(sparks.allSatisfy { $0["parent"] as? Int == parent })
        // A spark's rise is a parabola (a few keyframes), its fade and shrink are straight lines.
        var positionKeys = 0, lives = 0
        for s in sparks {
            let ks = try #require(s["ks"] as? [String: Any])
            if let keys = (ks["p"] as? [String: Any])?["k"] as? [[String: Any]] { positionKeys += keys.count }
            lives += (s["op"] as? Int ?? 0) - (s["ip"] as? Int ?? 0)
            #expect((ks["r"] as? [String: Any])?["a"] as? Int == 0)            // discs do not turn
        }
        #expect(positionKeys < lives / 2, "\(positionKeys) position keyframes for \(lives) frames of life")
        // Confetti turns and has colours of its own.
        let lived = confetti.filter { ($0["op"] as? Int ?? 0) - ($0["ip"] as? Int ?? 0) > 2 }
        #expect(lived.allSatisfy { (($0["ks"] as? [String: Any])?["r"] as? [String: Any])?["a"] as? Int == 1 })
        let colours = Set(confetti.compactMap { c -> [Double]? in
            let items = (c["shapes"] as? [[String: Any]] ?? []).flatMap { $0["it"] as? [[String: Any]] ?? [] }
            return (items.first { $0["ty"] as? String == "fl" }?["c"] as? [String: Any])?["k"] as? [Double]
        })
        #expect(colours.count > 5)
        print("LT4 emitters: \(sparks.count) spark and \(confetti.count) confetti layers, \(positionKeys) spark position keyframes over \(lives) frames of life, \(e.data.count) bytes")
        try LottieExportTests.checkFrames(e, "emitters", width: 200, height: 140)
    }

    @Test("LT4 an emitter that would export more than 2,000 particle layers stops there, with a warning naming it")
    func LT4_emitterCap() throws {
        let scene = """
        {"size": [100, 100],
         "views": [{"id": "holder", "parent": "root", "frame": [0, 0, 100, 100], "color": "#000000ff"}],
         "layers": [{"id": "storm", "view": "holder", "type": "emitter", "frame": [0, 0, 100, 100], "emitterPosition": [50, 50],
                     "seed": 1, "emitterCells": [{"birthRate": 6000, "lifetime": 0.05, "velocity": 200, "emissionRange": 6.28,
                                                  "color": "#ffffffff", "contentsSize": [2, 2]}]}]}
        """
        let e = try LottieExportTests.export(scene, frames: 16)
        let warning = try #require(e.warnings.first { $0.contains("particle layers") }, "\(e.warnings)")
        #expect(warning.contains("'storm'") && warning.contains("2000"))
        let particles = (e.json["layers"] as? [[String: Any]] ?? []).filter { ($0["nm"] as? String)?.hasPrefix("storm particle") == true }
        #expect(particles.count == LottieRecorder.maximumParticleLayers)
    }

    /// A tile turning about y under a distant perspective (a sublayer transform) and a bar
    /// turning about x with none: their planes are affine within half a pixel.
    static let gentleScene = """
    {"size": [200, 120],
     "views": [{"id": "bg", "parent": "root", "frame": [0, 0, 200, 120], "color": "#20242cff"},
               {"id": "holder", "parent": "root", "frame": [0, 0, 200, 120]}],
     "layers": [
       {"id": "stage", "view": "holder", "frame": [10, 10, 90, 100], "sublayerTransform": {"perspective": 4000}},
       {"id": "tile", "parent": "stage", "frame": [20, 25, 50, 50], "backgroundColor": "#3b82f6ff", "cornerRadius": 8},
       {"id": "bar", "view": "holder", "frame": [120, 30, 60, 60], "backgroundColor": "#f5b83dff"}
     ],
     "layerAnimations": [
       {"layer": "tile", "keyPath": "transform.rotation.y", "from": 0, "to": 1.2, "duration": 1, "timingFunction": "linear"},
       {"layer": "bar", "keyPath": "transform.rotation.x", "from": 0, "to": 1.3, "duration": 1, "timingFunction": "easeInEaseOut"}
     ]}
    """

    @Test("LT4 3-D turns whose planes are affine within half a pixel go as their fitted 2-D transforms, keyframed, with no warning: our player and rlottie draw them as the scene does")
    func LT4_depthFitted() throws {
        let e = try LottieExportTests.export(Self.gentleScene)
        #expect(!e.warnings.contains { $0.contains("3-D") }, "\(e.warnings)")
        let tile = try #require(LottieExportTests.layer("tile", in: e.json)?["ks"] as? [String: Any])
        let bar = try #require(LottieExportTests.layer("bar", in: e.json)?["ks"] as? [String: Any])
        // The tile narrows to cos 1.2 of its width by the end; the bar to cos 1.3 of its height.
        let tileScale = try #require(tile["s"] as? [String: Any]), barScale = try #require(bar["s"] as? [String: Any])
        #expect(tileScale["a"] as? Int == 1 && barScale["a"] as? Int == 1)
        // Frame 29 is the last of the turns (they end at frame 30 and are removed).
        let sx = LottieExportTests.value(tileScale, at: 29)[0], sy = LottieExportTests.value(barScale, at: 29)
        #expect(abs(sx - cos(1.2 * 29 / 30) * 100) < 2, "tile's width at \(sx)%")
        #expect(sy[1] < cos(1.25) * 100 && sy[1] > cos(1.3) * 100 - 0.5 && abs(sy[0] - 100) < 0.5, "bar at \(sy)%")
        #expect(LottieExportTests.value(tileScale, at: 35) == [100, 100])
        try LottieExportTests.checkFrames(e, "3-D turns fitted", width: 200, height: 120)
    }

    /// A card flip: the front turns away about y as the back (not double-sided either, a turn
    /// behind) turns in, under a strong perspective from their stage's sublayer transform.
    static let flipScene = """
    {"size": [220, 140],
     "views": [{"id": "bg", "parent": "root", "frame": [0, 0, 220, 140], "color": "#20242cff"},
               {"id": "holder", "parent": "root", "frame": [0, 0, 220, 140]}],
     "layers": [
       {"id": "stage", "view": "holder", "frame": [0, 0, 220, 140], "sublayerTransform": {"perspective": 300}},
       {"id": "front", "parent": "stage", "frame": [60, 20, 100, 100], "backgroundColor": "#3b82f6ff", "cornerRadius": 10,
        "doubleSided": false},
       {"id": "back", "parent": "stage", "frame": [60, 20, 100, 100], "backgroundColor": "#ef4444ff", "cornerRadius": 10,
        "doubleSided": false, "transform": {"rotateY": -180}}
     ],
     "layerAnimations": [
       {"layer": "front", "keyPath": "transform.rotation.y", "from": 0, "to": 3.141592653589793, "duration": 1, "timingFunction": "linear"},
       {"layer": "back", "keyPath": "transform.rotation.y", "from": -3.141592653589793, "to": 0, "duration": 1, "timingFunction": "linear"}
     ]}
    """

    @Test("LT4 a card flip under strong perspective: each face's best 2-D fit per frame, hidden while it faces away, and a warning naming the face and its worst error in pixels")
    func LT4_depthCardFlip() throws {
        let e = try LottieExportTests.export(Self.flipScene)
        let front = try #require(e.warnings.first { $0.contains("'front'") }, "\(e.warnings)")
        #expect(front.contains("3-D transform") && front.contains("px") && e.warnings.contains { $0.contains("'back'") })
        let worst = try #require(front.split(separator: " ").firstIndex(of: "px,").map { Double(front.split(separator: " ")[$0 - 1]) ?? 0 })
        #expect(worst > 0.5 && worst < 100, "\(front)")
        // The front shows (opaque) until it turns edge on at frame 15, then hides; the back the other way.
        let f = try #require(LottieExportTests.layer("front", in: e.json)?["ks"] as? [String: Any])
        let b = try #require(LottieExportTests.layer("back", in: e.json)?["ks"] as? [String: Any])
        let fo = try #require(f["o"] as? [String: Any]), bo = try #require(b["o"] as? [String: Any])
        #expect(LottieExportTests.value(fo, at: 5) == [100] && LottieExportTests.value(fo, at: 25) == [0])
        #expect(LottieExportTests.value(bo, at: 5) == [0] && LottieExportTests.value(bo, at: 25) == [100])
        // Unturned (frame 0) the fit is the scene's drawing; turned, it is off by what the
        // warning says (printed: the share of pixels off by frame).
        let first = LottieConformanceTests.offShare(try LottieExportTests.play(e.data, frame: 0), e.direct[0])
        #expect(first <= 0.02, "frame 0: \(String(format: "%.2f", first * 100))% of pixels off")
        let shares = try stride(from: 0, to: 36, by: 5).map { k in
            String(format: "%d: %.2f%%", k, LottieConformanceTests.offShare(try LottieExportTests.play(e.data, frame: k), e.direct[k]) * 100)
        }
        print("LT4 card flip: \(front); pixels off by frame \(shares.joined(separator: ", "))")
    }

    @Test("LT4 a view whose own layer has a 3-D transform goes as its 2-D part, with a note")
    func LT4_viewLayer3DTransform() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 300
        let turned = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(perspective)
        let e = try LottieExportTests.export(LottieExportTests.skewScene, frames: 4, prepare: { built in
            built.views["bg"]!.layer.transform = turned
        })
        #expect(e.warnings.contains { $0.contains("3-D transforms on views' own layers are exported as their 2-D part") }, "\(e.warnings)")
        #expect(LottieExportTests.layer("bg", in: e.json) != nil)
    }
}
