import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// TX9: text fields and views, driven by events as a person would drive them.
@Suite("TX9 text fields", .endsIdle)
@MainActor
struct TextFieldTests {
    func setUp(_ field: TextField = TextField()) -> (HeadlessHost, TextField) {
        let host = makeHost()
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 20, y: 20, width: 240, height: 36)
        host.root.addSubview(field)
        host.runUntilIdle()
        return (host, field)
    }

    func send(_ host: HeadlessHost, _ events: [InputEvent]) {
        for e in events { host.runLoop.send(e) }
        host.step()
    }

    func key(_ name: String, _ m: KeyModifiers = []) -> InputEvent { .keyDown(Key(name), modifiers: m) }

    @Test("TX9: a click focuses the field; typed text and deletion go by grapheme cluster; events are sent")
    func TX9_typingAndDeleting() {
        let (host, field) = setUp()
        var events: [String] = []
        _ = field.addAction(for: .editingDidBegin) { _ in events.append("begin") }
        _ = field.addAction(for: .editingChanged) { _ in events.append("changed") }
        _ = field.addAction(for: .editingDidEnd) { _ in events.append("end") }
        send(host, [.pointerDown(Point(x: 100, y: 38)), .pointerUp(Point(x: 100, y: 38))])
        #expect(field.isEditing && host.window.wantsTextInput)
        send(host, [.textInput("héllo "), .textInput("👨‍👩‍👧"), .textInput("e\u{301}")])
        #expect(field.text == "héllo 👨‍👩‍👧e\u{301}")
        send(host, [key("backspace")])                                         // one cluster: e + accent
        #expect(field.text == "héllo 👨‍👩‍👧")
        send(host, [key("backspace")])                                         // the whole family emoji
        #expect(field.text == "héllo ")
        send(host, [key("backspace", .alt)])                                   // a word
        #expect(field.text == "")
        #expect(events.first == "begin" && events.filter { $0 == "changed" }.count == 6)
        _ = field.resignFirstResponder()
        #expect(events.last == "end" && !host.window.wantsTextInput)
        host.runUntilIdle()
    }

    @Test("TX9: arrows move by cluster or word, shift extends, double-click selects a word, select all, home and end")
    func TX9_caretAndSelection() {
        let (host, field) = setUp(TextField(text: "one two three"))
        _ = field.becomeFirstResponder()
        #expect(field.selectedRange == 13..<13)
        send(host, [key("left", .alt)])
        #expect(field.selectedRange == 8..<8)
        send(host, [key("left", [.alt, .shift])])
        #expect(field.selectedRange == 4..<8)
        send(host, [key("right")])                                              // collapses to the end
        #expect(field.selectedRange == 8..<8)
        send(host, [key("home"), key("right", .shift), key("right", .shift)])
        #expect(field.selectedRange == 0..<2)
        send(host, [key("a", .control)])
        #expect(field.selectedRange == 0..<13)
        let mid = field.caretRect(for: 5)
        send(host, [InputEvent(.pointerDown(field.convert(Point(x: mid.midX + 2, y: mid.midY), to: nil), button: 1), clickCount: 2),
                    .pointerUp(field.convert(Point(x: mid.midX + 2, y: mid.midY), to: nil))])
        #expect(field.selectedRange == 4..<7)                                   // "two"
        send(host, [key("end")])
        #expect(field.selectedRange == 13..<13)
        host.runUntilIdle()
    }

    @Test("TX9: copy, cut and paste use the window's pasteboard; undo and redo step back and forth")
    func TX9_clipboardAndUndo() {
        let (host, field) = setUp(TextField(text: "hello world"))
        _ = field.becomeFirstResponder()
        send(host, [key("left", [.alt, .shift]), key("c", .control)])
        #expect(host.window.pasteboard.string == "world")
        send(host, [key("x", .control)])
        #expect(field.text == "hello ")
        send(host, [key("home"), key("v", .control)])
        #expect(field.text == "worldhello ")
        send(host, [key("z", .control)])
        #expect(field.text == "hello ")
        send(host, [key("z", .control)])
        #expect(field.text == "hello world")
        send(host, [key("z", [.control, .shift])])
        #expect(field.text == "hello ")
        // Typing coalesces into one undo step.
        send(host, [key("end"), .textInput("a"), .textInput("b"), .textInput("c"), key("z", .control)])
        #expect(field.text == "hello ")
        host.runUntilIdle()
    }

    @Test("TX9: return without a handler of editingDidEndOnExit keeps editing (UIKit's rule); undo with nothing to undo sends no change; text set in code clears the history")
    func TX9_returnUndoAndCodeChanges() {
        let (host, field) = setUp()
        var changes = 0
        _ = field.addAction(for: .editingChanged) { _ in changes += 1 }
        _ = field.becomeFirstResponder()
        send(host, [.textInput("abc"), key("return")])
        #expect(field.isEditing, "nothing handles editingDidEndOnExit: the field stays first responder")
        #expect(changes == 1)
        send(host, [key("z", .control), key("z", .control)])                   // the second has nothing to undo
        #expect(field.text == "" && changes == 2)
        send(host, [key("z", [.control, .shift])])
        #expect(field.text == "abc" && changes == 3)
        field.text = "set in code"
        send(host, [key("z", .control)])
        #expect(field.text == "set in code" && changes == 3 && !field.editing.canUndo)
        host.runUntilIdle()
    }

    @Test("TX9 bad input: undo history costs what the edits changed and stays within its limit")
    func TX9_undoHistoryIsBounded() {
        var state = TextEditingState(text: String(repeating: "x", count: 1_000))
        for i in 0..<300 { state.replace(i..<(i + 1), with: "y") }
        var undone = 0
        while state.undo() { undone += 1 }
        #expect(undone == TextEditingState.historyDepth)
        #expect(state.text.hasPrefix(String(repeating: "y", count: 100) + "x"), "the 100 oldest edits were dropped")
        // One edit that replaces a text as long as the limit is kept; the history then holds it alone.
        var big = TextEditingState(text: String(repeating: "a", count: 30_000), historyLimit: 50_000)
        big.replace(0..<1, with: "b")
        big.replace(0..<big.length, with: String(repeating: "c", count: 30_000))
        #expect(big.undo() && big.text.hasPrefix("b") && !big.undo(), "the older edit went to stay within the limit")
    }

    @Test("TX9: the delegate can refuse changes; return ends editing on exit; secure entry draws bullets")
    func TX9_delegateReturnSecure() {
        final class Digits: TextFieldDelegate {
            var returned = 0
            func textField(_ f: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString s: String) -> Bool {
                s.allSatisfy(\.isNumber)
            }
            func textFieldShouldReturn(_ f: TextField) -> Bool { returned += 1; return true }
        }
        let (host, field) = setUp()
        let d = Digits()
        field.delegate = d
        var exits = 0
        _ = field.addAction(for: .editingDidEndOnExit) { _ in exits += 1 }
        _ = field.becomeFirstResponder()
        send(host, [.textInput("12"), .textInput("ab"), .textInput("3")])
        #expect(field.text == "123")
        send(host, [key("return")])
        #expect(d.returned == 1 && exits == 1 && !field.isEditing)

        field.isSecureTextEntry = true
        host.runUntilIdle()
        let layout = field.textLayout()
        let bullet = host.window.fontSystem.systemFace.glyph(for: "\u{2022}")!
        #expect(layout.lines[0].runs.flatMap(\.glyphs) == [bullet, bullet, bullet])
        _ = field.becomeFirstResponder()
        send(host, [key("a", .control), key("c", .control)])
        #expect(host.window.pasteboard.string == nil)                          // secure text is not copied
        host.runUntilIdle()
    }

    @Test("TX9: an input method's composition shows at the caret and commits as text; placeholder and clear button")
    func TX9_compositionPlaceholderClear() {
        let (host, field) = setUp(TextField(text: "", placeholder: "Name"))
        field.clearButtonMode = .whileEditing
        host.runUntilIdle()
        #expect(field.content.contains { if case .glyphs = $0 { true } else { false } })   // the placeholder
        _ = field.becomeFirstResponder()
        send(host, [.textComposition("にほ", selection: 2..<2)])
        #expect(field.text == "" && field.editing.markedText == "にほ")
        #expect(field.textLayout().lines[0].runs.flatMap(\.glyphs).count == 2)
        send(host, [.textInput("日本")])
        #expect(field.text == "日本" && field.editing.markedText.isEmpty)
        #expect(field.showsClearButton)
        let c = field.clearButtonRect.center
        send(host, [.pointerDown(field.convert(c, to: nil)), .pointerUp(field.convert(c, to: nil))])
        #expect(field.text == "")
        host.runUntilIdle()
    }

    @Test("TX9: a text view wraps, takes return as a line break and moves by line")
    func TX9_textView() {
        let view = TextView(text: "first line")
        let (host, _) = setUp(view)
        view.frame = Rect(x: 20, y: 20, width: 200, height: 120)
        host.runUntilIdle()
        _ = view.becomeFirstResponder()
        send(host, [key("return"), .textInput("second")])
        #expect(view.text == "first line\nsecond")
        #expect(view.textLayout().lines.count == 2)
        send(host, [key("up")])
        #expect(view.selectedRange.lowerBound <= 10)
        send(host, [key("down")])
        #expect(view.selectedRange.lowerBound > 10)
        host.runUntilIdle()
    }

    @Test("TX9: a text view scrolls its lines: the caret's line into view, the wheel (with a fading indicator), and back in range when it grows")
    func TX9_textViewScrolls() {
        let view = TextView(text: "first line")
        let (host, _) = setUp(view)
        view.frame = Rect(x: 20, y: 20, width: 200, height: 120)
        host.runUntilIdle()
        _ = view.becomeFirstResponder()
        // More lines than fit: the caret's line scrolls into view, and the wheel scrolls.
        for k in 0..<12 { send(host, [key("return"), .textInput("line \(k)")]) }
        #expect(view.verticalOffset > 0)
        let caret = view.caretRect(for: view.selectedRange.lowerBound)
        #expect(caret.maxY <= view.bounds.height && caret.minY >= 0)
        let centre = view.convert(Point(x: 100, y: 60), to: nil)
        send(host, [.scroll(dx: 0, dy: 100, at: centre)])
        #expect(view.verticalOffset == 0)
        send(host, [.scroll(dx: 0, dy: -100, at: centre)])
        let scrolled = view.verticalOffset
        #expect(scrolled > 0)
        // The scroll indicator shows while the lines scroll and fades after, as a scroll view's.
        #expect(view.isShowingScrollIndicator)
        host.step(frames: 60)
        #expect(!view.isShowingScrollIndicator)
        // Made tall enough for every line, it scrolls back to the top at its next layout.
        view.frame.size.height = view.textLayout().size.height + 40
        host.runUntilIdle()
        #expect(view.verticalOffset == 0)
        host.runUntilIdle()
    }
}
