import Foundation
import Testing
@testable import Lottie

/// `content(...)` and `propertyGroup(...)` (LT9): expressions reading a shape layer's groups and
/// items, as real files do (issue 44's corpus: 86 of its failing expressions called content()).
@Suite("LT9 expressions reading shape contents")
struct LottieExpressionContentTests {
    /// A shape layer "Shapes": "Group 1" (an ellipse 40 wide, a fill, a scale keyframed from 0
    /// at frame 0 to 100 at frame 10) and "Group 2" (a rectangle; the group's scale and the
    /// rectangle's position carry `scale` and `position`), then a null layer whose rotation
    /// carries `rotation`.
    static func file(scale: String, position: String, rotation: String) throws -> LottieAnimation {
        let ramp = #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100,100]}],"ix":3}"#
        let group1 = #"{"ty":"gr","nm":"Group 1","it":[{"ty":"el","nm":"Ellipse Path 1","p":{"a":0,"k":[0,0],"ix":3},"s":{"a":0,"k":[40,40],"ix":2}},"#
            + #"{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":\#(ramp),"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
        let group2 = #"{"ty":"gr","nm":"Group 2","it":[{"ty":"rc","nm":"Rectangle Path 1","p":{"a":0,"k":[1,1],"ix":3,"x":"\#(Expr.escape(position))"},"#
            + #""s":{"a":0,"k":[30,10],"ix":2},"r":{"a":0,"k":0,"ix":4}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100],"x":"\#(Expr.escape(scale))"},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
        let shapes = #"{"ty":4,"nm":"Shapes","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(group1),\#(group2)]}"#
        return try Expr.read(shapes + "," + Expr.layer("Reader", ind: 2, ks: #"{"r":\#(Expr.fixed("0", rotation))}"#))
    }

    static func groups(_ a: LottieAnimation) -> [(items: [ShapeItem], transform: LottieTransform)] {
        guard case .shape(let items) = a.layers[0].kind else { return [] }
        return items.compactMap { if case .group(_, let inner, let t) = $0 { (inner, t) } else { nil } }
    }

    @Test("LT9: content(name).transform reads another group's transform at the same time")
    func groupTransform() throws {
        let a = try Self.file(scale: "var $bm_rt;\n$bm_rt = content('Group 1').transform.scale;", position: "value",
                              rotation: "thisComp.layer('Shapes').content('Group 1').transform.scale[0]")
        let g = Self.groups(a)
        #expect(g.count == 2)
        #expect(g[1].transform.scale.value(at: 5).x == 50 && g[1].transform.scale.value(at: 5).y == 50)
        #expect(g[1].transform.scale.value(at: 20).x == 100)
        #expect(abs(a.layers[1].transform.rotation.value(at: 4).x - 40) < 1e-3)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9: content(...).content(...) reads an item's property by its After Effects name, by name or index")
    func itemProperty() throws {
        let a = try Self.file(scale: "value", position: "value",
                              rotation: "thisComp.layer('Shapes').content('Group 1').content('Ellipse Path 1').size[0] + thisComp.layer(1).content(2).content(1).size[1]")
        #expect(a.layers[1].transform.rotation.value(at: 0).x == 50)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9: thisProperty.propertyGroup(1) is the item holding the property, called with an index ('ix')")
    func propertyGroup() throws {
        let a = try Self.file(scale: "value", position: "var $bm_rt;\n$bm_rt = sum(div(thisProperty.propertyGroup(1)(2), 2), value);",
                              rotation: "thisComp.layer('Shapes').content('Group 2').content('Rectangle Path 1').position[0]")
        guard case .rectangle(let position, _, _, _)? = Self.groups(a).last?.items.first else { Issue.record("no rectangle"); return }
        #expect(position.value(at: 0).x == 16 && position.value(at: 0).y == 6)
        #expect(a.layers[1].transform.rotation.value(at: 0).x == 16)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    @Test("LT9: content() of a name no item has is a diagnostic, and the property keeps its keyframes")
    func unknownItem() throws {
        let a = try Self.file(scale: "content('Group 9').transform.scale", position: "value", rotation: "1")
        #expect(Self.groups(a)[1].transform.scale.value(at: 5).x == 100)
        #expect(a.expressionDiagnostics.contains { $0.kind == .threw && $0.message.contains("Group 9") })
    }

    @Test("LT9: a key's components are its indices, as lottie-web's keys are (key(n)[0])")
    func keyComponents() throws {
        #expect(try Expr.rotation(Expr.ramp(0, 0, 10, 100, "key(2)[0] + key(1)[0] + key(2).value"), at: 3) == 200)
        let p = #"{"a":1,"k":[{"t":0,"s":[10,20,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[30,40,0]}],"#
            + #""x":"\#(Expr.escape("var k = key(2); [k[0] + k[1], k[2] === 0 ? 1 : 2]"))"}"#
        let a = try Expr.read(Expr.layer(ks: #"{"p":\#(p)}"#))
        let v = a.layers[0].transform.position.value(at: 5)
        #expect(v.x == 70 && v.y == 1)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
    }

    /// A shape layer with "Group 1" holding "Path 1" (a triangle moving right by 10 a frame) and
    /// "Group 2" holding "Path 2" (a fixed square) whose path carries expression `js`.
    static func paths(_ js: String) throws -> LottieAnimation {
        func shape(_ v: [(Double, Double)]) -> String {
            let points = v.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
            let zeros = v.map { _ in "[0,0]" }.joined(separator: ",")
            return #"{"c":true,"v":[\#(points)],"i":[\#(zeros)],"o":[\#(zeros)]}"#
        }
        let moving = #"{"a":1,"k":[{"t":0,"s":[\#(shape([(0, 0), (10, 0), (0, 10)]))],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},"#
            + #"{"t":10,"s":[\#(shape([(100, 0), (110, 0), (100, 10)]))]}]}"#
        let fixed = #"{"a":0,"k":\#(shape([(0, 0), (5, 0), (5, 5), (0, 5)])),"x":"\#(Expr.escape(js))"}"#
        let group1 = #"{"ty":"gr","nm":"Group 1","it":[{"ty":"sh","nm":"Path 1","ks":\#(moving)},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let group2 = #"{"ty":"gr","nm":"Group 2","it":[{"ty":"sh","nm":"Path 2","ks":\#(fixed)},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}"#
        return try Expr.read(#"{"ty":4,"nm":"Shapes","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(group1),\#(group2)]}"#)
    }

    static func path2(_ a: LottieAnimation) -> Animatable<BezierShape>? {
        guard case .path(let shape, _)? = groups(a).last?.items.first else { return nil }
        return shape
    }

    @Test("LT9: a path's expression may return another path item's path, read at the same time")
    func pathFromContent() throws {
        let a = try Self.paths("var $bm_rt;\n$bm_rt = content('Group 1').content('Path 1').path;")
        let p = try #require(Self.path2(a))
        #expect(p.value(at: 5).vertices.count == 3)
        #expect(abs(p.value(at: 5).vertices[1].x - 60) < 1e-3)
        #expect(a.expressionDiagnostics.isEmpty, "\(a.expressionDiagnostics)")
        let own = try #require(Self.path2(try Self.paths("value")))
        #expect(own.value(at: 5).vertices.count == 4)
    }

    @Test("LT9: a path's expression that returns no path is a diagnostic, and the path keeps its keyframes")
    func pathBadResult() throws {
        let a = try Self.paths("42")
        #expect(try #require(Self.path2(a)).value(at: 5).vertices.count == 4)
        #expect(a.expressionDiagnostics.contains { $0.kind == .badResult && $0.path.hasSuffix(".ks") })
        // An object made to look like a reference, with numbers no property has: no trap.
        for bad in ["1e300", "-1", "0.5", "NaN", "1e9"] {
            let forged = try Self.paths("var o = {}; o['__' + 'tl_path'] = \(bad); o['__' + 'tl_frame'] = 1e300; o")
            #expect(try #require(Self.path2(forged)).value(at: 5).vertices.count == 4, "\(bad)")
        }
    }
}
