import PanelApp
import Testing
import Timeline

/// The app's screen tested headless, frame by frame on the manual clock, as the library's own
/// tests are: a click on "Show panel" springs the panel in.
@Suite("The example app's panel screen")
@MainActor
struct PanelViewControllerTests {
    @Test("A click on Show panel springs the panel in by its constraint; Hide panel springs it out")
    func showAndHidePanel() {
        let host = HeadlessHost(size: Size(width: 640, height: 400))
        let controller = PanelViewController()
        host.window.rootViewController = controller
        host.runUntilIdle()
        #expect(controller.panel.frame.minX == 640)                       // off screen, right of the root
        #expect(!controller.hideButton.isEnabled)

        click(controller.showButton, in: host)
        #expect(controller.isPanelShown && controller.status.text == "Panel shown")
        var positions: [Double] = []
        while host.step() != nil, host.runLoop.animations.runningCount > 0 {
            positions.append(controller.panel.presentation.frame.minX)
        }
        host.runUntilIdle()
        let shown = 640 - controller.panelWidth - 24
        #expect(positions.count > 10)
        #expect(positions.contains { $0 < shown })                         // a bounce: it overshoots
        #expect(controller.panel.presentation.frame.minX == shown)

        click(controller.hideButton, in: host)
        host.runUntilIdle()
        #expect(controller.panel.presentation.frame.minX == 640 && !controller.isPanelShown)
        #expect(host.isIdle)
    }

    /// A press and release at the centre of `button`, delivered in the next frame's events phase.
    func click(_ button: Button, in host: HeadlessHost) {
        let centre = button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil)
        host.runLoop.send(.pointerDown(centre, button: 1))
        host.runLoop.send(.pointerUp(centre, button: 1))
        host.step()
    }
}

/// The progress ring's arc animates strokeEnd on its shape layer, frame by frame.
@Suite("The example app's progress ring")
@MainActor
struct ProgressRingTests {
    @Test("CA3 CA4 setProgress animates the arc's strokeEnd from 0 to the value; the model is set at once")
    func ringAnimates() {
        let host = HeadlessHost(size: Size(width: 200, height: 200))
        let ring = ProgressRing(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        host.window.rootViewController?.view.addSubview(ring) ?? host.root.addSubview(ring)
        host.runUntilIdle()
        ring.setProgress(0.75, animated: true)
        #expect(ring.arc.strokeEnd == 0.75)
        var shown: [Double] = []
        for _ in 0..<30 {
            host.step()
            shown.append(ring.arc.presentation()?.strokeEnd ?? -1)
        }
        #expect(shown.first == 0)                                    // the commit frame shows the start
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(shown.contains { $0 > 0.3 && $0 < 0.5 })
        host.runUntilIdle()
        #expect(ring.arc.presentation()?.strokeEnd == 0.75 && ring.arc.animationKeys() == nil)
    }
}
