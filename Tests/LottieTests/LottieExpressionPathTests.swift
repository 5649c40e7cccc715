import Foundation
import Geometry
import Testing
@testable import Lottie

/// Paths and layer spaces in expressions (LT9): a path's `points()`, `inTangents()`,
/// `outTangents()` and `isClosed()`, `createPath(...)`, a layer's `toComp`/`fromComp` through
/// its parents, and a layer control effect read as the layer it names, as lottie-web defines
/// them (issue 44's `starfish.json` draws its outline from null layers this way).
@Suite("LT9 expressions: paths and layer spaces")
struct LottieExpressionPathTests {
    typealias Content = LottieExpressionContentTests

    @Test("LT9: a path's expression reads thisProperty.points() and its tangents and returns createPath(...)")
    func createPathFromOwnPoints() throws {
        let a = try Content.paths("""
            var p = thisProperty.points(); p[1] = [p[1][0] + 10, p[1][1]];
            createPath(p, thisProperty.inTangents(), thisProperty.outTangents(), thisProperty.isClosed())
            """)
        let shape = try #require(Content.path2(a)).value(at: 5)
        #expect(shape.vertices.count == 4 && shape.vertices[1].x == 15 && shape.vertices[2] == Point(x: 5, y: 5))
        #expect(shape.isClosed && shape.inTangents.count == 4)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9: another path's points() at the current time; createPath's tangents default to none")
    func createPathFromOtherPath() throws {
        let a = try Content.paths("var q = content('Group 1').content('Path 1').path.points(); createPath([q[0], q[1], q[2]], [], [], false)")
        let shape = try #require(Content.path2(a)).value(at: 5)
        #expect(shape.vertices.count == 3 && abs(shape.vertices[1].x - 60) < 1e-6 && !shape.isClosed)
        #expect(shape.outTangents.allSatisfy { $0 == .zero })
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9, LT10: createPath of bad points is a diagnostic and the path keeps its keyframes, no trap")
    func createPathBadInput() throws {
        for js in ["createPath([[NaN, 1], [0, 0]])", "createPath(7)", "var a = []; for (var i = 0; i < 5000; i++) a.push([i, i]); createPath(a)",
                   "var o = {}; o['__' + 'tl_shape'] = [[[1, 2]], [], [], true]; o"] {
            let a = try Content.paths(js)
            #expect(try #require(Content.path2(a)).value(at: 5).vertices.count == 4, "\(js)")
            #expect(!a.expressionDiagnostics.isEmpty, "\(js)")
        }
    }

    /// "Parent" (index 1: at 100, 50, turned 90 degrees, scaled 200%), "Child" (index 2, its
    /// child, at 10, 0) and "Reader" (index 3), whose layer control effect "Pick" names layer 2
    /// and whose position and rotation carry `position` and `rotation`.
    static func spaces(position: String, rotation: String) throws -> LottieAnimation {
        let parent = Expr.layer("Parent", ind: 1, ks: #"{"p":{"a":0,"k":[100,50,0]},"r":{"a":0,"k":90},"s":{"a":0,"k":[200,200,100]}}"#)
        let child = Expr.layer("Child", ind: 2, ks: #"{"p":{"a":0,"k":[10,0,0]},"a":{"a":0,"k":[0,0,0]}}"#, extra: #","parent":1"#)
        let pick = #","ef":[{"ty":5,"nm":"Pick","mn":"ADBE Layer Control","ef":[{"ty":10,"nm":"Layer","mn":"ADBE Layer Control-0001","v":{"a":0,"k":2}}]}]"#
        let reader = Expr.layer("Reader", ind: 3, ks: #"{"p":\#(Expr.fixed("[0,0,0]", position)),"r":\#(Expr.fixed("0", rotation))}"#, extra: pick)
        return try Expr.read([parent, child, reader].joined(separator: ","))
    }

    @Test("LT9: toComp and fromComp go through the layer's parents; a layer control effect reads as its layer")
    func layerSpaces() throws {
        let a = try Self.spaces(position: "var L = effect('Pick')('ADBE Layer Control-0001'); var c = L.toComp(L.anchorPoint); [c[0], c[1], L.index]",
                                rotation: "var p = thisComp.layer('Child').fromComp([100, 72]); p[0] * 100 + p[1]")
        let p = a.layers[2].transform.position.value(at: 0)
        #expect(abs(p.x - 100) < 1e-9 && abs(p.y - 70) < 1e-9)
        #expect(abs(a.layers[2].transform.rotation.value(at: 0).x - 100) < 1e-9)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9: fromCompToSurface is the layer's own fromComp; timeToFrames does not round, as lottie-web's")
    func surfaceAndFrames() throws {
        let a = try Self.spaces(position: "fromCompToSurface(toComp([3, 4]))", rotation: "timeToFrames(0.05) * 10")
        let p = a.layers[2].transform.position.value(at: 0)
        #expect(abs(p.x - 3) < 1e-9 && abs(p.y - 4) < 1e-9)
        #expect(abs(a.layers[2].transform.rotation.value(at: 0).x - 15) < 1e-9)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }
}
