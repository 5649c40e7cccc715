import Foundation
import Geometry
import Images
import JSONParsing
import Motion
import RenderModel

/// Reads Bodymovin JSON into the model, checking every value on the way: each failure is a
/// ``LottieError`` carrying the JSON path of the value (`layers[3].ks.p.k[2].s`), and each thing
/// read but not drawn as written is a warning with its path.
struct LottieReader {
    struct Read {
        var version: String, framerate: Double, startFrame: Double, endFrame: Double, width: Double, height: Double, name: String
        var layers: [LottieLayer], assets: [String: LottieAsset], markers: [LottieMarker], warnings: [String]
        /// The file's expressions, compiled (nil when it has none).
        var expressions: ExpressionEngine?
    }

    let limits: LottieLimits
    /// Where images that are not embedded are looked up.
    let resources: LottieResources
    var warnings: [String] = []
    /// Every layer's transform and effect values, and the properties with expressions.
    lazy var expressions = ExpressionEngine(limits: limits.expressions)
    /// The layer being read, as the engine numbers it.
    var expressionLayer = -1
    /// Whether the document has an expression anywhere (then shape contents are registered too).
    var hasExpressions = false
    var keyframes = 0
    var layerCount = 0
    var imagePixels = 0
    /// The font list, read before the layers that name its fonts.
    var fontList: [String: LottieFontEntry] = [:]
    /// The embedded glyphs, read before the text layers that use them.
    var glyphSet = LottieGlyphSet()

    static func read(_ data: [UInt8], limits: LottieLimits, resources: LottieResources) throws(LottieError) -> Read {
        guard data.count <= limits.maximumFileBytes else {
            throw LottieError(path: "", message: "the data is \(data.count) bytes; the limit is \(limits.maximumFileBytes)")
        }
        let root: JSONValue
        do { root = try JSONParser.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw LottieError(path: "", message: "malformed JSON at line \(error.location.line), column \(error.location.column): \(error.message)")
        }
        var reader = LottieReader(limits: limits, resources: resources)
        return try reader.animation(root)
    }

    // MARK: The document

    mutating func animation(_ root: JSONValue) throws(LottieError) -> Read {
        try requireObject(root, "")
        let framerate = try number(root["fr"], "fr")
        guard framerate > 0, framerate <= 1000 else { throw LottieError(path: "fr", message: "the frame rate must be in (0, 1000]; got \(framerate)") }
        let ip = try number(root["ip"], "ip"), op = try number(root["op"], "op")
        guard op > ip else { throw LottieError(path: "op", message: "the out point \(op) must be after the in point \(ip)") }
        guard op - ip <= 10_000_000 else { throw LottieError(path: "op", message: "the animation is \(op - ip) frames long; the limit is 10000000") }
        let width = try side(root["w"], "w"), height = try side(root["h"], "h")
        let version = try string(root["v"], "v", default: "")
        let name = try string(root["nm"], "nm", default: "")

        hasExpressions = Self.containsExpression(root)
        fontList = try fonts(root)
        glyphSet = try glyphs(root)
        // Assets first, so that layers can be checked against them.
        var assets: [String: LottieAsset] = [:]
        var precompositionLayers: [String: (path: String, layers: [LottieLayer])] = [:]
        if let list = root["assets"] {
            let items = try array(list, "assets")
            for (k, item) in items.enumerated() {
                let path = "assets[\(k)]"
                try requireObject(item, path)
                let id = try string(item["id"], path + ".id")
                if assets[id] != nil { throw LottieError(path: path + ".id", message: "the asset id '\(id)' is used twice") }
                if let layers = item["layers"] {
                    try beginExpressionComposition(item, name: try string(item["nm"], path + ".nm", default: id))
                    let read = try self.layers(layers, path + ".layers")
                    assets[id] = .precomposition(read)
                    precompositionLayers[id] = (path, read)
                } else {
                    assets[id] = try image(item, path)
                }
            }
        }
        guard let layerList = root["layers"] else { throw LottieError(path: "layers", message: "missing; an animation needs its layers") }
        let main = try beginExpressionComposition(root, name: name)
        let layers = try self.layers(layerList, "layers")
        try checkReferences(layers, "layers", assets: assets, precompositions: precompositionLayers)

        var markers: [LottieMarker] = []
        if let list = root["markers"] {
            for (k, m) in try array(list, "markers").enumerated() {
                let path = "markers[\(k)]"
                try requireObject(m, path)
                markers.append(LottieMarker(name: try string(m["cm"], path + ".cm", default: ""),
                                            frame: try number(m["tm"], path + ".tm"),
                                            duration: try number(m["dr"], path + ".dr", default: 0)))
            }
        }
        let engine = try finishExpressions(main: main, markers: markers, framerate: framerate)
        return Read(version: version, framerate: framerate, startFrame: ip, endFrame: op, width: width, height: height, name: name,
                    layers: layers, assets: assets, markers: markers, warnings: warnings, expressions: engine)
    }

    /// Checks that every precomposition layer names an asset that exists, and that no
    /// precomposition uses itself or nests deeper than the limit.
    func checkReferences(_ layers: [LottieLayer], _ path: String, assets: [String: LottieAsset],
                         precompositions: [String: (path: String, layers: [LottieLayer])]) throws(LottieError) {
        var done: Set<String> = []
        func visit(_ layers: [LottieLayer], _ path: String, chain: [String]) throws(LottieError) {
            for (k, layer) in layers.enumerated() {
                guard case .precomposition(let id, _, _) = layer.kind else { continue }
                let at = "\(path)[\(k)].refId"
                if chain.contains(id) {
                    throw LottieError(path: at, message: "the precomposition '\(id)' uses itself (\((chain + [id]).joined(separator: " -> ")))")
                }
                guard let target = precompositions[id] else {
                    if assets[id] == nil { throw LottieError(path: at, message: "no asset has the id '\(id)'") }
                    throw LottieError(path: at, message: "the asset '\(id)' is an image, not a precomposition")
                }
                guard chain.count < limits.maximumPrecompositionDepth else {
                    throw LottieError(path: at, message: "precompositions nest deeper than \(limits.maximumPrecompositionDepth)")
                }
                if done.contains(id) { continue }
                try visit(target.layers, target.path + ".layers", chain: chain + [id])
                done.insert(id)
            }
        }
        try visit(layers, path, chain: [])
        for (id, p) in precompositions.sorted(by: { $0.key < $1.key }) where !done.contains(id) {
            try visit(p.layers, p.path + ".layers", chain: [id])
        }
    }

    // MARK: Assets

    mutating func image(_ item: JSONValue, _ path: String) throws(LottieError) -> LottieAsset {
        let width = try number(item["w"], path + ".w", default: 0), height = try number(item["h"], path + ".h", default: 0)
        let file = try string(item["p"], path + ".p", default: "")
        // A sound asset (audio layers' source, as dotLottie v2 packs them in u/) is not played.
        let lowered = file.lowercased()
        if lowered.hasPrefix("data:audio/") || [".mp3", ".wav", ".ogg", ".m4a", ".aac"].contains(where: { lowered.hasSuffix($0) }) {
            warnings.append("\(path).p: the sound '\(file)' is not played")
            return .missingImage(reason: "a sound")
        }
        let bytes: [UInt8]
        /// The archive and entry the image came from, named by its errors.
        var source: (archive: String, entry: String)?
        if file.hasPrefix("data:") {
            guard let comma = file.firstIndex(of: ","), file[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(file[file.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
                throw LottieError(path: path + ".p", message: "an embedded image must be a base64 data URL")
            }
            bytes = [UInt8](data)
        } else {
            let directory = try string(item["u"], path + ".u", default: "")
            switch resources {
            case .directory(let base) where !file.isEmpty:
                let full = base + "/" + directory + file
                guard let data = FileManager.default.contents(atPath: full) else {
                    warnings.append("\(path).p: the image file \(full) cannot be read")
                    return .missingImage(reason: "cannot read \(full)")
                }
                bytes = [UInt8](data)
            case .archive(let archive) where !file.isEmpty:
                guard let found = try archive.imageBytes(folder: directory, file: file, path + ".p") else {
                    warnings.append("\(path).p: the image '\(directory)\(file)' is not in the archive")
                    return .missingImage(reason: "not in the archive")
                }
                bytes = found.bytes
                source = (archive.name, found.entry)
            default:
                warnings.append("\(path).p: the image '\(directory)\(file)' is not embedded and there is no folder to look in")
                return .missingImage(reason: "not embedded")
            }
        }
        let decoder = ImageDecoder(pixelLimit: limits.maximumImagePixels)
        do {
            let header = try ImageHeader.read(bytes)
            let pixels = header.width * header.height
            guard imagePixels + pixels <= limits.maximumTotalImagePixels else {
                throw LottieError(path: path + ".p", message: "the images hold more than \(limits.maximumTotalImagePixels) pixels together",
                                  archive: source?.archive, entry: source?.entry)
            }
            let image = try decoder.decode(bytes)
            imagePixels += pixels
            return .image(image, width: width > 0 ? width : Double(header.width), height: height > 0 ? height : Double(header.height))
        } catch let e as LottieError {
            throw e
        } catch {
            throw LottieError(path: path + ".p", message: "the image cannot be decoded: \(error)", archive: source?.archive, entry: source?.entry)
        }
    }

    // MARK: Layers

    mutating func layers(_ value: JSONValue, _ path: String) throws(LottieError) -> [LottieLayer] {
        let items = try array(value, path)
        var out: [LottieLayer] = []
        out.reserveCapacity(items.count)
        for (k, item) in items.enumerated() {
            layerCount += 1
            guard layerCount <= limits.maximumLayers else {
                throw LottieError(path: "\(path)[\(k)]", message: "the file has more than \(limits.maximumLayers) layers")
            }
            try beginExpressionLayer(item, "\(path)[\(k)]")
            let read = try layer(item, "\(path)[\(k)]")
            endExpressionLayer(read, item, "\(path)[\(k)]")
            out.append(read)
        }
        return markingTrackMattes(out, path)
    }

    mutating func layer(_ v: JSONValue, _ path: String) throws(LottieError) -> LottieLayer {
        try requireObject(v, path)
        let type = try integer(v["ty"], path + ".ty")
        let name = try string(v["nm"], path + ".nm", default: "")
        var kind: LottieLayer.Kind
        switch type {
        case 0:
            kind = .precomposition(referenceID: try string(v["refId"], path + ".refId"),
                                   width: try side(v["w"], path + ".w"), height: try side(v["h"], path + ".h"))
        case 1:
            let hex = try string(v["sc"], path + ".sc")
            let color: Color
            if hex.isEmpty {
                // Some exporters write an empty colour; rlottie and ThorVG draw those black.
                warnings.append("\(path).sc: empty solid colour, drawn black")
                color = .black
            } else {
                guard let c = Color(hex: hex) else { throw LottieError(path: path + ".sc", message: "'\(hex)' is not a #RRGGBB colour") }
                color = c
            }
            kind = .solid(color, width: try side(v["sw"], path + ".sw"), height: try side(v["sh"], path + ".sh"))
        case 2: kind = .image(referenceID: try string(v["refId"], path + ".refId"))
        case 3: kind = .null
        case 4:
            guard let shapes = v["shapes"] else { throw LottieError(path: path + ".shapes", message: "missing; a shape layer needs its shapes") }
            kind = .shape(try shapeItems(shapes, path + ".shapes"))
        case 5: kind = .text(try text(v["t"], path + ".t", fonts: fontList))
        default:
            warnings.append("\(path).ty: layer type \(type) is not drawn")
            kind = .null
        }
        let index = try v["ind"].map { (x) throws(LottieError) in try integer(x, path + ".ind") }
        let parent = try v["parent"].map { (x) throws(LottieError) in try integer(x, path + ".parent") }
        let ip = try number(v["ip"], path + ".ip", default: 0), op = try number(v["op"], path + ".op", default: .greatestFiniteMagnitude)
        let stretch = try number(v["sr"], path + ".sr", default: 1)
        guard stretch != 0 else { throw LottieError(path: path + ".sr", message: "the time stretch must not be 0") }
        // Layers of the types not drawn (audio, 6, has no transform) may go without one.
        guard let ks = v["ks"] ?? ((0...5).contains(type) ? nil : .object([], v.location)) else {
            throw LottieError(path: path + ".ks", message: "missing; a layer needs its transform")
        }
        var masks: [LottieMask] = []
        if let list = v["masksProperties"] {
            for (k, m) in try array(list, path + ".masksProperties").enumerated() { masks.append(try mask(m, "\(path).masksProperties[\(k)]")) }
        }
        try resolveTextPath(&kind, masks: masks, path)
        var matte: MatteMode?
        if let tt = v["tt"] {
            let raw = try integer(tt, path + ".tt")
            if raw != 0 {
                guard let mode = MatteMode(rawValue: raw) else { throw LottieError(path: path + ".tt", message: "the matte mode must be 0 to 4; got \(raw)") }
                matte = mode
            }
        }
        var timeRemap: Animatable<LottieVector>?
        if let tm = v["tm"] {
            if case .precomposition = kind { timeRemap = try vector(tm, path + ".tm") } else { warnings.append("\(path).tm: time remapping only applies to precompositions") }
        }
        return LottieLayer(kind: kind, name: name, index: index, parent: parent, inPoint: ip, outPoint: op,
                           startTime: try number(v["st"], path + ".st", default: 0), stretch: stretch,
                           transform: try transform(ks, path + ".ks"), masks: masks, matteMode: matte,
                           isMatte: try v["td"].map { (x) throws(LottieError) in try flag(x, path + ".td") } ?? false,
                           isHidden: try v["hd"].map { (x) throws(LottieError) in try flag(x, path + ".hd") } ?? false,
                           autoOrient: try v["ao"].map { (x) throws(LottieError) in try flag(x, path + ".ao") } ?? false,
                           timeRemap: timeRemap, is3D: try v["ddd"].map { (x) throws(LottieError) in try flag(x, path + ".ddd") } ?? false,
                           effects: try layerEffects(v["ef"], path + ".ef"), blendMode: blendMode(v["bm"], path + ".bm"))
    }

    mutating func mask(_ v: JSONValue, _ path: String) throws(LottieError) -> LottieMask {
        try requireObject(v, path)
        let raw = try string(v["mode"], path + ".mode", default: "a")
        guard let mode = LottieMask.Mode(rawValue: raw) else { throw LottieError(path: path + ".mode", message: "unknown mask mode '\(raw)'") }
        guard let pt = v["pt"] else { throw LottieError(path: path + ".pt", message: "missing; a mask needs its path") }
        return LottieMask(mode: mode, path: try shape(pt, path + ".pt"),
                          opacity: try v["o"].map { (x) throws(LottieError) in try vector(x, path + ".o") } ?? .fixed(LottieVector(100, 0, 0, 0)),
                          expansion: try v["x"].map { (x) throws(LottieError) in try vector(x, path + ".x") } ?? .fixed(.zero),
                          isInverted: try v["inv"].map { (x) throws(LottieError) in try flag(x, path + ".inv") } ?? false)
    }

    mutating func transform(_ v: JSONValue, _ path: String) throws(LottieError) -> LottieTransform {
        try requireObject(v, path)
        var t = LottieTransform()
        if let a = v["a"] { t.anchor = try vector(a, path + ".a") }
        if let p = v["p"] {
            try requireObject(p, path + ".p")
            if let s = p["s"], try flag(s, path + ".p.s") {
                guard let x = p["x"], let y = p["y"] else { throw LottieError(path: path + ".p", message: "a split position needs x and y") }
                t.positionX = try vector(x, path + ".p.x")
                t.positionY = try vector(y, path + ".p.y")
            } else {
                t.position = try vector(p, path + ".p")
            }
        }
        if let s = v["s"] { t.scale = try vector(s, path + ".s", fill: LottieVector(100, 100, 100, 0)) }
        if let r = v["r"] ?? v["rz"] { t.rotation = try vector(r, path + (v["r"] != nil ? ".r" : ".rz")) }
        if let o = v["o"] { t.opacity = try vector(o, path + ".o") }
        if let sk = v["sk"] { t.skew = try vector(sk, path + ".sk") }
        if let sa = v["sa"] { t.skewAxis = try vector(sa, path + ".sa") }
        if let so = v["so"] { t.startOpacity = try vector(so, path + ".so") }
        if let eo = v["eo"] { t.endOpacity = try vector(eo, path + ".eo") }
        if let rx = v["rx"] { t.rotationX = try vector(rx, path + ".rx") }
        if let ry = v["ry"] { t.rotationY = try vector(ry, path + ".ry") }
        if let or = v["or"] { t.orientation = try vector(or, path + ".or") }
        return t
    }

    // MARK: Shapes

    mutating func shapeItems(_ value: JSONValue, _ path: String) throws(LottieError) -> [ShapeItem] {
        var out: [ShapeItem] = []
        for (k, item) in try array(value, path).enumerated() {
            let at = "\(path)[\(k)]"
            try requireObject(item, at)
            if let hd = item["hd"], try flag(hd, at + ".hd") { continue }
            if let s = try shapeItem(item, at) { out.append(s) }
        }
        return out
    }

    mutating func plainShapeItem(_ v: JSONValue, _ path: String) throws(LottieError) -> ShapeItem? {
        let type = try string(v["ty"], path + ".ty")
        let name = try string(v["nm"], path + ".nm", default: "")
        // "d" is a direction (3: reversed) on geometry, and the dash list on strokes.
        let reversed = ["rc", "el", "sr", "sh"].contains(type) ? try number(v["d"], path + ".d", default: 1) == 3 : false
        func req(_ key: String) throws(LottieError) -> JSONValue {
            guard let x = v[key] else { throw LottieError(path: "\(path).\(key)", message: "missing") }
            return x
        }
        switch type {
        case "gr":
            guard let it = v["it"] else { throw LottieError(path: path + ".it", message: "missing; a group needs its items") }
            var items: [ShapeItem] = []
            var transform = LottieTransform()
            for (k, item) in try array(it, path + ".it").enumerated() {
                let at = "\(path).it[\(k)]"
                try requireObject(item, at)
                if try string(item["ty"], at + ".ty") == "tr" { transform = try self.transform(item, at); continue }
                if let hd = item["hd"], try flag(hd, at + ".hd") { continue }
                if let s = try shapeItem(item, at) { items.append(s) }
            }
            return .group(name: name, items: items, transform: transform)
        case "rc":
            return .rectangle(position: try vector(try req("p"), path + ".p"), size: try vector(try req("s"), path + ".s"),
                              roundness: try v["r"].map { (x) throws(LottieError) in try vector(x, path + ".r") } ?? .fixed(.zero), reversed: reversed)
        case "el":
            return .ellipse(position: try vector(try req("p"), path + ".p"), size: try vector(try req("s"), path + ".s"), reversed: reversed)
        case "sr":
            let isStar = try number(v["sy"], path + ".sy", default: 1) == 1
            return .polystar(.init(isStar: isStar, position: try vector(try req("p"), path + ".p"), points: try vector(try req("pt"), path + ".pt"),
                                   rotation: try v["r"].map { (x) throws(LottieError) in try vector(x, path + ".r") } ?? .fixed(.zero),
                                   outerRadius: try vector(try req("or"), path + ".or"),
                                   outerRoundness: try v["os"].map { (x) throws(LottieError) in try vector(x, path + ".os") } ?? .fixed(.zero),
                                   innerRadius: isStar ? try vector(try req("ir"), path + ".ir") : nil,
                                   innerRoundness: isStar ? try v["is"].map { (x) throws(LottieError) in try vector(x, path + ".is") } : nil,
                                   reversed: reversed))
        case "sh":
            return .path(try shape(try req("ks"), path + ".ks"), reversed: reversed)
        case "fl":
            return .fill(name: name, color: Self.unitColor(try vector(try req("c"), path + ".c", fill: LottieVector(0, 0, 0, 1))),
                         opacity: try vector(try req("o"), path + ".o"), rule: try fillRule(v, path))
        case "st":
            return .stroke(name: name, color: Self.unitColor(try vector(try req("c"), path + ".c", fill: LottieVector(0, 0, 0, 1))),
                           opacity: try vector(try req("o"), path + ".o"), style: try strokeStyle(v, path))
        case "gf":
            return .gradientFill(name: name, gradient: try gradient(v, path), opacity: try vector(try req("o"), path + ".o"), rule: try fillRule(v, path))
        case "gs":
            return .gradientStroke(name: name, gradient: try gradient(v, path), opacity: try vector(try req("o"), path + ".o"), style: try strokeStyle(v, path))
        case "tm":
            return .trim(start: try vector(try req("s"), path + ".s"), end: try vector(try req("e"), path + ".e"),
                         offset: try v["o"].map { (x) throws(LottieError) in try vector(x, path + ".o") } ?? .fixed(.zero),
                         individually: try number(v["m"], path + ".m", default: 1) == 2)
        case "rp":
            guard let tr = v["tr"] else { throw LottieError(path: path + ".tr", message: "missing; a repeater needs its transform") }
            return .repeater(copies: try vector(try req("c"), path + ".c"),
                             offset: try v["o"].map { (x) throws(LottieError) in try vector(x, path + ".o") } ?? .fixed(.zero),
                             transform: try transform(tr, path + ".tr"), copiesAbove: try number(v["m"], path + ".m", default: 1) == 1)
        case "rd":
            return .roundedCorners(radius: try vector(try req("r"), path + ".r"))
        case "mm":
            let mode = try integer(v["mm"], path + ".mm", default: 1)
            if mode < 1 || mode > 5 { warnings.append("\(path).mm: merge mode \(mode) is not one of 1 to 5; drawn as add") }
            return .merge(mode: mode)
        case "tr":
            return nil                                     // only meaningful inside a group
        default:
            warnings.append("\(path).ty: shape item '\(type)' is not drawn")
            return nil
        }
    }

    func fillRule(_ v: JSONValue, _ path: String) throws(LottieError) -> FillRule {
        try number(v["r"], path + ".r", default: 1) == 2 ? .evenOdd : .nonZero
    }

    mutating func strokeStyle(_ v: JSONValue, _ path: String) throws(LottieError) -> LottieStrokeStyle {
        guard let w = v["w"] else { throw LottieError(path: path + ".w", message: "missing; a stroke needs its width") }
        let cap: LineCap = switch try integer(v["lc"], path + ".lc", default: 2) { case 1: .butt; case 3: .square; default: .round }
        let join: LineJoin = switch try integer(v["lj"], path + ".lj", default: 2) { case 1: .miter; case 3: .bevel; default: .round }
        var dashes: [Animatable<LottieVector>] = [], offset: Animatable<LottieVector>?
        if let d = v["d"] {
            for (k, entry) in try array(d, path + ".d").enumerated() {
                let at = "\(path).d[\(k)]"
                try requireObject(entry, at)
                let kind = try string(entry["n"], at + ".n")
                guard let value = entry["v"] else { throw LottieError(path: at + ".v", message: "missing") }
                let animatable = try vector(value, at + ".v")
                if kind == "o" { offset = animatable } else { dashes.append(animatable) }
            }
        }
        return LottieStrokeStyle(width: try vector(w, path + ".w"), cap: cap, join: join,
                                 miterLimit: try number(v["ml"], path + ".ml", default: 4), dashes: dashes, dashOffset: offset)
    }

    mutating func gradient(_ v: JSONValue, _ path: String) throws(LottieError) -> LottieGradient {
        guard let g = v["g"] else { throw LottieError(path: path + ".g", message: "missing; a gradient needs its stops") }
        try requireObject(g, path + ".g")
        let count = try integer(g["p"], path + ".g.p")
        guard count >= 1, count <= 1000 else { throw LottieError(path: path + ".g.p", message: "the colour stop count must be 1 to 1000; got \(count)") }
        guard let k = g["k"] else { throw LottieError(path: path + ".g.k", message: "missing") }
        let stops = try stopsProperty(k, path + ".g.k", colorStops: count)
        guard let s = v["s"], let e = v["e"] else { throw LottieError(path: path + (v["s"] == nil ? ".s" : ".e"), message: "missing") }
        return LottieGradient(kind: try number(v["t"], path + ".t", default: 1) == 2 ? .radial : .linear,
                              start: try vector(s, path + ".s"), end: try vector(e, path + ".e"), colorStopCount: count, stops: stops,
                              highlightLength: try v["h"].map { (x) throws(LottieError) in try vector(x, path + ".h") },
                              highlightAngle: try v["a"].map { (x) throws(LottieError) in try vector(x, path + ".a") })
    }

    // MARK: Properties

    /// A keyframed or fixed vector of up to four numbers; missing components take `fill`'s.
    mutating func vector(_ v: JSONValue, _ path: String, fill: LottieVector = .zero) throws(LottieError) -> Animatable<LottieVector> {
        try property(v, path) { (value, at) throws(LottieError) in try Self.numbers(value, at, fill: fill) }
    }

    mutating func shape(_ v: JSONValue, _ path: String) throws(LottieError) -> Animatable<BezierShape> {
        let limit = limits.maximumVertices
        return try property(v, path) { (value, at) throws(LottieError) in
            // Keyframed shapes are written as an array holding one shape.
            if case .array(let items, _) = value {
                guard let first = items.first else { throw LottieError(path: at, message: "an empty array is not a shape") }
                return try Self.bezier(first, at + "[0]", limit: limit)
            }
            return try Self.bezier(value, at, limit: limit)
        }
    }

    mutating func stopsProperty(_ v: JSONValue, _ path: String, colorStops: Int) throws(LottieError) -> Animatable<GradientStops> {
        try property(v, path) { (value, at) throws(LottieError) in
            let items = try Self.array(value, at)
            var numbers: [Double] = []
            numbers.reserveCapacity(items.count)
            for (k, item) in items.enumerated() {
                guard case .number(let n, _) = item else { throw LottieError(path: "\(at)[\(k)]", message: "expected a number, found \(item.typeName)") }
                numbers.append(n)
            }
            guard numbers.count >= colorStops * 4 else {
                throw LottieError(path: at, message: "\(colorStops) colour stops need \(colorStops * 4) numbers; found \(numbers.count)")
            }
            return GradientStops(numbers)
        }
    }

    /// A property object `{"a": 0|1, "k": ...}`: a fixed value, or keyframes each read by `read`.
    /// With an expression ("x"), read through the expression engine (vectors; other values keep
    /// their keyframes, with a warning).
    mutating func property<V: LottieValue>(_ v: JSONValue, _ path: String,
                                           _ read: (JSONValue, String) throws(LottieError) -> V) throws(LottieError) -> Animatable<V> {
        let keyframes = try keyframedProperty(v, path, read)
        guard let x = v["x"], case .string(let source, _) = x, !source.isEmpty else { return keyframes }
        return expressionProperty(keyframes, source: source, v, path)
    }

    mutating func keyframedProperty<V: LottieValue>(_ v: JSONValue, _ path: String,
                                                    _ read: (JSONValue, String) throws(LottieError) -> V) throws(LottieError) -> Animatable<V> {
        try requireObject(v, path)
        guard let k = v["k"] else { throw LottieError(path: path + ".k", message: "missing; a property needs its value") }
        guard case .array(let items, _) = k, case .object = items.first else {
            return .fixed(try read(k, path + ".k"))
        }
        keyframes += items.count
        guard keyframes <= limits.maximumKeyframes else {
            throw LottieError(path: path + ".k", message: "the file has more than \(limits.maximumKeyframes) keyframes")
        }
        // The keyframes as the file gives them, then compiled into one curve: each keyframe is a
        // point, and a segment's end value given apart ("e", old files) one more point at the next
        // keyframe's time, which the next keyframe's value replaces from that time on.
        var keys: [(time: Double, value: V, end: V?, segment: KeyframeSegment, spatial: (out: Point, in: Point)?)] = []
        keys.reserveCapacity(items.count)
        var previousEnd: V?
        for (n, item) in items.enumerated() {
            let at = "\(path).k[\(n)]"
            try requireObject(item, at)
            let time = try Self.number(item["t"], at + ".t")
            if let last = keys.last, time < last.time {
                throw LottieError(path: at + ".t", message: "keyframe times must not decrease; \(time) follows \(last.time)")
            }
            let value: V
            if let s = item["s"] { value = try read(s, at + ".s") } else if let e = previousEnd { value = e } else if let last = keys.last {
                value = last.value
            } else {
                throw LottieError(path: at + ".s", message: "missing; the first keyframe needs its value")
            }
            let end = try item["e"].map { (x) throws(LottieError) in try read(x, at + ".e") }
            previousEnd = end
            let hold = try item["h"].map { (x) throws(LottieError) in try Self.flag(x, at + ".h") } ?? false
            var easing: [CubicBezier] = []
            if !hold, let o = item["o"], let i = item["i"] {
                let ox = try Self.easingNumbers(o["x"], at + ".o.x"), oy = try Self.easingNumbers(o["y"], at + ".o.y")
                let ix = try Self.easingNumbers(i["x"], at + ".i.x"), iy = try Self.easingNumbers(i["y"], at + ".i.y")
                let dims = max(ox.count, oy.count, ix.count, iy.count)
                for d in 0..<min(dims, 4) {
                    func pick(_ a: [Double]) -> Double { a.isEmpty ? 0 : a[min(d, a.count - 1)] }
                    easing.append(CubicBezier(min(max(pick(ox), 0), 1), pick(oy), min(max(pick(ix), 0), 1), pick(iy)))
                }
            }
            var spatial: (out: Point, in: Point)?
            if let t = item["to"], let u = item["ti"] {
                let a = try Self.numbers(t, at + ".to", fill: .zero), b = try Self.numbers(u, at + ".ti", fill: .zero)
                if a != .zero || b != .zero { spatial = (Point(x: a.x, y: a.y), Point(x: b.x, y: b.y)) }
            }
            keys.append((time, value, end, hold ? .hold : KeyframeSegment(.linear, easing: KeyframeEasing(components: easing)), spatial))
        }
        var times: [Double] = [], values: [V] = [], segments: [KeyframeSegment] = []
        times.reserveCapacity(keys.count); values.reserveCapacity(keys.count); segments.reserveCapacity(keys.count)
        for (k, key) in keys.enumerated() {
            times.append(key.time); values.append(key.value)
            guard k + 1 < keys.count else { break }
            let next = keys[k + 1]
            var segment = key.segment
            // A motion path, for positions with spatial tangents (not for holds).
            if case .linear = segment.interpolation, let t = key.spatial, let a = key.value as? LottieVector,
               let b = (key.end ?? next.value) as? LottieVector {
                segment.interpolation = .spatial(SpatialCurve(from: Point(x: a.x, y: a.y), to: Point(x: b.x, y: b.y), out: t.out, in: t.in))
            }
            segments.append(segment)
            if let end = key.end {
                times.append(next.time); values.append(end); segments.append(.hold)
            }
        }
        return .keyframed(KeyframeCurve(times: times, values: values, segments: segments))
    }

    // MARK: Values

    /// A colour in 0...1: very old files wrote 0...255, seen as any component above 1 in any of
    /// its values (decided here once, not per frame, where an eased overshoot past 1 is not a
    /// change of scale).
    static func unitColor(_ color: Animatable<LottieVector>) -> Animatable<LottieVector> {
        func scaled(_ v: LottieVector) -> LottieVector { LottieVector(v.x / 255, v.y / 255, v.z / 255, v.w) }
        switch color {
        case .fixed(let v): return max(v.x, v.y, v.z) > 1 ? .fixed(scaled(v)) : color
        case .keyframed(let curve):
            guard curve.values.contains(where: { max($0.x, $0.y, $0.z) > 1 }) else { return color }
            return .keyframed(curve.mapValues(scaled))
        case .provided: return color
        }
    }

    static func numbers(_ v: JSONValue, _ path: String, fill: LottieVector) throws(LottieError) -> LottieVector {
        switch v {
        case .number(let n, _): return LottieVector(n, fill.y, fill.z, fill.w)
        case .array(let items, _):
            guard !items.isEmpty else { throw LottieError(path: path, message: "expected numbers, found an empty array") }
            var out = fill
            for (k, item) in items.enumerated() {
                guard case .number(let n, _) = item else { throw LottieError(path: "\(path)[\(k)]", message: "expected a number, found \(item.typeName)") }
                if k < 4 { out[k] = n }
            }
            return out
        default: throw LottieError(path: path, message: "expected a number or an array of numbers, found \(v.typeName)")
        }
    }

    static func easingNumbers(_ v: JSONValue?, _ path: String) throws(LottieError) -> [Double] {
        guard let v else { return [] }
        switch v {
        case .number(let n, _): return [n]
        case .array(let items, _):
            var out: [Double] = []
            for (k, item) in items.enumerated() {
                guard case .number(let n, _) = item else { throw LottieError(path: "\(path)[\(k)]", message: "expected a number, found \(item.typeName)") }
                out.append(n)
            }
            return out
        default: throw LottieError(path: path, message: "expected a number or an array of numbers, found \(v.typeName)")
        }
    }

    static func bezier(_ v: JSONValue, _ path: String, limit: Int) throws(LottieError) -> BezierShape {
        guard case .object = v else { throw LottieError(path: path, message: "expected a shape object, found \(v.typeName)") }
        func points(_ key: String) throws(LottieError) -> [Point] {
            guard let list = v[key] else { throw LottieError(path: "\(path).\(key)", message: "missing") }
            let items = try array(list, "\(path).\(key)")
            guard items.count <= limit else { throw LottieError(path: "\(path).\(key)", message: "a shape has more than \(limit) vertices") }
            var out: [Point] = []
            out.reserveCapacity(items.count)
            for (k, item) in items.enumerated() {
                let p = try numbers(item, "\(path).\(key)[\(k)]", fill: .zero)
                out.append(Point(x: p.x, y: p.y))
            }
            return out
        }
        let vertices = try points("v"), ins = try points("i"), outs = try points("o")
        guard ins.count == vertices.count, outs.count == vertices.count else {
            throw LottieError(path: path, message: "a shape needs as many in and out tangents as vertices (\(vertices.count)); found \(ins.count) and \(outs.count)")
        }
        let closed = try v["c"].map { (x) throws(LottieError) in try flag(x, path + ".c") } ?? false
        return BezierShape(vertices: vertices, inTangents: ins, outTangents: outs, isClosed: closed)
    }

    // MARK: JSON helpers

    func requireObject(_ v: JSONValue, _ path: String) throws(LottieError) {
        guard case .object = v else { throw LottieError(path: path.isEmpty ? "(root)" : path, message: "expected an object, found \(v.typeName)") }
    }

    static func array(_ v: JSONValue, _ path: String) throws(LottieError) -> [JSONValue] {
        guard case .array(let items, _) = v else { throw LottieError(path: path, message: "expected an array, found \(v.typeName)") }
        return items
    }
    func array(_ v: JSONValue, _ path: String) throws(LottieError) -> [JSONValue] { try Self.array(v, path) }

    static func number(_ v: JSONValue?, _ path: String, default fallback: Double? = nil) throws(LottieError) -> Double {
        guard let v else {
            if let fallback { return fallback }
            throw LottieError(path: path, message: "missing; a number is required")
        }
        switch v {
        case .number(let n, _): return n
        case .array(let items, _) where items.count == 1: if case .number(let n, _) = items[0] { return n }
        case .bool(let b, _): return b ? 1 : 0
        default: break
        }
        throw LottieError(path: path, message: "expected a number, found \(v.typeName)")
    }
    func number(_ v: JSONValue?, _ path: String, default fallback: Double? = nil) throws(LottieError) -> Double {
        try Self.number(v, path, default: fallback)
    }

    /// A whole number (an index, a type, a count): JSON numbers are doubles, and a huge or
    /// fractional one is an error here rather than a trap in the conversion.
    func integer(_ v: JSONValue?, _ path: String, default fallback: Double? = nil) throws(LottieError) -> Int {
        let n = try number(v, path, default: fallback)
        guard n.rounded() == n, abs(n) <= 1e9 else {
            throw LottieError(path: path, message: "expected a whole number of at most 1e9 in size, found \(n)")
        }
        return Int(n)
    }

    func string(_ v: JSONValue?, _ path: String, default fallback: String? = nil) throws(LottieError) -> String {
        guard let v else {
            if let fallback { return fallback }
            throw LottieError(path: path, message: "missing; a string is required")
        }
        switch v {
        case .string(let s, _): return s
        case .number(let n, _) where fallback != nil: return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        default: throw LottieError(path: path, message: "expected a string, found \(v.typeName)")
        }
    }

    static func flag(_ v: JSONValue, _ path: String) throws(LottieError) -> Bool {
        switch v {
        case .bool(let b, _): return b
        case .number(let n, _): return n != 0
        default: throw LottieError(path: path, message: "expected true, false, 0 or 1, found \(v.typeName)")
        }
    }
    func flag(_ v: JSONValue, _ path: String) throws(LottieError) -> Bool { try Self.flag(v, path) }

    /// A canvas or layer side: positive and at most the limit.
    func side(_ v: JSONValue?, _ path: String) throws(LottieError) -> Double {
        let n = try number(v, path)
        guard n > 0, n <= limits.maximumSide else {
            throw LottieError(path: path, message: "a side must be in (0, \(Int(limits.maximumSide))] points; got \(n)")
        }
        return n
    }
}
