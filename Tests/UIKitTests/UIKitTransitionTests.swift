import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel
import UpdateLoop

final class CardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    var ended: [Bool] = []
    init(presenting: Bool) { self.presenting = presenting }
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let vc = transitionContext.viewController(forKey: key) else { return transitionContext.completeTransition(false) }
        let container = transitionContext.containerView
        let final = transitionContext.finalFrame(for: vc)
        if presenting {
            container.addSubview(vc.view)
            vc.view.frame = final.offsetBy(dx: 0, dy: container.bounds.height)
        }
        UIView.animate(withDuration: 0.4, animations: {
            vc.view.frame = self.presenting ? final : final.offsetBy(dx: 0, dy: container.bounds.height)
        }, completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

final class CardPresentation: UIPresentationController {
    let dimming = UIView()
    var log: [String] = []
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let c = containerView else { return .zero }
        return CGRect(x: 0, y: c.bounds.height / 2, width: c.bounds.width, height: c.bounds.height / 2)
    }
    override func presentationTransitionWillBegin() {
        log.append("willBegin")
        dimming.backgroundColor = .black
        dimming.alpha = 0
        dimming.frame = containerView!.bounds
        containerView!.addSubview(dimming)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0.5 }, completion: nil)
    }
    override func presentationTransitionDidEnd(_ completed: Bool) { log.append("didEnd \(completed)") }
    override func dismissalTransitionWillBegin() {
        log.append("dismissWillBegin")
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 }, completion: nil)
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log.append("dismissDidEnd \(completed)") }
}

final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
    var presentation: CardPresentation?
    let present = CardAnimator(presenting: true), dismiss = CardAnimator(presenting: false)
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController? {
        let p = CardPresentation(presentedViewController: presented, presenting: presenting)
        presentation = p
        return p
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { present }
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { dismiss }
}

final class GreenScreen: UIViewController {
    override func loadView() { view = UIView(); view.backgroundColor = .systemGreen }
}

@MainActor
@Suite("UK1 custom presentation transitions")
struct UIKitTransitionTests {
    @Test("UK1 a transitioning delegate's animator and presentation controller present and dismiss; the coordinator runs the dimming alongside")
    func UK1_customTransition() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        let card = LoggingController()
        let transitions = CardTransitions()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions
        var presented = false
        screen.present(card, animated: true) { presented = true }
        let p = try! #require(transitions.presentation)
        #expect(p.log == ["willBegin"] && p.containerView?.window === window)
        #expect(screen.presentedViewController === card && card.presentationController === p)
        runFor(host, seconds: 0.2)
        #expect(p.dimming.view.presentation.opacity > 0 && p.dimming.view.presentation.opacity < 0.5)   // alongside, in flight
        runFor(host, seconds: 0.5)
        #expect(presented && p.log == ["willBegin", "didEnd true"] && transitions.present.ended == [true])
        #expect(card.view.frame == CGRect(x: 0, y: 200, width: 300, height: 200) && p.dimming.alpha == 0.5)
        #expect(card.log.suffix(3) == ["load", "willAppear", "didAppear"])
        var dismissed = false
        card.dismiss(animated: true) { dismissed = true }
        #expect(p.log.last == "dismissWillBegin")
        runFor(host, seconds: 0.7)
        #expect(dismissed && p.log.last == "dismissDidEnd true" && transitions.dismiss.ended == [true])
        #expect(screen.presentedViewController == nil && card.viewIfLoaded?.superview == nil && p.containerView?.superview == nil)
        #expect(card.log.suffix(2) == ["willDisappear", "didDisappear"])
    }

    final class PresentationOnly: NSObject, UIViewControllerTransitioningDelegate {
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController? {
            CardPresentation(presentedViewController: presented, presenting: presenting)
        }
    }

    @Test("UK1 a presentation controller without an animator: the view slides up into its frame and down when dismissed")
    func UK1_presentationWithoutAnimator() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        let card = LoggingController(), transitions = PresentationOnly()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions
        screen.present(card, animated: true)
        runFor(host, seconds: 0.1)
        #expect(card.view.view.presentation.position.y > 300)                  // on its way up
        runFor(host, seconds: 0.6)
        #expect(card.view.frame == CGRect(x: 0, y: 200, width: 300, height: 200) && card.log.last == "didAppear")
        card.dismiss(animated: false)
        #expect(screen.presentedViewController == nil && card.viewIfLoaded?.superview == nil)
    }

    @Test("UK1 with a root view controller, views know their window, and a view added to the window shows over the controller's")
    func UK1_windowWithRootController() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        #expect(screen.view.window === window)
        let toast = UIView(frame: CGRect(x: 20, y: 300, width: 260, height: 40))
        window.addSubview(toast)
        // As in UIKit: the controller's view and the toast are both subviews of the window.
        #expect(toast.window === window && toast.superview === window && window.subviews.last === toast && screen.view.superview === window)
    }

    @Test("UK1 a controller presented without another reference lives while presented (its own view shows)")
    func UK1_presentedControllerIsKept() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        screen.present(GreenScreen(), animated: false)
        host.step()
        let shown = try! #require(screen.presentedViewController)
        #expect(shown is GreenScreen && shown.view.backgroundColor == .systemGreen)
        screen.dismiss(animated: false)
        host.step()
        #expect(screen.presentedViewController == nil)
    }
}
