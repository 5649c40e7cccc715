import Testing
import Motion
#if canImport(Glibc)
import Glibc
#endif

/// A reference integration of `x'' = -k x - c x'` with classic RK4 at a fixed step.
func rk4Spring(dampingRatio: Double, response: Double, v0: Double, until t: Double, step: Double = 1e-4) -> [Double] {
    let k = pow(2 * .pi / response, 2), c = 4 * .pi * dampingRatio / response
    var x = -1.0, v = v0
    var out = [x]
    let n = Int((t / step).rounded())
    for _ in 0..<n {
        func f(_ x: Double, _ v: Double) -> (Double, Double) { (v, -k * x - c * v) }
        let (a1, b1) = f(x, v)
        let (a2, b2) = f(x + step / 2 * a1, v + step / 2 * b1)
        let (a3, b3) = f(x + step / 2 * a2, v + step / 2 * b2)
        let (a4, b4) = f(x + step * a3, v + step * b3)
        x += step / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
        v += step / 6 * (b1 + 2 * b2 + 2 * b3 + b4)
        out.append(x)
    }
    return out
}

@Suite("N3 timing curves")
struct TimingCurveTests {
    @Test("N3: every curve is exactly 0 at the start and exactly 1 at the end",
          arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(CubicBezier(0.1, 1.6, 0.3, -0.4))])
    func N3_exactEnds(curve: TimingCurve) {
        #expect(curve.progress(fraction: 0) == 0)
        #expect(curve.progress(fraction: 1) == 1)
        #expect(curve.progress(fraction: -0.5) == 0 && curve.progress(fraction: 7) == 1)
    }

    @Test("N3: cubic Béziers are solved to 1e-7 in x, not approximated",
          arguments: [CubicBezier(0.42, 0, 1, 1), CubicBezier(0, 0, 0.58, 1), CubicBezier(0.42, 0, 0.58, 1),
                      CubicBezier(0.25, 0.1, 0.25, 1), CubicBezier(0.9, 0.05, 0.1, 0.95), CubicBezier(0, 1.5, 1, -0.5)])
    func N3_bezierSolvedPrecisely(curve: CubicBezier) {
        func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * curve.x1 + 3 * (1 - s) * s * s * curve.x2 + s * s * s }
        func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * curve.y1 + 3 * (1 - s) * s * s * curve.y2 + s * s * s }
        for i in 1..<200 {
            let x = Double(i) / 200
            let s = curve.parameter(forX: x)
            #expect(abs(bx(s) - x) < 1e-7)
            // Independent reference: bisection to 1e-13.
            var lo = 0.0, hi = 1.0
            while hi - lo > 1e-13 { let m = (lo + hi) / 2; if bx(m) < x { lo = m } else { hi = m } }
            #expect(abs(curve.progress(at: x) - by(lo)) < 1e-6)
        }
    }

    @Test("N3: the presets are Core Animation's control points")
    func N3_presets() {
        #expect(TimingCurve.easeIn == .cubicBezier(CubicBezier(0.42, 0, 1, 1)))
        #expect(TimingCurve.easeOut == .cubicBezier(CubicBezier(0, 0, 0.58, 1)))
        #expect(TimingCurve.easeInOut == .cubicBezier(CubicBezier(0.42, 0, 0.58, 1)))
        #expect(abs(TimingCurve.easeInOut.progress(fraction: 0.5) - 0.5) < 1e-9)   // symmetric
        #expect(TimingCurve.easeIn.progress(fraction: 0.25) < 0.25)
        #expect(TimingCurve.easeOut.progress(fraction: 0.25) > 0.25)
    }

    @Test("N3: closed-form springs match RK4 at 0.1 ms within 1e-6 of the distance, in all three regimes",
          arguments: [(0.3, 0.5, 0.0), (0.6, 0.4, 0.0), (0.6, 0.4, 2.5), (1.0, 0.4, 0.0), (1.0, 0.3, -1.5), (1.8, 0.6, 0.0), (3.0, 0.2, 4.0)])
    func N3_springMatchesIntegration(_ p: (Double, Double, Double)) {
        let (zeta, response, v0) = p
        let spring = Spring(dampingRatio: zeta, response: response, initialVelocity: v0)
        let horizon = min(spring.settlingDuration, 2.0)
        let reference = rk4Spring(dampingRatio: zeta, response: response, v0: v0, until: horizon)
        for (i, x) in reference.enumerated() where i % 50 == 0 {
            let t = Double(i) * 1e-4
            #expect(abs(spring.displacement(at: t) - x) < 1e-6, "t=\(t)")
        }
        #expect(spring.velocity(at: 0) == v0 || abs(spring.velocity(at: 0) - v0) < 1e-12)
    }

    @Test("N3: a spring settles: after its settling time it stays within the threshold and ends at exactly 1")
    func N3_springSettles() {
        for (zeta, response) in [(0.2, 0.5), (0.6, 0.4), (1.0, 0.4), (2.5, 0.3)] {
            let s = Spring(dampingRatio: zeta, response: response)
            #expect(s.settlingDuration > 0 && s.settlingDuration < 30)
            for i in 0..<400 {
                let t = s.settlingDuration + Double(i) * 0.01
                #expect(abs(s.displacement(at: t)) <= s.threshold)
            }
            #expect(s.progress(at: s.settlingDuration) == 1)
            #expect(s.progress(at: 0) == 0)
        }
        // Lighter damping rings longer.
        #expect(Spring(dampingRatio: 0.2, response: 0.5).settlingDuration > Spring(dampingRatio: 0.8, response: 0.5).settlingDuration)
    }

    @Test("N8: a curve's value is a pure function of time: one step or many give bit-identical values")
    func N8_pureFunctionOfTime() {
        let curves: [TimingCurve] = [.linear, .easeInOut, .cubicBezier(CubicBezier(0.2, 0.8, 0.3, 1))]
        for curve in curves {
            let direct = curve.progress(fraction: 0.37)
            var last = 0.0
            for i in 0...37 { last = curve.progress(fraction: Double(i) / 100) }
            #expect(direct == last)
        }
        let s = Spring(dampingRatio: 0.5, response: 0.3, initialVelocity: 1)
        #expect(s.progress(at: 0.25) == s.progress(at: 0.25))
    }

    @Test("N3: springs refuse a damping ratio or response of zero or below")
    func N3_badSpring() async {
        let ratio = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Spring(dampingRatio: 0, response: 0.3)
        }
        let ratioMessage = String(decoding: ratio?.standardErrorContent ?? [], as: UTF8.self)
        #expect(ratioMessage.contains("dampingRatio must be above 0; got 0.0"), "\(ratioMessage)")
        let response = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Spring(dampingRatio: 0.5, response: -1)
        }
        let responseMessage = String(decoding: response?.standardErrorContent ?? [], as: UTF8.self)
        #expect(responseMessage.contains("response must be above 0; got -1.0"), "\(responseMessage)")
    }
}

#if canImport(Glibc)
import Glibc
#endif
