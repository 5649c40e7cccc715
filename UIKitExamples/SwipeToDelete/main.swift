import UIKit

// Linux has no runtime to make the delegates from @main and the Info.plist's scene manifest:
// the one line that differs from iOS.
UIApplication.main(AppDelegate(), sceneDelegate: SceneDelegate())
