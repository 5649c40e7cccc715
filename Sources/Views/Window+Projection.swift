import Geometry
import Layers
import RenderModel

// A view whose layer has a 3D transform (CA2, CA10): its subtree is listed untransformed, then
// every command is projected through the layer's map, as Core Animation flattens a transformed
// layer into its superlayer's plane.

extension Window {
    /// Appends `v`'s subtree drawn through the 3D transform of its layer (about its anchor point,
    /// with perspective) and returns the box of what it draws. Inside the subtree, groups
    /// become what they do to their content (their maps and opacities are applied to each
    /// command; their clips and masks are not: projected content is not clipped). The subtree's
    /// views and layers are marked unlisted, so any change to them rebuilds the list.
    @inline(never)
    func emitProjected(_ v: View, _ p: DrawingValues, parent: AffineTransform,
                       into list: inout [DrawCommand], table: inout RenderTable, generation: Int, offset: Int) -> Rect {
        var inner: [DrawCommand] = []
        _ = emit(v, parent: .identity, into: &inner, table: &table, generation: generation, offset: 0, local: true)
        let l = v.onScreen
        let a = l.viewAnchorInBounds, position = l.statePosition, m = l.stateTransform
        let h = Homography(AffineTransform(translationX: -a.x, y: -a.y))
            .then(Homography(m))
            .then(Homography(AffineTransform(translationX: position.x, y: position.y)))
            .then(Homography(parent))
        let start = list.count
        list.append(.endGroup)                          // the view's group marker, written below
        var box = Rect.null
        var stack: [(map: Homography, alpha: Double)] = []
        var map = h, alpha = 1.0
        for (k, c) in inner.enumerated() {
            switch c {
            case .beginGroup(let g):
                stack.append((map, alpha))
                map = Homography(g.transform).then(h)
                // The view's own opacity is its group's, below; nested ones tint their content.
                if k > 0 { alpha *= g.opacity }
            case .endGroup:
                if let top = stack.popLast() { (map, alpha) = top }
            default:
                let drawn = alpha < 1 ? c.tinted(by: Color(red: 1, green: 1, blue: 1, alpha: alpha)) : c
                guard let q = drawn.projected(by: map) else { continue }
                if let b = q.localBounds { box = box.union(b) } else { box = Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15) }
                list.append(q)
            }
        }
        list.append(.endGroup)
        var g = GroupState(transform: .identity, opacity: p.opacity, clip: nil, clipCornerRadius: 0, name: v.identifier ?? "")
        g.bounds = box
        g.end = offset + list.count - 1
        list[start] = .beginGroup(g)
        table.records[table.slot(v)].listStart = offset + start
        unlist(v, &table, generation)
        return box
    }
}
