import CSDL2
import Geometry
import Timeline

/// Text through SDL2_ttf, cached as textures per string and pixel size.
extension DisplayListPainter {
    // MARK: Text

    func text(_ string: String, at origin: Point, fontSize: Double, scale: Double, _ color: Color) {
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
            sdl(SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
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
        mesh.transform = meshTransform
        mesh.opacity = opacity
        mesh.texturedQuad(origin: origin, width: w, height: h, color: color)
        useTexture(nil)
    }

    /// Drops kept shapes (see ``evictStaleShapes()``), and text and corner textures unused for two seconds of frames, checked every 120 frames.
    func evictStaleTextures() {
        evictStaleShapes()
        guard frameNumber % 120 == 0 else { return }
        let staleDiscs = discs.filter { frameNumber - $0.value.lastUsed > 120 }
        for (k, d) in staleDiscs { SDL_DestroyTexture(d.texture); discs[k] = nil }
        guard !textCache.isEmpty else { return }
        let stale = textCache.filter { frameNumber - $0.value.lastUsed > 120 }
        for (k, v) in stale { SDL_DestroyTexture(v.texture); textCache[k] = nil }
    }
}
