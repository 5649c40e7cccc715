import Foundation
import Geometry
import Testing
import TimelineScene
@testable import TimelineSDL
import TimelineTestSupport
import Timeline

/// CA10 against an independent renderer: `Tests/Oracles/render_layer_reference.py` draws a corpus
/// of layer scenes (shape fills by either rule, strokes with every cap and join, miter limits,
/// dashes, stroke ranges on arcs and polylines, curves, axial, radial and conic gradients,
/// rotated and masking layers, opacity groups, blurred shadows) with Cairo and NumPy following
/// Core Animation's documented semantics, at 1x and 2x; here the same scene files go through
/// the scene loader, the layer engine, the layer renderer and the software painter, and the
/// images are compared with the D2 criteria: interior pixels within 2/255, antialiased edges
/// within 112/255 at the 99th percentile and 12/255 on average. Shadows are compared the same
/// way: a blur has no flat interior, so its pixels count as edges.
@MainActor
@Suite("CA10 layers rendered against a Cairo reference")
struct LayerReferenceTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LayerReference")

    nonisolated static var sceneNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("scenes").path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func render(_ name: String, scale: Double) throws -> RGBAImage {
        let scene = try SceneLoader.load(path: directory.appendingPathComponent("scenes/\(name).json").path)
        let host = HeadlessHost(size: scene.size)
        host.window.scale = scale
        _ = SceneBuilder.build(scene, in: host.window)
        host.runUntilIdle()
        let image = try ImageRenderer(pixelWidth: Int(scene.size.width * scale), pixelHeight: Int(scene.size.height * scale))
        image.render(host.window.displayList)
        return image.image()
    }

    @Test("CA10 at least 20 layer reference scenes, each at 1x and 2x")
    func corpusSize() {
        #expect(Self.sceneNames.count >= 20)
    }

    @Test("CA10 our layer renders match the Cairo reference: interiors within 2/255, edges within the D2 tolerance",
          arguments: sceneNames)
    func matchesReference(name: String) throws {
        for scale in [1, 2] {
            let ours = try Self.render(name, scale: Double(scale))
            let reference = try RGBAImage.load(path: Self.directory.appendingPathComponent("\(name)@\(scale)x.png").path)
            #expect(ours.width == reference.width && ours.height == reference.height)
            let c = ReferenceRenderTests.compare(ours, reference)
            if ProcessInfo.processInfo.environment["REFERENCE_REPORT"] != nil { print("LAYER REFERENCE \(name) @\(scale)x: \(c)") }
            #expect(c.interiorOff == 0, "\(name) @\(scale)x: \(c)")
            #expect(c.edgeP99 <= 112 && c.edgeMean <= 12, "\(name) @\(scale)x: \(c)")
            if c.interiorOff > 0 || c.edgeP99 > 112 || c.edgeMean > 12 {
                let out = NSTemporaryDirectory() + "layer-reference-\(name)@\(scale)x.png"
                try writeFileAtomically(ours.pngData(), to: out)
                print("ours: \(out)")
            }
        }
    }
}
