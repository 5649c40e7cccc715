import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation
@testable import Layers
@testable import UpdateLoop
@testable import TextEngine
import Images

/// A screen with a little of everything a real one has: a label, a button whose action reaches
/// back to the screen, a gesture recognizer and a layer animation.
@MainActor
private final class LeakScreen: ViewController {
    var taps = 0
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let label = Label(text: "Screen", fontSize: 17)
        label.frame = Rect(x: 10, y: 10, width: 200, height: 30)
        view.addSubview(label)
        let button = Button(title: "Tap")
        button.frame = Rect(x: 10, y: 50, width: 100, height: 40)
        button.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.taps += 1 }
        view.addSubview(button)
        let tap = TapGestureRecognizer()
        tap.addAction { [weak self] _ in self?.taps += 1 }
        view.addGestureRecognizer(tap)
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Done") { [weak self] _ in self?.taps += 1 }
    }
    /// The objects a leak test watches: the screen, its view, the view's layer and subviews.
    var watched: [AnyObject] { [self, view, view.layer] + view.subviews }
}

/// MR2, MR3: what an owner lets go is freed. Each test keeps weak references (or counts
/// deinits) to what it made, lets it go, and fails naming every type still alive.
@Suite("MR2 MR3 leaks: what an owner lets go is freed", .endsIdle)
@MainActor
struct LeakTests {
    // MARK: View controllers

    /// A host for thousands of screens: the solver's per-step invariant check (a pass over the
    /// tableau after each change, in debug builds) is off, as the other tests check it.
    func stressHost() -> HeadlessHost {
        let host = makeHost(width: 320, height: 480)
        host.window.layoutEngine.solver.checksInvariants = false
        return host
    }

    func navigationHost() -> (HeadlessHost, NavigationController) {
        let host = stressHost()
        let nav = NavigationController(rootViewController: LeakScreen())
        host.window.rootViewController = nav
        host.runUntilIdle()
        return (host, nav)
    }

    @Test("MR2: 1,000 pushes and pops, without animation and animated (stepped through on the manual clock), free every screen, its views and layers",
          arguments: [false, true])
    func MR2_pushPop(animated: Bool) {
        let (host, nav) = navigationHost()
        expectFreed(settle: { host.runUntilIdle() }) {
            var watched: [AnyObject] = []
            for _ in 0..<1_000 {
                let s = LeakScreen()
                nav.pushViewController(s, animated: animated)
                if animated { host.runUntilIdle() } else { host.step() }
                watched += s.watched
                _ = nav.popViewController(animated: animated)
                if animated { host.runUntilIdle() } else { host.step() }
            }
            return watched
        }
        #expect(nav.viewControllers.count == 1)
    }

    @Test("MR2: 1,000 presentations and dismissals, animated and not, free every presented screen")
    func MR2_presentDismiss() {
        let host = stressHost()
        let root = LeakScreen()
        host.window.rootViewController = root
        host.runUntilIdle()
        for animated in [false, true] {
            for style in [ModalPresentationStyle.fullScreen, .pageSheet] {
                expectFreed("animated \(animated), \(style)", settle: { host.runUntilIdle() }) {
                    var watched: [AnyObject] = []
                    var completions = 0
                    for _ in 0..<(animated ? 500 : 1_000) {
                        let s = LeakScreen()
                        s.modalPresentationStyle = style
                        root.present(s, animated: animated) { completions += 1 }
                        host.runUntilIdle()
                        watched += s.watched
                        root.dismiss(animated: animated) { completions += 1 }
                        host.runUntilIdle()
                    }
                    #expect(completions == (animated ? 1_000 : 2_000))
                    return watched
                }
            }
        }
        #expect(root.presentedViewController == nil)
    }

    /// Drags from `x0` to `x1` at mid height, a frame per step, then holds or flicks and lets go.
    func edgePan(_ host: HeadlessHost, to x1: Double) {
        let y = 240.0, x0 = 4.0
        host.runLoop.send(.pointerDown(Point(x: x0, y: y), button: 1))
        host.step()
        for k in 1...12 {
            host.runLoop.send(.pointerMoved(Point(x: x0 + (x1 - x0) * Double(k) / 12, y: y), buttons: 1))
            host.step()
        }
        host.step(frames: 10)                                  // held still: no fling
        host.runLoop.send(.pointerUp(Point(x: x1, y: y), button: 1))
        host.runUntilIdle()
    }

    @Test("MR2: interactive pops, cancelled and completed, free the screens they popped and keep the one they did not")
    func MR2_interactivePops() {
        let (host, nav) = navigationHost()
        var kept: [WeakReference] = []
        expectFreed(settle: { host.runUntilIdle() }) {
            var watched: [AnyObject] = []
            for _ in 0..<50 {
                let s = LeakScreen()
                nav.pushViewController(s, animated: true)
                host.runUntilIdle()
                edgePan(host, to: 0.3 * 320)                   // short and slow: cancelled
                #expect(nav.topViewController === s)
                edgePan(host, to: 0.8 * 320)                   // past half: completed
                #expect(nav.viewControllers.count == 1)
                watched += s.watched
            }
            // A cancelled pop leaves the screen on the stack, alive.
            let last = LeakScreen()
            nav.pushViewController(last, animated: false)
            host.runUntilIdle()
            edgePan(host, to: 0.3 * 320)
            kept = last.watched.map(WeakReference.init)
            return watched
        }
        #expect(kept.allAlive && nav.viewControllers.count == 2)
    }

    // MARK: Tables and collections

    /// A 100,000-row source whose cells are counted.
    final class Rows: TableViewDataSource {
        let count: Int
        init(_ count: Int) { self.count = count }
        func numberOfSections(in tableView: TableView) -> Int { 1 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            let c = t.dequeueReusableCell(withIdentifier: "row", for: p)
            c.textLabel?.text = "Row \(p.row)"
            return c
        }
    }

    /// Scrolls `scroll` from the top to the end and back, a screenful and more per frame, then
    /// once finely; calls `check` after each frame.
    func sweep(_ host: HeadlessHost, _ scroll: ScrollView, check: () -> Void) {
        let end = max(0, scroll.contentSize.height - scroll.bounds.height)
        let steps = 600
        for k in Array(0...steps) + Array((0...steps).reversed()) {
            scroll.contentOffset = Point(x: 0, y: end * Double(k) / Double(steps))
            host.step()
            check()
        }
        for k in 0..<200 {                                     // row by row: cells go in and out one at a time
            scroll.contentOffset = Point(x: 0, y: Double(k) * 7)
            host.step()
            check()
        }
    }

    /// A flick up from the middle of `view`: the list flies on, decelerating.
    func fling(_ host: HeadlessHost, in view: View) {
        let c = Point(x: view.frame.midX, y: view.frame.midY)
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(c, button: 1), timestamp: t))
        for k in 1...8 {
            t += 0.008
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: c.x, y: c.y - 25 * Double(k)), buttons: 1), timestamp: t))
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: c.x, y: c.y - 200), button: 1), timestamp: t))
        host.step()
    }

    @Test("MR2: flinging a 100,000-row table end to end keeps its cells and pool bounded; released, all of them go")
    func MR2_tableFling() {
        let host = makeHost(width: 320, height: 600)
        let made = LifeCounter()
        var cells: [WeakReference] = []
        let rows = Rows(100_000)
        var mostAlive = 0, mostPooled = 0
        expectFreed(settle: { host.runUntilIdle() }) {
            let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 600))
            table.rowHeight = 44
            table.register(forCellReuseIdentifier: "row") { id in
                made.didMake()
                let c = TableViewCell(reuseIdentifier: id)
                cells.append(WeakReference(c))
                return c
            }
            table.dataSource = rows
            host.root.addSubview(table)
            host.runUntilIdle()
            fling(host, in: table)
            #expect(table.isDecelerating)
            host.runUntilIdle()
            #expect(table.contentOffset.y > 500)
            sweep(host, table) {
                mostAlive = max(mostAlive, cells.filter(\.isAlive).count)
                mostPooled = max(mostPooled, table.pooledCellCount)
            }
            table.removeFromSuperview()
            host.runUntilIdle()
            return [table, table.layer] + cells.compactMap(\.object)
        }
        // A 600-point viewport of 44-point rows shows 15; a few more are preloaded or pooled.
        #expect(made.made < 60 && mostAlive < 60 && mostPooled < 40, "cells made \(made.made), most alive \(mostAlive), most pooled \(mostPooled)")
        #expect(!cells.anyAlive)
    }

    final class Items: CollectionViewDataSource {
        let count: Int
        init(_ count: Int) { self.count = count }
        func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { count }
        func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
            c.dequeueReusableCell(withReuseIdentifier: "item", for: p)
        }
    }

    @Test("MR2: flinging a 100,000-item collection end to end keeps its cells and pool bounded; released, all of them go")
    func MR2_collectionFling() {
        let host = makeHost(width: 320, height: 600)
        var cells: [WeakReference] = []
        let items = Items(100_000)
        var mostAlive = 0, mostPooled = 0
        expectFreed(settle: { host.runUntilIdle() }) {
            let layout = CollectionViewFlowLayout()
            layout.itemSize = Size(width: 100, height: 100)
            let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
            cv.register(forCellWithReuseIdentifier: "item") { id in
                let c = CollectionViewCell(reuseIdentifier: id)
                cells.append(WeakReference(c))
                return c
            }
            cv.dataSource = items
            host.root.addSubview(cv)
            host.runUntilIdle()
            fling(host, in: cv)
            host.runUntilIdle()
            #expect(cv.contentOffset.y > 500)
            sweep(host, cv) {
                mostAlive = max(mostAlive, cells.filter(\.isAlive).count)
                mostPooled = max(mostPooled, cv.pooledCellCount)
            }
            cv.removeFromSuperview()
            host.runUntilIdle()
            return [cv, cv.layer, layout] + cells.compactMap(\.object)
        }
        // Three 100-point items a row in a 600-point viewport: 21 show.
        #expect(cells.count < 100 && mostAlive < 100 && mostPooled < 60, "cells made \(cells.count), most alive \(mostAlive), most pooled \(mostPooled)")
        #expect(!cells.anyAlive)
    }

    // MARK: Gestures, timers, animators, text

    @Test("MR2: gesture recognizers go with their view, mid-gesture or not, and so do their actions' captures")
    func MR2_gestureRecognizers() {
        let host = makeHost()
        final class Target { var calls = 0 }
        expectFreed(settle: { host.runUntilIdle() }) {
            var watched: [AnyObject] = []
            for held in [false, true] {
                let v = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
                host.root.addSubview(v)
                let target = Target()
                let recognizers: [GestureRecognizer] = [TapGestureRecognizer(), PanGestureRecognizer(), LongPressGestureRecognizer(),
                                                        PinchGestureRecognizer(), RotationGestureRecognizer(), SwipeGestureRecognizer()]
                for r in recognizers {
                    r.addAction { _ in target.calls += 1 }
                    v.addGestureRecognizer(r)
                }
                host.runUntilIdle()
                host.runLoop.send(.pointerDown(Point(x: 50, y: 50), button: 1))
                host.runLoop.send(.pointerMoved(Point(x: 90, y: 50), buttons: 1))
                host.step()
                if !held {
                    host.runLoop.send(.pointerUp(Point(x: 90, y: 50), button: 1))
                    host.runUntilIdle()
                }
                v.removeFromSuperview()                        // held: the press is still down
                host.step()
                if held {
                    host.runLoop.send(.pointerUp(Point(x: 90, y: 50), button: 1))
                }
                host.runUntilIdle()
                watched += [v, target] + recognizers
            }
            return watched
        }
    }

    @Test("MR2: a cancelled timer frees its closure's captures at once; a repeating one keeps them until cancelled; a fired one-shot lets go")
    func MR2_timers() {
        let host = makeHost()
        final class Target { var fired = 0 }
        // Cancelled before it fires.
        expectFreed {
            let t = Target()
            let token = host.runLoop.schedule(after: .seconds(10)) { t.fired += 1 }
            host.step()
            host.runLoop.cancel(token)
            return [t]
        }
        // Fired once.
        expectFreed(settle: { host.runUntilIdle() }) {
            let t = Target()
            host.runLoop.schedule(after: .milliseconds(50)) { t.fired += 1 }
            host.runUntilIdle()
            #expect(t.fired == 1)
            return [t]
        }
        // Repeating: kept while it runs, freed when cancelled.
        var token: TimerToken?
        let refs = weakReferences {
            let t = Target()
            token = host.runLoop.schedule(after: .zero, repeating: .milliseconds(16)) { t.fired += 1 }
            return [t]
        }
        host.step(frames: 30)
        #expect(refs.allAlive, "a repeating timer keeps its captures until cancelled")
        #expect((refs[0].object as? Target)?.fired ?? 0 >= 20)
        host.runLoop.cancel(token!)
        #expect(refs.anyAlive == false, "cancelled: \(describeAlive(refs))")
        host.runUntilIdle()
    }

    @Test("MR3: a removed frame observer frees its closure's captures; a registered one keeps them")
    func MR3_frameObservers() {
        let host = makeHost()
        final class Target { var frames = 0 }
        var token: ObserverToken?
        let refs = weakReferences {
            let t = Target()
            token = host.runLoop.addFrameObserver { _ in t.frames += 1 }
            return [t]
        }
        host.step(frames: 5)
        #expect(refs.allAlive)
        host.runLoop.removeFrameObserver(token!)
        #expect(refs.anyAlive == false, "removed: \(describeAlive(refs))")
        // A passive observer too.
        expectFreed {
            let t = Target()
            let token = host.runLoop.addFrameObserver(keepsClockRunning: false) { _ in t.frames += 1 }
            host.step()
            host.runLoop.removeFrameObserver(token)
            return [t]
        }
        host.runUntilIdle()
    }

    @Test("MR2: property animators running, stopped and finished free their views, blocks and completions once let go")
    func MR2_propertyAnimators() {
        let host = makeHost()
        final class Target { var ends: [PropertyAnimator.Position] = [] }
        // Ran to its end.
        expectFreed(settle: { host.runUntilIdle() }) {
            let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            host.root.addSubview(v)
            let t = Target()
            let a = PropertyAnimator(duration: 0.2) { v.alpha = 0.2 }
            a.addCompletion { t.ends.append($0) }
            a.startAnimation()
            host.runUntilIdle()
            #expect(t.ends == [.end])
            v.removeFromSuperview()
            return [v, t, a]
        }
        // Stopped without finishing, then finished.
        expectFreed(settle: { host.runUntilIdle() }) {
            let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            host.root.addSubview(v)
            let t = Target()
            let a = PropertyAnimator(duration: 1) { v.center.x += 100 }
            a.addCompletion { t.ends.append($0) }
            a.startAnimation()
            host.step(frames: 10)
            a.stopAnimation(true)
            a.finishAnimation(at: .current)
            #expect(t.ends == [.current])
            v.removeFromSuperview()
            return [v, t, a]
        }
        // Let go while running, its view removed from the window.
        expectFreed(settle: { host.runUntilIdle() }) {
            let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            host.root.addSubview(v)
            let t = Target()
            let a = PropertyAnimator(duration: 1) { v.transform = AffineTransform(scaleX: 2, y: 2) }
            a.addCompletion { t.ends.append($0) }
            a.startAnimation()
            host.step(frames: 10)
            v.removeFromSuperview()
            return [v, t, a]
        }
        // Paused and scrubbed, then let go with its view.
        expectFreed(settle: { host.runUntilIdle() }) {
            let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            host.root.addSubview(v)
            let a = PropertyAnimator(duration: 1) { v.alpha = 0 }
            a.fractionComplete = 0.5
            host.step()
            v.removeFromSuperview()
            a.stopAnimation(false)
            return [v, a]
        }
    }

    @Test("MR2: a text field with a long undo history, removed while editing, is freed with everything it held")
    func MR2_textFieldUndo() {
        let host = makeHost()
        expectFreed(settle: { host.runUntilIdle() }) {
            let field = TextField()
            field.translatesAutoresizingMaskIntoConstraints = true
            field.frame = Rect(x: 20, y: 20, width: 240, height: 36)
            host.root.addSubview(field)
            host.runUntilIdle()
            host.runLoop.send(.pointerDown(Point(x: 100, y: 38)))
            host.runLoop.send(.pointerUp(Point(x: 100, y: 38)))
            host.step()
            #expect(field.isEditing)
            for i in 0..<300 {                                  // past the history's 200 steps
                host.runLoop.send(.textInput("word\(i) "))
                if i % 3 == 0 { host.runLoop.send(.keyDown(Key("backspace"), modifiers: .alt)) }
                if i % 50 == 0 { host.runLoop.send(.keyDown(Key("left"), modifiers: [])) }
                host.step()
            }
            #expect(field.editing.canUndo && field.text.count > 500)
            host.runLoop.send(.keyDown(Key("z"), modifiers: .control))
            host.step()
            field.removeFromSuperview()                         // still the first responder
            host.runUntilIdle()
            return [field, field.layer]
        }
        #expect(host.window.firstResponder == nil)
    }

    // MARK: Caches

    @Test("MR2: named images are released when no view shows them, past the asset cache's budget; the cache stays within it")
    func MR2_imageCache() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mr2-images-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // 40 images of 64 x 64 pixels: 16 KiB each decoded.
        for i in 0..<40 {
            let rgba = [UInt8](repeating: UInt8(i * 6), count: 64 * 64 * 4)
            let png = try #require(Bitmap(width: 64, height: 64, rgba: rgba).pngData())
            try Data(png).write(to: dir.appendingPathComponent("icon\(i).png"))
        }
        #expect(ImageAssets.defaultCacheLimit == 256 << 20)
        let assets = ImageAssets(directory: dir.path, cacheLimit: 5 * 64 * 64 * 4)
        let host = makeHost()
        var images: [WeakReference] = []
        var shown: [ImageView] = []
        for i in 0..<40 {
            let image = try #require(assets.image(named: "icon\(i)"))
            images.append(WeakReference(image))
            let v = ImageView(image: image)
            host.root.addSubview(v)
            shown.append(v)
            host.step()
            #expect(assets.cachedBytes <= assets.cacheLimit && assets.cachedImageCount <= 5)
        }
        #expect(images.allAlive, "every image a view shows is alive")
        let views = shown.map(WeakReference.init)
        for v in shown { v.removeFromSuperview() }
        shown.removeAll()
        host.runUntilIdle()
        #expect(!views.anyAlive, "image views: \(describeAlive(views))")
        // Only the cache's five most recent remain.
        let alive = images.enumerated().filter { $0.element.isAlive }.map(\.offset)
        #expect(alive == Array(35..<40), "alive: \(alive)")
        assets.removeAllCachedImages()
        #expect(!images.anyAlive && assets.cachedBytes == 0)
    }

    @Test("MR2: the font system's fallback cache stays within its budget however many characters are asked for")
    func MR2_fontFallbackCache() throws {
        let fonts = try FontSystem()
        let bold = Font(family: "DejaVu Sans", size: 12, weight: .bold)
        let primary = (try? fonts.face(atPath: fonts.systemFace.path)) ?? fonts.primaryFace(for: bold)
        try #require(primary !== fonts.systemFace)
        let scalars = (0x21..<0x2600).compactMap(Unicode.Scalar.init).filter { fonts.systemFace.glyph(for: $0) != nil }
        // Primary faces by family and style are a handful; the rest are fallbacks.
        let budget = FontSystem.maximumCachedFallbacks + 8
        var asked = 0, most = 0
        for font in [Font.systemFont(ofSize: 12), bold, Font(family: nil, size: 12, italic: true)] {
            for s in scalars {
                if fonts.fallbackFace(for: s, primary: primary, font: font) !== fonts.systemFace { Issue.record("no fallback for \(s)") }
                asked += 1
                most = max(most, fonts.cachedLookupCount)
            }
        }
        #expect(asked > FontSystem.maximumCachedFallbacks, "the test asks past the budget")
        #expect(most > 0 && most <= budget, "most cached: \(most)")
    }

    // MARK: Completions and delegates (MR3)

    @Test("MR3: animation completions and transition completions run once and then free what they captured")
    func MR3_completionHandlers() {
        let host = makeHost()
        final class Target { var calls = 0 }
        expectFreed(settle: { host.runUntilIdle() }) {
            let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            host.root.addSubview(v)
            let finished = Target(), interrupted = Target(), removed = Target()
            View.animate(withDuration: 0.2, animations: { v.alpha = 0.5 }, completion: { _ in finished.calls += 1 })
            host.runUntilIdle()
            View.animate(withDuration: 1, animations: { v.center.x = 300 }, completion: { _ in interrupted.calls += 1 })
            host.step(frames: 5)
            v.layer.removeAllAnimations()
            View.animate(withDuration: 1, animations: { v.alpha = 1 }, completion: { _ in removed.calls += 1 })
            host.step(frames: 5)
            v.removeFromSuperview()
            host.runUntilIdle()
            #expect(finished.calls == 1 && interrupted.calls == 1 && removed.calls == 1)
            return [v, finished, interrupted, removed]
        }
        // A push's and a presentation's completions.
        let (navHost, nav) = navigationHost()
        expectFreed(settle: { navHost.runUntilIdle() }) {
            let t = Target()
            let s = LeakScreen()
            nav.present(s, animated: true) { t.calls += 1 }
            navHost.runUntilIdle()
            s.dismiss(animated: true) { t.calls += 1 }
            navHost.runUntilIdle()
            #expect(t.calls == 2)
            return [t, s]
        }
    }

    final class StopLog { var stops: [Bool] = [] }
    final class Delegate: AnimationDelegate {
        let log: StopLog
        init(_ log: StopLog) { self.log = log }
        func animationDidStart(_ animation: Animation) {}
        func animationDidStop(_ animation: Animation, finished: Bool) { log.stops.append(finished) }
    }

    @Test("MR3: a layer animation retains its delegate while it runs, as Core Animation does, and lets it go when it ends or is removed")
    func MR3_animationDelegates() {
        let host = makeHost()
        let layer = Layer()
        host.root.layer.addSublayer(layer)
        host.runUntilIdle()
        for removed in [false, true] {
            let log = StopLog()
            let refs = weakReferences {
                let d = Delegate(log)
                let a = BasicAnimation()
                a.keyPath = "opacity"
                a.fromValue = 0.0
                a.toValue = 1.0
                a.duration = 0.5
                a.delegate = d
                layer.add(a, forKey: "fade")
                return [d, a]
            }
            host.step(frames: 3)
            #expect(refs[0].isAlive, "the running animation keeps its delegate")
            if removed { layer.removeAnimation(forKey: "fade") }
            host.runUntilIdle()
            #expect(log.stops == [!removed])
            #expect(refs.anyAlive == false, "ended (removed: \(removed)): \(describeAlive(refs))")
        }
        layer.removeFromSuperlayer()
        host.runUntilIdle()
    }
}
