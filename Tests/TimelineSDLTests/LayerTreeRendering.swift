import Geometry
@testable import TimelineSDL
@testable import Timeline

/// `root`'s layer tree (100 x 100 points) rendered over transparency by the software painter,
/// for the mask and compositing-filter tests.
@MainActor
func renderedLayerTree(_ root: Layer) throws -> ImageRenderer {
    var list = DisplayList()
    var renderer = LayerRenderer(engine: nil)
    _ = renderer.emit(root, parent: .identity, into: &list.commands)
    list.size = Size(width: 100, height: 100)
    list.background = .clear
    let image = try ImageRenderer(pixelWidth: 100, pixelHeight: 100)
    image.render(list)
    return image
}
