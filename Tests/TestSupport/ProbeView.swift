import Timeline

/// A view that counts and logs its update-cycle calls (for U1-U9 tests).
@MainActor
open class ProbeView: View {
    public var layouts = 0
    public var draws: [Rect] = []
    public var constraintUpdates = 0
    public var onLayout: (() -> Void)?
    public var onDraw: (() -> Void)?
    public var onUpdateConstraints: (() -> Void)?
    public var log: ((String) -> Void)?

    public init(_ id: String, frame: Rect = Rect(x: 0, y: 0, width: 100, height: 100)) {
        super.init(frame: frame)
        identifier = id
    }

    open override func layoutSubviews() {
        layouts += 1
        log?("\(traceName).layoutSubviews")
        super.layoutSubviews()
        onLayout?()
    }
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        draws.append(rect)
        log?("\(traceName).draw")
        onDraw?()
    }
    open override func updateConstraints() {
        constraintUpdates += 1
        log?("\(traceName).updateConstraints")
        onUpdateConstraints?()
        super.updateConstraints()
    }
}

