import Geometry

/// The `timelines` section (N11): timelines, tweens and positions.
extension SceneLoader.Reader {
    /// A timeline (N11): `{"at", "repeat", "yoyo", "timeScale", "items": [...]}`; nested ones
    /// leave out `at`.
    func timeline(_ v: JSONValue, views: [String: Int], constraints: Set<String>, depth: Int) throws(SceneError) -> TimelineSpec {
        guard depth <= 16 else { throw fail(v, "timelines are nested \(depth) deep; the limit is 16") }
        let keys: Set<String> = depth == 1 ? ["at", "repeat", "yoyo", "timeScale", "items"] : ["repeat", "yoyo", "timeScale", "items"]
        _ = try object(v, depth == 1 ? "a timeline" : "a nested timeline", keys: keys)
        var spec = TimelineSpec(location: v.location)
        if depth == 1 {
            guard let at = v["at"] else { throw fail(v, "a timeline needs \"at\" (when it starts playing, in seconds)") }
            spec.at = try nonNegative(at, "at")
        }
        if let r = v["repeat"] {
            if case .string("forever", _) = r { spec.repeatCount = .infinity } else { spec.repeatCount = try nonNegative(r, "repeat (a count or \"forever\")") }
        }
        if let y = v["yoyo"] { spec.yoyo = try bool(y, "yoyo") }
        if let k = v["timeScale"] {
            let scale = try number(k, "timeScale")
            guard scale >= 0.001, scale <= 1000 else { throw fail(k, "timeScale must lie above 0 (from 0.001) and at most 1000, found \(scale)") }
            spec.timeScale = scale
        }
        guard let itemsValue = v["items"], case .array(let items, _) = itemsValue, !items.isEmpty else {
            throw fail(v["items"] ?? v, "a timeline needs \"items\": a non-empty array of tweens, staggers, timelines and labels")
        }
        guard items.count <= 10_000 else { throw fail(itemsValue, "a timeline holds at most 10000 items, found \(items.count)") }
        var labels = Set<String>()
        var hasPrevious = false
        for item in items {
            _ = try object(item, "a timeline item", keys: ["tween", "stagger", "timeline", "label", "position"])
            var position = PositionSpec.end(0)
            if let p = item["position"] {
                position = try timelinePosition(p, labels: labels)
                switch position {
                case .previousStart, .previousEnd:
                    guard hasPrevious else { throw fail(p, "\"<\" and \">\" refer to the previous item, and this is the first") }
                default: break
                }
            }
            let kinds = ["tween", "stagger", "timeline", "label"].filter { item[$0] != nil }
            guard kinds.count == 1 else {
                throw fail(item, kinds.isEmpty ? "a timeline item needs one of \"tween\", \"stagger\", \"timeline\" or \"label\""
                                               : "a timeline item is one of tween, stagger, timeline or label, found \(kinds.joined(separator: " and "))")
            }
            let kind: TimelineItemSpec.Kind
            switch kinds[0] {
            case "tween": kind = .tween(try tween(item["tween"]!, views: views, constraints: constraints))
            case "stagger":
                let st = item["stagger"]!
                _ = try object(st, "a stagger", keys: ["each", "tweens"])
                guard let each = st["each"], let tweensValue = st["tweens"], case .array(let tweenItems, _) = tweensValue, !tweenItems.isEmpty else {
                    throw fail(st, "a stagger needs \"each\" (seconds between starts) and \"tweens\" (a non-empty array)")
                }
                var tweens: [TweenSpec] = []
                for t in tweenItems { tweens.append(try tween(t, views: views, constraints: constraints)) }
                guard tweenItems.count <= 10_000 else { throw fail(tweensValue, "a stagger holds at most 10000 tweens, found \(tweenItems.count)") }
                kind = .stagger(each: try timelineSeconds(each, "each"), tweens: tweens)
            case "timeline": kind = .timeline(try timeline(item["timeline"]!, views: views, constraints: constraints, depth: depth + 1))
            default:
                let name = try string(item["label"]!, "label")
                guard !name.isEmpty, !name.contains("+="), !name.contains("-="), name.first != "<", name.first != ">", Double(name) == nil else {
                    throw fail(item["label"]!, "a label is a name such as \"intro\" (not a number, and without +=, -=, < or >), found '\(name)'")
                }
                labels.insert(name)
                kind = .label(name)
            }
            if case .label = kind {} else { hasPrevious = true }
            spec.items.append(TimelineItemSpec(kind: kind, position: position, location: item.location))
        }
        return spec
    }

    func tween(_ v: JSONValue, views: [String: Int], constraints: Set<String>) throws(SceneError) -> TweenSpec {
        _ = try object(v, "a tween", keys: ["duration", "curve", "changes"])
        guard let d = v["duration"], let changesValue = v["changes"] else { throw fail(v, "a tween needs \"duration\" and \"changes\"") }
        var spec = TweenSpec(duration: try timelineSeconds(d, "duration"), curve: .easeInOut, changes: [])
        if let c = v["curve"] { spec.curve = try curve(c) }
        guard case .array(let items, _) = changesValue, !items.isEmpty else { throw fail(changesValue, "a tween's changes must be a non-empty array") }
        for item in items { spec.changes.append(contentsOf: try change(item, views: views, constraints: constraints)) }
        return spec
    }

    /// GSAP's position parameter: a number, "+=x", "-=x", "<", "<x", ">", ">x", "label", "label+=x".
    func timelinePosition(_ v: JSONValue, labels: Set<String>) throws(SceneError) -> PositionSpec {
        if case .number = v { return .absolute(try timelineSeconds(v, "position")) }
        let text = try string(v, "position").trimmingCharacters(in: .whitespaces)
        func offset(_ rest: Substring) throws(SceneError) -> Double {
            let r = rest.trimmingCharacters(in: .whitespaces)
            if r.isEmpty { return 0 }
            var sign = 1.0, digits = Substring(r)
            if r.hasPrefix("+=") { digits = digits.dropFirst(2) } else if r.hasPrefix("-=") { sign = -1; digits = digits.dropFirst(2) }
            guard let x = Double(digits.trimmingCharacters(in: .whitespaces)), x.isFinite, abs(x) <= 86_400 else {
                throw fail(v, "position '\(text)': expected a number of seconds after the marker, as in \"<0.2\", \"+=0.5\" or \"intro-=0.1\"")
            }
            return sign * x
        }
        if text.hasPrefix("+=") || text.hasPrefix("-=") { return .end(try offset(Substring(text))) }
        if text.hasPrefix("<") { return .previousStart(try offset(text.dropFirst())) }
        if text.hasPrefix(">") { return .previousEnd(try offset(text.dropFirst())) }
        let cut = text.range(of: "+=") ?? text.range(of: "-=")
        let name = cut.map { String(text[..<$0.lowerBound]) } ?? text
        guard labels.contains(name) else {
            throw fail(v, "position '\(text)': unknown label '\(name)' (a label must come before the items placed at it; or use a number, \"+=x\", \"<\" or \">\")")
        }
        return .label(name, try offset(cut.map { text[$0.lowerBound...] } ?? ""))
    }
}
