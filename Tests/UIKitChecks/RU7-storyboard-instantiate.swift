import UIKit
// RU7: a storyboard cannot be made on Linux (a controller's `storyboard` is nil, as for one made
// in code); making one by name is refused with a message that says to build in code.
final class CurvedTabs: UITabBarController {
    static func instantiate() -> UIViewController {
        UIStoryboard(name: "Storyboard", bundle: Bundle.main).instantiateViewController(withIdentifier: "Tabs")
    }
}
