import Testing
import Foundation
@testable import UIKit
@testable import ObjCLowering
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel

/// A headless host whose window the next `UIWindow` takes, with the application attached to its
/// run loop (display links, timers and Foundation's main queue run in its frames).
@MainActor
func makeApp(width: Double = 400, height: Double = 300) -> (HeadlessHost, UIWindow) {
    let host = makeHost(width: width, height: height)
    UIApplication.shared.attach(runLoop: host.runLoop, window: host.window)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
    return (host, window)
}

/// A view that records the UIKit calls made on it.
final class RecordingView: UIView {
    var log: [String] = []
    override func willMove(toSuperview s: UIView?) { log.append(s == nil ? "willMove(nil)" : "willMove") }
    override func didMoveToSuperview() { log.append(superview == nil ? "didMove(nil)" : "didMove") }
    override func layoutSubviews() { super.layoutSubviews(); log.append("layout") }
}

@MainActor
@Suite("UK1 UIKit's views, layers and animations over the engine")
struct UIKitViewTests {
    @Test("UK1 a UIView stands for one engine view: geometry, hierarchy and the UIKit calls around moves")
    func UK1_viewsAndHierarchy() {
        let (host, window) = makeApp()
        let parent = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        let child = RecordingView(frame: CGRect(x: 5, y: 5, width: 50, height: 40))
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.superview === parent && parent.subviews.first === child)
        #expect(child.view.superview === parent.view)                        // the engine tree is the tree
        #expect(child.center == CGPoint(x: 30, y: 25))
        #expect(child.convert(CGPoint.zero, to: window) == CGPoint(x: 15, y: 25))
        host.step()
        #expect(child.log == ["willMove", "didMove", "layout"])
        child.removeFromSuperview()
        #expect(child.superview == nil && parent.subviews.isEmpty)
        #expect(child.log.suffix(2) == ["willMove(nil)", "didMove(nil)"])
        child.contentMode = .scaleAspectFit
        #expect(child.contentMode == .scaleAspectFit && child.view.contentMode == .scaleAspectFit)
    }

    @Test("UK1 UIView.animate changes the model at once and the engine's presentation over the duration")
    func UK1_blockAnimation() {
        let (host, window) = makeApp()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        host.step()
        var finished: Bool?
        UIView.animate(withDuration: 0.1, delay: 0, options: [.curveLinear], animations: { v.alpha = 0 }) { finished = $0 }
        #expect(v.alpha == 0)
        host.step(frames: 4)
        let mid = v.view.presentation.opacity
        #expect(mid > 0 && mid < 1)
        host.step(frames: 4)
        #expect(v.view.presentation.opacity == 0 && finished == true)
        UIView.animate(withDuration: 1, animations: {
            UIView.performWithoutAnimation { v.center = CGPoint(x: 300, y: 200) }
        })
        host.step()
        #expect(v.view.presentation.position == Point(x: 300, y: 200))          // at once, inside the block
    }

    @Test("CA10 CALayer.compositingFilter's blend-mode names set the engine layer's blend; other values composite normally")
    func CA10_compositingFilterNames() {
        let layer = CALayer()
        layer.compositingFilter = "multiplyBlendMode"
        #expect(layer.layer.compositingFilter == .multiply && layer.compositingFilter as? String == "multiplyBlendMode")
        layer.compositingFilter = "CIScreenBlendMode"
        #expect(layer.layer.compositingFilter == .screen)
        layer.compositingFilter = "linearDodgeBlendMode"
        #expect(layer.layer.compositingFilter == .add)
        layer.compositingFilter = "gaussianBlur"
        #expect(layer.layer.compositingFilter == nil)
        layer.compositingFilter = nil
        #expect(layer.layer.compositingFilter == nil)
    }

    @Test("CA8 UIView.animate's changes are the layer's animations: listed, read as CABasicAnimation, removed")
    func CA8_blockAnimationOnCALayer() throws {
        let (host, window) = makeApp()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        host.step()
        var finished: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { v.alpha = 0.25 }) { finished = $0 }
        #expect(v.layer.animationKeys() == ["opacity"])
        let a = try #require(v.layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(a.keyPath == "opacity" && a.duration == 1)
        #expect(a.fromValue as? CGFloat == 1 && a.toValue as? CGFloat == 0.25)
        host.step(frames: 10)
        // The common UIKit way to stop a block animation.
        v.layer.removeAllAnimations()
        #expect(v.layer.animationKeys() == nil && v.view.presentation.opacity == 0.25)
        host.step()
        #expect(finished == false)
    }

    @Test("UK1 a spring with UIKit's damping settles within its duration; a property animator scrubs")
    func UK1_springAndPropertyAnimator() {
        let (host, window) = makeApp()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        host.step()
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                       animations: { v.center = CGPoint(x: 250, y: 50) })
        host.step(frames: 32)                                                  // a little past 0.5 s
        #expect(abs(v.view.presentation.position.x - 250) < 0.5)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        animator.fractionComplete = 0.25
        host.step()
        #expect(abs(v.view.presentation.opacity - 0.75) < 1e-9)
        animator.stopAnimation(true)
    }

    @Test("UK1 a CAShapeLayer's strokeEnd animates by a CABasicAnimation; the delegate gets the copy the layer runs")
    func UK1_shapeLayerAnimation() {
        let (host, window) = makeApp()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        let ring = CAShapeLayer()
        ring.path = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 80, height: 80)).cgPath
        ring.strokeColor = UIColor.systemBlue.cgColor
        v.layer.addSublayer(ring)
        final class Delegate: CAAnimationDelegate {
            var stopped: [(CAAnimation, Bool)] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append((anim, flag)) }
        }
        let delegate = Delegate()
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = CGFloat(1)
        grow.duration = 0.2
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        grow.delegate = delegate
        grow.setValue("grow", forKey: "id")
        ring.add(grow, forKey: "grow")
        weak var running = ring.animation(forKey: "grow")
        #expect(running !== grow && running?.value(forKey: "id") as? String == "grow")
        host.step(frames: 7)
        let mid = ring.presentation()!.strokeEnd
        #expect(mid > 0.2 && mid < 0.8)
        host.step(frames: 10)
        #expect(delegate.stopped.count == 1 && delegate.stopped[0].1)
        #expect(delegate.stopped[0].0.value(forKey: "id") as? String == "grow")
        #expect(ring.sublayers == nil && v.layer.sublayers?.contains(ring) == true)
        delegate.stopped = []
        #expect(ring.animation(forKey: "grow") == nil)
        #expect(running == nil)                                                // nothing keeps the copy alive
    }

    @Test("UK1 layerClass gives a view a gradient layer that fills its bounds; NSNull actions stop implicit animations")
    func UK1_layerClassAndActions() {
        final class GradientView: UIView {
            override class var layerClass: AnyClass { CAGradientLayer.self }
        }
        let (host, window) = makeApp()
        let v = GradientView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        window.addSubview(v)
        let g = v.layer as! CAGradientLayer
        g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        g.cornerRadius = 8
        #expect(g.gradient.colors?.count == 2)
        #expect(v.view.layer.cornerRadius == 8)                                 // common properties are the view's layer
        v.frame = CGRect(x: 0, y: 0, width: 200, height: 80)
        host.step()
        #expect(g.gradient.frame == Rect(x: 0, y: 0, width: 200, height: 80))

        let dot = CALayer()
        v.layer.addSublayer(dot)
        host.step()
        dot.actions = ["opacity": NSNull()]
        dot.opacity = 0.2
        host.step()
        #expect(abs(dot.layer.presentation()!.opacity - 0.2) < 1e-6)
    }
}

@MainActor
@Suite("UK2 Core Graphics values and drawing")
struct CoreGraphicsTests {
    @Test("UK2 CGAffineTransform composes in Core Graphics' order and inverts; CGRect.applying bounds the corners")
    func UK2_affine() {
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12)                 // rotate, then translate
        let back = p.applying(t.inverted())
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y) < 1e-12)
        let r = CGRect(x: 0, y: 0, width: 20, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.width - 10) < 1e-9 && abs(r.height - 20) < 1e-9)
        #expect(CATransform3DIsIdentity(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(0.5, 0.5, 1))))
        var flip = CATransform3DIdentity
        flip.m34 = -1 / 500
        flip = CATransform3DRotate(flip, .pi / 3, 0, 1, 0)
        #expect(NSValue(caTransform3D: flip).caTransform3DValue == flip)       // Core Animation's boxed values
        #expect(NSValue(cgPoint: CGPoint(x: 3, y: 4)).cgPointValue == CGPoint(x: 3, y: 4))
    }

    @Test("UK2 draw(_:) with UIBezierPath and UIGraphicsGetCurrentContext records fills in the current transform")
    func UK2_drawOverride() {
        final class Badge: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.red.setFill()
                UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill()
                "Hi".draw(at: CGPoint(x: 12, y: 2), withAttributes: [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.green])
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.translateBy(x: 20, y: 0)
                ctx.setFillColor(UIColor.blue.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            }
        }
        let (host, window) = makeApp()
        window.addSubview(Badge(frame: CGRect(x: 0, y: 0, width: 50, height: 20)))
        host.step()
        let fills = host.window.displayList.commands.compactMap { c -> (Rect, Color)? in
            if case .fillShape(let path, .color(let color), _) = c { return (path.boundingBox, color) }
            return nil
        }
        #expect(fills.contains { $0.0 == Rect(x: 0, y: 0, width: 10, height: 10) && $0.1 == Color(red: 1, green: 0, blue: 0) })
        #expect(fills.contains { $0.0 == Rect(x: 20, y: 0, width: 10, height: 10) && $0.1 == Color(red: 0, green: 0, blue: 1) })
        let text = host.window.displayList.commands.compactMap { c -> (Point, Color)? in
            if case .glyphs(let run, let at) = c { return (at, run.color) }
            return nil
        }
        #expect(text.count == 1 && text.first?.0 == Point(x: 12, y: 2) && text.first?.1 == Color(red: 0, green: 1, blue: 0))
        let size = "Hi".size(withAttributes: [.font: UIFont.systemFont(ofSize: 12)])
        #expect(size.width > 8 && size.width < 20 && size.height > 10)
    }

    @Test("UK2 a reversed path runs the other way; arcs and containment follow Core Graphics")
    func UK2_paths() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 10))
        let r = path.reversing()
        var points: [CGPoint] = []
        r.cgPath.forEach { _, pts in points += pts }
        #expect(points == [CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 0)])
        // UIKit's clockwise is as seen on screen: a quarter from 0 to π/2 clockwise bulges down
        // and right; Core Graphics' flag means the other way in the same coordinates.
        let quarter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true).bounds
        #expect(quarter.minX > -1e-9 && quarter.minY > -1e-9 && abs(quarter.maxX - 10) < 1e-6 && abs(quarter.maxY - 10) < 1e-6)
        let ring = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).bounds
        #expect(abs(ring.width - 20) < 1e-6)                                    // the progress-ring idiom: a whole circle
        let circle = CGMutablePath()
        circle.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(circle.contains(CGPoint(x: 50, y: 50)) && !circle.contains(CGPoint(x: 75, y: 50)))
        #expect(abs(circle.boundingBoxOfPath.width - 40) < 0.5)
    }
}

/// A controller with an action method, the way UIKit code declares one (after lowering).
final class ActionController: UIViewController {
    var taps: [String] = []
    func didTap(_ sender: UIButton) { taps.append(sender.title(for: .normal) ?? "?") }
    func handleGesture(_ g: UITapGestureRecognizer) { taps.append("gesture \(g.state == .ended)") }
}

@MainActor
@Suite("UK3 target-action without an Objective-C runtime")
struct TargetActionTests {
    @Test("UK3 the lowering blanks @objc, turns #selector into a selector with the method, and moves no line")
    func UK3_lowering() {
        let source = """
        class Menu: UIView {
            @objc private func close(_ sender: Any) {}   // @objc in a comment stays
            @objc(openWith:) func open(with item: Int) {}
            @IBAction func reset() {}
            func wire(_ b: UIButton) {
                b.addTarget(self, action: #selector(close(_:)), for: .touchUpInside)
                b.addTarget(self, action: #selector(self.open), for: .touchUpInside)
                let s = "#selector(close)"
                _ = #selector(getter: UIView.frame)
                _ = #selector(UIView.layoutIfNeeded)
            }
        }
        """
        let lowered = lowerObjectiveC(source)
        let lines = lowered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        func blank(_ n: Int) -> String { String(repeating: " ", count: n) }
        #expect(lines[1] == blank(4 + "@objc".count) + " private func close(_ sender: Any) {}   // @objc in a comment stays")
        #expect(lines[2].hasPrefix(blank(4 + "@objc(openWith:)".count) + " func open(with item: Int)"))
        #expect(lines[3] == blank(4 + "@IBAction".count) + " func reset() {}")
        #expect(lines[5].contains(#"Selector("close:", method: Menu.close(_:))"#))
        #expect(lines[6].contains(#"Selector("openWith:", method: Menu.open)"#))
        #expect(lines[7].contains(##""#selector(close)""##))                      // strings are not code
        #expect(lines[8].contains(#"Selector("frame")"#))
        #expect(lines[9].contains(#"Selector("layoutIfNeeded", method: UIView.layoutIfNeeded)"#))
    }

    @Test("UK3 in cell classes (and their subclasses) the initializer a table or collection view calls becomes required; elsewhere nothing changes")
    func UK3_cellInitializers() {
        let source = """
        final class Swatch: UICollectionViewCell {
            override init(frame: CGRect) { super.init(frame: frame) }
        }
        class BaseCell: UITableViewCell {}
        class TodoCell: BaseCell {
            public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(style: style, reuseIdentifier: reuseIdentifier) }
            // override init(frame: CGRect) in a comment stays
        }
        class Card: UIView {
            override init(frame: CGRect) { super.init(frame: frame) }
        }
        """
        let lines = lowerObjectiveC(source).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "    required init(frame: CGRect) { super.init(frame: frame) }")
        #expect(lines[5].hasPrefix("    public required init(style: UITableViewCell.CellStyle"))
        #expect(lines[6] == "    // override init(frame: CGRect) in a comment stays")
        #expect(lines[9] == "    override init(frame: CGRect) { super.init(frame: frame) }")
        #expect(cellClasses(Array(source.utf8)) == ["Swatch", "BaseCell", "TodoCell"])
    }

    @Test("UK3 fuzz regressions and the corpus lower without trapping, keep every line and leave nothing to lower")
    func UK3_loweringReplays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for dir in ["Fuzz/objc-regressions", "UIKitCorpus"] {
            files += try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(dir), includingPropertiesForKeys: nil)
        }
        #expect(files.count >= 35)
        for file in files {
            let source = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            let lowered = lowerObjectiveC(source)
            #expect(lowered.filter { $0 == "\n" }.count == source.filter { $0 == "\n" }.count, "\(file.lastPathComponent)")
            #expect(lowerObjectiveC(lowered) == lowered, "\(file.lastPathComponent): something left to lower")
        }
    }

    @Test("UK3 addTarget calls the selector's method with the sender; a nil target goes up the responder chain")
    func UK3_targetAction() {
        let (host, window) = makeApp()
        let vc = ActionController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
        vc.view.addSubview(button)
        button.addTarget(vc, action: Selector("didTap:", method: ActionController.didTap(_:)), for: .touchUpInside)
        host.step()
        host.runLoop.send(.pointerDown(Point(x: 60, y: 40)))
        host.runLoop.send(.pointerUp(Point(x: 60, y: 40)))
        host.step()
        #expect(vc.taps == ["Go"])
        let other = UIButton(type: .system)
        other.setTitle("Chain", for: .normal)
        vc.view.addSubview(other)
        other.addTarget(nil, action: Selector("didTap:", method: ActionController.didTap(_:)), for: .valueChanged)
        other.sendActions(for: .valueChanged)
        #expect(vc.taps == ["Go", "Chain"])
        #expect(Selector("didTap:") == Selector("didTap:", method: ActionController.didTap(_:)))
        #expect(!Selector("didTap:", method: ActionController.didTap(_:)).perform(on: UIView(), with: button).performed)
    }

    @Test("UK3 a gesture recognizer's target-action fires on a tap; an isHighlighted override sees the press")
    func UK3_gestureAndHighlight() {
        final class PressButton: UIButton {
            var seen: [Bool] = []
            override var isHighlighted: Bool { didSet { seen.append(isHighlighted) } }
        }
        let (host, window) = makeApp()
        let vc = ActionController()
        window.rootViewController = vc
        let pad = UIView(frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        vc.view.addSubview(pad)
        pad.addGestureRecognizer(UITapGestureRecognizer(target: vc, action: Selector("handleGesture:", method: ActionController.handleGesture(_:))))
        let press = PressButton(type: .custom)
        press.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
        vc.view.addSubview(press)
        host.step()
        host.runLoop.send(.pointerDown(Point(x: 250, y: 150)))
        host.runLoop.send(.pointerUp(Point(x: 250, y: 150)))
        host.step(frames: 2)
        #expect(vc.taps == ["gesture true"])
        host.runLoop.send(.pointerDown(Point(x: 60, y: 40)))
        host.step()
        host.runLoop.send(.pointerUp(Point(x: 60, y: 40)))
        host.step()
        #expect(press.seen == [true, false])
    }

    @Test("UK3 touches a view does not handle go to its superview, and a root view's to its controller")
    func UK3_touchesBubble() {
        final class TouchController: UIViewController {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        final class Inner: UIView {
            var began: [CGPoint] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                began.append(touches.first!.location(in: self))
            }
        }
        let (host, window) = makeApp()
        let vc = TouchController()
        window.rootViewController = vc
        let inner = Inner(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        let plain = UIView(frame: CGRect(x: 200, y: 100, width: 50, height: 50))
        vc.view.addSubview(inner)
        vc.view.addSubview(plain)
        host.step()
        host.runLoop.send(.pointerDown(Point(x: 110, y: 120))); host.runLoop.send(.pointerUp(Point(x: 110, y: 120)))
        host.runLoop.send(.pointerDown(Point(x: 210, y: 120))); host.runLoop.send(.pointerUp(Point(x: 210, y: 120)))
        host.step()
        #expect(inner.began == [CGPoint(x: 10, y: 20)])
        #expect(vc.began == 1)                                                 // the plain view passed it on
    }
}

@MainActor
@Suite("UK4 timers, display links and the main queue on the engine's frames")
struct RunLoopOrderTests {
    @Test("UK4 a display link calls its target once a frame, in the event phase, with the frame's time")
    func UK4_displayLink() {
        @MainActor final class Ticker {
            var stamps: [(CFTimeInterval, CFTimeInterval, String)] = []
            weak var host: HeadlessHost?
            func step(_ link: CADisplayLink) { stamps.append((link.timestamp, CACurrentMediaTime(), "\(host!.runLoop.phase)")) }
        }
        let (host, _) = makeApp()
        let ticker = Ticker()
        ticker.host = host
        let link = CADisplayLink(target: ticker, selector: Selector("step:", method: Ticker.step(_:)))
        link.add(to: .main, forMode: .common)
        host.step(frames: 5)
        link.invalidate()
        host.step(frames: 2)
        #expect(ticker.stamps.count == 5)
        #expect(ticker.stamps.allSatisfy { $0.0 == $0.1 && $0.2 == "events" })
        #expect(zip(ticker.stamps, ticker.stamps.dropFirst()).allSatisfy { abs($1.0 - $0.0 - 1.0 / 60) < 1e-9 })
    }
}

/// Runs an example program of `UIKitExamples` headless (it sits next to the test bundle after
/// `swift build --build-tests`) and returns its exit status, output and screenshot.
func runExample(_ name: String, seconds: Double = 1.5, environment: [String: String] = [:]) throws
    -> (status: Int32, output: String, screenshot: Images.Image?) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("\(name)Example"),
                      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("\(name)Example"),
                      root.appendingPathComponent(".build/debug/\(name)Example")]
    guard let exe = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        Issue.record("\(name)Example is not built")
        return (-1, "", nil)
    }
    let shot = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-\(name)-\(getpid()).png")
    let p = Process()
    p.executableURL = exe
    var env = ProcessInfo.processInfo.environment
    env["UIKIT_HEADLESS"] = "\(seconds)"
    env["UIKIT_SCREENSHOT"] = shot.path
    env.merge(environment) { $1 }
    p.environment = env
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: shot) }
    return (p.terminationStatus, String(decoding: data, as: UTF8.self), Images.Image(contentsOfFile: shot.path))
}

/// Whether the pixel at (x, y) is within 12/255 of an 8-bit colour.
func pixel(_ image: Images.Image, _ x: Int, _ y: Int, is c: (Int, Int, Int)) -> Bool {
    let p = image.bitmap.pixel(x: x, y: y)
    return abs(Int(p.red) - c.0) <= 12 && abs(Int(p.green) - c.1) <= 12 && abs(Int(p.blue) - c.2) <= 12
}

@Suite("UK5 the UIKit examples, built with the lowering plugin and run headless")
struct UIKitExampleTests {
    @Test("UK5 the spring card springs in over the grouped background")
    func UK5_springCard() throws {
        let r = try runExample("SpringCard")
        #expect(r.status == 0)
        let shot = try #require(r.screenshot)
        #expect(shot.bitmap.width == 390 && shot.bitmap.height == 844)
        #expect(pixel(shot, 5, 5, is: (242, 242, 247)))                      // systemGroupedBackground
        #expect(pixel(shot, 300, 422, is: (255, 255, 255)))                   // the card, in place
        #expect(pixel(shot, 59, 422, is: (88, 86, 214)))                      // its indigo badge
    }

    @Test("UK5 the panel's height constraint animates it to 460 points")
    func UK5_constraintPanel() throws {
        let r = try runExample("ConstraintPanel")
        #expect(r.status == 0)
        let shot = try #require(r.screenshot)
        #expect(pixel(shot, 195, 844 - 440, is: (48, 176, 199)))              // systemTeal, expanded
        #expect(pixel(shot, 195, 844 - 480, is: (255, 255, 255)))
    }

    @Test("UK5 the progress ring's strokeEnd reaches 72% of the circle, clockwise from the top")
    func UK5_progressRing() throws {
        let r = try runExample("ProgressRing")
        #expect(r.status == 0)
        let shot = try #require(r.screenshot)
        let (cx, cy, radius) = (195, 422, 108)
        #expect(pixel(shot, cx + radius, cy, is: (255, 45, 85)))               // 90° of 259°: pink
        #expect(pixel(shot, cx, cy + radius, is: (255, 45, 85)))               // 180°
        #expect(pixel(shot, cx - radius, cy, is: (229, 229, 234)))             // 270°: only the track
    }

    @Test("UK5 the drawer's property animator opens it and dims the screen")
    func UK5_drawer() throws {
        let r = try runExample("Drawer")
        #expect(r.status == 0)
        let shot = try #require(r.screenshot)
        #expect(pixel(shot, 195, 844 - 300, is: (255, 255, 255)))              // the open drawer
        #expect(pixel(shot, 195, 100, is: (0, 73, 153)))                       // systemBlue under 40% black
    }

    @Test("UK5 the inbox (launched through a scene delegate, a search bar under its title) has its row swiped open on Flag and Delete by a scripted drag")
    func UK5_swipeToDelete() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("UIKitExamples/SwipeToDelete/swipe.json").path
        let r = try runExample("SwipeToDelete", environment: ["UIKIT_INPUT": script])
        #expect(r.status == 0)
        let shot = try #require(r.screenshot)
        #expect(pixel(shot, 382, 274, is: (255, 59, 48)))                      // Delete, nearest the edge
        #expect(pixel(shot, 210, 286, is: (255, 149, 0)))                      // Flag beside it
        #expect(pixel(shot, 200, 356, is: (255, 255, 255)))                    // the next row stays
        // Without the script nothing is open.
        let still = try #require(try runExample("SwipeToDelete").screenshot)
        #expect(pixel(still, 340, 316, is: (255, 255, 255)))
    }

    @Test("UK4 main-queue work, a scheduled timer, display links and completions run on the frames' clock")
    func UK4_runLoopOrder() throws {
        let r = try runExample("RunLoopOrder", seconds: 0.5)
        #expect(r.status == 0)
        let lines = r.output.split(separator: "\n").map(String.init)
        func time(_ prefix: String) -> Double? {
            lines.first { $0.hasPrefix(prefix) }.flatMap { $0.split(separator: "=")[1].split(separator: " ").first }.flatMap { Double($0) }
        }
        let queue = try #require(time("main queue t"))
        let timer = try #require(time("timer t"))
        let link = try #require(time("display link t"))
        let appeared = try #require(time("appeared t"))
        let done = try #require(time("animation completion t"))
        #expect(queue == link && timer == link)                                // the first frame, with the display link
        #expect(abs(done - appeared - 0.05) < 1e-4)                            // the 0.05 s animation's end frame
        let links = lines.filter { $0.hasPrefix("display link") }
        #expect(links.count == 3 && links.allSatisfy { l in
            let parts = l.split(separator: " ").compactMap { $0.split(separator: "=").last.flatMap { Double($0) } }
            return parts.count == 2 && parts[0] == parts[1]                    // timestamp is the frame's time
        })
    }
}
