import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// CN1: the controls, driven by events as a person would.
@Suite("CN1 controls", .endsIdle)
@MainActor
struct ControlsTests {
    func place<V: View>(_ v: V, _ frame: Rect) -> (HeadlessHost, V) {
        let host = makeHost(width: 400, height: 300)
        v.translatesAutoresizingMaskIntoConstraints = true
        v.frame = frame
        host.root.addSubview(v)
        host.runUntilIdle()
        return (host, v)
    }

    func click(_ host: HeadlessHost, _ v: View, _ p: Point) {
        let w = v.convert(p, to: nil)
        host.runLoop.send(.pointerDown(w)); host.runLoop.send(.pointerUp(w))
        host.step()
    }

    @Test("CN1: a switch toggles on a click with a spring of the thumb, and by a drag; valueChanged once per change")
    func CN1_switch() {
        let (host, s) = place(Switch(), Rect(x: 20, y: 20, width: 51, height: 31))
        var changes = 0
        s.addAction(for: .valueChanged) { _ in changes += 1 }
        #expect(s.intrinsicContentSize == Size(width: 51, height: 31))
        click(host, s, Point(x: 25, y: 15))
        #expect(s.isOn && changes == 1)
        host.step(frames: 3)
        let thumb = s.subviews[0]
        #expect(thumb.presentation.position.x < thumb.center.x)                    // still springing across
        host.runUntilIdle()
        // A drag of the thumb back to the left turns it off; a drag that ends where it began does nothing.
        let a = s.convert(Point(x: 36, y: 15), to: nil)
        host.runLoop.send(.pointerDown(a))
        host.runLoop.send(.pointerMoved(Point(x: a.x - 30, y: a.y), buttons: 1))
        host.runLoop.send(.pointerUp(Point(x: a.x - 30, y: a.y)))
        host.runUntilIdle()
        #expect(!s.isOn && changes == 2)
        s.setOn(true, animated: false)
        #expect(s.isOn && changes == 2)                                         // not sent for code
        host.runUntilIdle()
    }

    @Test("CN1: a slider's thumb follows the pointer; a click on the track moves the value there, animated")
    func CN1_slider() {
        let (host, s) = place(Slider(), Rect(x: 20, y: 20, width: 228, height: 34))
        var values: [Double] = []
        s.addAction(for: .valueChanged) { c in values.append((c as! Slider).value) }
        click(host, s, Point(x: 14 + 150, y: 17))                               // 150 of 200 usable points
        #expect(abs(s.value - 0.75) < 1e-9 && values.count == 1)
        host.runUntilIdle()
        let thumb = Point(x: 14 + 150, y: 17)
        host.runLoop.send(.pointerDown(s.convert(thumb, to: nil)))
        host.runLoop.send(.pointerMoved(s.convert(Point(x: thumb.x - 100, y: 17), to: nil), buttons: 1))
        host.runLoop.send(.pointerUp(s.convert(Point(x: thumb.x - 100, y: 17), to: nil)))
        host.step()
        #expect(abs(s.value - 0.25) < 1e-9 && values.count == 2)
        s.isContinuous = false
        s.maximumValue = 10
        s.setValue(20, animated: false)
        #expect(s.value == 10)
        host.runUntilIdle()
    }

    @Test("CN1: a segmented control selects by tap with an animated indicator; segments insert and remove")
    func CN1_segmented() {
        let (host, s) = place(SegmentedControl(items: ["One", "Two", "Three"]), Rect(x: 10, y: 10, width: 300, height: 32))
        var changes = 0
        s.addAction(for: .valueChanged) { _ in changes += 1 }
        #expect(s.selectedSegmentIndex == SegmentedControl.noSegment && s.numberOfSegments == 3)
        click(host, s, Point(x: 250, y: 16))
        #expect(s.selectedSegmentIndex == 2 && changes == 1)
        click(host, s, Point(x: 250, y: 16))                                    // the same: no change
        #expect(changes == 1)
        host.runUntilIdle()
        s.insertSegment(withTitle: "Zero", at: 0, animated: true)
        #expect(s.selectedSegmentIndex == 3 && s.titleForSegment(at: 0) == "Zero")
        s.removeSegment(at: 3, animated: false)
        #expect(s.selectedSegmentIndex == SegmentedControl.noSegment && s.numberOfSegments == 3)
        host.runUntilIdle()
    }

    @Test("CN1: a stepper steps within its range (wrapping when asked); a page control moves a page a tap")
    func CN1_stepperAndPageControl() {
        let (host, st) = place(Stepper(), Rect(x: 10, y: 10, width: 94, height: 32))
        st.maximumValue = 2
        click(host, st, Point(x: 80, y: 16)); click(host, st, Point(x: 80, y: 16)); click(host, st, Point(x: 80, y: 16))
        #expect(st.value == 2)
        st.wraps = true
        click(host, st, Point(x: 80, y: 16))
        #expect(st.value == 0)
        host.runUntilIdle()
        let (host2, pc) = place(PageControl(), Rect(x: 10, y: 10, width: 200, height: 26))
        pc.numberOfPages = 5
        var pages: [Int] = []
        pc.addAction(for: .valueChanged) { c in pages.append((c as! PageControl).currentPage) }
        click(host2, pc, Point(x: 190, y: 13)); click(host2, pc, Point(x: 190, y: 13)); click(host2, pc, Point(x: 5, y: 13))
        #expect(pages == [1, 2, 1])
        host2.runUntilIdle()
    }

    @Test("CN1: a progress view animates to its progress; an activity indicator spins while animating and hides when stopped")
    func CN1_progressAndActivity() {
        let (host, p) = place(ProgressView(), Rect(x: 10, y: 10, width: 200, height: 4))
        p.setProgress(0.5, animated: true)
        host.step(frames: 3)
        let bar = p.subviews[0]
        #expect(bar.frame.width == 100 && bar.presentation.bounds.width < 100)
        host.runUntilIdle()
        p.setProgress(7, animated: false)
        #expect(p.progress == 1)
        host.runUntilIdle()
        let (host2, a) = place(ActivityIndicatorView(), Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(a.isHidden && !a.isAnimating)
        a.startAnimating()
        host2.step(frames: 10)
        #expect(!a.isHidden && a.isAnimating)
        a.stopAnimating()
        #expect(a.isHidden)
        host2.runUntilIdle()
    }

    @Test("CN1: a slider that is not continuous reports once, at the release, and only when the value changed")
    func CN1_sliderNotContinuous() {
        let (host, s) = place(Slider(), Rect(x: 20, y: 20, width: 228, height: 34))
        s.isContinuous = false
        var sent = 0
        s.addAction(for: .valueChanged) { _ in sent += 1 }
        let track = s.convert(Point(x: 14 + 150, y: 17), to: nil)
        host.runLoop.send(.pointerDown(track))
        host.step()
        #expect(abs(s.value - 0.75) < 1e-9 && sent == 0)                  // not at the press
        host.runLoop.send(.pointerUp(track))
        host.step()
        #expect(sent == 1)
        click(host, s, s.convert(track, from: nil))                          // the same place: no change
        #expect(sent == 1)
        host.runUntilIdle()
    }

    @Test("CN1: a page control's and an activity indicator's colours redraw them")
    func CN1_colourChangesRedraw() {
        let (host, pages) = place(PageControl(), Rect(x: 20, y: 20, width: 200, height: 30))
        pages.numberOfPages = 3
        host.runUntilIdle()
        pages.currentPageIndicatorTintColor = Color(red: 1, green: 0, blue: 0)
        #expect(pages.needsDisplay)
        host.runUntilIdle()
        pages.pageIndicatorTintColor = Color(red: 0, green: 1, blue: 0)
        #expect(pages.needsDisplay)
        let spinner = ActivityIndicatorView()
        spinner.frame = Rect(x: 20, y: 80, width: 40, height: 40)
        host.root.addSubview(spinner)
        host.runUntilIdle()
        let ticks = spinner.layer.sublayers!.first!
        #expect(!ticks.needsDisplayFlag)
        spinner.color = Color(red: 1, green: 0, blue: 0)
        #expect(ticks.needsDisplayFlag)
        host.runUntilIdle()
    }
}

/// CN1: button configurations.
@Suite("CN1 button configurations", .endsIdle)
@MainActor
struct ButtonConfigurationTests {
    @Test("CN1: a configuration's padding changes apply; a nil configuration brings back the per-state look")
    func CN1_configurationChangesAndRemoval() {
        let host = makeHost()
        var c = Button.Configuration.filled()
        c.title = "Buy"; c.subtitle = "Free shipping"; c.titlePadding = 2
        let b = Button(configuration: c)
        b.translatesAutoresizingMaskIntoConstraints = true
        host.root.addSubview(b)
        b.frame = Rect(origin: Point(x: 20, y: 20), size: b.intrinsicContentSize)
        host.runUntilIdle()
        let gap = b.subtitleLabel!.frame.minY - b.titleLabel.frame.maxY
        c.titlePadding = 12
        b.configuration = c
        b.frame = Rect(origin: Point(x: 20, y: 20), size: b.intrinsicContentSize)
        host.runUntilIdle()
        #expect(abs(b.subtitleLabel!.frame.minY - b.titleLabel.frame.maxY - (gap + 10)) < 1e-6)
        b.setTitle("Plain", for: .normal)
        b.configuration = nil
        host.runUntilIdle()
        #expect(b.subtitleLabel?.isHidden == true && b.titleLabel.text == "Plain")
        #expect(b.backgroundColor == Color(red: 0.2, green: 0.45, blue: 0.9))      // the per-state normal background
        #expect(abs(b.titleLabel.frame.midY - b.bounds.midY) < 1e-6)                // centred again
        host.runUntilIdle()
    }

    @Test("CN1: filled, tinted, gray and plain derive their colours from the tint; a subtitle stacks under the title")
    func CN1_configurations() {
        let host = makeHost()
        let tint = Color(red: 0.04, green: 0.52, blue: 1)
        var filled = Button.Configuration.filled()
        filled.title = "Buy"
        let b = Button(configuration: filled, identifier: "buy")
        host.root.addSubview(b)
        LayoutConstraint.activate([b.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
                                   b.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 20)])
        host.runUntilIdle()
        #expect(b.backgroundColor == tint && b.titleLabel.textColor == Color(red: 1, green: 1, blue: 1))
        let plainHeight = b.frame.height
        var withSubtitle = filled
        withSubtitle.subtitle = "Free shipping"
        withSubtitle.cornerStyle = .capsule
        b.configuration = withSubtitle
        host.runUntilIdle()
        #expect(b.frame.height > plainHeight + 10)
        #expect(b.subtitleLabel?.text == "Free shipping")
        #expect(b.subtitleLabel!.frame.minY >= b.titleLabel.frame.maxY)
        #expect(b.cornerRadius == b.intrinsicContentSize.height / 2)
        b.configuration = .tinted()
        #expect(b.backgroundColor == tint.withAlphaMultiplied(by: 0.18) && b.titleLabel.textColor == tint)
        b.configuration = .plain()
        #expect(b.backgroundColor == .clear)
        b.configuration = .gray()
        b.isEnabled = false
        #expect(b.titleLabel.textColor.alpha < 0.5)
        host.runUntilIdle()
    }

    @Test("CN1: pressing a configured button animates its highlight")
    func CN1_highlightAnimates() {
        let host = makeHost()
        let b = Button(configuration: .filled(), identifier: "b")
        b.translatesAutoresizingMaskIntoConstraints = true
        b.frame = Rect(x: 20, y: 20, width: 120, height: 40)
        host.root.addSubview(b)
        host.runUntilIdle()
        host.runLoop.send(.pointerDown(Point(x: 60, y: 40)))
        host.step()
        host.step()
        #expect(b.isHighlighted && b.backgroundColor != b.presentation.backgroundColor ?? .clear)   // on its way
        host.runLoop.send(.pointerUp(Point(x: 60, y: 40)))
        host.runUntilIdle()
        #expect(!b.isHighlighted && b.backgroundColor == Color(red: 0.04, green: 0.52, blue: 1))
    }
}
