import Testing
import Foundation
@testable import UIKit
@testable import ObjCLowering
import Timeline
import Images

/// A transition helper whose optional animation, a requirement of its own protocol, a selector
/// names (RU3).
protocol SlideAnimations: AnyObject {
    func slideIn(interactive: Bool)
}
final class SlideHelper: NSObject, SlideAnimations {
    var slid: [Bool] = []
    func slideIn(interactive: Bool) { slid.append(interactive) }
    func ping() -> NSString { "pong" }
}

/// A plain object observing by key, as the lowering leaves a class inheriting `NSObject` that
/// overrides `observeValue(forKeyPath:...)`: the method its own, the conformance added (RU3).
final class PlainOffsetObserver: NSObject, NSKeyValueObserving {
    var seen: [CGPoint] = []
    func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                      context: UnsafeMutableRawPointer?) {
        if let p = change?[.newKey] as? CGPoint { seen.append(p) }
    }
}

/// What more real libraries needed of the facade (RU3), each case written here: UIKit Dynamics on
/// a collection layout, the runtime's responds/perform and class lookup, tab bar item views,
/// motion effects, coordinate spaces and a controller's storyboard.
@MainActor
@Suite("RU3 what real UIKit libraries use: dynamics, responds/perform, class lookup, item views, motion effects")
struct UIKitRealCodeRU3MoreTests {
    @Test("RU3 a spring on a view, through UIDynamicAnimator and UIAttachmentBehavior, brings it back on the window's frames")
    func RU3_dynamicAnimatorOnAView() {
        let (host, window) = makeApp()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(box)
        box.center = CGPoint(x: 100, y: 100)
        let animator = UIDynamicAnimator(referenceView: window)
        let spring = UIAttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 100, y: 100))
        spring.frequency = 3
        spring.damping = 1
        animator.addBehavior(spring)
        #expect(spring.dynamicAnimator === animator && animator.behaviors.count == 1)
        box.center = CGPoint(x: 100, y: 160)
        animator.updateItem(usingCurrentState: box)
        host.step()
        #expect(box.center.y < 160)
        for _ in 0..<240 where animator.isRunning { host.step() }
        #expect(abs(box.center.y - 100) < 0.1)
        #expect(!animator.isRunning)
        #expect(animator.items(in: CGRect(x: 90, y: 90, width: 5, height: 5)).first === box)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty && spring.dynamicAnimator == nil)
    }

    @Test("RU3 an animator made for a collection layout holds attributes, finds a cell's, and invalidates the layout as it steps")
    func RU3_dynamicAnimatorOnALayout() {
        final class Springy: UICollectionViewFlowLayout {
            var invalidations = 0
            override func invalidateLayout() { invalidations += 1; super.invalidateLayout() }
        }
        let layout = Springy()
        let animator = UIDynamicAnimator(collectionViewLayout: layout)
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        a.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let spring = UIAttachmentBehavior(item: a, attachedToAnchor: a.center)
        spring.frequency = 2
        spring.damping = 0.7
        animator.addBehavior(spring)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 3, section: 0)) === a)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 4, section: 0)) == nil)
        a.center.y += 20
        animator.engine.step(by: 0.5)
        #expect(a.center.y < 45 && layout.invalidations == 1)
    }

    @Test("RU3 responds(to:) and perform(_:) on any object; a protocol's selector answers for its conformers")
    func RU3_respondsAndPerform() throws {
        let helper = SlideHelper()
        #expect(helper.responds(to: Selector("slideInInteractive:", method: SlideAnimations.slideIn(interactive:))))
        #expect(!NSObject().responds(to: Selector("slideInInteractive:", method: SlideAnimations.slideIn(interactive:))))
        #expect(!helper.responds(to: NSSelectorFromString("slideInInteractive:")))
        helper.perform(Selector("slideInInteractive:", method: SlideAnimations.slideIn(interactive:)), with: true)
        #expect(helper.slid == [true])
        let result = helper.perform(Selector("ping", method: SlideHelper.ping))
        #expect(result?.takeUnretainedValue() as? NSString == "pong")
    }

    @Test("RU3 NSClassFromString is lowered to UIKit's lookup, whose classes answer their shared instances' selectors")
    func RU3_classLookupByName() throws {
        let lowered = lowerObjectiveC("let c = NSClassFromString(\"UIApplication\"); let d = Foundation.NSClassFromString(\"X\")\n")
        #expect(lowered == "let c = UIClassFromString(\"UIApplication\"); let d = Foundation.NSClassFromString(\"X\")\n")
        let type = try #require(UIClassFromString("UIApplication"))
        let shared = NSSelectorFromString("sharedApplication")
        #expect(type.responds(to: shared))
        #expect(!UIView.responds(to: shared))
        #expect(UIApplication.perform(shared).takeUnretainedValue() === UIApplication.shared)
        #expect(UIScreen.perform(NSSelectorFromString("mainScreen")).takeUnretainedValue() === UIScreen.main)
        #expect(UIClassFromString("NoSuchClass") == nil)
    }

    @Test("RU3 a tab bar item's view by key is its button in the bar, disabled with the item; motion effects are kept; storyboard is nil; the screen's space is the window's")
    func RU3_itemViewsMotionAndSpaces() throws {
        let (_, window) = makeApp(width: 390, height: 600)
        let tabs = UITabBarController()
        let items = ["One", "Two"].map { t in
            let c = UIViewController()
            c.tabBarItem = UITabBarItem(title: t, image: nil, selectedImage: nil)
            return c
        }
        tabs.viewControllers = items
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        let second = try #require(items[1].tabBarItem.value(forKey: "view") as? UIView)
        #expect(second.view.superview === tabs.tabBar.view)
        #expect(UITabBarItem(title: "Loose", image: nil, selectedImage: nil).value(forKey: "view") == nil)
        #expect(items[0].tabBarItem.value(forKey: "title") == nil)
        items[1].tabBarItem.isEnabled = false
        #expect((second.view as? Control)?.isEnabled == false)

        let view = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        let tilt = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
        view.addMotionEffect(tilt)
        #expect(view.motionEffects.count == 1)
        view.removeMotionEffect(tilt)
        #expect(view.motionEffects.isEmpty)
        #expect(tabs.storyboard == nil)

        window.addSubview(view)
        #expect(view.convert(CGPoint(x: 5, y: 5), to: UIScreen.main.coordinateSpace) == CGPoint(x: 15, y: 25))
        #expect(view.convert(CGPoint(x: 15, y: 25), from: UIScreen.main.coordinateSpace) == CGPoint(x: 5, y: 5))
        let nav = UINavigationController(rootViewController: UIViewController())
        #expect(nav.interactivePopGestureRecognizer === nav.interactivePopGestureRecognizer)
    }

    @Test("RU3 Core Image: colour controls, a Gaussian blur, false colour, cropping and a context's CGImage; a kernel passes its image through")
    func RU3_coreImage() throws {
        var rgba: [UInt8] = []
        for _ in 0..<20 { for x in 0..<20 { rgba += x < 10 ? [255, 0, 0, 255] : [0, 0, 0, 0] } }
        let input = CIImage(cgImage: CGImage(Image(bitmap: Bitmap(width: 20, height: 20, rgba: rgba))))
        #expect(input.extent == CGRect(x: 0, y: 0, width: 20, height: 20))
        let grey = try #require(CIFilter(name: "CIColorControls", parameters: [kCIInputImageKey: input, kCIInputSaturationKey: 0])?.outputImage)
        let g = try #require(grey.bitmap).pixel(x: 2, y: 2)
        #expect(g.red == g.green && g.green == g.blue && g.alpha == 255 && abs(Int(g.red) - 54) <= 1)
        let blurred = try #require(input.applyingGaussianBlur(sigma: 3).bitmap)
        #expect(blurred.pixel(x: 10, y: 10).alpha > 60 && blurred.pixel(x: 10, y: 10).alpha < 190)
        #expect(blurred.pixel(x: 5, y: 10).red == 255 && blurred.pixel(x: 5, y: 10).alpha > 200)
        let tinted = input.applyingFilter("CIFalseColor", parameters: ["inputColor0": CIColor(red: 0, green: 0, blue: 1),
                                                                        "inputColor1": CIColor(color: .white)])
        let t = try #require(tinted.bitmap).pixel(x: 2, y: 2)
        #expect(abs(Int(t.red) - 54) <= 1 && t.blue == 255 && t.alpha == 255)
        #expect(CIFilter(name: "CINoSuchFilter") == nil)
        let kernel = try #require(CIColorKernel(source: "kernel vec4 k(__sample s) { return s; }"))
        #expect(kernel.apply(extent: input.extent, arguments: [input])?.bitmap?.rgba == rgba)
        let part = input.cropped(to: CGRect(x: 5, y: 5, width: 10, height: 4))
        #expect(part.extent == CGRect(x: 5, y: 5, width: 10, height: 4))
        let rendered = try #require(CIContext().createCGImage(part, from: part.extent))
        #expect(rendered.width == 10 && rendered.height == 4)
        #expect(CIContext().createCGImage(.empty(), from: .zero) == nil)
    }

    @Test("RU3 any object carries accessibility strings while it lives; views keep their own")
    func RU3_accessibilityOfAnyObject() {
        let action = SlideHelper()
        #expect(action.accessibilityLabel == nil)
        action.accessibilityLabel = "Delete"
        #expect(action.accessibilityLabel == "Delete" && SlideHelper().accessibilityLabel == nil)
        let image = UIImage()
        image.accessibilityIdentifier = "trash"
        #expect(image.accessibilityIdentifier == "trash")
        let view = UIView()
        view.accessibilityLabel = "Row"
        #expect(view.view.accessibilityLabel == "Row")
    }

    @Test("RU3 overrides of the runtime's NSObject methods in a direct NSObject subclass lose override at its width; a view's keep it")
    func RU3_runtimeOverridesLowered() {
        let source = """
        final class Proxy: NSObject, Sendable {
            public override func responds(to s: Selector!) -> Bool { super.responds(to: s) }
            override func forwardingTarget(for s: Selector!) -> Any? { nil }
            override var description: String { "proxy" }
        }
        class Generic<T>: NSObject { open override func awakeFromNib() {} }
        final class Card: UIView { override func awakeFromNib() { super.awakeFromNib() } }

        """
        let lowered = lowerObjectiveC(source)
        let lines = lowered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "    public          func responds(to s: Selector!) -> Bool { super.responds(to: s) }")
        #expect(lines[2] == "             func forwardingTarget(for s: Selector!) -> Any? { nil }")
        #expect(lines[3] == "    override var description: String { \"proxy\" }")
        #expect(lines[5] == "class Generic<T>: NSObject { open          func awakeFromNib() {} }")
        #expect(lines[6] == "final class Card: UIView { override func awakeFromNib() { super.awakeFromNib() } }")
        // The proxy's forwarding is kept as a conformance on the last line (RU4), nothing moves.
        #expect(lines.last == "extension Proxy: MessageForwarding {}")
        #expect(lowered.utf8.count == source.utf8.count + "extension Proxy: MessageForwarding {}".utf8.count)
        // A subclass of a plain object declared in another file of the module.
        let parents = classParents(in: "open class IconAnimation: NSObject, Playing {}\nclass Badge: UIView {}")
        #expect(parents == ["IconAnimation": "NSObject", "Badge": "UIView"])
        let sub = "final class Frames: IconAnimation { override func awakeFromNib() {} }\n"
        #expect(lowerObjectiveC(sub, moduleClassParents: parents) == "final class Frames: IconAnimation {          func awakeFromNib() {} }\n")
        #expect(lowerObjectiveC(sub) == sub)
    }

    @Test("RU3 key-value observing messages to an AnyObject are lowered through AnyKeyValueObservable; a plain NSObject observer overriding observeValue gets the conformance")
    func RU3_observingMessagesToAnyObject() {
        let source = """
        class Watch<V>: Base<V> {
            weak var object: AnyObject?
            var box: Box?
            init(_ o: AnyObject) { super.init(); o.addObserver(self, forKeyPath: "contentOffset", options: [.new], context: nil) }
            deinit { object?.removeObserver(self, forKeyPath: "contentOffset") ; box!.item.removeObserver(self, forKeyPath: k) }
            override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?, context: UnsafeMutableRawPointer?) {
                NotificationCenter.default.addObserver(self, selector: sel, name: nil, object: nil)
                super.addObserver(self, forKeyPath: "a", context: nil); f().addObserver(self, forKeyPath: "b", context: nil)
            }
        }

        """
        let lowered = lowerObjectiveC(source, moduleClassParents: ["Base": "NSObject"])
        let lines = lowered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(lines[3].hasSuffix("super.init(); AnyKeyValueObservable(o).addObserver(self, forKeyPath: \"contentOffset\", options: [.new], context: nil) }"))
        #expect(lines[4] == "    deinit { AnyKeyValueObservable(object).removeObserver(self, forKeyPath: \"contentOffset\") ; AnyKeyValueObservable(box!.item).removeObserver(self, forKeyPath: k) }")
        #expect(lines[5].hasPrefix("             func observeValue("))
        #expect(lines[6] == "        NotificationCenter.default.addObserver(self, selector: sel, name: nil, object: nil)")
        #expect(lines[7] == "        super.addObserver(self, forKeyPath: \"a\", context: nil); f().addObserver(self, forKeyPath: \"b\", context: nil)")
        #expect(lines.last == "extension Watch: NSKeyValueObserving {}")

        // What the lowered code does: a scroll view held as an AnyObject tells a plain observer.
        let (host, window) = makeApp()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scroll.contentSize = CGSize(width: 200, height: 1000)
        window.addSubview(scroll)
        let held: AnyObject = scroll, observer = PlainOffsetObserver()
        AnyKeyValueObservable(held).addObserver(observer, forKeyPath: "contentOffset", options: [.new], context: nil)
        scroll.contentOffset = CGPoint(x: 0, y: 80)
        host.step()
        #expect(observer.seen.last == CGPoint(x: 0, y: 80))
        AnyKeyValueObservable(held).removeObserver(observer, forKeyPath: "contentOffset")
        scroll.contentOffset = CGPoint(x: 0, y: 20)
        host.step()
        #expect(observer.seen == [CGPoint(x: 0, y: 80)])
        // Not a responder: nothing to observe, and nothing traps; nil is ignored as Objective-C's nil.
        AnyKeyValueObservable(NSObject()).addObserver(observer, forKeyPath: "x", context: nil)
        AnyKeyValueObservable(nil).removeObserver(observer, forKeyPath: "x")
    }
}
