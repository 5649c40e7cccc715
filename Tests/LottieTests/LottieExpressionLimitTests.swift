import Foundation
import Testing
@testable import Lottie

/// LT10: hostile expressions are bounded: each becomes a diagnostic naming the layer and the
/// property, the property shows its keyframes, and nothing traps.
@Suite("LT10 bounded expressions")
struct LottieExpressionLimitTests {
    /// A layer "Hostile" whose rotation ramps 0 -> 100 over frames 0-10 under `source`.
    static func run(_ source: String) throws -> (value: Double, diagnostics: [LottieExpressionDiagnostic], seconds: Double) {
        let a = try Expr.read(Expr.layer("Hostile", ks: #"{"r":\#(Expr.ramp(0, 0, 10, 100, source))}"#))
        let start = DispatchTime.now().uptimeNanoseconds
        let v = a.layers[0].transform.rotation.value(at: 5).x
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (v, a.expressionDiagnostics, seconds)
    }

    @Test("LT10: endless loops, runaway recursion and allocation bombs stop within the budget",
          arguments: [
            ("while (true) {}", LottieExpressionDiagnostic.Kind.timeBudget),
            ("for (;;) {}", .timeBudget),
            ("var i = 0; do { i++ } while (i > 0)", .timeBudget),
            ("for (var i = 0; i >= 0; i++) ;", .timeBudget),
            ("while (true) { try { while (true) {} } catch (e) {} }", .timeBudget),
            ("try { for (;;) {} } finally { for (;;) {} }", .timeBudget),
            ("function f(n) { return n <= 0 ? 1 : f(n - 1) + f(n - 1) } f(64)", .timeBudget),
            ("var o = { get x() { return this.x + this.x } }; o.x", .timeBudget),
            ("var s = 'x'; while (true) s += s", .memoryBudget),
            ("var a = []; for (;;) a.push(new Array(10000).join('y'))", .memoryBudget),
            ("'x'.repeat(1 << 29)", .memoryBudget),
          ])
    func bounded(source: String, kind: LottieExpressionDiagnostic.Kind) throws {
        let r = try Self.run(source)
        #expect(abs(r.value - 50) < 1e-6, "keyframes shown")
        #expect(r.seconds < 2, "took \(r.seconds) s")
        let d = try #require(r.diagnostics.first)
        #expect(d.layer == "Hostile" && d.path == "layers[0].ks.r", "\(d)")
        // A memory bomb may be stopped by the tick budget first; an endless loop never by memory.
        #expect(d.kind == kind || (kind == .memoryBudget && d.kind == .timeBudget) || d.kind == .threw, "\(d)")
    }

    @Test("LT10: deep recursion and native recursion are errors, not crashes",
          arguments: ["function f(n) { return f(n + 1) } f(0)",
                      "var o = {}; o.toString = function () { return '' + o }; '' + o",
                      "[1].map(function f() { return [1].map(f) })",
                      "JSON.stringify((function () { var a = []; for (var i = 0; i < 100000; i++) a = [a]; return a })())",
                      "Array(1e9).indexOf(1)",
                      "throw new Error('boom')"])
    func throwing(source: String) throws {
        let r = try Self.run(source)
        #expect(abs(r.value - 50) < 1e-6 && r.seconds < 2, "\(r.value) in \(r.seconds) s")
        let d = try #require(r.diagnostics.first)
        #expect(d.kind == .threw || d.kind == .timeBudget, "\(d)")
        #expect(d.description.contains("layer 'Hostile', layers[0].ks.r"))
        if source.contains("boom") { #expect(d.message.contains("boom")) }
    }

    @Test("LT10: nothing but the animation: no eval, Function, Date, Duktape, print, require, clock or regular expressions")
    func sandbox() throws {
        let names = ["eval", "Function", "Date", "Duktape", "print", "alert", "require", "performance", "Proxy", "RegExp",
                     "ArrayBuffer", "Uint8Array", "TextEncoder", "CBOR", "process", "console"]
        let js = "var n = 0;" + names.map { "if (typeof \($0) !== 'undefined') n += 1;" }.joined() + " n"
        let r = try Self.run(js)
        #expect(r.value == 0 && r.diagnostics.isEmpty, "\(r.diagnostics)")
        // The Function constructor is not reachable through a function either.
        let c = try Self.run("(function () {}).constructor('return 7')")
        #expect(c.value != 7)
        #expect(try Self.run("'aaa'.match('a+')").diagnostics.first?.message.contains("not available") == true)
        #expect(try Self.run("Math.random()").diagnostics.first?.message.contains("random()") == true)
        #expect(try Self.run("/a+/.test('aa') ? 1 : 0").diagnostics.first?.kind == .unsupportedSyntax)
        #expect(try Self.run("var __tl_b = function () { return true }; while (1) {}").diagnostics.first?.kind == .unsupportedSyntax)
        #expect(try Self.run("with ({}) { 1 }").diagnostics.first?.kind == .unsupportedSyntax)
        // The tick cannot be replaced through the global object.
        let t = try Self.run("this['__t' + 'l_b'] = function () { return true }; while (true) {}")
        #expect(t.seconds < 2 && t.diagnostics.first?.kind == .timeBudget)
    }

    @Test("LT10: a spent budget disables the property; a throw falls back at that frame only")
    func fallbackScope() throws {
        let a = try Expr.read(Expr.layer("Hostile", ks: #"{"r":\#(Expr.ramp(0, 0, 10, 100, "if (time < 0.2) throw 'early'; value * 2"))}"#))
        let r = a.layers[0].transform.rotation
        #expect(abs(r.value(at: 3).x - 30) < 1e-6)             // threw: keyframes
        #expect(abs(r.value(at: 9).x - 180) < 1e-6)            // ran
        #expect(abs(r.value(at: 3).x - 30) < 1e-6)
        #expect(a.expressionDiagnostics.count == 1)            // once per property and kind
    }

    @Test("LT10: the per-frame path is lean: 1,000 evaluations of a small expression take well under a second")
    func speed() throws {
        let a = try Expr.read(Expr.layer(ks: #"{"p":\#(Expr.fixed("[10,10]", "var $bm_rt;\n$bm_rt = $bm_sum(value, [Math.sin(time) * 10, 0]);"))}"#))
        let start = DispatchTime.now().uptimeNanoseconds
        var sum = 0.0
        for f in 0..<1000 { sum += a.layers[0].transform.position.value(at: Double(f)).x }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        #expect(sum.isFinite && ms < 500, "\(ms) ms")
    }
}
