import Geometry
@testable import TimelineSDL
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// CA10: masks by alpha. A mask layer that draws (a shape, a gradient) masks by its alpha, or
/// by its luminance for a track matte, inverted or not; path masks combine as After Effects'
/// masks. The coverage is computed on the CPU, so the window and the image renderer agree.
@MainActor
@Suite("CA10 masks by alpha")
struct MaskTests {
    /// A 100x100 red square masked by `mask`, rendered over transparency.
    func render(mask: Layer, mode: MaskMode = .alpha) throws -> RGBAImage {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let square = Layer()
        square.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        square.mask = mask
        square.maskMode = mode
        root.addSublayer(square)
        return try draw(root)
    }

    /// `root` (100 x 100 points) rendered over transparency.
    func draw(_ root: Layer) throws -> RGBAImage { try rendered(root).image() }

    /// The renderer that drew `root` (100 x 100 points) over transparency.
    func rendered(_ root: Layer) throws -> ImageRenderer { try renderedLayerTree(root) }

    func circle() -> ShapeLayer {
        let s = ShapeLayer()
        s.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        s.path = Path(ellipseIn: Rect(x: 25, y: 25, width: 50, height: 50))
        s.fillColor = .white
        return s
    }

    func alpha(_ i: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(i.bytes[(y * i.width + x) * 4 + 3]) }

    @Test("CA10: a shape layer as a mask shows the content only inside its filled path, antialiased at the edge")
    func CA10_shapeMask() throws {
        let i = try render(mask: circle())
        #expect(alpha(i, 50, 50) == 255 && alpha(i, 5, 5) == 0 && alpha(i, 50, 10) == 0)
        #expect(i.bytes[(50 * 100 + 50) * 4] == 255)                         // still red inside
        // Along the diagonal through the circle's edge, some pixel is partly covered.
        let diagonal = (28...36).map { alpha(i, $0, $0) }
        #expect(diagonal.contains { $0 > 20 && $0 < 235 }, "\(diagonal)")
    }

    @Test("CA10: a mask's alpha scales the content: a gradient from opaque to clear fades it")
    func CA10_gradientMask() throws {
        let g = GradientLayer()
        g.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        g.colors = [Color(red: 0, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 0, alpha: 0)]
        g.startPoint = Point(x: 0, y: 0.5)
        g.endPoint = Point(x: 1, y: 0.5)
        let i = try render(mask: g)
        #expect(alpha(i, 2, 50) > 240 && abs(alpha(i, 50, 50) - 128) < 8 && alpha(i, 98, 50) < 12)
    }

    @Test("CA10: track mattes: inverted alpha shows the outside; luminance takes the mask's brightness")
    func CA10_matteModes() throws {
        let inverted = try render(mask: circle(), mode: .inverseAlpha)
        #expect(alpha(inverted, 50, 50) == 0 && alpha(inverted, 5, 5) == 255)
        let grey = Layer()
        grey.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let half = Layer()                                                   // a sublayer: not a plain frame
        half.frame = Rect(x: 0, y: 0, width: 50, height: 100)
        half.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5)
        let white = Layer()
        white.frame = Rect(x: 50, y: 0, width: 50, height: 100)
        white.backgroundColor = .white
        grey.addSublayer(half)
        grey.addSublayer(white)
        let luma = try render(mask: grey, mode: .luminance)
        #expect(abs(alpha(luma, 25, 50) - 128) < 4 && alpha(luma, 75, 50) == 255)
        let inverseLuma = try render(mask: grey, mode: .inverseLuminance)
        #expect(abs(alpha(inverseLuma, 25, 50) - 127) < 4 && alpha(inverseLuma, 75, 50) == 0)
    }

    /// What `paths`, as a 100-point layer's mask, let through of a red square.
    func masked(_ paths: [MaskPath]) throws -> RGBAImage {
        let m = PathMaskLayer()
        m.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        m.paths = paths
        return try render(mask: m)
    }
    /// Two overlapping halves of the square: 0-60 and 40-100 across.
    let left = Path(rect: Rect(x: 0, y: 0, width: 60, height: 100)), right = Path(rect: Rect(x: 40, y: 0, width: 60, height: 100))

    @Test("CA10: path masks combine in order: add, subtract, intersect, inverted, with opacity and expansion")
    func CA10_pathMasks() throws {
        let add = try masked([MaskPath(path: left), MaskPath(path: right, mode: .add)])
        #expect(alpha(add, 10, 50) == 255 && alpha(add, 90, 50) == 255)
        let subtract = try masked([MaskPath(path: left), MaskPath(path: right, mode: .subtract)])
        #expect(alpha(subtract, 10, 50) == 255 && alpha(subtract, 50, 50) == 0 && alpha(subtract, 90, 50) == 0)
        let intersect = try masked([MaskPath(path: left), MaskPath(path: right, mode: .intersect)])
        #expect(alpha(intersect, 10, 50) == 0 && alpha(intersect, 50, 50) == 255)
        let firstSubtracts = try masked([MaskPath(path: left, mode: .subtract)])
        #expect(alpha(firstSubtracts, 10, 50) == 0 && alpha(firstSubtracts, 90, 50) == 255)
        let inverted = try masked([MaskPath(path: left, isInverted: true)])
        #expect(alpha(inverted, 10, 50) == 0 && alpha(inverted, 90, 50) == 255)
        let faded = try masked([MaskPath(path: left, opacity: 0.5)])
        #expect(abs(alpha(faded, 10, 50) - 128) < 3)
        let grown = try masked([MaskPath(path: left, expansion: 10)])
        #expect(alpha(grown, 65, 50) == 255 && alpha(grown, 75, 50) == 0)
        let shrunk = try masked([MaskPath(path: left, expansion: -10)])
        #expect(alpha(shrunk, 45, 50) == 255 && alpha(shrunk, 55, 50) == 0)
    }

    @Test("LT13: Lottie's difference, lighten and darken masks: exclusive or, the stronger, the weaker")
    func LT13_maskModesBeyondAdd() throws {
        // Exclusive or: the overlap (40-60) is cut out, each side alone stays.
        let difference = try masked([MaskPath(path: left), MaskPath(path: right, mode: .difference)])
        #expect(alpha(difference, 10, 50) == 255 && alpha(difference, 50, 50) == 0 && alpha(difference, 90, 50) == 255)
        let firstDifference = try masked([MaskPath(path: left, mode: .difference)])
        #expect(alpha(firstDifference, 10, 50) == 255 && alpha(firstDifference, 90, 50) == 0)
        // Partial coverages: half-strength left, full right; lighten keeps the stronger, darken the weaker.
        let lighten = try masked([MaskPath(path: left, opacity: 0.5), MaskPath(path: right, mode: .lighten)])
        #expect(abs(alpha(lighten, 10, 50) - 128) < 3 && alpha(lighten, 50, 50) == 255 && alpha(lighten, 90, 50) == 255)
        let darken = try masked([MaskPath(path: left, opacity: 0.5), MaskPath(path: right, mode: .darken)])
        #expect(alpha(darken, 10, 50) == 0 && abs(alpha(darken, 50, 50) - 128) < 3 && alpha(darken, 90, 50) == 0)
        let firstDarken = try masked([MaskPath(path: left, mode: .darken, opacity: 0.5)])
        #expect(abs(alpha(firstDarken, 10, 50) - 128) < 3 && alpha(firstDarken, 90, 50) == 0)
    }

    @Test("LT13: many full-size layers under small path masks each show only their mask, past the painter's mask budget")
    func LT13_manyMaskedSolids() throws {
        // navidad.json's shape: dozens of comp-sized solids, each cut to a small shape by a mask.
        // Each group is drawn and masked only inside its mask's box, so 40 of them spend far
        // less than the budget of 16 targets of mask pixels and none is drawn unmasked.
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        for k in 0..<40 {
            let solid = Layer()
            solid.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            solid.backgroundColor = Color(red: 1, green: 0, blue: 0)
            let m = PathMaskLayer()
            m.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            m.paths = [MaskPath(path: Path(rect: Rect(x: Double(k % 8) * 10 + 10, y: Double(k / 8) * 10 + 20, width: 6, height: 6)))]
            solid.mask = m
            root.addSublayer(solid)
        }
        // A mask wholly above the target (navidad.json's pompom after its last keyframe) shows nothing.
        let above = Layer()
        above.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        above.backgroundColor = Color(red: 1, green: 1, blue: 0)
        let m = PathMaskLayer()
        m.frame = above.frame
        m.paths = [MaskPath(path: Path(rect: Rect(x: 20, y: -60, width: 40, height: 10)))]
        above.mask = m
        root.addSublayer(above)
        let image = try rendered(root), i = image.image()
        #expect(alpha(i, 13, 23) == 255 && alpha(i, 83, 63) == 255)          // inside the first and the last masks
        #expect(alpha(i, 5, 5) == 0 && alpha(i, 95, 95) == 0 && alpha(i, 18, 23) == 0)   // outside every mask
        #expect(image.painter.lastSkippedMaskCount == 0)
    }

    @Test("LT13: a path mask's covered box: the adding paths' boxes grown by expansion; nil when a mask may cover anywhere")
    func LT13_maskCoveredBox() {
        let small = Path(rect: Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(GroupMask.paths([MaskPath(path: small, expansion: 5), MaskPath(path: right, mode: .subtract)]).coveredBox
                == Rect(x: 5, y: 5, width: 30, height: 30))
        #expect(GroupMask.paths([MaskPath(path: small), MaskPath(path: right, mode: .difference)]).coveredBox
                == Rect(x: 10, y: 0, width: 90, height: 100))
        #expect(GroupMask.paths([MaskPath(path: small, isInverted: true)]).coveredBox == nil)
        #expect(GroupMask.paths([MaskPath(path: small, mode: .subtract)]).coveredBox == nil)
        #expect(GroupMask.paths([]).coveredBox == Rect.null)
        #expect(GroupMask.content([], luminance: false, inverted: false).coveredBox == nil)
    }

    @Test("LT11: a path mask that stays is combined twice, then laid from kept coverage while the content under it moves, drawing what a fresh renderer draws")
    func LT11_keptPathMaskCoverage() throws {
        // 5344-honey-sack-hud's shape: a static mask over many moving dots. The group's bounds
        // and the damage change every frame; the mask's coverage does not.
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let group = Layer()
        group.frame = root.frame
        let m = PathMaskLayer()
        m.frame = root.frame
        m.paths = [MaskPath(path: Path(ellipseIn: Rect(x: 10, y: 10, width: 80, height: 80))),
                   MaskPath(path: Path(rect: Rect(x: 40, y: 40, width: 20, height: 20)), mode: .subtract, opacity: 0.5)]
        group.mask = m
        let dot = Layer()
        dot.backgroundColor = Color(red: 1, green: 0, blue: 0)
        group.addSublayer(dot)
        root.addSublayer(group)
        func list() -> DisplayList {
            var list = DisplayList()
            var renderer = LayerRenderer(engine: nil)
            _ = renderer.emit(root, parent: .identity, into: &list.commands)
            list.size = Size(width: 100, height: 100)
            list.background = .clear
            return list
        }
        let image = try ImageRenderer(pixelWidth: 100, pixelHeight: 100)
        var combined: [Int] = []
        for f in 0..<12 {
            if f == 9 { m.paths[1].opacity = 1 }             // the mask changes: combined again, twice
            dot.frame = Rect(x: Double(5 + 7 * f), y: Double(3 + 6 * f), width: 30, height: 25)
            image.render(list())
            combined.append(image.painter.lastCombinedMaskCount)
            let fresh = try ImageRenderer(pixelWidth: 100, pixelHeight: 100)
            fresh.render(list())
            #expect(fresh.painter.lastCombinedMaskCount == 1)
            let d = image.image().difference(from: fresh.image(), tolerance: 1)
            #expect(d.fractionOff == 0, "frame \(f): \(d)")
        }
        #expect(combined == [1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0], "masks combined per frame: \(combined)")
    }

    @Test("LT11: a mask's coverage joined a run at a time, one loop per mode, is exactly the one-value-at-a-time join")
    func LT11_maskJoinRuns() {
        var rng = SystemRandomNumberGenerator()
        let modes: [MaskPath.Mode] = [.add, .subtract, .intersect, .difference, .lighten, .darken]
        for mode in modes {
            for inverted in [false, true] {
                for _ in 0..<20 {
                    let n = Int.random(in: 0...40, using: &rng), o = Float.random(in: 0...1, using: &rng)
                    let src = (0..<n).map { _ in [0, 1, Float.random(in: 0...1, using: &rng)][Int.random(in: 0...2, using: &rng)] }
                    let start = (0..<n).map { _ in Float.random(in: 0...1, using: &rng) }
                    var expected = start
                    for k in 0..<n { DisplayListPainter.join(&expected[k], (inverted ? 1 - src[k] : src[k]) * o, mode) }
                    var run = start
                    DisplayListPainter.combine(src, into: &run, mode: mode, opacity: o, inverted: inverted)
                    #expect(run.map(\.bitPattern) == expected.map(\.bitPattern), "\(mode) inverted \(inverted)")
                }
            }
        }
        // A rasterised box joined into a region (replace, union, cut), clipped at each side.
        let cov: [Float] = (0..<12).map { Float($0) / 11 }                 // 4 x 3
        for (ox, oy) in [(0, 0), (-2, -1), (3, 2), (4, 4)] {
            for how in [DisplayListPainter.CoverageJoin.replace, .union, .cut] {
                var out = (0..<30).map { Float(($0 * 7) % 10) / 10 }         // 6 x 5
                var expected = out
                for yy in 0..<3 {
                    for xx in 0..<4 where oy + yy >= 0 && oy + yy < 5 && ox + xx >= 0 && ox + xx < 6 {
                        let k = (oy + yy) * 6 + ox + xx, c = cov[yy * 4 + xx]
                        switch how {
                        case .replace: expected[k] = c
                        case .union: expected[k] = max(expected[k], c)
                        case .cut: expected[k] *= 1 - c
                        }
                    }
                }
                DisplayListPainter.join(cov, x: ox, y: oy, width: 4, height: 3, how, into: &out, width: 6, height: 5)
                #expect(out.map(\.bitPattern) == expected.map(\.bitPattern), "\(how) at \(ox), \(oy)")
            }
        }
    }

    @Test("CA10: a plain layer still masks by its frame, with no offscreen pass")
    func CA10_plainFrameMask() throws {
        let frame = Layer()
        frame.frame = Rect(x: 10, y: 10, width: 30, height: 30)
        let i = try render(mask: frame)
        #expect(alpha(i, 20, 20) == 255 && alpha(i, 60, 60) == 0)
    }

    /// A 100-point blue view with a red stripe across its middle (a subview), in a clear window.
    func blueCardWithRedStripe() -> (HeadlessHost, View) {
        let host = makeHost(width: 100, height: 100)
        host.window.backgroundColor = .clear
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let stripe = View(frame: Rect(x: 0, y: 40, width: 100, height: 20))
        stripe.backgroundColor = Color(red: 1, green: 0, blue: 0)
        card.addSubview(stripe)
        host.root.addSubview(card)
        return (host, card)
    }

    @Test("CA2, CA10: a view's layer mask masks the view and its subviews, as in UIKit, and follows the mask as it changes")
    func CA10_viewLayerMask() throws {
        let (host, card) = blueCardWithRedStripe()
        let mask = circle()
        card.layer.mask = mask
        host.runUntilIdle()
        let renderer = try ImageRenderer(pixelWidth: 100, pixelHeight: 100)
        func shot() -> RGBAImage { renderer.render(host.window.displayList); return renderer.image() }
        var i = shot()
        #expect(alpha(i, 50, 30) == 255 && alpha(i, 5, 5) == 0 && alpha(i, 5, 50) == 0, "outside the circle nothing shows")
        #expect(i.bytes[(50 * 100 + 50) * 4] == 255 && i.bytes[(30 * 100 + 50) * 4 + 2] == 255, "the subview and the view inside")
        // The mask moves: the window's list follows it.
        mask.position = Point(x: 20, y: 50)
        host.runUntilIdle()
        i = shot()
        #expect(alpha(i, 5, 50) == 255 && alpha(i, 60, 50) == 0)
        // A plain layer masks by its rounded frame (a clip).
        let frame = Layer()
        frame.frame = Rect(x: 60, y: 0, width: 40, height: 100)
        frame.backgroundColor = .black
        card.layer.mask = frame
        host.runUntilIdle()
        i = shot()
        #expect(alpha(i, 5, 50) == 0 && alpha(i, 80, 50) == 255 && alpha(i, 80, 10) == 255)
        card.layer.mask = nil
        host.runUntilIdle()
        #expect(alpha(shot(), 5, 50) == 255)
    }

    @Test("CA2: a view as a mask: its layer's drawing (background, rounded corners) masks the view and its subviews; moving it redraws")
    func CA2_viewMask() throws {
        let (host, card) = blueCardWithRedStripe()
        let pill = View(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        pill.backgroundColor = .black
        pill.cornerRadius = 30
        card.mask = pill
        host.runUntilIdle()
        let renderer = try ImageRenderer(pixelWidth: 100, pixelHeight: 100)
        func shot() -> RGBAImage { renderer.render(host.window.displayList); return renderer.image() }
        var i = shot()
        #expect(alpha(i, 50, 50) == 255 && alpha(i, 50, 25) == 255 && alpha(i, 10, 50) == 0 && alpha(i, 22, 22) == 0,
                "inside the pill only; its rounded corner cuts")
        #expect(i.bytes[(50 * 100 + 50) * 4] == 255, "the subview shows through the mask")
        pill.frame = Rect(x: 0, y: 20, width: 40, height: 60)               // a change to the mask view redraws
        host.runUntilIdle()
        i = shot()
        #expect(alpha(i, 10, 50) == 255 && alpha(i, 70, 50) == 0)
        // A view in a tree cannot be a mask.
        let inTree = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(inTree)
        card.mask = inTree
        #expect(card.mask === pill && card.layer.mask === pill.layer)
        card.mask = nil
        host.runUntilIdle()
        #expect(alpha(shot(), 70, 50) == 255 && card.layer.mask == nil)
    }

    @Test("CA10: a plain square mask on a rounded view that does not clip masks square (the view's radius is not the mask's)")
    func CA10_squareMaskOnRoundedView() throws {
        let (host, card) = blueCardWithRedStripe()
        card.cornerRadius = 30
        let square = Layer()
        square.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        square.backgroundColor = .black
        let sub = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        sub.backgroundColor = Color(red: 0, green: 1, blue: 0)
        card.addSubview(sub)
        card.layer.mask = square
        host.runUntilIdle()
        let renderer = try ImageRenderer(pixelWidth: 100, pixelHeight: 100)
        renderer.render(host.window.displayList)
        #expect(alpha(renderer.image(), 2, 2) == 255, "the subview's corner shows: the mask is square")
    }
}
