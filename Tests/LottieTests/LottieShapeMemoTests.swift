import Foundation
import Testing
import Geometry
import RenderModel
@testable import Lottie

/// LT11: a shape layer keeps the parts of its contents that no keyframe changes (paths in layer
/// coordinates, styles' draw commands with their stroke outlines) and evaluates only the rest
/// each frame; what it draws is what a fresh evaluation of the frame draws.
@Suite("LT11 shape contents memo")
struct LottieShapeMemoTests {
    /// Every shape layer's contents in `animation`, precompositions' included.
    static func contents(of animation: LottieAnimation) -> [ShapeContents] {
        var layers = animation.layers
        for asset in animation.assets.values { if case .precomposition(let inner) = asset { layers += inner } }
        return layers.compactMap { if case .shape(let items) = $0.kind { ShapeContents(items) } else { nil } }
    }

    /// One stroked figure that never moves, a hand whose path is keyframed, a group whose opacity
    /// is keyframed holding a static square, and a static circle trimmed by a keyframed trim.
    static let figure: String = {
        let still = #"{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[40,0],[40,30]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}},"#
            + #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":2,"lj":2},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[20,20]}}]}"#
        let hand = #"{"ty":"gr","it":[{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[{"c":false,"v":[[0,0],[10,10]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}]},"#
            + #"{"t":30,"s":[{"c":false,"v":[[0,0],[30,5]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}]}]}},"#
            + #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":1,"lj":1}]}"#
        let fading = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[100,60]},"s":{"a":0,"k":[20,20]}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"tr","o":{"a":1,"k":[{"t":0,"s":[100]},{"t":30,"s":[20]}]}}]}"#
        let trimmed = #"{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[150,60]},"s":{"a":0,"k":[40,40]}},"#
            + #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":0,"s":[10]},{"t":30,"s":[90]}]},"o":{"a":0,"k":0},"m":1},"#
            + #"{"ty":"st","c":{"a":0,"k":[1,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}]}"#
        // Two squares merged inside a group, a circle subtracted from them outside it: both
        // merges start at the same path.
        let nested = #"{"ty":"gr","it":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[40,120]},"s":{"a":0,"k":[30,30]}},"#
            + #"{"ty":"rc","p":{"a":0,"k":[60,120]},"s":{"a":0,"k":[30,30]}},{"ty":"mm","mm":1}]},"#
            + #"{"ty":"el","p":{"a":0,"k":[50,120]},"s":{"a":0,"k":[16,16]}},{"ty":"mm","mm":3},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}]}"#
        return Doc.animation(layers: Doc.shapeLayer([still, hand, fading, trimmed, nested].joined(separator: ",")))
    }()

    @Test("LT11: with the memo, a shape layer draws at every frame (in order and jumping) what a fresh evaluation draws, across the corpus")
    func LT11_memoDrawsWhatAFreshEvaluationDraws() throws {
        let folder = Doc.folder.appendingPathComponent("Corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 40)
        var animations = try files.map { try LottieAnimation.load(contentsOfFile: folder.appendingPathComponent($0).path) }
        animations.append(try Doc.read(Self.figure))
        var checked = 0
        for (animation, name) in zip(animations, files + ["figure"]) {
            let span = max(1, animation.endFrame - animation.startFrame)
            // Every frame in order, then back and forth, and between frames.
            var frames = (0..<Int(span)).map { animation.startFrame + Double($0) }
            frames += [0.75, 0.1, 0.5, 0.3, 0.9].map { animation.startFrame + span * $0 }
            for contents in Self.contents(of: animation) {
                var memo = ShapeContents.Memo()
                for f in frames {
                    #expect(contents.draws(at: f, memo: &memo) == contents.draws(at: f), "\(name) frame \(f)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1_000)
    }

    @Test("LT11: the unchanging paths and styles are kept after the first frame; keyframed ones, and those a keyframed modifier or group changes, are not")
    func LT11_onlyTheUnchangingPartsAreKept() throws {
        let animation = try Doc.read(Self.figure)
        let contents = try #require(Self.contents(of: animation).first)
        #expect(contents.memoizes)
        var memo = ShapeContents.Memo()
        let first = contents.draws(at: 0, memo: &memo)
        // Paths: the figure's, the square's, the circle's and the three merged ones (the hand's
        // is keyframed). Styles: the figure's stroke and fill and the merge's fill; not the
        // hand's stroke, the faded square's fill or the trimmed circle's stroke.
        #expect(memo.keptPathCount == 6)
        #expect(memo.keptStyleCount == 3)
        // The trim moves along the still circle: its measure is kept.
        #expect(memo.keptTrimCount == 1)
        let later = contents.draws(at: 20, memo: &memo)
        #expect(later == contents.draws(at: 20))
        #expect(later != first)
        // The figure's commands at frame 20 are the ones kept at frame 0.
        let figure = first.filter { if case .fillShape(_, .color(let c), _) = $0 { c.blue == 0 && c.green == 0 } else { false } }
        #expect(figure.count == 2)
        for d in figure { #expect(later.contains(d)) }
    }

    @Test("LT11: nested merges that start at the same path keep their own results: the circle is cut out of the two squares at every frame")
    func LT11_nestedMergesKeptApart() throws {
        let contents = try #require(Self.contents(of: Doc.read(Self.figure)).first)
        var memo = ShapeContents.Memo()
        for f in [0.0, 1, 2] {
            let draws = contents.draws(at: f, memo: &memo)
            // The subtraction draws through a mask: the squares' box filled in a masked group.
            let masks = draws.compactMap { if case .beginGroup(let g) = $0, case .paths(let p)? = g.mask { p } else { nil } }
            #expect(masks.count == 1 && masks.first?.map(\.mode) == [.add, .add, .subtract], "frame \(f)")
        }
    }

    @Test("LT11: contents with a repeater whose count is keyframed keep nothing, and draw each frame's copies")
    func LT11_keyframedCopyCountKeepsNothing() throws {
        let shapes = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"rp","c":{"a":1,"k":[{"t":0,"s":[1]},{"t":10,"s":[5]}]},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[20,0]}}}"#
        let contents = try #require(Self.contents(of: Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes)))).first)
        #expect(!contents.memoizes)
        var memo = ShapeContents.Memo()
        #expect(contents.draws(at: 0, memo: &memo).count == 1)
        #expect(contents.draws(at: 10, memo: &memo).count == 5)
        #expect(memo.keptPathCount == 0 && memo.keptStyleCount == 0)
    }

    @Test("LT11: a trim along a keyframed path measures it afresh each frame (nothing kept) and draws what a fresh evaluation draws")
    func LT11_trimAlongKeyframedPathKeepsNoMeasure() throws {
        let shapes = #"{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[{"c":false,"v":[[0,0],[60,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}]},"#
            + #"{"t":10,"s":[{"c":false,"v":[[0,0],[60,40]],"i":[[0,0],[0,20]],"o":[[0,0],[0,0]]}]}]}},"#
            + #"{"ty":"tm","s":{"a":0,"k":20},"e":{"a":1,"k":[{"t":0,"s":[40]},{"t":10,"s":[100]}]},"o":{"a":0,"k":30},"m":2},"#
            + #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
        let contents = try #require(Self.contents(of: Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes)))).first)
        var memo = ShapeContents.Memo()
        for f in [0.0, 3, 7, 10, 5] { #expect(contents.draws(at: f, memo: &memo) == contents.draws(at: f), "frame \(f)") }
        #expect(memo.keptTrimCount == 0)
    }

    @Test("LT1: two repeaters in one group: the second repeats the first's copies, six squares in all")
    func LT1_twoRepeatersInOneGroup() throws {
        let tr = { (x: Int, y: Int) in #"{"p":{"a":0,"k":[\#(x),\#(y)]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}}"# }
        let shapes = #"{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":\#(tr(20, 0))},"#
            + #"{"ty":"rp","c":{"a":0,"k":2},"o":{"a":0,"k":0},"m":1,"tr":\#(tr(0, 30))}"#
        let contents = try #require(Self.contents(of: Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes)))).first)
        var memo = ShapeContents.Memo()
        let draws = contents.draws(at: 0, memo: &memo)
        let centres = draws.compactMap { if case .fillShape(let p, _, _) = $0 { Point(x: p.boundingBox.midX, y: p.boundingBox.midY) } else { nil } }
        #expect(Set(centres.map { "\($0.x),\($0.y)" }) == ["5.0,5.0", "25.0,5.0", "45.0,5.0", "5.0,35.0", "25.0,35.0", "45.0,35.0"])
        #expect(centres.count == 6)
        #expect(contents.draws(at: 1, memo: &memo) == draws)
    }
}
