import Testing
import Geometry
import RenderModel
@testable import TimelineSDL

/// LT11: a masked group of one fill (an After Effects solid cut by masks, a shape layer's fill
/// under masks) is laid straight into the image's pixels, with the bytes the memory group gives.
@Suite("LT11 masked fills laid directly")
@MainActor
struct MaskedFillTests {
    static let heart: Path = {
        var p = Path()
        p.move(to: Point(x: 80, y: 100))
        p.addCurve(to: Point(x: 30, y: 40), control1: Point(x: 40, y: 80), control2: Point(x: 10, y: 60))
        p.addCurve(to: Point(x: 80, y: 35), control1: Point(x: 45, y: 15), control2: Point(x: 75, y: 20))
        p.addCurve(to: Point(x: 130, y: 40), control1: Point(x: 85, y: 20), control2: Point(x: 115, y: 15))
        p.addCurve(to: Point(x: 80, y: 100), control1: Point(x: 150, y: 60), control2: Point(x: 120, y: 80))
        p.close()
        return p
    }()

    static func mask(_ path: Path, _ mode: MaskPath.Mode, opacity: Double = 1, inverted: Bool = false) -> MaskPath {
        MaskPath(path: path, mode: mode, opacity: opacity, isInverted: inverted, expansion: 0)
    }

    /// A 160 x 120 image of stripes, then `fill` in a group of `opacity` masked by `masks`:
    /// rendered with the direct path and without it.
    static func both(fill: DrawCommand, masks: [MaskPath], opacity: Double = 1, transform: AffineTransform = .identity) throws
        -> (direct: RGBAImage, memory: RGBAImage, laid: Int, insides: Int) {
        var list = DisplayList()
        list.size = Size(width: 160, height: 120)
        list.background = .white
        for k in 0..<8 { list.commands.append(.fillRect(Rect(x: Double(k) * 20, y: 0, width: 10, height: 120), Color(red: 0, green: 0.4, blue: 0.2, alpha: 0.8), cornerRadius: 0)) }
        var g = GroupState(transform: transform, opacity: opacity, clip: nil, clipCornerRadius: 0, name: "solid")
        g.mask = .paths(masks)
        list.commands += [.beginGroup(g), fill, .endGroup]
        let (direct, memory) = try renderTwice(list) { $0.laysMaskedFillsDirectly = false }
        return (direct.image(), memory.image(), direct.painter.lastDirectMaskedFillCount, direct.painter.counts.maskedSolidInsides)
    }

    static let solid = DrawCommand.fillShape(Path(rect: Rect(x: 0, y: 0, width: 160, height: 120)), .color(Color(red: 0, green: 0.69, blue: 1)), .nonZero)

    @Test("LT11: a solid under added, subtracted, differenced and half-opaque masks, in a faded group, is laid directly with the memory group's bytes",
          arguments: [0, 1, 2, 3])
    func LT11_maskedSolidLaidDirectly(_ k: Int) throws {
        let ring = Path(ellipseIn: Rect(x: 50, y: 30, width: 60, height: 50))
        let cases: [([MaskPath], Double)] = [
            ([Self.mask(Self.heart, .add)], 1),
            ([Self.mask(Self.heart, .add), Self.mask(ring, .subtract)], 1),
            ([Self.mask(Self.heart, .difference), Self.mask(ring, .difference, opacity: 0.5)], 1),
            ([Self.mask(Self.heart, .add, opacity: 0.6), Self.mask(ring, .subtract)], 0.7),
        ]
        let (direct, memory, laid, _) = try Self.both(fill: Self.solid, masks: cases[k].0, opacity: cases[k].1)
        #expect(laid == 1)
        #expect(direct == memory)
        // The solid shows through the heart (wholly where nothing fades it).
        #expect(direct.color(x: 80, y: 90).blue > (k < 3 ? 0.99 : 0.6))
    }

    @Test("LT11: a fill that does not cover what the masks show, a translucent one, a gradient or a rotated one is laid directly with the memory group's bytes")
    func LT11_otherMaskedFillsLaidDirectly() throws {
        let small = DrawCommand.fillShape(Path(rect: Rect(x: 40, y: 30, width: 50, height: 40)), .color(Color(red: 1, green: 0, blue: 0)), .nonZero)
        let translucent = DrawCommand.fillShape(Path(ellipseIn: Rect(x: 20, y: 10, width: 120, height: 90)),
                                                .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.45)), .evenOdd)
        let gradient = DrawCommand.fillShape(Self.heart, .gradient(Gradient(kind: .radial, colors: [.black, Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.7)],
                                                                            startPoint: Point(x: 80, y: 60), endPoint: Point(x: 140, y: 60))), .nonZero)
        var turned = Path()
        turned.move(to: Point(x: 80, y: -100)); turned.addLine(to: Point(x: 260, y: 60)); turned.addLine(to: Point(x: 80, y: 220))
        turned.addLine(to: Point(x: -100, y: 60)); turned.close()
        let ring = Path(ellipseIn: Rect(x: 50, y: 30, width: 60, height: 50))
        for fill in [small, translucent, gradient, DrawCommand.fillShape(turned, .color(.black), .nonZero)] {
            for (masks, opacity) in [([Self.mask(Self.heart, .add)], 1.0),
                                     ([Self.mask(Self.heart, .add, opacity: 0.6), Self.mask(ring, .subtract)], 0.7),
                                     ([Self.mask(ring, .add, inverted: true)], 0.5)] {
                let (direct, memory, laid, _) = try Self.both(fill: fill, masks: masks, opacity: opacity)
                #expect(laid == 1)
                let same = direct == memory             // compared apart: a failure prints no images
                #expect(same, "\(fill), \(masks.count) masks at \(opacity)")
            }
        }
    }

    @Test("LT11: an opaque rectangle partly inside what the masks show, on or off the pixel grid, scaled or not, is laid directly with the memory group's bytes")
    func LT11_maskedRectangleEdgesLaidDirectly() throws {
        // A band wider and shorter than the masks' box (layer_start_time's), one inside it, one
        // across its corner, one thinner than a pixel; edges on whole pixels and between them.
        let rectangles = [Rect(x: 10, y: 50, width: 140, height: 20), Rect(x: 60.3, y: 40.7, width: 30.2, height: 20.45),
                          Rect(x: 95.5, y: 75.25, width: 80, height: 60), Rect(x: 70, y: 20.2, width: 0.6, height: 80)]
        let band = Path(rect: Rect(x: 50, y: 30, width: 60, height: 60))
        let wipe = Self.mask(Path(rect: Rect(x: 40.5, y: 10, width: 79.25, height: 100)), .add, opacity: 0.8)
        for r in rectangles {
            for (masks, transform) in [([Self.mask(band, .add)], AffineTransform.identity),
                                       ([Self.mask(Self.heart, .add), wipe], .identity),
                                       ([Self.mask(band, .add)], AffineTransform(scaleX: 1.3, y: 0.85).concatenating(AffineTransform(translationX: -7.4, y: 3.2)))] {
                for opacity in [1.0, 0.55] {
                    let fill = DrawCommand.fillShape(Path(rect: r), .color(Color(red: 0.9, green: 0.2, blue: 0.35)), .evenOdd)
                    let (direct, memory, laid, insides) = try Self.both(fill: fill, masks: masks, opacity: opacity, transform: transform)
                    #expect(laid == 1)
                    // Its inside, where it has one, laid as a solid's.
                    #expect(insides == (r.width < 1 ? 0 : 1), "\(r)")
                    let same = direct == memory
                    #expect(same, "\(r), \(masks.count) masks, \(transform), at \(opacity)")
                }
            }
        }
    }

    @Test("LT11: a fill under a mask it misses, or drawn wholly off the image, leaves the image as the memory group does")
    func LT11_missedMaskedFills() throws {
        let fill = DrawCommand.fillShape(Path(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 40)), .color(.black), .nonZero)
        let far = DrawCommand.fillShape(Path(rect: Rect(x: 500, y: 500, width: 40, height: 40)), .color(.black), .nonZero)
        let away = Path(ellipseIn: Rect(x: 100, y: 70, width: 40, height: 40))
        for (f, masks) in [(fill, [Self.mask(away, .add)]), (far, [Self.mask(Self.heart, .add)]), (fill, [Self.mask(away, .intersect)])] {
            let (direct, memory, _, _) = try Self.both(fill: f, masks: masks)
            #expect(direct == memory)
        }
    }

    @Test("LT11: a group of a rounded rectangle drawn as a rectangle command opens a memory group as before")
    func LT11_roundedRectanglesOpenMemoryGroups() throws {
        let translucent = DrawCommand.fillRect(Rect(x: 0, y: 0, width: 160, height: 120), Color(red: 1, green: 0, blue: 0, alpha: 0.5), cornerRadius: 0)
        let rounded = DrawCommand.fillRect(Rect(x: 10, y: 10, width: 100, height: 80), .black, cornerRadius: 12)
        for fill in [translucent, rounded] {
            let (direct, memory, laid, _) = try Self.both(fill: fill, masks: [Self.mask(Self.heart, .add)])
            #expect(laid == 0)
            #expect(direct == memory)
        }
    }

    @Test("LT11: a path is read as an axis-aligned rectangle only when it is one")
    func LT11_axisAlignedRectangles() {
        #expect(Path(rect: Rect(x: 1, y: 2, width: 3, height: 4)).axisAlignedRectangle == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(Path.polygon([Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 5), Point(x: 0, y: 5)]).axisAlignedRectangle != nil)
        #expect(Path.polygon([Point(x: 0, y: 0), Point(x: 5, y: 1), Point(x: 5, y: 5), Point(x: 0, y: 5)]).axisAlignedRectangle == nil)
        #expect(Path.polygon([Point(x: 0, y: 0), Point(x: 5, y: 5), Point(x: 5, y: 0), Point(x: 0, y: 5)]).axisAlignedRectangle == nil)
        #expect(Path(ellipseIn: Rect(x: 0, y: 0, width: 4, height: 4)).axisAlignedRectangle == nil)
    }
}
