import Geometry
@testable import TimelineEngine

/// A view that counts and logs its update-cycle calls.
@MainActor
class ProbeView: View {
    var layouts = 0
    var draws: [Rect] = []
    var constraintUpdates = 0
    var onLayout: (() -> Void)?
    var onDraw: (() -> Void)?
    var onUpdateConstraints: (() -> Void)?
    var log: ((String) -> Void)?

    init(_ id: String, frame: Rect = Rect(x: 0, y: 0, width: 100, height: 100)) {
        super.init(frame: frame)
        identifier = id
    }

    override func layoutSubviews() {
        layouts += 1
        log?("\(traceName).layoutSubviews")
        super.layoutSubviews()
        onLayout?()
    }
    override func draw(_ rect: Rect, in canvas: Canvas) {
        draws.append(rect)
        log?("\(traceName).draw")
        onDraw?()
    }
    override func updateConstraints() {
        constraintUpdates += 1
        log?("\(traceName).updateConstraints")
        onUpdateConstraints?()
        super.updateConstraints()
    }
}

@MainActor
func makeHost(width: Double = 400, height: Double = 300) -> HeadlessHost {
    HeadlessHost(size: Size(width: width, height: height))
}
