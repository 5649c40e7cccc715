import Geometry

extension View {
    /// The smallest size a view's constraints allow (`UIView.layoutFittingCompressedSize`).
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The largest size a view's constraints allow (`UIView.layoutFittingExpandedSize`).
    public static let layoutFittingExpandedSize = Size(width: 1e6, height: 1e6)

    /// The size the view's Auto Layout content asks for near `target` (SC4's self-sizing rows),
    /// as `UIView.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`:
    /// the view's width and height are pulled to the target's at the two priorities (1000 holds
    /// one fixed, 50 lets the content decide), and the constraints inside its subtree, its
    /// subviews' intrinsic sizes and their fixed frames decide the rest.
    ///
    /// The view is measured in a window of its own, away from its own frame's constraints, and put
    /// back where it was, frame included; nothing of the measurement stays. (The one-argument
    /// `systemLayoutSizeFitting(_:)` measures in place in the view's window, both axes at the
    /// fitting priority.) A view whose content
    /// does not reach its edges measures as the target (or zero, compressed).
    public func systemLayoutSizeFitting(_ target: Size, withHorizontalFittingPriority horizontal: Float,
                                        verticalFittingPriority vertical: Float) -> Size {
        guard target.width.isFinite, target.height.isFinite, target.width >= 0, target.height >= 0 else { return .zero }
        let place = (superview: superview, index: superview?.subviews.firstIndex { $0 === self } ?? 0,
                     frame: frame, autoresizing: translatesAutoresizingMaskIntoConstraints)
        let measuring = Window(size: Size(width: max(target.width, 1) * 2 + 10_000, height: max(target.height, 1) * 2 + 10_000))
        measuring.rootView.addSubview(self)
        translatesAutoresizingMaskIntoConstraints = false
        let root = measuring.rootView
        let width = widthAnchor.constraint(equalToConstant: target.width)
        width.priority = min(horizontal, 1000)
        let height = heightAnchor.constraint(equalToConstant: target.height)
        height.priority = min(vertical, 1000)
        let pins = [leadingAnchor.constraint(equalTo: root.leadingAnchor), topAnchor.constraint(equalTo: root.topAnchor), width, height]
        LayoutConstraint.activate(pins)
        root.layoutIfNeeded()                              // the root applies this view's frame
        let size = bounds.size
        LayoutConstraint.deactivate(pins)
        removeFromSuperview()
        translatesAutoresizingMaskIntoConstraints = place.autoresizing
        if let s = place.superview { s.insertSubview(self, at: min(place.index, s.subviews.count)) }
        frame = place.frame
        return Size(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? size.height : 0)
    }
}
