/// Turns arbitrary bytes into a scene file that the loader accepts, so that the fuzzer reaches the
/// engine (layout, animation, rendering) and not only the parser's error paths: each byte picks
/// the next choice (how many views, which parent, which anchor, which extreme number). A small
/// change of the bytes is a small change of the scene, which is what coverage-guided mutation
/// needs. The output is JSON text, so it goes through the loader like any file.
struct SceneGenerator {
    private let bytes: [UInt8]
    private var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or 0 past the end.
    mutating func byte() -> Int {
        defer { i += 1 }
        return i < bytes.count ? Int(bytes[i]) : 0
    }

    mutating func pick<T>(_ options: [T]) -> T { options[byte() % options.count] }

    /// Numbers that break things: zero, negatives, tiny and huge magnitudes within the limits.
    private static let numbers: [Double] = [0, 1, -1, 0.5, 2, 10, 44, 100, 333.3, -250, 1e-300, 1e-9, 1e6, -1e6, 1e9, -1e9,
                                            16_384, 0.1, 999.99, 3]
    private static let anchors = ["leading", "trailing", "left", "right", "top", "bottom", "width", "height",
                                  "centerX", "centerY", "firstBaseline", "lastBaseline"]
    private static let horizontal: Set<String> = ["leading", "trailing", "left", "right", "width", "centerX"]
    private static let dimensions: Set<String> = ["width", "height"]

    mutating func number() -> Double {
        let n = pick(Self.numbers)
        let scaled = byte() % 4 == 0 ? n * Double(byte() % 7 + 1) / 3 : n
        return max(-1e9, min(1e9, scaled))
    }

    mutating func positive(_ limit: Double) -> Double {
        min(limit, max(1e-3, abs(number())))
    }

    func json(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d) }

    mutating func color() -> String {
        let channels = (0..<4).map { _ in String(byte() % 256, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return "\"#" + channels.joined() + "\""
    }

    /// The scene for the bytes.
    mutating func scene() -> String {
        let width = positive(2_000), height = positive(2_000)
        let count = byte() % 12 + 1
        var ids: [String] = []
        var views: [String] = []
        for k in 0..<count {
            let id = "v\(k)"
            var members = ["\"id\": \"\(id)\""]
            if !ids.isEmpty, byte() % 3 != 0 { members.append("\"parent\": \"\(pick(ids))\"") }
            if byte() % 2 == 0 {
                members.append("\"frame\": [\(json(number())), \(json(number())), \(json(abs(number()))), \(json(abs(number())))]")
            }
            if byte() % 2 == 0 { members.append("\"color\": \(color())") }
            if byte() % 3 == 0 { members.append("\"alpha\": \(json(Double(byte() % 11) / 10))") }
            if byte() % 3 == 0 { members.append("\"cornerRadius\": \(json(abs(number())))") }
            if byte() % 4 == 0 { members.append("\"borderWidth\": \(json(abs(number()))), \"borderColor\": \(color())") }
            if byte() % 4 == 0 { members.append("\"clipsToBounds\": true") }
            if byte() % 6 == 0 { members.append("\"hidden\": true") }
            if byte() % 4 == 0 { members.append("\"rotation\": \(json(number()))") }
            if byte() % 5 == 0 { members.append("\"scale\": \(json(positive(1e9)))") }
            if byte() % 3 == 0 {
                let texts = ["", "Hi", "a\\nb", "é\\u00e9 ✓", String(repeating: "W", count: byte() % 64),
                             "مرحبا abc שלום", "中文 😀 e\\u0301\\u0302", "\\ud800 lone", "a\\u202e b\\u2066c"]
                if byte() % 3 == 0 {
                    // TX11: attributed runs instead of text.
                    var runs: [String] = []
                    for _ in 0..<(byte() % 4 + 1) {
                        var r = ["\"text\": \"\(pick(texts))\""]
                        if byte() % 2 == 0 { r.append("\"color\": \(color())") }
                        if byte() % 3 == 0 { r.append("\"fontSize\": \(json(positive(4_096)))") }
                        if byte() % 3 == 0 { r.append("\"kern\": \(json(Double(byte() % 41) - 20))") }
                        if byte() % 3 == 0 { r.append("\"baselineOffset\": \(json(Double(byte() % 81) - 40))") }
                        if byte() % 3 == 0 { r.append("\"underline\": \"\(pick(["single", "thick", "double"]))\"") }
                        if byte() % 4 == 0 { r.append("\"strikethrough\": \"single\"") }
                        if byte() % 4 == 0 { r.append("\"font\": {\"weight\": \(pick(["\"bold\"", "-1", "0.5"])), \"italic\": true}") }
                        runs.append("{" + r.joined(separator: ", ") + "}")
                    }
                    members.append("\"runs\": [" + runs.joined(separator: ", ") + "]")
                } else {
                    members.append("\"text\": \"\(pick(texts))\"")
                }
                if byte() % 2 == 0 { members.append("\"fontSize\": \(json(positive(4_096)))") }
                if byte() % 3 == 0 { members.append("\"lines\": \(byte() % 5)") }
                if byte() % 3 == 0 { members.append("\"align\": \"\(pick(["left", "center", "right", "natural", "justified"]))\"") }
                if byte() % 3 == 0 {
                    members.append("\"lineBreak\": \"\(pick(["word", "char", "clip", "truncateHead", "truncateTail", "truncateMiddle"]))\"")
                }
                if byte() % 4 == 0 { members.append("\"lineSpacing\": \(json(Double(byte() % 61) - 10))") }
                if byte() % 4 == 0 { members.append("\"font\": {\"family\": \"\(pick(["DejaVu Sans Mono", "Nope", "DejaVu Sans"]))\"}") }
            } else if byte() % 5 == 0 {
                // SC8: a scroll view.
                members.append("\"scroll\": {\"contentSize\": [\(json(abs(number()))), \(json(abs(number())))], "
                               + "\"offset\": [\(json(number())), \(json(number()))], \"paging\": \(byte() % 2 == 0), "
                               + "\"bounces\": \(byte() % 2 == 0), \"rate\": \(pick(["\"normal\"", "\"fast\"", "0.5", "0.999999"]))}")
            }
            if byte() % 4 == 0 { members.append("\"intrinsicSize\": [\(json(abs(number()))), \(json(abs(number())))]") }
            if byte() % 5 == 0 { members.append("\"hugging\": [\(byte() % 1000 + 1), \(byte() % 1000 + 1)]") }
            if byte() % 5 == 0 { members.append("\"compression\": [\(byte() % 1000 + 1), \(byte() % 1000 + 1)]") }
            views.append("{" + members.joined(separator: ", ") + "}")
            ids.append(id)
        }
        let items = ["root"] + ids
        var constraints: [String] = []
        var constraintIDs: [String] = []
        for k in 0..<(byte() % 16) {
            let first = pick(ids)
            let a = pick(Self.anchors)
            let relation = pick(["==", ">=", "<="])
            var expression: String
            if byte() % 3 == 0 {
                expression = "\(first).\(a) \(relation) \(json(number()))"
            } else {
                // An anchor of the same kind on the same axis, as the loader requires.
                let candidates = Self.anchors.filter {
                    Self.horizontal.contains($0) == Self.horizontal.contains(a) && Self.dimensions.contains($0) == Self.dimensions.contains(a)
                }
                let second = pick(items) + pick(["", "", ".safeArea", ".margins"])
                let multiplier = byte() % 3 == 0 ? "\(json(number())) * " : ""
                expression = "\(first).\(a) \(relation) \(multiplier)\(second).\(pick(candidates))"
                if byte() % 2 == 0 { expression += " + \(json(abs(number())))" }
            }
            if byte() % 3 == 0 { expression += " @\(pick(["1", "250", "500", "749", "750", "999", "1000", "low", "high", "required"]))" }
            if byte() % 2 == 0 {
                constraints.append("{\"id\": \"c\(k)\", \"expr\": \"\(expression)\"}")
                constraintIDs.append("c\(k)")
            } else {
                constraints.append("\"\(expression)\"")
            }
        }
        var animations: [String] = []
        for _ in 0..<(byte() % 5) {
            var members = ["\"at\": \(json(Double(byte() % 12) / 60))"]
            let curve = pick(["\"linear\"", "\"easeIn\"", "\"easeOut\"", "\"easeInOut\"", "[0.2, 1.6, 0.3, -0.5]",
                              "{\"spring\": {\"dampingRatio\": \(json(positive(50))), \"response\": \(json(positive(5)))}}",
                              "\"ease\"", "\"steps(\(byte() % 5 + 2), \(pick(["jump-start", "jump-end", "jump-none", "jump-both"])))\"",
                              "\"linear(0, \(json(number())) \(byte() % 120)%, 1)\"", "\"step-start\""])
            members.append("\"curve\": \(curve)")
            // A spring may leave the duration out; every other curve needs one.
            if !curve.hasPrefix("{") || byte() % 4 != 0 { members.append("\"duration\": \(json(Double(byte() % 20) / 40))") }
            if byte() % 3 == 0 { members.append("\"delay\": \(json(Double(byte() % 5) / 60))") }
            let repeats = byte() % 3 == 0, reverses = byte() % 3 == 0
            if repeats { members.append("\"repeat\": \(pick(["1", "2.5", "\"forever\"", "0"]))") }
            if reverses { members.append("\"autoreverse\": true") }
            // N10: the rest of the web timing model (iterations and direction only where repeat
            // and autoreverse are not given).
            if byte() % 3 == 0 { members.append("\"fill\": \(pick(["\"none\"", "\"forwards\"", "\"backwards\"", "\"both\"", "\"auto\""]))") }
            if !reverses, byte() % 3 == 0 { members.append("\"direction\": \(pick(["\"normal\"", "\"reverse\"", "\"alternate\"", "\"alternate-reverse\""]))") }
            if !repeats, byte() % 3 == 0 { members.append("\"iterations\": \(pick(["0", "1.5", "3", "\"infinite\"", "0.25"]))") }
            if byte() % 4 == 0 { members.append("\"iterationStart\": \(pick(["0.5", "2", "0", "1e9"]))") }
            if byte() % 4 == 0 { members.append("\"endDelay\": \(pick(["-0.1", "0.2", "-1e9", "0"]))") }
            if byte() % 4 == 0 { members.append("\"playbackRate\": \(pick(["2", "-1", "0.5", "-0.25", "1e-9", "1e9"]))") }
            members.append("\"mode\": \(pick(["\"frames\"", "\"constraints\""]))")
            let changes = self.changes(ids: ids, constraintIDs: constraintIDs)
            members.append("\"changes\": [" + changes.joined(separator: ", ") + "]")
            animations.append("{" + members.joined(separator: ", ") + "}")
        }
        // N11: a keyframe animation now and then.
        if byte() % 3 == 0 {
            var keyframes: [String] = []
            var start = 0.0
            for _ in 0..<(byte() % 4 + 1) {
                let length = Double(byte() % 5) / 10
                guard start + length <= 1 else { break }
                keyframes.append("{\"start\": \(json(start)), \"duration\": \(json(length)), \"changes\": [\(changes(ids: ids, constraintIDs: constraintIDs).joined(separator: ", "))]}")
                start += length
            }
            if !keyframes.isEmpty {
                animations.append("{\"at\": \(json(Double(byte() % 12) / 60)), \"duration\": \(json(Double(byte() % 20 + 1) / 40)), "
                                  + "\"calculation\": \(pick(["\"linear\"", "\"discrete\"", "\"cubic\""])), \"keyframes\": [\(keyframes.joined(separator: ", "))]}")
            }
        }
        // N11: timelines, nested a little.
        var timelines: [String] = []
        for _ in 0..<(byte() % 3) {
            timelines.append(timeline(ids: ids, constraintIDs: constraintIDs, depth: 1))
        }
        let layerSections = layerSections(views: items)
        // SC8: scripted input, now and then.
        var input: [String] = []
        for _ in 0..<(byte() % 4) {
            let at = json(Double(byte() % 12) / 60)
            let x = number(), y = number()
            let p = "[\(json(x)), \(json(y))]"
            switch byte() % 6 {
            case 0: input.append("{\"at\": \(at), \"fling\": {\"from\": \(p), \"to\": [\(json(number())), \(json(number()))], \"duration\": \(json(positive(0.5)))}}")
            // A drag goes somewhere (from the same bytes, so earlier inputs still make their scenes).
            case 1: input.append("{\"at\": \(at), \"drag\": {\"from\": \(p), \"to\": [\(json(x + 60)), \(json(y + 90))]}}")
            case 2: input.append("{\"at\": \(at), \"wheel\": [\(json(number())), \(json(number()))], \"point\": \(p)}")
            case 3: input.append("{\"at\": \(at), \"key\": \"\(pick(["tab", "page down", "space", "a", "end"]))\", \"modifiers\": [\"shift\"]}")
            case 4: input.append("{\"at\": \(at), \"text\": \"\(pick(["x", "é", "中"]))\"}")
            default: input.append("{\"at\": \(at), \"down\": \(p), \"pointer\": \(byte() % 3)}")
            }
        }
        let inputSection = input.isEmpty ? "" : ", \"input\": [" + input.joined(separator: ", ") + "]"
        return "{\"size\": [\(json(width)), \(json(height))], \"views\": [" + views.joined(separator: ", ") + "], "
            + "\"constraints\": [" + constraints.joined(separator: ", ") + "], "
            + "\"animations\": [" + animations.joined(separator: ", ") + "], "
            + "\"timelines\": [" + timelines.joined(separator: ", ") + "]" + layerSections + inputSection + "}"
    }

    /// One to four changes of views and constraints.
    private mutating func changes(ids: [String], constraintIDs: [String]) -> [String] {
        var changes: [String] = []
        for _ in 0..<(byte() % 4 + 1) {
            if !constraintIDs.isEmpty, byte() % 2 == 0 {
                changes.append("{\"constraint\": \"\(pick(constraintIDs))\", \"constant\": \(json(number()))}")
            } else {
                let view = pick(ids)
                switch byte() % 8 {
                case 0: changes.append("{\"view\": \"\(view)\", \"alpha\": \(json(Double(byte() % 11) / 10))}")
                case 1: changes.append("{\"view\": \"\(view)\", \"cornerRadius\": \(json(abs(number())))}")
                case 2: changes.append("{\"view\": \"\(view)\", \"rotation\": \(json(number()))}")
                case 3: changes.append("{\"view\": \"\(view)\", \"scale\": \(json(positive(1e9)))}")
                case 4: changes.append("{\"view\": \"\(view)\", \"color\": \(color())}")
                case 5: changes.append("{\"view\": \"\(view)\", \"borderColor\": \(color())}")
                case 6: changes.append("{\"view\": \"\(view)\", \"borderWidth\": \(json(abs(number())))}")
                default:
                    changes.append("{\"view\": \"\(view)\", \"frame\": [\(json(number())), \(json(number())), \(json(abs(number()))), \(json(abs(number())))]}")
                }
            }
        }
        return changes
    }

    /// A timeline (N11) of tweens, staggers, labels and (to depth 3) nested timelines.
    private mutating func timeline(ids: [String], constraintIDs: [String], depth: Int) -> String {
        var members: [String] = []
        if depth == 1 { members.append("\"at\": \(json(Double(byte() % 12) / 60))") }
        if byte() % 3 == 0 { members.append("\"repeat\": \(pick(["1", "2.5", "\"forever\"", "0"]))") }
        if byte() % 3 == 0 { members.append("\"yoyo\": true") }
        if byte() % 3 == 0 { members.append("\"timeScale\": \(pick(["0.5", "2", "0.001", "1000"]))") }
        var items: [String] = []
        var labels: [String] = []
        var hasPrevious = false
        for k in 0..<(byte() % 5 + 1) {
            var positions = ["1.5", "\"+=0.1\"", "\"-=0.2\"", "0", "86400"]
            if hasPrevious { positions += ["\"<\"", "\">\"", "\"<0.1\"", "\">-0.05\""] }
            if let label = labels.last { positions += ["\"\(label)\"", "\"\(label)+=0.2\""] }
            let position = byte() % 2 == 0 ? ", \"position\": \(pick(positions))" : ""
            func tween() -> String {
                "{\"duration\": \(json(Double(byte() % 10) / 20)), \"curve\": \(pick(["\"linear\"", "\"ease\"", "\"steps(3)\""])), "
                    + "\"changes\": [\(changes(ids: ids, constraintIDs: constraintIDs).joined(separator: ", "))]}"
            }
            switch byte() % 5 {
            case 0:
                labels.append("l\(depth)_\(k)")
                items.append("{\"label\": \"l\(depth)_\(k)\"\(position)}")
                continue
            case 1:
                let tweens = (0..<(byte() % 3 + 1)).map { _ in tween() }
                items.append("{\"stagger\": {\"each\": \(json(Double(byte() % 4) / 20)), \"tweens\": [\(tweens.joined(separator: ", "))]}\(position)}")
            case 2 where depth < 3:
                items.append("{\"timeline\": \(timeline(ids: ids, constraintIDs: constraintIDs, depth: depth + 1))\(position)}")
            default:
                items.append("{\"tween\": \(tween())\(position)}")
            }
            hasPrevious = true
        }
        members.append("\"items\": [" + items.joined(separator: ", ") + "]")
        return "{" + members.joined(separator: ", ") + "}"
    }
}
