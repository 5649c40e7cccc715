import Geometry
import Layers
import RenderModel
import Testing

@Suite("CA3 text layers")
@MainActor
struct TextLayerTests {
    /// The fixed test metrics: every character 0.6 em wide, lines 1.2 em.
    let fonts = FontSystem.fixed()

    /// Each line's characters (with "…" where it was cut), its left edge and its top.
    func lines(_ t: TextLayer) -> [(text: String, x: Double, y: Double)] {
        guard let layout = t.textLayout(fonts: fonts), let string = t.string else { return [] }
        let u = Array(string.utf16)
        return layout.lines.map { line in
            var s = "", last = line.range.lowerBound, gap = false
            for r in line.cells.map(\.range).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if line.isTruncated, r.lowerBound > last { s += "…"; gap = true }
                s += String(decoding: u[r], as: UTF16.self)
                last = r.upperBound
            }
            if line.isTruncated, !gap { s += "…" }
            return (s, line.runs.first?.positions.first?.x ?? line.x, line.top)
        }
    }

    func layer(_ string: String, width: Double, height: Double = 100) -> TextLayer {
        let t = TextLayer()
        t.string = string
        t.fontSize = 10
        t.bounds = Rect(x: 0, y: 0, width: width, height: height)
        return t
    }

    @Test("CA3 one line by default, aligned left, right or centred in the bounds")
    func alignment() {
        let t = layer("hello", width: 100)                           // 5 × 6 = 30 points wide
        #expect(lines(t).map(\.text) == ["hello"])
        #expect(lines(t).first?.x == 0)
        t.alignmentMode = .right
        #expect(lines(t).first?.x == 70)
        t.alignmentMode = .center
        #expect(lines(t).first?.x == 35)
        #expect(t.fontSize == 10 && TextLayer().fontSize == 36 && TextLayer().foregroundColor == .white)   // CA's defaults
    }

    @Test("CA3 wrapping breaks at words within the width, and lines past the height are not drawn")
    func wrapping() {
        let t = layer("one two three four", width: 55, height: 30)
        #expect(lines(t).count == 1)                 // unwrapped: one line, overflowing
        t.isWrapped = true
        let lines = lines(t)
        #expect(lines.map(\.text) == ["one two", "three"])            // 12-point lines: two fit in 30
        #expect(lines[1].y == 12)
    }

    @Test("CA3 truncation at the end, start or middle keeps what fits with an ellipsis")
    func truncation() {
        let t = layer("abcdefghij", width: 36)                       // 6 characters fit
        t.truncationMode = .end
        #expect(lines(t).first?.text == "abcde…")
        t.truncationMode = .start
        #expect(lines(t).first?.text == "…fghij")
        t.truncationMode = .middle
        #expect(lines(t).first?.text == "ab…hij")
        t.truncationMode = .none
        #expect(lines(t).first?.text == "abcdefghij")
    }

    @Test("CA3 fontSize and foregroundColor animate by key path")
    func animatable() {
        let host = LayerHost()
        let t = layer("x", width: 50)
        Transaction.begin(); Transaction.setDisableActions(true)
        host.root.addSublayer(t)
        Transaction.commit()
        let a = BasicAnimation(keyPath: "fontSize")
        a.fromValue = 10.0; a.toValue = 30.0; a.duration = 1
        t.add(a, forKey: "grow")
        host.run(to: 0.5)
        #expect(abs(t.presentation()!.fontSize - 20) < 0.5)
        host.runUntilIdle()
    }
}
