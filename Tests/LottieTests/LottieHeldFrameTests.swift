import Testing
import Geometry
import Layers
import Motion
import RenderModel
import Timeline
import TimelineSDL
import TimelineTestSupport
@testable import Views
@testable import Lottie

/// LT11: a frame costs what changed in it. A layer whose keyframed properties sit still between
/// two frames (a hold, equal keyframes, before the first keyframe or after the last) is not
/// evaluated again, and a shape whose draws come out the same is not re-emitted or repainted:
/// the per-frame floor the peers do not pay on small files.
@Suite("LT11 held frames", .endsIdle)
@MainActor
struct LottieHeldFrameTests {
    /// A square that jumps (hold keyframes) at frames 20 and 40 and changes colour with them,
    /// and one that moves from frame 50 to 59.
    static var held: String {
        let held = Doc.shapeLayer(
            #"{"ty":"rc","nm":"r","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","nm":"Fill 1","c":{"a":1,"k":[{"t":0,"s":[1,0,0,1],"h":1},{"t":20,"s":[0,1,0,1],"h":1},{"t":40,"s":[0,0,1,1]}]},"o":{"a":0,"k":100}}"#,
            ks: #"{"p":{"a":1,"k":[{"t":0,"s":[30,50],"h":1},{"t":20,"s":[60,50],"h":1},{"t":40,"s":[90,50]}]}}"#)
        let late = Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"a":1,"k":[{"t":50,"s":[100,40]},{"t":59,"s":[120,40]}]}}"#)
            .replacingOccurrences(of: #""nm":"shape","ind":1"#, with: #""nm":"late","ind":2"#)
        return Doc.animation(layers: [held, late].joined(separator: ","))
    }

    /// A square whose fill opacity runs from 100 to 200 percent: keyframes that move, drawn the
    /// same (fully opaque) at every frame.
    static var clamped: String {
        Doc.animation(layers: Doc.shapeLayer(
            #"{"ty":"rc","nm":"r","p":{"a":0,"k":[130,30]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":60,"s":[200]}]}}"#))
    }

    /// The player of `document` in a headless window drawn by the software image renderer.
    static func place(_ document: String, patching: Bool = true) throws -> (HeadlessHost, LottieAnimationView, ImageRenderer) {
        let host = makeHost(width: 200, height: 100)
        host.window.patchesDisplayList = patching
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 100)
        host.window.renderer = renderer
        let view = LottieAnimationView(animation: try Doc.read(document))
        view.translatesAutoresizingMaskIntoConstraints = true
        view.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        host.root.addSubview(view)
        host.runUntilIdle()
        return (host, view, renderer)
    }

    /// Per frame 1...59 of `document`: layers evaluated, layers emitted into the window's list
    /// (or whose groups were moved there in place, LT11) and pixels repainted; each frame's
    /// picture is checked against a window that rebuilds its list and repaints every pixel each
    /// frame.
    static func work(_ document: String) throws -> (evaluated: [Int], emitted: [Int], repainted: [Int]) {
        func drawn(_ host: HeadlessHost) -> Int { host.window.layerRenderer.emittedLayerCount + host.window.layerRenderer.movedGroupCount }
        let (host, view, renderer) = try place(document)
        let (other, reference, referenceRenderer) = try place(document, patching: false)
        referenceRenderer.painter.repaintsDamageOnly = false
        let composition = try #require(view.composition)
        var evaluated: [Int] = [], emitted: [Int] = [], repainted: [Int] = []
        for f in 1..<60 {
            let (e, l, p) = (composition.evaluatedLayerCount, drawn(host), renderer.renderedFrames)
            view.currentFrame = Double(f)
            reference.currentFrame = Double(f)
            host.step()
            other.step()
            evaluated.append(composition.evaluatedLayerCount - e)
            emitted.append(drawn(host) - l)
            // A frame that changed nothing is not painted at all, or painted with no damage.
            let d = renderer.painter.lastDamage
            repainted.append(renderer.renderedFrames == p ? 0 : d.map { Int($0.w) * Int($0.h) } ?? 200 * 100)
            #expect(renderer.image() == referenceRenderer.image(), "frame \(f)")
        }
        host.runUntilIdle()
        other.runUntilIdle()
        return (evaluated, emitted, repainted)
    }

    @Test("LT11: frames with nothing moving evaluate no layer, emit no layer and repaint no pixel; the picture is the one a full repaint gives")
    func LT11_heldFramesCostNothing() throws {
        let (evaluated, emitted, repainted) = try Self.work(Self.held)
        // Frames 1-19, 21-39 and 41-49: the held square sits still and the late one has not
        // started. Frames 20 and 40 jump; 51...59 move the late square.
        let still = Array(1...19) + Array(21...39) + Array(41...49)
        for f in still {
            #expect(evaluated[f - 1] == 0 && emitted[f - 1] == 0 && repainted[f - 1] == 0,
                    "frame \(f): \(evaluated[f - 1]) evaluated, \(emitted[f - 1]) emitted, \(repainted[f - 1]) pixels repainted")
        }
        for f in [20, 40] { #expect(evaluated[f - 1] == 1 && emitted[f - 1] >= 1 && repainted[f - 1] > 0, "frame \(f)") }
        for f in 51...59 { #expect(evaluated[f - 1] == 1 && emitted[f - 1] >= 1 && repainted[f - 1] > 0, "frame \(f)") }
    }

    @Test("LT11: a shape whose keyframes move but whose draws come out the same (an opacity past 100%) is drawn once")
    func LT11_sameDrawsAreNotRedrawn() throws {
        let (evaluated, emitted, repainted) = try Self.work(Self.clamped)
        #expect(evaluated.allSatisfy { $0 == 1 })             // its keyframes move: evaluated
        #expect(emitted.allSatisfy { $0 == 0 }, "\(emitted)")  // but nothing to draw again
        #expect(repainted.allSatisfy { $0 == 0 }, "\(repainted)")
        let c = LottieComposition(animation: try Doc.read(Self.clamped))
        let layer = try #require(c.rootLayer.sublayers?.first as? LottieShapeLayer)
        for f in 1..<60 { c.setFrame(Double(f)) }
        #expect(layer.changedDrawCount == 1)
    }

    /// A curve over frames 0...40 of scalars, with holds, equal neighbours, a jump (two keyframes
    /// at one time) and moving segments, eased or not.
    static func curve(_ seed: UInt64) -> Animatable<LottieVector> {
        var rng = seed
        func next() -> UInt64 { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return rng >> 33 }
        var times: [Double] = [], values: [LottieVector] = [], segments: [KeyframeSegment] = []
        var t = Double(next() % 5)
        for k in 0..<8 {
            times.append(t)
            values.append(LottieVector(Double(next() % 3), 0, 0, 0))     // often equal to the last
            if k < 7 {
                switch next() % 4 {
                case 0: segments.append(.hold)
                case 1: segments.append(KeyframeSegment(.linear, easing: .curve(CubicBezier(0.7, -0.5, 0.3, 1.5))))
                default: segments.append(.linear)
                }
                t += Double(next() % 6)                                     // 0: a jump
            }
        }
        return .keyframed(KeyframeCurve(times: times, values: values, segments: segments))
    }

    @Test("LT11: where the change ranges say two frames are alike, every frame between them has the same value", arguments: 0..<40)
    func LT11_changeRangesNeverMissAChange(seed: Int) {
        let property = Self.curve(UInt64(seed) &+ 1)
        var changes = ValueChanges()
        changes.add(property)
        changes.finish()
        let frames = stride(from: -2.0, through: 44, by: 0.5).map { $0 }
        var claimed = 0
        for (i, a) in frames.enumerated() {
            for b in frames[i...] where changes.isConstant(from: a, to: b) {
                claimed += 1
                let v = property.value(at: a)
                for f in stride(from: a, through: b, by: 0.25) {
                    #expect(property.value(at: f) == v, "seed \(seed): said constant from \(a) to \(b), differs at \(f)")
                }
                #expect(changes.isConstant(from: b, to: a))
            }
        }
        // Before the first keyframe and after the last, it holds.
        #expect(claimed > frames.count)
        // A value provider changes at every frame.
        var provided = ValueChanges()
        provided.add(Animatable<LottieVector>.provided { LottieVector($0, 0, 0, 0) })
        provided.finish()
        #expect(!provided.isConstant(from: 1, to: 1.5))
    }
}
