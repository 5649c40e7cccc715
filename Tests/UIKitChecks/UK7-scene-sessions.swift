import UIKit

// A second window scene: Linux has only the one made at launch (UK7).
func openAnotherWindow() {
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil)
}
