import Testing
import TimelineTestSupport
@testable import Timeline

/// T1, T2 with the fixed-pitch model font: every character is 0.6 · size wide, a line 1.2 · size
/// tall (at 10 points: 6 points a character, 12 a line).
@Suite("T1, T2 text layout", .endsIdle)
@MainActor
struct TextTests {
    let metrics = FixedFontMetrics()

    func layout(_ text: String, width: Double, lines: Int = 0, height: Double = .infinity,
                _ mode: LineBreakMode = .byWordWrapping) -> [String] {
        TextLayout(text, fontSize: 10, metrics: metrics, width: width, maxLines: lines, maxHeight: height, lineBreak: mode).lines.map(\.text)
    }

    @Test("T1: word wrapping breaks at spaces; a word wider than the line breaks between characters")
    func T1_wordWrap() {
        #expect(layout("the quick brown fox", width: 60) == ["the quick", "brown fox"])    // 10 characters a line
        #expect(layout("abcdefghijklmnop qr", width: 60) == ["abcdefghij", "klmnop qr"])
        #expect(layout("the quick", width: .infinity) == ["the quick"])
    }

    @Test("T1: character wrapping, explicit line breaks and empty lines")
    func T1_charWrapAndBreaks() {
        #expect(layout("the quick brown", width: 60, .byCharWrapping) == ["the quick ", "brown"])
        #expect(layout("one\ntwo\n\nfour", width: 600) == ["one", "two", "", "four"])
    }

    @Test("T1: the line limit and the height keep the lines that fit; the last ends in an ellipsis")
    func T1_truncation() {
        // The ellipsis is one character (6 points): "brown fox…" is exactly the 60-point width.
        #expect(layout("the quick brown fox jumps", width: 60, lines: 2, .byTruncatingTail) == ["the quick", "brown fox…"])
        #expect(layout("the quick brown fox jumps", width: 60, height: 24) == ["the quick", "brown fox…"])
        #expect(layout("a much too long line", width: 60, lines: 1, .byTruncatingTail) == ["a much to…"])
        #expect(layout("a much too long line", width: 54, lines: 1, .byTruncatingTail) == ["a much…"])   // no space before it
        let t = TextLayout("the quick brown fox", fontSize: 10, metrics: metrics, width: 60, maxLines: 2, lineBreak: .byWordWrapping)
        #expect(!t.isTruncated && t.height == 24)
        #expect(t.lines.allSatisfy { $0.width <= 60 })
    }

    @Test("T1: preferredMaxLayoutWidth makes the intrinsic height the wrapped height; line spacing adds between lines")
    func T1_preferredMaxLayoutWidth() {
        let label = Label(text: "the quick brown fox jumps", fontSize: 10)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 60
        #expect(label.intrinsicContentSize == Size(width: 54, height: 36))     // three lines, the widest 9 characters
        label.lineSpacing = 4
        #expect(label.intrinsicContentSize.height == 44)
    }

    @Test("T1: a width constraint wraps a multi-line label; its height follows in the same frame (two passes)")
    func T1_widthConstraintTwoPasses() {
        let host = makeHost()
        let label = Label(text: "the quick brown fox jumps", fontSize: 10, identifier: "label")
        label.numberOfLines = 0
        host.root.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: host.root.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: host.root.topAnchor),
                                   label.widthAnchor.constraint(equalToConstant: 60)])
        host.step()
        #expect(label.frame == Rect(x: 0, y: 0, width: 60, height: 36))
        host.runUntilIdle()
    }

    @Test("T1/T2: lines are aligned left, centre or right, and never drawn outside the bounds")
    func T1_alignmentAndBounds() {
        for (alignment, xs) in [(TextAlignment.left, [0.0, 0.0]), (.center, [3.0, 3.0]), (.right, [6.0, 6.0])] {
            let host = makeHost()
            let label = Label(text: "the quick brown fox", fontSize: 10)
            label.translatesAutoresizingMaskIntoConstraints = true
            label.frame = Rect(x: 0, y: 0, width: 60, height: 24)
            label.numberOfLines = 0
            label.textAlignment = alignment
            host.root.addSubview(label)
            host.runUntilIdle()
            let texts = label.content.compactMap { c -> (String, Point)? in
                if case .text(let s, let p, _, _) = c { return (s, p) } else { return nil }
            }
            #expect(texts.map(\.0) == ["the quick", "brown fox"])
            #expect(texts.map(\.1.x) == xs, "\(alignment)")
            // T2: every line inside the bounds.
            for (s, p) in texts {
                #expect(p.x >= 0 && p.x + metrics.size(of: s, fontSize: 10).width <= 60)
                #expect(p.y >= 0 && p.y + 12 <= 24)
            }
            host.runUntilIdle()
        }
    }
}
