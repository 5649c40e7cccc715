import CSDL2
import Geometry
import Timeline

/// Glyph runs (TX5), drawn from an atlas of glyphs rasterised by FreeType at the device scale.
///
/// A glyph is kept per face, id, pixel size (1/64 px) and horizontal subpixel phase (quarters of
/// a pixel), so text at fractional positions keeps its spacing; a run is one batch of textured
/// quads from one texture. When the atlas fills it starts over (the glyphs still in use are drawn
/// again, once each). A steady frame rasterises nothing. On the software renderer glyphs are
/// copied from a texture per modulation state holding the same glyphs (``glyphCopyAtlases``), so
/// that white and tinted text taking turns do not make SDL map the texture anew each time.
extension DisplayListPainter {
    struct GlyphKey: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
        var pixelSize64: Int32
        var phase: UInt8
    }

    struct AtlasGlyph {
        /// Where it is in the atlas (x, y, width, height in texels; width 0: draws nothing).
        var x: Int32, y: Int32, width: Int32, height: Int32
        /// Offset from the pen to the bitmap's top-left, in device pixels, and the factor a
        /// colour strike is drawn at.
        var left: Double, top: Double, scale: Double
        var isColor: Bool
        /// The last paint that drew it (the sweep forgets glyphs idle for ``glyphIdleFrames``).
        var lastUsed = 0
    }

    /// Frames a glyph stays in the cache undrawn (about two seconds at 60 Hz). Its texels stay in
    /// the atlas until the atlas starts over; an atlas left with no glyph is freed.
    static let glyphIdleFrames = 120

    /// The atlas starts small (a window with a few labels needs little) and doubles when full,
    /// up to this side; full at the largest, it starts over.
    static let largestAtlas: Int32 = 2048
    static let smallestAtlas: Int32 = 256
    /// Glyphs larger than this many pixels a side are rasterised at this size and scaled.
    static let largestGlyph = 256.0

    func glyphs(_ run: GlyphRun, at origin: Point) {
        guard !run.glyphs.isEmpty, run.size > 0, run.size.isFinite, run.color.alpha > 0 else { return }
        let scale = deviceScale
        guard scale > 0, scale.isFinite else { return }
        let wanted = run.size * scale
        guard wanted >= 1 else { return }
        let pixelSize = min(wanted, Self.largestGlyph)
        let stretch = wanted / pixelSize                              // > 1 only for huge text
        let axisAligned = isAxisAligned && stretch == 1
        // Software copies come from their modulation state's texture (made, maybe starting the
        // atlas over, before any glyph of the run is looked up).
        let copyState = isSoftware && axisAligned ? Self.glyphCopyState(run.color, opacity: opacity) : -1
        if copyState >= 0 { addGlyphCopyState(copyState) }
        guard let texture = glyphAtlasTexture() else { return }
        useTexture(texture)
        mesh.transform = transform
        mesh.opacity = opacity
        let size64 = Int32(saturating: pixelSize * 64, rounding: .toNearestOrAwayFromZero)
        var inv = 1 / Double(atlasSide)
        let t = transform
        for (i, glyph) in run.glyphs.enumerated() {
            let pen = Point(x: run.positions[i].x + origin.x, y: run.positions[i].y + origin.y)
            var phase: UInt8 = 0
            var device = Point.zero
            if axisAligned {
                device = t.apply(to: pen)
                let f = device.x - device.x.rounded(.down)
                phase = min(3, UInt8(saturating: (f * 4).rounded()))
                if (f * 4).rounded() >= 4 { device.x += 1 }
                device.x = device.x.rounded(.down)
                device.y = device.y.rounded()
            }
            let key = GlyphKey(face: ObjectIdentifier(run.face), glyph: glyph, pixelSize64: size64, phase: phase)
            guard let g = atlasGlyph(key, run.face, pixelSize: pixelSize), g.width > 0, let atlas = glyphAtlas else { continue }
            if atlas != batchTexture { useTexture(atlas); inv = 1 / Double(atlasSide) }
            let tint = g.isColor ? Color(red: 1, green: 1, blue: 1, alpha: run.color.alpha) : run.color
            let u0 = Double(g.x) * inv, v0 = Double(g.y) * inv
            let u1 = Double(g.x + g.width) * inv, v1 = Double(g.y + g.height) * inv
            if axisAligned, !g.isColor {
                let x0 = device.x + g.left, y0 = device.y - g.top
                let x1 = x0 + Double(g.width), y1 = y0 + Double(g.height)
                if isSoftware {
                    // SDL's software renderer turns a textured quad into a copy whose source
                    // rectangle it works out from the coordinates, and gets glyphs a column wide
                    // or narrow (a tenth more ink in body text); an exact copy of the glyph's
                    // texels draws it as FreeType rasterised it.
                    // Far outside any target (at most 16,384 pixels a side) nothing shows.
                    if abs(x0) < 1e6, abs(y0) < 1e6 {
                        copyGlyph(glyphCopyAtlases[copyState] ?? atlas, g, to: (Int32(x0), Int32(y0)), tint: tint)
                    }
                    continue
                }
                mesh.deviceTexturedQuad(Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1),
                                        u0: u0, v0: v0, u1: u1, v1: v1, color: tint)
            } else {
                // Through the transform: the bitmap's box in points around the pen.
                let k = g.scale * stretch / scale
                let x0 = pen.x + g.left * k, y0 = pen.y - g.top * k
                let x1 = x0 + Double(g.width) * k, y1 = y0 + Double(g.height) * k
                mesh.deviceTexturedQuad(t.apply(to: Point(x: x0, y: y0)), t.apply(to: Point(x: x1, y: y0)),
                                        t.apply(to: Point(x: x1, y: y1)), t.apply(to: Point(x: x0, y: y1)),
                                        u0: u0, v0: v0, u1: u1, v1: v1, color: tint)
            }
        }
        useTexture(nil)
    }

    /// A colour component as SDL's modulation byte.
    static func modulationByte(_ v: Double) -> UInt8 { v.isFinite ? UInt8(max(0, min(255, (v * 255).rounded()))) : 255 }

    /// The modulation state of a glyph copy tinted `tint` at `opacity`, as SDL's surface sees it:
    /// bit 0 set when the colour is modulated (not white), bit 1 when the alpha is (below 255).
    static func glyphCopyState(_ tint: Color, opacity: Double) -> Int {
        let r = modulationByte(tint.red), g = modulationByte(tint.green), b = modulationByte(tint.blue)
        return (r & g & b != 255 ? 1 : 0) | (modulationByte(tint.alpha * opacity) != 255 ? 2 : 0)
    }

    /// Gives modulation state `state` its texture of glyph copies. The first state copies from
    /// the atlas itself; a later one needs a texture holding every glyph the atlas does, so the
    /// atlas starts over (once per state), and ``glyphAtlasTexture()`` makes it with the others.
    private func addGlyphCopyState(_ state: Int) {
        guard glyphCopyStates & (1 << state) == 0 else { return }
        glyphCopyStates |= 1 << state
        if glyphAtlasCopyState < 0 {
            glyphAtlasCopyState = state
            glyphCopyAtlases[state] = glyphAtlas
        } else if glyphAtlas != nil {
            restartGlyphAtlas()
        }
    }

    /// Drops the atlas textures and forgets where glyphs were; the next glyph makes them again.
    func restartGlyphAtlas() {
        flush()                                                        // pending quads use the old atlas
        for case let t? in glyphCopyAtlases where t != glyphAtlas { SDL_DestroyTexture(t) }
        for s in glyphCopyAtlases.indices { glyphCopyAtlases[s] = nil }
        if let t = glyphAtlas { SDL_DestroyTexture(t) }
        glyphAtlas = nil
        glyphCache.removeAll(keepingCapacity: true)
        atlasLiveArea = 0
        atlasCursor = (1, 1, 0)
    }

    /// Copies glyph `g`'s texels 1:1 to device pixel `at`, tinted (software renderer).
    private func copyGlyph(_ atlas: OpaquePointer, _ g: AtlasGlyph, to at: (Int32, Int32), tint: Color) {
        flush()                                              // what was drawn before it, first
        func byte(_ v: Double) -> UInt8 { Self.modulationByte(v) }
        SDL_SetTextureColorMod(atlas, byte(tint.red), byte(tint.green), byte(tint.blue))
        SDL_SetTextureAlphaMod(atlas, byte(tint.alpha * opacity))
        var src = SDL_Rect(x: g.x, y: g.y, w: g.width, h: g.height)
        var dst = SDL_Rect(x: at.0, y: at.1, w: g.width, h: g.height)
        sdl(SDL_RenderCopy(renderer, atlas, &src, &dst), "SDL_RenderCopy(glyph)")
        SDL_SetTextureColorMod(atlas, 255, 255, 255)
        SDL_SetTextureAlphaMod(atlas, 255)
    }

    /// The atlas texture, made on first use at ``atlasSide``, with the textures of the glyph copy
    /// states drawn (``glyphCopyAtlases``).
    private func glyphAtlasTexture() -> OpaquePointer? {
        if let t = glyphAtlas { return t }
        guard let t = makeGlyphAtlasTexture() else { return nil }
        glyphAtlas = t
        for s in glyphCopyAtlases.indices where glyphCopyStates & (1 << s) != 0 {
            glyphCopyAtlases[s] = s == glyphAtlasCopyState ? t : makeGlyphAtlasTexture()
        }
        return t
    }

    private func makeGlyphAtlasTexture() -> OpaquePointer? {
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        atlasSide, atlasSide) else {
            sdl(-1, "SDL_CreateTexture(glyph atlas)")
            return nil
        }
        sdl(SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        return t
    }

    /// A glyph's place in the atlas, rasterised and uploaded when new.
    private func atlasGlyph(_ key: GlyphKey, _ face: FontFace, pixelSize: Double) -> AtlasGlyph? {
        if let i = glyphCache.index(forKey: key) {
            glyphCache.values[i].lastUsed = frameNumber
            return glyphCache.values[i]
        }
        // The face is kept while its glyphs are, so that its identity is never reused.
        glyphFaces[key.face] = face
        glyphsRasterized += 1
        guard let bm = face.rasterize(glyph: key.glyph, pixelSize: pixelSize, subpixel: Double(key.phase) / 4) else {
            let empty = AtlasGlyph(x: 0, y: 0, width: 0, height: 0, left: 0, top: 0, scale: 1, isColor: false, lastUsed: frameNumber)
            glyphCache[key] = empty
            return empty
        }
        let w = Int32(bm.width), h = Int32(bm.height)
        guard w <= Self.largestAtlas - 2, h <= Self.largestAtlas - 2 else { return nil }
        // Shelf packing with a one-texel gutter; a full atlas doubles, or at its largest starts over.
        while true {
            if atlasCursor.x + w + 1 > atlasSide { atlasCursor = (1, atlasCursor.y + atlasCursor.row + 1, 0) }
            if atlasCursor.y + h + 1 <= atlasSide { break }
            // Doubles only when the glyphs still in use fill half of it; glyphs forgotten by the
            // sweep leave their space behind, which starting over at this size gives back.
            // A glyph wider or taller than the atlas itself always grows it (it fits at the
            // largest side), else starting over at this size could never place it.
            let tooSmall = w + 2 > atlasSide || h + 2 > atlasSide
            let grows = atlasSide < Self.largestAtlas && (tooSmall || atlasLiveArea * 2 > Int(atlasSide) * Int(atlasSide))
            restartGlyphAtlas()
            if grows { atlasSide *= 2 }
        }
        guard let texture = glyphAtlasTexture() else { return nil }
        let x = atlasCursor.x, y = atlasCursor.y
        atlasCursor.x += w + 1
        atlasCursor.row = max(atlasCursor.row, h)
        var rgba = [UInt8](repeating: 0, count: Int(w * h) * 4)
        if bm.isColor {
            for i in 0..<Int(w * h) {
                let b = bm.pixels[i * 4], g = bm.pixels[i * 4 + 1], r = bm.pixels[i * 4 + 2], a = bm.pixels[i * 4 + 3]
                guard a > 0 else { continue }
                rgba[i * 4] = UInt8(min(255, Int(r) * 255 / Int(a)))
                rgba[i * 4 + 1] = UInt8(min(255, Int(g) * 255 / Int(a)))
                rgba[i * 4 + 2] = UInt8(min(255, Int(b) * 255 / Int(a)))
                rgba[i * 4 + 3] = a
            }
        } else {
            for i in 0..<Int(w * h) {
                rgba[i * 4] = 255; rgba[i * 4 + 1] = 255; rgba[i * 4 + 2] = 255
                rgba[i * 4 + 3] = bm.pixels[i]
            }
        }
        var rect = SDL_Rect(x: x, y: y, w: w, h: h)
        rgba.withUnsafeBytes {
            sdl(SDL_UpdateTexture(texture, &rect, $0.baseAddress, w * 4), "SDL_UpdateTexture(glyph)")
            for case let copies? in glyphCopyAtlases where copies != texture {
                sdl(SDL_UpdateTexture(copies, &rect, $0.baseAddress, w * 4), "SDL_UpdateTexture(glyph)")
            }
        }
        let g = AtlasGlyph(x: x, y: y, width: w, height: h, left: Double(bm.left), top: Double(bm.top), scale: bm.scale,
                           isColor: bm.isColor, lastUsed: frameNumber)
        glyphCache[key] = g
        atlasLiveArea += Int(w + 1) * Int(h + 1)
        return g
    }

    /// Drops kept shapes (see ``evictStaleShapes()``) and corner textures unused for two seconds
    /// of frames, checked every 120 frames.
    func evictStaleTextures() {
        evictStaleShapes()
        evictStaleCoverage()
        guard frameNumber % 120 == 0 else { return }
        let staleDiscs = discs.filter { frameNumber - $0.value.lastUsed > 120 }
        for (k, d) in staleDiscs { SDL_DestroyTexture(d.texture); discs[k] = nil }
        evictUnusedImageTextures()
        evictReleasedFaces()
        evictIdleGlyphs()
    }

    /// Forgets glyphs no paint drew for ``glyphIdleFrames`` frames; when none is left, frees the
    /// atlas and its copies and starts the next at the smallest side (MR1). The keys go through a
    /// reused buffer.
    func evictIdleGlyphs() {
        guard !glyphCache.isEmpty else { return }
        staleGlyphKeys.removeAll(keepingCapacity: true)
        for (k, g) in glyphCache where frameNumber - g.lastUsed > Self.glyphIdleFrames { staleGlyphKeys.append(k) }
        for k in staleGlyphKeys {
            if let g = glyphCache.removeValue(forKey: k), g.width > 0 { atlasLiveArea -= Int(g.width + 1) * Int(g.height + 1) }
        }
        staleGlyphKeys.removeAll(keepingCapacity: true)
        guard glyphAtlas != nil else { return }
        if glyphCache.isEmpty {
            restartGlyphAtlas()
            atlasSide = Self.smallestAtlas
            glyphCopyStates = 0
            glyphAtlasCopyState = -1
        } else if atlasSide > Self.smallestAtlas, atlasLiveArea * 8 < Int(atlasSide) * Int(atlasSide) {
            // What is still drawn fits a quarter of the texels: a half-side atlas (a quarter of
            // the memory, per copy) takes it, its glyphs drawn again as they are next used.
            restartGlyphAtlas()
            atlasSide /= 2
        }
    }

    /// Forgets the glyphs of faces that only this painter still holds (MR1): their owners (a
    /// Lottie file's embedded font, a font loaded from data) are gone, so no run can draw them
    /// again. Their atlas space comes back when the atlas starts over. Allocates only when a face
    /// goes.
    func evictReleasedFaces() {
        var gone: Set<ObjectIdentifier> = []
        for i in glyphFaces.indices where isKnownUniquelyReferenced(&glyphFaces.values[i]) {
            gone.insert(glyphFaces.keys[i])
        }
        guard !gone.isEmpty else { return }
        for id in gone { glyphFaces[id] = nil }
        glyphCache = glyphCache.filter { !gone.contains($0.key.face) }
        atlasLiveArea = glyphCache.values.reduce(0) { $0 + ($1.width > 0 ? Int($1.width + 1) * Int($1.height + 1) : 0) }
    }
}
