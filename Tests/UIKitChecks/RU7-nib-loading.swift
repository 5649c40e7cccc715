import UIKit
// RU7: a view loaded from a nib by name cannot exist on Linux; this must not compile, with a
// message that says so (not a missing member).
final class CalloutView: UIView {
    static func fromNib() -> CalloutView? {
        Bundle.main.loadNibNamed("CalloutView", owner: nil, options: nil)?.first as? CalloutView
    }
}
