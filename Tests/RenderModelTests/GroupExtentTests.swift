import Geometry
import RenderModel
import Testing

/// LT11: a group's end and box are read in place by the painter's pass and by the renderers
/// that grow group boxes; they must be the group state's own, and nothing else has them.
@Suite("LT11 a group's extent read in place")
struct GroupExtentTests {
    @Test("LT11 groupExtent is a beginGroup's end and bounds, and nil for every other command")
    func LT11_groupExtent() {
        var g = GroupState(transform: AffineTransform(translationX: 3, y: 4), opacity: 0.5, clip: nil, clipCornerRadius: 0,
                           name: "a group whose name is too long to be stored inline")
        g.end = 17
        g.bounds = Rect(x: 1, y: 2, width: 30, height: 40)
        g.filters = [.gaussianBlur(deviation: 2)]
        let extent = DrawCommand.beginGroup(g).groupExtent
        #expect(extent?.end == 17 && extent?.bounds == g.bounds)
        let unknown = DrawCommand.beginGroup(GroupState(transform: .identity, opacity: 1, clip: nil, clipCornerRadius: 0, name: ""))
        #expect(unknown.groupExtent?.end == -1 && unknown.groupExtent?.bounds.isNull == true)
        let others: [DrawCommand] = [
            .endGroup,
            .fillRect(Rect(x: 0, y: 0, width: 5, height: 5), .white, cornerRadius: 0),
            .fillShape(Path.polygon([.zero, Point(x: 4, y: 0), Point(x: 0, y: 4)]), .color(.white), .nonZero),
        ]
        for c in others { #expect(c.groupExtent == nil, "\(c)") }
    }
}
