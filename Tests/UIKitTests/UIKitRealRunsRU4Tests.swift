import Testing
import Foundation
@testable import UIKit
@testable import ObjCLowering
import Timeline
import TimelineSDL

/// A button that lays out a layer of its own in `layoutSubviews` (as icon buttons do).
final class LayerButton: UIButton {
    let line = CAShapeLayer()
    var layouts = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        line.path = UIBezierPath(rect: CGRect(x: 0, y: bounds.midY, width: bounds.width, height: 1)).cgPath
    }
}

/// A switch that sizes a layer of its superview from its own frame in `layoutSubviews`.
final class PaintingSwitch: UISwitch {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

/// A control that lays out its layers in `layoutSublayers(of:)`, calling `super` first.
final class SublayerControl: UIControl {
    var order: [String] = []
    override func layoutSubviews() { super.layoutSubviews(); order.append("layoutSubviews") }
    override func layoutSublayers(of layer: CALayer) {
        super.layoutSublayers(of: layer)
        order.append(layer === self.layer ? "layoutSublayers(self)" : "layoutSublayers(other)")
    }
}

/// A label that draws each character of its text itself, one size larger each (as morphing
/// labels do), or the text as laid out when `plain`.
final class CharacterLabel: UILabel {
    var plain = false
    var drawn: [CGRect] = []
    override func drawText(in rect: CGRect) {
        drawn.append(rect)
        if plain { return super.drawText(in: rect) }
        var x: CGFloat = 0
        for (i, c) in (text ?? "").enumerated() {
            let attrs: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 10 + CGFloat(i) * 4), .foregroundColor: UIColor.black]
            let size = String(c).size(withAttributes: attrs)
            String(c).draw(in: CGRect(x: x, y: 0, width: size.width, height: size.height), withAttributes: attrs)
            x += size.width
        }
    }
}

/// A view drawn by a gradient layer (its `layerClass`), as placeholder bars are.
final class GradientBar: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
}

/// A target whose action a `#selector` on an instance names.
final class TapAction: NSObject {
    var taps = 0
    func didTap() { taps += 1 }
}

/// A flow layout that centres its first item by content insets from invalidateLayout(with:),
/// and shifts every item 5 points right in its attributes override.
final class CentringLayout: UICollectionViewFlowLayout {
    var invalidations = 0, preparations = 0
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        invalidations += 1
        guard let cv = collectionView else { return }
        let inset = (cv.bounds.width - itemSize.width) / 2
        cv.contentInset = UIEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
    }
    override func prepare() { super.prepare(); preparations += 1 }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map { a in a.frame.origin.x += 5; return a }
    }
}

/// A flow layout that records the bounds it is asked about and the collection view's bounds
/// at that moment (a springy layout pulls its items by the difference).
final class BoundsWatchingLayout: UICollectionViewFlowLayout {
    var asked: [(new: CGRect, current: CGRect)] = []
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        if let cv = collectionView { asked.append((newBounds, cv.bounds)) }
        return false
    }
}

/// A data source of plain cells: five in a collection view, two coloured rows in a table.
final class PlainCells: NSObject, UICollectionViewDataSource, UITableViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 5 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    /// A collection view of these cells with `layout`, in `window`.
    func collectionView(frame: CGRect, layout: UICollectionViewLayout, in window: UIWindow) -> UICollectionView {
        let cv = UICollectionView(frame: frame, collectionViewLayout: layout)
        cv.dataSource = self
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        window.addSubview(cv)
        return cv
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let c = UITableViewCell(style: .default, reuseIdentifier: nil)
        c.backgroundColor = UIColor(red: 0.85, green: 0.93, blue: 1, alpha: 1)
        return c
    }
}

/// Records what an animation's delegate hears.
final class StopRecorder: NSObject, CAAnimationDelegate {
    var started = 0
    var stopped: [Bool] = []
    func animationDidStart(_ anim: CAAnimation) { started += 1 }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append(flag) }
}

/// The object a display link should reach, and a weak proxy in front of it (as a page control
/// keeps its display link from retaining it).
final class TickCounter: NSObject {
    var ticks = 0
    func step(_ link: CADisplayLink) { ticks += 1 }
}
final class WeakTickProxy: NSObject, MessageForwarding {
    weak var target: NSObjectProtocol?
    init(_ target: NSObjectProtocol) { self.target = target }
    func forwardingTarget(for aSelector: Selector!) -> Any? { target }
}

/// A full-screen cross-fade that moves the presenting view into the transition's container
/// over the presented one (as fade transitions written for UIKit do), both ways.
final class CrossFade: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    var containers: [UIView] = []
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }
    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let from = ctx.viewController(forKey: .from)!, to = ctx.viewController(forKey: .to)!
        containers.append(ctx.containerView)
        ctx.containerView.addSubview(to.view)
        ctx.containerView.addSubview(from.view)
        to.view.frame = ctx.containerView.bounds
        to.view.alpha = 0
        UIView.animate(withDuration: 0.3, animations: { to.view.alpha = 1; from.view.alpha = 0 }, completion: { _ in
            from.view.alpha = 1
            ctx.completeTransition(!ctx.transitionWasCancelled)
        })
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { self }
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { self }
}

/// What real libraries run headless needed of the engine and facade (RU4), each case written
/// here: layout overrides of control subclasses, animations kept after their end, and display
/// links through a weak proxy.
@MainActor
@Suite("RU4 real libraries run as on iOS: control layout, kept animations, forwarding proxies")
struct UIKitRealRunsRU4Tests {
    @Test("RU4 layoutSubviews of UIButton and UISwitch subclasses runs; layoutSublayers(of:) runs after layoutSubviews through super")
    func RU4_controlSubclassLayout() {
        let (host, window) = makeApp()
        let button = LayerButton(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        button.layer.addSublayer(button.line)
        let toggle = PaintingSwitch(frame: CGRect(x: 10, y: 60, width: 51, height: 31))
        let control = SublayerControl(frame: CGRect(x: 10, y: 100, width: 50, height: 50))
        for v in [button, toggle, control] as [UIView] { window.addSubview(v) }
        host.step()
        #expect(button.layouts >= 1 && toggle.layouts >= 1)
        #expect(button.line.path?.boundingBox == CGRect(x: 0, y: 20, width: 100, height: 1))
        #expect(control.order.prefix(2) == ["layoutSubviews", "layoutSublayers(self)"])
        button.frame.size.width = 200
        host.step()
        #expect(button.line.path?.boundingBox.width == 200)
    }

    @Test("RU4 an animation kept after its end (isRemovedOnCompletion false) tells its delegate finished at the end, once; it keeps its value")
    func RU4_keptAnimationStops() {
        let (host, window) = makeApp()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        let shape = CAShapeLayer()
        v.layer.addSublayer(shape)
        let recorder = StopRecorder()
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.01
        grow.toValue = 1.0
        grow.duration = 0.2
        grow.isRemovedOnCompletion = false
        grow.fillMode = .forwards
        grow.delegate = recorder
        shape.transform = CATransform3DMakeScale(0.0001, 0.0001, 0.0001)
        var completed = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed += 1 }
        shape.add(grow, forKey: "up")
        CATransaction.commit()
        host.step(frames: 6)
        #expect(recorder.started == 1 && recorder.stopped.isEmpty && completed == 0)
        host.step(frames: 12)
        #expect(recorder.stopped == [true] && completed == 1)
        #expect(shape.animation(forKey: "up") != nil)
        #expect(abs(shape.presentation()!.transform.m11 - 1) < 1e-9)
        host.step(frames: 10)
        shape.removeAnimation(forKey: "up")
        host.step()
        #expect(recorder.stopped == [true] && completed == 1)
    }

    @Test("RU4 a UILabel subclass's drawText(in:) draws the text; super draws it as laid out; a space measures its advance")
    func RU4_labelDrawText() throws {
        let (host, window) = makeApp()
        let renderer = try ImageRenderer(pixelWidth: 400, pixelHeight: 300)
        host.window.renderer = renderer
        let paper = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        paper.backgroundColor = .white
        window.addSubview(paper)
        let custom = CharacterLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        custom.text = "AB"
        let plain = CharacterLabel(frame: CGRect(x: 0, y: 100, width: 200, height: 30))
        plain.plain = true
        plain.text = "AB"
        paper.addSubview(custom)
        paper.addSubview(plain)
        host.step()
        #expect(custom.drawn.first == CGRect(x: 0, y: 0, width: 200, height: 60) && !plain.drawn.isEmpty)
        let image = renderer.image()
        func inked(_ r: CGRect) -> Bool {
            for y in Int(r.minY)..<Int(r.maxY) {
                for x in Int(r.minX)..<Int(r.maxX) where image.bytes[(y * image.width + x) * 4] < 128 { return true }
            }
            return false
        }
        // The override draws the second character at 14 pt from the top: its ink reaches below
        // 12 points, where 10 pt text (and the plain label's centred 17 pt text) has none.
        let a = "A".size(withAttributes: [.font: UIFont.systemFont(ofSize: 10)]).width
        #expect(inked(CGRect(x: a + 1, y: 12, width: 8, height: 3)))
        #expect(!inked(CGRect(x: 0, y: 25, width: 200, height: 35)))
        #expect(inked(CGRect(x: 0, y: 100, width: 40, height: 30)))
        let font = UIFont.systemFont(ofSize: 20)
        let space = " ".size(withAttributes: [.font: font]).width
        #expect(space > 3)
        let joined = "a b".size(withAttributes: [.font: font]).width
        let parts = "a".size(withAttributes: [.font: font]).width + space + "b".size(withAttributes: [.font: font]).width
        #expect(abs(joined - parts) < 0.5)
        #expect("ab ".size(withAttributes: [.font: font]).width > "ab".size(withAttributes: [.font: font]).width + 3)
    }

    @Test("RU4 a display link whose target is a weak proxy reaches the object the proxy forwards to")
    func RU4_displayLinkThroughWeakProxy() {
        let (host, _) = makeApp()
        let counter = TickCounter()
        let link = CADisplayLink(target: WeakTickProxy(counter), selector: Selector("step:", method: TickCounter.step))
        link.add(to: .main, forMode: .common)
        host.step(frames: 3)
        #expect(counter.ticks == 3)
        #expect(Selector("step:", method: TickCounter.step).canPerform(on: WeakTickProxy(counter)))
        link.invalidate()
        // The lowering makes a proxy that overrides forwardingTarget(for:) a MessageForwarding.
        let lowered = lowerObjectiveC("""
            final class Proxy: NSObject {
                weak var target: NSObjectProtocol?
                override func forwardingTarget(for aSelector: Selector!) -> Any? { target }
            }

            """)
        #expect(lowered.hasSuffix("extension Proxy: MessageForwarding {}"))
    }

    @Test("RU4 a container that laid itself out before its superview placed it lays its subviews out again where it stands")
    func RU4_earlyLayoutOfAContainer() {
        let (host, window) = makeApp()
        let cover = UIView(frame: window.bounds)
        window.addSubview(cover)
        let popup = UIView(frame: .zero)
        let header = UIView(frame: .zero)
        cover.addSubview(popup)
        popup.addSubview(header)
        popup.translatesAutoresizingMaskIntoConstraints = false
        header.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            popup.centerXAnchor.constraint(equalTo: cover.centerXAnchor), popup.centerYAnchor.constraint(equalTo: cover.centerYAnchor),
            popup.widthAnchor.constraint(equalToConstant: 200), popup.heightAnchor.constraint(equalToConstant: 100),
            header.topAnchor.constraint(equalTo: popup.topAnchor), header.leftAnchor.constraint(equalTo: popup.leftAnchor),
            header.rightAnchor.constraint(equalTo: popup.rightAnchor), header.heightAnchor.constraint(equalToConstant: 40),
        ])
        popup.layoutIfNeeded()
        host.step()
        #expect(popup.frame == CGRect(x: 100, y: 100, width: 200, height: 100))
        #expect(header.frame == CGRect(x: 0, y: 0, width: 200, height: 40))
    }

    @Test("RU4 a UIButton keeps the backgroundColor set on it through title changes and presses")
    func RU4_buttonBackgroundKept() {
        let (host, window) = makeApp()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        button.backgroundColor = UIColor.white.withAlphaComponent(0.9)
        button.setTitle("Sure", for: .normal)
        button.setTitleColor(.blue, for: .normal)
        window.addSubview(button)
        button.isHighlighted = true
        button.isHighlighted = false
        host.step()
        #expect(button.backgroundColor == UIColor.white.withAlphaComponent(0.9))
        #expect(button.view.backgroundColor == UIColor.white.withAlphaComponent(0.9).color)
    }

    @Test("RU4 #selector(instance.method) names the method of the instance's type; target-action calls it")
    func RU4_selectorOnAnInstance() {
        let lowered = lowerObjectiveC("button.addTarget(action, action: #selector(action.didTap), for: .touchUpInside)\n")
        #expect(lowered.contains("Selector(\"didTap\", method: selectorOwnerType(of: action).didTap)"))
        let action: TapAction! = TapAction()
        let selector = Selector("didTap", method: selectorOwnerType(of: action).didTap)
        let control = UIControl(frame: .zero)
        control.addTarget(action, action: selector, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(action.taps == 1)
    }

    @Test("RU4 a view whose layerClass is CAGradientLayer animates its points, changes its colours at once; a group's timing function eases its children")
    func RU4_gradientViewAnimation() {
        let (host, window) = makeApp()
        let bar = GradientBar(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
        window.addSubview(bar)
        let gradient = bar.layer as! CAGradientLayer
        gradient.colors = [UIColor.gray.cgColor, UIColor.white.cgColor, UIColor.gray.cgColor]
        let start = CABasicAnimation(keyPath: "startPoint")
        start.fromValue = CGPoint(x: -1, y: 0.5)
        start.toValue = CGPoint(x: 1, y: 0.5)
        start.duration = 1
        let group = CAAnimationGroup()
        group.animations = [start]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        gradient.add(group, forKey: "slide")
        #expect(gradient.animationKeys() == ["slide"])
        host.step(frames: 31)
        // Eased in: at half time the slide has covered less than half (easeIn(0.5) ≈ 0.32).
        let x = gradient.presentation()!.startPoint.x
        #expect(x > -0.5 && x < -0.2)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0))
        gradient.removeAnimation(forKey: "slide")
        #expect(gradient.animationKeys() == nil)
    }

    @Test("RU4 a UICollectionViewFlowLayout subclass hears invalidateLayout(with:) as its view loads and resizes; its prepare and attributes run")
    func RU4_flowLayoutSubclassOverrides() {
        let (host, window) = makeApp()
        let layout = CentringLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 200, height: 100)
        let source = PlainCells()
        let cv = source.collectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 120), layout: layout, in: window)
        host.step()
        #expect(layout.invalidations >= 1 && layout.preparations >= 1)
        #expect(cv.contentInset.left == 100)
        let first = cv.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect(first.map { cv.convert($0.frame, to: nil).minX } == 105)
        let before = layout.invalidations
        cv.frame.size.width = 300
        host.step()
        #expect(layout.invalidations > before && cv.contentInset.left == 50)
    }

    @Test("RU4 a UITableViewCell keeps its backgroundColor as the table shows it")
    func RU4_tableCellBackground() {
        let (host, window) = makeApp()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), style: .plain)
        let source = PlainCells()
        table.dataSource = source
        window.addSubview(table)
        host.step()
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))
        #expect(cell?.backgroundColor?.cgColor.components == UIColor(red: 0.85, green: 0.93, blue: 1, alpha: 1).cgColor.components)
        #expect(cell?.view.backgroundColor == UIColor(red: 0.85, green: 0.93, blue: 1, alpha: 1).color)
    }

    @Test("RU4 a collection view asks its layout about a scroll's new bounds before its bounds change")
    func RU4_boundsChangeAskedBefore() {
        let (host, window) = makeApp()
        let layout = BoundsWatchingLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let source = PlainCells()
        let cv = source.collectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), layout: layout, in: window)
        host.step()
        layout.asked = []
        cv.contentOffset = CGPoint(x: 0, y: 40)
        #expect(layout.asked.count == 1)
        #expect(layout.asked.first?.new.origin.y == 40 && layout.asked.first?.current.origin.y == 0)
    }

    @Test("RU4 the root controller's view is a subview of the window; a custom transition may move it into its container, and a full-screen one leaves the presented view on screen")
    func RU4_presentingViewInTheContainer() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = UIViewController(), card = UIViewController()
        screen.view.backgroundColor = .orange
        card.view.backgroundColor = .blue
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        #expect(screen.view.superview === window && window.subviews.first === screen.view)
        let fade = CrossFade()
        card.modalPresentationStyle = .fullScreen
        card.transitioningDelegate = fade
        screen.present(card, animated: true)
        let container = try! #require(fade.containers.first)
        // The presenting view moved out of the window into the container, above the presented.
        #expect(container.superview === window && screen.view.superview === container && container.subviews.last === screen.view)
        runFor(host, seconds: 0.15)
        let shown = card.view.view.layer.presentation()?.opacity ?? -1
        #expect(shown > 0.2 && shown < 0.8)
        runFor(host, seconds: 0.4)
        // At rest the presented view covers the window; the presenting one is off the screen.
        #expect(screen.presentedViewController === card && card.view.window === window && card.view.alpha == 1)
        #expect(screen.view.window == nil && card.view.convert(card.view.bounds, to: nil) == window.bounds)
        #expect(window.hitTest(CGPoint(x: 150, y: 200), with: nil) === card.view)
        card.dismiss(animated: true)
        runFor(host, seconds: 0.6)
        // Dismissed: the presenting view is back where it stood, the window's back subview.
        #expect(screen.presentedViewController == nil && card.view.superview == nil && container.superview == nil)
        #expect(screen.view.superview === window && window.subviews.first === screen.view && screen.view.alpha == 1)
        #expect(window.hitTest(CGPoint(x: 150, y: 200), with: nil) === screen.view)
    }

    @Test("RU4 an optional @objc method an open class leaves out is its own, overridable; a subclass's method of that name, in another module, overrides it")
    func RU4_optionalMethodLeftToSubclasses() {
        let library = """
            @objc public protocol Animating: NSObjectProtocol {
                @objc optional func animate(fast: Bool)
            }
            open class Base: NSObject {
                func run() { (self as Animating).animate?(fast: true) }
            }
            extension Base: Animating {}

            """
        #expect(inheritedOptionalMethods(in: library) == ["Base": ["animate"]])
        let lowered = lowerObjectiveC(library)
        #expect(lowered.contains("func run() { (self as Animating).animate(fast: true) }\n open func animate(fast: Bool) {} }"))
        // The app's subclass, lowered knowing the library's classes.
        let app = lowerObjectiveC("class Fade: Base {\n    func animate(fast: Bool) { }\n    override init() {}\n}\n",
                                  inheritedOptionalMethods: ["Base": ["animate"]], dependencyClassParents: ["Base": "NSObject"])
        #expect(app.contains("    override func animate(fast: Bool) { }\n    override init() {}"))
        // A class kept to its module, or one that implements the method, is left as it was.
        let closed = lowerObjectiveC(library.replacingOccurrences(of: "open class Base", with: "class Base"))
        #expect(!closed.contains("open func animate"))
        #expect(inheritedOptionalMethods(in: library.replacingOccurrences(of: "func run()", with: "func animate(fast: Bool) {}\n    func run()")).isEmpty)
    }

    @Test("RU4 a scripted tap on a bar button item reaches its action when the navigation controller's view sits in a plain view (AKSideMenu's content container)")
    func RU4_barButtonTapInsideAContainer() throws {
        let (host, window) = makeApp(width: 390, height: 844)
        let root = LoggingController()
        let nav = UINavigationController(rootViewController: root)
        let side = UIViewController()
        let container = UIView(frame: side.view.bounds)
        side.view.addSubview(container)
        side.addChild(nav)
        nav.view.frame = container.bounds
        container.addSubview(nav.view)
        nav.didMove(toParent: side)
        side.view.addGestureRecognizer(UIPanGestureRecognizer(target: nil, action: nil))
        let item = UIBarButtonItem(title: "Left", style: .plain, target: root, action: Selector("done:", method: LoggingController.done))
        root.navigationItem.leftBarButtonItem = item
        window.rootViewController = side
        window.makeKeyAndVisible()
        host.step()
        let button = try #require(item.engine.button)
        let p = button.convert(Point(x: button.bounds.width / 2, y: button.bounds.height / 2), to: nil)
        // UIKit's hit test answers the nearest view it names (the bar); the press reaches the button.
        #expect(window.hitTest(CGPoint(p), with: nil) is UINavigationBar)
        host.runLoop.send(.pointerDown(p))
        host.runLoop.send(.pointerUp(p))
        host.step()
        #expect(root.log.last == "done:Left", "\(root.log)")
    }

    @Test("RU4 setting a scroll view's contentOffset to the offset it has tells its key-value observers, as UIKit's does; the engine's own sets do not")
    func RU4_equalOffsetSetIsObserved() {
        let (host, window) = makeApp()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scroll.contentSize = CGSize(width: 200, height: 1000)
        window.addSubview(scroll)
        scroll.contentOffset = CGPoint(x: 0, y: 30)
        let watcher = OffsetWatcher()
        scroll.addObserver(watcher, forKeyPath: "contentOffset", options: [.new], context: nil)
        scroll.contentOffset = CGPoint(x: 0, y: 30)
        scroll.setContentOffset(CGPoint(x: 0, y: 30), animated: false)
        #expect(watcher.offsets == [CGPoint(x: 0, y: 30), CGPoint(x: 0, y: 30)])
        host.step(frames: 5)
        #expect(watcher.offsets.count == 2)
        scroll.contentOffset = CGPoint(x: 0, y: 10)
        host.step()
        #expect(watcher.offsets.last == CGPoint(x: 0, y: 10) && watcher.offsets.count == 3)
    }
}
