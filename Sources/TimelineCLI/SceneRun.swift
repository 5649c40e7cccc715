import FrameTiming
import Geometry
import TimelineScene
import TimelineSDL
import Timeline

/// A scene on a headless host, as `step`, `render` and the benches run it: the manual clock keeps
/// delivering frames when idle, diagnostics go to stderr, the scene's animations are scheduled.
@MainActor
struct SceneRun {
    let host: HeadlessHost
    let built: BuiltScene
    let animator: SceneAnimator

    init(_ scene: Scene, size: Size, rate: FrameRate, scale: Double = 1) {
        host = HeadlessHost(size: size, rate: rate)
        host.window.scale = scale
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.diagnostics.logger = nil
        host.runLoop.diagnostics.keepsEntries = false          // printed as they come, not kept (Z4)
        host.runLoop.diagnostics.handler = { d in printToStandardError("\(d.kind.rawValue): \(d.message)") }
        built = SceneBuilder.build(scene, in: host.window)
        animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
    }
}

/// Renders display lists offscreen into PNG files named from a pattern (`{frame}` is replaced by
/// the frame index).
@MainActor
struct FramePNGWriter {
    let image: ImageRenderer
    let pattern: String
    /// Files never written over (the input scene).
    let protected: [String]

    init(size: Size, scale: Double, pattern: String, protecting protected: [String] = []) throws(SDLError) {
        self.protected = protected
        image = try ImageRenderer(pixelWidth: Int((size.width * scale).rounded(.up)), pixelHeight: Int((size.height * scale).rounded(.up)),
)
        self.pattern = pattern
    }

    /// Renders `list` and writes it; returns the path written.
    func write(_ list: DisplayList, frame: Int64) throws(SDLError) -> String {
        image.render(list)
        let path = pattern.replacingOccurrences(of: "{frame}", with: String(frame))
        try image.savePNG(to: path, protecting: protected)
        return path
    }
}
