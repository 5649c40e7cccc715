import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport

@MainActor
@Suite("UK1 navigation controller delegates: animators and interaction controllers")
struct UIKitNavigationAnimatorTests {
    final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
        var ran = 0
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            ran += 1
            guard let to = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) else {
                return transitionContext.completeTransition(false)
            }
            to.frame = transitionContext.finalFrame(for: toVC)
            to.alpha = 0
            transitionContext.containerView.addSubview(to)
            UIView.animate(withDuration: 0.3, animations: { to.alpha = 1 }) { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }
    /// The same fade made with a property animator.
    final class AnimatorFade: NSObject, UIViewControllerAnimatedTransitioning {
        var ended: [UIViewAnimatingPosition] = []
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            guard let to = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) else {
                return transitionContext.completeTransition(false)
            }
            to.frame = transitionContext.finalFrame(for: toVC)
            to.alpha = 0
            transitionContext.containerView.addSubview(to)
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.3, delay: 0, options: [], animations: { to.alpha = 1 }) { position in
                self.ended.append(position)
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }
    final class Delegate: NSObject, UINavigationControllerDelegate {
        let fade = Fade()
        var animatorFade: AnimatorFade?
        var interaction: UIPercentDrivenInteractiveTransition?
        var log: [String] = []
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
            log.append("will \(viewController.title ?? "")")
        }
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            log.append("did \(viewController.title ?? "")")
        }
        func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
            log.append(operation == .push ? "push" : "pop")
            return animatorFade ?? fade
        }
        func navigationController(_ navigationController: UINavigationController,
                                  interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)? { interaction }
    }

    func screen(_ title: String) -> UIViewController { let c = UIViewController(); c.title = title; return c }

    @Test("UK1 a push and a pop run by the delegate's animator in a container over the content; willShow and didShow come around them")
    func UK1_delegateAnimator() {
        let (host, window) = makeApp(width: 390, height: 600)
        let root = screen("Root"), detail = screen("Detail")
        let nav = UINavigationController(rootViewController: root)
        let delegate = Delegate()
        nav.delegate = delegate
        window.rootViewController = nav
        window.makeKeyAndVisible()
        host.step(frames: 2)
        nav.pushViewController(detail, animated: true)
        host.step(frames: 3)
        #expect(delegate.fade.ran == 1 && detail.transitionCoordinator != nil)
        #expect(detail.view.view.presentation.opacity > 0 && detail.view.view.presentation.opacity < 1, "mid-fade on screen")
        runFor(host, seconds: 0.5)
        #expect(nav.viewControllers == [root, detail] && detail.transitionCoordinator == nil)
        #expect(detail.view.superview === nav.view && detail.view.frame == CGRect(x: 0, y: 44, width: 390, height: 556))
        nav.popViewController(animated: true)
        runFor(host, seconds: 0.5)
        #expect(nav.viewControllers == [root] && detail.view.superview == nil)
        #expect(delegate.log == ["will Root", "did Root", "will Detail", "push", "did Detail", "will Root", "pop", "did Root"]
                || delegate.log.filter { $0 != "will Root" && $0 != "did Root" } == ["will Detail", "push", "did Detail", "pop"])
    }

    @Test("CA8 a percent-driven interaction scrubs the animator's animations on layer time; cancel runs them back, finish on",
          arguments: [false, true])
    func CA8_percentDrivenInteractionScrubs(withPropertyAnimator: Bool) {
        let (host, window) = makeApp(width: 390, height: 600)
        let root = screen("Root"), detail = screen("Detail")
        let nav = UINavigationController(rootViewController: root)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        host.step(frames: 2)
        nav.pushViewController(detail, animated: false)
        host.step(frames: 2)
        let delegate = Delegate()
        // The fade made with a view block, or with a UIViewPropertyAnimator (which runs on layer
        // time as blocks do).
        let animatorFade = AnimatorFade()
        if withPropertyAnimator { delegate.animatorFade = animatorFade }
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        nav.delegate = delegate
        func shown() -> Double { root.view.view.presentation.opacity }

        nav.popViewController(animated: true)
        host.step()
        // The animator ran at once (root fades in over 0.3 s), paused at the start.
        #expect(detail.transitionCoordinator?.isInteractive == true && delegate.fade.ran == (withPropertyAnimator ? 0 : 1))
        #expect(shown() == 0)
        interaction.update(0.4)
        host.step(frames: 5)
        #expect(interaction.percentComplete == 0.4)
        #expect(abs(shown() - TimingCurve.easeInOut.progress(fraction: 0.4)) < 1e-6, "scrubbed to 40%, and held there")
        interaction.update(0.7)
        host.step()
        #expect(abs(shown() - TimingCurve.easeInOut.progress(fraction: 0.7)) < 1e-6)
        interaction.cancel()
        host.step(frames: 3)
        #expect(shown() < TimingCurve.easeInOut.progress(fraction: 0.7) && shown() > 0, "running back")
        runFor(host, seconds: 0.5)
        #expect(nav.viewControllers == [root, detail] && detail.view.superview === nav.view && detail.transitionCoordinator == nil)
        // A property animator run back to its start on layer time ends there.
        #expect(animatorFade.ended == (withPropertyAnimator ? [.start] : []))

        nav.popViewController(animated: true)
        host.step()
        interaction.update(0.8)
        host.step()
        #expect(abs(shown() - TimingCurve.easeInOut.progress(fraction: 0.8)) < 1e-6)
        interaction.finish()
        host.step(frames: 2)
        #expect(shown() > TimingCurve.easeInOut.progress(fraction: 0.8), "running on from 80%")
        runFor(host, seconds: 0.5)
        #expect(nav.viewControllers == [root] && shown() == 1)
        #expect(withPropertyAnimator ? animatorFade.ended == [.start, .end] : delegate.fade.ran == 2)
    }
}
