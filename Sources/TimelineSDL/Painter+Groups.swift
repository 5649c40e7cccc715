import CSDL2
import Geometry
import Timeline

/// Offscreen groups (opacity inherited by a subtree, rounded clips) and clipping.
extension DisplayListPainter {
    /// The most pixels all nested offscreen targets may hold at once: 2²⁸, 1 GiB of RGBA (four
    /// full-size targets at 8192², sixty-four at 2048²).
    static let maximumOffscreenPixels = 1 << 28

    // MARK: Groups

    func beginGroup(_ g: GroupState, commands: [DrawCommand], at i: Int) {
        pushGroup(GroupFrame(transform: transform, opacity: opacity, clip: clip))
        let device = g.transform.concatenating(base)
        let translucent = g.opacity < 0.999
        // A blend mode needs the group's pixels on their own, to blend them with what is beneath.
        // An isolated group is drawn on its own too, composited normally.
        let blends = g.blendMode != .normal || g.isIsolated
        // Filters run over the group's pixels, clipped and masked, on an SDL target of its own
        // (not in a memory group, whose buffers hold tiles, not the region the filters need).
        let filters = !g.filters.isEmpty
        let roundedClip = g.clip != nil && g.clipCornerRadius > 0
        // A clip that is not a plain rectangle on the pixel grid (rounded, rotated, skewed) is
        // applied as a coverage mask when the group is composited; a plain one is SDL's clip
        // rectangle. A lone drawing needs no offscreen pass: its colour takes the opacity, and
        // its own shape is the clip.
        let shapedClip = g.clip != nil && (roundedClip || !Self.isAxisAligned(device))
        // With a shaped clip the lone drawing stands in for it only when it has the clip's shape
        // (a rounded view's background); an image or a path inside still needs the mask.
        let single = (translucent || shapedClip) && groupIsSingleDrawing(commands, after: i)
            && (!shapedClip || loneDrawingHasClipShape(commands, after: i, clip: g.clip!, radius: g.clipCornerRadius))
        let masks = shapedClip && !single
        // Drawings that do not overlap composite the same one by one as together: the group's
        // opacity multiplies into them and no offscreen pass is needed (the same peephole
        // Flutter's opacity layer takes).
        // One walk of the group gives its bounds and its drawings' boxes, for both questions.
        var bounds = translucent && !single || masks || blends || filters || g.mask != nil ? groupBounds(commands, after: i) : .null
        // Path masks that cover only inside their paths confine the offscreen pass to them.
        if let covered = g.mask?.coveredBox { bounds = bounds.intersection(device.apply(to: covered)) }
        // What the group draws, within its clip: where it reaches past the region, the target
        // or a parent's clip cut it (the filters' cut sides).
        var drawn = Rect.null
        if filters {
            drawn = bounds
            if let c = g.clip { drawn = drawn.intersection(device.apply(to: c)) }
            // What the filters draw past the drawings; the whole region is one run for them.
            let scale = max((device.a * device.a + device.b * device.b).squareRoot(), (device.c * device.c + device.d * device.d).squareRoot())
            let grow = Filter.reach(of: g.filters) * scale
            if !bounds.isNull, grow.isFinite, grow > 0 { bounds = bounds.inset(by: EdgeInsets(all: -grow)) }
            haveDrawingBoxes = false
        }
        if filters, memoryDepth == 0, beginOffscreen(opacity: g.opacity * opacity, bounds: bounds) {
            opacity = 1
            let k = openOffscreens.count - 1
            openOffscreens[k].mask = shapedClip ? g.clip.map { (rect: $0, radius: g.clipCornerRadius, transform: device) } : nil
            openOffscreens[k].alphaMask = g.mask.map { ($0, device) }
            openOffscreens[k].filters = g.filters
            openOffscreens[k].filterTransform = device
            let r = openOffscreens[k].region
            if !drawn.isNull {
                let x0 = Double(r.x), y0 = Double(r.y), x1 = Double(r.x + r.w), y1 = Double(r.y + r.h)
                openOffscreens[k].cutSides = (drawn.minX < x0 - 0.5, drawn.minY < y0 - 0.5, drawn.maxX > x1 + 0.5, drawn.maxY > y1 + 0.5)
            }
        } else if let alphaMask = g.mask, memoryDepth == 0, isSoftware, state.drawsGroupsInMemory, groupIsRasterisable,
           beginMemoryGroup(opacity: g.opacity * opacity, mask: shapedClip ? g.clip.map { (rect: $0, radius: g.clipCornerRadius, transform: device) } : nil) {
            // Masked by coverage and drawn in memory (a Lottie layer of fills under masks or a
            // matte): no SDL target to clear, read back and write through.
            opacity = 1
            openMemoryGroups[openMemoryGroups.count - 1].alphaMask = (alphaMask, device)
            openMemoryGroups[openMemoryGroups.count - 1].region = maskedRegion(bounds)
        } else if let alphaMask = g.mask, memoryDepth == 0, beginOffscreen(opacity: g.opacity * opacity, bounds: bounds) {
            // Masked by coverage (a mask layer, a matte, path masks): always composited offscreen,
            // the coverage multiplied in with the clip's.
            opacity = 1
            openOffscreens[openOffscreens.count - 1].mask = shapedClip ? g.clip.map { (rect: $0, radius: g.clipCornerRadius, transform: device) } : nil
            openOffscreens[openOffscreens.count - 1].alphaMask = (alphaMask, device)
        } else if translucent && !blends && (single || (!masks && drawingBoxesAreDisjoint())) {
            opacity *= g.opacity
        } else if translucent || masks || blends {
            let mask = masks ? g.clip.map { (rect: $0, radius: g.clipCornerRadius, transform: device) } : nil
            if isSoftware && (memoryDepth > 0 || state.drawsGroupsInMemory && groupIsRasterisable),
               beginMemoryGroup(opacity: g.opacity * opacity, mask: mask) {
                opacity = 1
            } else if memoryDepth > 0 {
                opacity *= g.opacity              // the buffers' bound: overlaps will show through
            } else if beginOffscreen(opacity: g.opacity * opacity, bounds: bounds) {
                opacity = 1
                openOffscreens[openOffscreens.count - 1].mask = mask
            } else {
                opacity *= g.opacity              // no render targets: overlaps will show through
            }
        }
        if filters && (groups[groups.count - 1].drawing != .offscreen || openOffscreens[openOffscreens.count - 1].filters.isEmpty) {
            counts.unfilteredGroups += 1
        }
        if blends {
            // The compositing step blends; a group that could not go offscreen draws normally.
            switch groups[groups.count - 1].drawing {
            case .memory: openMemoryGroups[openMemoryGroups.count - 1].blendMode = g.blendMode
            case .offscreen: openOffscreens[openOffscreens.count - 1].blendMode = g.blendMode
            case .inPlace: counts.unblendedGroups += 1
            }
        }
        transform = device
        if let c = g.clip {
            // Clips never reach past the target: SDL copies and scales whole clip rectangles.
            let r = intersect(deviceRect(device.apply(to: c)), targetRect)
            if let outer = clip { setClip(intersect(outer, r)) } else { setClip(r) }
        }
    }

    /// Composites an offscreen group onto the target under it, exactly: the group's pixels are
    /// masked by the clip shape's coverage, multiplied by the group's opacity, and laid "over"
    /// the destination in premultiplied alpha, in integer arithmetic rounded to nearest, then
    /// written back.
    ///
    /// Drawing with SDL's blend mode into a transparent target leaves premultiplied colour in it
    /// (each draw is "over" with the target as premultiplied); compositing that with the same
    /// blend would multiply by alpha a second time, and SDL's blitter rounds alpha modulation
    /// down, which compounds through nested groups. Core Animation composites a group once,
    /// premultiplied; so does this. The mask is the clip's signed distance in its own
    /// coordinates, so a rotated, scaled, rounded clip has antialiased edges; an axis-aligned one
    /// needs it only in its corners (SDL's clip rectangle did the rest).
    ///
    /// Returns false when a pixel read or write failed (the caller then copies the group with
    /// SDL's blend instead).
    func compositeOffscreen(_ off: Offscreen) -> Bool {
        let runs = off.runs < tileRuns.count ? tileRuns[off.runs] : [off.region]
        let opacity = UInt32(UInt8(saturating: (off.opacity * 255).rounded()))
        // Read the group's pixels from its target (still the current one), run by run.
        var total = 0
        for run in runs { total += Int(run.w) * Int(run.h) }
        guard total > 0 else {
            sdl(SDL_SetRenderTarget(renderer, off.previousTarget), "SDL_SetRenderTarget")
            target = off.previousTarget
            return true
        }
        groupScratchUsed.pixels = true
        if maskPixels.count < total { maskPixels = [UInt32](repeating: 0, count: total) }
        if destinationPixels.count < total { destinationPixels = [UInt32](repeating: 0, count: total) }
        var offset = 0
        for var run in runs {
            let code = maskPixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, &run, tl_pixel_format_argb8888(), $0.baseAddress! + offset * 4, run.w * 4)
            }
            guard code == 0 else { return false }
            offset += Int(run.w) * Int(run.h)
        }
        sdl(SDL_SetRenderTarget(renderer, off.previousTarget), "SDL_SetRenderTarget")
        target = off.previousTarget
        alphaCoverage = off.alphaMask.map { maskCoverage($0.mask, transform: $0.transform, region: off.region) }
        defer { alphaCoverage = nil }
        if !off.filters.isEmpty, runs.count == 1, let run = runs.first {
            // Clip and mask first, then the filters over the region, then opacity and blend.
            maskPixels.withUnsafeMutableBufferPointer { all in
                if let m = off.mask { Self.applyMask(m, to: all.baseAddress!, stride: Int(run.w), region: run) }
                if let coverage = alphaCoverage { Self.applyCoverage(coverage, to: all.baseAddress!, run: run) }
            }
            alphaCoverage = nil
            applyFilters(off.filters, transform: off.filterTransform, width: Int(run.w), height: Int(run.h), cutSides: off.cutSides)
            return compositeRuns(runs, opacity: opacity, mask: nil, blendMode: off.blendMode, onto: off.previousTarget)
        }
        return compositeRuns(runs, opacity: opacity, mask: off.mask, blendMode: off.blendMode, onto: off.previousTarget)
    }

    /// Lays the group pixels gathered run after run in ``maskPixels`` over the runs of the
    /// current target `parent` (nil: the window or image), masked, at `opacity` (0...255) and
    /// blended by `blendMode`.
    func compositeRuns(_ runs: [SDL_Rect], opacity: UInt32, mask: (rect: Rect, radius: Double, transform: AffineTransform)?,
                       blendMode: BlendMode = .normal, onto parent: OpaquePointer?) -> Bool {
        if parent == nil, let d = directShapes {
            // The image's own pixels are at hand: the group is laid over them in place, where
            // reading them back, uploading the result and copying it through SDL cost three
            // copies of every pixel (the same bytes: SDL's copy there does not blend).
            flush()
            sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
            var offset = 0
            maskPixels.withUnsafeMutableBufferPointer { all in
                for run in runs {
                    Self.lay(run, from: all.baseAddress! + offset, stride: Int(run.w), mask: mask, coverage: alphaCoverage,
                             opacity: opacity, blendMode: blendMode, onto: d)
                    offset += Int(run.w) * Int(run.h)
                }
            }
            return true
        }
        guard let scratch = scratchTexture() else { return false }
        sdl(SDL_RenderSetClipRect(renderer, nil), "SDL_RenderSetClipRect")
        var offset = 0
        for var run in runs {
            let count = Int(run.w) * Int(run.h)
            // What is under it, the group laid over it, written back.
            var code = destinationPixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, &run, tl_pixel_format_argb8888(), $0.baseAddress, run.w * 4)
            }
            guard code == 0 else { return false }
            let base = offset
            maskPixels.withUnsafeMutableBufferPointer { all in
                let px = UnsafeMutableBufferPointer(rebasing: all[base..<(base + count)])
                if let m = mask { Self.applyMask(m, to: px.baseAddress!, stride: Int(run.w), region: run) }
                if let coverage = alphaCoverage { Self.applyCoverage(coverage, to: px.baseAddress!, run: run) }
                destinationPixels.withUnsafeMutableBufferPointer { dst in
                    Premultiplied.composite(px.baseAddress!, opacity: opacity, mode: blendMode, onto: dst.baseAddress!, count: count)
                }
            }
            if isSoftware, let parent {
                // A parent group's target takes the pixels directly (the software renderer's
                // textures are surfaces); the window or image target goes through the scratch.
                code = destinationPixels.withUnsafeBytes { SDL_UpdateTexture(parent, &run, $0.baseAddress, run.w * 4) }
                guard code == 0 else { return false }
            } else {
                var source = SDL_Rect(x: 0, y: 0, w: run.w, h: run.h)
                code = destinationPixels.withUnsafeBytes { SDL_UpdateTexture(scratch, &source, $0.baseAddress, run.w * 4) }
                guard code == 0 else { return false }
                sdl(SDL_RenderCopy(renderer, scratch, &source, &run), "SDL_RenderCopy")
            }
            offset += count
        }
        return true
    }

    /// Lays the group's pixels of `run` (device pixels), at `px` with rows `stride` apart, over
    /// the image's own pixels `d`: masked by the clip's shape and by `coverage`, then laid at
    /// `opacity` by `blendMode`. The pixels at `px` are changed (masked) on the way. Every step
    /// is per pixel, so gathered runs and a group's own buffer give the same bytes.
    static func lay(_ run: SDL_Rect, from px: UnsafeMutablePointer<UInt32>, stride: Int,
                    mask: (rect: Rect, radius: Double, transform: AffineTransform)?,
                    coverage: (region: SDL_Rect, values: [UInt8])?, opacity: UInt32, blendMode: BlendMode,
                    onto d: (base: UnsafeMutablePointer<UInt32>, stride: Int)) {
        if let mask { applyMask(mask, to: px, stride: stride, region: run) }
        for y in 0..<Int(run.h) {
            let row = px + y * stride
            if let coverage { applyCoverage(coverage, to: row, run: SDL_Rect(x: run.x, y: run.y + Int32(y), w: run.w, h: 1)) }
            Premultiplied.composite(row, opacity: opacity, mode: blendMode, onto: d.base + (Int(run.y) + y) * d.stride + Int(run.x), count: Int(run.w))
        }
    }

    /// Which of the group scratch one paint used: how deep offscreen targets and memory-group
    /// buffers went, and whether the scratch texture, the composite pixel buffers (with the
    /// path masks' coverage buffers) and the mask painter were needed.
    struct GroupScratchUse {
        var targets = 0, memoryLayers = 0
        var scratch = false, pixels = false, maskPainter = false
    }

    /// Lets go of the group scratch the paint just finished did not use (called at the end of
    /// every paint, as kept coverage is dropped): offscreen targets and memory-group buffers
    /// past the deepest nesting drawn, the scratch texture, the composite pixel buffers and the
    /// mask painter. Each is as large as the target (12 MiB for two 1600x1000 buffers), and
    /// until a resize they were kept after the last translucent group had gone (MR7). A group
    /// drawn paint after paint keeps its buffers, so an animated frame allocates nothing; the
    /// first group after a paint without one makes them again.
    func releaseUnusedGroupScratch() {
        let used = groupScratchUsed
        groupScratchUsed = GroupScratchUse()
        if targetPool.count > used.targets {
            var pool = targetPool                          // stored back whole (evictStaleCoverage())
            targetPool = []
            while pool.count > used.targets { SDL_DestroyTexture(pool.removeLast()) }
            targetPool = pool
        }
        if !used.scratch, let t = scratch {
            SDL_DestroyTexture(t)
            scratch = nil
        }
        if memoryLayers.count > used.memoryLayers { memoryLayers.removeLast(memoryLayers.count - used.memoryLayers) }
        if !used.pixels {
            if !maskPixels.isEmpty { maskPixels = [] }
            if !destinationPixels.isEmpty { destinationPixels = [] }
            if !maskScratch.total.isEmpty || !maskScratch.one.isEmpty { maskScratch = ([], []) }
        }
        if !used.maskPainter { maskPainter = nil }
    }

    /// The streaming texture composited pixels are written back through, made on first use.
    func scratchTexture() -> OpaquePointer? {
        groupScratchUsed.scratch = true
        if scratch == nil {
            scratch = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        max(1, targetSize.width), max(1, targetSize.height))
            if let scratch { sdl(SDL_SetTextureBlendMode(scratch, SDL_BLENDMODE_NONE), "SDL_SetTextureBlendMode") }
        }
        return scratch
    }

    /// The fallback when the destination cannot be read: the premultiplied pixels gathered in
    /// ``maskPixels`` copied with SDL's blend (premultiplied colour taken as straight, so
    /// translucent edges come out darker; only reached when SDL fails).
    func copyThroughScratch(_ runs: [SDL_Rect], alpha: UInt8) {
        guard let scratch = scratchTexture() else { return }
        sdl(SDL_SetTextureBlendMode(scratch, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        sdl(SDL_SetTextureAlphaMod(scratch, alpha), "SDL_SetTextureAlphaMod")
        var offset = 0
        for var run in runs {
            var source = SDL_Rect(x: 0, y: 0, w: run.w, h: run.h)
            _ = maskPixels.withUnsafeBytes { SDL_UpdateTexture(scratch, &source, $0.baseAddress! + offset * 4, run.w * 4) }
            sdl(SDL_RenderCopy(renderer, scratch, &source, &run), "SDL_RenderCopy")
            offset += Int(run.w) * Int(run.h)
        }
        sdl(SDL_SetTextureAlphaMod(scratch, 255), "SDL_SetTextureAlphaMod")
        sdl(SDL_SetTextureBlendMode(scratch, SDL_BLENDMODE_NONE), "SDL_SetTextureBlendMode")
    }

    /// Multiplies every channel of the premultiplied pixels by their coverage in the clip.
    /// `px` is the pixel at the region's top-left corner, rows `stride` pixels apart. Under a
    /// rotation or shear, each row's coverage is worked out only between where it enters the
    /// clip's edge band and where it reaches the clip's fully covered inside (and again on the
    /// way out); `everyPixel` works it out at every pixel (the reference the tests compare with).
    static func applyMask(_ m: (rect: Rect, radius: Double, transform: AffineTransform),
                          to px: UnsafeMutablePointer<UInt32>, stride: Int, region: SDL_Rect, everyPixel: Bool = false) {
        let t = m.transform
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite, let inverse = t.inverted() else {
            for y in 0..<Int(region.h) { (px + y * stride).update(repeating: 0, count: Int(region.w)) }   // a clip of no area shows nothing
            return
        }
        let scale = abs(det).squareRoot()                  // device pixels per unit
        let r = max(0, min(m.radius, m.rect.width / 2, m.rect.height / 2))
        let cx = m.rect.midX, cy = m.rect.midY
        let hx = m.rect.width / 2 - r, hy = m.rect.height / 2 - r
        let w = Int(region.w), h = Int(region.h)
        func cover(_ x: Int, _ y: Int) -> Double {
            let p = inverse.apply(to: Point(x: Double(Int(region.x) + x) + 0.5, y: Double(Int(region.y) + y) + 0.5))
            let qx = abs(p.x - cx) - hx, qy = abs(p.y - cy) - hy
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            let d = outside + min(max(qx, qy), 0) - r
            return min(max(0.5 - d * scale, 0), 1)
        }
        func scaleRow(_ y: Int, _ xs: Range<Int>) {
            for x in xs {
                let c = cover(x, y)
                guard c < 1 else { continue }
                let k = y * stride + x
                let p = px[k]
                let f = UInt32((c * 256).rounded())
                let a = ((p >> 24) * f) >> 8, rr = (((p >> 16) & 0xFF) * f) >> 8
                let gg = (((p >> 8) & 0xFF) * f) >> 8, bb = ((p & 0xFF) * f) >> 8
                px[k] = a << 24 | rr << 16 | gg << 8 | bb
            }
        }
        if t.b == 0 && t.c == 0 {
            // Axis-aligned: only the corner squares can be partly covered (SDL's clip rectangle
            // cut the rest). Coordinates are bounded first: a runaway transform must not trap.
            func whole(_ v: Double) -> Int { v.isNaN ? 0 : Int(max(-1e9, min(1e9, v))) }
            func span(_ lo: Int, _ hi: Int) -> Range<Int> { lo < hi ? lo..<hi : lo..<lo }
            let box = t.apply(to: m.rect)
            let rp = whole((r * scale).rounded(.up)) + 1
            let x0 = whole(box.minX.rounded(.down)) - Int(region.x), x1 = whole(box.maxX.rounded(.up)) - Int(region.x)
            let y0 = whole(box.minY.rounded(.down)) - Int(region.y), y1 = whole(box.maxY.rounded(.up)) - Int(region.y)
            for y in span(max(0, y0), min(h, y1)) where y < y0 + rp || y >= y1 - rp {
                scaleRow(y, span(max(0, x0), min(w, min(x1, x0 + rp))))
                scaleRow(y, span(max(0, max(x0 + rp, x1 - rp)), min(w, x1)))
            }
            return
        }
        guard !everyPixel else {
            for y in 0..<h { scaleRow(y, 0..<w) }
            return
        }
        // A pixel whose centre lies in the box `inner` (half extents, about the centre, in the
        // clip's coordinates) is fully covered: its distance inside the rounded rectangle is at
        // least half a pixel. One outside `outer` is at least half a pixel outside, so it is
        // covered by nothing. `slack` keeps both boxes clear of rounding in the row's line.
        let half = 0.5 / scale
        let slack = 1e-6 / scale + 1e-9 * (abs(cx) + abs(cy) + hx + hy + r)
        let inner = (x: hx + min(0, r - half) - slack, y: hy + min(0, r - half) - slack)
        let outer = (x: hx + r + half + slack, y: hy + r + half + slack)
        let step = (x: inverse.a, y: inverse.b)            // the clip's coordinates one pixel right
        // The pixels x of the row from `p` (x = 0) whose centres lie within the box, a closed
        // interval of reals; nil when none do or it cannot be told (NaN).
        func interval(_ p: Point, _ box: (x: Double, y: Double)) -> (lo: Double, hi: Double)? {
            var lo = -Double.infinity, hi = Double.infinity
            // Where |u + x·s| <= e, cut into lo...hi.
            func slab(_ u: Double, _ s: Double, _ e: Double) -> Bool {
                guard s != 0 else { return abs(u) <= e }
                let a = (-e - u) / s, b = (e - u) / s
                lo = max(lo, min(a, b)); hi = min(hi, max(a, b))
                return true
            }
            guard slab(p.x - cx, step.x, box.x), slab(p.y - cy, step.y, box.y), lo <= hi else { return nil }
            return (lo, hi)
        }
        func pixels(_ lo: Double, _ hi: Double) -> Range<Int> {
            let a = max(0, min(w, Int(max(-1, min(Double(w), lo.rounded(.up))))))
            let b = max(a, min(w, Int(max(-1, min(Double(w), hi.rounded(.down)))) + 1))
            return a..<b
        }
        for y in 0..<h {
            let p = inverse.apply(to: Point(x: Double(Int(region.x)) + 0.5, y: Double(Int(region.y) + y) + 0.5))
            guard let o = interval(p, outer) else {
                if p.x.isNaN || p.y.isNaN { scaleRow(y, 0..<w) } else { (px + y * stride).update(repeating: 0, count: w) }
                continue
            }
            let band = pixels(o.lo, o.hi)
            (px + y * stride).update(repeating: 0, count: band.lowerBound)
            (px + y * stride + band.upperBound).update(repeating: 0, count: w - band.upperBound)
            guard inner.x > 0, inner.y > 0, let i = interval(p, inner) else { scaleRow(y, band); continue }
            let full = pixels(i.lo, i.hi).clamped(to: band)
            scaleRow(y, band.lowerBound..<max(band.lowerBound, full.lowerBound))
            scaleRow(y, min(band.upperBound, max(full.upperBound, full.lowerBound))..<band.upperBound)
        }
    }

    func endGroup() {
        guard let frame = popGroup() else { return }
        switch frame.drawing {
        case .inPlace:
            // Most groups (a Lottie's layers, a window's views).
            if !sameClip(frame.clip, clip) { setClip(frame.clip) }
        case .memory:
            endMemoryGroup(openMemoryGroups.removeLast())
            if !sameClip(frame.clip, clip) { applyClip(frame.clip) }
        case .offscreen:
            let off = openOffscreens.removeLast()
            flush()
            let composited = compositeOffscreen(off)
            if !composited {
                // The pixels could not be read or written: SDL's own blend (overlaps and
                // translucency approximate, the clip a rectangle).
                sdl(SDL_SetRenderTarget(renderer, off.previousTarget), "SDL_SetRenderTarget")
                target = off.previousTarget
            }
            offscreenDepth -= 1
            applyClip(frame.clip)
            if !composited {
                sdl(SDL_SetTextureAlphaMod(off.texture, byte(off.opacity)), "SDL_SetTextureAlphaMod")
                var region = off.region
                sdl(SDL_RenderCopy(renderer, off.texture, &region, &region), "SDL_RenderCopy")
            }
            counts.submissions += 1
        }
        clip = frame.clip
        transform = frame.transform
        opacity = frame.opacity
    }

    /// Whether the boxes ``groupBounds(_:after:)`` left in ``drawingBoxes`` are pairwise
    /// disjoint, each grown by a pixel for antialiasing. False when they are not all there (past
    /// the limit) or a subgroup clips (a clip cuts drawings the boxes do not know of).
    func drawingBoxesAreDisjoint() -> Bool {
        guard haveDrawingBoxes, !groupHasClippedSubgroup else { return false }
        // Sweep along x: each box against those still open.
        Self.sortByMinX(&drawingBoxes)
        var open = 0
        for k in drawingBoxes.indices {
            let b = drawingBoxes[k].inset(by: EdgeInsets(all: -1))
            while open < k, drawingBoxes[open].maxX + 1 <= b.minX { open += 1 }
            for m in open..<k {
                let o = drawingBoxes[m].inset(by: EdgeInsets(all: -1))
                if o.maxX > b.minX && o.minY < b.maxY && b.minY < o.maxY { return false }
            }
        }
        return true
    }

    /// Sorts `boxes` by their left edges, outside the main actor: a closure made in a main-actor
    /// method checks the actor on every call, here every comparison.
    nonisolated static func sortByMinX(_ boxes: inout [Rect]) {
        boxes.sort { $0.minX < $1.minX }
    }

    /// Whether the one drawing after group `i` is a fill of exactly the clip's rounded rectangle
    /// (or one inside it with square corners when the clip has none), so that drawing it is
    /// already clipping it.
    func loneDrawingHasClipShape(_ commands: [DrawCommand], after i: Int, clip: Rect, radius: Double) -> Bool {
        guard i + 1 < commands.count, case .fillRect(let r, _, let cornerRadius) = commands[i + 1] else { return false }
        if radius > 0 { return r == clip && cornerRadius >= radius }
        return clip.intersection(r) == r
    }

    /// Whether the group opening at `i` holds at most one drawing and no subgroups.
    func groupIsSingleDrawing(_ commands: [DrawCommand], after i: Int) -> Bool {
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

    /// The device-pixel bounding box of everything the group opening at `i` draws; the boxes of
    /// its drawings are left in ``drawingBoxes`` (``haveDrawingBoxes``) for the tile runs.
    func groupBounds(_ commands: [DrawCommand], after i: Int) -> Rect {
        guard case .beginGroup(let g0) = commands[i] else { return .null }
        boundsStack.removeAll(keepingCapacity: true)
        boundsStack.append(g0.transform.concatenating(base))
        drawingBoxes.removeAll(keepingCapacity: true)
        haveDrawingBoxes = true
        groupHasClippedSubgroup = false
        groupIsRasterisable = true
        var box = Rect.null
        var j = i + 1
        while j < commands.count, let t = boundsStack.last {
            switch commands[j] {
            case .beginGroup(let g):
                if g.clip != nil { groupHasClippedSubgroup = true }
                if g.mask != nil { groupIsRasterisable = false }     // memory groups apply masks outermost only
                if !g.filters.isEmpty {
                    // A filtered subgroup draws past its drawings, by its box (window points).
                    groupIsRasterisable = false
                    if g.bounds.isNull { haveDrawingBoxes = false } else {
                        let b = base.apply(to: g.bounds).standardized
                        box = box.union(b)
                        if drawingBoxes.count < 4_096 { drawingBoxes.append(b) } else { haveDrawingBoxes = false }
                    }
                }
                boundsStack.append(g.transform.concatenating(base))      // group transforms are absolute
            case .endGroup:
                boundsStack.removeLast()
                if boundsStack.isEmpty { return box }
            default:
                if groupIsRasterisable && !isRasterisable(commands[j], t) { groupIsRasterisable = false }
                if let local = localBounds(commands[j]) {
                    // Standardized: a box of negative size (a text run kerned back past its
                    // start) would give tile ranges that run backwards.
                    let b = t.apply(to: local).standardized
                    box = box.union(b)
                    if haveDrawingBoxes {
                        let finite = b.minX.isFinite && b.maxX.isFinite && b.minY.isFinite && b.maxY.isFinite
                        if finite && drawingBoxes.count < 4_096 { drawingBoxes.append(b) } else { haveDrawingBoxes = false }
                    }
                }
            }
            j += 1
        }
        return box
    }

    func localBounds(_ command: DrawCommand) -> Rect? { command.localBounds }

    /// Redirects drawing into a pooled offscreen target for the group just opened; returns false
    /// when the renderer cannot make one.
    ///
    /// Targets are as large as the output and pooled by nesting depth, so their memory is bounded
    /// by ``maximumOffscreenPixels``: past it (deep nesting of translucent groups on a large
    /// canvas) a group multiplies its opacity into its drawings instead, as when the renderer
    /// cannot make targets at all.
    func beginOffscreen(opacity groupOpacity: Double, bounds: Rect) -> Bool {
        let targetPixels = Int(max(1, targetSize.width)) * Int(max(1, targetSize.height))
        guard (offscreenDepth + 1) * targetPixels <= Self.maximumOffscreenPixels else { return false }
        flush()
        if offscreenDepth == targetPool.count {
            guard let tex = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                              max(1, targetSize.width), max(1, targetSize.height)) else { return false }
            sdl(SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
            var pool = targetPool
            targetPool = []
            pool.append(tex)
            targetPool = pool
        }
        let tex = targetPool[offscreenDepth]
        var region = bounds.isNull ? SDL_Rect(x: 0, y: 0, w: 0, h: 0) : deviceRect(bounds.inset(by: EdgeInsets(all: -2)))
        region = intersect(intersect(region, clip ?? targetRect), targetRect)
        setInnermostGroupDrawing(.offscreen)
        openOffscreens.append(Offscreen(texture: tex, previousTarget: target, region: region, opacity: groupOpacity,
                                        runs: offscreenDepth))
        computeTileRuns(region: region, depth: offscreenDepth)
        offscreenDepth += 1
        groupScratchUsed.targets = max(groupScratchUsed.targets, offscreenDepth)
        counts.offscreens += 1
        sdl(SDL_SetRenderTarget(renderer, tex), "SDL_SetRenderTarget")
        target = tex
        applyClip(region)
        sdl(SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE), "SDL_SetRenderDrawBlendMode")
        sdl(SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0), "SDL_SetRenderDrawColor")
        let runs = tileRuns[offscreenDepth - 1]
        runs.withUnsafeBufferPointer { sdl(SDL_RenderFillRects(renderer, $0.baseAddress, Int32(runs.count)), "SDL_RenderFillRects") }
        clip = region
        return true
    }

    /// The runs of 32-pixel tiles of `region` that the drawings in ``drawingBoxes`` touch, into
    /// ``tileRuns``[depth]: a group's content is usually far smaller than its bounding box (views
    /// spread over a screen), and clearing, reading and compositing only those tiles is what
    /// keeps exact group compositing affordable. Without boxes, the whole region.
    func computeTileRuns(region: SDL_Rect, depth: Int) {
        while tileRuns.count <= depth { tileRuns.append([]) }
        tileRuns[depth].removeAll(keepingCapacity: true)
        guard region.w > 0, region.h > 0 else { return }
        let size: Int32 = 32
        let cols = Int((region.w + size - 1) / size), rows = Int((region.h + size - 1) / size)
        guard haveDrawingBoxes, cols * rows <= 1 << 16 else { tileRuns[depth].append(region); return }
        if tileMarks.count < cols * rows { tileMarks = [Bool](repeating: false, count: cols * rows) }
        for k in 0..<(cols * rows) { tileMarks[k] = false }
        let rx = Double(region.x), ry = Double(region.y)
        for b in drawingBoxes {
            func tile(_ v: Double, _ count: Int) -> Int { max(0, min(count - 1, Int(saturating: v / Double(size), rounding: .down))) }
            let c0 = tile(b.minX - 2 - rx, cols), c1 = tile(b.maxX + 2 - rx, cols)
            let r0 = tile(b.minY - 2 - ry, rows), r1 = tile(b.maxY + 2 - ry, rows)
            guard b.maxX + 2 > rx, b.maxY + 2 > ry, b.minX - 2 < rx + Double(region.w), b.minY - 2 < ry + Double(region.h) else { continue }
            for r in r0...r1 { for c in c0...c1 { tileMarks[r * cols + c] = true } }
        }
        appendTileRuns(tileMarks, columns: cols, rows: rows, side: size, in: region, into: &tileRuns[depth])
    }

    /// Appends to `runs` rectangles that cover the marked tiles of a grid of `side`-pixel tiles
    /// laid from `area`'s corner and cut at its far edges, `columns` by `rows`, marks row by row:
    /// marked tiles side by side in a row make one run, and a run as wide as one ending at the
    /// row above, at the same x, extends that one. Shared by offscreen groups and groups drawn in
    /// memory.
    func appendTileRuns(_ marks: [Bool], columns cols: Int, rows: Int, side: Int32, in area: SDL_Rect, into runs: inout [SDL_Rect]) {
        openRuns.removeAll(keepingCapacity: true)
        for r in 0..<rows {
            nextOpenRuns.removeAll(keepingCapacity: true)
            var c = 0
            while c < cols {
                guard marks[r * cols + c] else { c += 1; continue }
                let start = c
                while c < cols && marks[r * cols + c] { c += 1 }
                let x = area.x + Int32(start) * side, y = area.y + Int32(r) * side
                let run = SDL_Rect(x: x, y: y, w: min(Int32(c - start) * side, area.x + area.w - x), h: min(side, area.y + area.h - y))
                if let k = openRuns.first(where: { runs[$0].x == run.x && runs[$0].w == run.w }) {
                    runs[k].h += run.h
                    nextOpenRuns.append(k)
                } else {
                    nextOpenRuns.append(runs.count)
                    runs.append(run)
                }
            }
            swap(&openRuns, &nextOpenRuns)
        }
    }

    // MARK: Clipping

    /// The whole render target, in pixels.
    var targetRect: SDL_Rect { SDL_Rect(x: 0, y: 0, w: targetSize.width, h: targetSize.height) }

    /// The device pixels a masked group whose drawings (cut to what its masks can cover) fill
    /// `bounds` is masked over: two pixels around them, within the clip and the target.
    func maskedRegion(_ bounds: Rect) -> SDL_Rect {
        let region = bounds.isNull ? SDL_Rect(x: 0, y: 0, w: 0, h: 0) : deviceRect(bounds.inset(by: EdgeInsets(all: -2)))
        return intersect(intersect(region, clip ?? targetRect), targetRect)
    }

    func deviceRect(_ r: Rect) -> SDL_Rect {
        guard !r.isNull, !r.minX.isNaN, !r.minY.isNaN else { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
        let x0 = pixel(r.minX, .down), y0 = pixel(r.minY, .down)
        let x1 = pixel(r.maxX, .up), y1 = pixel(r.maxY, .up)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect { Self.intersection(a, b) }

    func sameClip(_ a: SDL_Rect?, _ b: SDL_Rect?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (x?, y?): x.x == y.x && x.y == y.y && x.w == y.w && x.h == y.h
        default: false
        }
    }

    func setClip(_ r: SDL_Rect?) {
        guard !sameClip(r, clip) else { return }
        flush()
        clip = r
        applyClip(r)
    }

    func applyClip(_ r: SDL_Rect?) {
        if var r {
            // SDL treats an empty clip rect as "no clipping": clip to an offscreen pixel instead.
            if r.w <= 0 || r.h <= 0 { r = SDL_Rect(x: -2, y: -2, w: 1, h: 1) }
            sdl(SDL_RenderSetClipRect(renderer, &r), "SDL_RenderSetClipRect")
        } else {
            sdl(SDL_RenderSetClipRect(renderer, nil), "SDL_RenderSetClipRect")
        }
    }

}
