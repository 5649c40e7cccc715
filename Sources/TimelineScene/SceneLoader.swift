import Foundation
import Geometry
import Timeline

/// Reads and validates scene files. Every problem is a `SceneError` naming the file, line and
/// column and what was expected; a scene that loads is complete and consistent.
public enum SceneLoader {
    /// The limits untrusted scene files are held to (Z1); each has an error that names it.
    public enum Limits {
        /// The largest scene file read, in bytes (64 MiB).
        public static let fileBytes = SceneReader.fileByteLimit
        /// The most views a scene may declare.
        public static let views = 100_000
        /// The largest scene size per side, in points: a render at scale 1 is at most this many
        /// pixels per side (the canvas limit).
        public static let sidePoints = 16_384.0
        /// The deepest nesting of views (root's children are at depth 1): the engine's passes
        /// recurse down the tree, and UIKit hierarchies are never this deep.
        public static let viewDepth = 1_024
        /// The largest font size, in points.
        public static let fontSize = 4_096.0
        /// The largest magnitude of a coordinate, length or constraint number: far beyond any
        /// screen, small enough that sums and products of a few stay finite and exact to a point.
        public static let coordinate = SceneReader.coordinateLimit
    }

    /// Loads the scene at `path`. Files over ``Limits/fileBytes`` are refused before reading.
    public static func load(path: String) throws(SceneError) -> Scene {
        try parse(try SceneReader.text(atPath: path), file: path)
    }

    /// Parses a scene from `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<scene>") throws(SceneError) -> Scene {
        let json = try SceneReader.json(text, file: file)
        var reader = Reader(file: file)
        return try reader.scene(json)
    }

    /// The reader of one scene file: SceneReading's checks of single values, extended here with
    /// the parts of a scene.
    typealias Reader = SceneReader
}

extension SceneLoader.Reader {
    /// The scene's limits, by their short name in the parts of the reader.
    typealias Limits = SceneLoader.Limits

    /// A time in a timeline (N11): 0 to a day, so that positions, staggers and repeats stay
    /// within the engine's integer nanoseconds.
    func timelineSeconds(_ v: JSONValue, _ what: String) throws(SceneError) -> Double {
        let n = try nonNegative(v, what)
        guard n <= 86_400 else { throw fail(v, "\(what) is \(n) s; times in a timeline are limited to 86400 s (a day)") }
        return n
    }

    func color(_ v: JSONValue, _ what: String) throws(SceneError) -> Color {
        let s = try string(v, what)
        guard let c = Color(hex: s) else { throw fail(v, "\(what) must be '#rrggbb' or '#rrggbbaa', found '\(s)'") }
        return c
    }

    func priorityPair(_ v: JSONValue, _ what: String) throws(SceneError) -> (Float, Float) {
        let p = try numbers(v, what, count: 2)
        for x in p where !(1...1000).contains(x) { throw fail(v, "\(what) priorities must lie in 1...1000, found \(x)") }
        return (Float(p[0]), Float(p[1]))
    }

    mutating func scene(_ json: JSONValue) throws(SceneError) -> Scene {
        let members = try object(json, "the scene", keys: ["size", "views", "constraints", "animations", "timelines", "layers",
                                                           "layerAnimations", "input"])
        guard let sizeValue = json["size"] else { throw fail(json, "the scene needs \"size\": [width, height]") }
        let s = try numbers(sizeValue, "size", count: 2)
        guard s[0] > 0, s[1] > 0 else { throw fail(sizeValue, "size must be positive, found \(s[0])x\(s[1])") }
        guard s[0] <= Limits.sidePoints, s[1] <= Limits.sidePoints else {
            throw fail(sizeValue, "size \(s[0])x\(s[1]) is over the limit of \(Self.format(limit: Limits.sidePoints)) points per side")
        }
        _ = members
        var views: [ViewSpec] = []
        var known: [String: Int] = ["root": -1]
        var depths: [String: Int] = ["root": 0]
        if let v = json["views"] {
            guard case .array(let items, _) = v else { throw fail(v, "views must be an array, found \(v.typeName)") }
            guard items.count <= Limits.views else {
                throw fail(v, "the scene declares \(items.count) views; the limit is \(Limits.views)")
            }
            // Every id first, so a parent listed later can be told apart from an unknown one.
            var allIDs = Set<String>()
            for item in items { if case .string(let id, _)? = item["id"] { allIDs.insert(id) } }
            for item in items {
                let spec = try view(item, known: &known, allIDs: allIDs)
                let depth = depths[spec.parent, default: 0] + 1
                guard depth <= Limits.viewDepth else {
                    throw fail(item["parent"] ?? item, "view '\(spec.id)' is nested \(depth) views deep; the limit is \(Limits.viewDepth)")
                }
                depths[spec.id] = depth
                views.append(spec)
            }
        }
        var constraints: [ConstraintSpec] = []
        var constraintIDs = Set<String>()
        if let c = json["constraints"] {
            guard case .array(let items, _) = c else { throw fail(c, "constraints must be an array, found \(c.typeName)") }
            for item in items {
                let spec = try constraint(item, known: known)
                if let id = spec.id {
                    guard constraintIDs.insert(id).inserted else { throw fail(item, "duplicate constraint id '\(id)'") }
                }
                constraints.append(spec)
            }
        }
        var animations: [AnimationSpec] = []
        if let a = json["animations"] {
            guard case .array(let items, _) = a else { throw fail(a, "animations must be an array, found \(a.typeName)") }
            for item in items { animations.append(try animation(item, views: known, constraints: constraintIDs)) }
        }
        var timelines: [TimelineSpec] = []
        if let t = json["timelines"] {
            guard case .array(let items, _) = t else { throw fail(t, "timelines must be an array, found \(t.typeName)") }
            for item in items { timelines.append(try timeline(item, views: known, constraints: constraintIDs, depth: 1)) }
        }
        var scene = Scene(size: Size(width: s[0], height: s[1]), views: views, constraints: constraints, animations: animations,
                          timelines: timelines)
        if let l = json["layers"] { scene.layers = try layers(l, views: known) }
        if let a = json["layerAnimations"] { scene.layerAnimations = try layerAnimations(a, layers: scene.layers) }
        if let i = json["input"] { scene.input = try input(i) }
        return scene
    }

    func view(_ v: JSONValue, known: inout [String: Int], allIDs: Set<String>) throws(SceneError) -> ViewSpec {
        let members = try object(v, "a view", keys: ["id", "parent", "frame", "color", "alpha", "cornerRadius", "borderWidth",
                                                      "borderColor", "hidden", "clipsToBounds", "text", "fontSize",
                                                      "intrinsicSize", "hugging", "compression", "rotation", "scale",
                                                      "textColor", "stack", "lines", "align", "lineBreak", "font",
                                                      "lineSpacing", "runs", "scroll", "list", "image", "control"])
        guard let idValue = v["id"] else { throw fail(v, "a view needs an \"id\"") }
        let id = try string(idValue, "id")
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            throw fail(idValue, "id '\(id)' must be letters, digits, '_' or '-'")
        }
        guard id != "root" else { throw fail(idValue, "'root' is the window's root view; choose another id") }
        guard known[id] == nil else { throw fail(idValue, "duplicate view id '\(id)'") }
        var spec = ViewSpec(id: id, parent: "root", location: v.location)
        for (key, value) in members {
            switch key {
            case "id": break
            case "parent":
                let p = try string(value, "parent")
                if p == id { throw fail(value, "view '\(id)' cannot be its own parent (cycle in parents)") }
                if known[p] == nil {
                    if allIDs.contains(p) {
                        throw fail(value, "parent '\(p)' of '\(id)' is listed after it: views are listed parents first (or the parents form a cycle)")
                    }
                    throw fail(value, "unknown parent '\(p)': expected 'root' or the id of a view listed earlier")
                }
                spec.parent = p
            case "frame":
                let f = try numbers(value, "frame", count: 4)
                guard f[2] >= 0, f[3] >= 0 else { throw fail(value, "frame width and height must not be negative") }
                spec.frame = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
            case "color": spec.color = try color(value, "color")
            case "alpha":
                spec.alpha = try number(value, "alpha")
                guard (0...1).contains(spec.alpha) else { throw fail(value, "alpha must lie in 0...1, found \(spec.alpha)") }
            case "cornerRadius": spec.cornerRadius = try nonNegative(value, "cornerRadius")
            case "borderWidth": spec.borderWidth = try nonNegative(value, "borderWidth")
            case "borderColor": spec.borderColor = try color(value, "borderColor")
            case "hidden": spec.hidden = try bool(value, "hidden")
            case "clipsToBounds": spec.clipsToBounds = try bool(value, "clipsToBounds")
            case "rotation": spec.rotation = try number(value, "rotation")
            case "scale":
                spec.scale = try number(value, "scale")
                guard spec.scale > 0 else { throw fail(value, "scale must be positive, found \(spec.scale)") }
            case "textColor": spec.textColor = try color(value, "textColor")
            case "text": spec.text = try string(value, "text")
            case "fontSize":
                spec.fontSize = try number(value, "fontSize", limit: Limits.fontSize)
                guard spec.fontSize > 0 else { throw fail(value, "fontSize must be positive, found \(spec.fontSize)") }
            case "intrinsicSize":
                let s = try numbers(value, "intrinsicSize", count: 2)
                guard s[0] >= 0, s[1] >= 0 else { throw fail(value, "intrinsicSize must not be negative") }
                spec.intrinsicSize = Size(width: s[0], height: s[1])
            case "stack": spec.stack = try stack(value)
            case "lines":
                let n = try nonNegative(value, "lines")
                guard n == n.rounded(), n <= 10_000 else { throw fail(value, "lines must be a whole number from 0 (any) to 10000, found \(n)") }
                spec.lines = Int(n)
            case "align":
                switch try string(value, "align") {
                case "left": spec.align = .left
                case "center": spec.align = .center
                case "right": spec.align = .right
                case "natural": spec.align = .natural
                case "justified": spec.align = .justified
                case let other: throw fail(value, "align must be left, center, right, natural or justified, found '\(other)'")
                }
            case "lineBreak":
                switch try string(value, "lineBreak") {
                case "word": spec.lineBreak = .byWordWrapping
                case "char": spec.lineBreak = .byCharWrapping
                case "clip": spec.lineBreak = .byClipping
                case "truncateHead": spec.lineBreak = .byTruncatingHead
                case "truncateTail": spec.lineBreak = .byTruncatingTail
                case "truncateMiddle": spec.lineBreak = .byTruncatingMiddle
                case let other:
                    throw fail(value, "lineBreak must be word, char, clip, truncateHead, truncateTail or truncateMiddle, found '\(other)'")
                }
            case "scroll": spec.scroll = try scrollSpec(value)
            case "list": spec.list = try listSpec(value)
            case "image": spec.image = try imageSpec(value)
            case "control": spec.control = try controlSpec(value)
            case "font": spec.font = try font(value)
            case "lineSpacing": spec.lineSpacing = try number(value, "lineSpacing", limit: Limits.fontSize)
            case "runs":
                guard case .array(let items, _) = value else { throw fail(value, "runs must be an array of {\"text\", ...} objects") }
                guard !items.isEmpty else { throw fail(value, "runs must not be empty") }
                spec.runs = try items.map { (item) throws(SceneError) -> TextRunSpec in try textRun(item) }
            case "hugging": spec.hugging = try priorityPair(value, "hugging")
            case "compression": spec.compression = try priorityPair(value, "compression")
            default: break
            }
        }
        if spec.text != nil, spec.runs != nil, let r = v["runs"] {
            throw fail(r, "view '\(id)' has both \"text\" and \"runs\": give one (runs are attributed text)")
        }
        let kinds = [spec.list != nil, spec.image != nil, spec.control != nil, spec.scroll != nil, spec.stack != nil,
                     spec.text != nil || spec.runs != nil]
        if kinds.filter({ $0 }).count > 1 {
            throw fail(v, "view '\(id)' is more than one of a list, an image, a control, a scroll view, a stack and text: give one")
        }
        known[id] = known.count
        return spec
    }

    /// `"stack": {"axis", "spacing", "distribution", "alignment"}` (K3).
    func stack(_ v: JSONValue) throws(SceneError) -> StackSpec {
        let members = try object(v, "a stack", keys: ["axis", "spacing", "distribution", "alignment"])
        var spec = StackSpec()
        for (key, value) in members {
            switch key {
            case "axis":
                switch try string(value, "axis") {
                case "horizontal": spec.axis = .horizontal
                case "vertical": spec.axis = .vertical
                case let other: throw fail(value, "axis must be \"horizontal\" or \"vertical\", found '\(other)'")
                }
            case "spacing": spec.spacing = try nonNegative(value, "spacing")
            case "distribution":
                switch try string(value, "distribution") {
                case "fill": spec.distribution = .fill
                case "fillEqually": spec.distribution = .fillEqually
                case "equalSpacing": spec.distribution = .equalSpacing
                case let other: throw fail(value, "distribution must be fill, fillEqually or equalSpacing, found '\(other)'")
                }
            default:
                switch try string(value, "alignment") {
                case "fill": spec.alignment = .fill
                case "leading": spec.alignment = .leading
                case "center": spec.alignment = .center
                case "trailing": spec.alignment = .trailing
                case let other: throw fail(value, "alignment must be fill, leading, center or trailing, found '\(other)'")
                }
            }
        }
        return spec
    }

    func constraint(_ v: JSONValue, known: [String: Int]) throws(SceneError) -> ConstraintSpec {
        var id: String?
        var exprValue = v
        if case .object = v {
            _ = try object(v, "a constraint object", keys: ["id", "expr"])
            if let i = v["id"] { id = try string(i, "constraint id") }
            guard let e = v["expr"] else { throw fail(v, "a constraint object needs \"expr\"") }
            exprValue = e
        }
        guard case .string(let text, let at) = exprValue else {
            throw fail(exprValue, "a constraint must be an expression string or {\"id\", \"expr\"}, found \(exprValue.typeName)")
        }
        func locationInString(_ offset: Int) -> SourceLocation { SourceLocation(line: at.line, column: at.column + 1 + offset) }
        let parsed: (AnchorSpec, RelationSpec, Double, AnchorSpec?, Double, Float)
        do { parsed = try ExpressionParser.parse(text) } catch {
            throw SceneError(file: file, location: locationInString(error.offset), message: "in constraint \"\(text)\": \(error.message)")
        }
        let (first, relation, multiplier, second, constant, priority) = parsed
        for (name, n) in [("multiplier", multiplier), ("constant", constant)] where !(abs(n) <= Limits.coordinate) {
            throw SceneError(file: file, location: locationInString(0),
                             message: "in constraint \"\(text)\": the \(name) \(n) is over the limit of ±\(Self.format(limit: Limits.coordinate))")
        }
        for a in [first] + (second.map { [$0] } ?? []) {
            guard known[a.item] != nil else {
                let offset = text.range(of: a.item).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
                throw SceneError(file: file, location: locationInString(offset), message: "in constraint \"\(text)\": unknown id '\(a.item)': expected 'root' or a view id")
            }
        }
        if let second {
            guard second.attribute.axis == first.attribute.axis else {
                throw SceneError(file: file, location: locationInString(0), message: "in constraint \"\(text)\": \(first) and \(second) are on different axes")
            }
            guard second.attribute.isDimension == first.attribute.isDimension else {
                throw SceneError(file: file, location: locationInString(0), message: "in constraint \"\(text)\": a dimension (width, height) relates only to a dimension")
            }
        }
        return ConstraintSpec(id: id, first: first, relation: relation, multiplier: multiplier, second: second,
                              constant: constant, priority: priority, text: text, location: at)
    }

    func animation(_ v: JSONValue, views: [String: Int], constraints: Set<String>) throws(SceneError) -> AnimationSpec {
        let members = try object(v, "an animation", keys: ["at", "duration", "delay", "curve", "mode", "changes", "repeat", "autoreverse",
                                                           "fill", "direction", "iterations", "iterationStart", "endDelay", "playbackRate",
                                                           "keyframes", "calculation"])
        guard let atValue = v["at"] else { throw fail(v, "an animation needs \"at\" (its start time in seconds)") }
        if let keyframesValue = v["keyframes"] {
            return try keyframeAnimation(v, keyframesValue, at: atValue, views: views, constraints: constraints)
        }
        if let c = v["calculation"] { throw fail(c, "\"calculation\" belongs to a keyframe animation (one with \"keyframes\")") }
        guard let changesValue = v["changes"] else { throw fail(v, "an animation needs \"changes\" (or \"keyframes\")") }
        var spec = AnimationSpec(at: try nonNegative(atValue, "at"), duration: nil, changes: [], location: v.location)
        for (key, value) in members {
            switch key {
            case "duration": spec.duration = try nonNegative(value, "duration")
            case "delay": spec.delay = try nonNegative(value, "delay")
            case "repeat":
                if case .string("forever", _) = value { spec.repeatCount = .infinity }
                else { spec.repeatCount = try nonNegative(value, "repeat (a count or \"forever\")") }
            case "autoreverse": spec.autoreverses = try bool(value, "autoreverse")
            case "mode":
                let m = try string(value, "mode")
                guard let mode = AnimationSpec.Mode(rawValue: m) else { throw fail(value, "mode must be \"frames\" or \"constraints\", found '\(m)'") }
                spec.mode = mode
            case "curve": spec.curve = try curve(value)
            case "fill":
                let f = try string(value, "fill")
                // The web's names: "none" is the model's removed (Core Animation's name, not read here).
                guard let fill = f == "none" ? .removed : (f == "removed" ? nil : MediaTimingFillMode(rawValue: f)) else { throw fail(value, "fill must be none, forwards, backwards, both or auto, found '\(f)'") }
                spec.fill = fill
            case "direction":
                let d = try string(value, "direction")
                guard let direction = PlaybackDirection(rawValue: d) else {
                    throw fail(value, "direction must be normal, reverse, alternate or alternate-reverse, found '\(d)'")
                }
                spec.direction = direction
            case "iterations":
                if case .string("infinite", _) = value { spec.iterations = .infinity }
                else { spec.iterations = try nonNegative(value, "iterations (a count or \"infinite\")") }
            case "iterationStart": spec.iterationStart = try nonNegative(value, "iterationStart")
            case "endDelay": spec.endDelay = try number(value, "endDelay")
            case "playbackRate":
                let rate = try number(value, "playbackRate")
                guard rate != 0 else { throw fail(value, "playbackRate must not be 0 (an animation that never moves); use a positive or negative rate") }
                spec.playbackRate = rate
            default: break
            }
        }
        // The web's iterations and direction say what repeat and autoreverse say: one or the other.
        if let i = v["iterations"], v["repeat"] != nil {
            throw fail(i, "an animation takes \"iterations\" or \"repeat\", not both (iterations counts every run: repeat 1 is iterations 2)")
        }
        if let d = v["direction"], v["autoreverse"] != nil {
            throw fail(d, "an animation takes \"direction\" or \"autoreverse\", not both (autoreverse is direction \"alternate\" with twice the iterations)")
        }
        if spec.duration == nil {
            guard case .spring = spec.curve else { throw fail(v, "an animation needs \"duration\" unless its curve is a spring") }
        }
        guard case .array(let items, _) = changesValue, !items.isEmpty else { throw fail(changesValue, "changes must be a non-empty array") }
        for item in items { spec.changes.append(contentsOf: try change(item, views: views, constraints: constraints)) }
        return spec
    }

    func curve(_ v: JSONValue) throws(SceneError) -> CurveSpec {
        switch v {
        case .string(let name, _):
            switch name {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInOut", "ease-in-out": return .easeInOut
            case "ease-in": return .easeIn
            case "ease-out": return .easeOut
            case "ease": return .bezier(0.25, 0.1, 0.25, 1)
            case "step-start": return .steps(1, .jumpStart)
            case "step-end": return .steps(1, .jumpEnd)
            default:
                if let call = cssFunction(name) { return try cssCurve(call, v) }
                throw fail(v, "unknown curve '\(name)': expected linear, ease, easeIn, easeOut, easeInOut (or ease-in, ease-out, ease-in-out), step-start, step-end, steps(n, position), linear(...), cubic-bezier(...), [x1, y1, x2, y2] or {\"spring\": {...}}")
            }
        case .array:
            let p = try numbers(v, "a cubic Bézier curve", count: 4)
            guard (0...1).contains(p[0]), (0...1).contains(p[2]) else { throw fail(v, "Bézier x1 and x2 must lie in 0...1") }
            return .bezier(p[0], p[1], p[2], p[3])
        case .object:
            _ = try object(v, "a curve object", keys: ["spring"])
            guard let s = v["spring"] else { throw fail(v, "a curve object needs \"spring\"") }
            _ = try object(s, "a spring", keys: ["dampingRatio", "response", "initialVelocity", "duration", "bounce"])
            let velocity = try s["initialVelocity"].map { v throws(SceneError) in try number(v, "initialVelocity") } ?? 0
            if s["duration"] != nil || s["bounce"] != nil {
                // N9: SwiftUI's perceptual duration and bounce.
                guard s["dampingRatio"] == nil, s["response"] == nil else {
                    throw fail(s, "a spring is given either by \"duration\" and \"bounce\" or by \"dampingRatio\" and \"response\", not both")
                }
                guard let d = s["duration"] else { throw fail(s, "a spring with \"bounce\" needs \"duration\"") }
                let duration = try number(d, "the spring's duration")
                guard duration > 0 else { throw fail(d, "the spring's duration must be above 0, found \(duration)") }
                let bounceValue = s["bounce"]
                let bounce = try bounceValue.map { b throws(SceneError) in try number(b, "bounce") } ?? 0
                guard bounce > -1, bounce < 1 else {
                    throw fail(bounceValue ?? s, "bounce must lie between -1 and 1 (exclusive), found \(bounce)")
                }
                let spring = Spring(duration: duration, bounce: bounce)
                return .spring(dampingRatio: spring.dampingRatio, response: spring.response, initialVelocity: velocity)
            }
            guard let d = s["dampingRatio"], let r = s["response"] else {
                throw fail(s, "a spring needs \"dampingRatio\" and \"response\", or \"duration\" and \"bounce\"")
            }
            let damping = try number(d, "dampingRatio"), response = try number(r, "response")
            guard damping > 0 else { throw fail(d, "dampingRatio must be above 0, found \(damping)") }
            guard response > 0 else { throw fail(r, "response must be above 0, found \(response)") }
            return .spring(dampingRatio: damping, response: response, initialVelocity: velocity)
        default:
            throw fail(v, "curve must be a name, [x1, y1, x2, y2] or {\"spring\": {...}}, found \(v.typeName)")
        }
    }

    /// `{"at", "duration", "delay", "calculation", "keyframes": [{"start", "duration", "changes"}]}`
    /// (N11): UIKit's keyframe animation, frame commit mode.
    func keyframeAnimation(_ v: JSONValue, _ keyframesValue: JSONValue, at atValue: JSONValue, views: [String: Int],
                           constraints: Set<String>) throws(SceneError) -> AnimationSpec {
        let allowed: Set<String> = ["at", "duration", "delay", "calculation", "keyframes", "mode"]
        if case .object(let members, _) = v, let extra = members.first(where: { !allowed.contains($0.0) }) {
            throw fail(extra.1, "a keyframe animation takes at, duration, delay, calculation and keyframes; \"\(extra.0)\" is not one of them")
        }
        if let m = v["mode"], try string(m, "mode") != "frames" {
            throw fail(m, "a keyframe animation commits frames (mode \"frames\"); interpolate constants with a timeline instead")
        }
        guard let d = v["duration"] else { throw fail(v, "a keyframe animation needs \"duration\"") }
        let duration = try nonNegative(d, "duration")
        guard duration > 0 else { throw fail(d, "a keyframe animation's duration must be above 0") }
        var spec = AnimationSpec(at: try nonNegative(atValue, "at"), duration: duration, changes: [], location: v.location)
        if let delay = v["delay"] { spec.delay = try nonNegative(delay, "delay") }
        spec.curve = .linear
        if let c = v["calculation"] {
            switch try string(c, "calculation") {
            case "linear": spec.calculation = .linear
            case "discrete": spec.calculation = .discrete
            case "cubic": spec.calculation = .cubic
            case let other: throw fail(c, "calculation must be linear, discrete or cubic, found '\(other)'")
            }
        }
        guard case .array(let items, _) = keyframesValue, !items.isEmpty, items.count <= 10_000 else {
            throw fail(keyframesValue, "keyframes must be a non-empty array of {\"start\", \"duration\", \"changes\"}, at most 10000")
        }
        var keyframes: [KeyframeSpec] = []
        for item in items {
            _ = try object(item, "a keyframe", keys: ["start", "duration", "changes"])
            guard let startValue = item["start"], let durationValue = item["duration"], let changesValue = item["changes"] else {
                throw fail(item, "a keyframe needs \"start\", \"duration\" (fractions of the animation's duration) and \"changes\"")
            }
            let start = try nonNegative(startValue, "start"), length = try nonNegative(durationValue, "duration")
            guard start <= 1, start + length <= 1 + 1e-9 else {
                throw fail(item, "a keyframe's start and start + duration must lie in 0...1 (fractions of the whole), found \(start) and \(start + length)")
            }
            guard case .array(let changeItems, _) = changesValue, !changeItems.isEmpty else {
                throw fail(changesValue, "a keyframe's changes must be a non-empty array")
            }
            var changes: [ChangeSpec] = []
            for c in changeItems { changes.append(contentsOf: try change(c, views: views, constraints: constraints)) }
            keyframes.append(KeyframeSpec(start: start, duration: length, changes: changes, location: item.location))
        }
        spec.keyframes = keyframes
        return spec
    }

    /// `name(arguments)` split at the top level: the name and the comma-separated arguments.
    func cssFunction(_ text: String) -> (name: String, arguments: [String])? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !name.isEmpty, !inner.contains("("), !inner.contains(")") else { return nil }
        return (name, inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// A CSS easing function: steps(), linear() or cubic-bezier().
    func cssCurve(_ call: (name: String, arguments: [String]), _ v: JSONValue) throws(SceneError) -> CurveSpec {
        let args = call.arguments
        switch call.name {
        case "steps":
            guard (1...2).contains(args.count), let n = Int(args[0]), n <= 100_000 else {
                throw fail(v, "steps() takes a whole number of steps and an optional position, as in steps(4, jump-end)")
            }
            var position = StepPosition.jumpEnd
            if args.count == 2 {
                switch args[1] {
                case "start": position = .jumpStart
                case "end": position = .jumpEnd
                default:
                    guard let p = StepPosition(rawValue: args[1]) else {
                        throw fail(v, "unknown step position '\(args[1])': expected jump-start, jump-end, jump-none, jump-both, start or end")
                    }
                    position = p
                }
            }
            guard Steps(n, position) != nil else {
                throw fail(v, position == .jumpNone ? "steps(n, jump-none) needs at least 2 steps, found \(n)" : "steps() needs at least 1 step, found \(n)")
            }
            return .steps(n, position)
        case "linear":
            var entries: [(output: Double, inputs: [Double])] = []
            for arg in args {
                let parts = arg.split(separator: " ", omittingEmptySubsequences: true)
                guard (1...3).contains(parts.count), let output = Double(parts[0]), output.isFinite else {
                    throw fail(v, "linear(): each stop is a number with up to two percentages, as in linear(0, 0.25 75%, 1); found '\(arg)'")
                }
                var inputs: [Double] = []
                for part in parts.dropFirst() {
                    guard part.hasSuffix("%"), let pct = Double(part.dropLast()), pct.isFinite else {
                        throw fail(v, "linear(): a stop's position is a percentage such as 50%, found '\(part)' in '\(arg)'")
                    }
                    inputs.append(pct / 100)
                }
                entries.append((output, inputs))
            }
            guard let easing = PiecewiseLinear(entries) else { throw fail(v, "linear() needs at least two stops") }
            return .piecewiseLinear(easing.stops)
        case "cubic-bezier":
            let p = args.compactMap { Double($0) }.filter(\.isFinite)
            guard p.count == 4, args.count == 4 else { throw fail(v, "cubic-bezier() takes four numbers, as in cubic-bezier(0.25, 0.1, 0.25, 1)") }
            guard (0...1).contains(p[0]), (0...1).contains(p[2]) else { throw fail(v, "Bézier x1 and x2 must lie in 0...1") }
            return .bezier(p[0], p[1], p[2], p[3])
        default:
            throw fail(v, "unknown easing function '\(call.name)()': expected steps(), linear() or cubic-bezier()")
        }
    }

    func change(_ v: JSONValue, views: [String: Int], constraints: Set<String>) throws(SceneError) -> [ChangeSpec] {
        guard case .object(let members, _) = v else { throw fail(v, "a change must be an object, found \(v.typeName)") }
        if let c = v["constraint"] {
            _ = try object(v, "a constraint change", keys: ["constraint", "constant"])
            let id = try string(c, "constraint")
            guard constraints.contains(id) else { throw fail(c, "unknown constraint id '\(id)': give the constraint an \"id\" in constraints") }
            guard let k = v["constant"] else { throw fail(v, "a constraint change needs \"constant\"") }
            return [.constraint(id: id, constant: try number(k, "constant"))]
        }
        guard let viewValue = v["view"] else { throw fail(v, "a change needs \"view\" or \"constraint\"") }
        let id = try string(viewValue, "view")
        guard views[id] != nil else { throw fail(viewValue, "unknown view id '\(id)'") }
        var out: [ChangeSpec] = []
        for (key, value) in members where key != "view" {
            switch key {
            case "alpha":
                let a = try number(value, "alpha")
                guard (0...1).contains(a) else { throw fail(value, "alpha must lie in 0...1, found \(a)") }
                out.append(.viewNumber(id: id, property: key, value: a))
            case "cornerRadius", "borderWidth": out.append(.viewNumber(id: id, property: key, value: try nonNegative(value, key)))
            case "rotation": out.append(.viewNumber(id: id, property: key, value: try number(value, key)))
            case "scale":
                let k = try number(value, key)
                guard k > 0 else { throw fail(value, "scale must be positive, found \(k)") }
                out.append(.viewNumber(id: id, property: key, value: k))
            case "color", "borderColor": out.append(.viewColor(id: id, property: key, value: try color(value, key)))
            case "frame":
                let f = try numbers(value, "frame", count: 4)
                out.append(.viewFrame(id: id, value: Rect(x: f[0], y: f[1], width: f[2], height: f[3])))
            default:
                throw fail(value, "unknown property '\(key)': expected alpha, color, cornerRadius, borderWidth, borderColor, rotation, scale or frame")
            }
        }
        guard !out.isEmpty else { throw fail(v, "the change names no property") }
        return out
    }
}
