import Geometry
import RenderModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an ``EmitterLayer`` emits, as `CAEmitterCell`: particles born at ``birthRate`` per
/// second that live ``lifetime`` seconds, leave in a cone round ``emissionLongitude`` at
/// ``velocity``, accelerate, spin, scale and fade. Each `…Range` widens its value to value ±
/// range, drawn per particle from the layer's seeded sequence.
///
/// Until images arrive (issue 25) a particle has no `contents`: it is a disc or square of
/// ``contentsSize`` points in ``color``.
@MainActor
public final class EmitterCell {
    /// The particle's stand-in for an image.
    public enum ContentsShape: String, Sendable, CaseIterable { case circle, square }

    /// The cell's name, for finding it and for key paths; not drawn.
    public var name: String?
    /// Whether the cell emits; a disabled cell's living particles are not drawn.
    public var isEnabled = true
    /// Particles per second (times the layer's ``EmitterLayer/birthRate``).
    public var birthRate: Double = 0
    /// Seconds a particle lives (times the layer's ``EmitterLayer/lifetime``).
    public var lifetime: Double = 0
    /// Seconds a particle's lifetime varies by, either way.
    public var lifetimeRange: Double = 0
    /// Points per second.
    public var velocity: Double = 0
    /// Points per second a particle's velocity varies by, either way.
    public var velocityRange: Double = 0
    /// Points per second squared.
    public var xAcceleration: Double = 0
    /// Points per second squared, downwards on screen when positive.
    public var yAcceleration: Double = 0
    /// The direction particles leave in, in radians from the x axis towards y (down on screen).
    public var emissionLongitude: Double = 0
    /// The cone's whole angle round the longitude, in radians (2π: every direction).
    public var emissionRange: Double = 0
    /// Radians per second.
    public var spin: Double = 0
    /// Radians per second a particle's spin varies by, either way.
    public var spinRange: Double = 0
    /// The particle's size as a multiple of ``contentsSize`` at birth.
    public var scale: Double = 1
    /// How much a particle's ``scale`` varies by, either way.
    public var scaleRange: Double = 0
    /// Scale added per second.
    public var scaleSpeed: Double = 0
    /// The particle's colour at birth (its fill, until images arrive).
    public var color: Color = .white
    /// How much each colour component (0...1) varies by at birth, either way.
    public var redRange: Double = 0, greenRange: Double = 0, blueRange: Double = 0, alphaRange: Double = 0
    /// Alpha added per second (negative fades out).
    public var alphaSpeed: Double = 0
    /// The particle's size in points at scale 1.
    public var contentsSize = Size(width: 8, height: 8)
    /// Whether a particle is drawn as a disc or a square.
    public var contentsShape: ContentsShape = .circle

    /// A cell that emits nothing (``birthRate`` 0) until configured.
    public init() {}
}

/// A layer that emits particles, as `CAEmitterLayer` (CA3). Particles are not simulated frame by
/// frame: particle k of a cell is born at k / rate seconds after the emitter first drew, and
/// everything about it (where in the emitter shape, direction, speed, lifetime, spin, scale,
/// colour) is a function of ``seed``, the cell and k, so every frame is a function of its time
/// alone and reproducible.
@MainActor
open class EmitterLayer: Layer {
    /// Where particles are born round ``emitterPosition``, within ``emitterSize``.
    public enum Shape: String, Sendable, CaseIterable { case point, line, rectangle, circle }
    /// Whether they are born inside the shape or on its outline.
    public enum Mode: String, Sendable, CaseIterable { case points, outline, surface, volume }
    /// The drawing order of particles.
    public enum RenderMode: String, Sendable, CaseIterable { case unordered, oldestFirst, oldestLast }

    /// The most particles a cell draws at once; older ones beyond it are not drawn.
    public static let maximumParticlesPerCell = 2_000
    /// The most particles the layer draws at once, all cells together.
    public static let maximumParticles = 5_000
    /// The most particles one draw evaluates, all cells together (born in a cell's longest
    /// lifetime, alive or not): many cells cost no more than this.
    public static let maximumEvaluations = 10_000

    /// The cells emitted, each with its own particles; nil or empty: nothing is emitted.
    public var emitterCells: [EmitterCell]? { didSet { cellsDidChange() } }
    /// The emitter's centre in the layer's coordinates, in points.
    public var emitterPosition: Point = .zero { didSet { changed(.emitterPosition, .point(oldValue)) } }
    /// The emitter's z position in points, for 3D emitter shapes.
    public var emitterZPosition: Double = 0 { didSet { changed(.emitterZPosition, .number(oldValue)) } }
    /// The emitter shape's size in points (a line's length, a rectangle's sides).
    public var emitterSize: Size = .zero { didSet { changed(.emitterSize, .size(oldValue)) } }
    /// The shape particles are born on or in: a point, line, rectangle or circle.
    public var emitterShape: Shape = .point { didSet { contentDidChange() } }
    /// Where on the shape particles are born: at points, on the outline, on the surface or throughout the volume.
    public var emitterMode: Mode = .volume { didSet { contentDidChange() } }
    /// The order particles are drawn in: unordered, oldest first or oldest last.
    public var renderMode: RenderMode = .unordered { didSet { contentDidChange() } }
    /// Multipliers of every cell's values.
    public var birthRate: Double = 1 { didSet { changed(.birthRate, .number(oldValue)) } }
    /// Multiplies every cell's ``EmitterCell/lifetime``.
    public var lifetime: Double = 1 { didSet { changed(.lifetime, .number(oldValue)) } }
    /// Multiplies every cell's ``EmitterCell/velocity``.
    public var velocity: Double = 1 { didSet { changed(.velocity, .number(oldValue)) } }
    /// Multiplies every cell's ``EmitterCell/scale``.
    public var scale: Double = 1 { didSet { changed(.scale, .number(oldValue)) } }
    /// Multiplies every cell's ``EmitterCell/spin``.
    public var spin: Double = 1 { didSet { changed(.spin, .number(oldValue)) } }
    /// The seed of every particle's random choices.
    public var seed: UInt32 = 0 { didSet { contentDidChange() } }

    /// Seconds since emission started, for the draw in progress (set by the renderer).
    var renderTime = 0.0
    /// The local time emission started at (the first draw), kept on the model layer.
    var emissionStart: Double?
    /// How many particles the last draw evaluated (the renderer bounds replicated work by it).
    public private(set) var lastEvaluations = 0

    public override init() { super.init() }
    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
    public required init(layer: Layer) { super.init(layer: layer) }

    open override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let o = other as? EmitterLayer else { return }
        emitterCells = o.emitterCells; emitterPosition = o.emitterPosition; emitterZPosition = o.emitterZPosition
        emitterSize = o.emitterSize; emitterShape = o.emitterShape; emitterMode = o.emitterMode; renderMode = o.renderMode
        birthRate = o.birthRate; lifetime = o.lifetime; velocity = o.velocity; scale = o.scale; spin = o.spin; seed = o.seed
        emissionStart = o.emissionStart
    }

    nonisolated open override class func hasProperty(_ property: LayerProperty) -> Bool {
        if super.hasProperty(property) { return true }
        return property.rawValue >= LayerProperty.emitterPosition.rawValue && property.rawValue <= LayerProperty.spin.rawValue
    }

    open override func value(for property: LayerProperty) -> LayerValue {
        switch property {
        case .emitterPosition: .point(emitterPosition)
        case .emitterZPosition: .number(emitterZPosition)
        case .emitterSize: .size(emitterSize)
        case .birthRate: .number(birthRate)
        case .lifetime: .number(lifetime)
        case .velocity: .number(velocity)
        case .scale: .number(scale)
        case .spin: .number(spin)
        default: super.value(for: property)
        }
    }

    open override func setValue(_ value: LayerValue, for property: LayerProperty) {
        switch (property, value) {
        case (.emitterPosition, .point(let v)): emitterPosition = v
        case (.emitterZPosition, .number(let v)): emitterZPosition = v
        case (.emitterSize, .size(let v)): emitterSize = v
        case (.birthRate, .number(let v)): birthRate = v
        case (.lifetime, .number(let v)): lifetime = v
        case (.velocity, .number(let v)): velocity = v
        case (.scale, .number(let v)): scale = v
        case (.spin, .number(let v)): spin = v
        default: super.setValue(value, for: property)
        }
    }

    /// An emitter with cells to emit changes every frame.
    override var changesContinuously: Bool { super.changesContinuously || (emitterCells?.contains { $0.isEnabled && $0.birthRate > 0 } ?? false) }

    private func cellsDidChange() {
        contentDidChange()
        if changesContinuously { engine?.layerChangesContinuously(self) }
    }

    /// One particle as it is at the draw's time.
    public struct Particle: Sendable, Equatable {
        /// The particle's centre in the layer's coordinates, in points.
        public var position: Point
        /// The particle's size in points, scale applied.
        public var size: Size
        /// The particle's rotation in radians, spin applied.
        public var angle: Double
        /// The particle's colour now, ranges and alpha speed applied.
        public var color: Color
        /// Seconds since the particle was born.
        public var age: Double
        /// Disc or square, from its cell.
        public var shape: EmitterCell.ContentsShape
        /// Which particle this is: its cell's index in ``emitterCells`` and its birth number
        /// in that cell (the k-th born), the same in every frame it lives.
        public var cell: Int
        /// The particle's birth number in its cell.
        public var serial: UInt64
    }

    /// The particles the renderer drew this layer with last (at the time it prepared this
    /// presentation for), as ``renderContent(into:)`` draws them: for exporters that write
    /// each particle as an object of its own (LT4).
    public func drawnParticles() -> [Particle] {
        guard emitterCells?.isEmpty == false else { return [] }
        return particles(at: renderTime)
    }

    /// The particles alive at local time `t` (seconds since emission started), cell by cell
    /// in ``renderMode`` order.
    public func particles(at t: Double) -> [Particle] {
        var out: [Particle] = []
        lastEvaluations = 0
        guard t.isFinite, t >= 0, let cells = emitterCells else { return out }
        var budget = Self.maximumEvaluations
        for (c, cell) in cells.enumerated() where cell.isEnabled {
            let rate = cell.birthRate * birthRate
            guard rate > 0, rate.isFinite else { continue }
            let longest = max(0, (cell.lifetime + abs(cell.lifetimeRange)) * lifetime)
            guard longest > 0, longest.isFinite else { continue }
            // Particles born in (t - longest, t]: k / rate in that window, the newest first
            // kept when the window holds more than the cell's or the draw's bound.
            let last = (t * rate).rounded(.down)
            var first = max(0, ((t - longest) * rate).rounded(.down))
            let allowed = Double(min(Self.maximumParticlesPerCell, budget) - 1)
            if last - first > allowed { first = last - allowed }
            guard last >= first, last < 1e15 else { continue }
            budget -= Int(last - first) + 1
            var cellParticles: [Particle] = []
            var k = first
            while k <= last {
                if let p = particle(cell, index: c, k: UInt64(k), rate: rate, at: t) { cellParticles.append(p) }
                k += 1
            }
            if renderMode == .oldestLast { cellParticles.reverse() }
            out.append(contentsOf: cellParticles.prefix(Self.maximumParticles - out.count))
            if out.count >= Self.maximumParticles || budget <= 0 { break }
        }
        lastEvaluations = Self.maximumEvaluations - budget
        return out
    }

    /// Particle `k` of cell number `c` at time `t`, or nil when it is not alive or not visible.
    private func particle(_ cell: EmitterCell, index c: Int, k: UInt64, rate: Double, at t: Double) -> Particle? {
        var random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(c) &* 0xBF58_476D_1CE4_E5B9 ^ k &* 0x94D0_49BB_1331_11EB)
        func spread(_ value: Double, _ range: Double) -> Double { value + (random.unit() * 2 - 1) * range }
        let born = Double(k) / rate
        let age = t - born
        let life = spread(cell.lifetime, cell.lifetimeRange) * lifetime
        guard age >= 0, age < life else { return nil }
        // Birth place within the emitter shape.
        let u = random.unit(), v = random.unit()
        let w = emitterSize.width, h = emitterSize.height
        let outline = emitterMode == .outline
        var origin = emitterPosition
        switch emitterShape {
        case .point: break
        case .line: origin.x += (u - 0.5) * w
        case .rectangle:
            if outline {
                // A point on the perimeter, by length.
                let perimeter = 2 * (w + h)
                var s = u * perimeter
                if s < w { origin.x += s - w / 2; origin.y -= h / 2 } else {
                    s -= w
                    if s < h { origin.x += w / 2; origin.y += s - h / 2 } else {
                        s -= h
                        if s < w { origin.x += w / 2 - s; origin.y += h / 2 } else { s -= w; origin.x -= w / 2; origin.y += h / 2 - s }
                    }
                }
            } else {
                origin.x += (u - 0.5) * w; origin.y += (v - 0.5) * h
            }
        case .circle:
            let r = (outline ? 1 : u.squareRoot()) * w / 2, a = v * 2 * .pi
            origin.x += r * cos(a); origin.y += r * sin(a)
        }
        let direction = cell.emissionLongitude + (random.unit() - 0.5) * cell.emissionRange
        let speed = spread(cell.velocity, cell.velocityRange) * velocity
        let x = origin.x + speed * cos(direction) * age + 0.5 * cell.xAcceleration * age * age
        let y = origin.y + speed * sin(direction) * age + 0.5 * cell.yAcceleration * age * age
        let s = (spread(cell.scale, cell.scaleRange) + cell.scaleSpeed * age) * scale
        let angle = spread(cell.spin, cell.spinRange) * spin * age
        func unit(_ x: Double) -> Double { min(max(x, 0), 1) }
        let color = Color(red: unit(spread(cell.color.red, cell.redRange)), green: unit(spread(cell.color.green, cell.greenRange)),
                          blue: unit(spread(cell.color.blue, cell.blueRange)),
                          alpha: unit(spread(cell.color.alpha, cell.alphaRange) + cell.alphaSpeed * age))
        guard s > 0, color.alpha > 0, x.isFinite, y.isFinite, s.isFinite else { return nil }
        return Particle(position: Point(x: x, y: y), size: Size(width: cell.contentsSize.width * s, height: cell.contentsSize.height * s),
                        angle: angle, color: color, age: age, shape: cell.contentsShape, cell: c, serial: k)
    }

    /// Particles are a function of the time since the emitter first drew (kept on the model).
    override func prepareToRender(model: Layer, mediaTime: Double, fonts: FontSystem?) {
        super.prepareToRender(model: model, mediaTime: mediaTime, fonts: fonts)
        guard let m = model as? EmitterLayer else { return }
        let now = model.localTime(forMediaTime: mediaTime)
        if m.emissionStart == nil { m.emissionStart = now }
        renderTime = now - (m.emissionStart ?? now)
    }

    open override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)
        guard emitterCells?.isEmpty == false else { return }
        for p in particles(at: renderTime) {
            let r = Rect(x: p.position.x - p.size.width / 2, y: p.position.y - p.size.height / 2, width: p.size.width, height: p.size.height)
            switch p.shape {
            case .circle where p.size.width == p.size.height:
                list.append(.fillEllipse(r, p.color))
            case .circle:
                list.append(.fillShape(Path(ellipseIn: r).applying(Self.turn(p)), .color(p.color), .nonZero))
            case .square:
                list.append(.fillShape(Path(rect: r).applying(Self.turn(p)), .color(p.color), .nonZero))
            }
        }
    }

    /// The particle's spin about its centre.
    private static func turn(_ p: Particle) -> AffineTransform {
        AffineTransform(translationX: -p.position.x, y: -p.position.y)
            .concatenating(AffineTransform(rotationAngle: p.angle))
            .concatenating(AffineTransform(translationX: p.position.x, y: p.position.y))
    }
}

/// SplitMix64: a tiny, well-mixed generator, enough for particle choices and a Lottie text
/// animator's shuffled order; the same seed gives the same numbers on every run.
public struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    /// A generator whose numbers are fixed by `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits: one addition and three multiply-xor-shift steps.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
