import CSDL2
import Geometry
import RenderModel

/// An uploaded image: one texture per bitmap (and per template form). The entry holds its bitmap
/// weakly (MR1): a texture never keeps an image alive that no view shows, and an entry whose
/// bitmap is gone is stale even if a new bitmap is later made at the same address.
struct ImageTextureKey: Hashable {
    var bitmap: ObjectIdentifier
    var template: Bool
}

struct ImageTexture {
    weak var bitmap: Bitmap?
    var texture: OpaquePointer
    var bytes: Int
    var lastFrame: Int
}

/// Images (CN2): each bitmap is uploaded once into a texture, linearly filtered, and drawn as a
/// textured quad through the batch, tinted by the drawing's colour (a template's texture is
/// white where the image is opaque, so it comes out in the tint).
extension DisplayListPainter {
    func image(_ d: ImageDrawing) {
        let bitmap = d.image.bitmap
        guard bitmap.width > 0, bitmap.height > 0, d.source.width > 0, d.source.height > 0, d.tint.alpha > 0 else { return }
        let t = transform
        let corners = d.corners ?? [Point(x: d.rect.minX, y: d.rect.minY), Point(x: d.rect.maxX, y: d.rect.minY),
                                    Point(x: d.rect.maxX, y: d.rect.maxY), Point(x: d.rect.minX, y: d.rect.maxY)]
        guard corners.count == 4 else { return }
        var tint = d.tint
        tint.alpha *= opacity
        if layImageDirectly(d, tint: tint, t.apply(to: corners[0]), t.apply(to: corners[1]), t.apply(to: corners[2]), t.apply(to: corners[3])) {
            return
        }
        guard let texture = imageTexture(bitmap, template: d.isTemplate) else { return }
        useTexture(texture)
        mesh.transform = transform
        mesh.opacity = opacity
        let w = Double(bitmap.width), h = Double(bitmap.height)
        let u0 = d.source.minX / w, v0 = d.source.minY / h, u1 = d.source.maxX / w, v1 = d.source.maxY / h
        // The software rasteriser samples at pixel corners (see meshTransform).
        let shift = isSoftware ? 0.5 : 0
        func device(_ p: Point) -> Point { let q = t.apply(to: p); return Point(x: q.x + shift, y: q.y + shift) }
        let q0 = device(corners[0]), q1 = device(corners[1]), q2 = device(corners[2]), q3 = device(corners[3])
        let pieces = isSoftware ? Self.softwareQuadPieces(q0, q1, q3, textureSide: max(bitmap.width, bitmap.height)) : 1
        guard pieces > 1 else {
            mesh.deviceTexturedQuad(q0, q1, q2, q3, u0: u0, v0: v0, u1: u1, v1: v1, color: tint)
            return
        }
        // The quad cut into pieces x pieces smaller quads, corners interpolated bilinearly.
        func at(_ s: Double, _ t: Double) -> Point {
            let top = Point(x: q0.x + (q1.x - q0.x) * s, y: q0.y + (q1.y - q0.y) * s)
            let bottom = Point(x: q3.x + (q2.x - q3.x) * s, y: q3.y + (q2.y - q3.y) * s)
            return Point(x: top.x + (bottom.x - top.x) * t, y: top.y + (bottom.y - top.y) * t)
        }
        let n = Double(pieces)
        for j in 0..<pieces {
            let t0 = Double(j) / n, t1 = Double(j + 1) / n
            for i in 0..<pieces {
                let s0 = Double(i) / n, s1 = Double(i + 1) / n
                mesh.deviceTexturedQuad(at(s0, t0), at(s1, t0), at(s1, t1), at(s0, t1),
                                        u0: u0 + (u1 - u0) * s0, v0: v0 + (v1 - v0) * t0,
                                        u1: u0 + (u1 - u0) * s1, v1: v0 + (v1 - v0) * t1, color: tint)
            }
        }
    }

    /// The most a textured triangle's device area (pixels) times its texture's longer side may
    /// reach in SDL's software renderer. SDL 2.26 interpolates texture coordinates in 32-bit
    /// fixed point scaled by the triangle's area, which overflows past about 2²⁹ (a 1200-point
    /// image layer drawn from a texture over 300 pixels wide read outside the texture, drew
    /// other memory and could crash); a quarter of that keeps a margin.
    nonisolated static let maximumSoftwareTriangleProduct = 1 << 27

    /// How many pieces along each side a textured quad with corners `p0`, `p1` (its top edge) and
    /// `p3` (its left edge) is cut into for SDL's software renderer, so that no triangle passes
    /// ``maximumSoftwareTriangleProduct`` (1: drawn whole). At most 64.
    nonisolated static func softwareQuadPieces(_ p0: Point, _ p1: Point, _ p3: Point, textureSide: Int) -> Int {
        let area = abs((p1.x - p0.x) * (p3.y - p0.y) - (p1.y - p0.y) * (p3.x - p0.x))
        let product = area * Double(max(textureSide, 1))
        guard product.isFinite, product > Double(maximumSoftwareTriangleProduct) else { return 1 }
        return min(64, Int((product / Double(maximumSoftwareTriangleProduct)).squareRoot().rounded(.up)))
    }

    /// The texture holding `bitmap` (its alpha in white for a template), uploaded when new.
    func imageTexture(_ bitmap: Bitmap, template: Bool) -> OpaquePointer? {
        let key = ImageTextureKey(bitmap: ObjectIdentifier(bitmap), template: template)
        if let i = imageTextures.index(forKey: key) {
            if imageTextures.values[i].bitmap === bitmap {
                imageTextures.values[i].lastFrame = frameNumber
                return imageTextures.values[i].texture
            }
            // The bitmap this texture was made from is gone and another took its address.
            let stale = imageTextures.remove(at: i).value
            SDL_DestroyTexture(stale.texture)
            imageTextureBytes -= stale.bytes
        }
        // SDL's software renderer samples a texture two pixels wide (or high) as if it were one
        // (SDL 2.26): such a texture is uploaded with its pixels doubled along that side, which
        // samples the same.
        let sx = isSoftware && bitmap.width == 2 ? 2 : 1, sy = isSoftware && bitmap.height == 2 ? 2 : 1
        let tw = bitmap.width * sx, th = bitmap.height * sy
        let bytes = tw * th * 4
        evictImageTextures(toFit: bytes)
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(tw), Int32(th)) else {
            // Larger than the renderer's largest texture, or out of memory: nothing drawn.
            sdl(-1, "SDL_CreateTexture(image of \(bitmap.width) x \(bitmap.height))")
            return nil
        }
        sdl(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        sdl(SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear), "SDL_SetTextureScaleMode")
        if template || sx > 1 || sy > 1 {
            var pixels = bitmap.rgba
            if template {
                for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = 255; pixels[i + 1] = 255; pixels[i + 2] = 255 }
            }
            if sx > 1 || sy > 1 {
                var doubled = [UInt8](repeating: 0, count: bytes)
                for y in 0..<th {
                    for x in 0..<tw {
                        let from = ((y / sy) * bitmap.width + x / sx) * 4, to = (y * tw + x) * 4
                        for k in 0..<4 { doubled[to + k] = pixels[from + k] }
                    }
                }
                pixels = doubled
            }
            pixels.withUnsafeBytes { sdl(SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(tw * 4)), "SDL_UpdateTexture") }
        } else {
            bitmap.rgba.withUnsafeBytes { sdl(SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(tw * 4)), "SDL_UpdateTexture") }
        }
        imageTextures[key] = ImageTexture(bitmap: bitmap, texture: texture, bytes: bytes, lastFrame: frameNumber)
        imageTextureBytes += bytes
        imageTexturesUploaded += 1
        return texture
    }

    /// Frees the textures of bitmaps that are gone (no view can show them again) and of those not
    /// drawn for ``imageTextureIdleFrames`` frames (MR1); called every 120 frames with the
    /// other caches' sweep. The keys go through a reused buffer, so a sweep that frees nothing
    /// allocates nothing.
    func evictUnusedImageTextures() {
        guard !imageTextures.isEmpty else { return }
        staleImageKeys.removeAll(keepingCapacity: true)
        for (k, v) in imageTextures where v.bitmap == nil || frameNumber - v.lastFrame > Self.imageTextureIdleFrames {
            staleImageKeys.append(k)
        }
        for k in staleImageKeys {
            guard let entry = imageTextures.removeValue(forKey: k) else { continue }
            SDL_DestroyTexture(entry.texture)
            imageTextureBytes -= entry.bytes
        }
        staleImageKeys.removeAll(keepingCapacity: true)
    }

    /// Frees the least recently drawn textures until `bytes` more fit the limit (never one drawn
    /// in this frame: its quad may still be in the batch).
    private func evictImageTextures(toFit bytes: Int) {
        guard imageTextureBytes + bytes > imageTextureLimit else { return }
        let old = imageTextures.filter { $0.value.lastFrame < frameNumber }.sorted { $0.value.lastFrame < $1.value.lastFrame }
        for (key, entry) in old {
            guard imageTextureBytes + bytes > imageTextureLimit else { break }
            SDL_DestroyTexture(entry.texture)
            imageTextures[key] = nil
            imageTextureBytes -= entry.bytes
        }
    }
}
