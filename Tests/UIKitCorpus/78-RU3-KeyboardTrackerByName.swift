import UIKit

// RU3: a keyboard tracker that listens to every keyboard notification (the frame changes and
// the "is local" key among them), finds the application by its class name as extension-safe
// code does, and converts a touch into the screen's coordinate space.

public final class KeyboardTracker: NSObject {
    public private(set) var keyboardFrame: CGRect = .zero
    public private(set) var isLocal = true

    public func start() {
        let center = NotificationCenter.default
        center.addObserver(self, selector: #selector(frameChanged(_:)), name: UIResponder.keyboardDidChangeFrameNotification, object: nil)
        center.addObserver(self, selector: #selector(frameChanged(_:)), name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
    }

    @objc private func frameChanged(_ note: Notification) {
        if let local = (note.userInfo?[UIResponder.keyboardIsLocalUserInfoKey] as? NSNumber)?.boolValue { isLocal = local }
        if let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue { keyboardFrame = frame }
    }

    /// The app's first window, reached by name so the code also builds in an app extension.
    public func firstWindow() -> UIWindow? {
        let selector = NSSelectorFromString("sharedApplication")
        guard let type = NSClassFromString("UIApplication"), type.responds(to: selector),
              let app = UIApplication.perform(selector).takeUnretainedValue() as? UIApplication else { return nil }
        return app.windows.first
    }

    public func screenLocation(of pan: UIPanGestureRecognizer) -> CGPoint? {
        guard let view = pan.view else { return nil }
        return view.convert(pan.location(in: view), to: UIScreen.main.coordinateSpace)
    }
}
