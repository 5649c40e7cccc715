import CAtkShim
import Foundation
import Geometry
@_spi(Engine) import Views
import Timeline

// One window's accessibility tree on the AT-SPI bus (AX2), through ATK and its AT-SPI bridge
// (CAtkShim). Each engine object an assistive technology reaches gets a node: an ATK object
// whose answers are callbacks into this file, computed from the live object when asked
// (AccessibleMapping.swift). Nodes are made on demand, so a tree nobody reads costs nothing;
// the bridge serves D-Bus requests only when the run loop calls ``dispatchPending()`` on the
// main thread (before each frame and while idle), so every view is touched on the main actor.

/// One engine object as ATK sees it: its ATK object (one reference, ours) and what the bridge
/// last reported of it.
@MainActor
final class AccessibleNode {
    unowned let bridge: AccessibilityBridge
    private weak var storedTarget: AccessibilityObject?
    /// The frame: the window's root view (whichever it is now: a root view controller replaces
    /// it), read as a window titled ``AccessibilityBridge/title``.
    let isFrame: Bool
    /// The engine object answered for; nil once it is gone.
    var target: AccessibilityObject? { isFrame ? bridge.window.rootView : storedTarget }
    private(set) var object: OpaquePointer!
    weak var parent: AccessibleNode?
    var children: [AccessibilityObject] = []
    var childrenGeneration = -1
    var reportedStates: AccessibleStates = []
    /// The name and text the bridge last reported (what a change is told against).
    var reportedName: String?
    var reportedText: String?
    /// A text element's selection (characters) the bridge last reported; empty: the caret.
    var reportedSelection: Range<Int>?
    var actions: [AccessibleAction] = []

    init(bridge: AccessibilityBridge, target: AccessibilityObject, isFrame: Bool) {
        self.bridge = bridge
        self.storedTarget = target
        self.isFrame = isFrame
        var interfaces: Int32 = 0
        if !isFrame, !AccessibleMapping.actions(of: target).isEmpty { interfaces |= Int32(TLInterfaceAction) }
        if !isFrame, AccessibleMapping.hasValue(target) { interfaces |= Int32(TLInterfaceValue) }
        let text = AccessibleText.interfaces(of: target)
        if !isFrame, text.text { interfaces |= Int32(TLInterfaceText) }
        if !isFrame, text.editable { interfaces |= Int32(TLInterfaceEditableText) }
        // The node's context pointer through a C callback (AM4), unretained: the bridge owns the node.
        object = OpaquePointer(tl_atk_object_new(bridge.callbacks, Unmanaged.passUnretained(self).toOpaque(), interfaces))
    }

    /// Ends the ATK object's link to this node (it reports itself defunct).
    func detach() {
        guard let o = object else { return }
        object = nil
        tl_atk_object_detach(UnsafeMutableRawPointer(o))
    }

    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(object) }
}

/// A wake-up the shim's watcher thread calls (``AccessibilityBridge/setWake(_:)``): immutable.
final class WakeTarget: Sendable {
    let wake: @Sendable () -> Void
    init(_ wake: @escaping @Sendable () -> Void) { self.wake = wake }
}

/// Serves one window's accessibility tree to assistive technologies (Orca, pyatspi) over
/// AT-SPI. Made by the SDL window host when the desktop's accessibility bus is enabled; tests
/// and tools may make one for any window. All state is this instance's: ATK's process-wide
/// parts (the application object, the bridge's connection) live in the C shim.
@MainActor
public final class AccessibilityBridge {
    /// The window served.
    public let window: Window
    /// The name of the window's frame.
    public var title: String
    /// Where the window's top-left corner is on the screen, in the screen's coordinates (for
    /// screen extents).
    public var screenOrigin: @MainActor () -> Point
    /// The screen's coordinates per point: 1, or the scale an X11 window is drawn at (DK2:
    /// `TIMELINE_SCALE`, `GDK_SCALE`), whose screen extents are in device pixels.
    public var screenUnitsPerPoint = 1.0
    /// The C callbacks every node's ATK object calls (one table per bridge).
    let callbacks: UnsafeMutablePointer<TLAtkCallbacks>
    private var nodes: [ObjectIdentifier: AccessibleNode] = [:]
    private var frame: AccessibleNode!
    private var observer: AccessibilityObserverToken?
    private weak var focusedNode: AccessibleNode?
    /// Bumped for each batch of requests: children lists are computed once per batch.
    private(set) var generation = 0
    private var nodeCountAtPrune = 0

    /// Whether the desktop asks for assistive technologies: `TIMELINE_ACCESSIBILITY=1` (or 0)
    /// decides; `NO_AT_BRIDGE=1` refuses; else the accessibility bus's `IsEnabled` or
    /// `ScreenReaderEnabled` on the session bus (false without one). Blocks up to a second.
    public static func isRequested(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let v = environment["TIMELINE_ACCESSIBILITY"] { return v == "1" }
        if environment["NO_AT_BRIDGE"] == "1" { return false }
        return tl_atk_bus_is_enabled(1000)
    }

    /// Starts ATK's AT-SPI bridge for this process (once) and serves `window` under the
    /// application; nil when the bridge cannot start (no accessibility bus).
    public init?(window: Window, title: String, applicationName: String? = nil,
                 screenOrigin: @escaping @MainActor () -> Point = { .zero }) {
        let name = applicationName ?? ProcessInfo.processInfo.processName
        self.window = window
        self.title = title
        self.screenOrigin = screenOrigin
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: Self.table)
        // The window's frame first: the bridge walks the application's children when it starts.
        frame = AccessibleNode(bridge: self, target: window.rootView, isFrame: true)
        guard tl_atk_start(name) else {
            frame.detach()
            callbacks.deallocate()
            return nil
        }
        tl_atk_add_window(frame.raw)
        observer = window.addAccessibilityObserver { [weak self] n in self?.handle(n) }
    }

    /// What the watcher thread calls when something is ready to serve (``setWake(_:)``).
    private var wakeTarget: WakeTarget?

    /// Has `wake` called, on a thread of the shim's, whenever a reader's request (or a GLib
    /// timer) is ready to be served, so that a run loop waiting for input can wake and call
    /// ``dispatchPending()`` at once instead of looking every few milliseconds (the SDL window's
    /// event pump does). `wake` must only post or signal. One for the process: a later call
    /// (this bridge's or another's) replaces it; nil, or ``close()``, removes this bridge's.
    /// Returns false when nothing would call it (the caller then looks on its own).
    @discardableResult
    public func setWake(_ wake: (@Sendable () -> Void)?) -> Bool {
        // The bridge keeps the target until tl_atk_clear_wake (which waits for a call in
        // progress) has returned: the shim holds it unretained.
        // The target's context pointer through a C callback (AM4), to be cleared.
        if let old = wakeTarget { tl_atk_clear_wake(Unmanaged.passUnretained(old).toOpaque()) }
        wakeTarget = nil
        guard let wake else { return true }
        let target = WakeTarget(wake)
        // The target's context pointer through a C callback (AM4), as above.
        let context = Unmanaged.passUnretained(target).toOpaque()
        let set = tl_atk_set_wake(Self.wakeCallback, context)
        if set { wakeTarget = target }
        return set
    }

    /// What the shim's watcher calls, on its own thread (so not on the main actor): the wake-up
    /// its context stands for.
    private nonisolated static let wakeCallback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        // The target's context pointer through a C callback (AM4), back from the shim.
        context.map { Unmanaged<WakeTarget>.fromOpaque($0).takeUnretainedValue().wake() }
    }

    /// Stops serving the window: its frame leaves the application and every node goes defunct.
    /// The window host calls it when the window closes.
    public func close() {
        guard let frame else { return }
        setWake(nil)
        if let observer { window.removeAccessibilityObserver(observer) }
        tl_atk_remove_window(frame.raw)
        for n in nodes.values { n.detach() }
        nodes = [:]
        frame.detach()
        self.frame = nil
    }

    /// How long ``dispatchPending()`` goes on serving once a request came (a reader's calls come
    /// one after another): at most this much of a frame, and only while a reader is asking
    /// (whole milliseconds, rounded up, at GLib's timer).
    public var burst: Duration = .milliseconds(4)

    /// Serves the requests that arrived (D-Bus calls from assistive technologies): returns at
    /// once when none did, else after ``burst`` of serving. The run loop calls it on
    /// the main thread before each frame and while idle.
    @discardableResult
    public func dispatchPending() -> Int {
        generation += 1
        let n = Int(tl_atk_dispatch_pending(256, burst.roundedUpMilliseconds))
        if nodes.count > 2 * nodeCountAtPrune + 64 { pruneNodes() }
        return n
    }

    /// How many engine objects have ATK objects now (made when reached).
    public var nodeCount: Int { nodes.count }

    // MARK: Nodes

    /// The node of `o`, made when missing (and its parent chain, when `parent` is not known).
    func node(for o: AccessibilityObject, parent: AccessibleNode? = nil) -> AccessibleNode {
        if o === window.rootView { return frame }
        if let n = nodes[ObjectIdentifier(o)], n.target === o { return n }
        nodes[ObjectIdentifier(o)]?.detach()
        let n = AccessibleNode(bridge: self, target: o, isFrame: false)
        n.reportedStates = AccessibleMapping.states(of: o, in: window)
        n.reportedName = AccessibleMapping.name(of: o)
        n.reportedText = AccessibleText.text(of: o)
        n.reportedSelection = AccessibleText.selection(of: o)
        n.parent = parent ?? accessibleParent(of: o).map { node(for: $0) }
        nodes[ObjectIdentifier(o)] = n
        return n
    }

    /// The object above `o` in the tree: an element's container, a view's nearest superview
    /// (the root view's frame at the top); nil outside the window.
    private func accessibleParent(of o: AccessibilityObject) -> AccessibilityObject? {
        if let e = o as? AccessibilityElement { return e.accessibilityContainer }
        guard let v = o as? View, v !== window.rootView else { return nil }
        return v.superview
    }

    /// Drops nodes whose objects are gone (they report defunct).
    private func pruneNodes() {
        for (k, n) in nodes where n.target == nil || n.target === window.rootView {
            n.detach()
            nodes[k] = nil
        }
        nodeCountAtPrune = nodes.count
    }

    func children(of n: AccessibleNode) -> [AccessibilityObject] {
        if n.childrenGeneration != generation {
            n.children = n.target?.accessibilityChildren ?? []
            n.childrenGeneration = generation
        }
        return n.children
    }

    // MARK: Events

    private func handle(_ notification: AccessibilityNotification) {
        generation += 1
        switch notification {
        case .focusChanged(let o):
            if let old = focusedNode { reportStates(of: old) }
            focusedNode = o.map { node(for: $0) }
            // Told as focused even when its node is new (made focused) or kept focus under a
            // menu: a reader presents what focus lands on.
            if let n = focusedNode { n.reportedStates.remove(.focused); reportStates(of: n) }
        case .valueChanged(let o):
            guard let n = existingNode(o) else { return }
            if AccessibleMapping.hasValue(o) { tl_atk_notify_value(n.raw) }
            reportStates(of: n)
        case .traitsChanged(let o):
            if let n = existingNode(o) { reportStates(of: n) }
        case .contentChanged(let o):
            if let n = existingNode(o) { reportContent(of: n) }
        case .childrenChanged(let o):
            if let n = o === window.rootView ? frame : existingNode(o) { reportChildren(of: n) }
        case .selectionChanged(let o):
            if let n = existingNode(o) { reportSelection(of: n) }
        case .screenChanged(let o):
            // A new screen: what the reader presents first is the given element, else the
            // first in reading order (VoiceOver moves there and reads it).
            if let first = o ?? window.rootView.firstAccessibilityElement { presentNext(first) }
        case .layoutChanged(let o):
            if let o { presentNext(o) }
        case .announcement(let text), .pageScrolled(let text):
            if let frame, !text.isEmpty { tl_atk_notify_announcement(frame.raw, text) }
        }
    }

    /// Moves the reader to `o`: the frame's active descendant changes to it (a reader whose
    /// focus is in the frame, as Orca's is, presents it).
    private func presentNext(_ o: AccessibilityObject) {
        guard let frame, o.accessibilityWindow === window else { return }
        tl_atk_notify_active_descendant(frame.raw, node(for: o).raw)
    }

    /// Emits text-selection-changed when the selected text changed and text-caret-moved when
    /// the caret (the selection's end, ATK's caret offset) did, against what was last reported.
    private func reportSelection(of n: AccessibleNode) {
        guard let o = n.target, n.object != nil, let now = AccessibleText.selection(of: o) else { return }
        let old = n.reportedSelection
        guard now != old else { return }
        n.reportedSelection = now
        if !now.isEmpty || !(old?.isEmpty ?? true) { tl_atk_notify_text_selection(n.raw) }
        if now.upperBound != old?.upperBound { tl_atk_notify_caret(n.raw, Int32(now.upperBound)) }
    }

    /// Emits name-changed when the name differs from what was last reported, and text-changed
    /// (the characters removed, then those inserted, between the common start and end) when
    /// the text does.
    private func reportContent(of n: AccessibleNode) {
        guard let o = n.target, n.object != nil else { return }
        let name = AccessibleMapping.name(of: o)
        if name != n.reportedName {
            n.reportedName = name
            tl_atk_notify_name(n.raw)
        }
        let text = AccessibleText.text(of: o)
        guard text != n.reportedText else { return }
        let old = Array((n.reportedText ?? "").unicodeScalars), new = Array((text ?? "").unicodeScalars)
        n.reportedText = text
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        tl_atk_notify_text(n.raw, Int32(start), Int32(old.count - start - end), Int32(new.count - start - end))
        reportSelection(of: n)               // the caret after the edit, once the text is told
    }

    /// Emits children-changed for the objects that left and joined `n`'s children since the
    /// reader last had them; nothing when it never asked for them.
    private func reportChildren(of n: AccessibleNode) {
        guard n.childrenGeneration >= 0, let o = n.target, n.object != nil else { return }
        let old = n.children
        let new = o.accessibilityChildren
        n.children = new
        n.childrenGeneration = generation
        for (i, c) in old.enumerated().reversed() where !new.contains(where: { $0 === c }) {
            if let child = existingNode(c) { tl_atk_notify_children(n.raw, Int32(i), child.raw, false) }
        }
        for (i, c) in new.enumerated() where !old.contains(where: { $0 === c }) {
            tl_atk_notify_children(n.raw, Int32(i), node(for: c, parent: n).raw, true)
        }
    }

    private func existingNode(_ o: AccessibilityObject) -> AccessibleNode? {
        guard let n = nodes[ObjectIdentifier(o)], n.target === o else { return nil }
        return n
    }

    /// Emits a state-changed event for each state that differs from what was last reported.
    private func reportStates(of n: AccessibleNode) {
        guard let o = n.target, n.object != nil else { return }
        let now = AccessibleMapping.states(of: o, in: window)
        let changed = now.symmetricDifference(n.reportedStates)
        n.reportedStates = now
        var bit: UInt64 = 1
        while bit != 0, bit <= changed.rawValue {
            if changed.rawValue & bit != 0 { tl_atk_notify_state(n.raw, bit, now.rawValue & bit != 0) }
            bit <<= 1
        }
    }

    // MARK: Answers (called by the shim on the main thread)

    func states(of n: AccessibleNode) -> AccessibleStates {
        guard let o = n.target else { return [] }
        var s = AccessibleMapping.states(of: o, in: window)
        if n.isFrame { s = [.enabled, .sensitive, .visible, .showing, .active] }
        n.reportedStates = s
        return s
    }

    func extents(of n: AccessibleNode) -> (Rect, Point) {
        guard let o = n.target else { return (.zero, .zero) }
        let r = n.isFrame ? Rect(origin: .zero, size: window.size) : o.accessibilityFrame
        return (Self.screenRect(r, unitsPerPoint: screenUnitsPerPoint), screenOrigin())
    }

    /// Character `offset`'s box in the screen's units relative to the window, and the window's
    /// origin; nil past the end or for an object without text.
    func characterExtents(of n: AccessibleNode, at offset: Int) -> (Rect, Point)? {
        guard let o = n.target, let r = AccessibleText.characterRect(of: o, at: offset) else { return nil }
        return (Self.screenRect(r, unitsPerPoint: screenUnitsPerPoint), screenOrigin())
    }

    /// The character offset nearest a point given in the screen's units relative to the
    /// window; -1 for an object without text.
    func characterOffset(of n: AccessibleNode, atWindowX x: Double, y: Double) -> Int32 {
        let k = screenUnitsPerPoint > 0 ? screenUnitsPerPoint : 1
        guard let o = n.target, let i = AccessibleText.offset(of: o, at: Point(x: x / k, y: y / k)) else { return -1 }
        return Int32(clamping: i)
    }

    /// A rectangle in window points in the screen's units (device pixels on a scaled X11
    /// window), still relative to the window's corner.
    public nonisolated static func screenRect(_ r: Rect, unitsPerPoint k: Double) -> Rect {
        k == 1 ? r : Rect(x: r.minX * k, y: r.minY * k, width: r.width * k, height: r.height * k)
    }

    func grabFocus(_ n: AccessibleNode) -> Bool {
        guard let v = n.target as? View, v.takesTabFocus else { return false }
        return window.focus(v)
    }
}
