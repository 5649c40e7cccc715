import Geometry
import Layers
import RenderModel
@testable import TimelineSDL
import Testing
import Timeline

/// LT11: a damaged repaint of two regions paints the list once per region. A shape or a path
/// mask that changes every paint is met once in each region's pass; it is rasterised (or
/// combined) within each pass's bounds and not kept: kept, it was rasterised over the whole
/// target and copied (its mask combined over its whole box) in the second pass, to be thrown
/// away at the next paint. Every frame draws what a full repaint draws.
@MainActor
@Suite("LT11 damaged passes")
struct DamagedPassTests {
    static let size = (width: 200, height: 60)

    /// A bar across the canvas whose ends move by fractions of a pixel from paint to paint, each
    /// within one damaged rectangle: between them its rows are the same in every frame.
    static func bar(_ f: Int) -> Path {
        Path(rect: Rect(x: 15 + 0.37 * Double(f), y: 20.3, width: 170 - 0.37 * Double(f) - 0.29 * Double(f), height: 20.3))
    }

    /// `list` as frame `f` of one window: the revision after the last, damaged only at the bar's
    /// two ends (from the second frame; the first is painted whole).
    static func damaged(_ list: DisplayList, frame f: Int) -> DisplayList {
        var list = list
        list.size = Size(width: Double(size.width), height: Double(size.height))
        list.background = .clear
        list.origin = 7
        list.revision = f
        if f > 0 {
            list.damageRects = [Rect(x: 0, y: 0, width: 40, height: 60), Rect(x: 160, y: 0, width: 40, height: 60)]
            list.damage = Rect(x: 0, y: 0, width: 200, height: 60)
        }
        return list
    }

    @Test("LT11 a shape that moves, filled in two damaged regions of one paint, is rasterised in each and not kept; every frame as a full repaint's")
    func LT11_movingShapeInTwoRegionsIsNotKept() throws {
        let renderer = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
        for f in 0..<8 {
            var list = DisplayList()
            list.commands = [.fillShape(Self.bar(f), .color(Color(red: 0.2, green: 0.4, blue: 1, alpha: 1)), .nonZero),
                             .fillShape(Self.bar(f), .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)), .evenOdd)]
            renderer.render(Self.damaged(list, frame: f))
            if f > 0 {
                #expect(renderer.painter.lastDamage != nil && renderer.painter.regions.count == 2, "frame \(f): not a two-region repaint")
            }
            #expect(renderer.painter.keptCoverage.isEmpty, "frame \(f): \(renderer.painter.keptCoverage.count) shapes kept")
            #expect(renderer.painter.lastKeptCoverageUses == 0, "frame \(f)")
            let fresh = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
            fresh.render(Self.damaged(list, frame: 0))
            let d = renderer.image().difference(from: fresh.image(), tolerance: 1)
            #expect(d.fractionOff == 0, "frame \(f): \(d)")
        }
    }

    @Test("LT11 a path mask that moves, over a group in two damaged regions of one paint, is combined in each and not kept; every frame as a full repaint's")
    func LT11_movingMaskInTwoRegionsIsNotKept() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: Double(Self.size.width), height: Double(Self.size.height))
        let group = Layer()
        group.frame = root.frame
        let mask = PathMaskLayer()
        mask.frame = root.frame
        group.mask = mask
        let fill = Layer()
        fill.frame = Rect(x: 5, y: 10, width: 190, height: 40)
        fill.backgroundColor = Color(red: 1, green: 0, blue: 0)
        group.addSublayer(fill)
        root.addSublayer(group)
        let renderer = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
        for f in 0..<8 {
            mask.paths = [MaskPath(path: Self.bar(f))]
            var list = DisplayList()
            var layers = LayerRenderer(engine: nil)
            _ = layers.emit(root, parent: .identity, into: &list.commands)
            renderer.render(Self.damaged(list, frame: f))
            if f > 0 {
                #expect(renderer.painter.lastDamage != nil && renderer.painter.regions.count == 2, "frame \(f): not a two-region repaint")
            }
            // Nor entered as a candidate: a moving mask costs a digest, not an entry (LT11).
            #expect(renderer.painter.keptPathMasks.isEmpty && renderer.painter.keptMasks.isEmpty, "frame \(f): a moving mask was kept")
            let fresh = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
            fresh.render(Self.damaged(list, frame: 0))
            let d = renderer.image().difference(from: fresh.image(), tolerance: 1)
            #expect(d.fractionOff == 0, "frame \(f): \(d)")
        }
    }
}
