import Observation
import Testing
import TimelineTestSupport
import Geometry
@testable import Views

/// State a view shows, observable as iOS 26's views observe their models.
@Observable @MainActor
final class BarModel {
    var isAnimating = false
    var width = 10.0
}

/// A view applying its model in `updateProperties()`, logging each run and each layout.
final class ModelDrivenView: View {
    let model: BarModel
    var log: [String] = []
    init(model: BarModel) {
        self.model = model
        super.init(frame: Rect(x: 0, y: 0, width: 100, height: 4))
    }
    override func updateProperties() {
        log.append("properties animating=\(model.isAnimating)")
        alpha = model.isAnimating ? 1 : 0
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        log.append("layout")
    }
}

/// iOS 26's properties pass (RU3: GradientLoadingBar's indicator restarts its animation there):
/// `updateProperties()` runs before layout, once a view is in a window, when flagged, and when an
/// `Observable` value it read changes.
@Suite("RU3 the properties pass: updateProperties before layout, driven by Observation", .endsIdle)
@MainActor
struct UpdatePropertiesRU3Tests {
    @Test("RU3 updateProperties runs once when a view joins a window, before its layout, and once more per setNeedsUpdateProperties however often called")
    func RU3_runsBeforeLayoutAndCoalesces() {
        let host = makeHost()
        let view = ModelDrivenView(model: BarModel())
        view.setNeedsUpdateProperties()
        #expect(view.log.isEmpty)                       // no window: nothing runs
        host.root.addSubview(view)
        host.step()
        #expect(view.log == ["properties animating=false", "layout"])
        #expect(!view.needsUpdateProperties)
        view.setNeedsUpdateProperties()
        view.setNeedsUpdateProperties()
        host.step()
        #expect(view.log.filter { $0.hasPrefix("properties") }.count == 2)
        view.setNeedsUpdateProperties()
        view.updatePropertiesIfNeeded()                 // now, not at the next frame
        #expect(view.log.filter { $0.hasPrefix("properties") }.count == 3)
        host.step()
        #expect(view.log.filter { $0.hasPrefix("properties") }.count == 3)
    }

    @Test("RU3 a change to an Observable value updateProperties read flags the view again; one it did not read does not")
    func RU3_observationFlagsTheView() async {
        let host = makeHost()
        let model = BarModel()
        let view = ModelDrivenView(model: model)
        host.root.addSubview(view)
        host.step()
        #expect(view.alpha == 0)
        model.width = 40                                // not read by updateProperties
        await Self.mainActorTurn()
        #expect(!view.needsUpdateProperties)
        model.isAnimating = true                        // read: the view is flagged
        await Self.mainActorTurn()
        #expect(view.needsUpdateProperties)
        host.step()
        #expect(view.alpha == 1)
        #expect(view.log.last(where: { $0.hasPrefix("properties") }) == "properties animating=true")
        model.isAnimating = false                       // tracked again after each run
        await Self.mainActorTurn()
        host.step()
        #expect(view.alpha == 0)
        _ = host.runUntilIdle()
    }

    /// Lets work the main actor queued before the call run (Observation's change handler sets
    /// the flag on the main actor).
    static func mainActorTurn() async {
        await Task { @MainActor in }.value
    }
}
