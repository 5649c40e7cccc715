import UIKit
// UK7: UIApplicationMain needs the Objective-C runtime; the message names the one-line change.
_ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, "AppDelegate")
