import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry

/// MR2, MR3 in the UIKit facade: targets and observers are held as UIKit holds them (weakly,
/// except a display link's target, which it retains until invalidated), so nothing keeps a
/// screen alive once its owner lets it go. (The application keeps a timer, so these hosts never
/// idle: frames are stepped.)
@MainActor
@Suite("MR2 MR3 UIKit facade leaks")
struct UIKitLeakTests {
    final class Screen: UIViewController {
        var taps = 0, pans = 0
        let button = UIButton(type: .system)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        override func viewDidLoad() {
            super.viewDidLoad()
            button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
            button.addTarget(self, action: Selector("tapped:", method: Screen.tapped), for: .touchUpInside)
            view.addSubview(button)
            pan.addTarget(self, action: Selector("panned:", method: Screen.panned))
            view.addGestureRecognizer(pan)
        }
        func tapped(_ sender: UIButton) { taps += 1 }
        func panned(_ g: UIPanGestureRecognizer) { pans += 1 }
    }

    @Test("MR3: addTarget(_:action:for:) and a recognizer's addTarget hold the target weakly: a screen targeted by its own controls is freed")
    func MR3_targetActionIsWeak() {
        let (host, window) = makeApp(width: 320, height: 480)
        window.makeKeyAndVisible()
        host.step(frames: 40)
        var survivor: UIButton?
        expectFreed(settle: { host.step(frames: 40) }) {
            var watched: [AnyObject] = []
            for i in 0..<100 {
                let s = Screen()
                s.view.frame = window.bounds
                window.addSubview(s.view)
                host.step()
                // A click on the button reaches the target.
                let p = s.button.view.convert(Point(x: 20, y: 20), to: nil)
                host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p))
                host.step()
                #expect(s.taps == 1)
                s.view.removeFromSuperview()
                host.step()
                if i == 99 { survivor = s.button }
                watched += [s, s.view, s.pan] + (i == 99 ? [] : [s.button])
            }
            return watched
        }
        // The button outlived its target: its action goes nowhere, and nothing traps.
        let button = try! #require(survivor)
        button.sendActions(for: .touchUpInside)
        #expect(button.allTargets().isEmpty)
        survivor = nil
        host.step(frames: 40)
    }

    final class Ticker {
        var ticks = 0
        func step(_ link: CADisplayLink) { ticks += 1 }
    }

    @Test("MR2: a display link keeps its target until invalidated, as on iOS; invalidate frees both the link and the target")
    func MR2_displayLinkKeepsTargetUntilInvalidated() {
        let (host, _) = makeApp()
        let refs = weakReferences {
            let t = Ticker()
            let link = CADisplayLink(target: t, selector: Selector("step:", method: Ticker.step(_:)))
            link.add(to: .main, forMode: .common)
            return [link, t]
        }
        host.step(frames: 5)
        #expect(refs.allAlive, "the run loop keeps the link and the link its target: \(describeAlive(refs))")
        #expect((refs[1].object as? Ticker)?.ticks == 5)
        (refs[0].object as? CADisplayLink)?.invalidate()
        #expect(!refs.anyAlive, "invalidated: \(describeAlive(refs))")
        host.step(frames: 40)
        // A link never added to a run loop goes with its owner, and its target with it.
        expectFreed {
            let t = Ticker()
            return [CADisplayLink(target: t, selector: Selector("step:", method: Ticker.step(_:))), t]
        }
    }

    final class Observer {
        var notes = 0
        func note(_ n: Notification) { notes += 1 }
    }

    @Test("MR3: a selector observer of the notification centre is held weakly and its observation ends with it")
    func MR3_notificationObserverIsWeak() {
        let name = Notification.Name("MR3.leakTest.\(UInt64.random(in: 0...UInt64.max))")
        expectFreed {
            let o = Observer()
            NotificationCenter.default.addObserver(o, selector: Selector("note:", method: Observer.note), name: name, object: nil)
            NotificationCenter.default.post(name: name, object: nil)
            #expect(o.notes == 1)
            return [o]
        }
        NotificationCenter.default.post(name: name, object: nil)          // nobody is left: nothing traps
    }

    final class StopLog { var stops: [Bool] = [] }
    final class Delegate: NSObject, CAAnimationDelegate {
        let log: StopLog
        init(_ log: StopLog) { self.log = log }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.stops.append(flag) }
    }

    @Test("MR3: a CAAnimation retains its delegate while it runs, as Core Animation does, and lets it go when it ends")
    func MR3_caAnimationDelegate() {
        let (host, window) = makeApp()
        window.makeKeyAndVisible()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(v)
        host.step(frames: 40)
        let log = StopLog()
        let refs = weakReferences {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0.0
            a.toValue = 1.0
            a.duration = 0.3
            let d = Delegate(log)
            a.delegate = d
            v.layer.add(a, forKey: "fade")
            return [d]
        }
        host.step(frames: 3)
        #expect(refs.allAlive, "the running animation keeps its delegate")
        host.step(frames: 40)
        #expect(log.stops == [true])
        #expect(!refs.anyAlive, "ended: \(describeAlive(refs))")
        v.removeFromSuperview()
        host.step(frames: 40)
    }
}
