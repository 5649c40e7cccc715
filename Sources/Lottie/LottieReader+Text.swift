import Geometry
import JSONParsing

/// Text layers, the font list and the embedded glyphs (LT1, "text where fonts allow"):
/// documents are read whole and drawn from the glyphs embedded as "chars" where they have the
/// characters, elsewhere with the text engine's fonts (the family and style the font list
/// names, found through fontconfig); with their strokes, their path (a mask the text runs
/// along) and their animators (range selectors and the properties they apply). Animators'
/// blur is drawn round (the mean of its two radii).
extension LottieReader {
    /// The font list (`fonts.list`), by name.
    mutating func fonts(_ root: JSONValue) throws(LottieError) -> [String: LottieFontEntry] {
        guard let fonts = root["fonts"] else { return [:] }
        try requireObject(fonts, "fonts")
        guard let list = fonts["list"] else { return [:] }
        var out: [String: LottieFontEntry] = [:]
        for (k, f) in try array(list, "fonts.list").enumerated() {
            let path = "fonts.list[\(k)]"
            try requireObject(f, path)
            let name = try string(f["fName"], path + ".fName")
            let ascent = try f["ascent"].map { (x) throws(LottieError) in try number(x, path + ".ascent") }
            out[name] = LottieFontEntry(family: try string(f["fFamily"], path + ".fFamily", default: name),
                                        style: try string(f["fStyle"], path + ".fStyle", default: ""),
                                        weight: fontWeight(f["fWeight"], path + ".fWeight"),
                                        ascent: ascent.map { $0 / 100 })
        }
        return out
    }

    /// A font list entry's "fWeight" as a CSS weight: a number or a numeric string in 1...1000,
    /// "normal" (400) or "bold" (700). Absent or empty: nil (the style's words decide); anything
    /// else is a warning naming where, and nil.
    mutating func fontWeight(_ v: JSONValue?, _ path: String) -> Int? {
        let text: String
        switch v {
        case nil, .null?: return nil
        case .number(let n, _)?: text = String(n)
        case .string(let s, _)?: text = String(s.lowercased().filter { $0 != " " })
        default: text = "?"
        }
        if text.isEmpty { return nil }
        if text == "normal" { return 400 }
        if text == "bold" { return 700 }
        if let n = Double(text), n.isFinite, n >= 1, n <= 1000 { return Int(n.rounded()) }
        warnings.append("\(path): '\(text)' is not a CSS font weight (1 to 1000, normal or bold); the style decides")
        return nil
    }

    /// The embedded glyphs (`chars`): each character's outline and advance in a family and style.
    mutating func glyphs(_ root: JSONValue) throws(LottieError) -> LottieGlyphSet {
        guard let chars = root["chars"] else { return LottieGlyphSet() }
        var out: [LottieGlyph] = []
        for (k, c) in try array(chars, "chars").enumerated() {
            let path = "chars[\(k)]"
            try requireObject(c, path)
            let character = try string(c["ch"], path + ".ch")
            guard !character.isEmpty else { throw LottieError(path: path + ".ch", message: "a glyph needs its character; found an empty string") }
            let advance = try number(c["w"], path + ".w", default: 0)
            guard advance.isFinite, abs(advance) <= limits.maximumSide else {
                throw LottieError(path: path + ".w", message: "an advance must be at most \(Int(limits.maximumSide)) in size; got \(advance)")
            }
            var items: [ShapeItem] = []
            if let data = c["data"] {
                try requireObject(data, path + ".data")
                if let shapes = data["shapes"] { items = try shapeItems(shapes, path + ".data.shapes") }
            }
            out.append(LottieGlyph(character: character, family: try string(c["fFamily"], path + ".fFamily", default: ""),
                                   style: try string(c["style"], path + ".style", default: ""), advance: advance,
                                   outline: LottieGlyph.outline(of: items)))
        }
        return LottieGlyphSet(out)
    }

    /// A text layer's `t`: its document keyframes.
    mutating func text(_ v: JSONValue?, _ path: String, fonts: [String: LottieFontEntry]) throws(LottieError) -> LottieText {
        guard let v else { throw LottieError(path: path, message: "missing; a text layer needs its text data") }
        try requireObject(v, path)
        guard let d = v["d"] else { throw LottieError(path: path + ".d", message: "missing; a text layer needs its documents") }
        try requireObject(d, path + ".d")
        guard let k = d["k"] else { throw LottieError(path: path + ".d.k", message: "missing; a text layer needs its documents") }
        var documents: [(frame: Double, document: LottieTextDocument)] = []
        for (n, item) in try array(k, path + ".d.k").enumerated() {
            let at = "\(path).d.k[\(n)]"
            try requireObject(item, at)
            let frame = try number(item["t"], at + ".t", default: 0)
            if let last = documents.last, frame < last.frame {
                throw LottieError(path: at + ".t", message: "document times must not decrease; \(frame) follows \(last.frame)")
            }
            guard let s = item["s"] else { throw LottieError(path: at + ".s", message: "missing; a keyframe needs its text document") }
            documents.append((frame, try document(s, at + ".s", fonts: fonts)))
        }
        keyframes += documents.count
        guard keyframes <= limits.maximumKeyframes else {
            throw LottieError(path: path + ".d.k", message: "the file has more than \(limits.maximumKeyframes) keyframes")
        }
        guard !documents.isEmpty else { throw LottieError(path: path + ".d.k", message: "a text layer needs at least one document") }
        var text = LottieText(documents: documents, animators: try v["a"].map { (x) throws(LottieError) in try animators(x, path + ".a") } ?? [])
        text.glyphs = glyphSet
        if case .string(let source, _)? = d["x"], !source.isEmpty, expressionLayer >= 0 {
            let engine = expressions
            let id = engine.registerText(documents[0].document.text, path: path + ".d", layer: expressionLayer, expression: source)
            text.sourceText = { frame, shown in engine.text(of: id, at: frame, shown: shown) }
        }
        if let m = v["m"] {
            try requireObject(m, path + ".m")
            if let g = m["g"] {
                let raw = try integer(g, path + ".m.g")
                guard let grouping = LottieText.AnchorPointGrouping(rawValue: raw) else {
                    throw LottieError(path: path + ".m.g", message: "unknown anchor point grouping \(raw) (1 characters to 4 all)")
                }
                text.anchorPointGrouping = grouping
            }
            if let a = m["a"] { text.groupingAlignment = try vector(a, path + ".m.a") }
        }
        if let p = v["p"], case .object = p, let m = p["m"] { text.path = try textPath(p, m, path + ".p") }
        return text
    }

    /// A text layer's path options (`t.p`); the mask's path is filled in by ``resolveTextPath(_:masks:_:)``.
    mutating func textPath(_ p: JSONValue, _ m: JSONValue, _ path: String) throws(LottieError) -> LottieTextPath {
        let index = try integer(m, path + ".m")
        guard index >= 0 else { throw LottieError(path: path + ".m", message: "a mask index must not be negative; got \(index)") }
        var out = LottieTextPath(mask: index, shape: .fixed(BezierShape(vertices: [], inTangents: [], outTangents: [], isClosed: false)))
        /// A property, or a plain number as some exporters write the switches.
        func read(_ key: String) throws(LottieError) -> Animatable<LottieVector>? {
            guard let x = p[key] else { return nil }
            if case .number(let n, _) = x { return .fixed(LottieVector(n, 0, 0, 0)) }
            if case .bool(let b, _) = x { return .fixed(LottieVector(b ? 1 : 0, 0, 0, 0)) }
            return try vector(x, "\(path).\(key)")
        }
        if let x = try read("f") { out.firstMargin = x }
        if let x = try read("l") { out.lastMargin = x }
        if let x = try read("r") { out.reversed = x }
        if let x = try read("p") { out.perpendicular = x }
        if let x = try read("a") { out.forceAlignment = x }
        return out
    }

    /// Gives a text layer's path the path of the mask it names (`path`: the layer's).
    func resolveTextPath(_ kind: inout LottieLayer.Kind, masks: [LottieMask], _ path: String) throws(LottieError) {
        guard case .text(var text) = kind, var p = text.path else { return }
        guard p.mask < masks.count else {
            throw LottieError(path: path + ".t.p.m", message: "the text's path is mask \(p.mask), but the layer has \(masks.count) masks")
        }
        p.shape = masks[p.mask].path
        text.path = p
        kind = .text(text)
    }

    /// A text layer's animators (`t.a`): each a range selector and the properties it applies.
    mutating func animators(_ v: JSONValue, _ path: String) throws(LottieError) -> [LottieTextAnimator] {
        var out: [LottieTextAnimator] = []
        for (k, item) in try array(v, path).enumerated() {
            let at = "\(path)[\(k)]"
            try requireObject(item, at)
            guard let s = item["s"] else { throw LottieError(path: at + ".s", message: "missing; an animator needs its range selector") }
            let selector = try rangeSelector(s, at + ".s")
            var animator = LottieTextAnimator(name: try string(item["nm"], at + ".nm", default: ""), selector: selector,
                                              transform: LottieTransform())
            if let a = item["a"] {
                let props = at + ".a"
                animator.transform = try transform(a, props)
                func read(_ key: String) throws(LottieError) -> Animatable<LottieVector>? {
                    try a[key].map { (x) throws(LottieError) in try vector(x, "\(props).\(key)") }
                }
                animator.opacity = try read("o")
                animator.fillColor = try a["fc"].map { (x) throws(LottieError) in Self.unitColor(try vector(x, props + ".fc", fill: LottieVector(0, 0, 0, 1))) }
                animator.strokeColor = try a["sc"].map { (x) throws(LottieError) in Self.unitColor(try vector(x, props + ".sc", fill: LottieVector(0, 0, 0, 1))) }
                animator.fillOpacity = try read("fo")
                animator.strokeOpacity = try read("so")
                animator.strokeWidth = try read("sw")
                animator.tracking = try read("t")
                animator.lineSpacing = try read("ls")
                animator.fillHue = try read("fh")
                animator.fillSaturation = try read("fs")
                animator.fillBrightness = try read("fb")
                animator.strokeHue = try read("sh")
                animator.strokeSaturation = try read("ss")
                animator.strokeBrightness = try read("sb")
                animator.rotationX = try read("rx")
                animator.rotationY = try read("ry")
                animator.blur = try read("bl")
            }
            out.append(animator)
        }
        return out
    }

    /// A range selector (`t.a[].s`).
    mutating func rangeSelector(_ v: JSONValue, _ path: String) throws(LottieError) -> LottieTextRangeSelector {
        try requireObject(v, path)
        var s = LottieTextRangeSelector()
        func choice<E: RawRepresentable>(_ key: String, _ name: String, _ fallback: E) throws(LottieError) -> E where E.RawValue == Int {
            guard let x = v[key] else { return fallback }
            let raw = try integer(x, "\(path).\(key)")
            guard let e = E(rawValue: raw) else { throw LottieError(path: "\(path).\(key)", message: "unknown \(name) \(raw)") }
            return e
        }
        s.units = try choice("r", "range unit (1 percentage, 2 index)", s.units)
        s.basis = try choice("b", "basis (1 characters, 2 without spaces, 3 words, 4 lines)", s.basis)
        // An unknown shape (exporters have written 0) is drawn square, as lottie-web draws it.
        if let x = v["sh"] {
            let raw = try integer(x, path + ".sh")
            if let shape = LottieTextRangeSelector.Shape(rawValue: raw) { s.shape = shape } else {
                warnings.append("\(path).sh: unknown shape \(raw) (1 square to 6 smooth); drawn square")
                s.shape = .square
            }
        }
        s.mode = try choice("m", "mode (1 add to 6 difference)", s.mode)
        if let x = v["s"] { s.start = try vector(x, path + ".s") }
        if let x = v["e"] { s.end = try vector(x, path + ".e") }
        if let x = v["o"] { s.offset = try vector(x, path + ".o") }
        if let x = v["a"] { s.amount = try vector(x, path + ".a") }
        if let x = v["xe"] { s.easeHigh = try vector(x, path + ".xe") }
        if let x = v["ne"] { s.easeLow = try vector(x, path + ".ne") }
        if let rn = v["rn"] { s.randomizesOrder = try flag(rn, path + ".rn") }
        return s
    }

    mutating func document(_ v: JSONValue, _ path: String, fonts: [String: LottieFontEntry]) throws(LottieError) -> LottieTextDocument {
        try requireObject(v, path)
        let size = try number(v["s"], path + ".s")
        guard size >= 0, size <= limits.maximumSide else {
            throw LottieError(path: path + ".s", message: "a font size must be in [0, \(Int(limits.maximumSide))]; got \(size)")
        }
        let fontName = try string(v["f"], path + ".f", default: "")
        let entry = fonts[fontName]
        if entry == nil, !fontName.isEmpty { warnings.append("\(path).f: '\(fontName)' is not in the font list; set in the family of that name") }
        let rawJustify = try integer(v["j"], path + ".j", default: 0)
        guard let justification = LottieTextDocument.Justification(rawValue: rawJustify) else {
            throw LottieError(path: path + ".j", message: "the justification must be 0 to 6; got \(rawJustify)")
        }
        let strokeWidth = try number(v["sw"], path + ".sw", default: 0)
        let stroke = try v["sc"].map { (x) throws(LottieError) in try color(x, path + ".sc") }
        guard strokeWidth.isFinite, abs(strokeWidth) <= limits.maximumSide else {
            throw LottieError(path: path + ".sw", message: "a stroke width must be at most \(Int(limits.maximumSide)); got \(strokeWidth)")
        }
        var box: Rect?
        if let sz = v["sz"] {
            let wh = try pair(sz, path + ".sz")
            let xy = try v["ps"].map { (x) throws(LottieError) in try pair(x, path + ".ps") } ?? Point.zero
            guard wh.x >= 0, wh.y >= 0, wh.x <= limits.maximumSide, wh.y <= limits.maximumSide else {
                throw LottieError(path: path + ".sz", message: "a text box's sides must be in [0, \(Int(limits.maximumSide))]; got \(wh.x) x \(wh.y)")
            }
            box = Rect(x: xy.x, y: xy.y, width: wh.x, height: wh.y)
        }
        let lineHeight = try number(v["lh"], path + ".lh", default: size * 1.2)
        let tracking = try number(v["tr"], path + ".tr", default: 0), shift = try number(v["ls"], path + ".ls", default: 0)
        for (value, key) in [(lineHeight, "lh"), (tracking, "tr"), (shift, "ls")] where abs(value) > 1e6 {
            throw LottieError(path: "\(path).\(key)", message: "\(value) is out of range (at most 1e6 in size)")
        }
        return LottieTextDocument(
            text: try string(v["t"], path + ".t", default: ""), fontName: fontName,
            fontFamily: entry?.family ?? fontName, fontStyle: entry?.style ?? "", fontWeight: entry?.weight, ascent: entry?.ascent, size: size,
            fillColor: try v["fc"].map { (x) throws(LottieError) in try color(x, path + ".fc") },
            strokeColor: stroke, strokeWidth: strokeWidth,
            strokeOverFill: try v["of"].map { (x) throws(LottieError) in try flag(x, path + ".of") } ?? true, justification: justification,
            tracking: tracking, lineHeight: lineHeight, baselineShift: shift,
            allCaps: try integer(v["ca"], path + ".ca", default: 0) != 0, box: box)
    }

    /// A colour as three or four numbers in 0...1 (some exporters write 0...255: read as such
    /// when any channel is above 1).
    func color(_ v: JSONValue, _ path: String) throws(LottieError) -> Color {
        let items = try array(v, path)
        guard items.count >= 3 else { throw LottieError(path: path, message: "a colour needs 3 or 4 numbers; found \(items.count)") }
        var c: [Double] = []
        for (k, x) in items.prefix(4).enumerated() {
            let n = try number(x, "\(path)[\(k)]")
            guard n.isFinite, n >= 0, n <= 255 else { throw LottieError(path: "\(path)[\(k)]", message: "a colour channel must be in 0...1; got \(n)") }
            c.append(n)
        }
        let scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1
        return Color(red: c[0] / scale, green: c[1] / scale, blue: c[2] / scale, alpha: c.count > 3 ? min(c[3], 1) : 1)
    }

    /// Two numbers.
    func pair(_ v: JSONValue, _ path: String) throws(LottieError) -> Point {
        let items = try array(v, path)
        guard items.count >= 2 else { throw LottieError(path: path, message: "expected two numbers; found \(items.count)") }
        return Point(x: try number(items[0], path + "[0]"), y: try number(items[1], path + "[1]"))
    }
}
