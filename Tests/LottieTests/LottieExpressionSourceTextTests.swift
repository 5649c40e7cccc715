import Foundation
import Testing
@testable import Lottie

/// Source-text expressions (LT9): a text layer's document ("t.d") with an expression shows the
/// string it returns, as lottie-web shows it (issue 44's corpus: a counter written this way).
@Suite("LT9 source-text expressions")
@MainActor
struct LottieExpressionSourceTextTests {
    /// A text layer of "x" in the test font whose documents carry expression `js`.
    static func text(_ js: String) throws -> (animation: LottieAnimation, text: LottieText) {
        let documents = #"{"x":"\#(Expr.escape(js))","k":[{"t":0,"s":\#(LottieTextTests.document("x"))}]}"#
        let layer = #"{"ty":5,"nm":"counter","ind":1,"ip":0,"op":60,"st":0,"ks":{},"t":{"d":\#(documents)}}"#
        let a = try LottieAnimation(data: Array(Doc.animation(layers: layer, extra: LottieTextTests.fontList).utf8))
        guard case .text(let t) = a.layers[0].kind else { throw LottieError(path: "layers[0]", message: "not a text layer") }
        return (a, t)
    }

    @Test("LT9: the text is the string the expression returns at each frame; value is the document's text")
    func counter() throws {
        let (a, t) = try Self.text("var $bm_rt;\n$bm_rt = $bm_sum($bm_sum('', Math.round(linear(time, 0, 1, 0, 10))), '+');")
        #expect(t.isAnimated)
        #expect(t.document(at: 0)?.text == "0+")
        #expect(t.document(at: 15)?.text == "5+")
        #expect(t.document(at: 45)?.text == "10+")
        #expect(try Self.text("value + '!'").text.document(at: 3)?.text == "x!")
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9: a source text that throws or gives nothing is a diagnostic, and the document's text is shown")
    func failing() throws {
        let thrown = try Self.text("throw new Error('no text')")
        #expect(thrown.text.document(at: 5)?.text == "x")
        #expect(thrown.animation.expressionDiagnostics.contains { $0.kind == .threw && $0.path == "layers[0].t.d" })
        let nothing = try Self.text("var $bm_rt = undefined;")
        #expect(nothing.text.document(at: 5)?.text == "x")
        #expect(nothing.animation.expressionDiagnostics.contains { $0.kind == .badResult })
    }
}
