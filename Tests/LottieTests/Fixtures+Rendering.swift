import RenderModel
import TimelineSDL
@testable import Lottie

extension Doc {
    /// Frame `frame` of the document `json` drawn over transparency (200 x 100) by the software
    /// painter: its pixels as RGBA bytes (0...255) at a point, its warnings and its display list.
    @MainActor
    static func render(_ json: String, frame: Double = 0) throws -> (pixel: (Int, Int) -> [Int], warnings: [String], list: DisplayList) {
        let animation = try read(json)
        let composition = LottieComposition(animation: animation)
        composition.setFrame(frame)
        let list = composition.displayList()
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 100)
        renderer.render(list)
        let image = renderer.image()
        return ({ x, y in (0..<4).map { Int(image.bytes[(y * 200 + x) * 4 + $0]) } }, animation.warnings, list)
    }
}
