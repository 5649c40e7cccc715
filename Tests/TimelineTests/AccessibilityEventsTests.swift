import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Navigation

/// AX1 and AX2: what the engine tells a window's accessibility observers besides values, traits
/// and focus: a text element's caret and selection, and a new screen after a push, a pop, a
/// presentation and a dismissal (what a screen reader moves to and reads).
@Suite("AX1 AX2 caret, selection and screen changes", .endsIdle)
@MainActor
struct AccessibilityEventsTests {
    /// Records the selection and screen changes a window's observers hear, as words.
    @MainActor final class Heard {
        var lines: [String] = []
        func observe(_ window: Window) -> AccessibilityObserverToken {
            window.addAccessibilityObserver { [self] n in
                switch n {
                case .selectionChanged(let o):
                    let f = o as? TextField
                    lines.append("selection \(f?.selectedRange.lowerBound ?? -1)..<\(f?.selectedRange.upperBound ?? -1)")
                case .screenChanged(let o): lines.append("screen \(o.map { $0.accessibilityLabel ?? "?" } ?? "-")")
                default: break
                }
            }
        }
    }

    @Test("AX2: a field's caret and selection moves are posted, by typing, arrows and code, only while observed")
    func AX2_caretAndSelection() {
        let host = makeHost()
        let field = TextField(text: "Ada")
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 10, y: 10, width: 200, height: 30)
        host.root.addSubview(field)
        host.runUntilIdle()
        field.selectedRange = 1..<1                         // nobody observes: nothing posted or kept
        let heard = Heard()
        let token = heard.observe(host.window)
        #expect(field.becomeFirstResponder())
        heard.lines.removeAll()
        field.selectedRange = 3..<3
        _ = field.insertText("!")
        #expect(heard.lines.last == "selection 4..<4", "\(heard.lines)")
        heard.lines.removeAll()
        host.runLoop.send(.keyDown(Key("left"), modifiers: .shift))
        host.runLoop.send(.keyUp(Key("left"), modifiers: .shift))
        host.step()
        #expect(heard.lines == ["selection 3..<4"], "\(heard.lines)")
        field.selectedRange = 0..<4
        #expect(heard.lines.last == "selection 0..<4")
        host.window.removeAccessibilityObserver(token)
        field.selectedRange = 0..<0
        #expect(heard.lines.count == 2)
        field.resignFirstResponder()
        host.runUntilIdle()
    }

    @Test("AX1: a push, a pop, a presentation and a dismissal each post one screen change, read from the new screen's first element")
    func AX1_screenChanges() {
        let host = makeHost(width: 320, height: 480)
        let a = ViewController(), b = ViewController(), modal = ViewController()
        a.title = "Photos"
        b.title = "Sunset"
        let note = Label(text: "A modal note")
        note.frame = Rect(x: 20, y: 100, width: 200, height: 20)
        modal.view.addSubview(note)
        let nav = NavigationController(rootViewController: a)
        host.window.rootViewController = nav
        host.runUntilIdle()
        let heard = Heard()
        let token = heard.observe(host.window)
        nav.pushViewController(b, animated: true)
        host.step()
        #expect(heard.lines.isEmpty)                         // not while the new screen slides in
        host.runUntilIdle()
        #expect(heard.lines == ["screen Photos"], "\(heard.lines)")   // the bar's back button, first in reading order
        _ = nav.popViewController(animated: false)
        host.runUntilIdle()
        #expect(heard.lines.last == "screen Photos" && heard.lines.count == 2, "\(heard.lines)")   // the bar's title
        a.present(modal, animated: true)
        host.runUntilIdle()
        #expect(heard.lines.last == "screen A modal note" && heard.lines.count == 3, "\(heard.lines)")
        a.dismiss(animated: true)
        host.runUntilIdle()
        #expect(heard.lines.last == "screen Photos" && heard.lines.count == 4, "\(heard.lines)")
        host.window.removeAccessibilityObserver(token)
    }

    @Test("AX2: activating an element that declines taps its activation point in the next frame; a control acts at once")
    func AX2_activationTaps() {
        let host = makeHost()
        let card = View(frame: Rect(x: 20, y: 20, width: 100, height: 60))
        card.isAccessibilityElement = true
        card.accessibilityLabel = "Card"
        var taps: [Point] = []
        let tap = TapGestureRecognizer()
        tap.addAction { taps.append($0.location(in: card)) }
        card.addGestureRecognizer(tap)
        host.root.addSubview(card)
        host.runUntilIdle()
        #expect(!card.accessibilityActivate())                 // a plain view declines (UIKit's default)
        #expect(card.accessibilityActivateOrTap())
        #expect(taps.isEmpty)                                  // delivered as input, in the next frame
        host.runUntilIdle()
        #expect(taps == [Point(x: 50, y: 30)], "\(taps)")      // the middle of its frame
        let button = Button(title: "OK")
        var pressed = 0
        _ = button.addAction(for: .primaryActionTriggered) { _ in pressed += 1 }
        #expect(button.accessibilityActivateOrTap() && pressed == 1)   // a control acts itself, at once
        let loose = View(frame: .zero)
        #expect(!loose.accessibilityActivateOrTap())           // in no window: nothing to tap
        host.runUntilIdle()
    }
}
