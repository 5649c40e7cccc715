import CDuktape
import Foundation
import Geometry

/// A problem with one property's expression: at load (syntax the engine does not run, a
/// compile error) or while playing (a throw, a result that is not a value, a budget spent).
/// The property then shows its keyframes: for a throw or a bad result at that frame only (the
/// expression may work at others, and each frame stays a function of its time); for a spent
/// budget from then on (it would cost the budget again every frame).
public struct LottieExpressionDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, worded for the message.
    public enum Kind: String, Sendable, Equatable {
        /// At load: syntax the engine does not run, a compile error; while playing: an exception.
        case unsupportedSyntax = "unsupported syntax", compileError = "does not compile", threw = "threw"
        /// While playing: a result that is not a value of the property, or a time or memory budget spent.
        case badResult = "returned no value", timeBudget = "ran out of time", memoryBudget = "ran out of memory"
        /// The JavaScript engine could not be started.
        case engineUnavailable = "could not run"
    }
    /// What went wrong.
    public var kind: Kind
    /// The layer's name and the JSON path of the property (`layers[2].ks.p`).
    public var layer: String, path: String
    /// The engine's or our own detail.
    public var message: String
    /// "layer 'NAME', PATH: expression KIND: MESSAGE", as warnings print it.
    public var description: String { "layer '\(layer)', \(path): expression \(kind.rawValue): \(message)" }
}

/// The bounds each expression evaluation runs under (LT10).
public struct LottieExpressionLimits: Sendable {
    /// Wall time one evaluation may take (nested evaluations of other properties included).
    public var timeBudgetNanoseconds: UInt64 = 50_000_000
    /// Loop turns and block entries one evaluation may make (deterministic, unlike time).
    public var tickBudget: UInt64 = 1_000_000
    /// Bytes the JavaScript heap may hold, its library included (about 1 MiB).
    public var memoryBytes = 64 << 20
    /// The `randSeed` every property's `random` starts from (0 ..< 1,000,000, as lottie-web's);
    /// nil, the default: each property's own, from its place in the file. lottie-web draws one
    /// per property from `Math.random()`; a page that pins `Math.random` to `randomSeed /
    /// 1,000,000` before lottie-web loads draws the values ours draws with this set.
    public var randomSeed: Int? = nil
    /// The default limits: 50 ms, a million ticks and 64 MiB per evaluation.
    public init() {}
}

/// Runs a file's expressions (LT9) on its own duktape heap: the animation that owns the engine
/// owns the heap, and nothing is shared between animations or kept process-wide.
///
/// The reader registers properties as it reads them: every layer's transform and effect values
/// (so expressions can read them), and each property with an expression, which it then reads
/// through ``value(of:at:)``. ``start(...)`` compiles each expression once, into a function
/// called per frame with the time and the keyframed value; properties without expressions never
/// enter the engine. Evaluation is serialised by a lock (the heap is single-threaded) and
/// bounded by ``LottieExpressionLimits`` (see `CDuktape/shim.h` and ``ExpressionSource``).
final class ExpressionEngine: @unchecked Sendable {
    struct Property {
        var keyframes: Animatable<LottieVector>
        /// Components the file gives (1 for a scalar, which expressions see as a number).
        var dimensions: Int
        var path: String
        var layer: Int
        var source: String?
        var prepared: ExpressionSource?
        var isDisabled = false
        /// A text layer's source text: expressions see its `value` as this string (the
        /// document's text at the frame) and return a string.
        var isText = false
        /// A shape path ("ks" of a path item): expressions see it as a reference to a path at a
        /// time, and may return one (`content('Path 1').path`); its keyframes are in ``paths``.
        var isPath = false
    }
    struct LayerInfo {
        var name: String, composition: Int, index: Int?, parent: Int?
        var inPoint = 0.0, outPoint = 0.0, startTime = 0.0
        /// Transform ("a", "p", "px", "py", "s", "r", "o", "sk", "sa") to property ids.
        var transform: [String: Int] = [:]
        var effects: [(name: String, matchName: String, parameters: [(name: String, matchName: String, id: Int, type: Int)])] = []
        /// A shape layer's groups and items, as `content(name)` reads them.
        var content: [ContentNode] = []
    }
    /// A shape group or item as `content(name)` sees it: its names, its properties by After
    /// Effects name (and "ix", which a group called as a function takes), a group's transform
    /// and items.
    struct ContentNode {
        struct Property { var name: String, index: Int?, id: Int, isPath = false }
        var name: String, matchName: String, type: String, index: Int?
        var properties: [Property] = []
        var transform: [Property] = []
        var items: [ContentNode] = []

        /// The node as the library's setup reads it.
        var json: [String: Any] {
            func list(_ ps: [Property]) -> [[String: Any]] {
                ps.map { ["name": $0.name, "ix": $0.index.map { $0 as Any } ?? NSNull(), "id": $0.id, "path": $0.isPath] }
            }
            return ["name": name, "mn": matchName, "ty": type, "ix": index.map { $0 as Any } ?? NSNull(), "props": list(properties),
                    "transform": list(transform), "items": items.map(\.json)]
        }
    }
    struct Composition { var name: String, width: Double, height: Double, frames: Double, markers: [LottieMarker] }

    let limits: LottieExpressionLimits
    private(set) var properties: [Property] = []
    private(set) var layers: [LayerInfo] = []
    var compositions: [Composition] = []
    private(set) var idByPath: [String: Int] = [:]
    /// Shape paths' keyframes by property id.
    private(set) var paths: [Int: Animatable<BezierShape>] = [:]
    private(set) var expressionCount = 0

    private let lock = NSLock()
    private var context: OpaquePointer?
    private let budget: UnsafeMutablePointer<tl_duk_budget>
    /// The heap pointer of the array holding each expression's runner by property id.
    private var runners: UnsafeMutableRawPointer?
    private var framerate = 30.0
    private var active: Set<Int> = []
    private var depth = 0
    private var diagnosticsStore: [LottieExpressionDiagnostic] = []
    private var reported: Set<String> = []

    init(limits: LottieExpressionLimits) {
        self.limits = limits
        budget = .allocate(capacity: 1)
        budget.initialize(to: tl_duk_budget())
    }

    deinit {
        if let context { duk_destroy_heap(context) }
        budget.deallocate()
    }

    // MARK: Registering (the reader, before start)

    func addLayer(_ info: LayerInfo) -> Int { layers.append(info); return layers.count - 1 }
    func updateLayer(_ k: Int, _ body: (inout LayerInfo) -> Void) { body(&layers[k]) }

    /// Registers a property (with its expression, if it has one) of layer `layer`; returns its id.
    func register(_ keyframes: Animatable<LottieVector>, dimensions: Int, path: String, layer: Int, expression: String? = nil) -> Int {
        properties.append(Property(keyframes: keyframes, dimensions: max(1, min(dimensions, 4)), path: path, layer: layer, source: expression))
        idByPath[path] = properties.count - 1
        if expression != nil { expressionCount += 1 }
        return properties.count - 1
    }

    /// Registers a text layer's source-text expression (`t.d`); returns its id.
    func registerText(_ text: String, path: String, layer: Int, expression: String) -> Int {
        let id = register(.fixed(.zero), dimensions: 1, path: path, layer: layer, expression: expression)
        properties[id].isText = true
        return id
    }

    /// Registers a shape path (with its expression, if it has one); returns its id.
    func registerPath(_ keyframes: Animatable<BezierShape>, path: String, layer: Int, expression: String? = nil) -> Int {
        let id = register(.fixed(.zero), dimensions: 1, path: path, layer: layer, expression: expression)
        properties[id].isPath = true
        paths[id] = keyframes
        return id
    }

    /// A shape path read through the engine: the path its expression returns at each frame.
    func pathAnimatable(_ id: Int) -> Animatable<BezierShape> { .provided { [self] frame in shape(of: id, at: frame) } }

    /// Path `id` at `frame`: the path its expression returns (another path property at a time,
    /// followed up to 16 times, or one made by `createPath`), or its keyframes.
    func shape(of id: Int, at frame: Double) -> BezierShape {
        lock.lock(); defer { lock.unlock() }
        return resolvedShape(id, frame)
    }

    /// ``shape(of:at:)`` under the lock (natives re-enter here): a path whose expression is
    /// running (its own `thisProperty.points()`) gives its keyframes.
    func resolvedShape(_ id: Int, _ frame: Double) -> BezierShape {
        var (id, frame) = (id, frame)
        follow: for _ in 0..<16 {
            switch run(id, frame, .zero, text: nil, { ctx in pathResult(ctx, id, frame) }) ?? nil {
            case .reference(let next, let at)?:
                guard next != id || at != frame else { break follow }
                (id, frame) = (next, at)
            case .shape(let made)?:
                return made
            case nil:
                break follow
            }
        }
        return paths[id]?.value(at: frame) ?? BezierShape(vertices: [], inTangents: [], outTangents: [], isClosed: false)
    }

    /// What a path expression returned: a path of the file at a time, or a path it made.
    enum PathResult { case reference(Int, Double), shape(BezierShape) }

    /// The most vertices a path made by `createPath` may have.
    static let maximumMadeVertices = 4_096

    /// The path result on top of the stack: `{__tl_path, __tl_frame}` (a path property at a
    /// time) or `{__tl_shape: [points, inTangents, outTangents, closed]}` (`createPath`); nil
    /// (reported) for anything else.
    private func pathResult(_ ctx: OpaquePointer, _ id: Int, _ frame: Double) -> PathResult? {
        var result: PathResult?
        if duk_is_object(ctx, -1) != 0 {
            duk_get_prop_string(ctx, -1, "__tl_shape")
            if duk_is_array(ctx, -1) != 0 {
                result = madeShape(ctx).map { .shape($0) }
                duk_pop(ctx)
            } else {
                duk_pop(ctx)
                duk_get_prop_string(ctx, -1, "__tl_path")
                duk_get_prop_string(ctx, -2, "__tl_frame")
                // Any object can carry these names (built from strings), so both are checked.
                let target = duk_get_number_default(ctx, -2, -1), at = duk_get_number_default(ctx, -1, .nan)
                duk_pop_2(ctx)
                if target >= 0, target < Double(properties.count), target == target.rounded(), paths[Int(target)] != nil,
                   at.isFinite, abs(at) < 1e12 {
                    result = .reference(Int(target), at)
                }
            }
        }
        if result == nil {
            report(id, .badResult, "the result is not a path of this file or one createPath made (at frame \(frame); the keyframes are shown)")
        }
        return result
    }

    /// The `[points, inTangents, outTangents, closed]` array on top of the stack as a shape:
    /// nil unless the three lists are arrays of the same length (at most
    /// ``maximumMadeVertices``) of finite `[x, y]` pairs.
    private func madeShape(_ ctx: OpaquePointer) -> BezierShape? {
        func points(_ k: Int) -> [Point]? {
            duk_get_prop_index(ctx, -1, duk_uarridx_t(k))
            defer { duk_pop(ctx) }
            guard duk_is_array(ctx, -1) != 0 else { return nil }
            let n = Int(duk_get_length(ctx, -1))
            guard n <= Self.maximumMadeVertices else { return nil }
            var out: [Point] = []
            out.reserveCapacity(n)
            for i in 0..<n {
                duk_get_prop_index(ctx, -1, duk_uarridx_t(i))
                duk_get_prop_index(ctx, -1, 0)
                duk_get_prop_index(ctx, -2, 1)
                let x = duk_get_number_default(ctx, -2, .nan), y = duk_get_number_default(ctx, -1, .nan)
                duk_pop_3(ctx)
                guard x.isFinite, y.isFinite else { return nil }
                out.append(Point(x: x, y: y))
            }
            return out
        }
        guard let v = points(0), let i = points(1), let o = points(2), i.count == v.count, o.count == v.count else { return nil }
        duk_get_prop_index(ctx, -1, 3)
        let closed = duk_to_boolean(ctx, -1) != 0
        duk_pop(ctx)
        return BezierShape(vertices: v, inTangents: i, outTangents: o, isClosed: closed)
    }

    /// The property read through the engine: its expression's value at each frame.
    func animatable(_ id: Int) -> Animatable<LottieVector> { .provided { [self] frame in value(of: id, at: frame) } }

    // MARK: Starting

    /// Makes the heap, runs the library, and compiles every expression. Returns what did not
    /// compile (also kept in ``diagnostics``).
    func start(framerate: Double) -> [LottieExpressionDiagnostic] {
        lock.lock(); defer { lock.unlock() }
        self.framerate = framerate
        budget.pointee.cap = limits.memoryBytes
        budget.pointee.tick_limit = limits.tickBudget
        // context pointer through a C callback (AM4)
        budget.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        var problems: [LottieExpressionDiagnostic] = []
        guard let ctx = tl_duk_create_heap(budget), installLibrary(ctx) else {
            for (id, p) in properties.enumerated() where p.source != nil {
                problems.append(diagnostic(id, .engineUnavailable, "the JavaScript engine could not start"))
                properties[id].isDisabled = true
            }
            diagnosticsStore = problems
            return problems
        }
        context = ctx
        // The runners live in the global stash, out of expressions' reach.
        duk_push_global_stash(ctx)
        duk_push_array(ctx)
        runners = duk_get_heapptr(ctx, -1)
        duk_put_prop_string(ctx, -2, "runners")
        duk_pop(ctx)
        for id in properties.indices {
            guard let source = properties[id].source else { continue }
            do {
                properties[id].prepared = try ExpressionSource(source)
            } catch {
                problems.append(diagnostic(id, .unsupportedSyntax, error.description))
                properties[id].isDisabled = true
                continue
            }
            if let message = compile(ctx, id) {
                problems.append(diagnostic(id, .compileError, message))
                properties[id].isDisabled = true
            }
        }
        diagnosticsStore = problems
        return problems
    }

    /// The natives, the library, the sandbox, and the file's compositions and layers.
    private func installLibrary(_ ctx: OpaquePointer) -> Bool {
        duk_push_c_function(ctx, ExpressionNatives.value, 3)
        duk_put_global_string(ctx, "__tl_v")
        duk_push_c_function(ctx, ExpressionNatives.keys, 1)
        duk_put_global_string(ctx, "__tl_keys")
        duk_push_c_function(ctx, ExpressionNatives.shape, 2)
        duk_put_global_string(ctx, "__tl_shape")
        tl_duk_define_tick(ctx)
        for script in [ExpressionRuntime.prelude, ExpressionSandbox.script] {
            let ok = script.withCString { tl_duk_peval(ctx, $0, strlen($0)) } == DUK_EXEC_SUCCESS
            if !ok { FileHandle.standardError.write(Data("expressions: \(String(cString: duk_safe_to_lstring(ctx, -1, nil)))\n".utf8)) }
            duk_pop(ctx)
            guard ok else { return false }
        }
        duk_get_global_string(ctx, "__tl_setup")
        _ = setupJSON().withCString { duk_push_string(ctx, $0) }
        let ok = duk_pcall(ctx, 1) == DUK_EXEC_SUCCESS
        duk_pop(ctx)
        return ok
    }

    /// The compositions and layers as the library's setup reads them.
    private func setupJSON() -> String {
        func layerJSON(_ k: Int) -> [String: Any] {
            let l = layers[k]
            return ["name": l.name, "ind": l.index.map { $0 as Any } ?? NSNull(), "parent": l.parent.map { $0 as Any } ?? NSNull(),
                    "ip": l.inPoint, "op": min(l.outPoint, 1e12), "st": l.startTime, "props": l.transform,
                    "effects": l.effects.map { e in
                        ["name": e.name, "mn": e.matchName, "params": e.parameters.map { ["name": $0.name, "mn": $0.matchName, "id": $0.id, "ty": $0.type] }]
                    }, "content": l.content.map(\.json)]
        }
        let comps: [[String: Any]] = compositions.enumerated().map { c, comp in
            ["name": comp.name, "width": comp.width, "height": comp.height, "frames": comp.frames,
             "markers": comp.markers.map { ["name": $0.name, "frame": $0.frame, "duration": $0.duration] },
             "layers": layers.indices.filter { layers[$0].composition == c }.map(layerJSON)]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["frameRate": framerate, "comps": comps])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Compiles property `id`'s expression and makes its runner; returns the error, if any.
    private func compile(_ ctx: OpaquePointer, _ id: Int) -> String? {
        guard let prepared = properties[id].prepared else { return "no source" }
        let locals = ["time = 0", "value", "velocity"] + ExpressionRuntime.propertyNames.map { "\($0) = __tl_p.\($0)" }
            + ExpressionRuntime.libraryNames.map { "\($0) = __tl_lib.\($0)" }
        let wrapper = """
            function (__tl_p, __tl_lib) {
            var \(locals.joined(separator: ", "));
            var __tl_body = function () {
            var $bm_rt;
            \(prepared.prepared)
            ;return $bm_rt;
            };
            return function (__tl_t, __tl_v, __tl_vel) {
            time = __tl_t; value = __tl_v; velocity = __tl_vel; __tl_p.enter(__tl_t);
            try { return __tl_p.norm(__tl_body()); } finally { __tl_p.leave(); }
            };
            }
            """
        let name = properties[id].path
        let rc = wrapper.withCString { src in name.withCString { tl_duk_pcompile_function(ctx, src, strlen(src), $0) } }
        guard rc == DUK_EXEC_SUCCESS else { defer { duk_pop(ctx) }; return errorMessage(ctx) }
        // wrapper(__tl_make(id, layer, composition, seed, randSeed, reseeds), __tl_lib) -> the runner.
        let layer = properties[id].layer
        duk_get_global_string(ctx, "__tl_make")
        duk_push_int(ctx, duk_int_t(id))
        duk_push_int(ctx, duk_int_t(layer))
        duk_push_int(ctx, duk_int_t(layers[layer].composition))
        duk_push_int(ctx, duk_int_t(Self.seed(name)))
        duk_push_int(ctx, duk_int_t(ExpressionRandom.randSeed(hash: Self.seed(name), fixed: limits.randomSeed)))
        duk_push_boolean(ctx, ExpressionRandom.reseedsEachFrame(properties[id].source ?? "") ? 1 : 0)
        guard duk_pcall(ctx, 6) == DUK_EXEC_SUCCESS else { defer { duk_pop_2(ctx) }; return errorMessage(ctx) }
        duk_get_global_string(ctx, "__tl_lib")
        guard duk_pcall(ctx, 2) == DUK_EXEC_SUCCESS else { defer { duk_pop(ctx) }; return errorMessage(ctx) }
        duk_push_heapptr(ctx, runners)
        duk_swap_top(ctx, -2)
        duk_put_prop_index(ctx, -2, duk_uarridx_t(id))
        duk_pop(ctx)
        return nil
    }

    /// A property's seed for `random` and `wiggle`: its JSON path (which names its layer and
    /// place), hashed (FNV-1a), so a file plays the same each time it is loaded.
    static func seed(_ path: String) -> Int32 {
        var h: UInt32 = 2_166_136_261
        for b in path.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return Int32(bitPattern: h)
    }

    private func errorMessage(_ ctx: OpaquePointer) -> String {
        let text = String(cString: duk_safe_to_lstring(ctx, -1, nil))
        return text.count > 300 ? String(text.prefix(300)) + "..." : text
    }

    // MARK: Evaluating

    /// Property `id` at `frame` (its composition's): its expression's result, or its keyframes
    /// when it has none, it failed, or its budget was spent.
    func value(of id: Int, at frame: Double) -> LottieVector {
        lock.lock(); defer { lock.unlock() }
        return evaluate(id, frame)
    }

    /// The keyframed value (before the expression).
    func keyframeValue(_ id: Int, _ frame: Double) -> LottieVector { properties[id].keyframes.value(at: frame) }

    /// A source-text expression's text at `frame`, given the document's text `shown` (its
    /// `value`); nil when it failed (the document's text is shown). At most 10,000 characters.
    func text(of id: Int, at frame: Double, shown: String) -> String? {
        lock.lock(); defer { lock.unlock() }
        return run(id, frame, .zero, text: shown) { ctx in
            guard duk_is_undefined(ctx, -1) == 0, duk_is_null(ctx, -1) == 0 else {
                report(id, .badResult, "the result is \(typeName(ctx)), not text (at frame \(frame); the document's text is shown)")
                return nil
            }
            let text = String(cString: duk_safe_to_lstring(ctx, -1, nil))
            return text.count > 10_000 ? String(text.prefix(10_000)) : text
        } ?? nil
    }

    /// Evaluates under the lock (natives re-enter here for other properties' values).
    func evaluate(_ id: Int, _ frame: Double) -> LottieVector {
        let keyed = properties[id].keyframes.value(at: frame)
        return run(id, frame, keyed, text: nil) { ctx in result(ctx, id, keyed, frame) } ?? keyed
    }

    /// Runs property `id`'s expression at `frame` with `keyed` (or, for source text, `text`) as
    /// its value, and reads its result with `read`; nil when it has none, is disabled, threw or
    /// spent its budget (reported here).
    private func run<R>(_ id: Int, _ frame: Double, _ keyed: LottieVector, text: String?, _ read: (OpaquePointer) -> R) -> R? {
        let property = properties[id]
        guard let ctx = context, let prepared = property.prepared, !property.isDisabled, !active.contains(id), depth < 16 else {
            return nil
        }
        active.insert(id); depth += 1
        let outer = depth == 1
        if outer {
            budget.pointee.active = 1
            budget.pointee.exceeded = 0
            budget.pointee.ticks = 0
            budget.pointee.deadline_ns = tl_duk_now_ns() &+ limits.timeBudgetNanoseconds
        }
        defer {
            active.remove(id); depth -= 1
            if outer { budget.pointee.active = 0 }
        }
        duk_push_heapptr(ctx, runners)
        duk_get_prop_index(ctx, -1, duk_uarridx_t(id))
        duk_remove(ctx, -2)
        duk_push_number(ctx, frame / framerate)
        if property.isPath, prepared.usesValue {
            duk_push_object(ctx)
            duk_push_int(ctx, duk_int_t(id))
            duk_put_prop_string(ctx, -2, "__tl_path")
            duk_push_number(ctx, frame)
            duk_put_prop_string(ctx, -2, "__tl_frame")
        } else if let text, prepared.usesValue {
            _ = text.withCString { duk_push_string(ctx, $0) }
        } else if prepared.usesValue {
            push(ctx, keyed, property.dimensions)
        } else {
            duk_push_undefined(ctx)
        }
        if prepared.usesVelocity {
            let before = property.keyframes.value(at: frame - 0.001 * framerate)
            push(ctx, (keyed - before) / 0.001, property.dimensions)
        } else {
            duk_push_undefined(ctx)
        }
        let rc = duk_pcall(ctx, 3)
        defer { duk_pop(ctx) }
        if outer, budget.pointee.exceeded != 0 {
            let reason = budget.pointee.exceeded
            properties[id].isDisabled = true
            switch reason {
            case 3: report(id, .memoryBudget, "the heap reached \(limits.memoryBytes) bytes; the property shows its keyframes")
            case 1: report(id, .timeBudget, "more than \(limits.tickBudget) loop turns or calls; the property shows its keyframes")
            default: report(id, .timeBudget, "longer than \(limits.timeBudgetNanoseconds / 1_000_000) ms; the property shows its keyframes")
            }
            duk_gc(ctx, 0)
            return nil
        }
        guard rc == DUK_EXEC_SUCCESS else {
            if budget.pointee.exceeded == 0 { report(id, .threw, errorMessage(ctx) + " (at frame \(frame); the keyframes are shown)") }
            return nil
        }
        return read(ctx)
    }

    /// The runner's (normalised) result on top of the stack as the property's value.
    private func result(_ ctx: OpaquePointer, _ id: Int, _ keyed: LottieVector, _ frame: Double) -> LottieVector {
        var out = keyed
        if duk_is_number(ctx, -1) != 0 {
            out.x = duk_get_number(ctx, -1)
        } else if duk_is_array(ctx, -1) != 0 {
            let n = min(Int(duk_get_length(ctx, -1)), 4)
            for k in 0..<n {
                duk_get_prop_index(ctx, -1, duk_uarridx_t(k))
                out[k] = duk_get_number_default(ctx, -1, .nan)
                duk_pop(ctx)
            }
        } else {
            report(id, .badResult, "the result is \(typeName(ctx)), not a number or an array (at frame \(frame); the keyframes are shown)")
            return keyed
        }
        guard out.x.isFinite, out.y.isFinite, out.z.isFinite, out.w.isFinite else {
            report(id, .badResult, "the result is not a finite number (at frame \(frame); the keyframes are shown)")
            return keyed
        }
        return out
    }

    private func typeName(_ ctx: OpaquePointer) -> String {
        switch duk_get_type(ctx, -1) {
        case TL_DUK_TYPE_UNDEFINED: "undefined"
        case TL_DUK_TYPE_NULL: "null"
        case TL_DUK_TYPE_STRING: "a string"
        case TL_DUK_TYPE_BOOLEAN: "a boolean"
        default: "an object"
        }
    }

    /// Pushes a value as expressions see it: a number, or an array of `dimensions` numbers.
    func push(_ ctx: OpaquePointer, _ v: LottieVector, _ dimensions: Int) {
        guard dimensions > 1 else { duk_push_number(ctx, v.x); return }
        duk_push_array(ctx)
        for k in 0..<dimensions {
            duk_push_number(ctx, v[k])
            duk_put_prop_index(ctx, -2, duk_uarridx_t(k))
        }
    }

    // MARK: Diagnostics

    /// What went wrong with expressions so far (at load, then while playing), each property and
    /// kind once, at most 1,000.
    var diagnostics: [LottieExpressionDiagnostic] {
        lock.lock(); defer { lock.unlock() }
        return diagnosticsStore
    }

    private func diagnostic(_ id: Int, _ kind: LottieExpressionDiagnostic.Kind, _ message: String) -> LottieExpressionDiagnostic {
        let p = properties[id]
        return LottieExpressionDiagnostic(kind: kind, layer: layers.indices.contains(p.layer) ? layers[p.layer].name : "", path: p.path,
                                          message: message)
    }

    private func report(_ id: Int, _ kind: LottieExpressionDiagnostic.Kind, _ message: String) {
        guard diagnosticsStore.count < 1_000, reported.insert("\(id) \(kind.rawValue)").inserted else { return }
        diagnosticsStore.append(diagnostic(id, kind, message))
    }
}

/// The natives the library calls, as C functions (they find their engine through the heap's
/// allocator data, never through process-wide state).
enum ExpressionNatives {
    static func engine(_ ctx: OpaquePointer?) -> ExpressionEngine? {
        guard let ctx, let owner = tl_duk_budget_of(ctx)?.pointee.owner else { return nil }
        return Unmanaged<ExpressionEngine>.fromOpaque(owner).takeUnretainedValue()   // context pointer through a C callback (AM4)
    }

    /// `__tl_v(id, frame, mode)`: mode 0 the value after the property's expression, 1 before.
    static let value: @convention(c) (OpaquePointer?) -> duk_ret_t = { ctx in
        guard let ctx, let engine = engine(ctx) else { return TL_DUK_RET_ERROR }
        let id = Int(duk_get_int(ctx, 0)), frame = duk_get_number(ctx, 1)
        guard engine.properties.indices.contains(id), frame.isFinite, abs(frame) < 1e12 else { return TL_DUK_RET_RANGE_ERROR }
        let v = duk_get_int(ctx, 2) == 1 ? engine.keyframeValue(id, frame) : engine.evaluate(id, frame)
        engine.push(ctx, v, engine.properties[id].dimensions)
        return 1
    }

    /// `__tl_keys(id)`: the keyframes as `[frame, value]` pairs.
    static let keys: @convention(c) (OpaquePointer?) -> duk_ret_t = { ctx in
        guard let ctx, let engine = engine(ctx) else { return TL_DUK_RET_ERROR }
        let id = Int(duk_get_int(ctx, 0))
        guard engine.properties.indices.contains(id) else { return TL_DUK_RET_RANGE_ERROR }
        let p = engine.properties[id]
        duk_push_array(ctx)
        if case .keyframed(let curve) = p.keyframes {
            for k in curve.times.indices {
                duk_push_array(ctx)
                duk_push_number(ctx, curve.times[k])
                duk_put_prop_index(ctx, -2, 0)
                engine.push(ctx, curve.values[k], p.dimensions)
                duk_put_prop_index(ctx, -2, 1)
                duk_put_prop_index(ctx, -2, duk_uarridx_t(k))
            }
        }
        return 1
    }

    /// `__tl_shape(id, frame)`: path property `id` at `frame` as `[points, inTangents,
    /// outTangents, closed]` (a path's `points()` and kin); a range error for another property.
    static let shape: @convention(c) (OpaquePointer?) -> duk_ret_t = { ctx in
        guard let ctx, let engine = engine(ctx) else { return TL_DUK_RET_ERROR }
        let id = Int(duk_get_int(ctx, 0)), frame = duk_get_number(ctx, 1)
        guard engine.properties.indices.contains(id), engine.properties[id].isPath, frame.isFinite, abs(frame) < 1e12 else {
            return TL_DUK_RET_RANGE_ERROR
        }
        let s = engine.resolvedShape(id, frame)
        duk_push_array(ctx)
        for (k, list) in [s.vertices, s.inTangents, s.outTangents].enumerated() {
            duk_push_array(ctx)
            for (i, p) in list.enumerated() {
                duk_push_array(ctx)
                duk_push_number(ctx, p.x)
                duk_put_prop_index(ctx, -2, 0)
                duk_push_number(ctx, p.y)
                duk_put_prop_index(ctx, -2, 1)
                duk_put_prop_index(ctx, -2, duk_uarridx_t(i))
            }
            duk_put_prop_index(ctx, -2, duk_uarridx_t(k))
        }
        duk_push_boolean(ctx, s.isClosed ? 1 : 0)
        duk_put_prop_index(ctx, -2, 3)
        return 1
    }
}
