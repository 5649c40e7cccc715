import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// ThorVG's C API (`thorvg_capi.h`, 1.0), looked up at run time in a `libthorvg` the user names:
/// the bench's second reference (LT12), never linked into the product. Debian packages no
/// ThorVG; the library inside PyPI's thorvg-python wheel (`thorvg_python/libthorvg-1.so`, ThorVG
/// 1.0.4 in the wheel measured, docs/thorvg-wheel.txt) is the one the figures use. It is called
/// directly, as rlottie is, not through Python, whose per-call cost would be timed with it.
///
/// The engine is started with no worker threads (`tvg_engine_init(0)`): ThorVG then rasterises
/// on the calling thread, so its frames cost one core, as ours do.
struct ThorVG {
    typealias EngineInit = @convention(c) (UInt32) -> Int32
    typealias EngineTerm = @convention(c) () -> Int32
    typealias EngineVersion = @convention(c) (UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
                                              UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    typealias CanvasCreate = @convention(c) (Int32) -> OpaquePointer?
    typealias SetTarget = @convention(c) (OpaquePointer, UnsafeMutablePointer<UInt32>, UInt32, UInt32, UInt32, Int32) -> Int32
    typealias CanvasCall = @convention(c) (OpaquePointer) -> Int32
    typealias CanvasAdd = @convention(c) (OpaquePointer, OpaquePointer) -> Int32
    typealias CanvasDraw = @convention(c) (OpaquePointer, Bool) -> Int32
    typealias AnimationNew = @convention(c) () -> OpaquePointer?
    typealias AnimationPicture = @convention(c) (OpaquePointer) -> OpaquePointer?
    typealias AnimationTotal = @convention(c) (OpaquePointer, UnsafeMutablePointer<Float>) -> Int32
    typealias AnimationSetFrame = @convention(c) (OpaquePointer, Float) -> Int32
    typealias PictureLoad = @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> Int32
    typealias PictureSetSize = @convention(c) (OpaquePointer, Float, Float) -> Int32

    /// `TVG_ENGINE_OPTION_DEFAULT`: full redraws (not the partial "smart" rendering).
    static let defaultOption: Int32 = 1
    /// `TVG_COLORSPACE_ABGR8888`: premultiplied, bytes R, G, B, A in memory on little-endian.
    static let abgr8888: Int32 = 0
    /// `TVG_RESULT_INSUFFICIENT_CONDITION`: `tvg_animation_set_frame` on the frame already set.
    static let insufficientCondition: Int32 = 2

    let engineInit: EngineInit, engineTerm: EngineTerm, engineVersion: EngineVersion
    let canvasCreate: CanvasCreate, setTarget: SetTarget, canvasDestroy: CanvasCall, canvasAdd: CanvasAdd
    let canvasUpdate: CanvasCall, canvasDraw: CanvasDraw, canvasSync: CanvasCall
    let animationNew: AnimationNew, animationDelete: CanvasCall, animationPicture: AnimationPicture
    let animationTotal: AnimationTotal, animationSetFrame: AnimationSetFrame
    let pictureLoad: PictureLoad, pictureSetSize: PictureSetSize
    /// The library's version string, as `tvg_engine_version` gives it ("1.0.4").
    let version: String

    /// Why the library named by the user cannot be used.
    struct LoadError: Error, CustomStringConvertible {
        /// The path given.
        let path: String
        /// `dlerror`'s text, the missing symbol or the failing call.
        let reason: String
        var description: String { "ThorVG library \(path): \(reason)" }
    }

    /// Opens `path` and starts its engine on no worker threads.
    ///
    /// - Throws: ``LoadError`` when the file is not a loadable library, lacks a symbol of the 1.0
    ///   C API, or its engine does not start.
    static func load(path: String) throws(LoadError) -> ThorVG {
        guard let lib = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw LoadError(path: path, reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        func symbol<T>(_ name: String, _: T.Type) throws(LoadError) -> T {
            guard let s = dlsym(lib, name) else { throw LoadError(path: path, reason: "no symbol \(name) (ThorVG 1.0's C API is needed)") }
            return unsafeBitCast(s, to: T.self)
        }
        let engineInit = try symbol("tvg_engine_init", EngineInit.self)
        let engineVersion = try symbol("tvg_engine_version", EngineVersion.self)
        var name: UnsafePointer<CChar>?, major: UInt32 = 0, minor: UInt32 = 0, micro: UInt32 = 0
        let version = engineVersion(&major, &minor, &micro, &name) == 0 ? name.map { String(cString: $0) } ?? "?" : "?"
        let thorvg = ThorVG(
            engineInit: engineInit, engineTerm: try symbol("tvg_engine_term", EngineTerm.self), engineVersion: engineVersion,
            canvasCreate: try symbol("tvg_swcanvas_create", CanvasCreate.self), setTarget: try symbol("tvg_swcanvas_set_target", SetTarget.self),
            canvasDestroy: try symbol("tvg_canvas_destroy", CanvasCall.self), canvasAdd: try symbol("tvg_canvas_add", CanvasAdd.self),
            canvasUpdate: try symbol("tvg_canvas_update", CanvasCall.self), canvasDraw: try symbol("tvg_canvas_draw", CanvasDraw.self),
            canvasSync: try symbol("tvg_canvas_sync", CanvasCall.self), animationNew: try symbol("tvg_animation_new", AnimationNew.self),
            animationDelete: try symbol("tvg_animation_del", CanvasCall.self),
            animationPicture: try symbol("tvg_animation_get_picture", AnimationPicture.self),
            animationTotal: try symbol("tvg_animation_get_total_frame", AnimationTotal.self),
            animationSetFrame: try symbol("tvg_animation_set_frame", AnimationSetFrame.self),
            pictureLoad: try symbol("tvg_picture_load", PictureLoad.self),
            pictureSetSize: try symbol("tvg_picture_set_size", PictureSetSize.self), version: version)
        let started = engineInit(0)
        guard started == 0 else { throw LoadError(path: path, reason: "tvg_engine_init(0) returned \(started)") }
        return thorvg
    }

    /// One Lottie file on a software canvas of its own, drawing into a buffer the caller owns.
    final class Animation {
        let api: ThorVG, canvas: OpaquePointer, animation: OpaquePointer
        /// The frames from the in-point to the out-point (`tvg_animation_get_total_frame`).
        let frames: Int

        fileprivate init(api: ThorVG, canvas: OpaquePointer, animation: OpaquePointer, frames: Int) {
            self.api = api; self.canvas = canvas; self.animation = animation; self.frames = frames
        }

        /// Draws frame `frame` (counted from the in-point) over a cleared `buffer` of `width` x
        /// `height` premultiplied ABGR8888 pixels, and waits until it is drawn.
        func render(_ frame: Int, into buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
            _ = api.setTarget(canvas, buffer, UInt32(width), UInt32(width), UInt32(height), ThorVG.abgr8888)
            // The same frame twice returns "insufficient condition" and keeps the picture: fine.
            _ = api.animationSetFrame(animation, Float(frame))
            _ = api.canvasUpdate(canvas)
            _ = api.canvasDraw(canvas, true)
            _ = api.canvasSync(canvas)
        }

        /// Frees the canvas (which holds the picture) and the animation.
        func close() {
            _ = api.canvasDestroy(canvas)
            _ = api.animationDelete(animation)
        }
    }

    /// `path` loaded and sized to `width` x `height`, or nil when ThorVG cannot read it (a
    /// `.lottie` archive, say).
    func open(_ path: String, width: Int, height: Int) -> Animation? {
        guard let canvas = canvasCreate(Self.defaultOption) else { return nil }
        guard let animation = animationNew() else { _ = canvasDestroy(canvas); return nil }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var total: Float = 0
        guard let picture = animationPicture(animation), pictureLoad(picture, absolute) == 0,
              pictureSetSize(picture, Float(width), Float(height)) == 0, canvasAdd(canvas, picture) == 0,
              animationTotal(animation, &total) == 0
        else {
            _ = canvasDestroy(canvas); _ = animationDelete(animation)
            return nil
        }
        return Animation(api: self, canvas: canvas, animation: animation, frames: Int(total.rounded(.up)))
    }

    /// Stops the engine started by ``load(path:)``.
    func terminate() { _ = engineTerm() }
}
