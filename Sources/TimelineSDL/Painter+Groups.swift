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
            // Clips never reach past the target: SDL copies and scales whole clip rectangles.
            let r = intersect(deviceRect(device.apply(to: c)), targetRect)
            setClip(clip.map { intersect($0, r) } ?? r)
        }
    }

    /// Multiplies the alpha of the offscreen target's pixels in the four corners of `rect` by
    /// their coverage inside the rounded corners (the cached disc coverage), so that compositing
    /// shows the group through a rounded clip.
    func cutCorners(of texture: OpaquePointer, rect: SDL_Rect, radius: Int32) {
        let r = min(radius, rect.w / 2, rect.h / 2)
        guard r > 0 else { return }
        // Corners up to the texture limit use the cached coverage; larger ones (a huge clip on a
        // huge view) are computed for the pixels inside the target only.
        let cached = r <= Self.maximumCornerTextureRadius
        let cover = cached ? discCoverage(radius: r, ring: 0) : []
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
            sdl(read, "SDL_RenderReadPixels")
            guard read == 0 else { continue }
            // Where this part sits in the disc: quadrant offset plus any part cut off by the target's edge.
            let qx = Int(right ? r : 0) + Int(part.x - full.x), qy = Int(bottom ? r : 0) + Int(part.y - full.y)
            for y in 0..<Int(part.h) {
                for x in 0..<Int(part.w) {
                    let k = y * Int(part.w) + x
                    let p = maskPixels[k]
                    let c = cached ? cover[(qy + y) * side + qx + x] : Self.coverage(x: qx + x, y: qy + y, radius: r, ring: 0)
                    let a = (p >> 24) * UInt32(c) / 255
                    maskPixels[k] = (a << 24) | (p & 0x00FF_FFFF)
                }
            }
            maskPixels.withUnsafeBytes { sdl(SDL_UpdateTexture(texture, &part, $0.baseAddress, pitch), "SDL_UpdateTexture") }
        }
    }

    func endGroup() {
        guard let frame = groups.popLast() else { return }
        if let off = frame.offscreen {
            flush()
            if let rounded = off.roundedClip { cutCorners(of: off.texture, rect: rounded.rect, radius: rounded.radius) }
            sdl(SDL_SetRenderTarget(renderer, off.previousTarget), "SDL_SetRenderTarget")
            target = off.previousTarget
            offscreenDepth -= 1
            applyClip(frame.clip)
            sdl(SDL_SetTextureAlphaMod(off.texture, byte(off.opacity)), "SDL_SetTextureAlphaMod")
            var region = off.region
            sdl(SDL_RenderCopy(renderer, off.texture, &region, &region), "SDL_RenderCopy")
            lastSubmissionCount += 1
        } else if !sameClip(frame.clip, clip) {
            setClip(frame.clip)
        }
        clip = frame.clip
        transform = frame.transform
        opacity = frame.opacity
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

    /// The device-pixel bounding box of everything the group opening at `i` draws.
    func groupBounds(_ commands: [DrawCommand], after i: Int) -> Rect {
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

    func localBounds(_ command: DrawCommand) -> Rect? {
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

    func pathBounds(_ p: Path, pad: Double) -> Rect {
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
            targetPool.append(tex)
        }
        let tex = targetPool[offscreenDepth]
        var region = bounds.isNull ? SDL_Rect(x: 0, y: 0, w: 0, h: 0) : deviceRect(bounds.inset(by: EdgeInsets(all: -2)))
        region = intersect(intersect(region, clip ?? targetRect), targetRect)
        groups[groups.count - 1].offscreen = Offscreen(texture: tex, previousTarget: target, region: region, opacity: groupOpacity)
        offscreenDepth += 1
        lastOffscreenCount += 1
        sdl(SDL_SetRenderTarget(renderer, tex), "SDL_SetRenderTarget")
        target = tex
        applyClip(region)
        sdl(SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE), "SDL_SetRenderDrawBlendMode")
        sdl(SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0), "SDL_SetRenderDrawColor")
        var r = region
        sdl(SDL_RenderFillRect(renderer, &r), "SDL_RenderFillRect")
        clip = region
        return true
    }

    // MARK: Clipping

    /// The whole render target, in pixels.
    var targetRect: SDL_Rect { SDL_Rect(x: 0, y: 0, w: targetSize.width, h: targetSize.height) }

    func deviceRect(_ r: Rect) -> SDL_Rect {
        guard !r.isNull, !r.minX.isNaN, !r.minY.isNaN else { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
        let x0 = pixel(r.minX, .down), y0 = pixel(r.minY, .down)
        let x1 = pixel(r.maxX, .up), y1 = pixel(r.maxY, .up)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.w, b.x + b.w), y1 = min(a.y + a.h, b.y + b.h)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

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
