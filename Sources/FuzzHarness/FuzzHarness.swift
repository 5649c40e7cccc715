import TimelineScene
import TimelineSDL
import Timeline

/// What the fuzzer and the regression tests run on every input (Z5): the scene loader, the first
/// layout, ten frames of stepping and a small render. An input passes when this returns, whatever
/// it returns: errors are expected for bad input, traps and hangs are not.
@MainActor
public enum FuzzHarness {
    /// What happened to one input.
    public enum Outcome: Equatable, Sendable {
        /// The loader refused it with a located error (the message).
        case rejected(String)
        /// It loaded, laid out, stepped and rendered.
        case ran(frames: Int)
        /// It loaded but the render failed with an error (not a crash).
        case renderFailed(String)
    }

    /// The largest image side the harness renders, in pixels: the scene is scaled down to fit, so
    /// every input renders quickly.
    public static let renderSide = 128.0

    /// Runs one fuzzer input: text that starts with `{` is a scene file and goes to the loader as
    /// it is; anything else drives ``SceneGenerator``, which writes a scene the loader accepts,
    /// so mutations reach layout, animation and rendering and not only the parser's errors.
    /// `fonts` is shared by the runs when given (a font system per input costs its start-up).
    public static func run(bytes: [UInt8], fonts: FontSystem? = nil) -> Outcome {
        if bytes.first == UInt8(ascii: "{") { return run(String(decoding: bytes, as: UTF8.self), fonts: fonts) }
        var generator = SceneGenerator(bytes)
        return run(generator.scene(), fonts: fonts)
    }

    /// The scene text ``run(bytes:fonts:)`` generates for input that is not JSON (for replaying).
    public static func generatedScene(_ bytes: [UInt8]) -> String {
        var generator = SceneGenerator(bytes)
        return generator.scene()
    }

    /// Runs one scene text through the loader, layout, ten frames and a render.
    public static func run(_ text: String, fonts: FontSystem? = nil) -> Outcome {
        let scene: Scene
        do { scene = try SceneLoader.parse(text, file: "fuzz.json") } catch { return .rejected(error.description) }
        let host = HeadlessHost(size: scene.size)
        if let fonts { host.window.fontSystem = fonts }
        host.runLoop.diagnostics.logger = nil
        host.runLoop.diagnostics.keepsEntries = false
        host.runLoop.keepsRunningWhenIdle = true
        let scale = min(1, renderSide / max(scene.size.width, scene.size.height))
        host.window.scale = scale
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        let frames = host.step(frames: 10)
        defer { withExtendedLifetime(animator) {} }
        do {
            let image = try ImageRenderer(pixelWidth: max(1, Int((scene.size.width * scale).rounded(.up))),
                                          pixelHeight: max(1, Int((scene.size.height * scale).rounded(.up))))
            image.render(host.window.displayList)
            if let failure = image.painter.lastError { return .renderFailed(failure.description) }
        } catch {
            return .renderFailed(error.description)
        }
        return .ran(frames: frames)
    }
}
