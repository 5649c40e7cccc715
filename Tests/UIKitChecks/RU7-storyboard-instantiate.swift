import UIKit
// RU7: a controller's storyboard cannot exist on Linux; the message says to build in code.
final class Menu: UIViewController {
    func next() -> UIViewController? { storyboard?.instantiateViewController(withIdentifier: "Next") }
}
