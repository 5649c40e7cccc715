import Foundation
import Testing
@testable import Lottie

/// Lottie files with expressions, written here: a null layer per case whose transform carries
/// the expression, checked against After Effects' and lottie-web's semantics.
enum Expr {
    /// `js` as a JSON string's contents.
    static func escape(_ js: String) -> String {
        js.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
    /// A null layer named `name` (index `ind`) with transform `ks`.
    static func layer(_ name: String = "L", ind: Int = 1, ks: String, extra: String = "") -> String {
        #"{"ty":3,"nm":"\#(name)","ind":\#(ind),"ip":0,"op":60,"st":0,"ks":\#(ks)\#(extra)}"#
    }
    /// A fixed property `k` with expression `js`.
    static func fixed(_ k: String, _ js: String) -> String { #"{"a":0,"k":\#(k),"x":"\#(escape(js))"}"# }
    /// A scalar going linearly from `a` at frame `t0` to `b` at frame `t1`, with expression `js`.
    static func ramp(_ t0: Double, _ a: Double, _ t1: Double, _ b: Double, _ js: String) -> String {
        #"{"a":1,"k":[{"t":\#(t0),"s":[\#(a)],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":\#(t1),"s":[\#(b)]}],"x":"\#(escape(js))"}"#
    }
    static func read(_ layers: String, extra: String = "") throws -> LottieAnimation {
        try LottieAnimation(data: Array(#"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":200,"nm":"Main","layers":[\#(layers)]\#(extra)}"#.utf8))
    }
    /// The rotation of the first layer at `frame` for rotation property `r`.
    static func rotation(_ r: String, at frame: Double) throws -> Double {
        try read(layer(ks: #"{"r":\#(r)}"#)).layers[0].transform.rotation.value(at: frame).x
    }
    static func rotation(js: String, at frame: Double) throws -> Double { try rotation(fixed("0", js), at: frame) }
}

@Suite("LT9 expressions")
struct LottieExpressionTests {
    @Test("LT9: time is the composition's frame over its frame rate; value is the keyframed value")
    func timeAndValue() throws {
        #expect(try Expr.rotation(js: "time * 100", at: 15) == 50)
        #expect(abs(try Expr.rotation(Expr.ramp(0, 0, 10, 100, "value + 5"), at: 5) - 55) < 1e-6)
        let a = try Expr.read(Expr.layer(ks: #"{"p":\#(Expr.fixed("[10,20,0]", "var $bm_rt;\n$bm_rt = $bm_sum(value, [time * 30, 1]);"))}"#))
        let p = a.layers[0].transform.position.value(at: 6)
        #expect(p.x == 16 && p.y == 21)
        #expect(a.expressionCount == 1 && a.expressionDiagnostics.isEmpty && a.warnings.isEmpty)
    }

    @Test("LT9: without $bm_rt the result is the last statement run, if/else included")
    func completionValue() throws {
        #expect(try Expr.rotation(js: "var a = 2\nvar b = a * 3\nb + 1", at: 0) == 7)
        #expect(try Expr.rotation(js: "if (time > 1) { 10 } else { 20 }", at: 0) == 20)
        #expect(try Expr.rotation(js: "if (time > 1) { 10 } else { 20 }", at: 45) == 10)
        #expect(try Expr.rotation(js: "function f(x) { x * 2; return x * 3 }\nf(2)", at: 0) == 6)
        #expect(try Expr.rotation(js: "var s = 0; for (var i = 0; i < 4; i++) { s += i } s", at: 0) == 6)
    }

    @Test("LT9: loopOut cycles, ping-pongs, offsets and continues after the last keyframe",
          arguments: [("cycle", 13.0, 30.0), ("pingpong", 13, 70), ("offset", 13, 130), ("continue", 13, 130),
                      ("cycle", 25, 50), ("pingpong", 25, 50), ("offset", 25, 250), ("", 13, 30), ("cycle", 5, 50)])
    func loopOut(type: String, frame: Double, expected: Double) throws {
        let r = try Expr.rotation(Expr.ramp(0, 0, 10, 100, "loopOut('\(type)')"), at: frame)
        // continue carries a numerical velocity (lottie-web's 0.001-frame difference) on.
        #expect(abs(r - expected) < (type == "continue" ? 0.05 : 1e-6), "loopOut('\(type)') at \(frame): \(r)")
    }

    @Test("LT9: loopIn mirrors loopOut before the first keyframe",
          arguments: [("cycle", 7.0, 70.0), ("pingpong", 7, 30), ("offset", 7, -30), ("continue", 7, -30), ("cycle", 15, 50)])
    func loopIn(type: String, frame: Double, expected: Double) throws {
        let r = try Expr.rotation(Expr.ramp(10, 0, 20, 100, "loopIn('\(type)')"), at: frame)
        #expect(abs(r - expected) < (type == "continue" ? 0.05 : 1e-6), "loopIn('\(type)') at \(frame): \(r)")
    }

    @Test("LT9: loopOutDuration counts seconds back from the last keyframe")
    func loopOutDuration() throws {
        // The last 5 frames (1/6 s) repeat: frame 12 shows frame 7's 70.
        #expect(abs(try Expr.rotation(Expr.ramp(0, 0, 10, 100, "loopOutDuration('cycle', 1/6)"), at: 12) - 70) < 1e-6)
    }

    @Test("LT9: linear and the eases hold outside the range and meet the ends exactly")
    func interpolation() throws {
        #expect(try Expr.rotation(js: "linear(time, 0, 1, 0, 100)", at: 15) == 50)
        #expect(try Expr.rotation(js: "linear(time, 0, 1, 0, 100)", at: -5) == 0)
        #expect(try Expr.rotation(js: "linear(time, 0, 1, 0, 100)", at: 45) == 100)
        #expect(try Expr.rotation(js: "linear(0.25, 0, 100)", at: 0) == 25)
        #expect(try Expr.rotation(js: "ease(time, 0, 1, 0, 100)", at: 30) == 100)
        let e = try Expr.rotation(js: "ease(time, 0, 1, 0, 100)", at: 15)
        let i = try Expr.rotation(js: "easeIn(time, 0, 1, 0, 100)", at: 15), o = try Expr.rotation(js: "easeOut(time, 0, 1, 0, 100)", at: 15)
        #expect(abs(e - 50) < 1 && i < 45 && o > 55, "ease \(e), easeIn \(i), easeOut \(o)")
        let a = try Expr.read(Expr.layer(ks: #"{"p":\#(Expr.fixed("[0,0]", "linear(time, 0, 1, [0, 100], [100, 0])"))}"#))
        #expect(a.layers[0].transform.position.value(at: 6) == LottieVector(20, 80, 0, 0))
    }

    @Test("LT9: vector maths: add, sub, mul, div, length, normalize")
    func vectorMaths() throws {
        let js = "add(mul(normalize([3, 4]), length([0, 0], [6, 8])), div(sub([4, 6], [2, 2]), 2))"
        let a = try Expr.read(Expr.layer(ks: #"{"p":\#(Expr.fixed("[0,0]", js))}"#))
        let p = a.layers[0].transform.position.value(at: 0)
        #expect(abs(p.x - 7) < 1e-9 && abs(p.y - 10) < 1e-9)
        #expect(try Expr.rotation(js: "$bm_sum([1, 2], 3)[0] + $bm_mul(2, [1, 5])[1]", at: 0) == 14)
    }

    @Test("LT9: valueAtTime and velocityAtTime read the keyframes in seconds")
    func valueAndVelocityAtTime() throws {
        #expect(abs(try Expr.rotation(Expr.ramp(0, 0, 10, 100, "valueAtTime(0.1)"), at: 50) - 30) < 1e-6)
        #expect(abs(try Expr.rotation(Expr.ramp(0, 0, 10, 100, "velocityAtTime(time)"), at: 5) - 300) < 0.1)
        #expect(abs(try Expr.rotation(Expr.ramp(0, 0, 10, 100, "velocity"), at: 5) - 300) < 0.1)
        #expect(abs(try Expr.rotation(Expr.ramp(0, 0, 10, 100, "thisProperty.numKeys * 100 + key(2).value + key(2).time"), at: 0)
                    - (200 + 100 + 10.0 / 30)) < 1e-9)
    }

    @Test("LT9: thisComp, thisLayer, comp(name).layer(...) and parent read other layers' values at the same time")
    func layers() throws {
        let a = try Expr.read([
            Expr.layer("Anchor", ind: 1, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[300,60]}]}}"#),
            Expr.layer("Follower", ind: 2, ks: #"{"p":\#(Expr.fixed("[0,0]", "thisComp.layer('Anchor').transform.position"))}"#),
            Expr.layer("Indexed", ind: 3, ks: #"{"p":\#(Expr.fixed("[0,0]", "sub(comp('Main').layer(1).transform.position, [thisComp.numLayers, thisLayer.index])"))}"#),
            Expr.layer("Child", ind: 4, ks: #"{"r":\#(Expr.fixed("0", "parent.transform.rotation + (hasParent ? 1 : 0)"))}"#, extra: #","parent":5"#),
            Expr.layer("Parent", ind: 5, ks: #"{"r":{"a":0,"k":33}}"#),
        ].joined(separator: ","))
        #expect(a.layers[1].transform.position.value(at: 15) == LottieVector(150, 30, 0, 0))
        #expect(a.layers[2].transform.position.value(at: 15) == LottieVector(145, 27, 0, 0))
        #expect(a.layers[3].transform.rotation.value(at: 0).x == 34)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9: effect(name)(parameter) reads a slider, itself driven by an expression")
    func effects() throws {
        let slider = #","ef":[{"ty":5,"nm":"Speed","mn":"ADBE Slider Control","ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","v":\#(Expr.fixed("0", "time * 10"))}]}]"#
        let a = try Expr.read(Expr.layer(ks: #"{"r":\#(Expr.fixed("0", "effect('Speed')('Slider') * 2 + effect('Speed')(1).value"))}"#, extra: slider))
        #expect(abs(a.layers[0].transform.rotation.value(at: 15).x - 15) < 1e-9)
    }

    @Test("LT9: markers: thisComp.marker.key by index and by name, nearestKey, numKeys")
    func markers() throws {
        let markers = #","markers":[{"cm":"intro","tm":15,"dr":6},{"cm":"outro","tm":45,"dr":0}]"#
        let js = "var m = thisComp.marker; m.key('outro').time * 1000 + m.key(1).duration * 100 + m.numKeys + m.nearestKey(1.2).index * 0.001"
        let a = try Expr.read(Expr.layer(ks: #"{"r":\#(Expr.fixed("0", js))}"#), extra: markers)
        #expect(abs(a.layers[0].transform.rotation.value(at: 0).x - (1500 + 20 + 2 + 0.002)) < 1e-9)
    }

    @Test("LT9: random and seedRandom are functions of the frame, seeded per property; timeless holds")
    func random() throws {
        let file = [Expr.layer("A", ind: 1, ks: #"{"r":\#(Expr.fixed("0", "random(10, 20)")),"o":\#(Expr.fixed("0", "random(10, 20)"))}"#),
                    Expr.layer("B", ind: 2, ks: #"{"r":\#(Expr.fixed("0", "seedRandom(4, true); random()"))}"#)].joined(separator: ",")
        let a = try Expr.read(file), b = try Expr.read(file)
        let r = a.layers[0].transform.rotation, o = a.layers[0].transform.opacity
        var seen: Set<Double> = []
        for f in stride(from: 0.0, to: 30, by: 1) {
            let v = r.value(at: f).x
            #expect(v >= 10 && v < 20)
            #expect(v == b.layers[0].transform.rotation.value(at: f).x)         // another load, the same
            #expect(v == r.value(at: f).x)                                      // asked again, the same
            seen.insert(v)
        }
        #expect(seen.count == 30)
        #expect(r.value(at: 3).x != o.value(at: 3).x)                            // another property, another stream
        let timeless = a.layers[1].transform.rotation
        #expect(timeless.value(at: 0).x == timeless.value(at: 40).x && timeless.value(at: 0).x < 1)
    }

    @Test("LT9: wiggle is deterministic for a seed, smooth, and within its amplitude")
    func wiggle() throws {
        let file = Expr.layer(ks: #"{"p":\#(Expr.fixed("[100,100]", "wiggle(2, 30)")),"r":\#(Expr.fixed("0", "wiggle(3, 10, 3, 0.5)"))}"#)
        let a = try Expr.read(file), b = try Expr.read(file)
        var previous: LottieVector?
        var moved = false
        for f in stride(from: 0.0, to: 60, by: 0.5) {
            let p = a.layers[0].transform.position.value(at: f)
            #expect(p == b.layers[0].transform.position.value(at: f))
            #expect(abs(p.x - 100) <= 30 && abs(p.y - 100) <= 30)
            if let q = previous { #expect(abs(p.x - q.x) < 8, "a jump at \(f)") ; moved = moved || p != q }
            previous = p
            #expect(abs(a.layers[0].transform.rotation.value(at: f).x) <= 17.5)
        }
        #expect(moved)
    }

    @Test("LT9: ES2015 syntax is named in a diagnostic and the property keeps its keyframes",
          arguments: [("let x = 5; x", "'let'"), ("const x = 5; x", "'const'"), ("[1].map(v => v * 2)[0]", "arrow"),
                      ("`a${time}`", "template literal"), ("class A {}", "classes"), ("Math.max(...[1, 2])", "spread"),
                      ("for (var v of [1]) {}", "for...of"), ("function* g() {}", "generator")])
    func es2015(source: String, named: String) throws {
        let a = try Expr.read(Expr.layer("Spinner", ks: #"{"r":\#(Expr.ramp(0, 0, 10, 100, source))}"#))
        #expect(a.layers[0].transform.rotation.value(at: 5).x == 50)
        let d = try #require(a.expressionDiagnostics.first)
        #expect(d.kind == .unsupportedSyntax && d.layer == "Spinner" && d.path == "layers[0].ks.r" && d.message.contains(named), "\(d)")
        #expect(a.warnings.contains { $0.contains("layers[0].ks.r") && $0.contains(named) })
    }

    @Test("LT9: a syntax error is a compile diagnostic naming the layer and property")
    func compileError() throws {
        let a = try Expr.read(Expr.layer("Broken", ks: #"{"r":\#(Expr.ramp(0, 0, 10, 100, "1 +* 2"))}"#))
        #expect(a.layers[0].transform.rotation.value(at: 5).x == 50)
        #expect(a.expressionDiagnostics.first?.kind == .compileError && a.expressionDiagnostics.first?.layer == "Broken")
    }

    @Test("LT9: the expression drives the layer tree a composition builds")
    @MainActor
    func composition() throws {
        let a = try Expr.read(Expr.layer(ks: #"{"p":\#(Expr.fixed("[0,0]", "[time * 60, 10]"))}"#).replacingOccurrences(of: #""ty":3"#, with: #""ty":4,"shapes":[]"#))
        let c = LottieComposition(animation: a)
        c.setFrame(15)
        let t = try #require(c.rootLayer.sublayers?.first).transform
        #expect(t.m41 == 30 && t.m42 == 10)
    }

    @Test("LT9: the gallery's expressions file moves by its expressions alone, without a diagnostic")
    @MainActor
    func galleryFile() throws {
        let path = Doc.folder.appendingPathComponent("../../Assets/lottie/expressions.json").standardized.path
        let a = try LottieAnimation.load(contentsOfFile: path)
        #expect(a.expressionCount >= 8 && a.warnings.isEmpty, "\(a.warnings)")
        let c = LottieComposition(animation: a)
        var positions: Set<[Double]> = []
        for f in stride(from: 0.0, to: 90, by: 7) {
            c.setFrame(f)
            _ = c.displayList()
            let p = a.layers[0].transform.position.value(at: f)
            positions.insert([p.x, p.y])
        }
        #expect(positions.count >= 12)                                        // no keyframes: the expression moves it
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }
}
