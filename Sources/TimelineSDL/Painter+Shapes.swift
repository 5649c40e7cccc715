import CSDL2
import Geometry
import Timeline

/// Filled paths, gradients and shadows (CA10): rasterised on the CPU by RenderModel's
/// ``ShapeRasterizer`` (fill rule, antialiasing, Gaussian blur, gradient paint) and drawn as one
/// textured rectangle through a streaming texture that grows as needed. The window and the
/// headless image renderer go through the same code, so they draw the same pixels.
extension DisplayListPainter {
    /// Fills `path` in the current group by `rule` with `paint`.
    func fillShape(_ path: Path, _ paint: Paint, _ rule: FillRule) {
        let clip = Rect(x: 0, y: 0, width: Double(targetSize.width), height: Double(targetSize.height))
        guard shapes.rasterize(path, transform: transform, rule: rule, clip: clip) else { return }
        shapes.paint(paint, opacity: opacity, inverse: transform.inverted() ?? .identity)
        blitShape()
    }

    /// Draws `path`'s silhouette in `color`, blurred by a Gaussian with a standard deviation of
    /// half of `radius` points.
    func shadow(_ path: Path, _ color: Color, radius: Double) {
        let sigma = max(0, radius) / 2 * deviceScale
        let margin = sigma.isFinite ? Int(min(3 * sigma, 1_536).rounded(.up)) : 0
        let clip = Rect(x: 0, y: 0, width: Double(targetSize.width), height: Double(targetSize.height))
            .inset(by: EdgeInsets(all: -Double(margin)))
        guard shapes.rasterize(path, transform: transform, rule: .nonZero, clip: clip, margin: margin) else { return }
        shapes.blur(sigma: sigma)
        shapes.paint(.color(color), opacity: opacity, inverse: .identity)
        blitShape()
    }

    /// Copies the rasteriser's pixels to the target at their device position.
    private func blitShape() {
        let w = Int32(shapes.width), h = Int32(shapes.height)
        guard w > 0, h > 0 else { return }
        flush()
        if shapeTexture == nil || shapeTextureSize.width < w || shapeTextureSize.height < h {
            if let t = shapeTexture { SDL_DestroyTexture(t) }
            let nw = max(w, shapeTextureSize.width, 256), nh = max(h, shapeTextureSize.height, 256)
            shapeTexture = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), nw, nh)
            guard let t = shapeTexture else { sdl(-1, "SDL_CreateTexture(\(nw)x\(nh))"); return }
            shapeTextureSize = (nw, nh)
            sdl(SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        }
        guard let texture = shapeTexture else { return }
        var src = SDL_Rect(x: 0, y: 0, w: w, h: h)
        var dst = SDL_Rect(x: Int32(shapes.x), y: Int32(shapes.y), w: w, h: h)
        let code = shapes.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, &src, $0.baseAddress, w * 4) }
        sdl(code, "SDL_UpdateTexture")
        sdl(SDL_RenderCopy(renderer, texture, &src, &dst), "SDL_RenderCopy")
        lastSubmissionCount += 1
    }
}
