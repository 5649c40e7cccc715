import UIKit
// UK7: haptics do not exist on Linux desktops; this must not compile, with a message that says so.
let generator = UIImpactFeedbackGenerator(style: .medium)
