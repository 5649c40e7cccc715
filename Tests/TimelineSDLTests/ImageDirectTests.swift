import Testing
import Geometry
import RenderModel
@testable import TimelineSDL

/// LT11: an image drawn by the image renderer is laid straight into its pixels (no texture, no
/// SDL triangles) and looks as SDL's software renderer draws it: the nearest texel under each
/// pixel whose centre the image covers, tinted, faded and laid over.
@Suite("LT11 images laid directly")
@MainActor
struct ImageDirectTests {
    /// A 37 x 23 bitmap of bands of colour whose alpha falls toward the right edge.
    static let pattern: Image = {
        var rgba: [UInt8] = []
        for y in 0..<23 {
            for x in 0..<37 {
                let a: UInt8 = x < 30 ? 255 : UInt8(255 - (x - 29) * 30)
                rgba += [UInt8((x * 7) % 256), UInt8((y * 11) % 256), UInt8(((x / 4 + y / 3) % 2) * 255), a]
            }
        }
        return Image(bitmap: Bitmap(width: 37, height: 23, rgba: rgba))
    }()

    /// `drawing` under `transform` on a 160 x 120 grey image: drawn directly and through SDL.
    static func both(_ drawing: ImageDrawing, _ transform: AffineTransform) throws -> (direct: RGBAImage, sdl: RGBAImage, laid: Int) {
        var list = DisplayList()
        list.size = Size(width: 160, height: 120)
        list.background = Color(red: 0.5, green: 0.5, blue: 0.5)
        list.commands = [.beginGroup(GroupState(transform: transform, opacity: 1, clip: nil, clipCornerRadius: 0, name: "g")),
                         .image(drawing), .endGroup]
        let (direct, sdl) = try renderTwice(list) { $0.drawsDirectly = false }
        return (direct.image(), sdl.image(), direct.painter.lastDirectImageCount)
    }

    /// The picture `drawing` under `transform` should give pixel (x, y), worked out here in
    /// floating point: the texel under the pixel's centre, tinted (a template's alpha in the
    /// tint), laid over the grey background; nil for a centre within a hair of a texel's or the
    /// image's edge, where rounding may pick either side.
    static func expected(_ d: ImageDrawing, _ transform: AffineTransform, x: Int, y: Int) -> (Double, Double, Double)? {
        guard let inverse = transform.inverted() else { return nil }
        let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let s = (p.x - d.rect.minX) / d.rect.width, t = (p.y - d.rect.minY) / d.rect.height
        let u = d.source.minX + s * d.source.width, v = d.source.minY + t * d.source.height
        let grey = 128.0 / 255
        guard s >= 0, s < 1, t >= 0, t < 1 else {
            return s > -1e-3 && s < 1 + 1e-3 && t > -1e-3 && t < 1 + 1e-3 ? nil : (grey, grey, grey)
        }
        guard abs(u - u.rounded()) > 1e-3, abs(v - v.rounded()) > 1e-3 else { return nil }
        let texel = d.image.bitmap.pixel(x: Int(u), y: Int(v))
        var c = [Double(texel.red), Double(texel.green), Double(texel.blue)].map { $0 / 255 }
        if d.isTemplate { c = [1, 1, 1] }
        c = [c[0] * d.tint.red, c[1] * d.tint.green, c[2] * d.tint.blue]
        let a = Double(texel.alpha) / 255 * d.tint.alpha
        return (c[0] * a + grey * (1 - a), c[1] * a + grey * (1 - a), c[2] * a + grey * (1 - a))
    }

    @Test("LT11: a rotated, scaled, cropped, tinted or template image laid directly takes the texel under each pixel's centre",
          arguments: [0, 1, 2, 3, 4])
    func LT11_directImagesSampleTheTexelUnderEachCentre(_ k: Int) throws {
        let turned = AffineTransform(translationX: -18, y: -11).concatenating(AffineTransform(rotationAngle: 0.52))
            .concatenating(AffineTransform(scaleX: 2.6, y: 2.1)).concatenating(AffineTransform(translationX: 80, y: 60))
        let cases: [(ImageDrawing, AffineTransform)] = [
            (ImageDrawing(image: Self.pattern, rect: Rect(x: 0, y: 0, width: 37, height: 23)), turned),
            (ImageDrawing(image: Self.pattern, rect: Rect(x: 10, y: 8, width: 120, height: 90)), .identity),
            (ImageDrawing(image: Self.pattern, rect: Rect(x: 0, y: 0, width: 37, height: 23), source: Rect(x: 5, y: 3, width: 20, height: 12)), turned),
            (ImageDrawing(image: Self.pattern, rect: Rect(x: 0, y: 0, width: 37, height: 23), tint: Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.6)), turned),
            (ImageDrawing(image: Self.pattern, rect: Rect(x: 0, y: 0, width: 37, height: 23), tint: Color(red: 0, green: 0, blue: 1), isTemplate: true), turned),
        ]
        let (d, transform) = cases[k]
        let (direct, _, laid) = try Self.both(d, transform)
        #expect(laid == 1)
        var checked = 0, inside = 0, off: [String] = []
        for y in 0..<direct.height {
            for x in 0..<direct.width {
                guard let e = Self.expected(d, transform, x: x, y: y) else { continue }
                checked += 1
                let i = (y * direct.width + x) * 4
                let got = (Double(direct.bytes[i]) / 255, Double(direct.bytes[i + 1]) / 255, Double(direct.bytes[i + 2]) / 255)
                if got != (128.0 / 255, 128.0 / 255, 128.0 / 255) { inside += 1 }
                // Two steps of 255: the bytes' rounding, and SDL's straight-alpha store.
                if abs(got.0 - e.0) > 2.5 / 255 || abs(got.1 - e.1) > 2.5 / 255 || abs(got.2 - e.2) > 2.5 / 255 {
                    off.append("(\(x), \(y))")
                }
            }
        }
        #expect(checked > 15_000 && inside > 1_000)
        #expect(off.isEmpty, "case \(k): \(off.count) pixels off, first \(off.prefix(5))")
    }

    @Test("LT11: an image under perspective (corners that are not a parallelogram) is still drawn through SDL")
    func LT11_projectedImagesGoThroughSDL() throws {
        let corners = [Point(x: 20, y: 20), Point(x: 140, y: 30), Point(x: 120, y: 100), Point(x: 30, y: 110)]
        let d = ImageDrawing(image: Self.pattern, rect: Rect(x: 20, y: 20, width: 120, height: 90), corners: corners)
        let (direct, sdl, laid) = try Self.both(d, .identity)
        #expect(laid == 0)
        #expect(direct == sdl)
    }
}
