import Geometry

/// An image repeated edge to edge over a plane: the paint of Core Graphics' tiled image
/// drawing (`CGContext.draw(_:in:byTiling:)`), which fills whatever area it is given (the
/// context's clip) with copies of one tile.
///
/// The first copy covers ``tile`` in the pattern's own space, which ``transform`` maps to the
/// drawing group's coordinates (a context's current transform); the others repeat it along
/// both axes, in both directions, without end. A pixel takes the colour of the bitmap pixel
/// under its centre (nearest sampling: a tile drawn at its natural size is exact, a scaled one
/// is not smoothed), its alpha multiplied by ``opacity``.
public struct ImagePattern: Sendable, Hashable {
    /// The image repeated; compared by identity (images are immutable).
    public var image: Image
    /// Where the first copy lies, in the pattern's space; an empty or non-finite tile paints
    /// nothing.
    public var tile: Rect
    /// Maps the pattern's space to the drawing group's coordinates.
    public var transform: AffineTransform
    /// 0...1: what every pixel's alpha is multiplied by (a context's alpha).
    public var opacity: Double

    /// A pattern of `image` whose first copy covers `tile`; unless given, in the group's own
    /// coordinates, fully opaque.
    public init(image: Image, tile: Rect, transform: AffineTransform = .identity, opacity: Double = 1) {
        self.image = image; self.tile = tile; self.transform = transform; self.opacity = opacity
    }

    /// Whether the pattern paints anything: a tile with a finite, positive size, a transform
    /// that can be inverted and an image with pixels.
    public var isDrawable: Bool {
        tile.width > 0 && tile.height > 0 && tile.width.isFinite && tile.height.isFinite
            && tile.minX.isFinite && tile.minY.isFinite && transform.inverted() != nil
            && image.bitmap.width > 0 && image.bitmap.height > 0
    }

    /// The pixel (column, row) of the bitmap whose colour the point `p` of the pattern's
    /// space takes; nil when the tile is empty or the image has no pixels. The transform is
    /// not looked at (`p` is already in the pattern's space).
    public func pixel(at p: Point) -> (x: Int, y: Int)? {
        let w = image.bitmap.width, h = image.bitmap.height
        guard tile.width > 0, tile.height > 0, w > 0, h > 0, p.x.isFinite, p.y.isFinite else { return nil }
        var u = (p.x - tile.minX) / tile.width, v = (p.y - tile.minY) / tile.height
        u -= u.rounded(.down); v -= v.rounded(.down)
        guard u.isFinite, v.isFinite else { return nil }
        return (min(w - 1, max(0, Int(u * Double(w)))), min(h - 1, max(0, Int(v * Double(h)))))
    }

    /// The colour at `p` in the drawing group's coordinates (clear when nothing is drawn there).
    public func color(at p: Point) -> Color {
        guard let inverse = transform.inverted(), let (x, y) = pixel(at: inverse.apply(to: p)) else { return .clear }
        let px = image.bitmap.pixel(x: x, y: y)
        return Color(red: Double(px.red) / 255, green: Double(px.green) / 255, blue: Double(px.blue) / 255,
                     alpha: Double(px.alpha) / 255 * min(1, max(0, opacity)))
    }

    /// The pattern with its space mapped by `t` after its own transform.
    public func applying(_ t: AffineTransform) -> ImagePattern {
        var p = self
        p.transform = transform.concatenating(t)
        return p
    }

    /// Equal when the same image is laid the same way.
    public static func == (a: ImagePattern, b: ImagePattern) -> Bool {
        a.image === b.image && a.tile == b.tile && a.transform == b.transform && a.opacity == b.opacity
    }

    /// Hashes the image's identity and the layout.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(image))
        hasher.combine(tile.minX); hasher.combine(tile.minY); hasher.combine(tile.width); hasher.combine(tile.height)
        hasher.combine(transform)
        hasher.combine(opacity)
    }
}
