import Geometry
import RenderModel
import Images

/// A bitmap image (`CGImage`), backed by a decoded engine image.
public final class CGImage: @unchecked Sendable {
    package let image: Image
    package init(_ image: Image) { self.image = image }
    /// `CGImage.width`: the engine bitmap's width, in pixels.
    public var width: Int { image.bitmap.width }
    /// `CGImage.height`: the engine bitmap's height, in pixels.
    public var height: Int { image.bitmap.height }
    /// `CGImage.bitsPerComponent`: 8 (the engine's bitmaps are 8-bit RGBA).
    public var bitsPerComponent: Int { 8 }
    /// `CGImage.bitsPerPixel`: 32 (RGBA).
    public var bitsPerPixel: Int { 32 }
    /// `CGImage.bytesPerRow`: 4 bytes per pixel of the width (rows are not padded).
    public var bytesPerRow: Int { 4 * width }
    /// `CGImage.cropping(to:)`: the pixels of `rect` (pixels, clipped to the image); nil when nothing is
    /// left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.rect.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        guard !r.isEmpty, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let src = image.bitmap.rgba
        for y in 0..<h {
            let from = ((y0 + y) * width + x0) * 4
            rgba.replaceSubrange(y * w * 4 ..< (y + 1) * w * 4, with: src[from ..< from + w * 4])
        }
        return CGImage(Image(bitmap: Bitmap(width: w, height: h, rgba: rgba)))
    }
}

/// A gradient's colours and locations (`CGGradient`), drawn by ``CGContext/drawLinearGradient``.
public final class CGGradient: @unchecked Sendable {
    package let colors: [Color]
    package let locations: [Double]?
    /// `colors` holds `CGColor`s (`[a.cgColor, b.cgColor] as CFArray`); anything else is skipped.
    public init?(colorsSpace: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { $0 as? CGColor }
        guard !list.isEmpty else { return nil }
        self.colors = list.map(\.color)
        self.locations = locations.map { p in (0..<list.count).map { p[$0].double } }
    }
    /// `CGGradient(colorSpace:colorComponents:locations:count:)`: `count` colours of four RGBA components
    /// each (0...1); the space is ignored (all colours are device RGB).
    public init?(colorSpace: CGColorSpace?, colorComponents: UnsafePointer<CGFloat>, locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        colors = (0..<count).map { i in
            Color(red: colorComponents[4 * i].double, green: colorComponents[4 * i + 1].double,
                  blue: colorComponents[4 * i + 2].double, alpha: colorComponents[4 * i + 3].double)
        }
        self.locations = locations.map { p in (0..<count).map { p[$0].double } }
    }
}

/// `as CFArray` keeps compiling: an array of anything.
public typealias CFArray = [Any]

/// `CGGradientDrawingOptions`: whether a gradient extends past its ends; accepted and ignored here.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// The options as Core Graphics' bits.
    public let rawValue: UInt32
    /// The options whose bits `rawValue` sets.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Extend the first colour before the start; ignored here.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Extend the last colour past the end; ignored here.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// A drawing context (`CGContext`) that records into the engine's canvas: a view's
/// `draw(_:)` and a layer's `draw(in:)` get one. It keeps Core Graphics' graphics state (the
/// current transform, colours, line style, alpha, shadow) on a stack and builds paths in user
/// space, transformed by the current transform when they are filled or stroked. Like the
/// canvas it belongs to no actor: a renderer object that is not main-actor code draws with the
/// context it is given, as on iOS (RU3).
public final class CGContext {
    package let canvas: Canvas

    struct GState {
        var ctm = CGAffineTransform.identity
        var fill = Color.black
        var stroke = Color.black
        var lineWidth = 1.0
        var lineCap = CGLineCap.butt
        var lineJoin = CGLineJoin.miter
        var miterLimit = 10.0
        var dash: (phase: Double, lengths: [Double])?
        var alpha = 1.0
        var shadow: (offset: CGSize, blur: Double, color: Color)?
        var clip: Path?
    }
    var state = GState()
    var stack: [GState] = []
    /// The path being built, in device space (transformed as it is built, as Core Graphics does).
    var current = Path()

    package init(canvas: Canvas) { self.canvas = canvas }

    // MARK: Graphics state
    /// `CGContext.saveGState()`: pushes the graphics state (transform, colours, line style, alpha,
    /// shadow, clip).
    public func saveGState() { stack.append(state) }
    /// `CGContext.restoreGState()`: pops the graphics state saved last (nothing when none is saved).
    public func restoreGState() { if let s = stack.popLast() { state = s } }
    /// `CGContext.ctm`: the current transform from user space to the canvas.
    public var ctm: CGAffineTransform { state.ctm }
    /// `CGContext.translateBy(x:y:)`: moves user space by `x`, `y` points.
    public func translateBy(x: CGFloat, y: CGFloat) { state.ctm = CGAffineTransform(translationX: x, y: y).concatenating(state.ctm) }
    /// `CGContext.scaleBy(x:y:)`: scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { state.ctm = CGAffineTransform(scaleX: x, y: y).concatenating(state.ctm) }
    /// `CGContext.rotate(by:)`: rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) { state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm) }
    /// `CGContext.concatenate(_:)`: applies `t` before the current transform.
    public func concatenate(_ t: CGAffineTransform) { state.ctm = t.concatenating(state.ctm) }

    /// `CGContext.setFillColor(_:)`: the colour fills paint.
    public func setFillColor(_ color: CGColor) { state.fill = color.color }
    /// `CGContext.setStrokeColor(_:)`: the colour strokes paint.
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.color }
    /// `CGContext.setFillColor(red:green:blue:alpha:)`: the fill colour from RGBA components (0...1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = Color(red: red.double, green: green.double, blue: blue.double, alpha: alpha.double)
    }
    /// `CGContext.setStrokeColor(red:green:blue:alpha:)`: the stroke colour from RGBA components (0...1).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = Color(red: red.double, green: green.double, blue: blue.double, alpha: alpha.double)
    }
    /// `CGContext.setFillColor(gray:alpha:)`: a grey fill colour (0...1).
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fill = CGColor(gray: gray, alpha: alpha).color }
    /// `CGContext.setStrokeColor(gray:alpha:)`: a grey stroke colour (0...1).
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.stroke = CGColor(gray: gray, alpha: alpha).color }
    /// `CGContext.setLineWidth(_:)`: the stroke width, in user-space points.
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width.double }
    /// `CGContext.setLineCap(_:)`: how open stroke ends are drawn.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// `CGContext.setLineJoin(_:)`: how stroke corners are drawn.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// `CGContext.setMiterLimit(_:)`: the miter limit of stroke corners.
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit.double }
    /// `CGContext.setLineDash(phase:lengths:)`: dashes of `lengths` points from `phase`; empty: solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dash = lengths.isEmpty ? nil : (phase.double, lengths.map(\.double))
    }
    /// `CGContext.setAlpha(_:)`: the alpha of what is drawn next (clamped to 0...1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(1, max(0, alpha.double)) }
    /// `CGContext.setShadow(offset:blur:color:)`: the shadow under what is drawn next (nil colour: none).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        state.shadow = color.map { (offset, blur.double, $0.color) }
    }
    /// `CGContext.setShadow(offset:blur:)`: a shadow in black at one third alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }
    /// Partial: only normal blending exists; another mode is drawn as normal.
    public func setBlendMode(_ mode: CGBlendMode) {}
    /// `CGContext.setShouldAntialias(_:)`: does nothing; drawing is always antialiased.
    public func setShouldAntialias(_ flag: Bool) {}
    /// `CGContext.setAllowsAntialiasing(_:)`: does nothing; drawing is always antialiased.
    public func setAllowsAntialiasing(_ flag: Bool) {}

    // MARK: Building the path
    private func device(_ p: CGPoint) -> Point { p.applying(state.ctm).point }
    /// `CGContext.beginPath()`: starts an empty current path.
    public func beginPath() { current = Path() }
    /// `CGContext.move(to:)`: starts a subpath at `p` (user space).
    public func move(to p: CGPoint) { current.move(to: device(p)) }
    /// `CGContext.addLine(to:)`: a line from the current point to `p` (a move when there is none).
    public func addLine(to p: CGPoint) {
        if current.currentPoint == nil { current.move(to: device(p)) } else { current.addLine(to: device(p)) }
    }
    /// `CGContext.addLines(between:)`: a polyline through `points`.
    public func addLines(between points: [CGPoint]) { current.addLines(between: points.map(device)) }
    /// `CGContext.addCurve(to:control1:control2:)`: a cubic Bézier from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        current.addCurve(to: device(end), control1: device(control1), control2: device(control2))
    }
    /// `CGContext.addQuadCurve(to:control:)`: a quadratic Bézier from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { current.addQuadCurve(to: device(end), control: device(control)) }
    /// `CGContext.addRect(_:)`: a closed rectangle subpath.
    public func addRect(_ rect: CGRect) { current.addPath(Path(rect: rect.rect), transform: state.ctm.affine) }
    /// `CGContext.addRects(_:)`: a closed subpath for each rectangle.
    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }
    /// `CGContext.addEllipse(in:)`: an ellipse inside `rect`.
    public func addEllipse(in rect: CGRect) { current.addPath(Path(ellipseIn: rect.rect), transform: state.ctm.affine) }
    /// `CGContext.addArc(center:radius:startAngle:endAngle:clockwise:)`: an arc (radians), joined to the
    /// current point by a line.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let p = CGMutablePath()
        if let c = current.currentPoint, let inv = state.ctm.affine.inverted() { p.move(to: CGPoint(inv.apply(to: c))) }
        p.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        appendUserPath(p.path)
    }
    /// `CGContext.addArc(tangent1End:tangent2End:radius:)`: a rounded corner between two tangent lines.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        let p = CGMutablePath()
        if let c = current.currentPoint, let inv = state.ctm.affine.inverted() { p.move(to: CGPoint(inv.apply(to: c))) }
        p.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        appendUserPath(p.path)
    }
    /// `CGContext.addPath(_:)`: appends `path`, transformed by the current transform.
    public func addPath(_ path: CGPath) { current.addPath(path.path, transform: state.ctm.affine) }
    /// `CGContext.closePath()`: closes the current subpath.
    public func closePath() { current.close() }
    /// `CGContext.isPathEmpty`: whether the current path is empty.
    public var isPathEmpty: Bool { current.isEmpty }
    /// `CGContext.boundingBoxOfPath`: the current path's bounds in canvas space; `.null` when empty.
    public var boundingBoxOfPath: CGRect { current.isEmpty ? .null : CGRect(current.boundingBox) }
    /// `CGContext.currentPointOfPath`: the current point in canvas space; zero when there is none.
    public var currentPointOfPath: CGPoint { current.currentPoint.map(CGPoint.init) ?? .zero }

    /// Appends a user-space path that continues the current subpath (its leading move dropped
    /// when it starts where the current point is).
    private func appendUserPath(_ p: Path) {
        let device = p.applying(state.ctm.affine)
        if current.currentPoint != nil, case .move? = device.elements.first {
            for e in device.elements.dropFirst() {
                switch e {
                case .move(let q): current.move(to: q)
                case .line(let q): current.addLine(to: q)
                case .curve(let a, let b, let q): current.addCurve(to: q, control1: a, control2: b)
                case .close: current.close()
                }
            }
        } else {
            current.addPath(device)
        }
    }

    // MARK: Painting
    private func faded(_ c: Color) -> Color { c.withAlphaMultiplied(by: state.alpha) }

    private func emitShadow(_ path: Path) {
        guard let s = state.shadow, s.color.alpha > 0 else { return }
        let moved = path.applying(Geometry.AffineTransform(translationX: s.offset.width.double, y: s.offset.height.double))
        canvas.shadow(moved, color: faded(s.color), radius: s.blur / 2)
    }

    private func fillDevice(_ path: Path, rule: FillRule) {
        emitShadow(path)
        canvas.fill(path, paint: .color(faded(state.fill)), rule: rule)
    }

    /// The outline stroking `path` paints, by the current line width, cap, join, miter limit and dash.
    private func strokedOutline(_ path: Path) -> Path {
        // Line width scales with the current transform (its mean scale), as in Core Graphics.
        let t = state.ctm
        let scale = ((abs(t.a * t.d - t.b * t.c)).squareRoot()).double
        var p = path
        if let d = state.dash { p = p.copy(dashingWithPhase: d.phase * scale, lengths: d.lengths.map { $0 * scale }) }
        return p.copy(strokingWithWidth: state.lineWidth * scale, lineCap: state.lineCap.engine,
                      lineJoin: state.lineJoin.engine, miterLimit: state.miterLimit)
    }

    private func strokeDevice(_ path: Path) {
        let outline = strokedOutline(path)
        emitShadow(outline)
        canvas.fill(outline, paint: .color(faded(state.stroke)), rule: .nonZero)
    }

    /// `CGContext.fillPath(using:)`: fills the current path on the engine canvas, then clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) { fillDevice(current, rule: rule.engine); current = Path() }
    /// `CGContext.strokePath()`: strokes the current path on the engine canvas, then clears it.
    public func strokePath() { strokeDevice(current); current = Path() }
    /// Replaces the current path with the outline stroking it would paint (the current line
    /// width, cap, join, miter limit and dash), so that filling it paints the stroke.
    public func replacePathWithStrokedPath() { current = strokedOutline(current) }
    /// `CGContext.drawPath(using:)`: fills and/or strokes the current path by `mode`, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillDevice(current, rule: .nonZero)
        case .eoFill: fillDevice(current, rule: .evenOdd)
        case .stroke: strokeDevice(current)
        case .fillStroke: fillDevice(current, rule: .nonZero); strokeDevice(current)
        case .eoFillStroke: fillDevice(current, rule: .evenOdd); strokeDevice(current)
        }
        current = Path()
    }
    /// `CGContext.fill(_:)`: fills a rectangle in the fill colour.
    public func fill(_ rect: CGRect) { fillDevice(Path(rect: rect.rect).applying(state.ctm.affine), rule: .nonZero) }
    /// `CGContext.fill(_:)` for rectangles: fills each.
    public func fill(_ rects: [CGRect]) { rects.forEach { fill($0) } }
    /// `CGContext.stroke(_:)`: strokes a rectangle in the stroke colour.
    public func stroke(_ rect: CGRect) { strokeDevice(Path(rect: rect.rect).applying(state.ctm.affine)) }
    /// `CGContext.stroke(_:width:)`: strokes a rectangle `width` points wide.
    public func stroke(_ rect: CGRect, width: CGFloat) { let w = state.lineWidth; setLineWidth(width); stroke(rect); state.lineWidth = w }
    /// `CGContext.fillEllipse(in:)`: fills the ellipse inside `rect`.
    public func fillEllipse(in rect: CGRect) { fillDevice(Path(ellipseIn: rect.rect).applying(state.ctm.affine), rule: .nonZero) }
    /// `CGContext.strokeEllipse(in:)`: strokes the ellipse inside `rect`.
    public func strokeEllipse(in rect: CGRect) { strokeDevice(Path(ellipseIn: rect.rect).applying(state.ctm.affine)) }
    /// `CGContext.strokeLineSegments(between:)`: strokes a line for each pair of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        var p = Path()
        var i = 0
        while i + 1 < points.count { p.move(to: device(points[i])); p.addLine(to: device(points[i + 1])); i += 2 }
        strokeDevice(p)
    }
    /// Paints the rectangle transparent. Partial: on a recorded canvas drawing starts
    /// transparent, so clearing paints nothing.
    public func clear(_ rect: CGRect) {}

    /// `CGContext.drawLinearGradient(_:start:end:options:)`: an engine axial gradient over the clip (or
    /// over the current path when there is one, which stays); the options are ignored.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let g = Gradient(kind: .axial, colors: gradient.colors.map(faded), locations: gradient.locations,
                         startPoint: device(start), endPoint: device(end))
        canvas.fill(current.isEmpty ? clipOrInfinite() : current, paint: .gradient(g), rule: .nonZero)
    }
    /// `CGContext.drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`: an engine
    /// radial gradient out to `endRadius`; `startRadius` and the options are ignored.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                   endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let c = device(endCenter)
        let edge = CGPoint(x: endCenter.x + endRadius, y: endCenter.y)
        let g = Gradient(kind: .radial, colors: gradient.colors.map(faded), locations: gradient.locations,
                         startPoint: c, endPoint: device(edge), focalPoint: startCenter == endCenter ? nil : device(startCenter))
        canvas.fill(current.isEmpty ? clipOrInfinite() : current, paint: .gradient(g), rule: .nonZero)
    }
    /// `clip()` keeps the current path as the area gradients fill (the one clip the recorded
    /// canvas honours). Partial: other drawing is not clipped.
    public func clip(using rule: CGPathFillRule = .winding) { state.clip = current; current = Path() }
    /// Partial: clips gradients only, as `clip(using:)`.
    public func clip(to rect: CGRect) { state.clip = Path(rect: rect.rect).applying(state.ctm.affine) }
    private func clipOrInfinite() -> Path { state.clip ?? Path(rect: canvas.dirtyRect.isNull ? Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4) : canvas.dirtyRect) }

    /// `CGContext.draw(_:in:)`: draws the image into `rect`'s bounds after the current transform, at the
    /// current alpha.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.applying(state.ctm).rect
        canvas.append(.image(ImageDrawing(image: image.image, rect: r, tint: Color(red: 1, green: 1, blue: 1, alpha: state.alpha))))
    }

    /// `CGContext.draw(_:in:byTiling:)`: with `byTiling`, copies of the image, each the size of
    /// `rect` and the first at its origin (in user space, after the current transform), fill the
    /// clip edge to edge (the whole context without one) as an engine `ImagePattern`, at the
    /// current alpha; without it, the image is drawn once into `rect` as `draw(_:in:)` does.
    /// An empty or non-finite `rect` draws nothing.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        guard byTiling else { return draw(image, in: rect) }
        let pattern = ImagePattern(image: image.image, tile: rect.rect, transform: state.ctm.affine, opacity: state.alpha)
        guard pattern.isDrawable else { return }
        canvas.fill(clipOrInfinite(), paint: .pattern(pattern), rule: .nonZero)
    }

    /// The drawing recorded so far, in this context's device space, as an engine picture of
    /// `size` (what a `CGLayer` holds).
    package func picture(size: CGSize) -> Picture {
        Picture(size: Size(width: size.width.double, height: size.height.double), commands: canvas.commands)
    }

    /// Records `picture` laid over `rect` (user space, after the current transform).
    package func draw(_ picture: Picture, in rect: CGRect) {
        guard let fit = picture.transform(toFill: rect.rect) else { return }
        canvas.draw(picture, transform: fit.concatenating(state.ctm.affine))
    }
}
