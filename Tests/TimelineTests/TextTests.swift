import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// T1, T2 with the fixed-metrics test font (an explicit option of the font system, TX2): every
/// grapheme cluster is 0.6 · size wide, a line ⌈1.2 · size⌉ tall (at 10 points: 6 points a
/// character, 12 a line).
@Suite("T1, T2 text layout", .endsIdle)
@MainActor
struct TextTests {
    let fonts = FontSystem.fixed()

    /// What each line shows: its characters and "…" where it was truncated.
    func shown(_ l: TextLayout, _ text: String) -> [String] {
        let u = Array(text.utf16)
        return l.lines.map { line in
            let ranges = line.cells.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
            var s = ""
            var last = line.range.lowerBound
            var gap = false
            for r in ranges {
                if line.isTruncated, r.lowerBound > last { s += "…"; gap = true }
                s += String(decoding: u[r], as: UTF16.self)
                last = r.upperBound
            }
            if line.isTruncated, !gap { s += "…" }
            return s
        }
    }

    func layout(_ text: String, width: Double, lines: Int = 0, height: Double = .infinity,
                _ mode: LineBreakMode = .byWordWrapping) -> [String] {
        var p = ParagraphStyle()
        p.lineBreakMode = mode
        let l = TextLayout(text, style: TextStyle(font: .systemFont(ofSize: 10)), paragraph: p, in: fonts, width: width,
                           maxLines: lines, maxHeight: height)
        return shown(l, text)
    }

    @Test("T1: word wrapping breaks at UAX #14 opportunities; a word wider than the line breaks between characters")
    func T1_wordWrap() {
        #expect(layout("the quick brown fox", width: 60) == ["the quick", "brown fox"])    // 10 characters a line
        #expect(layout("abcdefghijklmnop qr", width: 60) == ["abcdefghij", "klmnop qr"])
        #expect(layout("the quick", width: .infinity) == ["the quick"])
        // A hyphen is an opportunity too (UAX #14), as UIKit breaks "well-known".
        #expect(layout("a well-known fact", width: 60) == ["a well-", "known fact"])
    }

    @Test("T1: character wrapping, explicit line breaks and empty lines")
    func T1_charWrapAndBreaks() {
        #expect(layout("the quick brown", width: 60, .byCharWrapping) == ["the quick", "brown"])
        #expect(layout("one\ntwo\n\nfour", width: 600) == ["one", "two", "", "four"])
        #expect(layout("one\r\ntwo\u{2029}three", width: 600) == ["one", "two", "three"])
    }

    @Test("T1: the line limit and the height keep the lines that fit; truncating modes end in an ellipsis")
    func T1_truncation() {
        // The ellipsis is one character (6 points): "brown fox…" is exactly the 60-point width.
        #expect(layout("the quick brown fox jumps", width: 60, lines: 2, .byTruncatingTail) == ["the quick", "brown fox…"])
        #expect(layout("the quick brown fox jumps", width: 60, height: 24, .byTruncatingTail) == ["the quick", "brown fox…"])
        // Word wrapping and clipping cut without an ellipsis, as UIKit's.
        #expect(layout("the quick brown fox jumps", width: 60, height: 24) == ["the quick", "brown fox"])
        #expect(layout("a much too long line", width: 60, lines: 1, .byTruncatingTail) == ["a much to…"])
        #expect(layout("a much too long line", width: 54, lines: 1, .byTruncatingTail) == ["a much t…"])
        #expect(layout("a much too long line", width: 54, lines: 1, .byTruncatingHead) == ["…ong line"])
        #expect(layout("a much too long line", width: 54, lines: 1, .byTruncatingMiddle) == ["a mu…line"])
        let t = TextLayout("the quick brown fox", style: TextStyle(font: .systemFont(ofSize: 10)), in: fonts, width: 60,
                           maxLines: 2)
        #expect(!t.isTruncated && t.size.height == 24)
        #expect(t.lines.allSatisfy { $0.width <= 60 })
    }

    @Test("T1: preferredMaxLayoutWidth makes the intrinsic height the wrapped height; line spacing adds between lines")
    func T1_preferredMaxLayoutWidth() {
        let host = makeHost()
        host.window.fontSystem = fonts
        let label = Label(text: "the quick brown fox jumps", fontSize: 10)
        host.root.addSubview(label)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 60
        #expect(label.intrinsicContentSize == Size(width: 54, height: 36))     // three lines, the widest 9 characters
        label.lineSpacing = 4
        #expect(label.intrinsicContentSize.height == 44)
        host.runUntilIdle()
    }

    @Test("T1: a width constraint wraps a multi-line label; its height follows in the same frame (two passes)")
    func T1_widthConstraintTwoPasses() {
        let host = makeHost()
        host.window.fontSystem = fonts
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

    @Test("T1/T2/TX5: lines are aligned left, centre or right as glyph runs, never drawn outside the bounds")
    func T1_alignmentAndBounds() {
        for (alignment, xs) in [(TextAlignment.left, [0.0, 0.0]), (.center, [3.0, 3.0]), (.right, [6.0, 6.0])] {
            let host = makeHost()
            host.window.fontSystem = fonts
            let label = Label(text: "the quick brown fox", fontSize: 10)
            label.translatesAutoresizingMaskIntoConstraints = true
            label.frame = Rect(x: 0, y: 0, width: 60, height: 24)
            label.numberOfLines = 0
            label.textAlignment = alignment
            host.root.addSubview(label)
            host.runUntilIdle()
            let runs = label.content.compactMap { c -> (GlyphRun, Point)? in
                if case .glyphs(let run, let at) = c { return (run, at) } else { return nil }
            }
            #expect(runs.map(\.0.glyphs.count) == [9, 9])
            #expect(runs.map { $0.0.positions[0].x + $0.1.x } == xs, "\(alignment)")
            // T2: every line inside the bounds (9 glyphs of 6 points, baselines inside the height).
            for (run, at) in runs {
                #expect(run.positions[0].x + at.x >= 0 && run.positions[8].x + at.x + 6 <= 60)
                #expect(run.positions[0].y + at.y > 0 && run.positions[0].y + at.y < 24)
            }
            host.runUntilIdle()
        }
    }
}
