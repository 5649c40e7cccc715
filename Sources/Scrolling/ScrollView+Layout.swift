@_spi(Engine) import Views
import Geometry

/// Auto Layout in a scroll view, as UIKit's: the content area and the frame as layout guides.
/// Constraints between the scroll view's own edges and the views inside it relate to the
/// content area, so they set ``ScrollView/contentSize``; its width, height and centres are its
/// frame's (the engine's `LayoutEngine` applies the rule).
extension ScrollView {
    /// The content's rectangle for Auto Layout (UIKit's `contentLayoutGuide`): its top-left is
    /// the content's origin; when the constraints determine its width or height, that becomes
    /// the ``contentSize``'s after the layout pass (an axis they leave free keeps the size set
    /// in code).
    public var contentLayoutGuide: LayoutGuide { guide(.content) }

    /// The scroll view's own rectangle for Auto Layout (UIKit's `frameLayoutGuide`): its
    /// bounds, which follow ``contentOffset``, so what is pinned to it stays in place while the
    /// content scrolls under it.
    public var frameLayoutGuide: LayoutGuide { guide(.frame) }

    /// The frame guide once asked for, without making it.
    var frameGuideIfMade: LayoutGuide? { layoutGuides.first { $0.kind == .frame } }

    /// Sets the content size from the content guide along the axes the constraints determine.
    /// Called by ``layoutSubviews()`` after the subviews' frames are set.
    func takeContentSizeFromConstraints() {
        guard takesContentSizeFromConstraints else { return }
        let (w, h) = contentLayoutGuide.determinedSize
        guard w != nil || h != nil else { return }
        let size = Size(width: w ?? contentSize.width, height: h ?? contentSize.height)
        if size != contentSize { contentSize = size }
    }
}
