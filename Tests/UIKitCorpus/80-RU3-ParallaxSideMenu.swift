import UIKit

// RU3: a side menu container as menu libraries write it: controllers named by storyboard
// identifiers (read in awakeFromNib, nil here as for a menu made in code), tilt parallax through
// motion effects, the navigation controller's swipe-back recognizer, the status bar animation
// and the old rotation callback, and a status bar update performed by selector.

open class ParallaxSideMenu: UIViewController {
    public var contentViewStoryboardID: String?
    public var contentViewController: UIViewController?
    private let menuContainer = UIView()

    open override func awakeFromNib() {
        super.awakeFromNib()
        if let id = contentViewStoryboardID {
            contentViewController = storyboard?.instantiateViewController(withIdentifier: id)
        }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(menuContainer)
        for effect in menuContainer.motionEffects { menuContainer.removeMotionEffect(effect) }
        let horizontal = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
        horizontal.minimumRelativeValue = -15
        horizontal.maximumRelativeValue = 15
        menuContainer.addMotionEffect(horizontal)
        if let nav = contentViewController as? UINavigationController {
            nav.interactivePopGestureRecognizer?.isEnabled = false
        }
    }

    func refreshStatusBar() {
        if responds(to: #selector(UIViewController.setNeedsStatusBarAppearanceUpdate)) {
            UIView.animate(withDuration: 0.3) {
                self.perform(#selector(UIViewController.setNeedsStatusBarAppearanceUpdate))
            }
        }
    }

    open override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation {
        contentViewController?.preferredStatusBarUpdateAnimation ?? .fade
    }

    open override func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
        menuContainer.frame = view.bounds
    }
}
