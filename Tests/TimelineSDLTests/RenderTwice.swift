import RenderModel
@testable import TimelineSDL

/// `list` rendered at its size by a plain image renderer and by one whose painter `other` set up
/// first (a fast path turned off): the two renderers, to compare their images and counts.
@MainActor
func renderTwice(_ list: DisplayList, _ other: (DisplayListPainter) -> Void) throws -> (plain: ImageRenderer, other: ImageRenderer) {
    let plain = try ImageRenderer(pixelWidth: Int(list.size.width), pixelHeight: Int(list.size.height))
    plain.render(list)
    let second = try ImageRenderer(pixelWidth: Int(list.size.width), pixelHeight: Int(list.size.height))
    other(second.painter)
    second.render(list)
    return (plain, second)
}
