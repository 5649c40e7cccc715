import Geometry
import RenderModel
@testable import TimelineSDL
import Testing
import Timeline

/// LT11: a group drawn in place (no offscreen pass, no memory buffer) gives its parent's clip,
/// transform and opacity back when it ends, from a group frame that holds only those (the
/// offscreen and memory parts are on stacks of their own); the shapes drawn after it are
/// clipped and faded by the parent alone.
@MainActor
@Suite("LT11 groups drawn in place restore their parent's state")
struct GroupRestoreTests {
    static let size = (width: 80, height: 60)

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let k = (y * image.width + x) * 4
        return Array(image.bytes[k..<(k + 4)])
    }

    static func group(_ transform: AffineTransform = .identity, opacity: Double = 1, clip: Rect?) -> DrawCommand {
        .beginGroup(GroupState(transform: transform, opacity: opacity, clip: clip, clipCornerRadius: 0, name: ""))
    }

    static func fill(_ r: Rect, _ c: Color) -> DrawCommand {
        .fillShape(Path(rect: r), .color(c), .nonZero)
    }

    /// A clipped outer group holding a clipped, moved, translucent single-drawing inner group
    /// (drawn in place with its opacity multiplied in), then a band drawn in the outer group
    /// and one after both.
    static func list() -> DisplayList {
        var list = DisplayList()
        list.size = Size(width: Double(size.width), height: Double(size.height))
        list.background = Color(red: 1, green: 1, blue: 1, alpha: 1)
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1), blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
        let green = Color(red: 0, green: 1, blue: 0, alpha: 1)
        list.commands = [
            group(clip: Rect(x: 0, y: 0, width: 40, height: 60)),
            group(AffineTransform(translationX: 4, y: 2), opacity: 0.5, clip: Rect(x: 0, y: 0, width: 10, height: 10)),
            fill(Rect(x: -10, y: -10, width: 100, height: 100), red),
            .endGroup,
            fill(Rect(x: 0, y: 20, width: 80, height: 10), blue),
            .endGroup,
            fill(Rect(x: 0, y: 40, width: 80, height: 10), green),
        ]
        var ends: [Int] = []
        for k in list.commands.indices.reversed() {
            switch list.commands[k] {
            case .endGroup: ends.append(k)
            case .beginGroup(var g):
                g.end = ends.removeLast()
                list.commands[k] = .beginGroup(g)
            default: break
            }
        }
        return list
    }

    @Test("LT11 after a clipped, translucent group drawn in place ends, its parent's clip and opacity apply again, and none after the parent")
    func LT11_groupsDrawnInPlaceRestoreState() throws {
        let renderer = try ImageRenderer(pixelWidth: Self.size.width, pixelHeight: Self.size.height)
        for pass in 0..<2 {
            renderer.render(Self.list())
            let image = renderer.image()
            let white: [UInt8] = [255, 255, 255, 255]
            // The inner group: red at half opacity inside its clip (moved by its transform), nothing past it.
            let inner = Self.pixel(image, 8, 6)
            #expect(inner[0] == 255 && inner[1] > 100 && inner[1] < 155, "pass \(pass): \(inner)")
            #expect(Self.pixel(image, 2, 1) == white, "pass \(pass)")
            #expect(Self.pixel(image, 20, 6) == white, "pass \(pass)")
            // The outer group's band: opaque blue, cut at the outer clip only.
            #expect(Self.pixel(image, 5, 25) == [0, 0, 255, 255], "pass \(pass)")
            #expect(Self.pixel(image, 39, 25) == [0, 0, 255, 255], "pass \(pass)")
            #expect(Self.pixel(image, 41, 25) == white, "pass \(pass)")
            // After both groups: unclipped, opaque green across the width.
            #expect(Self.pixel(image, 1, 45) == [0, 255, 0, 255], "pass \(pass)")
            #expect(Self.pixel(image, 78, 45) == [0, 255, 0, 255], "pass \(pass)")
            #expect(renderer.painter.groups.isEmpty && renderer.painter.openOffscreens.isEmpty && renderer.painter.openMemoryGroups.isEmpty)
        }
    }
}
