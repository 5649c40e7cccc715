import UIKit
// UK7: storyboards do not exist on Linux; this must not compile, with a message that says so.
let storyboard = UIStoryboard(name: "Main", bundle: nil)
