import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("K1 controls, K3 stack views", .endsIdle)
@MainActor
struct ControlTests {
    /// A host with `view` pinned at (20, 20), laid out.
    func host(with view: View, width: Double = 120, height: Double = 40) -> HeadlessHost {
        let host = makeHost()
        host.root.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
            view.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 20),
            view.widthAnchor.constraint(equalToConstant: width), view.heightAnchor.constraint(equalToConstant: height),
        ])
        host.runUntilIdle()
        return host
    }

    @Test("K1: a tap sends touch down, then touch up inside and the primary action, in the events phase; the button highlights while pressed")
    func K1_buttonTap() {
        let button = Button(title: "Go", identifier: "go")
        let host = host(with: button)
        var log: [String] = []
        button.addAction(for: .touchDown) { _ in log.append("down@\(host.runLoop.phase)") }
        button.addAction(for: .touchUpInside) { _ in log.append("upInside") }
        button.addAction(for: .primaryActionTriggered) { _ in log.append("primary") }
        button.addAction(for: .touchUpOutside) { _ in log.append("upOutside") }
        let normal = button.backgroundColor
        host.runLoop.send(.pointerDown(Point(x: 60, y: 40), button: 1))
        host.step()
        #expect(button.isHighlighted && button.state == .highlighted)
        #expect(button.backgroundColor != normal)                       // highlighted look
        host.runLoop.send(.pointerUp(Point(x: 62, y: 41), button: 1))
        host.step()
        #expect(log == ["down@events", "upInside", "primary"])
        #expect(!button.isHighlighted && button.backgroundColor == normal)
        host.runUntilIdle()
    }

    @Test("K1: releasing outside (past the tracking margin) sends touch up outside; moving back in highlights again")
    func K1_releaseOutside() {
        let button = Button(title: "Go")
        let host = host(with: button)
        var log: [String] = []
        button.addAction(for: [.touchUpInside, .touchUpOutside]) { _ in log.append(button.isHighlighted ? "?" : "up") }
        button.addAction(for: .touchUpOutside) { _ in log.append("outside") }
        host.runLoop.send(.pointerDown(Point(x: 30, y: 30), button: 1))
        host.runLoop.send(.pointerMoved(Point(x: 300, y: 200), buttons: 1))
        host.step()
        #expect(!button.isHighlighted)
        host.runLoop.send(.pointerMoved(Point(x: 40, y: 30), buttons: 1))
        host.step()
        #expect(button.isHighlighted)
        host.runLoop.send(.pointerUp(Point(x: 300, y: 200), button: 1))
        host.step()
        #expect(log == ["up", "outside"])
        host.runUntilIdle()
    }

    @Test("K1: a disabled control ignores input and shows its disabled state; hidden and non-interactive views are not hit")
    func K1_disabledAndHitTesting() {
        let button = Button(title: "Go")
        let host = host(with: button)
        var taps = 0
        button.addAction(for: .primaryActionTriggered) { _ in taps += 1 }
        button.isEnabled = false
        #expect(button.state == .disabled)
        host.runLoop.send(.pointerDown(Point(x: 60, y: 40), button: 1))
        host.runLoop.send(.pointerUp(Point(x: 60, y: 40), button: 1))
        host.step()
        #expect(taps == 0)
        button.isEnabled = true
        button.isHidden = true
        #expect(host.root.hitTest(Point(x: 60, y: 40)) === host.root)
        button.isHidden = false
        button.isUserInteractionEnabled = false
        #expect(host.root.hitTest(Point(x: 60, y: 40)) === host.root)
        host.runUntilIdle()
    }

    @Test("K1: a button's intrinsic size is its title's plus the content insets, and follows the title")
    func K1_buttonIntrinsicSize() {
        let button = Button(title: "Go", fontSize: 10)
        let fonts = button.fontSystem
        func size(_ s: String) -> Size {
            let l = TextLayout(s, style: TextStyle(font: .systemFont(ofSize: 10)), in: fonts).size
            return Size(width: l.width.rounded(.up), height: l.height.rounded(.up))
        }
        #expect(button.intrinsicContentSize == Size(width: size("Go").width + 32, height: size("Go").height + 16))
        button.setTitle("Longer", for: .normal)
        #expect(button.intrinsicContentSize.width == size("Longer").width + 32)
    }

    func stack(_ axis: StackView.Axis, _ distribution: StackView.Distribution, _ alignment: StackView.Alignment,
               sizes: [Size]) -> (HeadlessHost, StackView, [View]) {
        let views = sizes.enumerated().map { k, s -> View in
            let v = View(identifier: "v\(k)")
            LayoutConstraint.activate([
                v.widthAnchor.constraint(equalToConstant: s.width), v.heightAnchor.constraint(equalToConstant: s.height),
            ].map { c in c.priority = distribution == .fillEqually ? 500 : 1000; return c })
            return v
        }
        let stack = StackView(arrangedSubviews: views, identifier: "stack")
        stack.axis = axis
        stack.distribution = distribution
        stack.alignment = alignment
        stack.spacing = 10
        let host = makeHost()
        host.root.addSubview(stack)
        LayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 5),
                                   stack.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 5)])
        host.runUntilIdle()
        return (host, stack, views)
    }

    @Test("K3: a horizontal fill stack places views side by side with the spacing and hugs them")
    func K3_horizontalFill() {
        let (host, stack, v) = stack(.horizontal, .fill, .center, sizes: [Size(width: 30, height: 20), Size(width: 40, height: 50)])
        #expect(v[0].frame == Rect(x: 0, y: 15, width: 30, height: 20))      // centred across the axis
        #expect(v[1].frame == Rect(x: 40, y: 0, width: 40, height: 50))
        #expect(stack.frame == Rect(x: 5, y: 5, width: 80, height: 50))
        #expect(host.window.layoutEngine.requiredConstraintViolations().isEmpty)
        host.runUntilIdle()
    }

    @Test("K3: a vertical fillEqually stack gives every view the same height; leading alignment keeps widths")
    func K3_verticalFillEqually() {
        let (host, stack, v) = stack(.vertical, .fillEqually, .leading, sizes: [Size(width: 30, height: 20), Size(width: 60, height: 30)])
        #expect(v[0].frame.height == v[1].frame.height)
        #expect(v[1].frame.minY == v[0].frame.maxY + 10)
        #expect(v[0].frame.minX == 0 && v[1].frame.minX == 0)
        _ = stack
        host.runUntilIdle()
    }

    @Test("K3: equalSpacing makes the gaps equal when the stack is wider than its views")
    func K3_equalSpacing() {
        let (host, stack, v) = stack(.horizontal, .equalSpacing, .fill, sizes: [Size(width: 10, height: 10), Size(width: 20, height: 10), Size(width: 30, height: 10)])
        LayoutConstraint.activate([stack.widthAnchor.constraint(equalToConstant: 200)])
        host.runUntilIdle()
        let gap1 = v[1].frame.minX - v[0].frame.maxX, gap2 = v[2].frame.minX - v[1].frame.maxX
        #expect(abs(gap1 - gap2) < 1e-9 && abs(gap1 - 70) < 1e-9)
        host.runUntilIdle()
    }

    @Test("K3: hiding an arranged view inside an animation block animates the others into place")
    func K3_hideAnimates() {
        let (host, stack, v) = stack(.horizontal, .fill, .fill, sizes: [Size(width: 30, height: 20), Size(width: 40, height: 20), Size(width: 50, height: 20)])
        #expect(v[2].frame.minX == 90)
        View.animate(withDuration: 0.2, curve: .linear) {
            v[1].isHidden = true
            stack.layoutIfNeeded()
        }
        #expect(v[2].frame.minX == 40)                                      // the model at once
        host.step()
        host.step(frames: 6)
        #expect(v[2].presentation.frame.minX > 40 && v[2].presentation.frame.minX < 90)   // on its way
        host.runUntilIdle()
        #expect(v[2].presentation.frame.minX == 40)
        #expect(host.runLoop.diagnostics.entries(of: .unsatisfiableConstraints).isEmpty)
        v[1].isHidden = false
        host.runUntilIdle()
        #expect(v[2].frame.minX == 90)
    }
}
