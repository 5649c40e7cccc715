import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Lists
@testable import Navigation

/// AX1: UIAccessibility in the engine, with UIKit's defaults per class.
@Suite("AX1 accessibility", .endsIdle)
@MainActor
struct AccessibilityTests {
    func place(_ v: View, in host: HeadlessHost, at frame: Rect) {
        v.translatesAutoresizingMaskIntoConstraints = true
        v.frame = frame
        host.root.addSubview(v)
    }

    @Test("AX1: controls, labels and images have UIKit's defaults; hidden and transparent views leave the tree")
    func AX1_defaults() {
        let host = makeHost()
        let title = Label(text: "Settings"), button = Button(title: "Save"), toggle = Switch(frame: .zero)
        let slider = Slider(frame: .zero), image = ImageView(frame: .zero), hidden = Button(title: "Hidden")
        let faded = Label(text: "Faded"), progress = ProgressView(frame: .zero)
        place(title, in: host, at: Rect(x: 10, y: 10, width: 200, height: 20))
        place(button, in: host, at: Rect(x: 10, y: 40, width: 100, height: 30))
        place(toggle, in: host, at: Rect(x: 120, y: 40, width: 51, height: 31))
        place(slider, in: host, at: Rect(x: 10, y: 80, width: 200, height: 30))
        place(image, in: host, at: Rect(x: 10, y: 120, width: 20, height: 20))
        place(hidden, in: host, at: Rect(x: 10, y: 150, width: 100, height: 30))
        place(faded, in: host, at: Rect(x: 10, y: 190, width: 100, height: 20))
        place(progress, in: host, at: Rect(x: 10, y: 220, width: 100, height: 4))
        hidden.isHidden = true
        faded.alpha = 0
        slider.value = 0.5
        progress.setProgress(0.25, animated: false)
        host.runUntilIdle()

        #expect(title.isAccessibilityElement && title.accessibilityLabel == "Settings" && title.accessibilityTraits == .staticText)
        #expect(button.isAccessibilityElement && button.accessibilityLabel == "Save" && button.accessibilityTraits == .button)
        #expect(toggle.accessibilityValue == "0" && toggle.accessibilityTraits.contains(.button))
        toggle.setOn(true, animated: false)
        #expect(toggle.accessibilityValue == "1")
        #expect(slider.accessibilityValue == "50%" && slider.accessibilityTraits == .adjustable)
        #expect(!image.isAccessibilityElement && image.accessibilityTraits == .image)
        #expect(progress.accessibilityValue == "25%" && progress.accessibilityTraits == .updatesFrequently)
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        button.isEnabled = true
        // Set values replace the defaults; nil returns to them.
        button.accessibilityLabel = "Save document"
        #expect(button.accessibilityLabel == "Save document")
        button.accessibilityLabel = nil
        #expect(button.accessibilityLabel == "Save")
        // The tree: elements in reading order, no hidden or transparent ones, the button's title
        // label not read apart from it.
        let labels = host.window.accessibilityLeaves().map { $0.accessibilityLabel ?? $0.accessibilityValue ?? "?" }
        #expect(labels == ["Settings", "Save", "1", "50%", "25%"])
        #expect(button.accessibilityFrame == Rect(x: 10, y: 40, width: 100, height: 30))
        #expect(button.accessibilityActivationPoint == Point(x: 60, y: 55))
        host.runUntilIdle()
    }

    @Test("AX1: activate, increment and decrement act as a person would, and custom actions run")
    func AX1_actions() {
        let host = makeHost()
        let button = Button(title: "Go"), slider = Slider(frame: .zero), stepper = Stepper(frame: .zero), toggle = Switch(frame: .zero)
        place(button, in: host, at: Rect(x: 10, y: 10, width: 100, height: 30))
        place(slider, in: host, at: Rect(x: 10, y: 50, width: 200, height: 30))
        place(stepper, in: host, at: Rect(x: 10, y: 90, width: 94, height: 32))
        place(toggle, in: host, at: Rect(x: 10, y: 130, width: 51, height: 31))
        host.runUntilIdle()
        var taps = 0, changes = 0
        button.addAction(for: .primaryActionTriggered) { _ in taps += 1 }
        slider.addAction(for: .valueChanged) { _ in changes += 1 }
        #expect(button.accessibilityActivate() && taps == 1)
        button.isEnabled = false
        #expect(!button.accessibilityActivate() && taps == 1)
        slider.accessibilityIncrement()
        slider.accessibilityIncrement()
        #expect(abs(slider.value - 0.2) < 1e-9 && changes == 2 && slider.accessibilityValue == "20%")
        slider.accessibilityDecrement()
        #expect(abs(slider.value - 0.1) < 1e-9)
        stepper.accessibilityIncrement()
        #expect(stepper.value == 1 && stepper.accessibilityValue == "1" && stepper.accessibilityTraits.contains(.adjustable))
        #expect(toggle.accessibilityActivate() && toggle.isOn)
        var deleted = false
        button.accessibilityCustomActions = [AccessibilityCustomAction(name: "Delete") { _ in deleted = true; return true }]
        #expect(button.accessibilityCustomActions.first?.perform() == true && deleted)
        host.runUntilIdle()
    }

    @Test("AX1: elements that are not views stand in a container, placed in window points; segments are elements")
    func AX1_containers() {
        let host = makeHost()
        let chart = View(frame: .zero)
        place(chart, in: host, at: Rect(x: 100, y: 50, width: 200, height: 100))
        let bars = (0..<3).map { i -> AccessibilityElement in
            let e = AccessibilityElement(accessibilityContainer: chart)
            e.accessibilityLabel = "Bar \(i)"
            e.accessibilityValue = "\(i * 10)"
            e.accessibilityFrameInContainerSpace = Rect(x: Double(i) * 60, y: 20, width: 50, height: 80)
            return e
        }
        chart.accessibilityElements = bars
        let segments = SegmentedControl(items: ["Day", "Week"])
        place(segments, in: host, at: Rect(x: 10, y: 200, width: 200, height: 32))
        segments.selectedSegmentIndex = 1
        host.runUntilIdle()
        let leaves = host.window.accessibilityLeaves()
        #expect(leaves.map { $0.accessibilityLabel } == ["Bar 0", "Bar 1", "Bar 2", "Day", "Week"])
        #expect(bars[1].accessibilityFrame == Rect(x: 160, y: 70, width: 50, height: 80))
        #expect(leaves[3].accessibilityTraits == .button && leaves[4].accessibilityTraits == [.button, .selected])
        #expect(leaves[3].accessibilityActivate() && segments.selectedSegmentIndex == 0)
        chart.accessibilityElementsHidden = true
        #expect(host.window.accessibilityLeaves().count == 2)
        host.runUntilIdle()
    }

    @Test("AX1: posted and engine notifications reach the window's observers, and only while observed")
    func AX1_notifications() {
        let host = makeHost()
        let slider = Slider(frame: .zero), button = Button(title: "OK")
        place(slider, in: host, at: Rect(x: 10, y: 10, width: 200, height: 30))
        place(button, in: host, at: Rect(x: 10, y: 50, width: 100, height: 30))
        host.runUntilIdle()
        slider.value = 0.3                                     // nobody observes: nothing kept
        #expect(!host.window.hasAccessibilityObservers)
        var heard: [String] = []
        let token = host.window.addAccessibilityObserver { n in
            switch n {
            case .announcement(let s): heard.append("announce \(s)")
            case .screenChanged(let o): heard.append("screen \(o.flatMap { $0.accessibilityLabel } ?? "-")")
            case .layoutChanged: heard.append("layout")
            case .valueChanged(let o): heard.append("value \(o.accessibilityValue ?? "")")
            case .traitsChanged(let o): heard.append("traits \(o.accessibilityTraits.contains(.notEnabled))")
            case .focusChanged(let o): heard.append("focus \(o.flatMap { $0.accessibilityLabel } ?? "-")")
            case .pageScrolled(let s): heard.append("page \(s)")
            case .contentChanged, .childrenChanged, .selectionChanged: break
            }
        }
        host.window.postAccessibilityNotification(.announcement("Saved"))
        button.postAccessibilityNotification(.screenChanged(button))
        slider.value = 0.6
        button.isEnabled = false
        #expect(heard == ["announce Saved", "screen OK", "value 60%", "traits true"])
        host.window.removeAccessibilityObserver(token)
        slider.value = 0.1
        #expect(heard.count == 4)
        host.runUntilIdle()
    }

    @Test("AX2: a label's text, a field's contents and a view's subviews post content and children notices, only while observed")
    func AX2_contentAndChildrenNotices() {
        let host = makeHost()
        let label = Label(text: "Ready"), field = TextField(frame: .zero), box = View(frame: .zero)
        place(label, in: host, at: Rect(x: 10, y: 10, width: 200, height: 30))
        place(field, in: host, at: Rect(x: 10, y: 50, width: 200, height: 30))
        place(box, in: host, at: Rect(x: 10, y: 90, width: 200, height: 30))
        host.runUntilIdle()
        label.text = "Nobody listens"                             // nothing posted, nothing kept
        var heard: [String] = []
        let token = host.window.addAccessibilityObserver { n in
            switch n {
            case .contentChanged(let o): heard.append("content \(o.accessibilityLabel ?? o.accessibilityValue ?? "")")
            case .childrenChanged(let o): heard.append("children \((o as? View)?.subviews.count ?? -1)")
            default: break
            }
        }
        label.text = "Saved"
        field.text = "Ada"
        let chip = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        box.addSubview(chip)
        chip.isHidden = true
        chip.removeFromSuperview()
        label.accessibilityLabel = "Status"
        #expect(heard == ["content Saved", "content Ada", "children 1", "children 1", "children 0", "content Status"], "\(heard)")
        host.window.removeAccessibilityObserver(token)
        label.text = "Gone"
        #expect(heard.count == 6)
        host.runUntilIdle()
    }

    @Test("AX1: cells read their labels, bars mark their title and tabs")
    func AX1_cellsAndBars() {
        let host = makeHost()
        let cell = TableViewCell(reuseIdentifier: nil)
        cell.textLabel?.text = "Inbox"
        cell.detailTextLabel?.text = "3 unread"
        place(cell, in: host, at: Rect(x: 0, y: 0, width: 300, height: 44))
        host.runUntilIdle()
        #expect(cell.isAccessibilityElement && cell.accessibilityLabel == "Inbox, 3 unread" && cell.accessibilityTraits == [])
        cell.isSelected = true
        #expect(cell.accessibilityTraits == .selected)
        let bar = NavigationBar()
        #expect(bar.titleLabel.accessibilityTraits == [.staticText, .header])
        let tabs = TabBar()
        #expect(tabs.accessibilityTraits == .tabBar && !tabs.isAccessibilityElement)
        host.runUntilIdle()
    }
}

/// AX3: keyboard focus as on iPadOS and Mac Catalyst, driven by the key-input path.
@Suite("AX3 keyboard focus", .endsIdle)
@MainActor
struct KeyboardFocusTests {
    func press(_ host: HeadlessHost, _ name: String, _ m: KeyModifiers = []) {
        host.runLoop.send(.keyDown(Key(name), modifiers: m))
        host.runLoop.send(.keyUp(Key(name), modifiers: m))
        host.step()
    }

    func rings(_ host: HeadlessHost) -> Int {
        host.window.displayList.commands.filter { if case .strokeBorder(_, _, width: 3, _) = $0 { true } else { false } }.count
    }

    @Test("AX3: Tab and shift-Tab move between controls in reading order; space, return and arrows act; a ring follows")
    func AX3_focus() {
        let host = makeHost()
        let field = TextField(), slider = Slider(frame: .zero), save = Button(title: "Save"), off = Button(title: "Off")
        let toggle = Switch(frame: .zero)
        // Added out of reading order: focus follows the screen, not the subview list.
        for (v, f) in [(save, Rect(x: 10, y: 100, width: 100, height: 30)), (field, Rect(x: 10, y: 10, width: 200, height: 30)),
                       (slider, Rect(x: 10, y: 50, width: 200, height: 30)), (off, Rect(x: 120, y: 100, width: 80, height: 30)),
                       (toggle, Rect(x: 10, y: 150, width: 51, height: 31))] as [(View, Rect)] {
            v.translatesAutoresizingMaskIntoConstraints = true
            v.frame = f
            host.root.addSubview(v)
        }
        off.isEnabled = false
        host.runUntilIdle()
        var focusHeard: [String] = []
        host.window.addAccessibilityObserver { n in
            if case .focusChanged(let o) = n { focusHeard.append(o?.accessibilityLabel ?? o?.accessibilityValue ?? "?") }
        }
        var saves = 0, changes = 0
        save.addAction(for: .primaryActionTriggered) { _ in saves += 1 }
        slider.addAction(for: .valueChanged) { _ in changes += 1 }

        press(host, "tab")
        #expect(host.window.firstResponder === field && host.window.focusedView === field)
        press(host, "tab")
        #expect(host.window.focusedView === slider && host.window.firstResponder == nil && !field.isEditing)
        #expect(host.window.focusRingView === slider && rings(host) == 1)
        press(host, "right")
        press(host, "right")
        press(host, "left")
        #expect(abs(slider.value - 0.1) < 1e-9 && changes == 3)
        press(host, "tab")
        #expect(host.window.focusedView === save)            // the disabled button is skipped
        press(host, "space")
        press(host, "return")
        #expect(saves == 2)
        press(host, "tab")
        #expect(host.window.focusedView === toggle)
        press(host, "space")
        #expect(toggle.isOn)
        press(host, "tab", .shift)
        #expect(host.window.focusedView === save && rings(host) == 1)
        #expect(focusHeard.count == 5 && focusHeard.last == "Save")
        // A key the focused control does not use goes on along the chain to the window.
        var windowKeys: [String] = []
        host.window.onKey = { k, down in if down { windowKeys.append(k.name) }; return down }
        press(host, "x")
        #expect(windowKeys == ["x"])
        // A press of the pointer hides the ring; focus stays.
        host.runLoop.send(.pointerDown(Point(x: 390, y: 290)))
        host.runLoop.send(.pointerUp(Point(x: 390, y: 290)))
        host.step()
        #expect(host.window.focusRingView == nil && rings(host) == 0 && host.window.focusedView === save)
        host.runUntilIdle()
    }
}
