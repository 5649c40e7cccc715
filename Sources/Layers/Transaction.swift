import Foundation
import UpdateLoop

/// Groups layer changes and sets how they animate, as Core Animation's `CATransaction`: class
/// methods that act on the current thread's open transactions. Settings inherit outward: a
/// nested transaction that sets no duration uses the enclosing one's, and the outermost falls
/// back to Core Animation's defaults (0.25 s, the default timing function, actions enabled).
///
/// Like Core Animation's, the stack of open transactions is per thread (the main thread, for
/// layers): it holds only the settings of the `begin()`/`commit()` pairs open on that thread.
/// The implicit transaction, the animations and their completions belong to the
/// ``LayerEngine`` of each layer's tree, which starts the animations added under a transaction
/// at its next frame (CA7).
@MainActor
public enum Transaction {
    final class Frame {
        var duration: Double?
        var timingFunction: MediaTimingFunction?
        var disableActions: Bool?
        var completion: CompletionGroup?
        var values: [String: Any] = [:]
    }

    final class Stack {
        var frames: [Frame] = []

        /// Whether property changes run no actions: the innermost open transaction's setting,
        /// or false.
        var disablesActions: Bool {
            for f in frames.reversed() { if let d = f.disableActions { return d } }
            return false
        }
    }

    private static let threadKey = "timeline.layers.transactions"

    /// The open transactions of the current thread. A ``LayerEngine`` keeps the stack of the
    /// thread it was made on, so that a property set on that thread reads it without looking in
    /// the thread's dictionary.
    static var stack: Stack {
        let dict = Thread.current.threadDictionary
        if let s = dict[threadKey] as? Stack { return s }
        let s = Stack()
        dict[threadKey] = s
        return s
    }

    /// Opens a transaction (nested ones inherit the settings of the ones around them).
    public static func begin() { stack.frames.append(Frame()) }

    /// Closes the innermost transaction. Its animations start at the next frame; its completion
    /// block runs once they have all finished (at once, in the next completions phase, when it
    /// added none). A commit with no open transaction is ignored.
    public static func commit() {
        guard let f = stack.frames.popLast() else { return }
        if let g = f.completion { g.close() }
    }

    /// Commits the open transactions' changes now, as `flush()`: animations added so far get
    /// the current frame time as their begin time when the engine next runs. (The engine
    /// already starts everything at its next frame; flush does not render by itself.)
    public static func flush() {}

    /// The duration for implicit animations (default 0.25 s).
    public static func animationDuration() -> Double {
        for f in stack.frames.reversed() { if let d = f.duration { return d } }
        return Animation.defaultDuration
    }

    /// Sets the innermost open transaction's animation duration (negative or non-finite values
    /// are ignored).
    public static func setAnimationDuration(_ duration: Double) {
        guard duration.isFinite, duration >= 0 else { return }
        stack.frames.last?.duration = duration
    }

    /// The timing function for implicit animations; nil means the default.
    public static func animationTimingFunction() -> MediaTimingFunction? {
        for f in stack.frames.reversed() { if let t = f.timingFunction { return t } }
        return nil
    }

    /// Sets the innermost open transaction's timing function.
    public static func setAnimationTimingFunction(_ function: MediaTimingFunction?) {
        stack.frames.last?.timingFunction = function
    }

    /// Whether property changes run no actions (no implicit animations).
    public static func disableActions() -> Bool { stack.disablesActions }

    /// Turns actions off (or on) for the innermost open transaction.
    public static func setDisableActions(_ flag: Bool) { stack.frames.last?.disableActions = flag }

    /// The innermost open transaction's completion block.
    public static func completionBlock() -> (() -> Void)? { stack.frames.last?.completion?.block }

    /// Sets the block that runs once every animation added under the innermost open transaction
    /// (from now on) has finished or been removed.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard let f = stack.frames.last else { return }
        if let old = f.completion { old.block = nil }
        f.completion = block.map { CompletionGroup($0) }
    }

    /// A value set under `key` on an open transaction, innermost first.
    public static func value(forKey key: String) -> Any? {
        switch key {
        case "animationDuration": return animationDuration()
        case "animationTimingFunction": return animationTimingFunction()
        case "disableActions": return disableActions()
        default:
            for f in stack.frames.reversed() { if let v = f.values[key] { return v } }
            return nil
        }
    }

    /// Sets a value on the innermost open transaction.
    public static func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "animationDuration": if let d = value as? Double { setAnimationDuration(d) }
        case "animationTimingFunction": setAnimationTimingFunction(value as? MediaTimingFunction)
        case "disableActions": setDisableActions((value as? Bool) ?? false)
        default: stack.frames.last?.values[key] = value
        }
    }

    /// The completion groups of the open transactions, innermost first (an animation added now
    /// counts toward each).
    static var openCompletions: [CompletionGroup] {
        stack.frames.reversed().compactMap(\.completion)
    }

    /// Whether any transaction is open on this thread.
    public static var isOpen: Bool { !stack.frames.isEmpty }
}

/// The animations a transaction's completion block waits for.
@MainActor
final class CompletionGroup {
    var block: (() -> Void)?
    var pending = 0
    var isClosed = false
    /// The engine whose completions phase runs the block (the first that added an animation).
    var engine: LayerEngine? {
        get { engineReference?.object }
        set { engineReference = newValue?.reference }
    }
    /// The engine through its ``ObjectReference`` (not weakly: AM4).
    private var engineReference: ObjectReference<LayerEngine>?

    init(_ block: @escaping () -> Void) { self.block = block }

    func close() {
        isClosed = true
        if pending == 0 { fire() }
    }

    func animationEnded() {
        pending -= 1
        if pending == 0 && isClosed { fire() }
    }

    private func fire() {
        guard let b = block else { return }
        block = nil
        if let e = engine { e.enqueueCallback(b) } else { b() }
    }
}
