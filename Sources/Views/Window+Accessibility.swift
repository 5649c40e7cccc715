import Geometry

// A window's accessibility tree and the notifications about it (AX1). The tree is the live
// objects themselves: the root view, and under each object its ``accessibilityChildren``
// (an element is a leaf; a container lists its ``accessibilityElements`` or its visible
// subviews in reading order). A bridge (AX2, AT-SPI) walks it from ``Window/rootView`` and
// subscribes with ``Window/addAccessibilityObserver(_:)``; the engine posts value, state and
// focus changes only while an observer is attached, so a window nobody reads pays nothing.

/// Something an assistive technology should hear about, as `UIAccessibility.Notification`
/// plus the changes the engine reports itself for a bridge.
public enum AccessibilityNotification {
    /// A new screen appeared (a pushed or presented controller); the argument is what to read
    /// first (nil: the first element).
    case screenChanged(AccessibilityObject?)
    /// Part of the screen changed; the argument is what to read next.
    case layoutChanged(AccessibilityObject?)
    /// Text to speak now.
    case announcement(String)
    /// A scroll view moved a page; the text says where it is now.
    case pageScrolled(String)
    /// An element's value changed (a slider moved, a switch toggled): posted by the engine.
    case valueChanged(AccessibilityObject)
    /// An element's traits changed (enabled, selected): posted by the engine.
    case traitsChanged(AccessibilityObject)
    /// Keyboard focus moved (AX3); nil: nothing is focused.
    case focusChanged(AccessibilityObject?)
    /// What an element says changed: its label (a label's text, a new accessibility label) or
    /// its text (a field's contents). Posted by the engine.
    case contentChanged(AccessibilityObject)
    /// The elements under an object may have changed: a subview was added, removed, hidden or
    /// shown. Posted by the engine for the superview.
    case childrenChanged(AccessibilityObject)
    /// A text element's caret moved or its selection changed (typing, arrows, a click, a
    /// selection set in code). Posted by the engine.
    case selectionChanged(AccessibilityObject)
}

/// Identifies an observer added to a window, for removing it.
public struct AccessibilityObserverToken: Hashable, Sendable { let id: Int }

/// A window's accessibility side state: observers and keyboard focus (Window+Focus.swift).
final class WindowAccessibility {
    var observers: [(id: Int, body: @MainActor (AccessibilityNotification) -> Void)] = []
    var nextObserver = 0
    /// The control Tab moved to that is not first responder (a button): keys go to it first.
    weak var focusedControl: View?
    /// The view the focus ring is drawn around (focus that the keyboard moved).
    weak var ringView: View?
}

extension Window {
    var accessibility: WindowAccessibility {
        if let a = accessibilityState { return a }
        let a = WindowAccessibility()
        accessibilityState = a
        return a
    }

    /// Calls `body` with each notification posted to this window, until removed. The engine
    /// reports changes (values, traits, focus) only while an observer is attached.
    @discardableResult
    public func addAccessibilityObserver(_ body: @escaping @MainActor (AccessibilityNotification) -> Void) -> AccessibilityObserverToken {
        let a = accessibility
        a.nextObserver += 1
        a.observers.append((a.nextObserver, body))
        return AccessibilityObserverToken(id: a.nextObserver)
    }

    /// Stops the observer `token` names; a token already removed is ignored.
    public func removeAccessibilityObserver(_ token: AccessibilityObserverToken) {
        accessibilityState?.observers.removeAll { $0.id == token.id }
    }

    /// Whether anything observes this window's accessibility (a bridge, a test).
    public var hasAccessibilityObservers: Bool { !(accessibilityState?.observers.isEmpty ?? true) }

    /// Delivers `notification` to this window's observers, in the order they were added, as
    /// `UIAccessibility.post(notification:argument:)` does to the screen reader.
    public func postAccessibilityNotification(_ notification: AccessibilityNotification) {
        guard let observers = accessibilityState?.observers, !observers.isEmpty else { return }
        for o in observers { o.body(notification) }
    }

    /// The elements an assistive technology visits, in reading order (what swiping through
    /// the screen reads): the leaves of the tree under the root view.
    public func accessibilityLeaves() -> [AccessibilityObject] {
        var out: [AccessibilityObject] = []
        func walk(_ o: AccessibilityObject) {
            if o.isAccessibilityElement { out.append(o); return }
            for c in o.accessibilityChildren { walk(c) }
        }
        walk(rootView)
        return out
    }

    /// The element labelled `label` (first in reading order), for tests and tools.
    public func accessibilityElement(labelled label: String) -> AccessibilityObject? {
        accessibilityLeaves().first { $0.accessibilityLabel == label }
    }
}

extension AccessibilityObject {
    /// The objects under this one in the accessibility tree: none for an element; else its
    /// ``accessibilityElements`` when set, or its subviews that are shown (not hidden, alpha
    /// above zero, not ``accessibilityElementsHidden``) in reading order; a modal view among
    /// them hides its siblings.
    public var accessibilityChildren: [AccessibilityObject] {
        if isAccessibilityElement || accessibilityElementsHidden { return [] }
        if let e = accessibilityElements { return e.filter { !$0.accessibilityElementsHidden } }
        guard let v = self as? View else { return [] }
        var shown = v.subviews.filter { !$0.isHidden && $0.alpha > 0 && !$0.accessibilityElementsHidden }
        if let modal = shown.last(where: { $0.accessibilityViewIsModal }) { return [modal] }
        View.sortInReadingOrder(&shown)
        return shown
    }

    /// The first element at or under this object in reading order (what a screen reader reads
    /// first on a new screen); nil when there is none.
    public var firstAccessibilityElement: AccessibilityObject? {
        if isAccessibilityElement { return self }
        for c in accessibilityChildren {
            if let e = c.firstAccessibilityElement { return e }
        }
        return nil
    }

    /// Activates the object as a screen reader's double tap does (UIKit's rule):
    /// ``accessibilityActivate()``, and when that declines, a tap (a press and a release) at
    /// ``accessibilityActivationPoint``, delivered to the object's window in phase 1 of the next
    /// frame, as a pointer's would be (a table cell selects its row, a plain view's gesture
    /// recognizers see it). False when it declines and is in no window.
    public func accessibilityActivateOrTap() -> Bool {
        if accessibilityActivate() { return true }
        guard let window = accessibilityWindow, let loop = window.runLoop else { return false }
        let p = accessibilityActivationPoint
        loop.post { [weak window] in
            guard let window else { return }
            _ = window.handle(.pointerDown(p))
            _ = window.handle(.pointerUp(p))
        }
        return true
    }

    /// Posts `notification` to the window this object is in, if anything observes it.
    public func postAccessibilityNotification(_ notification: AccessibilityNotification) {
        accessibilityWindow?.postAccessibilityNotification(notification)
    }

    /// The window of a view, or of an element's container view.
    public var accessibilityWindow: Window? {
        var c: AccessibilityObject? = self
        while let e = c as? AccessibilityElement { c = e.accessibilityContainer }
        return (c as? View)?.window
    }
}

extension View {
    /// Sorts sibling views as text is read: by rows top to bottom (frames whose tops are within
    /// half the shorter height of each other share a row), left to right within a row; ties
    /// keep subview order.
    static func sortInReadingOrder(_ views: inout [View]) {
        guard views.count > 1 else { return }
        let keyed = views.enumerated().map { (i: $0.offset, f: $0.element.frame, v: $0.element) }
        views = keyed.sorted { a, b in
            let tolerance = min(a.f.height, b.f.height) / 2
            if abs(a.f.minY - b.f.minY) > tolerance { return a.f.minY < b.f.minY }
            if a.f.minX != b.f.minX { return a.f.minX < b.f.minX }
            return a.i < b.i
        }.map(\.v)
    }

    /// Tells observers of the window that this element's value changed; free without observers.
    package func accessibilityValueDidChange() {
        if let w = window, w.hasAccessibilityObservers { w.postAccessibilityNotification(.valueChanged(self)) }
    }

    /// Tells observers of the window that this element's traits changed; free without observers.
    package func accessibilityTraitsDidChange() {
        if let w = window, w.hasAccessibilityObservers { w.postAccessibilityNotification(.traitsChanged(self)) }
    }

    /// Tells observers of the window that what this element says (its label or text) changed;
    /// free without observers.
    package func accessibilityContentDidChange() {
        if let w = window, w.hasAccessibilityObservers { w.postAccessibilityNotification(.contentChanged(self)) }
    }

    /// Tells observers of the window that this text element's caret or selection moved; free
    /// without observers.
    package func accessibilitySelectionDidChange() {
        if let w = window, w.hasAccessibilityObservers { w.postAccessibilityNotification(.selectionChanged(self)) }
    }

    /// Tells observers of `window` that this view's subviews changed (one added, removed,
    /// hidden or shown); free without observers.
    func accessibilityChildrenDidChange(in window: Window?) {
        if let w = window, w.hasAccessibilityObservers { w.postAccessibilityNotification(.childrenChanged(self)) }
    }
}
