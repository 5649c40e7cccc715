import Testing
import CSDL2
import Geometry
import RenderModel
@testable import TimelineSDL

/// LT11: a memory group clears the tiles a drawing first touches, runs of them side by side at
/// once, and the outermost group is laid over the image from its own buffer. The tiles cleared
/// and marked are exactly those the drawing touches that were not marked; the picture is the
/// one the runs gathered into one buffer give.
@Suite("LT11 memory group tiles")
@MainActor
struct MemoryTileTests {
    @Test("LT11: touching a box clears and marks exactly its unmarked tiles, leaving marked ones as they were")
    func LT11_touchClearsOnlyUnmarkedTiles() {
        let side = DisplayListPainter.memoryTile
        let width = side * 7 + 5, height = side * 4 + 3                  // ragged last column and row
        let cols = (width + side - 1) / side, rows = (height + side - 1) / side
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
        var marks = [Bool](repeating: false, count: cols * rows)
        // Marked already: a lone tile inside the box and one at its right end.
        let premarked = [1 * cols + 2, 2 * cols + 6]
        for t in premarked { marks[t] = true }
        let box = SDL_Rect(x: Int32(side + 3), y: Int32(side - 1), w: Int32(5 * side + 2 + side / 2), h: Int32(2 * side + 2))
        pixels.withUnsafeMutableBufferPointer { px in
            marks.withUnsafeMutableBufferPointer { m in
                DisplayListPainter.touch(box, px.baseAddress!, m, width: width, height: height)
            }
        }
        let tx0 = Int(box.x) / side, tx1 = (Int(box.x + box.w) - 1) / side
        let ty0 = Int(box.y) / side, ty1 = (Int(box.y + box.h) - 1) / side
        for ty in 0..<rows {
            for tx in 0..<cols {
                let inside = (tx0...tx1).contains(tx) && (ty0...ty1).contains(ty)
                let wasMarked = premarked.contains(ty * cols + tx)
                #expect(marks[ty * cols + tx] == (inside || wasMarked), "tile \(tx), \(ty)")
                // Cleared exactly when touched now and not marked before.
                let cleared = inside && !wasMarked
                for y in (ty * side)..<min(height, ty * side + side) {
                    for x in (tx * side)..<min(width, tx * side + side) {
                        if pixels[y * width + x] != (cleared ? 0 : 0xDEAD_BEEF) {
                            Issue.record("pixel \(x), \(y) of tile \(tx), \(ty): \(pixels[y * width + x])")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("LT11: a translucent group, a clipped rounded one and a masked one over stripes, laid from their buffer, give the gathered composite's bytes")
    func LT11_groupsLaidInPlaceMatchSDL() throws {
        var list = DisplayList()
        list.size = Size(width: 150, height: 110)
        list.background = .white
        for k in 0..<8 { list.commands.append(.fillRect(Rect(x: Double(k) * 20, y: 0, width: 9, height: 110), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.7), cornerRadius: 0)) }
        let star = Path.polygon((0..<10).map { k in
            let r = k % 2 == 0 ? 45.0 : 20, a = Double(k) * .pi / 5
            return Point(x: 75 + r * sin(a), y: 55 - r * cos(a))
        })
        // Two overlapping fills in a faded group (memory, composited translucent).
        var faded = GroupState(transform: .identity, opacity: 0.6, clip: nil, clipCornerRadius: 0, name: "faded")
        faded.bounds = Rect(x: 0, y: 0, width: 150, height: 110)
        list.commands += [.beginGroup(faded), .fillShape(star, .color(Color(red: 1, green: 0.4, blue: 0)), .nonZero),
                          .fillShape(Path(ellipseIn: Rect(x: 40, y: 30, width: 70, height: 50)), .color(Color(red: 0, green: 0.6, blue: 0.2, alpha: 0.8)), .evenOdd),
                          .endGroup]
        // Two fills under a path mask (several drawings: a memory group, not the direct fill).
        var masked = GroupState(transform: AffineTransform(translationX: 10, y: 5), opacity: 0.9, clip: nil, clipCornerRadius: 0, name: "masked")
        masked.mask = .paths([MaskPath(path: Path(ellipseIn: Rect(x: 20, y: 10, width: 100, height: 80)), mode: .add, opacity: 1, isInverted: false, expansion: 0)])
        list.commands += [.beginGroup(masked), .fillShape(star, .color(.black), .nonZero),
                          .fillRect(Rect(x: 0, y: 40, width: 150, height: 20), Color(red: 0.9, green: 0, blue: 0.5, alpha: 0.5), cornerRadius: 0),
                          .endGroup]
        // Two fills in a turned group clipped to a rounded rectangle (a shaped clip: a mask
        // applied when the group is laid).
        var rounded = GroupState(transform: AffineTransform(a: 0.94, b: 0.34, c: -0.34, d: 0.94, tx: 30, ty: -10), opacity: 0.8,
                                 clip: Rect(x: 10, y: 10, width: 90, height: 60), clipCornerRadius: 14, name: "rounded")
        rounded.bounds = Rect(x: 0, y: 0, width: 150, height: 110)
        list.commands += [.beginGroup(rounded), .fillShape(Path(rect: Rect(x: 0, y: 0, width: 120, height: 40)), .color(Color(red: 0.3, green: 0.1, blue: 0.7)), .nonZero),
                          .fillShape(Path(ellipseIn: Rect(x: 30, y: 20, width: 60, height: 60)), .color(Color(red: 1, green: 0.9, blue: 0, alpha: 0.6)), .nonZero),
                          .endGroup]
        let (inPlace, gathered) = try renderTwice(list) { $0.compositesMemoryGroupsInPlace = false }
        #expect(inPlace.painter.lastMemoryGroupCount == 3 && gathered.painter.lastMemoryGroupCount == 3)
        let same = inPlace.image() == gathered.image()               // compared apart: a failure prints no images
        #expect(same)
    }
}
