import CSDL2
import Geometry
import TimelineEngine

#if canImport(Glibc)
import Glibc
#endif

/// Draws a ``DisplayList`` with an SDL renderer (D2). The window and the offscreen image renderer
/// both use it, so what a test sees in a PNG is what the window shows.
///
/// Every shape is tessellated on the CPU into triangles in device pixels (the group's transform
/// times the list's scale, so rotation and scale need nothing from SDL) and submitted through
/// `SDL_RenderGeometry` in batches; edges get a one-pixel alpha ramp for antialiasing. A group
/// with opacity below 1 is drawn into an offscreen target and composited once with that opacity
/// (opacity is inherited, as a layer's is), except when it holds a single drawing and no
/// subgroups, where multiplying the colour is exactly equivalent and free. Clipping uses SDL's
/// clip rectangle: the device bounding box of the clip rect (exact for unrotated views).
///
/// Steady frames allocate nothing: vertex, index and stack buffers keep their capacity, offscreen
/// targets are pooled by nesting depth and text textures are cached.
@MainActor
public final class DisplayListPainter {
    /// The SDL renderer drawn with (`SDL_Renderer *`).
    public let renderer: OpaquePointer
    /// The font text is drawn with; without one, text commands are skipped.
    public let font: TrueTypeFont?

    /// Triangles and geometry submissions in the last ``paint(_:)``, for benchmarks.
    public private(set) var lastTriangleCount = 0
    public private(set) var lastSubmissionCount = 0
    /// Offscreen groups composited in the last ``paint(_:)``.
    public private(set) var lastOffscreenCount = 0

    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    private var batchTexture: OpaquePointer?
    private var outline: [Point] = []
    private var inner: [Point] = []
    private var scratch: [Int] = []

    private struct GroupFrame {
        var transform: AffineTransform
        var opacity: Double
        var clip: SDL_Rect?
        var offscreen: Offscreen?
    }
    private struct Offscreen {
        var texture: OpaquePointer
        var previousTarget: OpaquePointer?
        var region: SDL_Rect
        var opacity: Double
        /// A rounded clip to cut the corners of before compositing: the clip in device pixels
        /// and its corner radius in pixels.
        var roundedClip: (rect: SDL_Rect, radius: Int32)?
    }
    private var groups: [GroupFrame] = []
    private var maskPixels: [UInt32] = []
    private var boundsStack: [AffineTransform] = []
    private var transform = AffineTransform.identity
    private var opacity = 1.0
    private var clip: SDL_Rect?
    private var target: OpaquePointer?
    private var base = AffineTransform.identity
    private var targetSize = (width: Int32(0), height: Int32(0))
    private var targetPool: [OpaquePointer] = []
    private var offscreenDepth = 0

    /// Whether the renderer rasterises on the CPU. SDL's software triangle filler allocates a
    /// surface per blended triangle, so there unrotated rectangles, rounded or not, are drawn as
    /// blended rectangle fills plus cached antialiased corner textures, snapped to whole pixels.
    public let isSoftware: Bool
    /// Antialiased discs (or rings) keyed by radius and ring width in pixels, in a colour;
    /// corners copy a quadrant. Per-colour textures blit several times faster than one white
    /// texture modulated by colour; past ``maxColouredDiscs`` (say, a colour animation) the
    /// white one is modulated instead.
    private struct DiscKey: Hashable { var radius: Int32; var ring: Int32; var rgba: UInt32 }
    private struct Disc { var texture: OpaquePointer; var lastUsed: Int }
    private var discs: [DiscKey: Disc] = [:]
    private var coverage: [DiscKey: [UInt8]] = [:]
    private let maxColouredDiscs = 256
    private var rects: [SDL_Rect] = []

    private struct TextKey: Hashable { var text: String; var pixelSize: Int }
    private struct TextTexture { var texture: OpaquePointer; var width: Int32; var height: Int32; var lastUsed: Int }
    private var textCache: [TextKey: TextTexture] = [:]
    private var frameNumber = 0

    /// A painter drawing with `renderer` (an `SDL_Renderer *` the caller keeps alive).
    public init(renderer: OpaquePointer, font: TrueTypeFont?) {
        self.renderer = renderer
        self.font = font
        var info = SDL_RendererInfo()
        isSoftware = SDL_GetRendererInfo(renderer, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE.rawValue) != 0
        vertices.reserveCapacity(4096)
        indices.reserveCapacity(8192)
    }

    /// Frees the cached textures; call before destroying the renderer.
    public func releaseResources() {
        for t in targetPool { SDL_DestroyTexture(t) }
        targetPool.removeAll()
        for (_, t) in textCache { SDL_DestroyTexture(t.texture) }
        textCache.removeAll()
        for (_, d) in discs { SDL_DestroyTexture(d.texture) }
        discs.removeAll()
    }

    // MARK: Painting

    /// Clears the current render target to the list's background and draws every command.
    /// Does not present.
    public func paint(_ list: DisplayList) {
        frameNumber += 1
        lastTriangleCount = 0; lastSubmissionCount = 0; lastOffscreenCount = 0
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        if (w, h) != targetSize {
            for t in targetPool { SDL_DestroyTexture(t) }
            targetPool.removeAll()
            targetSize = (w, h)
        }
        target = nil
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        let bg = list.background
        SDL_SetRenderDrawColor(renderer, byte(bg.red), byte(bg.green), byte(bg.blue), byte(bg.alpha))
        SDL_RenderClear(renderer)

        base = AffineTransform(scaleX: list.scale, y: list.scale)
        transform = base; opacity = 1; clip = nil; offscreenDepth = 0
        groups.removeAll(keepingCapacity: true)

        let commands = list.commands
        var i = 0
        while i < commands.count {
            draw(commands, at: i, scale: list.scale)
            i += 1
        }
        flush()
        // Unbalanced lists (not produced by the engine) still leave the renderer on its target.
        while !groups.isEmpty { endGroup() }
        evictStaleTextures()
    }

    private func draw(_ commands: [DrawCommand], at i: Int, scale: Double) {
        switch commands[i] {
        case .beginGroup(let g): beginGroup(g, commands: commands, at: i)
        case .endGroup: endGroup()
        case .fillRect(let r, let color, let radius):
            if isSoftware, isAxisAligned { blitRoundedRect(r, radius: radius, lineWidth: nil, color); return }
            roundedRectOutline(r, radius: radius, into: &outline)
            fillConvex(outline, color)
        case .strokeRect(let r, let color, let lw, let radius):
            if isSoftware, isAxisAligned { blitRoundedRect(r, radius: radius, lineWidth: lw, color); return }
            strokeRoundedRect(r, radius: radius, lineWidth: lw, color)
        case .line(let a, let b, let color, let width):
            line(from: transform.apply(to: a), to: transform.apply(to: b), width: width * deviceScale, color)
        case .fillEllipse(let r, let color):
            ellipseOutline(r, into: &outline)
            fillConvex(outline, color)
        case .strokeEllipse(let r, let color, let lw):
            ellipseOutline(r.inset(by: EdgeInsets(all: -lw / 2)), into: &outline)
            ellipseOutline(r.inset(by: EdgeInsets(all: lw / 2)), count: outline.count, into: &inner)
            strokeRing(color)
        case .fillPath(let path, let color): fillPath(path, color)
        case .strokePath(let path, let color, let lw): strokePath(path, lineWidth: lw, color)
        case .text(let s, let at, let size, let color): text(s, at: at, fontSize: size, scale: scale, color)
        }
    }

    /// How many device pixels one point spans in the current group (for segment counts, widths).
    private var deviceScale: Double {
        (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
    }

    private var isAxisAligned: Bool { Self.isAxisAligned(transform) }

    /// Whether `t` only scales (positively) and translates: rectangles stay rectangles.
    private static func isAxisAligned(_ t: AffineTransform) -> Bool { t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0 }

    /// `r` in whole device pixels, each edge rounded to the nearest pixel.
    private func pixelRect(_ r: Rect) -> SDL_Rect {
        let x0 = pixel(r.minX), y0 = pixel(r.minY)
        return SDL_Rect(x: x0, y: y0, w: pixel(r.maxX) - x0, h: pixel(r.maxY) - y0)
    }

    // MARK: Software fast path

    /// Fills (or, with `lineWidth`, strokes) an unrotated rounded rectangle with blended
    /// rectangle fills and four corner copies from a cached disc or ring texture.
    private func blitRoundedRect(_ r: Rect, radius: Double, lineWidth: Double?, _ color: Color) {
        flush()
        let outer = lineWidth.map { r.inset(by: EdgeInsets(all: -$0 / 2)) } ?? r
        let box = pixelRect(transform.apply(to: outer))
        let (x0, y0, w, h) = (box.x, box.y, box.w, box.h)
        let x1 = x0 + w, y1 = y0 + h
        guard w > 0, h > 0 else { return }
        let scale = transform.a
        let outerRadius = lineWidth.map { radius > 0 ? radius + $0 / 2 : 0 } ?? radius
        let rr = max(0, min(pixel(outerRadius * scale), w / 2, h / 2))
        let c = sdlColor(color)
        guard c.a > 0 else { return }
        // An opaque colour needs no blending: a plain fill is several times faster in software.
        SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        rects.removeAll(keepingCapacity: true)
        if let lw = lineWidth {
            let t = max(1, pixel(lw * scale))
            if 2 * t >= w || 2 * t >= h {
                rects.append(SDL_Rect(x: x0, y: y0, w: w, h: h))        // the border covers it all
            } else {
                let k = max(rr, t)
                rects.append(SDL_Rect(x: x0 + k, y: y0, w: w - 2 * k, h: t))
                rects.append(SDL_Rect(x: x0 + k, y: y1 - t, w: w - 2 * k, h: t))
                rects.append(SDL_Rect(x: x0, y: y0 + k, w: t, h: h - 2 * k))
                rects.append(SDL_Rect(x: x1 - t, y: y0 + k, w: t, h: h - 2 * k))
                if rr < t {
                    // Square corners: fill the corner blocks.
                    rects.append(SDL_Rect(x: x0, y: y0, w: k, h: k))
                    rects.append(SDL_Rect(x: x1 - k, y: y0, w: k, h: k))
                    rects.append(SDL_Rect(x: x0, y: y1 - k, w: k, h: k))
                    rects.append(SDL_Rect(x: x1 - k, y: y1 - k, w: k, h: k))
                }
            }
            submitRects()
            if rr >= t { blitCorners(x0: x0, y0: y0, x1: x1, y1: y1, radius: rr, ring: min(t, rr), c) }
            return
        }
        if rr <= 0 {
            rects.append(SDL_Rect(x: x0, y: y0, w: w, h: h))
            submitRects()
            return
        }
        rects.append(SDL_Rect(x: x0 + rr, y: y0, w: w - 2 * rr, h: h))
        rects.append(SDL_Rect(x: x0, y: y0 + rr, w: rr, h: h - 2 * rr))
        rects.append(SDL_Rect(x: x1 - rr, y: y0 + rr, w: rr, h: h - 2 * rr))
        submitRects()
        blitCorners(x0: x0, y0: y0, x1: x1, y1: y1, radius: rr, ring: 0, c)
    }

    private func submitRects() {
        let n = rects.count
        rects.withUnsafeBufferPointer { _ = SDL_RenderFillRects(renderer, $0.baseAddress, Int32(n)) }
        lastSubmissionCount += 1
    }

    private func blitCorners(x0: Int32, y0: Int32, x1: Int32, y1: Int32, radius rr: Int32, ring: Int32, _ c: SDL_Color) {
        let rgba = UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(c.a)
        // A disc in this colour, or (cache full) the white one modulated by it.
        let coloured = discTexture(radius: rr, ring: ring, rgba: rgba)
        guard let disc = coloured ?? discTexture(radius: rr, ring: ring, rgba: 0xFFFF_FFFF) else { return }
        let tint = coloured == nil ? c : SDL_Color(r: 255, g: 255, b: 255, a: 255)
        var src = SDL_Rect(x: 0, y: 0, w: rr, h: rr), dst = SDL_Rect(x: x0, y: y0, w: rr, h: rr)
        copy(disc, &src, &dst, tint)
        src.x = rr; dst.x = x1 - rr
        copy(disc, &src, &dst, tint)
        src.y = rr; dst.y = y1 - rr
        copy(disc, &src, &dst, tint)
        src.x = 0; dst.x = x0
        copy(disc, &src, &dst, tint)
    }

    /// Copies `src` of `texture` to `dst` tinted by `tint`, leaving the texture untinted for its
    /// next user (SDL records the tint with the queued copy).
    private func copy(_ texture: OpaquePointer, _ src: inout SDL_Rect, _ dst: inout SDL_Rect, _ tint: SDL_Color) {
        let tinted = tint.r != 255 || tint.g != 255 || tint.b != 255 || tint.a != 255
        if tinted {
            SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b)
            SDL_SetTextureAlphaMod(texture, tint.a)
        }
        SDL_RenderCopy(renderer, texture, &src, &dst)
        if tinted {
            SDL_SetTextureColorMod(texture, 255, 255, 255)
            SDL_SetTextureAlphaMod(texture, 255)
        }
        lastSubmissionCount += 1
    }

    /// Coverage (0...255) of each pixel of a 2r x 2r square by a disc of radius `r` (a ring `ring`
    /// pixels wide when positive), estimated on a 4x4 sample grid; cached per shape.
    private func discCoverage(radius r: Int32, ring: Int32) -> [UInt8] {
        let shape = DiscKey(radius: r, ring: ring, rgba: 0)
        if let c = coverage[shape] { return c }
        let side = Int(2 * r)
        var cover = [UInt8](repeating: 0, count: side * side)
        let outer = Double(r), inner = ring > 0 ? Double(r - ring) : -1
        for y in 0..<side {
            for x in 0..<side {
                var covered = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4 - outer
                        let py = Double(y) + (Double(sy) + 0.5) / 4 - outer
                        let d = (px * px + py * py).squareRoot()
                        if d <= outer && d >= inner { covered += 1 }
                    }
                }
                cover[y * side + x] = UInt8((covered * 255 + 8) / 16)
            }
        }
        coverage[shape] = cover
        return cover
    }

    /// A disc of radius `r` pixels (a ring `ring` pixels wide when positive) in colour `rgba`,
    /// with antialiased edges: each pixel's alpha is its coverage, estimated on a 4x4 sample
    /// grid. Returns nil when the coloured cache is full (the caller modulates the white disc).
    private func discTexture(radius r: Int32, ring: Int32, rgba: UInt32) -> OpaquePointer? {
        let key = DiscKey(radius: r, ring: ring, rgba: rgba)
        if let i = discs.index(forKey: key) {
            discs.values[i].lastUsed = frameNumber
            return discs.values[i].texture
        }
        if rgba != 0xFFFF_FFFF, discs.count >= maxColouredDiscs { return nil }
        let side = Int(2 * r)
        guard side > 0, let tex = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                  Int32(side), Int32(side)) else { return nil }
        let cover = discCoverage(radius: r, ring: ring)
        let alpha = rgba & 0xFF, rgb = rgba >> 8
        var pixels = [UInt32](repeating: 0, count: side * side)
        for i in pixels.indices { pixels[i] = ((UInt32(cover[i]) * alpha + 127) / 255) << 24 | rgb }
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(tex, nil, $0.baseAddress, Int32(side * 4)) }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        discs[key] = Disc(texture: tex, lastUsed: frameNumber)
        return tex
    }

    // MARK: Groups

    private func beginGroup(_ g: GroupState, commands: [DrawCommand], at i: Int) {
        groups.append(GroupFrame(transform: transform, opacity: opacity, clip: clip, offscreen: nil))
        let device = g.transform.concatenating(base)
        let translucent = g.opacity < 0.999
        let roundedClip = g.clip != nil && g.clipCornerRadius > 0
        // A lone drawing needs no offscreen pass: its colour takes the opacity, and its own
        // shape is the rounded clip. A rounded clip cuts corners only on unrotated views (a
        // rotated one clips to its bounding box).
        let single = (translucent || roundedClip) && groupIsSingleDrawing(commands, after: i)
        let roundsCorners = roundedClip && !single && Self.isAxisAligned(device)
        if translucent && single {
            opacity *= g.opacity
        } else if translucent || roundsCorners {
            if beginOffscreen(opacity: g.opacity * opacity, bounds: groupBounds(commands, after: i)) {
                opacity = 1
                if roundsCorners, let c = g.clip {
                    groups[groups.count - 1].offscreen!.roundedClip = (pixelRect(device.apply(to: c)), pixel(g.clipCornerRadius * device.a))
                }
            } else {
                opacity *= g.opacity              // no render targets: overlaps will show through
            }
        }
        transform = device
        if let c = g.clip {
            let r = deviceRect(device.apply(to: c))
            setClip(clip.map { intersect($0, r) } ?? r)
        }
    }

    /// Multiplies the alpha of the offscreen target's pixels in the four corners of `rect` by
    /// their coverage inside the rounded corners (the cached disc coverage), so that compositing
    /// shows the group through a rounded clip.
    private func cutCorners(of texture: OpaquePointer, rect: SDL_Rect, radius: Int32) {
        let r = min(radius, rect.w / 2, rect.h / 2)
        guard r > 0 else { return }
        let cover = discCoverage(radius: r, ring: 0)
        let side = Int(2 * r)
        let bounds = SDL_Rect(x: 0, y: 0, w: targetSize.width, h: targetSize.height)
        for corner in 0..<4 {
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            let full = SDL_Rect(x: right ? rect.x + rect.w - r : rect.x, y: bottom ? rect.y + rect.h - r : rect.y, w: r, h: r)
            var part = intersect(full, bounds)
            guard part.w > 0, part.h > 0 else { continue }
            let count = Int(part.w * part.h)
            if maskPixels.count < count { maskPixels = [UInt32](repeating: 0, count: count) }
            let pitch = part.w * 4
            let read = maskPixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, &part, tl_pixel_format_argb8888(), $0.baseAddress, pitch)
            }
            guard read == 0 else { continue }
            // Where this part sits in the disc: quadrant offset plus any part cut off by the target's edge.
            let qx = Int(right ? r : 0) + Int(part.x - full.x), qy = Int(bottom ? r : 0) + Int(part.y - full.y)
            for y in 0..<Int(part.h) {
                for x in 0..<Int(part.w) {
                    let k = y * Int(part.w) + x
                    let p = maskPixels[k]
                    let a = (p >> 24) * UInt32(cover[(qy + y) * side + qx + x]) / 255
                    maskPixels[k] = (a << 24) | (p & 0x00FF_FFFF)
                }
            }
            maskPixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, &part, $0.baseAddress, pitch) }
        }
    }

    private func endGroup() {
        guard let frame = groups.popLast() else { return }
        if let off = frame.offscreen {
            flush()
            if let rounded = off.roundedClip { cutCorners(of: off.texture, rect: rounded.rect, radius: rounded.radius) }
            SDL_SetRenderTarget(renderer, off.previousTarget)
            target = off.previousTarget
            offscreenDepth -= 1
            applyClip(frame.clip)
            SDL_SetTextureAlphaMod(off.texture, byte(off.opacity))
            var region = off.region
            SDL_RenderCopy(renderer, off.texture, &region, &region)
            lastSubmissionCount += 1
        } else if !sameClip(frame.clip, clip) {
            setClip(frame.clip)
        }
        clip = frame.clip
        transform = frame.transform
        opacity = frame.opacity
    }

    /// Whether the group opening at `i` holds at most one drawing and no subgroups.
    private func groupIsSingleDrawing(_ commands: [DrawCommand], after i: Int) -> Bool {
        var drawings = 0
        var j = i + 1
        while j < commands.count {
            switch commands[j] {
            case .endGroup: return true
            case .beginGroup: return false
            default:
                drawings += 1
                if drawings > 1 { return false }
            }
            j += 1
        }
        return true
    }

    /// The device-pixel bounding box of everything the group opening at `i` draws.
    private func groupBounds(_ commands: [DrawCommand], after i: Int) -> Rect {
        guard case .beginGroup(let g0) = commands[i] else { return .null }
        boundsStack.removeAll(keepingCapacity: true)
        boundsStack.append(g0.transform.concatenating(base))
        var box = Rect.null
        var j = i + 1
        while j < commands.count, let t = boundsStack.last {
            switch commands[j] {
            case .beginGroup(let g): boundsStack.append(g.transform.concatenating(base))
            case .endGroup:
                boundsStack.removeLast()
                if boundsStack.isEmpty { return box }
            default:
                if let local = localBounds(commands[j]) { box = box.union(t.apply(to: local)) }
            }
            j += 1
        }
        return box
    }

    private func localBounds(_ command: DrawCommand) -> Rect? {
        switch command {
        case .fillRect(let r, _, _), .fillEllipse(let r, _): return r
        case .strokeRect(let r, _, let lw, _), .strokeEllipse(let r, _, let lw):
            return r.inset(by: EdgeInsets(all: -lw / 2))
        case .line(let a, let b, _, let w):
            return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
                .inset(by: EdgeInsets(all: -w))
        case .fillPath(let p, _): return pathBounds(p, pad: 0)
        case .strokePath(let p, _, let lw): return pathBounds(p, pad: lw)
        case .text(let s, let at, let size, _):
            // The cached texture's size when the text was drawn before (a steady frame takes
            // no font lock); otherwise the font measures it.
            let scale = base.a
            if let e = textCache[TextKey(text: s, pixelSize: max(1, Int(pixel(size * scale))))] {
                return Rect(x: at.x, y: at.y, width: Double(e.width) / scale, height: Double(e.height) / scale)
            }
            let m = font?.measure(s, pixelSize: Int(pixel(size))) ?? (width: 0, height: 0)
            return Rect(x: at.x, y: at.y, width: Double(m.width), height: Double(m.height))
        case .beginGroup, .endGroup: return nil
        }
    }

    private func pathBounds(_ p: Path, pad: Double) -> Rect {
        var box = Rect.null
        func add(_ q: Point) { box = box.union(Rect(x: q.x, y: q.y, width: 0, height: 0)) }
        for e in p.elements {
            switch e {
            case .move(let q), .line(let q): add(q)
            case .curve(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        return box.inset(by: EdgeInsets(all: -pad))
    }

    /// Redirects drawing into a pooled offscreen target for the group just opened; returns false
    /// when the renderer cannot make one.
    private func beginOffscreen(opacity groupOpacity: Double, bounds: Rect) -> Bool {
        flush()
        if offscreenDepth == targetPool.count {
            guard let tex = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                              max(1, targetSize.width), max(1, targetSize.height)) else { return false }
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
            targetPool.append(tex)
        }
        let tex = targetPool[offscreenDepth]
        var region = bounds.isNull ? SDL_Rect(x: 0, y: 0, w: 0, h: 0) : deviceRect(bounds.inset(by: EdgeInsets(all: -2)))
        region = intersect(region, clip ?? SDL_Rect(x: 0, y: 0, w: targetSize.width, h: targetSize.height))
        groups[groups.count - 1].offscreen = Offscreen(texture: tex, previousTarget: target, region: region, opacity: groupOpacity)
        offscreenDepth += 1
        lastOffscreenCount += 1
        SDL_SetRenderTarget(renderer, tex)
        target = tex
        applyClip(region)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        var r = region
        SDL_RenderFillRect(renderer, &r)
        clip = region
        return true
    }

    // MARK: Clipping

    private func deviceRect(_ r: Rect) -> SDL_Rect {
        guard !r.isNull, !r.minX.isNaN, !r.minY.isNaN else { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
        let x0 = pixel(r.minX, .down), y0 = pixel(r.minY, .down)
        let x1 = pixel(r.maxX, .up), y1 = pixel(r.maxY, .up)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    private func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.w, b.x + b.w), y1 = min(a.y + a.h, b.y + b.h)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    private func sameClip(_ a: SDL_Rect?, _ b: SDL_Rect?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (x?, y?): x.x == y.x && x.y == y.y && x.w == y.w && x.h == y.h
        default: false
        }
    }

    private func setClip(_ r: SDL_Rect?) {
        guard !sameClip(r, clip) else { return }
        flush()
        clip = r
        applyClip(r)
    }

    private func applyClip(_ r: SDL_Rect?) {
        if var r {
            // SDL treats an empty clip rect as "no clipping": clip to an offscreen pixel instead.
            if r.w <= 0 || r.h <= 0 { r = SDL_Rect(x: -2, y: -2, w: 1, h: 1) }
            SDL_RenderSetClipRect(renderer, &r)
        } else {
            SDL_RenderSetClipRect(renderer, nil)
        }
    }

    // MARK: Batching

    private func flush() {
        guard !indices.isEmpty else { return }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { ix in
                _ = SDL_RenderGeometry(renderer, batchTexture, v.baseAddress, Int32(v.count), ix.baseAddress, Int32(ix.count))
            }
        }
        lastTriangleCount += indices.count / 3
        lastSubmissionCount += 1
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    private func useTexture(_ t: OpaquePointer?) {
        if t != batchTexture {
            flush()
            batchTexture = t
        }
    }

    @inline(__always)
    private func vertex(_ p: Point, _ c: SDL_Color, u: Float = 0, v: Float = 0) -> Int32 {
        // Clamped so that infinite or NaN geometry lands far off screen instead of reaching SDL's
        // rasteriser (NaN fails both comparisons and becomes the upper bound).
        let x = Float(max(-1e7, min(1e7, p.x))), y = Float(max(-1e7, min(1e7, p.y)))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: x, y: y), color: c,
                                   tex_coord: SDL_FPoint(x: u, y: v)))
        return Int32(vertices.count - 1)
    }

    private func sdlColor(_ c: Color, alpha: Double = 1) -> SDL_Color {
        SDL_Color(r: byte(c.red), g: byte(c.green), b: byte(c.blue), a: byte(c.alpha * opacity * alpha))
    }

    // MARK: Shapes

    /// The outline of a rounded rectangle in device pixels, clockwise on screen.
    private func roundedRectOutline(_ r: Rect, radius: Double, into points: inout [Point], segments fixed: Int? = nil) {
        points.removeAll(keepingCapacity: true)
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        let segs = fixed ?? cornerSegments(rad)
        // Corners clockwise on screen from the top left; each arc turns a quarter from `start`.
        for corner in 0..<4 {
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            if segs == 0 || rad <= 0 {
                let p = transform.apply(to: Point(x: right ? r.maxX : r.minX, y: bottom ? r.maxY : r.minY))
                for _ in 0...segs { points.append(p) }   // matched counts for rings; deduplicated when filled
                continue
            }
            let cx = right ? r.maxX - rad : r.minX + rad, cy = bottom ? r.maxY - rad : r.minY + rad
            let start = Double.pi + Double(corner) * (.pi / 2)
            for k in 0...segs {
                let a = start + Double(k) / Double(segs) * (.pi / 2)
                points.append(transform.apply(to: Point(x: cx + rad * cos(a), y: cy + rad * sin(a))))
            }
        }
    }

    private func cornerSegments(_ radius: Double) -> Int {
        let r = radius * deviceScale
        if r < 0.75 { return 0 }
        return min(24, max(2, Int(pixel(r.squareRoot() * 1.4, .up))))
    }

    private func ellipseOutline(_ r: Rect, count fixed: Int? = nil, into points: inout [Point]) {
        points.removeAll(keepingCapacity: true)
        let rx = max(0, r.width / 2), ry = max(0, r.height / 2)
        let n = fixed ?? min(160, max(12, Int(pixel((max(rx, ry) * deviceScale).squareRoot() * 6, .down))))
        for k in 0..<n {
            let a = Double(k) / Double(n) * 2 * .pi
            points.append(transform.apply(to: Point(x: r.midX + rx * cos(a), y: r.midY + ry * sin(a))))
        }
    }

    /// Fills a convex polygon given in device pixels, with a one-pixel antialiased rim.
    private func fillConvex(_ poly: [Point], _ color: Color, alphaScale: Double = 1) {
        useTexture(nil)
        // Drop repeated points; normals of zero-length edges are undefined.
        scratch.removeAll(keepingCapacity: true)
        for k in poly.indices {
            if let last = scratch.last, distanceSquared(poly[last], poly[k]) < 1e-6 { continue }
            scratch.append(k)
        }
        while scratch.count > 1, distanceSquared(poly[scratch[0]], poly[scratch[scratch.count - 1]]) < 1e-6 { scratch.removeLast() }
        let n = scratch.count
        guard n >= 3 else { return }
        let orientation: Double = signedArea(poly) >= 0 ? 1 : -1
        let solid = sdlColor(color, alpha: alphaScale)
        var clear = solid; clear.a = 0
        let first = Int32(vertices.count)
        for k in 0..<n {
            let p = poly[scratch[k]]
            let prev = poly[scratch[(k + n - 1) % n]], next = poly[scratch[(k + 1) % n]]
            let m = miter(prev, p, next, orientation: orientation)
            _ = vertex(Point(x: p.x - 0.5 * m.x, y: p.y - 0.5 * m.y), solid)
            _ = vertex(Point(x: p.x + 0.5 * m.x, y: p.y + 0.5 * m.y), clear)
        }
        // Interior fan over the inner ring, then the rim between the rings.
        for k in 1..<(n - 1) {
            indices.append(first); indices.append(first + Int32(2 * k)); indices.append(first + Int32(2 * (k + 1)))
        }
        appendRim(first: first, n: n)
    }

    /// Triangles between ring A (even vertices) and ring B (odd vertices) laid out interleaved.
    private func appendRim(first: Int32, n: Int) {
        for k in 0..<n {
            let a0 = first + Int32(2 * k), b0 = a0 + 1
            let a1 = first + Int32(2 * ((k + 1) % n)), b1 = a1 + 1
            indices.append(a0); indices.append(b0); indices.append(b1)
            indices.append(a0); indices.append(b1); indices.append(a1)
        }
    }

    /// The outward offset direction at `p`, scaled so that offsetting by it moves both adjacent
    /// edges by one unit (a miter, limited at sharp corners).
    private func miter(_ prev: Point, _ p: Point, _ next: Point, orientation: Double) -> Point {
        let n0 = edgeNormal(prev, p, orientation), n1 = edgeNormal(p, next, orientation)
        var mx = n0.x + n1.x, my = n0.y + n1.y
        let len2 = mx * mx + my * my
        if len2 < 1e-12 { return n1 }
        let dotp = (mx * n1.x + my * n1.y) / len2.squareRoot()
        let scale = 1 / max(dotp, 0.25) / len2.squareRoot()
        mx *= scale; my *= scale
        return Point(x: mx, y: my)
    }

    private func edgeNormal(_ a: Point, _ b: Point, _ orientation: Double) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return .zero }
        // For a positive (clockwise on screen, y down) polygon the outward normal is (dy, -dx).
        return Point(x: orientation * dy / len, y: -orientation * dx / len)
    }

    private func signedArea(_ poly: [Point]) -> Double {
        var s = 0.0
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    private func distanceSquared(_ a: Point, _ b: Point) -> Double {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }

    private func strokeRoundedRect(_ r: Rect, radius: Double, lineWidth: Double, _ color: Color) {
        let outerRect = r.inset(by: EdgeInsets(all: -lineWidth / 2))
        let innerRect = r.inset(by: EdgeInsets(all: lineWidth / 2))
        let segs = cornerSegments(radius + lineWidth / 2)
        roundedRectOutline(outerRect, radius: radius + lineWidth / 2, into: &outline, segments: segs)
        if innerRect.width <= 0 || innerRect.height <= 0 {
            fillConvex(outline, color)
            return
        }
        roundedRectOutline(innerRect, radius: max(0, radius - lineWidth / 2), into: &inner, segments: segs)
        strokeRing(color)
    }

    /// Fills the band between `outline` (outer) and `inner`, which have matching point counts,
    /// antialiasing both edges.
    private func strokeRing(_ color: Color) {
        useTexture(nil)
        let n = min(outline.count, inner.count)
        guard n >= 3 else { return }
        let orientation: Double = signedArea(outline) >= 0 ? 1 : -1
        let solid = sdlColor(color)
        var clear = solid; clear.a = 0
        let first = Int32(vertices.count)
        // Four rings interleaved per point: outer rim, outer solid, inner solid, inner rim.
        for k in 0..<n {
            let o = outline[k], i = inner[k]
            let mo = miter(outline[(k + n - 1) % n], o, outline[(k + 1) % n], orientation: orientation)
            let mi = miter(inner[(k + n - 1) % n], i, inner[(k + 1) % n], orientation: orientation)
            _ = vertex(Point(x: o.x + 0.5 * mo.x, y: o.y + 0.5 * mo.y), clear)
            _ = vertex(Point(x: o.x - 0.5 * mo.x, y: o.y - 0.5 * mo.y), solid)
            _ = vertex(Point(x: i.x + 0.5 * mi.x, y: i.y + 0.5 * mi.y), solid)
            _ = vertex(Point(x: i.x - 0.5 * mi.x, y: i.y - 0.5 * mi.y), clear)
        }
        for k in 0..<n {
            let a = first + Int32(4 * k), b = first + Int32(4 * ((k + 1) % n))
            for ring in 0..<3 {
                let p0 = a + Int32(ring), p1 = a + Int32(ring + 1), q0 = b + Int32(ring), q1 = b + Int32(ring + 1)
                indices.append(p0); indices.append(p1); indices.append(q1)
                indices.append(p0); indices.append(q1); indices.append(q0)
            }
        }
    }

    /// A straight segment `width` device pixels wide (thinner lines are drawn one pixel wide
    /// and proportionally fainter).
    private func line(from a: Point, to b: Point, width: Double, _ color: Color) {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1e-9 else { return }
        let w = max(width, 1), fade = min(1, width)
        let nx = -dy / len * w / 2, ny = dx / len * w / 2
        outline.removeAll(keepingCapacity: true)
        outline.append(Point(x: a.x + nx, y: a.y + ny)); outline.append(Point(x: b.x + nx, y: b.y + ny))
        outline.append(Point(x: b.x - nx, y: b.y - ny)); outline.append(Point(x: a.x - nx, y: a.y - ny))
        fillConvex(outline, color, alphaScale: fade)
    }

    // MARK: Paths

    /// Flattens a path into subpaths of device points (curves as 16-segment polylines).
    private func flatten(_ path: Path, _ body: ([Point], Bool) -> Void) {
        var sub: [Point] = []
        var closed = false
        func emit() { if sub.count >= 2 { body(sub, closed) }; sub.removeAll(keepingCapacity: true); closed = false }
        var current = Point.zero, start = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p):
                emit(); current = p; start = p; sub.append(transform.apply(to: p))
            case .line(let p):
                if sub.isEmpty { sub.append(transform.apply(to: current)) }
                current = p; sub.append(transform.apply(to: p))
            case .curve(let c1, let c2, let p):
                if sub.isEmpty { sub.append(transform.apply(to: current)) }
                let p0 = current
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    let x = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    sub.append(transform.apply(to: Point(x: x, y: y)))
                }
                current = p
            case .close:
                closed = true; current = start; emit()
            }
        }
        emit()
    }

    private func fillPath(_ path: Path, _ color: Color) {
        useTexture(nil)
        let c = sdlColor(color)
        flatten(path) { points, _ in
            var poly = points
            if let f = poly.first, let l = poly.last, distanceSquared(f, l) < 1e-9 { poly.removeLast() }
            guard poly.count >= 3 else { return }
            let first = Int32(vertices.count)
            for p in poly { _ = vertex(p, c) }
            earClip(poly, first: first)
        }
    }

    /// Triangulates a simple polygon by ear clipping. - Complexity: O(n²).
    private func earClip(_ poly: [Point], first: Int32) {
        var remaining = Array(poly.indices)
        let orientation = signedArea(poly) >= 0 ? 1.0 : -1.0
        var guardCount = 0
        while remaining.count > 3, guardCount < poly.count * poly.count {
            guardCount += 1
            var clipped = false
            for k in remaining.indices {
                let i0 = remaining[(k + remaining.count - 1) % remaining.count], i1 = remaining[k]
                let i2 = remaining[(k + 1) % remaining.count]
                let a = poly[i0], b = poly[i1], c = poly[i2]
                let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
                if cross * orientation <= 0 { continue }                  // reflex corner
                var containsOther = false
                for j in remaining where j != i0 && j != i1 && j != i2 {
                    if pointInTriangle(poly[j], a, b, c) { containsOther = true; break }
                }
                if containsOther { continue }
                indices.append(first + Int32(i0)); indices.append(first + Int32(i1)); indices.append(first + Int32(i2))
                remaining.remove(at: k)
                clipped = true
                break
            }
            if !clipped { break }   // self-intersecting input: fill what was clipped
        }
        if remaining.count == 3 {
            for i in remaining { indices.append(first + Int32(i)) }
        }
    }

    private func pointInTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let d1 = side(a, b, p), d2 = side(b, c, p), d3 = side(c, a, p)
        let neg = d1 < 0 || d2 < 0 || d3 < 0, pos = d1 > 0 || d2 > 0 || d3 > 0
        return !(neg && pos)
    }

    private func strokePath(_ path: Path, lineWidth: Double, _ color: Color) {
        let w = lineWidth * deviceScale
        flatten(path) { points, closed in
            for k in 1..<points.count { line(from: points[k - 1], to: points[k], width: w, color) }
            if closed, let f = points.first, let l = points.last { line(from: l, to: f, width: w, color) }
        }
    }

    // MARK: Text

    private func text(_ string: String, at origin: Point, fontSize: Double, scale: Double, _ color: Color) {
        guard let font, !string.isEmpty else { return }
        let pixelSize = max(1, Int(pixel(fontSize * scale)))
        let key = TextKey(text: string, pixelSize: pixelSize)
        var entry: TextTexture?
        if let i = textCache.index(forKey: key) {
            textCache.values[i].lastUsed = frameNumber
            entry = textCache.values[i]
        } else {
            let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
            let surface = font.withHandle(pixelSize: pixelSize) { TTF_RenderUTF8_Blended($0, string, white) } ?? nil
            guard let surface else { return }
            defer { SDL_FreeSurface(surface) }
            guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
            entry = TextTexture(texture: tex, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frameNumber)
            textCache[key] = entry
        }
        guard let e = entry else { return }
        let w = Double(e.width) / scale, h = Double(e.height) / scale
        let c = sdlColor(color)
        if isSoftware, isAxisAligned {
            flush()
            let d = transform.apply(to: Rect(x: origin.x, y: origin.y, width: w, height: h))
            var src = SDL_Rect(x: 0, y: 0, w: e.width, h: e.height)
            var dst = pixelRect(d)
            copy(e.texture, &src, &dst, c)
            return
        }
        useTexture(e.texture)
        let first = Int32(vertices.count)
        _ = vertex(transform.apply(to: origin), c, u: 0, v: 0)
        _ = vertex(transform.apply(to: Point(x: origin.x + w, y: origin.y)), c, u: 1, v: 0)
        _ = vertex(transform.apply(to: Point(x: origin.x + w, y: origin.y + h)), c, u: 1, v: 1)
        _ = vertex(transform.apply(to: Point(x: origin.x, y: origin.y + h)), c, u: 0, v: 1)
        indices.append(first); indices.append(first + 1); indices.append(first + 2)
        indices.append(first); indices.append(first + 2); indices.append(first + 3)
        useTexture(nil)
    }

    /// Drops text and corner textures unused for two seconds of frames, checked every 120 frames.
    private func evictStaleTextures() {
        guard frameNumber % 120 == 0 else { return }
        let staleDiscs = discs.filter { frameNumber - $0.value.lastUsed > 120 }
        for (k, d) in staleDiscs { SDL_DestroyTexture(d.texture); discs[k] = nil }
        guard !textCache.isEmpty else { return }
        let stale = textCache.filter { frameNumber - $0.value.lastUsed > 120 }
        for (k, v) in stale { SDL_DestroyTexture(v.texture); textCache[k] = nil }
    }
}

/// A device coordinate as a whole pixel, clamped to ±2²⁶ so that huge, infinite or NaN geometry
/// (a view scaled to nothing, a runaway animation) draws nothing instead of trapping.
@inline(__always) func pixel(_ v: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int32 {
    guard v.isFinite else { return v.isNaN ? 0 : (v > 0 ? 1 << 26 : -(1 << 26)) }
    return Int32(max(-67_108_864, min(67_108_864, v.rounded(rule))))
}

@inline(__always) func byte(_ v: Double) -> UInt8 {
    UInt8(clamping: Int((min(max(v, 0), 1) * 255).rounded()))
}
