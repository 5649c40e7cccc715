import Testing
@testable import Lottie

/// LT9's `random` and `seedRandom` against lottie-web 5.8.1's own values.
///
/// The vectors below came from lottie-web 5.8.1 (the `lottie.js` of docs/lottie-web-wheel.txt)
/// in Debian's headless Chromium 156, drawing this file with its SVG renderer on a page whose
/// `Math.random` was replaced by `function () { return 0.5; }` before lottie.js loaded, so that
/// every expression's `randSeed` is 500,000 (an expression returning `randSeed` showed it); each
/// layer's `finalTransform.mProp.p.v` read after `goToAndStop(frame, true)`, at frames 0, 1, 7,
/// 12 and 33, in that order, then 12 and 7 again (the same values: lottie-web reseeds each
/// evaluation). lottie-web keeps positions in 32-bit floats, hence the tolerance.
@Suite("LT9 random as lottie-web's")
struct LottieExpressionRandomTests {
    static let expressions = [
        "var $bm_rt;\n$bm_rt = [random(), random(), random()];",
        "var $bm_rt;\n$bm_rt = [random(10, 20), random(5), 0];",
        "var $bm_rt;\nseedRandom(7, true);\n$bm_rt = [random(), random(), 0];",
        "var $bm_rt;\n$bm_rt = random([100, 200, 300]);",
        "var $bm_rt;\nseedRandom(3, false);\n$bm_rt = add(value, [random(-50, 50), random(-50, 50), 0]);",
    ]

    /// lottie-web's positions, by frame, one row per layer above.
    static let lottieWeb: [Double: [[Double]]] = [
        0: [[0.42433157563209534, 0.6099152565002441, 0.08226758241653442], [14.243315696716309, 3.0495760440826416, 0],
            [0.39917054772377014, 0.5875886082649231, 0], [42.43315505981445, 84.8663101196289, 127.29946899414062],
            [127.06771850585938, 95.92626953125, 0]],
        1: [[0.4642781615257263, 0.4879668653011322, 0.7511700391769409], [14.642781257629395, 2.4398343563079834, 0],
            [0.39917054772377014, 0.5875886082649231, 0], [46.42781448364258, 92.85562896728516, 139.283447265625],
            [127.06771850585938, 95.92626953125, 0]],
        7: [[0.5922208428382874, 0.3567832112312317, 0.04012248292565346], [15.922207832336426, 1.7839159965515137, 0],
            [0.39917054772377014, 0.5875886082649231, 0], [59.222084045410156, 118.44416809082031, 177.66624450683594],
            [127.06771850585938, 95.92626953125, 0]],
        12: [[0.5152817964553833, 0.4627740979194641, 0.30656081438064575], [15.152817726135254, 2.313870429992676, 0],
             [0.39917054772377014, 0.5875886082649231, 0], [51.52817916870117, 103.05635833740234, 154.58453369140625],
             [127.06771850585938, 95.92626953125, 0]],
        33: [[0.1376785784959793, 0.45362797379493713, 0.041025400161743164], [11.376786231994629, 2.2681398391723633, 0],
             [0.39917054772377014, 0.5875886082649231, 0], [13.767858505249023, 27.535717010498047, 41.30357360839844],
             [127.06771850585938, 95.92626953125, 0]],
    ]

    static func file() -> [UInt8] {
        let layers = expressions.enumerated().map { i, js in
            #"{"ty":3,"nm":"L\#(i)","ind":\#(i + 1),"ip":0,"op":50,"st":0,"ks":{"p":\#(Expr.fixed("[100,100,0]", js))}}"#
        }
        return Array(#"{"v":"5.7.0","fr":25,"ip":0,"op":50,"w":200,"h":200,"nm":"random","layers":[\#(layers.joined(separator: ","))]}"#.utf8)
    }

    static func animation(seed: Int?) throws -> LottieAnimation {
        var limits = LottieLimits()
        limits.expressions.randomSeed = seed
        return try LottieAnimation(data: file(), limits: limits)
    }

    @Test("LT9: with lottie-web's randSeed, random and seedRandom give lottie-web's values, frame by frame, in any order")
    func lottieWebValues() throws {
        let a = try Self.animation(seed: 500_000)
        #expect(a.expressionDiagnostics.isEmpty)
        // Frames out of order, and again: each is a function of its time alone.
        for frame in [33.0, 0, 12, 1, 7, 0, 33] {
            for (layer, expected) in Self.lottieWeb[frame]!.enumerated() {
                let p = a.layers[layer].transform.position.value(at: frame)
                for (k, e) in expected.enumerated() {
                    #expect(abs(p[k] - e) <= 2e-5 * max(1, abs(e)), "layer \(layer) component \(k) at \(frame): \(p[k]), lottie-web \(e)")
                }
            }
        }
    }

    @Test("LT9: without a fixed seed each property has its own randSeed, the same on every load; results stay in range")
    func ownSeeds() throws {
        let a = try Self.animation(seed: nil), b = try Self.animation(seed: nil)
        let first = a.layers[0].transform.position.value(at: 7)
        #expect(first == b.layers[0].transform.position.value(at: 7))
        #expect(abs(first[0] - Self.lottieWeb[7]![0][0]) > 1e-6, "another seed, another stream")
        for frame in stride(from: 0.0, to: 50, by: 1) {
            let p = a.layers[1].transform.position.value(at: frame)
            #expect(p[0] >= 10 && p[0] < 20 && p[1] >= 0 && p[1] < 5)
        }
    }

    @Test("LT10: a seed past 4,096 characters is a diagnostic naming the property, which keeps its keyframes")
    func longSeed() throws {
        let js = "seedRandom(new Array(5000).join('x')); random()"
        let a = try Expr.read(Expr.layer("Seeded", ks: #"{"r":\#(Expr.ramp(0, 0, 10, 100, js))}"#))
        #expect(a.layers[0].transform.rotation.value(at: 5).x == 50)
        #expect(a.expressionDiagnostics.contains { $0.message.contains("4096") && $0.layer == "Seeded" })
    }
}
