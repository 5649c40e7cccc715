#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import Timeline

/// A view made from a scene entry with an explicit `intrinsicSize`.
final class SceneView: View {
    var intrinsic: Size?
    override var intrinsicContentSize: Size { intrinsic ?? super.intrinsicContentSize }
}

/// A label made from a scene entry, optionally with an explicit intrinsic size.
final class SceneLabel: Label {
    var intrinsic: Size?
    override var intrinsicContentSize: Size { intrinsic ?? super.intrinsicContentSize }
}

/// The engine objects a scene was built into.
@MainActor
public struct BuiltScene {
    /// Views by id, `root` included.
    public var views: [String: View]
    /// View ids in scene order, `root` first.
    public var order: [String]
    /// Constraints with an `id`, by id.
    public var constraints: [String: LayoutConstraint]
    /// Every constraint, in scene order.
    public var allConstraints: [LayoutConstraint]
    /// Layers by id (CA11).
    public var layers: [String: Layer] = [:]

    /// No views, constraints or layers: what an app that is not a scene file has (IN6's app replay).
    public init() { views = [:]; order = []; constraints = [:]; allConstraints = [] }

    init(views: [String: View], order: [String], constraints: [String: LayoutConstraint], allConstraints: [LayoutConstraint]) {
        self.views = views; self.order = order; self.constraints = constraints; self.allConstraints = allConstraints
    }
}

/// Builds a validated ``Scene`` into a window. It cannot fail: everything was checked on load.
@MainActor
public enum SceneBuilder {
    /// The runs of a scene label as an attributed string of the text engine's attributes (TX11).
    static func attributed(_ runs: [TextRunSpec], base: Font) -> AttributedString {
        var out = AttributedString()
        for r in runs {
            var part = AttributedString(r.text)
            let size = r.fontSize ?? base.pointSize
            if r.font != nil || r.fontSize != nil { part.font = (r.font?.font(size: size)) ?? base.withSize(size) }
            if let c = r.color { part.foregroundColor = c }
            if let k = r.kern { part.kern = k }
            if let u = r.underline { part.underlineStyle = u }
            if let u = r.strikethrough { part.strikethroughStyle = u }
            if let b = r.baselineOffset { part.baselineOffset = b }
            out.append(part)
        }
        return out
    }

    /// Makes the scene's views, constraints and layers in `window`'s root view; cannot fail, as the scene was checked when loaded.
    public static func build(_ scene: Scene, in window: Window) -> BuiltScene {
        var views: [String: View] = ["root": window.rootView]
        var order = ["root"]
        var pendingOffsets: [(ScrollView, Point)] = []
        for spec in scene.views {
            let v: View
            if let stack = spec.stack {
                // K3: a stack view; the views listed with it as parent become its arranged subviews.
                let sv = StackView(identifier: spec.id)
                sv.axis = stack.axis
                sv.spacing = stack.spacing
                sv.distribution = stack.distribution
                sv.alignment = stack.alignment
                v = sv
            } else if let control = spec.control {
                v = control.make(identifier: spec.id)
            } else if let image = spec.image {
                let iv = ImageView(image: image.template ? image.image.withRenderingMode(.alwaysTemplate) : image.image)
                iv.identifier = spec.id
                iv.contentMode = image.contentMode
                if let t = image.tint { iv.tintColor = t }
                v = iv
            } else if let list = spec.list {
                let table = SceneTableView(spec: list, identifier: spec.id)
                pendingOffsets.append((table, Point(x: 0, y: list.offset)))
                v = table
            } else if let scroll = spec.scroll {
                let sv = ScrollView(frame: .zero)
                sv.identifier = spec.id
                sv.contentSize = scroll.contentSize
                sv.isPagingEnabled = scroll.paging
                sv.bounces = scroll.bounces
                sv.decelerationRate = ScrollView.DecelerationRate(rawValue: scroll.rate)
                sv.showsVerticalScrollIndicator = scroll.indicators
                sv.showsHorizontalScrollIndicator = scroll.indicators
                sv.delaysContentTouches = false
                pendingOffsets.append((sv, scroll.offset))
                v = sv
            } else if spec.text != nil || spec.runs != nil {
                let label = SceneLabel(text: spec.text ?? "", fontSize: spec.fontSize, identifier: spec.id)
                label.intrinsic = spec.intrinsicSize
                v = label
            } else {
                let sv = SceneView(frame: .zero)
                sv.identifier = spec.id
                sv.intrinsic = spec.intrinsicSize
                v = sv
            }
            if let f = spec.frame {
                v.translatesAutoresizingMaskIntoConstraints = true
                v.frame = f
            } else {
                v.translatesAutoresizingMaskIntoConstraints = false
            }
            if let c = spec.color { v.backgroundColor = c }
            v.alpha = spec.alpha
            // Only what the file sets: a control keeps its own corners (a button's configuration).
            if spec.cornerRadius != 0 { v.cornerRadius = spec.cornerRadius }
            if spec.borderWidth != 0 { v.borderWidth = spec.borderWidth }
            if let c = spec.borderColor { v.borderColor = c }
            v.isHidden = spec.hidden
            v.clipsToBounds = spec.clipsToBounds || spec.scroll != nil || spec.list != nil         // a scroll view clips its content
            if spec.rotation != 0 || spec.scale != 1 { v.transform = sceneTransform(rotation: spec.rotation, scale: spec.scale) }
            if let label = v as? Label {
                if let c = spec.textColor { label.textColor = c }
                if let n = spec.lines { label.numberOfLines = n }
                if let a = spec.align { label.textAlignment = a }
                if let b = spec.lineBreak { label.lineBreakMode = b }
                if let f = spec.font { label.font = f.font(size: spec.fontSize) }
                if let s = spec.lineSpacing { label.lineSpacing = s }
                if let runs = spec.runs { label.attributedText = Self.attributed(runs, base: label.font) }
            }
            v.contentHuggingPriority = (spec.hugging.0, spec.hugging.1)
            v.contentCompressionResistancePriority = (spec.compression.0, spec.compression.1)
            if let stack = views[spec.parent] as? StackView, spec.frame == nil {
                stack.addArrangedSubview(v)
            } else {
                views[spec.parent]!.addSubview(v)
            }
            views[spec.id] = v
            order.append(spec.id)
        }
        // Scroll views start at their offsets once they have their frames.
        for (sv, offset) in pendingOffsets { sv.contentOffset = offset }
        var byID: [String: LayoutConstraint] = [:]
        var all: [LayoutConstraint] = []
        for spec in scene.constraints {
            // Attributes come from the file, so the run-time initialiser; the loader has checked
            // that they are on one axis and of one kind.
            let relation: Relation = switch spec.relation {
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            case .lessThanOrEqual: .lessThanOrEqual
            }
            let c = LayoutConstraint(item: owner(spec.first, views), attribute: spec.first.attribute, relatedBy: relation,
                                     toItem: spec.second.map { owner($0, views) }, attribute: spec.second?.attribute,
                                     multiplier: spec.multiplier, constant: spec.constant)
            c.priority = spec.priority
            c.identifier = spec.id
            if let id = spec.id { byID[id] = c }
            all.append(c)
        }
        LayoutConstraint.activate(all)
        var built = BuiltScene(views: views, order: order, constraints: byID, allConstraints: all)
        built.layers = buildLayers(scene.layers, views: views)
        return built
    }

    /// Makes the scene's layers (CA11), with actions off: a scene's first frame shows them as
    /// written.
    static func buildLayers(_ specs: [LayerSpec], views: [String: View]) -> [String: Layer] {
        guard !specs.isEmpty else { return [:] }
        var layers: [String: Layer] = [:]
        Transaction.begin()
        Transaction.setDisableActions(true)
        for spec in specs {
            let l: Layer = switch spec.kind {
            case .layer: Layer()
            case .shape: ShapeLayer()
            case .gradient: GradientLayer()
            case .replicator: ReplicatorLayer()
            case .emitter: EmitterLayer()
            case .text: TextLayer()
            }
            l.name = spec.id
            if let f = spec.frame { l.frame = f }
            for (property, value) in spec.values { l.setValue(value, for: property) }
            if let shape = l as? ShapeLayer {
                if let r = spec.fillRule { shape.fillRule = r }
                if let c = spec.lineCap { shape.lineCap = c }
                if let j = spec.lineJoin { shape.lineJoin = j }
                if let d = spec.lineDashPattern { shape.lineDashPattern = d }
            }
            if let g = l as? GradientLayer, let t = spec.gradientType { g.type = t }
            if let r = l as? ReplicatorLayer, let n = spec.instanceCount { r.instanceCount = n }
            if let e = l as? EmitterLayer {
                if let v = spec.emitterShape { e.emitterShape = v }
                if let v = spec.emitterMode { e.emitterMode = v }
                if let v = spec.renderMode { e.renderMode = v }
                if let v = spec.seed { e.seed = v }
                if let cells = spec.emitterCells { e.emitterCells = cells.map(makeCell) }
            }
            if let t = l as? TextLayer {
                t.string = spec.string
                if let v = spec.alignmentMode { t.alignmentMode = v }
                if let v = spec.truncationMode { t.truncationMode = v }
                if let v = spec.isWrapped { t.isWrapped = v }
            }
            if let d = spec.isDoubleSided { l.isDoubleSided = d }
            if let s = spec.speed { l.speed = s }
            if let o = spec.timeOffset { l.timeOffset = o }
            switch spec.host {
            case .view(let id): views[id]!.layer.addSublayer(l)
            case .layer(let id): layers[id]!.addSublayer(l)
            }
            layers[spec.id] = l
        }
        Transaction.commit()
        return layers
    }

    /// An emitter cell from its scene entry.
    static func makeCell(_ spec: EmitterCellSpec) -> EmitterCell {
        let c = EmitterCell()
        let n = spec.numbers
        c.birthRate = n["birthRate"] ?? 0; c.lifetime = n["lifetime"] ?? 0; c.lifetimeRange = n["lifetimeRange"] ?? 0
        c.velocity = n["velocity"] ?? 0; c.velocityRange = n["velocityRange"] ?? 0
        c.xAcceleration = n["xAcceleration"] ?? 0; c.yAcceleration = n["yAcceleration"] ?? 0
        c.emissionLongitude = n["emissionLongitude"] ?? 0; c.emissionRange = n["emissionRange"] ?? 0
        c.spin = n["spin"] ?? 0; c.spinRange = n["spinRange"] ?? 0
        c.scale = n["scale"] ?? 1; c.scaleRange = n["scaleRange"] ?? 0; c.scaleSpeed = n["scaleSpeed"] ?? 0
        c.redRange = n["redRange"] ?? 0; c.greenRange = n["greenRange"] ?? 0; c.blueRange = n["blueRange"] ?? 0
        c.alphaRange = n["alphaRange"] ?? 0; c.alphaSpeed = n["alphaSpeed"] ?? 0
        if let color = spec.color { c.color = color }
        if let size = spec.contentsSize { c.contentsSize = size }
        if let shape = spec.contentsShape { c.contentsShape = shape }
        return c
    }

    /// The view or guide an anchor spec names.
    static func owner(_ a: AnchorSpec, _ views: [String: View]) -> any LayoutItemOwner {
        let v = views[a.item]!
        switch a.guide {
        case .safeArea?: return v.safeAreaLayoutGuide
        case .margins?: return v.layoutMarginsGuide
        case nil: return v
        }
    }
}

/// The transform for a scene's `rotation` (degrees) and uniform `scale`: scale, then rotate.
public func sceneTransform(rotation degrees: Double, scale: Double) -> AffineTransform {
    AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(rotationAngle: degrees * .pi / 180))
}
