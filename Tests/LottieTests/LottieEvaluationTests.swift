import Testing
import Geometry
import Motion
import RenderModel
@testable import Lottie

/// LT1: keyframes, transforms and shapes evaluated as the Lottie specification defines them.
@Suite("LT1 evaluation")
struct LottieEvaluationTests {
    func property(_ json: String) throws -> Animatable<LottieVector> {
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"o":\#(json)}"#)))
        return a.layers[0].transform.opacity
    }

    @Test("LT1: linear keyframes interpolate; values hold before the first and after the last")
    func LT1_linear() throws {
        let p = try property(#"{"a":1,"k":[{"t":10,"s":[0]},{"t":20,"s":[100]}]}"#)
        #expect(p.scalar(at: 0) == 0 && p.scalar(at: 15) == 50 && p.scalar(at: 30) == 100)
    }

    @Test("LT1: bezier easing per keyframe segment follows the cubic through (o.x, o.y) and (i.x, i.y)")
    func LT1_bezierEasing() throws {
        let p = try property(#"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":10,"s":[100]}]}"#)
        let curve = CubicBezier(0.42, 0, 0.58, 1)
        for f in [1.0, 2.5, 5, 7.5, 9] {
            #expect(abs(p.scalar(at: f) - 100 * curve.progress(at: f / 10)) < 1e-9)
        }
        #expect(abs(p.scalar(at: 5) - 50) < 1e-6)                           // symmetric: halfway at half time
        #expect(p.scalar(at: 2.5) < 25)                                      // eased in
    }

    @Test("LT1: each dimension has its own easing curve")
    func LT1_perDimensionEasing() throws {
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0,0.9],"y":[0,0]},"i":{"x":[1,0.9],"y":[1,1]}},{"t":10,"s":[100,100]}]}}"#)))
        let v = a.layers[0].transform.position.value(at: 5)
        #expect(abs(v.x - 100 * CubicBezier(0, 0, 1, 1).progress(at: 0.5)) < 1e-9)
        #expect(abs(v.y - 100 * CubicBezier(0.9, 0, 0.9, 1).progress(at: 0.5)) < 1e-9)
        #expect(abs(v.x - v.y) > 1)
    }

    @Test("LT1: a hold keyframe keeps its value until the next keyframe")
    func LT1_hold() throws {
        let p = try property(#"{"a":1,"k":[{"t":0,"s":[10],"h":1},{"t":10,"s":[90]},{"t":20,"s":[0]}]}"#)
        #expect(p.scalar(at: 0) == 10 && p.scalar(at: 9.99) == 10 && p.scalar(at: 10) == 90 && p.scalar(at: 15) == 45)
    }

    @Test("LT1: old files' end values (\"e\") and a closing keyframe with only a time")
    func LT1_oldFormat() throws {
        let p = try property(#"{"a":1,"k":[{"t":0,"s":[0],"e":[50]},{"t":10}]}"#)
        #expect(p.scalar(at: 5) == 25 && p.scalar(at: 10) == 50)
    }

    @Test("AM2: a keyframed property is the one keyframe curve: holds, easing per segment, old end values, motion paths")
    func AM2_oneKeyframeInterpolation_lottie() throws {
        let p = try property(#"{"a":1,"k":[{"t":0,"s":[10],"h":1},{"t":10,"s":[90],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":20,"s":[0],"e":[50]},{"t":30,"s":[20]}]}"#)
        guard case .keyframed(let curve) = p else { Issue.record("not keyframed"); return }
        // By hand: the "e" of the third keyframe is one more point at the fourth's time.
        let expected = KeyframeCurve<LottieVector>(
            times: [0, 10, 20, 30, 30], values: [10, 90, 0, 50, 20].map { LottieVector($0, 0, 0, 0) },
            segments: [.hold, KeyframeSegment(.linear, easing: .curve(CubicBezier(0.42, 0, 0.58, 1))), .linear, .hold])
        #expect(curve.times == expected.times && curve.segments == expected.segments && curve.values.map(\.x) == expected.values.map(\.x))
        for f in stride(from: -5.0, through: 35, by: 0.5) { #expect(p.scalar(at: f) == expected.value(at: f).x) }
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,-100],"ti":[0,-100]},{"t":10,"s":[100,0]}]}}"#)))
        guard case .keyframed(let path) = a.layers[0].transform.position else { Issue.record("not keyframed"); return }
        let arch = SpatialCurve(from: .zero, to: Point(x: 100, y: 0), out: Point(x: 0, y: -100), in: Point(x: 0, y: -100))
        #expect(path.segments == [KeyframeSegment(.spatial(arch))])
    }

    @Test("LT1: spatial tangents move a position along the cubic of the motion path, by arc length")
    func LT1_spatialTangents() throws {
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,-100],"ti":[0,-100]},{"t":10,"s":[100,0]}]}}"#)))
        let p = a.layers[0].transform.position
        let mid = p.point(at: 5)
        // The curve (0,0) (0,-100) (100,-100) (100,0) is symmetric: its middle is at (50, -75).
        #expect(abs(mid.x - 50) < 0.01 && abs(mid.y + 75) < 0.01)
        #expect(p.point(at: 0) == .zero && p.point(at: 10) == Point(x: 100, y: 0))
        // By arc length: the quarter and three-quarter frames mirror each other about the middle,
        // and the quarter frame is a quarter of the way along the curve, not at its parameter 1/4.
        let q1 = p.point(at: 2.5), q3 = p.point(at: 7.5)
        #expect(abs(q1.x + q3.x - 100) < 0.01 && abs(q1.y - q3.y) < 0.01)
        func at(_ s: Double) -> Point {
            let u = 1 - s
            return Point(x: 3 * u * s * s * 100 + s * s * s * 100, y: -3 * u * u * s * 100 - 3 * u * s * s * 100)
        }
        var length = 0.0, quarter = 0.0, prev = at(0)
        for k in 1...10_000 {
            let q = at(Double(k) / 10_000)
            length += ((q.x - prev.x) * (q.x - prev.x) + (q.y - prev.y) * (q.y - prev.y)).squareRoot()
            if quarter == 0, abs(q.x - q1.x) < 0.02, abs(q.y - q1.y) < 0.5 { quarter = length }
            prev = q
        }
        #expect(abs(quarter / length - 0.25) < 0.01)
    }

    @Test("LT1: a split position keyframes x and y on their own")
    func LT1_splitPosition() throws {
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"s":true,"x":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[100]}]},"y":{"a":0,"k":7}}}"#)))
        #expect(a.layers[0].transform.positionValue(at: 5) == Point(x: 50, y: 7))
    }

    @Test("LT1: a transform composes anchor, scale, skew, rotation and position in After Effects' order")
    func LT1_transformOrder() throws {
        var t = LottieTransform()
        t.anchor = .fixed(LottieVector(10, 0, 0, 0))
        t.position = .fixed(LottieVector(100, 50, 0, 0))
        t.scale = .fixed(LottieVector(200, 100, 100, 0))
        t.rotation = .fixed(LottieVector(90, 0, 0, 0))
        let m = t.matrix(at: 0)
        // The anchor lands on the position; a point 1 to its right is scaled to 2, then turned
        // 90 degrees clockwise on screen (y down): 2 below the position.
        let a = m.apply(to: Point(x: 10, y: 0)), b = m.apply(to: Point(x: 11, y: 0))
        #expect(abs(a.x - 100) < 1e-9 && abs(a.y - 50) < 1e-9)
        #expect(abs(b.x - 100) < 1e-9 && abs(b.y - 52) < 1e-9)
    }

    @Test("LT1: trim paths cut each path (simultaneously) or all paths end to end (individually), wrapping with the offset")
    func LT1_trim() {
        var a = Path(); a.move(to: .zero); a.addLine(to: Point(x: 100, y: 0))
        var b = Path(); b.move(to: Point(x: 0, y: 10)); b.addLine(to: Point(x: 300, y: 10))
        let same = ShapeContents.trim([a, b], start: 0, end: 50, offset: 0, individually: false)
        #expect(same.count == 2 && abs(same[0].length - 50) < 1e-6 && abs(same[1].length - 150) < 1e-6)
        let joined = ShapeContents.trim([a, b], start: 0, end: 50, offset: 0, individually: true)
        #expect(joined.count == 2 && abs(joined[0].length - 100) < 1e-6 && abs(joined[1].length - 100) < 1e-6)
        // An offset of 90 degrees turns the window a quarter: 75%..125% wraps to 75..100 and 0..25.
        let wrapped = ShapeContents.trim([a], start: 50, end: 100, offset: 90, individually: false)
        #expect(abs(wrapped[0].length - 50) < 1e-6)
        #expect(wrapped[0].elements.count == 4)                                // two pieces
    }

    @Test("LT1: rectangles start at the top-right corner and ellipses at the top, clockwise; d=3 reverses them")
    func LT1_primitiveDirection() {
        let r = ShapeContents.rectangle(center: Point(x: 0, y: 0), width: 20, height: 10, radius: 0, reversed: false)
        #expect(r.elements.first == .move(Point(x: 10, y: -5)))
        #expect(r.elements[1] == .line(Point(x: 10, y: 5)))
        let rr = ShapeContents.rectangle(center: Point(x: 0, y: 0), width: 20, height: 10, radius: 0, reversed: true)
        #expect(rr.elements[1] == .line(Point(x: -10, y: -5)))
        let e = ShapeContents.ellipse(center: .zero, rx: 10, ry: 5, reversed: false)
        #expect(e.elements.first == .move(Point(x: 0, y: -5)))
        if case .curve(_, _, let p) = e.elements[1] { #expect(p == Point(x: 10, y: 0)) } else { Issue.record("not a curve") }
    }

    @Test("LT1: a star alternates outer and inner points from straight up; a polygon has its points on one circle")
    func LT1_polystar() throws {
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(#"{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"or":{"a":0,"k":50},"ir":{"a":0,"k":20},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#)))
        guard case .shape(let items) = a.layers[0].kind, let path = ShapeContents.geometry(items[0], at: 0) else { Issue.record("no star"); return }
        let points = path.elements.compactMap { e -> Point? in
            switch e { case .move(let p), .line(let p): p; default: nil }
        }
        #expect(points.count == 10)
        #expect(abs(points[0].x) < 1e-9 && abs(points[0].y + 50) < 1e-9)
        let r1 = (points[1].x * points[1].x + points[1].y * points[1].y).squareRoot()
        #expect(abs(r1 - 20) < 1e-9)
    }

    @Test("LT1: in a group, a fill paints the paths above it; items earlier in the list are drawn on top")
    func LT1_paintOrder() throws {
        let shapes = #"{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":50}}"#
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes)))
        guard case .shape(let items) = a.layers[0].kind else { return }
        let draws = ShapeContents(items).draws(at: 0)
        #expect(draws.count == 2)
        // Bottom first: the blue fill (both shapes, half opacity), then the red one (the rectangle).
        if case .fillShape(let p, .color(let c), _) = draws[0] {
            #expect(c.blue == 1 && abs(c.alpha - 0.5) < 1e-9 && p.boundingBox.maxX >= 55)
        } else { Issue.record("not a fill") }
        if case .fillShape(let p, .color(let c), _) = draws[1] {
            #expect(c.red == 1 && p.boundingBox.maxX <= 15.0001)
        } else { Issue.record("not a fill") }
    }

    @Test("LT1: a repeater draws what is above it once per copy, each moved by the copy's transform and faded from start to end opacity")
    func LT1_repeater() throws {
        let shapes = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[20,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":20}}}"#
        let a = try Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes)))
        guard case .shape(let items) = a.layers[0].kind else { return }
        let draws = ShapeContents(items).draws(at: 0)
        #expect(draws.count == 3)
        var xs: [Double] = [], alphas: [Double] = []
        for d in draws { if case .fillShape(let p, .color(let c), _) = d { xs.append(p.boundingBox.midX); alphas.append(c.alpha) } }
        #expect(xs == [0, 20, 40])                                            // the last copy on top
        #expect(alphas.map { ($0 * 100).rounded() } == [100, 60, 20])
    }

    @Test("LT1: start time and stretch move a precomposition's inner time only; a layer's own keyframes are in composition frames")
    @MainActor
    func LT1_startTimeScope() throws {
        let move = #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100,0]}]}}"#
        let spin = #"{"ty":4,"nm":"bar","ind":1,"ip":-50,"op":100,"st":0,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":40,"s":[80]}]}},"shapes":[]}"#
        let layers = #"{"ty":4,"nm":"shape","ind":1,"ip":0,"op":60,"st":12,"sr":2,"ks":\#(move),"shapes":[]},"#
            + #"{"ty":0,"nm":"pre","ind":2,"ip":0,"op":60,"st":10,"refId":"p","w":50,"h":50,"ks":\#(move)}"#
        let a = try Doc.read(Doc.animation(layers: layers, assets: #"[{"id":"p","layers":[\#(spin)]}]"#))
        let composition = LottieComposition(animation: a)
        composition.setFrame(10)
        let sublayers = composition.rootLayer.sublayers ?? []
        let pre = try #require(sublayers.first { $0.name == "pre" })
        let shape = try #require(sublayers.first { $0.name == "shape" })
        // Both layers are halfway along their move at frame 10, whatever their "st" and "sr".
        #expect(abs(shape.transform.m41 - 50) < 1e-9 && abs(pre.transform.m41 - 50) < 1e-9)
        // Inside the precomposition the time is 10 - 10 = 0: the bar has not turned yet.
        let bar = try #require(pre.sublayers?.first)
        #expect(abs(bar.transform.m12) < 1e-9)
        composition.setFrame(30)
        #expect(abs(abs(bar.transform.m12) - 0.642_787_609_686_539_3) < 1e-9)   // inner frame 20: sin 40 degrees
    }

    @Test("LT1: merge paths add, subtract, intersect and exclude as lottie-android combines them (the earlier paths with the nearest)")
    @MainActor
    func LT1_mergeModes() throws {
        let image = try LottieConformanceTests.render("merge_paths.json", frame: 0)
        func covered(_ x: Int, _ y: Int) -> Bool { image.bytes[(y * image.width + x) * 4 + 3] > 200 }
        func empty(_ x: Int, _ y: Int) -> Bool { image.bytes[(y * image.width + x) * 4 + 3] < 20 }
        // Per group: a point in the square only, in both, in the circle only, in neither.
        let groups: [(name: String, ox: Int, oy: Int, square: Bool, both: Bool, circle: Bool)] = [
            ("add", 0, 0, true, true, true), ("subtract", 100, 0, true, false, false),
            ("intersect", 0, 100, false, true, false), ("exclude", 100, 100, true, false, true)]
        for g in groups {
            for (point, expected) in [((20, 20), g.square), ((55, 55), g.both), ((75, 75), g.circle), ((90, 20), false)] {
                let (x, y) = (g.ox + point.0, g.oy + point.1)
                #expect(expected ? covered(x, y) : empty(x, y), "\(g.name) at (\(x), \(y)): expected \(expected ? "covered" : "empty")")
            }
        }
    }
}
