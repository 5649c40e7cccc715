import Geometry
import LayoutSolver

/// UIKit's rule for Auto Layout in a scroll view: its edges, constrained to what is inside it,
/// are its content area's (a ``LayoutGuide/Kind/content`` guide, whose size the constraints set).
extension LayoutEngine {
    /// What an attribute of `owner` stands for in a constraint whose other side is `other`:
    /// UIKit's rule for scroll views. The edges of a view that has a content area (a
    /// ``LayoutGuide/Kind/content`` guide), constrained to a view inside it (or a guide of one),
    /// are its content area's edges, so such constraints set the content size; its width,
    /// height and centres, and every constraint with a view outside it, stay its frame's.
    /// - Complexity: O(1) for a view without guides; else O(guides + depth of `other`).
    func layoutOwner(_ owner: any LayoutItemOwner, _ attribute: LayoutAttribute, other: (any LayoutItemOwner)?) -> any LayoutItemOwner {
        guard attribute.isEdge, let v = owner as? View, !v.guides.isEmpty, let o = other?.hierarchyView, o !== v,
              let content = v.guides.first(where: { $0.kind == .content }), o.isDescendant(of: v) else { return owner }
        return content
    }

    /// A scroll view's content area: its top-left is the content's origin (in layout space, the
    /// owner's frame origin, since bounds origins are left out); its size is left to the
    /// constraints.
    func refreshContentGuide(_ gi: LayoutItem, owner: View, ownerItem oi: LayoutItem) {
        let a = owner.alignmentRectInsets
        // Edge k: 0 the left, 1 the top (no arrays: this runs whenever the owner's frame does).
        func constant(_ k: Int) -> Double { k == 0 ? a.left : a.top }
        if gi.guideConstraints.count == 2 {
            for k in 0..<2 where gi.guideConstants[k] != constant(k) {
                setSolverConstant(gi.guideConstraints[k], to: constant(k), "moving guide \(owner.traceName).contentLayoutGuide")
                gi.guideConstants[k] = constant(k)
            }
            return
        }
        for k in 0..<2 {
            let e = k == 0 ? gi.left - oi.left : gi.top - oi.top
            let label = "<guide \(owner.traceName).contentLayoutGuide.\(k == 0 ? "left" : "top")>"
            do {
                gi.guideConstraints.append(try solver.addConstraint(e + constant(k), .equal, label: label))
                gi.guideConstants.append(constant(k))
            } catch { reportInternal(label, error) }
        }
    }
}
