import Geometry
import Layers
import Testing

/// Basic animations of numbers, points, sizes, rectangles and colours (and their parts) are
/// evaluated on four lanes of numbers; what they show must be what the values' own algebra
/// (`LayerValue.interpolate`, `sum`, `difference`, `scaled`) gives, part by part.
@Suite("AM1 basic animations evaluated on lanes")
@MainActor
struct LaneEvaluationTests {
    func hosted(_ host: LayerHost) -> Layer {
        let l = Layer()
        Transaction.begin()
        Transaction.setDisableActions(true)
        l.frame = Rect(x: 50, y: 40, width: 100, height: 80)          // position (100, 80)
        l.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        l.shadowOffset = Size(width: 3, height: -3)
        host.root.addSublayer(l)
        Transaction.commit()
        return l
    }

    @Test("AM1 a colour from one value to another is interpolated channel by channel")
    func colour() {
        let host = LayerHost()
        let l = hosted(host)
        let a = BasicAnimation(keyPath: "backgroundColor")
        a.toValue = Color(red: 1, green: 0, blue: 0, alpha: 1)
        a.duration = 1
        l.add(a, forKey: nil)
        host.run(to: 0.25)
        let expected = Color.interpolate(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), Color(red: 1, green: 0, blue: 0, alpha: 1), 0.25)
        let shown = l.presentation()!.backgroundColor!
        #expect(close(shown.red, expected.red) && close(shown.green, expected.green))
        #expect(close(shown.blue, expected.blue) && close(shown.alpha, expected.alpha))
        #expect(l.backgroundColor == Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))
    }

    @Test("AM1 a part of a rectangle (bounds.size) by a value, cumulative over repeats, keeps the origin")
    func cumulativeSize() {
        let host = LayerHost()
        let l = hosted(host)
        let a = BasicAnimation(keyPath: "bounds.size")
        a.byValue = Size(width: 10, height: 20)
        a.duration = 1
        a.repeatCount = 3
        a.isCumulative = true
        l.add(a, forKey: nil)
        host.run(to: 1.5)                            // iteration 1, half way: 100 + 10 + 5
        let b = l.presentation()!.bounds
        #expect(close(b, Rect(x: 0, y: 0, width: 115, height: 110)))
        #expect(l.bounds == Rect(x: 0, y: 0, width: 100, height: 80))
    }

    @Test("AM1 additive animations of parts add onto the model and onto each other", arguments: [
        ("position.y", 10.0, Point(x: 100, y: 95)),
        ("anchorPoint.x", 0.5, Point(x: 1.25, y: 0.5)),
    ])
    func additiveParts(keyPath: String, by: Double, expected: Point) {
        let host = LayerHost()
        let l = hosted(host)
        for _ in 0..<3 {                              // three of them, each half way: 3 · by/2
            let a = BasicAnimation(keyPath: keyPath)
            a.fromValue = 0.0
            a.toValue = by
            a.isAdditive = true
            a.duration = 1
            l.add(a, forKey: nil)
        }
        host.run(to: 0.5)
        let p = l.presentation()!
        let shown = keyPath.hasPrefix("position") ? p.position : p.anchorPoint
        #expect(close(shown, expected))
    }

    @Test("AM1 a size's part from and to values; the other part stays the model's")
    func sizePart() {
        let host = LayerHost()
        let l = hosted(host)
        let a = BasicAnimation(keyPath: "shadowOffset.height")
        a.fromValue = 10.0
        a.toValue = 30.0
        a.duration = 2
        l.add(a, forKey: nil)
        host.run(to: 0.5)                            // a quarter: 15
        #expect(close(l.presentation()!.shadowOffset.width, 3))
        #expect(close(l.presentation()!.shadowOffset.height, 15))
    }

    @Test("AM1 when a lane animation ends the presentation shows the model again")
    func ends() {
        let host = LayerHost()
        let l = hosted(host)
        let a = BasicAnimation(keyPath: "cornerRadius")
        a.fromValue = 0.0
        a.toValue = 40.0
        a.duration = 0.5
        l.add(a, forKey: nil)
        host.run(to: 0.25)
        #expect(close(l.presentation()!.cornerRadius, 20))
        host.run(to: 0.6)
        #expect(l.presentation()!.cornerRadius == 0)
        #expect(l.animationKeys() == nil)
    }
}
