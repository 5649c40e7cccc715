import Geometry
import Images
import RenderModel
import Testing

/// RU3: what Charts' fills need of the engine's drawing: an image repeated edge to edge over a
/// filled area (Core Graphics' tiled image drawing) and a recorded drawing replayed at another
/// place and scale (Core Graphics' `CGLayer`).
@Suite("RU3 image patterns and pictures")
struct ImagePatternRU3Tests {
    /// A 2 x 2 image: red, green on top; blue, white below.
    static let quad = Image(bitmap: Bitmap(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255,
                                                                       0, 0, 255, 255, 255, 255, 255, 255]))

    /// Fills `path` with `paint` over a `size` x `size` target and returns its pixels
    /// (alpha << 24 | rgb, straight).
    static func fill(_ path: Path, _ paint: Paint, size: Int = 12) -> [UInt32] {
        var r = ShapeRasterizer()
        var out = [UInt32](repeating: 0, count: size * size)
        guard r.rasterize(path, transform: .identity, rule: .nonZero, clip: Rect(x: 0, y: 0, width: Double(size), height: Double(size)))
        else { return out }
        r.paint(paint, opacity: 1, inverse: .identity)
        for row in 0..<r.height { for col in 0..<r.width { out[(r.y + row) * size + r.x + col] = r.pixels[row * r.width + col] } }
        return out
    }

    @Test("RU3 a tiled image pattern repeats its tile edge to edge from the tile's origin, in both directions, inside the filled path only")
    func RU3_patternTiles() {
        // Tiles of 2 x 2 points whose first copy starts at (1, 1): a pixel takes the bitmap pixel
        // under its centre, so columns 1, 3, 5... are the image's first column and 0, 2, 4... its second.
        let pattern = ImagePattern(image: Self.quad, tile: Rect(x: 1, y: 1, width: 2, height: 2))
        let px = Self.fill(Path(rect: Rect(x: 0, y: 0, width: 8, height: 8)), .pattern(pattern))
        let red: UInt32 = 0xffff_0000, green: UInt32 = 0xff00_ff00, blue: UInt32 = 0xff00_00ff, white: UInt32 = 0xffff_ffff
        #expect(px[1 * 12 + 1] == red)
        #expect(px[1 * 12 + 2] == green)
        #expect(px[2 * 12 + 1] == blue)
        #expect(px[2 * 12 + 2] == white)
        #expect(px[5 * 12 + 7] == red)          // a copy three tiles on
        #expect(px[0] == white)                 // the copy before the first, up and left
        #expect(px[9 * 12 + 9] == 0)            // outside the path nothing is painted
        // The pattern's transform scales the tiles: 4 x 4 pixels a tile, 2 a bitmap pixel.
        let scaled = ImagePattern(image: Self.quad, tile: Rect(x: 0, y: 0, width: 2, height: 2),
                                  transform: AffineTransform(scaleX: 2, y: 2), opacity: 0.5)
        let big = Self.fill(Path(rect: Rect(x: 0, y: 0, width: 8, height: 8)), .pattern(scaled))
        #expect(big[0] == 0x8000_0000 | (red & 0xffffff) && big[1] == big[0])
        #expect(big[2] & 0xffffff == green & 0xffffff && big[2 * 12] & 0xffffff == blue & 0xffffff)
        #expect(big[4 * 12 + 4] == big[0])
        // A tile that cannot be laid paints nothing, and the rasteriser does not trap on it.
        for tile in [Rect(x: 0, y: 0, width: 0, height: 2), Rect(x: .nan, y: 0, width: 2, height: 2),
                     Rect(x: 0, y: 0, width: .infinity, height: 2)] {
            let p = ImagePattern(image: Self.quad, tile: tile)
            #expect(!p.isDrawable)
            #expect(Self.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)), .pattern(p)).allSatisfy { $0 == 0 })
        }
    }

    @Test("RU3 a picture replayed into a rectangle maps its commands there: fills, strokes as outlines, gradients and images with them")
    func RU3_pictureReplay() throws {
        let picture = Picture(size: Size(width: 10, height: 10), commands: [
            .fillRect(Rect(x: 0, y: 0, width: 10, height: 10), .white, cornerRadius: 0),
            .strokePath(Path.polygon([Point(x: 0, y: 5), Point(x: 10, y: 5)]), .black, lineWidth: 2),
            .fillShape(Path(rect: Rect(x: 0, y: 0, width: 10, height: 5)),
                       .gradient(Gradient(colors: [.white, .black], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 10, y: 0))), .nonZero),
            .image(ImageDrawing(image: Self.quad, rect: Rect(x: 5, y: 5, width: 5, height: 5))),
            .beginGroup(GroupState(transform: .identity, opacity: 1, clip: nil, clipCornerRadius: 0, name: "")), .endGroup,
        ])
        let fit = try #require(picture.transform(toFill: Rect(x: 20, y: 30, width: 40, height: 20)))
        let canvas = Canvas()
        canvas.draw(picture, transform: fit)
        #expect(canvas.commands.count == 4)     // group markers are left out
        guard case .fillShape(let back, .color(.white), .nonZero) = canvas.commands[0] else { Issue.record("\(canvas.commands[0])"); return }
        #expect(back.bounds(pad: 0) == Rect(x: 20, y: 30, width: 40, height: 20))
        guard case .fillShape(let line, .color(.black), _) = canvas.commands[1] else { Issue.record("\(canvas.commands[1])"); return }
        // 2 points wide before the map, so 4 high after (the picture's height doubles).
        #expect(line.bounds(pad: 0) == Rect(x: 20, y: 38, width: 40, height: 4))
        guard case .fillShape(_, .gradient(let g), _) = canvas.commands[2] else { Issue.record("\(canvas.commands[2])"); return }
        #expect(g.startPoint == Point(x: 20, y: 30) && g.endPoint == Point(x: 60, y: 30))
        guard case .image(let d) = canvas.commands[3] else { Issue.record("\(canvas.commands[3])"); return }
        #expect(d.rect == Rect(x: 40, y: 40, width: 20, height: 10) && d.corners == nil)
        #expect(picture.transform(toFill: Rect(x: 0, y: 0, width: .nan, height: 1)) == nil)
        #expect(Picture(size: .zero, commands: []).transform(toFill: Rect(x: 0, y: 0, width: 1, height: 1)) == nil)
    }
}
