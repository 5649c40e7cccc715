/// Runs animations in phase 2 of each frame and their completions in phase 3.
@MainActor
public final class AnimationEngine {
    unowned let runLoop: MainRunLoop
    init(runLoop: MainRunLoop) { self.runLoop = runLoop }
    var hasWork: Bool { false }
    func captureChange(of property: AnimatableProperty, on view: View) -> Bool { false }
    func tick(to time: Double) {}
    func runCompletions() {}
    func viewWillLeaveWindow(_ view: View) {}
}
