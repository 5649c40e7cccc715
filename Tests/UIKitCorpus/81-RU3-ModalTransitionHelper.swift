import UIKit

// RU3: a transition helper whose animations are optional methods of its own @objc protocol,
// asked for with responds(to:) on a selector of the protocol; the coordinator context names the
// controllers; and a curved tab bar finding its selected item's view by key.

@objc public protocol ModalTransitionAnimations: NSObjectProtocol {
    @objc optional func animatePresentation(interactive: Bool)
}

open class ModalTransitionHelper: NSObject, UIViewControllerTransitioningDelegate, ModalTransitionAnimations {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        presented.modalPresentationCapturesStatusBarAppearance = true
        guard responds(to: #selector(ModalTransitionAnimations.animatePresentation(interactive:))) else { return nil }
        return nil
    }

    func restore(after dismissed: UIViewController) {
        dismissed.transitionCoordinator?.animate(alongsideTransition: nil) { context in
            if !context.isCancelled, let to = context.viewController(forKey: .to) {
                UIApplication.shared.windows.first?.addSubview(to.view)
            }
        }
    }
}

final class CurvedTabBar: UITabBar {
    func selectedIconCenter() -> CGPoint? {
        guard let icon = (selectedItem?.value(forKey: "view") as? UIView)?.subviews.first else { return nil }
        return icon.center
    }
}
