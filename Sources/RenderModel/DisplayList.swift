import Geometry
@_exported import Images
@_exported import TextEngine

/// How a group (one view and its subviews) is composited.
public struct GroupState: Sendable, Equatable {
    /// Maps the view's own coordinates to window points.
    public var transform: AffineTransform
    /// The view's own opacity; the backend composites the whole group with it (inherited, D2).
    public var opacity: Double
    /// When set, the group's content and subviews are clipped to this rectangle (view coordinates).
    public var clip: Rect?
    /// Corner radius of the clip.
    public var clipCornerRadius: Double
    /// The view's trace name, for debugging backends.
    public var name: String
    /// A box in window points holding everything the group draws, its subgroups' too (`.null`:
    /// not known). It may be larger than what is drawn, never smaller: a painter repainting a
    /// damaged region skips a group whose box misses the region (P1).
    public var bounds: Rect = .null
    /// The index of the group's `endGroup` in its list (-1: not known).
    public var end: Int = -1
    /// When set, the group is composited through this mask's coverage (an alpha mask layer, a
    /// track matte, path masks).
    public var mask: GroupMask?
    /// How the group's flattened pixels combine with what is beneath it (a layer's
    /// `compositingFilter`, a Lottie layer's `"bm"`); anything but ``BlendMode/normal`` makes
    /// the painter composite the group on its own.
    public var blendMode: BlendMode = .normal
    /// Filters run over the group's flattened pixels, in order, before it is composited (a
    /// layer's `filters`, a Lottie layer's effects): any makes the painter draw the group on its
    /// own, clipped and masked first. ``bounds`` holds what they draw past the drawings.
    public var filters: [Filter] = []
    /// Whether the group is drawn on its own before it is composited, even with a normal blend
    /// mode, so that blended groups inside it blend with its content only (CSS's `isolation:
    /// isolate`; a layer with a `compositingFilter`, a Lottie shape layer with blended shapes).
    public var isIsolated = false

    /// A group state from the parts every group has; ``bounds`` and ``end`` start unknown,
    /// ``mask`` nil, ``blendMode`` normal and ``filters`` empty.
    @inlinable
    public init(transform: AffineTransform, opacity: Double, clip: Rect?, clipCornerRadius: Double, name: String) {
        self.transform = transform; self.opacity = opacity; self.clip = clip
        self.clipCornerRadius = clipCornerRadius; self.name = name
    }

    /// Equal when they draw the same: ``bounds`` and ``end`` are bookkeeping for painters, and a
    /// patched list may keep a larger box than a rebuilt one.
    public static func == (a: GroupState, b: GroupState) -> Bool {
        a.transform == b.transform && a.opacity == b.opacity && a.clip == b.clip
            && a.clipCornerRadius == b.clipCornerRadius && a.name == b.name && a.mask == b.mask
            && a.blendMode == b.blendMode && a.filters == b.filters && a.isIsolated == b.isIsolated
    }
}

/// What a group's pixels are multiplied by when it is composited (CA10's masks by alpha).
public indirect enum GroupMask: Sendable, Equatable {
    /// The coverage of drawn content (its own groups' transforms map to window points): its
    /// alpha (a Core Animation mask layer, an alpha matte) or its luminance (a luma matte),
    /// inverted or not.
    case content([DrawCommand], luminance: Bool, inverted: Bool)
    /// Paths combined in order (Lottie's masks), in the group's coordinates.
    case paths([MaskPath])
}

extension GroupMask {
    /// A box in the group's coordinates outside which the mask covers nothing, so a painter
    /// draws and composites the group only inside it; nil when the mask may cover anywhere.
    ///
    /// Path masks that start from nothing and are not inverted cover only inside the paths
    /// that add (add, difference, lighten), grown by their expansion: subtracting,
    /// intersecting and darkening only take coverage away. A Lottie solid under a small mask
    /// then costs the mask's box, not the solid's (a composition of many masked full-frame
    /// solids would otherwise spend a painter's mask budget on empty pixels). Content masks
    /// (mattes) answer nil.
    public var coveredBox: Rect? {
        guard case .paths(let paths) = self else { return nil }
        if let first = paths.first, first.mode != .add && first.mode != .difference && first.mode != .lighten { return nil }
        var box = Rect.null
        for m in paths {
            switch m.mode {
            case .subtract, .intersect, .darken:
                continue
            case .add, .difference, .lighten:
                guard !m.isInverted, m.expansion.isFinite else { return nil }
                box = box.union(m.path.bounds(pad: max(m.expansion, 0)))
            }
        }
        return box
    }
}

/// One path of a ``GroupMask/paths(_:)`` mask, combined with those before it as After Effects
/// combines masks: the first one starts from nothing (or everything, when it subtracts).
public struct MaskPath: Sendable, Equatable {
    /// How a path combines with the masks before it: `add` unites its area with theirs, `subtract`
    /// removes it, `intersect` keeps only the overlap, `difference` keeps where exactly one of
    /// them covers (an exclusive or), `lighten` keeps the stronger coverage of the two and
    /// `darken` the weaker (After Effects' mask modes).
    public enum Mode: Sendable, Equatable { case add, subtract, intersect, difference, lighten, darken }
    /// The mask's outline, in the group's coordinates.
    public var path: Path
    /// How this path combines with the masks before it.
    public var mode: Mode
    /// 0...1: the mask's strength.
    public var opacity: Double
    /// Whether the outside of the path is the mask.
    public var isInverted: Bool
    /// Grows (positive) or shrinks (negative) the path's area by this many units at its edge.
    public var expansion: Double

    /// A mask path; unless given, it adds, at full strength, not inverted and not expanded.
    public init(path: Path, mode: Mode = .add, opacity: Double = 1, isInverted: Bool = false, expansion: Double = 0) {
        self.path = path; self.mode = mode; self.opacity = opacity; self.isInverted = isInverted; self.expansion = expansion
    }
}

/// One drawing instruction. Geometry is in the coordinates of the innermost open group.
public enum DrawCommand: Sendable, Equatable {
    /// Opens a group: the commands up to its matching ``endGroup`` are drawn in its coordinates and
    /// composited with its opacity, clip and mask.
    case beginGroup(GroupState)
    /// Closes the innermost open group.
    case endGroup
    /// Fills a rectangle with a colour, its corners rounded with `cornerRadius` (0: square).
    case fillRect(Rect, Color, cornerRadius: Double)
    /// Strokes a rectangle's outline `lineWidth` wide, centred on the edge, its corners rounded with
    /// `cornerRadius`.
    case strokeRect(Rect, Color, lineWidth: Double, cornerRadius: Double)
    /// A straight segment between two points, `width` wide, its ends cut square at the points.
    case line(from: Point, to: Point, Color, width: Double)
    /// Fills the ellipse inscribed in the rectangle.
    case fillEllipse(Rect, Color)
    /// Strokes the ellipse inscribed in the rectangle, `lineWidth` wide, centred on its outline.
    case strokeEllipse(Rect, Color, lineWidth: Double)
    /// Fills a path with a colour, each subpath on its own (no fill rule; ``fillShape(_:_:_:)`` follows one).
    case fillPath(Path, Color)
    /// Strokes every segment of a path `lineWidth` wide, without caps or joins (a stroke with them is
    /// a ``fillShape(_:_:_:)`` of its outline).
    case strokePath(Path, Color, lineWidth: Double)
    /// Shaped glyphs (TX5), their pens offset by `at`.
    case glyphs(GlyphRun, at: Point)
    /// A view's border (D2): drawn inside the rectangle, `width` wide; its outer corners have
    /// `cornerRadius` and its inner corners `max(0, cornerRadius - width)`, as
    /// `CALayer.borderWidth` follows `cornerRadius`.
    case strokeBorder(Rect, Color, width: Double, cornerRadius: Double)
    /// Fills `path` with a paint, inside by the fill rule (a shape or gradient layer's content,
    /// a stroke outline made by ``Path/copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)``).
    case fillShape(Path, Paint, FillRule)
    /// A shadow: `path`'s silhouette filled with the colour and blurred by a Gaussian whose
    /// standard deviation is half of `radius` (Core Animation's `shadowRadius`).
    case shadow(Path, Color, radius: Double)
    /// A rectangle of an image's pixels drawn into a rectangle (CN2: a layer's contents, one
    /// slice of a resizable image).
    case image(ImageDrawing)
}

/// What ``DrawCommand/image(_:)`` draws: `source` (in the bitmap's pixels) of `image` stretched
/// over `rect`, its colours multiplied by `tint`. A template draws only the image's alpha, in
/// `tint`. Under perspective, `corners` holds where the rectangle's corners land in window
/// points (clockwise from the top-left) and `rect` their bounding box.
public struct ImageDrawing: Sendable, Equatable {
    /// The decoded image whose bitmap is drawn; compared by identity.
    public var image: Image
    /// Where the image is drawn, in the group's coordinates (under perspective, the bounding box
    /// of ``corners``).
    public var rect: Rect
    /// The part of the bitmap drawn, in its pixels from the top-left; the whole bitmap unless given.
    public var source: Rect
    /// What the pixels are multiplied by (white: as they are; a replicator copy's colour, an
    /// alpha for a faded image).
    public var tint: Color
    /// Whether only the image's alpha is drawn, in ``tint`` (a template image).
    public var isTemplate: Bool
    /// Under perspective, where `rect`'s four corners land in window points, clockwise from the
    /// top-left; nil otherwise.
    public var corners: [Point]?

    /// A drawing of `image` over `rect`; unless given, the whole bitmap, untinted (white), not a
    /// template, with no perspective corners.
    public init(image: Image, rect: Rect, source: Rect? = nil, tint: Color = .white, isTemplate: Bool = false,
                corners: [Point]? = nil) {
        self.image = image
        self.rect = rect
        self.source = source ?? Rect(x: 0, y: 0, width: Double(image.bitmap.width), height: Double(image.bitmap.height))
        self.tint = tint
        self.isTemplate = isTemplate
        self.corners = corners
    }

    /// The same image is the same object (images are immutable; comparing pixels would cost
    /// a pass over them).
    public static func == (a: ImageDrawing, b: ImageDrawing) -> Bool {
        a.image === b.image && a.rect == b.rect && a.source == b.source && a.tint == b.tint && a.isTemplate == b.isTemplate
            && a.corners == b.corners
    }
}

/// The display pass's output (D1): the presentation tree as a flat list of commands that the SDL
/// backend presents and the headless backend records or rasterises.
public struct DisplayList: Sendable, Equatable {
    /// The commands in painting order, back to front; groups nest between `beginGroup` and `endGroup`.
    public var commands: [DrawCommand] = []
    /// The window size in points.
    public var size: Size = .zero
    /// Device pixels per point.
    public var scale: Double = 1
    /// The window's background.
    public var background: Color = .black
    /// Which window's lists these are (each window numbers its own): revisions and damage only
    /// compare between lists of one origin.
    public var origin = 0
    /// Counts commits: the list with revision r + 1 differs from revision r only inside
    /// ``damage``.
    public var revision = 0
    /// In window points, the region that differs from the list of the previous revision (the
    /// union of the old and new boxes of what changed); nil: anything may have changed, and
    /// an empty rectangle: nothing did (P1).
    public var damage: Rect?
    /// The damage as a few rectangles (at most ``maximumDamageRects``) whose union is
    /// ``damage``: changes far apart repaint their own regions, not the box between them.
    /// Empty when ``damage`` is nil or empty.
    public var damageRects: [Rect] = []
    /// The most rectangles ``damageRects`` holds (8); past it a new one merges into the rectangle
    /// it grows least.
    public static let maximumDamageRects = 8

    /// Equal when they draw the same: the commands, size, scale and background. Origin,
    /// revision and damage are bookkeeping between a window and its painter.
    public static func == (a: DisplayList, b: DisplayList) -> Bool {
        a.commands == b.commands && a.size == b.size && a.scale == b.scale && a.background == b.background
    }

    /// Adds `r` to ``damageRects``: into a rectangle it overlaps or touches, else as a new one,
    /// else (full) into the one it grows least; ``damage`` follows.
    public mutating func addDamage(_ r: Rect) {
        guard !r.isNull, r.width > 0 || r.height > 0 else { return }
        damage = (damage ?? .null).union(r)
        let near = r.inset(by: EdgeInsets(all: -8))
        if let k = damageRects.firstIndex(where: { !$0.intersection(near).isNull }) {
            damageRects[k] = damageRects[k].union(r)
        } else if damageRects.count < Self.maximumDamageRects {
            damageRects.append(r)
        } else {
            var best = 0, growth = Double.infinity
            for (k, e) in damageRects.enumerated() {
                let u = e.union(r)
                let g = u.width * u.height - e.width * e.height
                if g < growth { growth = g; best = k }
            }
            damageRects[best] = damageRects[best].union(r)
        }
    }

    /// An empty list: no commands, zero size, scale 1, black background, revision 0 and unknown damage.
    public init() {}

    /// Empties the list keeping its storage, so a steady frame does not allocate.
    @inlinable
    public mutating func reset(size: Size, scale: Double, background: Color) {
        commands.removeAll(keepingCapacity: true)
        self.size = size; self.scale = scale; self.background = background
    }
}

/// Receives each frame's display list in the commit phase (R5 phase 7): a window backend paints
/// and presents it, the headless backend records or rasterises it.
@MainActor
public protocol FrameRenderer: AnyObject {
    /// Paints or records `list` for `frame`: called on the main actor once per frame the window commits.
    func present(_ list: DisplayList, frame: FrameContext)
    /// Empties what the renderer keeps to go faster and can make again (glyph atlases,
    /// textures, cached paths); called by a window's memory warning (MR5).
    func releaseCaches()
}

extension FrameRenderer {
    /// Keeps nothing by default.
    public func releaseCaches() {}
}

/// The frame as a renderer sees it.
public struct FrameContext: Sendable {
    /// The frame's grid index: ticks of the window's frame clock since its origin, dropped ticks
    /// included (`FrameInfo.index`).
    public var index: Int64
    /// The frame's animation time in seconds.
    public var time: Double

    /// A frame from its grid index and its animation time in seconds.
    public init(index: Int64, time: Double) {
        self.index = index
        self.time = time
    }
}

/// The headless backend's renderer: keeps the last display list (and optionally every one).
@MainActor
public final class RecordingRenderer: FrameRenderer {
    /// The list presented last; nil before the first frame.
    public private(set) var lastList: DisplayList?
    /// How many lists have been presented.
    public private(set) var presentedFrames = 0
    /// Whether every presented list is also kept in ``history`` (off by default: a long run would
    /// keep them all).
    public var keepsHistory = false
    /// The lists presented while ``keepsHistory`` was on, oldest first.
    public private(set) var history: [DisplayList] = []

    /// A renderer that has presented nothing and keeps no history.
    public init() {}

    /// Keeps `list` as ``lastList`` (and in ``history`` when ``keepsHistory`` is on) and counts
    /// it; draws nothing.
    public func present(_ list: DisplayList, frame: FrameContext) {
        lastList = list
        presentedFrames += 1
        if keepsHistory { history.append(list) }
    }
}

extension DrawCommand {
    /// When the command opens a group, the index of its `endGroup` and its box in window points
    /// (``GroupState/end``, ``GroupState/bounds``); nil otherwise. Read in place: a check of a
    /// group's box need not copy its whole state out of the list.
    @inlinable public var groupExtent: (end: Int, bounds: Rect)? {
        if case .beginGroup(let g) = self { return (g.end, g.bounds) }
        return nil
    }

    /// A box in the drawing group's own coordinates holding what this command draws (nil for
    /// group markers). Glyphs are boxed by their font's ascender and descender with a margin.
    public var localBounds: Rect? {
        switch self {
        case .fillRect(let r, _, _), .fillEllipse(let r, _): return r
        case .strokeBorder(let r, _, _, _): return r
        case .strokeRect(let r, _, let lw, _), .strokeEllipse(let r, _, let lw):
            return r.inset(by: EdgeInsets(all: -lw / 2))
        case .line(let a, let b, _, let w):
            return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
                .inset(by: EdgeInsets(all: -w))
        case .fillPath(let p, _): return p.bounds(pad: 0)
        case .strokePath(let p, _, let lw): return p.bounds(pad: lw)
        case .fillShape(let p, _, _): return p.bounds(pad: 0)
        case .shadow(let p, _, let radius): return p.bounds(pad: 1.5 * max(0, radius) + 1)
        case .image(let d): return d.rect
        case .glyphs(let run, let at):
            return run.bounds.offsetBy(dx: at.x, dy: at.y)
        case .beginGroup, .endGroup: return nil
        }
    }
}
