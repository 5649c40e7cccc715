import Foundation
import Testing
import Geometry
import TimelineSDL
@testable import Lottie

/// LT6: the software path's speed-ups draw the pictures the plain path draws.
@Suite("LT6 rendering speed")
@MainActor
struct LottieSpeedTests {
    /// Frames of `file` (every `step`th, at its native size) drawn by one renderer in sequence,
    /// as a player draws them, with shapes laid straight into the surface or not; and how many
    /// shapes went straight in.
    static func frames(_ file: String, direct: Bool, step: Int = 7) throws -> (images: [RGBAImage], directShapes: Int) {
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Corpus/" + file).path)
        let composition = LottieComposition(animation: animation)
        let renderer = try ImageRenderer(pixelWidth: Int(animation.width), pixelHeight: Int(animation.height))
        renderer.painter.drawsDirectly = direct
        var images: [RGBAImage] = [], count = 0
        for f in stride(from: 0, to: Int(animation.endFrame - animation.startFrame), by: step) {
            composition.setFrame(animation.startFrame + Double(f))
            renderer.render(composition.displayList())
            count += renderer.painter.lastDirectShapeCount
            images.append(renderer.image())
        }
        return (images, count)
    }

    /// The largest difference of premultiplied channels between `a` and `b`, and the share of
    /// pixels off by more than `tolerance`.
    static func compare(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int) -> (worst: Int, share: Double) {
        guard a.width == b.width, a.height == b.height else { return (255, 1) }
        var off = 0, worst = 0
        for p in 0..<(a.width * a.height) {
            let aa = Int(a.bytes[p * 4 + 3]), ba = Int(b.bytes[p * 4 + 3])
            var w = abs(aa - ba)
            for c in 0..<3 { w = max(w, abs(Int(a.bytes[p * 4 + c]) * aa / 255 - Int(b.bytes[p * 4 + c]) * ba / 255)) }
            worst = max(worst, w)
            if w > tolerance { off += 1 }
        }
        return (worst, Double(off) / Double(a.width * a.height))
    }

    @Test("LT6: shapes laid straight into the surface (and its in-place clear) draw what SDL's texture blits draw",
          arguments: ["shape_path_animated.json", "gradient_fill_linear.json", "gradient_fill_radial.json", "stroke_dashes.json",
                      "repeater.json", "matte_alpha.json", "group_style_scope.json", "transform_opacity.json"])
    func LT6_directShapesMatchSDL(_ file: String) throws {
        let direct = try Self.frames(file, direct: true), sdl = try Self.frames(file, direct: false)
        #expect(direct.directShapes > 0, "\(file): no shape went straight into the surface")
        #expect(sdl.directShapes == 0)
        #expect(direct.images.count == sdl.images.count)
        for (k, (a, b)) in zip(direct.images, sdl.images).enumerated() {
            // SDL's blend divides by 256 where the direct path rounds to nearest over 255: a
            // translucent pixel may differ by a level or two, more where several overlap.
            let d = Self.compare(a, b, tolerance: 3)
            #expect(d.worst <= 8 && d.share < 0.01, "\(file) frame \(k * 7): worst \(d.worst)/255, \(String(format: "%.2f", d.share * 100))% off by more than 3")
        }
    }
}
