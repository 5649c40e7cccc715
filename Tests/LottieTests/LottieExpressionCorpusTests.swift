import Foundation
import Testing
@testable import Lottie

/// LT9's reference corpus (docs/lottie-expression-corpus.tsv): real files with expressions,
/// fetched into a folder named by `LOTTIE_EXPRESSION_CORPUS` (never committed). Without it the
/// test does nothing; with it, each file is played at five evenly spaced frames past its first
/// and a line per file reports its expressions, what did not compile, what failed while playing,
/// and the time a frame took (docs/lottie-expressions.md holds the figures).
@Suite("LT9 reference corpus")
@MainActor
struct LottieExpressionCorpusTests {
    @Test("LT9: the real files' expressions load and play without trapping; the figures are printed")
    func corpus() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOTTIE_EXPRESSION_CORPUS"] else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        var files = 0, expressions = 0, refused = 0, failing = 0, cleanFiles = 0
        var refusedKinds: [String: Int] = [:]
        for name in names {
            guard let a = try? LottieAnimation.load(contentsOfFile: folder + "/" + name) else { print("LT9 corpus: \(name): does not read"); continue }
            files += 1
            let c = LottieComposition(animation: a)
            let start = DispatchTime.now().uptimeNanoseconds
            for k in 1...5 { c.setFrame(a.startFrame + (a.endFrame - a.startFrame) * Double(k) / 6); _ = c.displayList() }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 5e6
            let d = a.expressionDiagnostics
            let atLoad = Set(d.filter { [.unsupportedSyntax, .compileError, .engineUnavailable].contains($0.kind) }.map(\.path))
            let atPlay = Set(d.filter { ![.unsupportedSyntax, .compileError, .engineUnavailable].contains($0.kind) }.map(\.path))
            expressions += a.expressionCount; refused += atLoad.count; failing += atPlay.subtracting(atLoad).count
            if d.isEmpty { cleanFiles += 1 }
            for x in d { refusedKinds[x.kind.rawValue + ": " + String(x.message.prefix(60)), default: 0] += 1 }
            print("LT9 corpus: \(name): \(a.expressionCount) expressions, \(atLoad.count) refused at load, \(atPlay.count) failing at play, \(String(format: "%.2f", ms)) ms a frame")
        }
        print("LT9 corpus: \(files) files, \(expressions) expressions, \(refused) refused at load, \(failing) failing at play, \(cleanFiles) files without a diagnostic")
        for (k, n) in refusedKinds.sorted(by: { $0.value > $1.value }).prefix(25) { print("LT9 corpus:   \(n) x \(k)") }
    }
}
