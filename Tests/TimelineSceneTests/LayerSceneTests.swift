import Foundation
import Testing
import TimelineTestSupport
import Geometry
@testable import TimelineScene
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// CA11: layers and key-path animations in scene files.
@Suite("CA11 layers in scene files")
@MainActor
struct LayerSceneTests {
    static let scene = #"""
    {"size": [300, 200],
     "views": [{"id": "card", "frame": [10, 10, 280, 180], "color": "#202020ff"}],
     "layers": [
       {"id": "ring", "view": "card", "type": "shape", "frame": [10, 10, 100, 100],
        "path": [["arc", 50, 50, 40, -90, 270, false]], "fillColor": null, "strokeColor": "#00ff00ff",
        "lineWidth": 8, "lineCap": "round", "strokeEnd": 0},
       {"id": "sweep", "view": "card", "type": "gradient", "frame": [120, 10, 100, 100], "gradientType": "conic",
        "colors": ["#ff0000ff", "#0000ffff"], "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]},
       {"id": "loader", "view": "root", "type": "replicator", "frame": [0, 120, 80, 80], "instanceCount": 8,
        "instanceTransform": {"rotate": 45}, "instanceDelay": 0.125},
       {"id": "dot", "parent": "loader", "frame": [36, 0, 8, 8], "backgroundColor": "#ffffffff", "hidden": false,
        "transform": {"rotateY": 30, "perspective": 500}}
     ],
     "layerAnimations": [
       {"layer": "ring", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 1, "timingFunction": "linear", "key": "grow"},
       {"layer": "dot", "keyPath": "opacity", "values": [1, 0.2, 1], "keyTimes": [0, 0.25, 1], "duration": 2,
        "repeatCount": "infinite", "at": 0.5},
       {"layer": "sweep", "keyPath": "transform.rotation.z", "by": 6.283185307179586, "duration": 4, "spring": {"duration": 0.5, "bounce": 0}}
     ]}
    """#

    @Test("CA11 a scene's layers are built with their kinds, hosts and properties")
    func buildsLayers() throws {
        let scene = try SceneLoader.parse(Self.scene, file: "layers.json")
        #expect(scene.layers.map(\.id) == ["ring", "sweep", "loader", "dot"])
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        let ring = try #require(built.layers["ring"] as? ShapeLayer)
        #expect(ring.superlayer === built.views["card"]!.layer)
        #expect(ring.frame == Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(ring.fillColor == .clear && ring.strokeColor == Color(red: 0, green: 1, blue: 0) && ring.lineCap == .round)
        #expect(abs(ring.path!.length - 80 * .pi) < 0.05)
        let sweep = try #require(built.layers["sweep"] as? GradientLayer)
        #expect(sweep.type == .conic && sweep.colors?.count == 2 && sweep.startPoint == Point(x: 0.5, y: 0.5))
        let loader = try #require(built.layers["loader"] as? ReplicatorLayer)
        #expect(loader.instanceCount == 8 && loader.instanceDelay == 0.125)
        #expect(abs(loader.instanceTransform.m12 - sin(.pi / 4)) < 1e-12)
        let dot = try #require(built.layers["dot"])
        #expect(dot.superlayer === loader && abs(dot.transform.m34 + 1.0 / 500) < 1e-15)
    }

    @Test("CA11 layer animations start at their time and follow their timing, frame by frame")
    func animates() throws {
        let scene = try SceneLoader.parse(Self.scene, file: "layers.json")
        let host = HeadlessHost(size: scene.size)
        host.runLoop.keepsRunningWhenIdle = true
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        let ring = built.layers["ring"] as! ShapeLayer, dot = built.layers["dot"]!
        host.step()                                                  // frame 0: added, progress 0
        #expect(ring.animationKeys() == ["grow"])
        #expect(ring.presentation()?.strokeEnd == 0)
        host.step(frames: 30)                                        // frame 30: t = 0.5
        #expect(abs(ring.presentation()!.strokeEnd - 0.5) < 1e-6)
        #expect(ring.strokeEnd == 0)                                 // the model is untouched
        #expect(dot.presentation()?.opacity == 1)                    // started at 0.5 s (no key: not in animationKeys)
        host.step(frames: 15)                                        // 0.25 s into the keyframes: at 0.2 (keyTime 0.25 of 2 s = 0.5 s, so 0.6)
        #expect(abs(dot.presentation()!.opacity - (1 - 0.8 * 0.5)) < 1e-6)
        host.step(frames: 20)
        #expect(ring.animationKeys() == nil)                         // a second on, removed on completion
        withExtendedLifetime(animator) {}
    }

    nonisolated static let badInputs: [(String, Int, Int, String)] = [
        (#"{"size": [10, 10], "layers": [{"id": "a"}]}"#, 1, 31, "needs \"view\""),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "nobody"}]}"#, 1, 51, "unknown view 'nobody'"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root", "type": "cloud"}]}"#, 1, 67, "unknown layer type 'cloud'"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root", "strokeEnd": 1}]}"#, 1, 72, "a layer layer has no 'strokeEnd'"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root", "opacity": "half"}]}"#, 1, 70, "opacity must be a number"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root", "position": [1]}]}"#, 1, 71, "array of 2 numbers"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root", "type": "shape", "path": [["spiral", 1]]}]}"#, 1, 86, "unknown path command 'spiral'"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root", "transform": {"perspective": 0}}]}"#, 1, 88, "must be above 0"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root"}, {"id": "a", "view": "root"}]}"#, 1, 67, "duplicate id 'a'"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root"}], "layerAnimations": [{"layer": "a", "keyPath": "opacitee"}]}"#, 1, 107, "unknown key path 'opacitee'"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root"}], "layerAnimations": [{"layer": "a", "keyPath": "position", "to": 3}]}"#, 1, 125, "array of 2 numbers"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root"}], "layerAnimations": [{"layer": "b", "keyPath": "opacity"}]}"#, 1, 91, "unknown layer 'b'"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root"}], "layerAnimations": [{"layer": "a", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}"#, 1, 148, "keyTimes has 3 entries and needs 2"),
        (#"{"size": [10, 10], "layers": [{"id": "a", "view": "root"}], "layerAnimations": [{"layer": "a", "keyPath": "opacity", "to": 1, "spring": {"mass": -1}}]}"#, 1, 146, "mass must be above 0"),
    ]

    @Test("CA11 bad layers and layer animations name the file, line and column", arguments: 0..<badInputs.count)
    func badInput(_ index: Int) {
        let (text, line, column, words) = Self.badInputs[index]
        do {
            _ = try SceneLoader.parse(text, file: "bad.json")
            Issue.record("case \(index) loaded")
        } catch {
            #expect(error.location == SourceLocation(line: line, column: column), "case \(index): \(error)")
            #expect(error.message.contains(words), "case \(index): \(error.message)")
        }
    }

    @Test("CA11 the layers scene in Assets loads, steps and keeps its animations running")
    func assetScene() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/scenes/layers.json").path
        let scene = try SceneLoader.load(path: path)
        let host = HeadlessHost(size: scene.size)
        host.runLoop.keepsRunningWhenIdle = true
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        host.step(frames: 90)
        let ring = built.layers["ring"] as! ShapeLayer
        #expect(ring.animationKeys() == nil && (ring.presentation()?.strokeEnd ?? 0) > 0)    // running, added with no key
        #expect(built.layers.count == scene.layers.count && host.engineDiagnosticsAreEmpty)
        withExtendedLifetime(animator) {}
    }
}

extension HeadlessHost {
    /// Whether the layer engine reported nothing (no bad key path or value reached it).
    var engineDiagnosticsAreEmpty: Bool { window.layers?.diagnostics.entries.isEmpty ?? true }
}
