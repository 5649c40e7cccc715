import CSDL2
import Geometry
import Timeline
#if canImport(Glibc)
import Glibc
#endif

/// Coverage masks (CA10's masks by alpha, Lottie's masks and mattes): a group with a
/// ``GroupMask`` is drawn offscreen and, when composited, its premultiplied pixels are
/// multiplied by the mask's coverage over its region. Path masks are rasterised exactly by the
/// ``ShapeRasterizer`` and combined in order; content masks (a mask layer, a track matte) are
/// drawn by a second painter into memory, and their alpha or luminance read back. Both paths
/// are the CPU's, so the window and the headless image renderer apply the same coverage.
extension DisplayListPainter {
    /// Masks inside masks' own content deeper than this draw unmasked.
    nonisolated static let maximumMaskNesting = 4
    /// The most pixels of mask content one paint draws, in targets' worth: past it (thousands
    /// of masked replicator copies) masks are drawn unmasked and counted in
    /// ``lastSkippedMaskCount``, so no list can make a frame unboundedly slow.
    nonisolated static let maximumMaskPixelsInTargets = 16

    /// The coverage of `mask` over `region` (device pixels), row by row, 0...255.
    func maskCoverage(_ mask: GroupMask, transform: AffineTransform, region: SDL_Rect) -> (region: SDL_Rect, values: [UInt8]) {
        let w = Int(max(0, region.w)), h = Int(max(0, region.h))
        guard w > 0, h > 0 else { return (region, []) }
        guard maskNesting < Self.maximumMaskNesting else { return (region, [UInt8](repeating: 255, count: w * h)) }
        let budget = Int(max(1, targetSize.width)) * Int(max(1, targetSize.height)) * Self.maximumMaskPixelsInTargets
        guard maskPixelsPainted + w * h <= budget else {
            counts.skippedMasks += 1
            return (region, [UInt8](repeating: 255, count: w * h))
        }
        switch mask {
        case .paths(let paths):
            if let kept = keptPathMaskCoverage(paths, transform: transform, region: region) { return kept }
            maskPixelsPainted += w * h * max(1, paths.count)
            counts.combinedMasks += 1
            return (region, pathCoverage(paths, transform: transform, region: region))
        case .content(let commands, let luminance, let inverted):
            maskPixelsPainted += w * h
            return (region, contentCoverage(commands, luminance: luminance, inverted: inverted, region: region))
        }
    }

    /// The combined coverage of path masks used in the last paint too, with the same paths, modes,
    /// opacities and transform: kept over the mask's whole box on the target, so neither the group's
    /// bounds nor the damage changing from paint to paint combines it again (LT11). A mask first
    /// seen is only made a candidate, known by its digest (nil: the caller combines it over
    /// `region`); seen again in the next paint, it is combined once over its box (the whole
    /// target when it may cover anywhere) and kept while each paint uses it. Outside its box
    /// the mask covers nothing, so the larger region masks the group as `region` would. A mask
    /// that moves every paint costs a digest, not an entry made and dropped (whose removal
    /// hashed its neighbours again: LT11).
    func keptPathMaskCoverage(_ paths: [MaskPath], transform: AffineTransform, region: SDL_Rect) -> (region: SDL_Rect, values: [UInt8])? {
        let key = PathMaskKey(paths: paths, transform: transform)
        // The kept masks and the candidates are changed in locals and stored back whole
        // (``evictStaleCoverage()``).
        var masks = keptPathMasks
        keptPathMasks = [:]
        if let i = masks.index(forKey: key) {
            masks.values[i].lastUsed = frameNumber
            keptPathMasks = masks
            return (masks.values[i].region, masks.values[i].values)
        }
        keptPathMasks = masks
        // Seen only earlier in this paint (another damaged region's pass), or not at all:
        // combined again over this region, not over its whole box, as a mask that moves would
        // be thrown away at the next paint (LT11).
        let digest = key.hashValue
        let tried = addMaskCandidate(digest)               // tried once in this paint
        guard lastMaskCandidates.contains(digest), !tried else { return nil }
        let box = GroupMask.paths(paths).coveredBox.map { deviceRect(transform.apply(to: $0).inset(by: EdgeInsets(all: -2))) } ?? targetRect
        let whole = intersect(box, targetRect)
        let w = Int(max(0, whole.w)), h = Int(max(0, whole.h))
        let budget = Int(max(1, targetSize.width)) * Int(max(1, targetSize.height)) * Self.maximumMaskPixelsInTargets
        let limit = keptCoverageLimit
        guard w > 0, h > 0, maskPixelsPainted + w * h * max(1, paths.count) <= budget, keptCoverageCount + w * h <= limit else { return nil }
        maskPixelsPainted += w * h * max(1, paths.count)
        counts.combinedMasks += 1
        let values = pathCoverage(paths, transform: transform, region: whole)
        masks = keptPathMasks
        keptPathMasks = [:]
        masks[key] = KeptPathMask(region: whole, values: values, lastUsed: frameNumber)
        keptPathMasks = masks
        keptCoverageCount += values.count
        return (whole, values)
    }

    /// What a path mask's combined coverage depends on: every path with its mode, opacity,
    /// inversion and expansion, and the transform to the target.
    struct PathMaskKey: Hashable {
        var paths: [MaskPath]
        var transform: AffineTransform

        static func == (a: PathMaskKey, b: PathMaskKey) -> Bool { a.transform == b.transform && a.paths == b.paths }

        /// Hashes each path by a sample, as ``MaskKey`` does, with its mode and strengths.
        func hash(into hasher: inout Hasher) {
            hasher.combine(paths.count)
            for m in paths {
                m.path.hashSample(into: &hasher, transform: transform)
                hasher.combine(m.mode); hasher.combine(m.opacity); hasher.combine(m.isInverted); hasher.combine(m.expansion)
            }
        }
    }

    /// A path mask used in the last paint (a candidate, no values) or in two running, with its
    /// combined coverage over `region` (0...255).
    struct KeptPathMask {
        var region: SDL_Rect
        var values: [UInt8]
        var lastUsed: Int
    }

    /// Path masks combined as After Effects combines them: from nothing, or from everything
    /// when the first subtracts, intersects or darkens; each adds (union), subtracts,
    /// intersects, differences (exclusive or), lightens (the stronger) or darkens (the weaker)
    /// its coverage times its opacity (inverted: the outside).
    ///
    /// A mask's coverage is joined into the total straight from the rasteriser, over the rows
    /// and columns it covers: outside them it is 0 (1 inverted), which leaves the total as it is
    /// for an add or a subtract and is applied a row at a time otherwise. Only a mask with an
    /// expansion goes through a region-sized buffer of its own.
    func pathCoverage(_ paths: [MaskPath], transform: AffineTransform, region: SDL_Rect) -> [UInt8] {
        if paths.count == 1, let values = Self.rectangleMaskBytes(paths[0], transform: transform, region: region) { return values }
        let w = Int(region.w), h = Int(region.h)
        let first = paths.first?.mode ?? .add
        // The painter's scratch buffers, kept between frames (a mask animating every frame
        // allocates only its result).
        groupScratchUsed.pixels = true
        var total = maskScratch.total, one = maskScratch.one
        maskScratch = ([], [])
        defer { maskScratch = (total, one) }
        total.removeAll(keepingCapacity: true)
        let fromNothing = first == .add || first == .difference || first == .lighten
        total.append(contentsOf: repeatElement(fromNothing ? 0 : 1, count: w * h))
        let clip = Rect(region)
        for m in paths {
            let o = Float(min(max(m.opacity, 0), 1))
            let key = MaskKey(path: m.path, expansion: m.expansion, transform: transform, region: region)
            let kept = keptMask(key)
            if m.expansion != 0, m.expansion.isFinite {
                if case .region(let c)? = kept?.coverage, c.count == w * h {
                    one = c
                    counts.keptCoverageUses += 1
                } else {
                    if one.count != w * h { one = [Float](repeating: 0, count: w * h) }
                    rasterizeMaskPath(m.path, expansion: m.expansion, transform: transform, clip: clip, region: region, into: &one)
                    if kept != nil { keep(.region(one), for: key) }
                }
                Self.combine(one, into: &total, mode: m.mode, opacity: o, inverted: m.isInverted)
                continue
            }
            let laid: Bool
            // A kept path's coverage is lent to the rasteriser (traded back below), not copied.
            var lent: ShapeRasterizer.Snapshot?
            if case .shape(let snapshot)? = kept?.coverage {
                lent = snapshot
                shapes.trade(&lent!)
                counts.keptCoverageUses += 1
                laid = true
            } else {
                laid = shapes.rasterize(m.path, transform: transform, rule: .nonZero, clip: clip)
                if laid, kept != nil { keep(.shape(shapes.snapshot()), for: key) }
            }
            defer { if lent != nil { shapes.trade(&lent!) } }
            if laid {
                let box = (x: shapes.x - Int(region.x), y: shapes.y - Int(region.y), width: shapes.width, height: shapes.height)
                shapes.coverage.withUnsafeBufferPointer { cov in
                    shapes.rowStarts.withUnsafeBufferPointer { starts in
                        shapes.rowEnds.withUnsafeBufferPointer { ends in
                            total.withUnsafeMutableBufferPointer { t in
                                Self.combine(MaskRows(coverage: cov.baseAddress!, starts: starts.baseAddress!, ends: ends.baseAddress!,
                                                      box: box), into: t.baseAddress!, width: w, height: h,
                                             mode: m.mode, opacity: o, inverted: m.isInverted)
                            }
                        }
                    }
                }
            } else {
                total.withUnsafeMutableBufferPointer { t in
                    Self.combine(nil, into: t.baseAddress!, width: w, height: h, mode: m.mode, opacity: o, inverted: m.isInverted)
                }
            }
        }
        return Self.bytes(total)
    }

    /// The coverage of a mask that is one rectangle on the pixel grid's axes, added to nothing
    /// (not inverted, not expanded), over `region`, 0...255: the bytes the rasteriser's
    /// coverage, its join into the total and ``bytes(_:)`` give, read from the rectangle's rows
    /// (``RectangleRows``, a run of equal rows at a time) with no coverage rasterised, joined or
    /// converted (LT11: a wipe's mask); nil for any other mask.
    nonisolated static func rectangleMaskBytes(_ m: MaskPath, transform: AffineTransform, region: SDL_Rect) -> [UInt8]? {
        guard m.mode == .add, !m.isInverted, !(m.expansion != 0 && m.expansion.isFinite), transform.b == 0, transform.c == 0,
              let (a, c) = m.path.axisAlignedCorners else { return nil }
        let p = transform.apply(to: a), q = transform.apply(to: c)
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return nil }
        let w = Int(max(0, region.w)), h = Int(max(0, region.h))
        var values = [UInt8](repeating: 0, count: w * h)
        let clip = Rect(region)
        guard w > 0, h > 0, var rows = RectangleRows(p, q, rule: .nonZero, clip: clip, margin: 0) else { return values }
        // Joined into a total of nothing by an add, a value is itself times the opacity.
        let o = Float(min(max(m.opacity, 0), 1))
        let dx = rows.x - Int(region.x), dy = rows.y - Int(region.y)
        values.withUnsafeMutableBufferPointer { out in
            while let (r, count) = rows.nextRun() {
                let left = maskByte(r.leftValue * o), inside = maskByte(r.inside * o), right = maskByte(r.rightValue * o)
                // The rows lie in the region (the rasteriser's region is cut to the clip).
                let x0 = dx + r.left, x1 = dx + r.right
                guard x0 >= 0, x1 < w else { continue }
                for index in r.index..<(r.index + count) {
                    let y = dy + index
                    guard y >= 0, y < h else { continue }
                    let line = out.baseAddress! + y * w
                    line[x0] = left
                    guard x1 > x0 else { continue }
                    if x1 > x0 + 1 { (line + x0 + 1).update(repeating: inside, count: x1 - x0 - 1) }
                    line[x1] = right
                }
            }
        }
        return values
    }

    /// A coverage value as ``bytes(_:)`` makes it a byte (its eight-at-a-time loop gives the
    /// same): rounded, clamped first so that the conversion cannot trap (NaN reads as 0).
    @inline(__always)
    nonisolated static func maskByte(_ t: Float) -> UInt8 {
        let v = t * 255 + 0.5
        return v >= 1 ? (v < 255 ? UInt8(truncatingIfNeeded: Int32(v)) : 255) : 0
    }

    /// A rasterised mask path: its coverage over `box` (in the region's pixels), rows
    /// covered only from `starts` to `ends`.
    struct MaskRows {
        var coverage: UnsafePointer<Float>, starts: UnsafePointer<Int32>, ends: UnsafePointer<Int32>
        var box: (x: Int, y: Int, width: Int, height: Int)
    }

    /// Joins one mask's coverage (nil: it covers nothing) into the region-sized `total` by its
    /// mode, visiting pixels outside the mask's rows only where the mode changes them there.
    nonisolated static func combine(_ rows: MaskRows?, into total: UnsafeMutablePointer<Float>, width w: Int, height h: Int,
                                    mode: MaskPath.Mode, opacity o: Float, inverted: Bool) {
        // The coverage outside the path, times the opacity, and how that joins the total.
        let outside: Float = inverted ? o : 0
        let outsideChanges = mode == .intersect || mode == .darken ? outside != 1 : outside != 0
        for yy in 0..<h {
            let row = total + yy * w
            var start = 0, end = 0, src: UnsafePointer<Float>? = nil
            if let r = rows, yy >= r.box.y, yy < r.box.y + r.box.height {
                let ry = yy - r.box.y
                start = max(0, r.box.x + Int(r.starts[ry])); end = min(w, r.box.x + Int(r.ends[ry]))
                src = r.coverage + ry * r.box.width - r.box.x
            }
            if end <= start { start = 0; end = 0 }
            if outsideChanges {
                for k in 0..<start { join(&row[k], outside, mode) }
                for k in end..<w { join(&row[k], outside, mode) }
            }
            guard let src else { continue }
            joinRun(src + start, into: row + start, count: end - start, mode: mode, opacity: o, inverted: inverted)
        }
    }

    /// Joins `count` coverage values into as many of the total by a mode: one loop per case, so
    /// none branches per pixel (each does what ``join(_:_:_:)`` does with the value times the
    /// opacity, inverted or not).
    nonisolated static func joinRun(_ src: UnsafePointer<Float>, into row: UnsafeMutablePointer<Float>, count n: Int,
                                    mode: MaskPath.Mode, opacity o: Float, inverted: Bool) {
        guard n > 0 else { return }
        switch (mode, inverted) {
        case (.add, false): for k in 0..<n { let c = src[k] * o; row[k] = row[k] + c - row[k] * c }
        case (.add, true): for k in 0..<n { let c = (1 - src[k]) * o; row[k] = row[k] + c - row[k] * c }
        case (.subtract, false): for k in 0..<n { row[k] *= 1 - src[k] * o }
        case (.subtract, true): for k in 0..<n { row[k] *= 1 - (1 - src[k]) * o }
        case (.intersect, false): for k in 0..<n { row[k] *= src[k] * o }
        case (.intersect, true): for k in 0..<n { row[k] *= (1 - src[k]) * o }
        case (.difference, false): for k in 0..<n { let c = src[k] * o; row[k] = row[k] + c - 2 * row[k] * c }
        case (.difference, true): for k in 0..<n { let c = (1 - src[k]) * o; row[k] = row[k] + c - 2 * row[k] * c }
        case (.lighten, false): for k in 0..<n { row[k] = max(row[k], src[k] * o) }
        case (.lighten, true): for k in 0..<n { row[k] = max(row[k], (1 - src[k]) * o) }
        case (.darken, false): for k in 0..<n { row[k] = min(row[k], src[k] * o) }
        case (.darken, true): for k in 0..<n { row[k] = min(row[k], (1 - src[k]) * o) }
        }
    }

    /// Joins coverage `c` into the total `t` by `mode`: what each of the loops above and below
    /// does per pixel (those over a mask's rows spell it out per case, so none branches per pixel).
    @inline(__always)
    nonisolated static func join(_ t: inout Float, _ c: Float, _ mode: MaskPath.Mode) {
        switch mode {
        case .add: t = t + c - t * c
        case .subtract: t *= 1 - c
        case .intersect: t *= c
        case .difference: t = t + c - 2 * t * c
        case .lighten: t = max(t, c)
        case .darken: t = min(t, c)
        }
    }

    /// Joins one mask's coverage into the running total by its mode (nonisolated: the loop runs
    /// with no executor checks; one loop per mode, as over a mask's rows).
    nonisolated static func combine(_ one: [Float], into total: inout [Float], mode: MaskPath.Mode, opacity o: Float, inverted: Bool) {
        one.withUnsafeBufferPointer { one in
            total.withUnsafeMutableBufferPointer { total in
                let n = min(one.count, total.count)
                guard n > 0 else { return }
                joinRun(one.baseAddress!, into: total.baseAddress!, count: n, mode: mode, opacity: o, inverted: inverted)
            }
        }
    }

    /// What a mask path's coverage over a region depends on (not its mode or opacity: a mask
    /// fading in keeps it).
    struct MaskKey: Hashable {
        var path: Path
        var expansion: Double
        var transform: AffineTransform
        var region: SDL_Rect

        static func == (a: MaskKey, b: MaskKey) -> Bool {
            a.expansion == b.expansion && a.transform == b.transform && a.region.x == b.region.x && a.region.y == b.region.y
                && a.region.w == b.region.w && a.region.h == b.region.h && a.path == b.path
        }

        /// Hashes the path by a sample, as ``ShapeKey`` does.
        func hash(into hasher: inout Hasher) {
            path.hashSample(into: &hasher, transform: transform)
            hasher.combine(expansion)
            hasher.combine(region.x); hasher.combine(region.y); hasher.combine(region.w); hasher.combine(region.h)
        }
    }

    /// A mask path used in the last paint (a candidate) or in two running, with its coverage:
    /// the rasteriser's for a plain path, a region-sized buffer for an expanded one.
    struct KeptMask {
        enum Coverage { case shape(ShapeRasterizer.Snapshot), region([Float]) }
        var coverage: Coverage?
        var lastUsed: Int

        /// The coverage values it holds (against ``keptCoverageInTargets``).
        var count: Int {
            switch coverage {
            case .shape(let s)?: s.count
            case .region(let r)?: r.count
            case nil: 0
            }
        }
    }

    /// The kept entry for `key`, marked used in this paint; nil (and made a candidate, known by
    /// its digest) when neither this paint nor the last used it. A static mask is rasterised
    /// twice, then only copied; an animated one is never copied out, nor entered.
    func keptMask(_ key: MaskKey) -> KeptMask? {
        // The kept masks and the candidates are changed in locals and stored back whole
        // (``evictStaleCoverage()``).
        var masks = keptMasks
        keptMasks = [:]
        defer { keptMasks = masks }
        if let i = masks.index(forKey: key) {
            masks.values[i].lastUsed = frameNumber
            return masks.values[i]
        }
        let digest = key.hashValue
        guard lastMaskCandidates.contains(digest) || maskCandidates.contains(digest) else {
            addMaskCandidate(digest)
            return nil
        }
        let entry = KeptMask(coverage: nil, lastUsed: frameNumber)
        masks[key] = entry
        return entry
    }

    /// Keeps `coverage` for `key`, within the painter's bound on kept coverage.
    func keep(_ coverage: KeptMask.Coverage, for key: MaskKey) {
        var masks = keptMasks
        keptMasks = [:]
        defer { keptMasks = masks }
        guard let i = masks.index(forKey: key), masks.values[i].coverage == nil else { return }
        let entry = KeptMask(coverage: coverage, lastUsed: frameNumber)
        let limit = keptCoverageLimit
        guard keptCoverageCount + entry.count <= limit else { return }
        masks.values[i] = entry
        keptCoverageCount += entry.count
    }

    /// Coverage 0...1 as bytes (rounded to nearest).
    ///
    /// Eight values at a time (LT11: a masked frame converts its whole region): clamped, then
    /// truncated exactly as the one-by-one loop does, by rounding with 2²³ added and stepping
    /// back where that rounded up; the byte is then the low bits of the sum's representation.
    nonisolated static func bytes(_ total: [Float]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: total.count) { out, count in
            total.withUnsafeBufferPointer { t in
                let n = t.count
                var k = 0
                if n >= 8 {
                    let src = UnsafeRawPointer(t.baseAddress!), dst = UnsafeMutableRawPointer(out.baseAddress!)
                    let magic = SIMD8<Float>(repeating: 8_388_608)
                    while k + 8 <= n {
                        var v = src.loadUnaligned(fromByteOffset: k * 4, as: SIMD8<Float>.self) * 255 + 0.5
                        v.replace(with: 0, where: .!(v .>= 1))
                        v.replace(with: 255, where: v .> 255)
                        var r = (v + magic) - magic
                        r.replace(with: r - 1, where: r .> v)
                        let bits = unsafeBitCast(r + magic, to: SIMD8<UInt32>.self)
                        dst.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: bits), toByteOffset: k, as: SIMD8<UInt8>.self)
                        k += 8
                    }
                }
                while k < n {
                    out[k] = maskByte(t[k])
                    k += 1
                }
            }
            count = total.count
        }
    }

    /// How a rasterised path joins what is already in a coverage buffer.
    nonisolated enum CoverageJoin { case replace, union, cut }

    /// The coverage of `path` (grown or shrunk by `expansion` units at its edge) into `out`,
    /// region-sized, 0...1.
    func rasterizeMaskPath(_ path: Path, expansion: Double, transform: AffineTransform, clip: Rect, region: SDL_Rect,
                           into out: inout [Float]) {
        out.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        join(path, .replace, transform: transform, clip: clip, region: region, into: &out)
        guard expansion != 0, expansion.isFinite else { return }
        let edge = path.copy(strokingWithWidth: 2 * abs(expansion), lineCap: .round, lineJoin: .round, miterLimit: 4)
        join(edge, expansion > 0 ? .union : .cut, transform: transform, clip: clip, region: region, into: &out)
    }

    /// Rasterises `path` and joins its coverage into `out` (region-sized) by `how`.
    private func join(_ path: Path, _ how: CoverageJoin, transform: AffineTransform, clip: Rect, region: SDL_Rect,
                      into out: inout [Float]) {
        guard shapes.rasterize(path, transform: transform, rule: .nonZero, clip: clip) else { return }
        Self.join(shapes.coverage, x: shapes.x - Int(region.x), y: shapes.y - Int(region.y), width: shapes.width, height: shapes.height,
                  how, into: &out, width: Int(region.w), height: Int(region.h))
    }

    /// Joins a rasterised coverage (`width` x `height` at `x`, `y` in the region) into `out`.
    nonisolated static func join(_ coverage: [Float], x ox: Int, y oy: Int, width sw: Int, height sh: Int, _ how: CoverageJoin,
                                 into out: inout [Float], width w: Int, height h: Int) {
        coverage.withUnsafeBufferPointer { cov in
            out.withUnsafeMutableBufferPointer { o in
                let y0 = max(0, -oy), y1 = max(y0, min(sh, h - oy)), x0 = max(0, -ox), x1 = max(x0, min(sw, w - ox))
                guard x1 > x0, let cb = cov.baseAddress, let ob = o.baseAddress else { return }
                for yy in y0..<y1 {
                    // One loop per way of joining, so none branches per pixel.
                    let row = ob + (oy + yy) * w + ox, src = cb + yy * sw
                    switch how {
                    case .replace: (row + x0).update(from: src + x0, count: x1 - x0)
                    case .union: for xx in x0..<x1 { row[xx] = max(row[xx], src[xx]) }
                    case .cut: for xx in x0..<x1 { row[xx] *= 1 - src[xx] }
                    }
                }
            }
        }
    }

    /// The alpha or luminance of `commands` drawn over transparency, over `region`.
    func contentCoverage(_ commands: [DrawCommand], luminance: Bool, inverted: Bool, region: SDL_Rect) -> [UInt8] {
        let w = Int(region.w), h = Int(region.h)
        let width = Int(targetSize.width), height = Int(targetSize.height)
        groupScratchUsed.maskPainter = true
        if maskPainter == nil || maskPainter!.width != width || maskPainter!.height != height {
            maskPainter = MaskPainter(width: width, height: height, nesting: maskNesting + 1)
        }
        guard let mp = maskPainter else { return [UInt8](repeating: inverted ? 255 : 0, count: w * h) }
        var list = DisplayList()
        list.commands = commands
        list.scale = lastPainted?.scale ?? 1
        list.size = Size(width: Double(width) / list.scale, height: Double(height) / list.scale)
        list.background = .clear
        mp.painter.paint(list, only: region)
        mp.painter.sdl(SDL_RenderFlush(mp.renderer), "SDL_RenderFlush")
        let surface = mp.surface
        if tl_must_lock(surface) != 0 { SDL_LockSurface(surface) }
        defer { if tl_must_lock(surface) != 0 { SDL_UnlockSurface(surface) } }
        guard let base = surface.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return [UInt8](repeating: 0, count: w * h) }
        return Self.readCoverage(base, stride: Int(surface.pointee.pitch) / 4, width: width, height: height, region: region,
                                 luminance: luminance, inverted: inverted)
    }

    /// The alpha or luminance (premultiplied: a luma matte's brightness is its colour over
    /// black) of the pixels of `region`, inverted or not.
    nonisolated static func readCoverage(_ base: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int, region: SDL_Rect,
                                         luminance: Bool, inverted: Bool) -> [UInt8] {
        let w = Int(region.w), h = Int(region.h)
        // The region's columns on the surface, the same on every row; outside it (never, for a
        // region within the target) the coverage is 0.
        let x0 = min(w, max(0, -Int(region.x))), x1 = max(x0, min(w, width - Int(region.x)))
        let empty: UInt8 = 0
        return [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
            let o = out.baseAddress!
            for yy in 0..<h {
                let line = o + yy * w
                let sy = Int(region.y) + yy
                guard sy >= 0, sy < height else { line.initialize(repeating: empty, count: w); continue }
                line.initialize(repeating: empty, count: x0)
                (line + x1).initialize(repeating: empty, count: w - x1)
                let src = base + sy * stride + Int(region.x)
                if luminance {
                    for xx in x0..<x1 {
                        let p = src[xx]
                        let c = UInt8(truncatingIfNeeded: (299 * ((p >> 16) & 0xFF) + 587 * ((p >> 8) & 0xFF) + 114 * (p & 0xFF) + 500) / 1000)
                        line[xx] = inverted ? 255 - c : c
                    }
                } else {
                    for xx in x0..<x1 {
                        let c = UInt8(truncatingIfNeeded: src[xx] >> 24)
                        line[xx] = inverted ? 255 - c : c
                    }
                }
            }
            count = w * h
        }
    }

    /// Multiplies the premultiplied pixels of `run` (at `px`, rows `run.w` apart) by the
    /// coverage over the run (outside the coverage's region they are cleared).
    nonisolated static func applyCoverage(_ coverage: (region: SDL_Rect, values: [UInt8]), to px: UnsafeMutablePointer<UInt32>, run: SDL_Rect) {
        let r = coverage.region, w = Int(r.w), rw = Int(run.w)
        guard !coverage.values.isEmpty else {
            // An empty region (a mask wholly off the target) covers nothing.
            px.update(repeating: 0, count: rw * Int(run.h))
            return
        }
        // The run's columns inside the region, the same on every row.
        let x0 = min(rw, max(0, Int(r.x) - Int(run.x))), x1 = max(x0, min(rw, Int(r.x) + w - Int(run.x)))
        coverage.values.withUnsafeBufferPointer { cov in
            for yy in 0..<Int(run.h) {
                let line = px + yy * rw
                let cy = Int(run.y) - Int(r.y) + yy
                guard cy >= 0, cy < Int(r.h) else { line.update(repeating: 0, count: rw); continue }
                line.update(repeating: 0, count: x0)
                (line + x1).update(repeating: 0, count: rw - x1)
                let src = cov.baseAddress! + cy * w + Int(run.x) - Int(r.x)
                var k = x0
                while k < x1 {
                    // Eight pixels at once: passed where the coverage is whole, cleared where it
                    // is none (most of a still mask), else scaled in 16-bit lanes, which gives
                    // the bytes ``Premultiplied/scale(_:_:)`` gives one by one (a mask whose
                    // opacity moves has partial coverage across its inside: LT11).
                    if k + 8 <= x1 {
                        let c8 = UnsafeRawPointer(src + k).loadUnaligned(as: UInt64.self)
                        if c8 == UInt64.max { k += 8; continue }
                        if c8 == 0 { (line + k).update(repeating: 0, count: 8); k += 8; continue }
                        let f = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(src + k).loadUnaligned(as: SIMD8<UInt8>.self))
                        let raw = UnsafeMutableRawPointer(line + k)
                        raw.storeBytes(of: Premultiplied.scale(raw.loadUnaligned(as: Premultiplied.Lanes.self),
                                                               unsafeBitCast(f | (f &<< 16), to: Premultiplied.Lanes.self)),
                                       as: Premultiplied.Lanes.self)
                        k += 8
                        continue
                    }
                    let c = UInt32(src[k])
                    if c != 255 { line[k] = c == 0 ? 0 : Premultiplied.scale(line[k], c) }
                    k += 1
                }
            }
        }
    }
}

/// A software painter drawing a mask's content into memory, as large as the target.
@MainActor
final class MaskPainter {
    let width: Int, height: Int
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let painter: DisplayListPainter

    init?(width: Int, height: Int, nesting: Int) {
        guard width > 0, height > 0,
              let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, tl_pixel_format_argb8888()) else { return nil }
        guard let r = SDL_CreateSoftwareRenderer(s) else { SDL_FreeSurface(s); return nil }
        self.width = width; self.height = height; surface = s; renderer = r
        painter = DisplayListPainter(renderer: r)
        painter.maskNesting = nesting
        // Its surface is its own: shapes are laid into it and it is cleared in place, as the
        // image renderer's (a Lottie track matte's content is drawn every frame).
        painter.directSurface = s
    }

    isolated deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
