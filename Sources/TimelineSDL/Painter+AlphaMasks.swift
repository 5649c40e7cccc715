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
            lastSkippedMaskCount += 1
            return (region, [UInt8](repeating: 255, count: w * h))
        }
        switch mask {
        case .paths(let paths):
            maskPixelsPainted += w * h * max(1, paths.count)
            return (region, pathCoverage(paths, transform: transform, region: region))
        case .content(let commands, let luminance, let inverted):
            maskPixelsPainted += w * h
            return (region, contentCoverage(commands, luminance: luminance, inverted: inverted, region: region))
        }
    }

    /// Path masks combined as After Effects combines them: from nothing, or from everything
    /// when the first subtracts or intersects; each adds (union), subtracts or intersects its
    /// coverage times its opacity (inverted: the outside).
    func pathCoverage(_ paths: [MaskPath], transform: AffineTransform, region: SDL_Rect) -> [UInt8] {
        let w = Int(region.w), h = Int(region.h)
        let first = paths.first?.mode ?? .add
        var total = [Float](repeating: first == .add ? 0 : 1, count: w * h)
        var one = [Float](repeating: 0, count: w * h)
        let clip = Rect(x: Double(region.x), y: Double(region.y), width: Double(w), height: Double(h))
        for m in paths {
            rasterizeMaskPath(m.path, expansion: m.expansion, transform: transform, clip: clip, region: region, into: &one)
            let o = Float(min(max(m.opacity, 0), 1))
            for k in 0..<(w * h) {
                var c = one[k]
                if m.isInverted { c = 1 - c }
                c *= o
                switch m.mode {
                case .add: total[k] = total[k] + c - total[k] * c
                case .subtract: total[k] *= 1 - c
                case .intersect: total[k] *= c
                }
            }
        }
        return total.map { UInt8(min(255, max(0, $0 * 255 + 0.5))) }
    }

    /// The coverage of `path` (grown or shrunk by `expansion` units at its edge) into `out`,
    /// region-sized, 0...1.
    func rasterizeMaskPath(_ path: Path, expansion: Double, transform: AffineTransform, clip: Rect, region: SDL_Rect,
                           into out: inout [Float]) {
        let w = Int(region.w)
        for k in out.indices { out[k] = 0 }
        func add(_ p: Path, _ combine: (Float, Float) -> Float) {
            guard shapes.rasterize(p, transform: transform, rule: .nonZero, clip: clip) else { return }
            let ox = shapes.x - Int(region.x), oy = shapes.y - Int(region.y), sw = shapes.width
            shapes.coverage.withUnsafeBufferPointer { cov in
                for yy in 0..<shapes.height {
                    let ty = oy + yy
                    guard ty >= 0, ty < Int(region.h) else { continue }
                    for xx in 0..<sw {
                        let tx = ox + xx
                        guard tx >= 0, tx < w else { continue }
                        out[ty * w + tx] = combine(out[ty * w + tx], cov[yy * sw + xx])
                    }
                }
            }
        }
        add(path) { _, c in c }
        guard expansion != 0, expansion.isFinite else { return }
        let edge = path.copy(strokingWithWidth: 2 * abs(expansion), lineCap: .round, lineJoin: .round, miterLimit: 4)
        if expansion > 0 { add(edge) { a, c in max(a, c) } } else { add(edge) { a, c in a * (1 - c) } }
    }

    /// The alpha or luminance of `commands` drawn over transparency, over `region`.
    func contentCoverage(_ commands: [DrawCommand], luminance: Bool, inverted: Bool, region: SDL_Rect) -> [UInt8] {
        let w = Int(region.w), h = Int(region.h)
        let width = Int(targetSize.width), height = Int(targetSize.height)
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
        var out = [UInt8](repeating: 0, count: w * h)
        let surface = mp.surface
        if tl_must_lock(surface) != 0 { SDL_LockSurface(surface) }
        defer { if tl_must_lock(surface) != 0 { SDL_UnlockSurface(surface) } }
        guard let base = surface.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return out }
        let stride = Int(surface.pointee.pitch) / 4
        for yy in 0..<h {
            let sy = Int(region.y) + yy
            guard sy >= 0, sy < height else { continue }
            for xx in 0..<w {
                let sx = Int(region.x) + xx
                guard sx >= 0, sx < width else { continue }
                let p = base[sy * stride + sx]
                // Premultiplied: a luma matte's luminance is its colour over black.
                var c = luminance
                    ? UInt8(min(255, (299 * ((p >> 16) & 0xFF) + 587 * ((p >> 8) & 0xFF) + 114 * (p & 0xFF) + 500) / 1000))
                    : UInt8(p >> 24)
                if inverted { c = 255 - c }
                out[yy * w + xx] = c
            }
        }
        return out
    }

    /// Multiplies the premultiplied pixels of `run` (at `px`, rows `run.w` apart) by the
    /// coverage over the run.
    static func applyCoverage(_ coverage: (region: SDL_Rect, values: [UInt8]), to px: UnsafeMutablePointer<UInt32>, run: SDL_Rect) {
        let r = coverage.region, w = Int(r.w)
        guard !coverage.values.isEmpty else { return }
        coverage.values.withUnsafeBufferPointer { cov in
            for yy in 0..<Int(run.h) {
                let cy = Int(run.y) - Int(r.y) + yy
                for xx in 0..<Int(run.w) {
                    let cx = Int(run.x) - Int(r.x) + xx
                    let k = yy * Int(run.w) + xx
                    guard cy >= 0, cy < Int(r.h), cx >= 0, cx < w else { px[k] = 0; continue }
                    let c = UInt32(cov[cy * w + cx])
                    if c == 255 { continue }
                    px[k] = c == 0 ? 0 : Premultiplied.scale(px[k], c)
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
    }

    isolated deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
