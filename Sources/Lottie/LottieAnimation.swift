import Foundation
import Geometry
import Images

/// A Lottie (Bodymovin JSON) animation, read and checked: its canvas, frame range, layers,
/// assets and markers, as lottie-ios's `LottieAnimation`. Immutable and shareable; a
/// ``LottieAnimationView`` or a ``LottieComposition`` plays it.
public final class LottieAnimation: Sendable {
    /// The Bodymovin version that wrote the file ("v").
    public let version: String
    /// Frames per second ("fr").
    public let framerate: Double
    /// The first frame ("ip") and the frame after the last ("op").
    public let startFrame: Double, endFrame: Double
    /// The canvas in points ("w", "h").
    public let width: Double, height: Double
    /// The animation's name ("nm").
    public let name: String
    /// The top-level layers ("layers"), the first drawn on top.
    public let layers: [LottieLayer]
    /// Precompositions and images by id ("assets").
    public let assets: [String: LottieAsset]
    /// The named time ranges ("markers").
    public let markers: [LottieMarker]
    /// What was read but will not be drawn as written (expressions, text layers, unknown
    /// items), each with its JSON path.
    public let warnings: [String]
    /// The file's expressions (nil when it has none): compiled at load, run per frame.
    let expressions: ExpressionEngine?

    /// What went wrong with the file's expressions (LT9, LT10): at load (syntax the engine does
    /// not run, compile errors, also in ``warnings``), and while playing (throws, results that
    /// are not values, spent budgets), each naming the layer and the property's JSON path. A
    /// property with a problem shows its keyframes.
    public var expressionDiagnostics: [LottieExpressionDiagnostic] { expressions?.diagnostics ?? [] }
    /// How many properties have expressions the engine runs or tried to.
    public var expressionCount: Int { expressions?.expressionCount ?? 0 }

    /// The duration in seconds.
    public var duration: Double { (endFrame - startFrame) / framerate }
    /// The canvas size.
    public var size: Size { Size(width: width, height: height) }

    init(version: String, framerate: Double, startFrame: Double, endFrame: Double, width: Double, height: Double, name: String,
         layers: [LottieLayer], assets: [String: LottieAsset], markers: [LottieMarker], warnings: [String],
         expressions: ExpressionEngine? = nil) {
        self.version = version; self.framerate = framerate; self.startFrame = startFrame; self.endFrame = endFrame
        self.width = width; self.height = height; self.name = name; self.layers = layers; self.assets = assets
        self.markers = markers; self.warnings = warnings; self.expressions = expressions
    }

    /// Reads an animation from Bodymovin JSON.
    ///
    /// - Throws: a ``LottieError`` naming the JSON path and the problem: malformed JSON, wrong
    ///   types, missing or out-of-range values, a precomposition that uses itself, or a limit of
    ///   ``LottieLimits`` passed.
    public convenience init(data: [UInt8], limits: LottieLimits = LottieLimits(), resourceDirectory: String? = nil) throws(LottieError) {
        try self.init(data: data, limits: limits, resources: resourceDirectory.map { .directory($0) } ?? .none)
    }

    /// Reads Bodymovin JSON whose images are looked up in `resources`.
    convenience init(data: [UInt8], limits: LottieLimits, resources: LottieResources) throws(LottieError) {
        let read = try LottieReader.read(data, limits: limits, resources: resources)
        self.init(version: read.version, framerate: read.framerate, startFrame: read.startFrame, endFrame: read.endFrame,
                  width: read.width, height: read.height, name: read.name, layers: read.layers, assets: read.assets,
                  markers: read.markers, warnings: read.warnings, expressions: read.expressions)
    }

    /// Reads the animation in the file at `path`: Bodymovin JSON (images it names are looked up
    /// beside it) or a `.lottie` archive (its manifest's active animation, images from the
    /// archive; ``DotLottieFile`` picks another). Which one is told by the bytes, not the name.
    ///
    /// - Throws: a ``LottieError`` as ``init(data:limits:resourceDirectory:)`` or
    ///   ``DotLottieFile/init(data:name:limits:)``, or one saying the file cannot be read or is
    ///   larger than ``LottieLimits/maximumFileBytes``.
    public static func load(contentsOfFile path: String, limits: LottieLimits = LottieLimits()) throws(LottieError) -> LottieAnimation {
        let data = try readFile(path, limits: limits)
        if DotLottieFile.isArchive(data) {
            return try DotLottieFile(data: data, name: path, limits: limits).animation()
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try LottieAnimation(data: data, limits: limits, resources: .directory(directory.isEmpty ? "." : directory))
    }

    /// The bytes of the file at `path`, its size checked before it is read.
    static func readFile(_ path: String, limits: LottieLimits) throws(LottieError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LottieError(path: "", message: "cannot open \(path)")
        }
        defer { try? handle.close() }
        // The size is checked before reading, so a 2 GB file costs nothing.
        let size = (try? handle.seekToEnd()) ?? 0
        guard size <= UInt64(limits.maximumFileBytes) else {
            throw LottieError(path: "", message: "\(path) is \(size) bytes; the limit is \(limits.maximumFileBytes)")
        }
        try? handle.seek(toOffset: 0)
        guard let data = try? handle.readToEnd() else { throw LottieError(path: "", message: "cannot read \(path)") }
        return [UInt8](data)
    }

    /// The animation at `path`, or nil when it cannot be read (lottie-ios's
    /// `LottieAnimation.filepath(_:)`; ``load(contentsOfFile:limits:)`` throws the reason).
    public static func filepath(_ path: String) -> LottieAnimation? { try? load(contentsOfFile: path) }

    /// The marker named `name`.
    public func marker(named name: String) -> LottieMarker? { markers.first { $0.name == name } }

    /// The frame at `progress` (0...1) of the range.
    public func frame(atProgress progress: Double) -> Double { startFrame + (endFrame - startFrame) * progress }
    /// The progress (0...1) of `frame`.
    public func progress(atFrame frame: Double) -> Double {
        endFrame > startFrame ? (frame - startFrame) / (endFrame - startFrame) : 0
    }
}

/// The bounds a file is read under (LT8): each keeps one input from costing unbounded time or
/// memory, and passing one is a ``LottieError`` that names it.
public struct LottieLimits: Sendable {
    /// The largest file read.
    public var maximumFileBytes = 128 << 20
    /// The largest canvas or precomposition side in points.
    public var maximumSide = 16_384.0
    /// The most keyframes in the whole file.
    public var maximumKeyframes = 1_000_000
    /// The most layers in the whole file, precompositions' included.
    public var maximumLayers = 20_000
    /// The deepest chain of precompositions inside precompositions.
    public var maximumPrecompositionDepth = 32
    /// The most pixels of one embedded or referenced image, and of all of them together.
    public var maximumImagePixels = ImageDecoder.defaultPixelLimit
    /// The most pixels of all images together.
    public var maximumTotalImagePixels = 4 * ImageDecoder.defaultPixelLimit
    /// The most vertices in one bezier shape.
    public var maximumVertices = 100_000
    /// A `.lottie` archive's own bounds (LT14): the most entries, the most bytes they inflate to
    /// together, and the highest ratio of an entry's inflated to its stored size (entries over
    /// 1 MiB). The archive, and each entry inflated, are held to ``maximumFileBytes``.
    public var maximumArchiveEntries = 1_000
    /// The most bytes a `.lottie` archive's entries inflate to together (256 MiB).
    public var maximumArchiveBytes = 256 << 20
    /// The highest ratio of an entry's inflated size to its stored size.
    public var maximumCompressionRatio = 100
    /// What one expression evaluation may spend (LT10).
    public var expressions = LottieExpressionLimits()

    /// The default limits.
    public init() {}
}

/// Why an animation could not be read: where in the JSON (`layers[3].ks.p.k[2].s`) and what is
/// wrong there, and for a `.lottie` archive which archive and which entry of it.
public struct LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the offending value ("" for the file or entry as a whole).
    public var path: String
    /// What is wrong there.
    public var message: String
    /// The `.lottie` archive read (its file's path, or the name it was given), nil for JSON.
    public var archive: String?
    /// The archive's entry at fault (`a/intro.json`, `i/img_0.png`), nil for the archive as a
    /// whole or for JSON.
    public var entry: String?
    /// An error at JSON `path` saying `message`, in `archive`'s `entry` when from a `.lottie` file.
    public init(path: String, message: String, archive: String? = nil, entry: String? = nil) {
        self.path = path; self.message = message; self.archive = archive; self.entry = entry
    }
    /// `ARCHIVE: ENTRY: PATH: MESSAGE`, each part present when it is known.
    public var description: String {
        [archive, entry, path.isEmpty ? nil : path, message].compactMap { $0 }.joined(separator: ": ")
    }
}
