import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import Timeline
import TimelineTestSupport
import Geometry

@MainActor
@Suite("UK1 paragraph styles, effects, edge pans and layer kinds")
struct UIKitMoreTypesTests {
    @Test("UK1 an NSParagraphStyle in a label's attributed text reaches its layout (alignment, line spacing)")
    func UK1_paragraphStyle() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 6
        let label = UILabel()
        label.attributedText = NSAttributedString(string: "Centred", attributes: [.paragraphStyle: style])
        let engine = try #require(label.label.attributedText)
        let p = try #require(engine.runs.first?.timeline.paragraphStyle)
        #expect(p.alignment == .center && p.lineSpacing == 6)
        #expect((style.copy() as! NSParagraphStyle).lineSpacing == 6 && !(style.copy() is NSMutableParagraphStyle))
    }

    final class Target { var states: [UIGestureRecognizer.State] = []; func pan(_ g: UIScreenEdgePanGestureRecognizer) { states.append(g.state) } }

    @Test("UK1 a screen-edge pan begins only when the drag starts near its edge")
    func UK1_screenEdgePan() {
        let (host, window) = makeApp(width: 300, height: 300)
        let target = Target()
        let edge = UIScreenEdgePanGestureRecognizer(target: target, action: Selector("pan:", method: Target.pan))
        edge.edges = .left
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        v.addGestureRecognizer(edge)
        window.addSubview(v)
        window.makeKeyAndVisible()
        host.step()
        func drag(from x: Double) {
            host.runLoop.send(.pointerDown(Point(x: x, y: 150)))
            for k in 1...5 { host.runLoop.send(.pointerMoved(Point(x: x + Double(k) * 10, y: 150), buttons: 1)); host.step() }
            host.runLoop.send(.pointerUp(Point(x: x + 50, y: 150)))
            host.step()
        }
        drag(from: 150)
        #expect(target.states.isEmpty, "a drag from the middle is no edge pan")
        drag(from: 5)
        #expect(target.states.first == .began && target.states.last == .ended)
    }

    @Test("UK1 a value function makes a transform animation a rotation; a scroll layer scrolls its bounds; a visual effect view hosts content")
    func UK1_valueFunctionScrollLayerEffects() {
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        #expect(spin.keyPath == "transform.rotation.z")
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroller.scrollMode = .vertically
        scroller.scroll(to: CGPoint(x: 40, y: 60))
        #expect(scroller.bounds.origin == CGPoint(x: 0, y: 60) && scroller.masksToBounds)
        scroller.scroll(to: CGRect(x: 0, y: 10, width: 10, height: 10))
        #expect(scroller.bounds.origin.y == 10)
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialDark))
        blur.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
        let label = UILabel()
        blur.contentView.addSubview(label)
        #expect(blur.contentView.superview === blur && label.superview === blur.contentView)
        #expect(blur.backgroundColor != nil && blur.backgroundColor != .clear)
    }
}

@Suite("UK1 font descriptors")
struct UIKitFontDescriptorTests {
    @Test("UK1 a font descriptor adds and removes bold, italic and monospaced traits and sizes; UIFont(descriptor:size:) makes the font")
    func UK1_fontDescriptor() throws {
        let body = UIFont.systemFont(ofSize: 17)
        let boldItalic = try #require(body.fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic]))
        #expect(boldItalic.symbolicTraits.contains(.traitBold) && boldItalic.symbolicTraits.contains(.traitItalic))
        let font = UIFont(descriptor: boldItalic, size: 0)
        #expect(font.pointSize == 17 && font.font.isItalic && font.font.weight == .bold)
        let plain = try #require(boldItalic.withSymbolicTraits([]))
        #expect(plain.symbolicTraits.isEmpty && UIFont(descriptor: plain, size: 20).pointSize == 20)
        let mono = try #require(body.fontDescriptor.withDesign(.monospaced))
        #expect(UIFont(descriptor: mono, size: 0).font.familyName == "DejaVu Sans Mono" && mono.symbolicTraits.contains(.traitMonoSpace))
        #expect(body.fontDescriptor.withSize(30).pointSize == 30)
    }
}
