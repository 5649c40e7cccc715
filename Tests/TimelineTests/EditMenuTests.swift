import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls

/// DK3: a text field's edit menu, driven by the pointer as a person would.
@Suite("DK3 the edit menu", .endsIdle)
@MainActor
struct EditMenuTests {
    func setUp(_ text: String) -> (HeadlessHost, TextField) {
        let host = makeHost()
        let field = TextField(text: text)
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 20, y: 120, width: 240, height: 36)
        host.root.addSubview(field)
        host.runUntilIdle()
        return (host, field)
    }

    /// A press and release of `button` at `p` in window points.
    func click(_ host: HeadlessHost, _ p: Point, button: Int = 1) {
        host.runLoop.send(InputEvent(.pointerDown(p, button: button)))
        host.runLoop.send(InputEvent(.pointerUp(p, button: button)))
        host.step()
        host.runUntilIdle()
    }

    /// Clicks the menu's item for `action`.
    func choose(_ host: HeadlessHost, _ menu: EditMenu, _ action: EditAction) {
        guard let i = menu.actions.firstIndex(of: action) else { Issue.record("no \(action) item"); return }
        let b = menu.buttons[i]
        click(host, b.convert(Point(x: b.bounds.midX, y: b.bounds.midY), to: nil))
    }

    @Test("DK3 edit menu: a secondary click shows the actions that apply; Select All, Copy, Cut and Paste work through the window's pasteboard")
    func DK3_editMenu() throws {
        let (host, field) = setUp("menu text")
        let at = Point(x: 80, y: 138)
        click(host, at, button: 3)
        var menu = try #require(field.editMenu, "a secondary click opens the menu")
        #expect(field.isEditing)
        #expect(menu.actions == [.selectAll], "no selection and an empty pasteboard: only Select All")
        #expect(menu.bar.frame.maxY <= at.y && menu.bar.frame.minY >= 0, "the bar sits above the pointer: \(menu.bar.frame)")
        #expect(menu.buttons.map { $0.titleLabel.text } == ["Select All"])
        choose(host, menu, .selectAll)
        #expect(field.editMenu == nil, "choosing closes the menu")
        #expect(field.selectedRange == 0..<9)

        click(host, at, button: 3)
        menu = try #require(field.editMenu)
        #expect(menu.actions == [.cut, .copy])
        choose(host, menu, .copy)
        #expect(host.window.pasteboard.string == "menu text")

        click(host, at, button: 3)
        menu = try #require(field.editMenu)
        #expect(menu.actions == [.cut, .copy, .paste])
        choose(host, menu, .cut)
        #expect(field.text.isEmpty && host.window.pasteboard.string == "menu text")

        host.window.pasteboard.string = "pasted"
        click(host, at, button: 3)
        menu = try #require(field.editMenu)
        #expect(menu.actions == [.paste])
        choose(host, menu, .paste)
        #expect(field.text == "pasted")

        // A press outside the bar closes the menu and does nothing else.
        click(host, at, button: 3)
        #expect(field.editMenu != nil)
        click(host, Point(x: 300, y: 260))
        #expect(field.editMenu == nil)
        #expect(field.text == "pasted")
    }

    /// A key press (and its release) as the window's event pump sends it.
    func key(_ host: HeadlessHost, _ name: String, _ m: KeyModifiers = []) {
        host.runLoop.send(.keyDown(Key(name), modifiers: m))
        host.runLoop.send(.keyUp(Key(name), modifiers: m))
        host.step()
    }

    @Test("DK3 edit menu from the keyboard: the menu key or shift-F10 opens it at the caret; arrows, return and escape work it; the field keeps focus")
    func DK3_editMenuKeyboard() throws {
        let (host, field) = setUp("keys")
        #expect(field.becomeFirstResponder())
        field.selectedRange = 0..<4
        host.runUntilIdle()
        key(host, "application")
        var menu = try #require(field.editMenu, "the menu key opens the menu")
        #expect(menu.actions == [.cut, .copy] && menu.highlightedIndex == 0 && menu.buttons[0].isHighlighted)
        let caretTop = field.convert(Point(x: field.caretRect(for: 4).midX, y: field.caretRect(for: 4).minY), to: nil)
        #expect(menu.bar.frame.maxY <= caretTop.y, "above the caret: \(menu.bar.frame) \(caretTop)")
        key(host, "right")
        #expect(menu.highlightedIndex == 1 && !menu.buttons[0].isHighlighted && menu.buttons[1].isHighlighted)
        key(host, "right")                                      // wraps
        #expect(menu.highlightedIndex == 0)
        key(host, "left")
        key(host, "return")                                     // Copy
        #expect(field.editMenu == nil && host.window.pasteboard.string == "keys" && field.text == "keys")
        #expect(field.isFirstResponder && field.isEditing)

        key(host, "f10", .shift)
        menu = try #require(field.editMenu, "shift-F10 opens the menu")
        #expect(menu.actions == [.cut, .copy, .paste])
        key(host, "escape")
        #expect(field.editMenu == nil && field.isEditing && field.text == "keys")
        key(host, "f10")                                        // without shift: not the menu
        #expect(field.editMenu == nil)

        // Typing closes the menu and types.
        key(host, "menu")
        #expect(field.editMenu != nil)
        field.selectedRange = 4..<4
        key(host, "end")
        #expect(field.editMenu == nil)
        host.runUntilIdle()
    }

    @Test("DK3 a touch held still half a second on a field opens the edit menu there; the mouse held, a touch that moves or lifts early do not")
    func DK3_longPress() throws {
        let (host, field) = setUp("press here")
        let p = Point(x: 60, y: 138)
        func touch(_ e: InputEvent) { host.runLoop.send(e.with(pointer: 1)) }
        // The mouse held still selects by dragging: no menu.
        host.runLoop.send(.pointerDown(p))
        host.step(frames: 45)
        #expect(field.editMenu == nil && field.isEditing)
        host.runLoop.send(.pointerUp(p))
        host.step()
        // A touch lifted before half a second: a tap, no menu.
        touch(.pointerDown(p))
        host.step(frames: 20)
        touch(.pointerUp(p))
        host.step(frames: 30)
        #expect(field.editMenu == nil)
        // A touch that moves more than 10 points: a drag, no menu.
        touch(.pointerDown(p))
        host.step()
        touch(.pointerMoved(Point(x: p.x + 14, y: p.y), buttons: 1))
        host.step(frames: 40)
        #expect(field.editMenu == nil)
        touch(.pointerUp(Point(x: p.x + 14, y: p.y)))
        host.step()
        // Held still (a few points of wobble allowed): the menu opens where it went down.
        touch(.pointerDown(p))
        host.step()
        touch(.pointerMoved(Point(x: p.x + 3, y: p.y + 2), buttons: 1))
        host.step(frames: 28)
        #expect(field.editMenu == nil)                          // not yet: 0.48 s
        host.step(frames: 3)
        let menu = try #require(field.editMenu, "held 0.5 s")
        #expect(abs(menu.anchor.x - p.x) < 0.5 && abs(menu.anchor.y - p.y) < 0.5)
        touch(.pointerUp(Point(x: p.x + 3, y: p.y + 2)))
        host.step()
        #expect(field.editMenu != nil)                          // lifting leaves it open
        menu.dismiss()
        host.runUntilIdle()
    }

    @Test("DK3 edit menu bad input: a secure field offers no Cut or Copy; a menu asked for at the window's corner stays inside it; a field out of any window shows none")
    func DK3_editMenuEdges() throws {
        let (host, field) = setUp("secret")
        field.isSecureTextEntry = true
        _ = field.becomeFirstResponder()
        field.perform(.selectAll)
        #expect(!field.availableEditActions.contains(.copy) && !field.availableEditActions.contains(.cut))
        field.perform(.copy)
        #expect(host.window.pasteboard.string == nil, "a secure field copies nothing")
        #expect(field.showEditMenu(at: .zero) == nil, "nothing applies: no menu")
        host.window.pasteboard.string = "x"
        let corner = try #require(field.showEditMenu(at: field.convert(Point(x: 0, y: 0), from: nil)))
        host.runUntilIdle()
        #expect(corner.bar.frame.minX >= 0 && corner.bar.frame.minY >= 0)
        corner.dismiss()
        let loose = TextField(text: "alone")
        #expect(loose.showEditMenu(at: .zero) == nil)
        host.runUntilIdle()
    }
}
