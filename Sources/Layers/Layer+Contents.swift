import Geometry
import RenderModel

/// How a layer draws its ``Layer/contents`` (CN2): the image's natural size is its pixels over
/// ``Layer/contentsScale`` (times the part ``Layer/contentsRect`` shows), placed in the bounds
/// by ``Layer/contentsGravity`` as iOS places it (top is the top); a resizable image, or a
/// ``Layer/contentsCenter`` smaller than the whole, is drawn in nine slices whose corners keep
/// their size. A tiling resizable image repeats its middle slices rather than stretching them.
extension Layer {
    /// The most tiles one tiling slice is drawn in (a tiny tile over a large view stretches
    /// instead).
    static let maximumTiles = 4_096

    /// Appends the draw commands that show `image` as this layer's contents in `bounds` (the
    /// presentation's, for a view animating its size) at engine time `mediaTime`.
    public func appendContents(_ image: Image, in bounds: Rect, mediaTime: Double, into list: inout [DrawCommand]) {
        let frame = image.images == nil ? image : image.frame(at: mediaTime - contentsBeginTime)
        let bitmap = frame.bitmap
        guard bitmap.width > 0, bitmap.height > 0, bounds.width > 0, bounds.height > 0 else { return }
        let pw = Double(bitmap.width), ph = Double(bitmap.height)
        let unit = contentsRect.standardizedUnit
        let source = Rect(x: unit.minX * pw, y: unit.minY * ph, width: unit.width * pw, height: unit.height * ph)
        guard source.width > 0, source.height > 0 else { return }
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let natural = Size(width: source.width / scale, height: source.height / scale)
        let dest = Self.place(natural, in: bounds, gravity: contentsGravity)
        guard dest.width.isFinite, dest.height.isFinite, dest.width > 0, dest.height > 0 else { return }
        let template = image.renderingMode == .alwaysTemplate
        let tint = template ? (contentsTintColor ?? .black) : Color.white
        // The slices' edges in source pixels: the image's cap insets, or contentsCenter.
        var caps = EdgeInsets.zero
        if image.isResizable {
            caps = EdgeInsets(top: image.capInsets.top * image.scale, left: image.capInsets.left * image.scale,
                              bottom: image.capInsets.bottom * image.scale, right: image.capInsets.right * image.scale)
        } else if contentsCenter != Rect(x: 0, y: 0, width: 1, height: 1) {
            let c = contentsCenter.standardizedUnit
            caps = EdgeInsets(top: c.minY * source.height, left: c.minX * source.width,
                              bottom: (1 - c.maxY) * source.height, right: (1 - c.maxX) * source.width)
        }
        let stretched = dest.size != natural
        if caps == .zero || !stretched {
            list.append(.image(ImageDrawing(image: frame, rect: dest, source: source, tint: tint, isTemplate: template)))
            return
        }
        // Nine slices: columns and rows in source pixels and in points. Caps keep their size
        // (in points: pixels over the scale) unless the destination is smaller than both.
        func axis(_ start: Double, _ length: Double, _ low: Double, _ high: Double, _ destStart: Double, _ destLength: Double)
            -> [(source: Double, sourceLength: Double, dest: Double, destLength: Double)] {
            var lowPt = low / scale, highPt = high / scale
            if lowPt + highPt > destLength, lowPt + highPt > 0 {
                let f = destLength / (lowPt + highPt)
                lowPt *= f; highPt *= f
            }
            return [(start, low, destStart, lowPt),
                    (start + low, length - low - high, destStart + lowPt, destLength - lowPt - highPt),
                    (start + length - high, high, destStart + destLength - highPt, highPt)]
        }
        let columns = axis(source.minX, source.width, caps.left, caps.right, dest.minX, dest.width)
        let rows = axis(source.minY, source.height, caps.top, caps.bottom, dest.minY, dest.height)
        let tiles = image.isResizable && image.resizingMode == .tile
        for (r, row) in rows.enumerated() where row.sourceLength > 0 && row.destLength > 0 {
            for (c, column) in columns.enumerated() where column.sourceLength > 0 && column.destLength > 0 {
                let src = Rect(x: column.source, y: row.source, width: column.sourceLength, height: row.sourceLength)
                let rect = Rect(x: column.dest, y: row.dest, width: column.destLength, height: row.destLength)
                // Only the middle column and row repeat; corners are drawn once.
                let tileWidth = c == 1 ? column.sourceLength / scale : rect.width
                let tileHeight = r == 1 ? row.sourceLength / scale : rect.height
                let across = Int(saturating: rect.width / tileWidth, rounding: .up)
                let down = Int(saturating: rect.height / tileHeight, rounding: .up)
                if !tiles || (across <= 1 && down <= 1) || across > Self.maximumTiles || down > Self.maximumTiles
                    || across * down > Self.maximumTiles {
                    list.append(.image(ImageDrawing(image: frame, rect: rect, source: src, tint: tint, isTemplate: template)))
                    continue
                }
                for j in 0..<down {
                    for i in 0..<across {
                        // The last tile in a row or column shows only the part that fits.
                        let x = rect.minX + Double(i) * tileWidth, y = rect.minY + Double(j) * tileHeight
                        let w = min(tileWidth, rect.maxX - x), h = min(tileHeight, rect.maxY - y)
                        let part = Rect(x: src.minX, y: src.minY, width: src.width * w / tileWidth, height: src.height * h / tileHeight)
                        list.append(.image(ImageDrawing(image: frame, rect: Rect(x: x, y: y, width: w, height: h), source: part,
                                                        tint: tint, isTemplate: template)))
                    }
                }
            }
        }
    }

    /// Where content of `size` goes in `bounds` for `gravity`, as UIKit's content modes place it.
    public static func place(_ size: Size, in bounds: Rect, gravity: ContentsGravity) -> Rect {
        let w = size.width, h = size.height
        switch gravity {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let fx = bounds.width / w, fy = bounds.height / h
            let f = gravity == .resizeAspect ? min(fx, fy) : max(fx, fy)
            return Rect(x: bounds.midX - w * f / 2, y: bounds.midY - h * f / 2, width: w * f, height: h * f)
        case .center: return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        case .top: return Rect(x: bounds.midX - w / 2, y: bounds.minY, width: w, height: h)
        case .bottom: return Rect(x: bounds.midX - w / 2, y: bounds.maxY - h, width: w, height: h)
        case .left: return Rect(x: bounds.minX, y: bounds.midY - h / 2, width: w, height: h)
        case .right: return Rect(x: bounds.maxX - w, y: bounds.midY - h / 2, width: w, height: h)
        case .topLeft: return Rect(x: bounds.minX, y: bounds.minY, width: w, height: h)
        case .topRight: return Rect(x: bounds.maxX - w, y: bounds.minY, width: w, height: h)
        case .bottomLeft: return Rect(x: bounds.minX, y: bounds.maxY - h, width: w, height: h)
        case .bottomRight: return Rect(x: bounds.maxX - w, y: bounds.maxY - h, width: w, height: h)
        }
    }
}

extension Rect {
    /// This rectangle clamped to the unit square (contentsRect and contentsCenter are unit
    /// rectangles; a bad one shows nothing rather than reading outside the image).
    var standardizedUnit: Rect {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .zero }
        let x0 = min(max(0, min(minX, maxX)), 1), x1 = min(max(0, max(minX, maxX)), 1)
        let y0 = min(max(0, min(minY, maxY)), 1), y1 = min(max(0, max(minY, maxY)), 1)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

// The outlines a layer's background and shadow are drawn from.
extension Layer {
    /// The bounds as a path, rounded by ``cornerRadius`` at the ``maskedCorners``.
    public func boundsPath() -> Path { Layer.roundedPath(bounds, cornerRadius: cornerRadius, maskedCorners: maskedCorners) }

    /// `rect` rounded by `cornerRadius` at the corners of `maskedCorners` (a view's background
    /// and shadow are drawn from its presentation's rect this way).
    public static func roundedPath(_ rect: Rect, cornerRadius: Double, maskedCorners: CornerMask) -> Path {
        guard cornerRadius > 0 else { return Path(rect: rect) }
        var corners: RectCorner = []
        if maskedCorners.contains(.layerMinXMinYCorner) { corners.insert(.topLeft) }
        if maskedCorners.contains(.layerMaxXMinYCorner) { corners.insert(.topRight) }
        if maskedCorners.contains(.layerMinXMaxYCorner) { corners.insert(.bottomLeft) }
        if maskedCorners.contains(.layerMaxXMaxYCorner) { corners.insert(.bottomRight) }
        return Path(roundedRect: rect, byRoundingCorners: corners, cornerRadii: Size(width: cornerRadius, height: cornerRadius))
    }

    /// The layer's shadow of `silhouette` (its ``shadowPath`` when set), offset, coloured and
    /// blurred by the shadow properties; nil when it casts none.
    public func shadowCommand(silhouette: Path?) -> DrawCommand? {
        guard shadowOpacity > 0, let sc = shadowColor, sc.alpha > 0, let outline = shadowPath ?? silhouette else { return nil }
        let offset = AffineTransform(translationX: shadowOffset.width, y: shadowOffset.height)
        return .shadow(outline.applying(offset), sc.withAlphaMultiplied(by: min(shadowOpacity, 1)), radius: max(0, shadowRadius))
    }
}
