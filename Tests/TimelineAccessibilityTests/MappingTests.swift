import Testing
import TimelineTestSupport
import Timeline
import TimelineAccessibility

/// AX2: the engine's accessibility model read as AT-SPI reads it (roles, states, actions,
/// values), without a bus: AccessibleMapping is what the bridge hands to ATK.
@Suite("AX2 AT-SPI mapping", .endsIdle)
@MainActor
struct MappingTests {
    func place(_ v: View, in host: HeadlessHost, at frame: Rect) {
        v.translatesAutoresizingMaskIntoConstraints = true
        v.frame = frame
        host.root.addSubview(v)
    }

    @Test("AX2: controls, labels, images, text and cells take AT-SPI's roles")
    func AX2_roles() {
        let host = makeHost()
        let image = ImageView(frame: .zero)
        image.isAccessibilityElement = true
        let header = Label(text: "Section")
        header.accessibilityTraits = [.staticText, .header]
        let cases: [(AccessibilityObject, AccessibleRole)] = [
            (Button(title: "Save"), .pushButton), (Switch(frame: .zero), .toggleButton), (Slider(frame: .zero), .slider),
            (Stepper(frame: .zero), .spinButton), (ProgressView(frame: .zero), .progressBar), (Label(text: "Hi"), .label),
            (header, .heading), (TextField(frame: .zero), .entry), (TextView(frame: .zero), .text), (image, .image),
            (TableViewCell(reuseIdentifier: nil), .tableCell), (View(frame: .zero), .panel),
            (ActivityIndicatorView(frame: .zero), .animation), (PageControl(frame: .zero), .slider),
        ]
        for (o, role) in cases {
            #expect(AccessibleMapping.role(of: o) == role, "\(type(of: o))")
        }
        let element = AccessibilityElement(accessibilityContainer: host.root)
        element.accessibilityTraits = .button
        #expect(AccessibleMapping.role(of: element) == .pushButton)
        element.accessibilityTraits = []
        #expect(AccessibleMapping.role(of: element) == .label)
        host.runUntilIdle()
    }

    @Test("AX2: enabled, showing, focusable, focused, checked and editable follow the model")
    func AX2_states() {
        let host = makeHost()
        let button = Button(title: "Save"), off = Button(title: "Off"), toggle = Switch(frame: .zero)
        let field = TextField(frame: .zero), far = Label(text: "Below the window")
        place(button, in: host, at: Rect(x: 10, y: 10, width: 100, height: 30))
        place(off, in: host, at: Rect(x: 120, y: 10, width: 100, height: 30))
        place(toggle, in: host, at: Rect(x: 10, y: 50, width: 51, height: 31))
        place(field, in: host, at: Rect(x: 10, y: 90, width: 200, height: 30))
        place(far, in: host, at: Rect(x: 10, y: 900, width: 200, height: 20))
        off.isEnabled = false
        toggle.setOn(true, animated: false)
        host.runUntilIdle()
        let w = host.window
        let b = AccessibleMapping.states(of: button, in: w)
        #expect(b.isSuperset(of: [.enabled, .sensitive, .visible, .showing, .focusable]))
        #expect(!b.contains(.focused) && !b.contains(.checked))
        let o = AccessibleMapping.states(of: off, in: w)
        #expect(!o.contains(.enabled) && !o.contains(.sensitive) && !o.contains(.focusable))
        #expect(AccessibleMapping.states(of: toggle, in: w).isSuperset(of: [.checkable, .checked]))
        toggle.setOn(false, animated: false)
        #expect(!AccessibleMapping.states(of: toggle, in: w).contains(.checked))
        #expect(AccessibleMapping.states(of: field, in: w).isSuperset(of: [.editable, .singleLine, .focusable]))
        #expect(!AccessibleMapping.states(of: far, in: w).contains(.showing))
        #expect(w.focus(button))
        #expect(AccessibleMapping.states(of: button, in: w).contains(.focused))
        host.runUntilIdle()
    }

    @Test("AX2: a button clicks, a switch toggles, a slider increments and takes a value; progress is read-only")
    func AX2_actionsAndValues() {
        let host = makeHost()
        let button = Button(title: "Save"), toggle = Switch(frame: .zero), slider = Slider(frame: .zero)
        let progress = ProgressView(frame: .zero), label = Label(text: "Plain")
        place(button, in: host, at: Rect(x: 10, y: 10, width: 100, height: 30))
        place(toggle, in: host, at: Rect(x: 10, y: 50, width: 51, height: 31))
        place(slider, in: host, at: Rect(x: 10, y: 90, width: 200, height: 30))
        place(progress, in: host, at: Rect(x: 10, y: 130, width: 200, height: 4))
        place(label, in: host, at: Rect(x: 10, y: 140, width: 200, height: 20))
        var pressed = 0
        button.addAction(for: .primaryActionTriggered) { _ in pressed += 1 }
        host.runUntilIdle()

        #expect(AccessibleMapping.actions(of: button).map(\.name) == ["click"])
        #expect(AccessibleMapping.perform(.activate("click"), on: button))
        #expect(pressed == 1)
        #expect(AccessibleMapping.actions(of: toggle).map(\.name) == ["toggle"])
        #expect(AccessibleMapping.perform(.activate("toggle"), on: toggle) && toggle.isOn)
        #expect(AccessibleMapping.actions(of: label).isEmpty)
        #expect(AccessibleMapping.actions(of: slider).map(\.name) == ["increment", "decrement"])

        slider.value = 0.4
        #expect(AccessibleMapping.value(of: slider) == AccessibleValue(current: 0.4, minimum: 0, maximum: 1, step: 0.1))
        #expect(AccessibleMapping.setValue(0.75, on: slider) && slider.value == 0.75)
        #expect(AccessibleMapping.perform(.increment, on: slider) && abs(slider.value - 0.85) < 1e-9)
        progress.setProgress(0.5, animated: false)
        #expect(AccessibleMapping.value(of: progress)?.current == 0.5)
        #expect(!AccessibleMapping.setValue(0.9, on: progress))
        #expect(AccessibleMapping.value(of: label) == nil && !AccessibleMapping.hasValue(label))
        host.runUntilIdle()
    }

    @Test("AX2: Text reads labels and fields in characters; EditableText edits a field; offsets convert from UTF-16")
    func AX2_text() {
        let host = makeHost()
        let label = Label(text: "Status"), field = TextField(text: "a😀b")
        place(label, in: host, at: Rect(x: 10, y: 10, width: 100, height: 20))
        place(field, in: host, at: Rect(x: 10, y: 40, width: 200, height: 30))
        host.runUntilIdle()
        #expect(AccessibleText.interfaces(of: label) == (true, false) && AccessibleText.interfaces(of: field) == (true, true))
        #expect(AccessibleText.interfaces(of: Button(title: "B")) == (false, false))
        #expect(AccessibleText.text(of: label) == "Status" && AccessibleText.selection(of: label) == nil)
        // "a😀b": the emoji is one character but two UTF-16 units; the caret sits at the end.
        #expect(AccessibleText.selection(of: field) == 3..<3)
        #expect(AccessibleText.select(1..<2, in: field) && field.selectedRange == 1..<3)
        #expect(AccessibleText.replace(1..<2, with: "-", in: field) && field.text == "a-b")
        #expect(AccessibleText.scalarOffset(utf16: 3, in: "a😀b") == 2 && AccessibleText.utf16Offset(scalar: 2, in: "a😀b") == 3)
        field.isSecureTextEntry = true
        #expect(AccessibleText.text(of: field) == "•••")
        host.runUntilIdle()
    }

    @Test("AX2: Text gives each character's box in window points, left to right, and the character at a point")
    func AX2_characterExtents() throws {
        let host = makeHost()
        let label = Label(text: "Status"), field = TextField(text: "a😀bc")
        place(label, in: host, at: Rect(x: 10, y: 10, width: 100, height: 20))
        place(field, in: host, at: Rect(x: 30, y: 40, width: 200, height: 30))
        host.runUntilIdle()
        for (o, count, frame) in [(label as View, 6, label.frame), (field, 4, field.frame)] {
            var boxes: [Rect] = []
            for i in 0..<count { boxes.append(try #require(AccessibleText.characterRect(of: o, at: i), "character \(i) of \(o)")) }
            #expect(AccessibleText.characterRect(of: o, at: count) == nil)           // past the end
            for (i, b) in boxes.enumerated() {
                #expect(b.width > 0 && b.height > 0 && frame.contains(Point(x: b.midX, y: b.midY)), "\(i): \(b) in \(frame)")
                if i > 0 { #expect(b.minX >= boxes[i - 1].maxX - 0.01) }             // left to right, in window points
                // The point a quarter into a character is nearest its leading edge.
                #expect(AccessibleText.offset(of: o, at: Point(x: b.minX + b.width / 4, y: b.midY)) == i)
            }
        }
        // The emoji is one character of two UTF-16 units: character 2 is "b".
        let emoji = try #require(AccessibleText.characterRect(of: field, at: 1))
        let b = try #require(field.characterRect(for: 3))
        #expect(try #require(AccessibleText.characterRect(of: field, at: 2)).minX == b.minX + 30 && emoji.maxX <= b.minX + 30.01)
        #expect(AccessibleText.characterRect(of: Button(title: "B"), at: 0) == nil)
        host.runUntilIdle()
    }

    @Test("AX2: the edit menu opened from the keyboard is a popup menu of items; the highlighted one has the reader's focus, told as it moves")
    func AX2_editMenuFocus() throws {
        let host = makeHost()
        let field = TextField(text: "keys")
        place(field, in: host, at: Rect(x: 20, y: 120, width: 240, height: 36))
        host.runUntilIdle()
        #expect(field.becomeFirstResponder())
        field.selectedRange = 0..<4
        var focus: [String] = []
        let token = host.window.addAccessibilityObserver { n in
            if case .focusChanged(let o) = n { focus.append(o === field ? "field" : o.map { AccessibleMapping.name(of: $0) ?? "?" } ?? "-") }
        }
        func key(_ name: String) {
            host.runLoop.send(.keyDown(Key(name)))
            host.runLoop.send(.keyUp(Key(name)))
            host.step()
        }
        key("menu")
        let menu = try #require(field.editMenu)
        #expect(AccessibleMapping.role(of: menu) == .menu && AccessibleMapping.name(of: menu) == "Edit")
        #expect(menu.buttons.allSatisfy { AccessibleMapping.role(of: $0) == .menuItem })
        #expect(AccessibleMapping.states(of: menu.buttons[0], in: host.window).isSuperset(of: [.focused, .selected]))
        #expect(!AccessibleMapping.states(of: menu.buttons[1], in: host.window).contains(.focused))
        key("right")
        #expect(AccessibleMapping.states(of: menu.buttons[1], in: host.window).contains(.focused))
        #expect(!AccessibleMapping.states(of: menu.buttons[0], in: host.window).contains(.focused))
        key("escape")
        #expect(focus == ["Cut", "Copy", "field"], "\(focus)")            // closed: back to the field
        #expect(AccessibleMapping.role(of: Button(title: "Plain")) == .pushButton)     // only the menu's are items
        host.window.removeAccessibilityObserver(token)
        host.runUntilIdle()
    }

    @Test("AX1: a segmented control's segments and a tab bar's tabs know their place in the set, which follows inserts and removals")
    func AX1_setPositions() {
        let host = makeHost()
        let segments = SegmentedControl(items: ["Day", "Week", "Month", "Year"])
        segments.selectedSegmentIndex = 1
        place(segments, in: host, at: Rect(x: 10, y: 10, width: 280, height: 32))
        host.runUntilIdle()
        let elements = segments.accessibilityElements ?? []
        #expect(elements.map(\.accessibilityLabel) == ["Day", "Week", "Month", "Year"])
        #expect(elements.map(\.accessibilitySetPosition) == (1...4).map { AccessibilitySetPosition(position: $0, count: 4) })
        #expect(elements[1].accessibilityTraits.contains(.selected) && AccessibleMapping.role(of: elements[1]) == .pushButton)
        segments.insertSegment(withTitle: "Hour", at: 0, animated: false)
        let five = segments.accessibilityElements ?? []
        #expect(five.map(\.accessibilitySetPosition?.position) == [1, 2, 3, 4, 5] && five.allSatisfy { $0.accessibilitySetPosition?.count == 5 })
        segments.removeAllSegments()
        #expect(segments.accessibilityElements?.isEmpty == true)
        // Anything else is in no set unless told.
        #expect(Button(title: "Save").accessibilitySetPosition == nil)

        let tabs = TabBarController()
        tabs.setViewControllers(["One", "Two", "Three"].map { title in
            let c = ViewController()
            c.title = title
            return c
        }, animated: false)
        host.window.rootViewController = tabs
        host.runUntilIdle()
        #expect(tabs.tabBar.buttons.map(\.accessibilitySetPosition) == (1...3).map { AccessibilitySetPosition(position: $0, count: 3) })
        host.runUntilIdle()
    }

    @Test("DK2: on a window drawn at scale 2 (X11 with TIMELINE_SCALE=2) screen extents are device pixels")
    func DK2_scaledExtents() {
        let r = Rect(x: 10, y: 20.5, width: 100, height: 30)
        #expect(AccessibilityBridge.screenRect(r, unitsPerPoint: 1) == r)
        #expect(AccessibilityBridge.screenRect(r, unitsPerPoint: 2) == Rect(x: 20, y: 41, width: 200, height: 60))
        #expect(AccessibilityBridge.screenRect(r, unitsPerPoint: 1.5) == Rect(x: 15, y: 30.75, width: 150, height: 45))
    }
}
