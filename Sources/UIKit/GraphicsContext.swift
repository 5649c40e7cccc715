// The current graphics context `draw(_:)` and the image renderer push (UK2).
import Geometry
import RenderModel
import Layers
import Timeline
import UpdateLoop

// MARK: - Graphics context

/// The contexts `draw(_:)` and `UIGraphicsImageRenderer` push, innermost last. Held by the
/// facade's drawing, which runs on the main actor only.
@preconcurrency @MainActor
enum GraphicsContextStack {
    static var contexts: [CGContext] = []
}
/// `body` on the main actor when called on the main thread, else nil. UIKit's drawing functions
/// may be called from any isolation (a chart's renderer is a plain class); the context stack and
/// the application's fonts belong to the main thread, so called elsewhere there is no current
/// context, as on iOS for a thread that pushed none (RU3).
/// The main actor runs on the main queue, which a worker thread drains once the main thread has
/// called `dispatchMain()` (as test runners do), so the queue is asked, not only the thread.
func onMainThread<T>(_ body: @MainActor () -> T) -> T? {
    guard Thread.isMainThread || DispatchQueue.getSpecific(key: MainQueueMark.key) == true else { return nil }
    return MainActor.assumeIsolated(body)
}
/// A mark set once on the main queue (never changed after), by which code on it is recognised.
private enum MainQueueMark {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}
/// `UIGraphicsGetCurrentContext()`: the top of the main thread's context stack; nil when empty or
/// off the main thread.
public func UIGraphicsGetCurrentContext() -> CGContext? { onMainThread { GraphicsContextStack.contexts.last } ?? nil }
/// `UIGraphicsPushContext(_:)`: makes `ctx` current (on the main thread only).
public func UIGraphicsPushContext(_ ctx: CGContext) { _ = onMainThread { GraphicsContextStack.contexts.append(ctx) } }
/// `UIGraphicsPopContext()`: drops the current context (on the main thread only).
public func UIGraphicsPopContext() { _ = onMainThread { _ = GraphicsContextStack.contexts.popLast() } }
