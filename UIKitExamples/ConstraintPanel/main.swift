import UIKit

// snippet: uikit-main
// Linux has no runtime to make the delegate from @main: the one line that differs from iOS.
UIApplication.main(AppDelegate())
// end snippet
