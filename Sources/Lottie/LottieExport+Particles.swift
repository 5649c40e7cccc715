import Geometry
import Layers
import RenderModel

// An emitter's particles as Lottie layers (LT4): baked, one layer per particle.

extension LottieRecorder {
    /// The most particle layers one emitter (or one replicator copy of it) exports over the
    /// range; particles born after that many are left out with a warning naming the layer.
    /// Each is a layer with its keyframes: players slow down long before the engine does.
    public static let maximumParticleLayers = 2_000

    /// Records `particles`, what `emitter` (a presentation, drawn this frame) drew, as layers
    /// parented to its node `parent`, in the order it drew them.
    ///
    /// Every particle is an object of its own in every frame it lives (its cell and birth
    /// number name it), so it becomes one Lottie layer whose in and out points are the first
    /// and last frames it is drawn in: a disc or a square of the cell's contents size centred
    /// on the layer's anchor, its position, spin (degrees), scale (its size over the contents
    /// size), colour and alpha (the layer's opacity) sampled per frame and reduced to keyframes
    /// as any other property. Nothing is simulated here: the emitter is seeded and evaluates
    /// each particle as a function of time, so what is written is what each frame drew.
    func recordParticles(_ particles: [EmitterLayer.Particle], of emitter: EmitterLayer, model: Layer, copy: Int, name: String,
                         parent: Int, into painted: inout [Int]) {
        let cells = emitter.emitterCells ?? []
        let owner = ParticleOwner(layer: ObjectIdentifier(model), copy: copy)
        for p in particles where p.cell < cells.count {
            let key = Node.Key(model, .particle(copy: copy, cell: p.cell, serial: p.serial))
            if nodeIndex[key] == nil {
                let count = particleLayerCounts[owner, default: 0]
                guard count < Self.maximumParticleLayers else {
                    warn("emitter layer '\(name)' would export more than \(Self.maximumParticleLayers) particle layers: "
                         + "particles born after the first \(Self.maximumParticleLayers) are not exported")
                    continue
                }
                particleLayerCounts[owner] = count + 1
            }
            let base = cells[p.cell].contentsSize
            guard base.width > 0, base.height > 0 else { continue }
            // A round particle is drawn unturned (its spin shows nothing): no rotation keys.
            let round = p.shape == .circle && p.size.width == p.size.height
            let turn = round ? 0 : p.angle
            let scale = Geometry.AffineTransform(scaleX: p.size.width / base.width, y: p.size.height / base.height)
                .concatenating(Geometry.AffineTransform(rotationAngle: turn))
            var s = Sample(anchor: .zero, position: p.position, transform: scale, opacity: p.color.alpha * 100, warn: { self.warn($0) })
            let opaque = Color(red: p.color.red, green: p.color.green, blue: p.color.blue, alpha: 1)
            let r = Rect(x: -base.width / 2, y: -base.height / 2, width: base.width, height: base.height)
            s.shapes = [p.shape == .circle ? ShapeSample(ellipse: r, color: opaque, width: nil) : ShapeSample(rect: r, radius: 0, color: opaque, fill: true)]
            let node = record(key, name: "\(name) particle \(p.cell + 1).\(p.serial + 1)", parent: parent, s)
            nodes[node].isTransient = true
            painted.append(node)
        }
    }

    /// What the particle cap counts by: an emitter layer, or a replicator's copy of it.
    struct ParticleOwner: Hashable {
        let layer: ObjectIdentifier
        let copy: Int
    }
}
