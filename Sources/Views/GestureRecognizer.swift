import Foundation
import Geometry
import Motion
import UpdateLoop

/// What a gesture recognizer asks about its gesture (TX8), as `UIGestureRecognizerDelegate`.
/// Every method is optional: the defaults let it begin, receive every press, and recognise alone.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer would begin (or, if discrete, recognise); false makes it fail.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Whether the two may recognise at the same time (asked of both recognizers' delegates).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Asked at each press that starts on the view: false keeps this press from the recognizer.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive event: InputEvent) -> Bool
}

extension GestureRecognizerDelegate {
    /// By default every recognizer may begin.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// By default two recognizers do not recognise at the same time.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer)
        -> Bool { false }
    /// By default the recognizer receives every press on its view.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive event: InputEvent) -> Bool { true }
}

/// Recognises a gesture from the pointer events a view receives (K2, TX8), as
/// `UIGestureRecognizer`: it is attached to a view, sees every press that starts in that view or
/// its subviews (in the frame's events phase, R5), and moves through UIKit's states, calling its
/// actions as it begins, changes, ends (recognises) or is cancelled.
///
/// Recognizers following the same presses are arbitrated as UIKit's: when one recognises, the
/// others fail (or, already begun, are cancelled) unless a delegate lets the two recognise
/// simultaneously; one that ``require(toFail:)`` another waits for it to fail before it
/// recognises, and fails if the other recognises; ``cancelsTouchesInView`` cancels the view's
/// press when it recognises, and ``delaysTouchesBegan`` holds the press from the view until the
/// recognizer fails. Times are the events' timestamps on the frame clock, never the wall clock,
/// so a recognizer behaves the same stepped headless as in a window. Several pointers (ids) may be
/// down at once: ``numberOfTouches`` and ``location(ofTouch:in:)``.
@MainActor
open class GestureRecognizer {
    /// Where a recognizer is in its gesture, as `UIGestureRecognizer.State`.
    public enum State: Sendable, Equatable {
        /// Possible until it decides; a continuous gesture goes began, changed..., ended or cancelled; failed ends its part in the press.
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture recognised: the same as `ended`.
        public static let recognized = State.ended
    }

    private var storedState: State = .possible
    /// The current state; `possible` until the recognizer decides. Subclasses set it; the
    /// arbitration above decides whether a recognition stands.
    public var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }
    /// The view it is attached to.
    public package(set) weak var view: View?
    /// A disabled recognizer sees no events; disabling one mid-gesture cancels it.
    public var isEnabled = true { didSet { if !isEnabled, state == .began || state == .changed { state = .cancelled } } }
    /// Asked whether to begin, to receive a press and to recognise alongside others; held weakly.
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// The object of an API facade (the UIKit facade's `UIGestureRecognizer`) that stands for it.
    public weak var facade: AnyObject?
    /// When it recognises, the view's press is cancelled (`pointerCancelled`) and its later
    /// events go to recognizers only. UIKit's default: true.
    public var cancelsTouchesInView = true
    /// The view gets no part of a press until this recognizer fails. UIKit's default: false.
    public var delaysTouchesBegan = false

    private var actions: [@MainActor (GestureRecognizer) -> Void] = []
    /// The pointer's last position in window coordinates.
    public private(set) var locationInWindow = Point.zero
    /// The pointers down on it now, by id, in window coordinates.
    public private(set) var touches: [(id: Int, location: Point)] = []
    /// The timestamp of the event being handled (seconds on the frame clock).
    public private(set) var eventTime = 0.0
    /// The window arbitrating this recognizer while it follows a press.
    var arbiter: Window? {
        get { arbiterReference?.object }
        set { arbiterReference = newValue?.reference }
    }
    /// The window through its ``ObjectReference`` (not weakly: AM4).
    private var arbiterReference: ObjectReference<Window>?
    private var failureRequirements: [WeakRecognizer] = []
    /// A recognition waiting for a required recognizer to fail.
    private var heldState: State?

    /// A recognizer with no actions and no view; add it to a view with ``View/addGestureRecognizer(_:)``.
    public init() {}

    /// Calls `handler` when the recognizer begins, changes, ends (recognises) or is cancelled.
    public func addAction(_ handler: @escaping @MainActor (GestureRecognizer) -> Void) { actions.append(handler) }

    /// This recognizer recognises only after `other` has failed (and fails if `other` recognises).
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(WeakRecognizer(value: other))
    }

    /// The pointer's position in `view`'s coordinates (window coordinates for nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.pointFromWindow(locationInWindow)
    }

    /// How many pointers are down on the recognizer.
    public var numberOfTouches: Int { touches.count }

    /// The position of the `index`-th pointer down (in the order they went down).
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard touches.indices.contains(index) else { return location(in: view) }
        let p = touches[index].location
        return view.map { $0.pointFromWindow(p) } ?? p
    }

    /// The frame time of the event being handled, in nanoseconds.
    var now: Int64 { MediaTime.nanoseconds(eventTime) }

    // MARK: Arbitration

    private func transition(to new: State) {
        let old = storedState
        if new == old, new != .changed { return }
        if old == .possible, new == .began || new == .ended {
            if delegate?.gestureRecognizerShouldBegin(self) == false {
                storedState = .failed
                arbiter?.recognizerDidChange(self)
                return
            }
            // One it requires to fail has succeeded instead: this one fails, as in UIKit.
            if failureRequirements.contains(where: { $0.value.map { $0.storedState == .began || $0.storedState == .changed || $0.storedState == .ended } ?? false }) {
                storedState = .failed
                arbiter?.recognizerDidChange(self)
                return
            }
            if failureRequirements.contains(where: { $0.value?.storedState == .possible && $0.value?.arbiter != nil }) {
                heldState = new
                return
            }
        }
        storedState = new
        switch new {
        case .began, .changed, .ended, .cancelled: for action in actions { action(self) }
        case .possible, .failed: break
        }
        arbiter?.recognizerDidChange(self)
    }

    /// Ends the gesture without asking anyone (another recognizer won): `failed` if it had not
    /// begun, else `cancelled`.
    func yield() {
        heldState = nil
        switch storedState {
        case .possible: storedState = .failed; arbiter?.recognizerDidChange(self)
        case .began, .changed: transition(to: .cancelled)
        default: break
        }
        didYield()
    }

    /// Called after another recognizer took the gesture; subclasses drop their tracking state.
    open func didYield() {}

    /// Its view is leaving the window while it follows or decides a press (MR0, as UIKit): a
    /// gesture that had begun is cancelled (its actions called once with `.cancelled`), one still
    /// possible fails; it forgets its pointers, its timers and its arbiter, so nothing more of
    /// the press reaches it. Called while the view is still in the window (timers cancel there).
    func viewWillLeaveWindow() {
        heldState = nil
        touches.removeAll()
        didYield()
        switch storedState {
        case .began, .changed: transition(to: .cancelled)
        case .possible:
            storedState = .failed
            arbiter?.recognizerDidChange(self)
        default: break
        }
        arbiter = nil
    }

    /// A recognizer this one depends on changed: recognise what was held once they all failed,
    /// or fail when one recognised.
    func requirementChanged() {
        guard let held = heldState else {
            // Not waiting yet: a requirement that succeeded makes this one fail now.
            if storedState == .possible, failureRequirements.contains(where: { $0.value.map { $0.storedState == .began || $0.storedState == .ended } ?? false }) {
                storedState = .failed
                arbiter?.recognizerDidChange(self)
            }
            return
        }
        let others = failureRequirements.compactMap(\.value)
        if others.contains(where: { $0.storedState == .began || $0.storedState == .ended || $0.storedState == .changed }) {
            heldState = nil
            storedState = .failed
            arbiter?.recognizerDidChange(self)
        } else if !others.contains(where: { $0.storedState == .possible && $0.arbiter != nil }) {
            heldState = nil
            transition(to: held)
        }
    }

    func requires(_ other: GestureRecognizer) -> Bool { failureRequirements.contains { $0.value === other } }

    /// Back to `possible` for the next press sequence.
    func reset() {
        storedState = .possible
        heldState = nil
        touches.removeAll()
    }

    // MARK: Events

    /// Entry points, called by the window in the events phase; subclasses override the `pointer`
    /// methods (which see the first pointer) or ``touchesChanged(_:)`` (which sees every one).
    func receive(_ event: InputEvent) {
        guard isEnabled, let p = event.location else { return }
        eventTime = event.timestamp ?? eventTime
        let first = touches.first?.id
        switch event.kind {
        case .pointerDown:
            if touches.isEmpty, storedState != .possible, heldState == nil { reset() }
            touches.removeAll { $0.id == event.pointerID }
            touches.append((event.pointerID, p))
            if touches.count == 1 { locationInWindow = p; pointerDown(at: p) }
        case .pointerMoved:
            guard let k = touches.firstIndex(where: { $0.id == event.pointerID }) else { return }
            touches[k].location = p
            if event.pointerID == first { locationInWindow = p; pointerMoved(to: p) }
        case .pointerUp, .pointerCancelled:
            guard let k = touches.firstIndex(where: { $0.id == event.pointerID }) else { return }
            touches[k].location = p
            if event.pointerID == first { locationInWindow = p; pointerUp(at: p) }
            touches.remove(at: k)
        default: return
        }
        touchesChanged(event)
    }

    /// The first pointer pressed, at `point` in window coordinates; subclasses override to follow the press.
    open func pointerDown(at point: Point) {}
    /// The first pointer moved to `point` in window coordinates.
    open func pointerMoved(to point: Point) {}
    /// The first pointer released at `point` in window coordinates.
    open func pointerUp(at point: Point) {}
    /// Every pointer's press, move and release, after `touches` was updated (and after the
    /// single-pointer methods).
    open func touchesChanged(_ event: InputEvent) {}

    /// A continuous gesture moved (pan, pinch, rotation): it begins once `reached` (its threshold
    /// is crossed), then changes with every move.
    func moved(reaching reached: Bool) {
        switch state {
        case .possible: if reached { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }
}

struct WeakRecognizer { weak var value: GestureRecognizer? }

/// Recognises taps (K2): `numberOfTapsRequired` presses, each released within ``maximumPressDuration``
/// and ``allowableMovement`` of where it started, each starting within ``maximumTapInterval`` of
/// the previous release. Ends (recognises) on the last release; fails otherwise.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture (2 for a double tap).
    public var numberOfTapsRequired = 1
    /// How far in points a press may move from where it started and still be a tap.
    public var allowableMovement = 10.0
    /// The longest a press may be held, in seconds, and still be a tap.
    public var maximumPressDuration = 0.5
    /// The longest gap in seconds between one tap's release and the next press.
    public var maximumTapInterval = 0.35
    private var taps = 0
    private var pressStart: (point: Point, time: Int64)?
    private var lastRelease: Int64?

    public override func pointerDown(at point: Point) {
        if let last = lastRelease, MediaTime.seconds(from: last, to: now) > maximumTapInterval { taps = 0 }
        if let timer { view?.window?.runLoop?.cancel(timer) }
        timer = nil
        pressStart = (point, now)
    }

    public override func pointerMoved(to point: Point) {
        guard let start = pressStart else { return }
        if distance(start.point, point) > allowableMovement { fail() }
    }

    public override func pointerUp(at point: Point) {
        guard let start = pressStart else { return }
        pressStart = nil
        guard distance(start.point, point) <= allowableMovement,
              MediaTime.seconds(from: start.time, to: now) <= maximumPressDuration else { fail(); return }
        taps += 1
        lastRelease = now
        if taps >= numberOfTapsRequired {
            taps = 0
            lastRelease = nil
            state = .ended
        } else if let loop = view?.window?.runLoop {
            // No next press within the interval: the gesture failed (so that a recognizer
            // requiring this one to fail, a single tap under a double tap, recognises then).
            let count = taps
            timer = loop.schedule(after: .nanoseconds(MediaTime.nanoseconds(maximumTapInterval))) { [weak self] in
                guard let self, self.taps == count, self.pressStart == nil, self.state == .possible else { return }
                self.timer = nil
                self.fail()
            }
        }
    }

    private var timer: TimerToken?

    private func fail() {
        pressStart = nil
        taps = 0
        lastRelease = nil
        if let timer { view?.window?.runLoop?.cancel(timer) }
        timer = nil
        state = .failed
    }

    public override func didYield() {
        pressStart = nil
        taps = 0
        lastRelease = nil
        if let timer { view?.window?.runLoop?.cancel(timer) }
        timer = nil
    }
}

/// Recognises a press held for ``minimumPressDuration`` without moving more than
/// ``allowableMovement`` (K2): begins when the time has passed (a run-loop timer, so frame time),
/// changes as the pointer moves, ends on release.
@MainActor
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long in seconds the press must be held before the gesture begins.
    public var minimumPressDuration = 0.5
    /// How far in points the press may move before it begins without failing.
    public var allowableMovement = 10.0
    private var start: Point?
    private var timer: TimerToken?

    public override func pointerDown(at point: Point) {
        start = point
        guard let loop = view?.window?.runLoop else { return }
        timer = loop.schedule(after: .nanoseconds(MediaTime.nanoseconds(minimumPressDuration))) { [weak self] in
            guard let self, self.start != nil, self.state == .possible else { return }
            self.timer = nil
            self.state = .began
        }
    }

    public override func pointerMoved(to point: Point) {
        guard let s = start else { return }
        switch state {
        case .possible: if distance(s, point) > allowableMovement { stop(); state = .failed }
        case .began, .changed: state = .changed
        default: break
        }
    }

    public override func pointerUp(at point: Point) {
        let wasActive = state == .began || state == .changed
        stop()
        state = wasActive ? .ended : .failed
    }

    public override func didYield() { stop() }

    private func stop() {
        start = nil
        if let timer { view?.window?.runLoop?.cancel(timer) }
        timer = nil
    }
}

/// Recognises a drag (K2): begins once the pointer has moved ``minimumDistance`` from where the
/// press started, changes with every move, ends on release. ``translation(in:)`` is the movement
/// since the press; ``velocity(in:)`` is points per second over the last tenth of a second of
/// frame times.
@MainActor
public final class PanGestureRecognizer: GestureRecognizer {
    /// How far in points the pointer must move from the press before the pan begins.
    public var minimumDistance = 10.0
    /// Edges of the window a pan must start near (within ``edgeWidth``) to be recognised, as
    /// `UIScreenEdgePanGestureRecognizer`'s; empty: anywhere.
    public var startEdges: EdgeSet = []
    /// How near in points to one of ``startEdges`` a pan must start.
    public var edgeWidth = 20.0
    /// Edges of the window, as `UIRectEdge`.
    public struct EdgeSet: OptionSet, Sendable {
        /// The edges as bits.
        public let rawValue: Int
        /// The edges `rawValue`'s bits name.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The window's top, left, bottom and right edges.
        public static let top = EdgeSet(rawValue: 1), left = EdgeSet(rawValue: 2), bottom = EdgeSet(rawValue: 4), right = EdgeSet(rawValue: 8)
    }
    private var start: Point?
    private var samples: [(point: Point, time: Int64)] = []

    public override func pointerDown(at point: Point) {
        if !startEdges.isEmpty, let w = view?.window {
            // A window point: near one of the asked-for edges, or no pan.
            let size = w.size, e = edgeWidth
            let near = (startEdges.contains(.left) && point.x <= e) || (startEdges.contains(.right) && point.x >= size.width - e)
                || (startEdges.contains(.top) && point.y <= e) || (startEdges.contains(.bottom) && point.y >= size.height - e)
            guard near else { start = nil; return }
        }
        start = point
        samples = [(point, now)]
    }

    public override func pointerMoved(to point: Point) {
        guard let s = start else { return }
        record(point)
        moved(reaching: distance(s, point) >= minimumDistance)
    }

    public override func didYield() { start = nil }

    public override func pointerUp(at point: Point) {
        guard start != nil else { return }
        record(point)
        if state == .began || state == .changed { state = .ended } else { state = .failed }
        start = nil
    }

    private func record(_ point: Point) {
        samples.append((point, now))
        // Keep what the velocity window needs.
        let cutoff = now - 100_000_000
        if let firstKept = samples.firstIndex(where: { $0.time >= cutoff }), firstKept > 1 { samples.removeFirst(firstKept - 1) }
    }

    /// The movement since the press began, in `view`'s coordinate scale (window points for nil).
    public func translation(in view: View?) -> Point {
        guard let s = start ?? samples.first?.point else { return .zero }
        let a = view.map { $0.pointFromWindow(s) } ?? s, b = location(in: view)
        return Point(x: b.x - a.x, y: b.y - a.y)
    }

    /// Points per second over the last tenth of a second, from the frames' times.
    public func velocity(in view: View?) -> Point {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 100_000_000 }),
              last.time > first.time else { return .zero }
        let a = view.map { $0.pointFromWindow(first.point) } ?? first.point
        let b = view.map { $0.pointFromWindow(last.point) } ?? last.point
        let dt = MediaTime.seconds(from: first.time, to: last.time)
        return Point(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt)
    }
}

/// Recognises two pointers moving apart or together (TX8): begins when their distance has changed
/// by ``minimumChange`` points, changes with every move, ends when a pointer lifts. ``scale`` is
/// the distance now over the distance at the start; ``velocity`` is its change per second.
@MainActor
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The pointers' distance now over their distance when the pinch began (1: unchanged).
    public private(set) var scale = 1.0
    /// How fast ``scale`` changes, per second.
    public private(set) var velocity = 0.0
    /// How many points the distance between the pointers must change before the pinch begins.
    public var minimumChange = 4.0
    private var startDistance: Double?
    private var last: (scale: Double, time: Double)?

    public override func touchesChanged(_ event: InputEvent) {
        switch event.kind {
        case .pointerDown where touches.count == 2:
            startDistance = distance(touches[0].location, touches[1].location)
            scale = 1; velocity = 0; last = (1, eventTime)
        case .pointerMoved where touches.count >= 2:
            guard let d0 = startDistance, d0 > 0 else { return }
            let d = distance(touches[0].location, touches[1].location)
            let s = d / d0
            if let l = last, eventTime > l.time { velocity = (s - l.scale) / (eventTime - l.time) }
            last = (s, eventTime)
            scale = s
            moved(reaching: abs(d - d0) >= minimumChange)
        case .pointerUp, .pointerCancelled:
            if touches.count < 2, startDistance != nil {
                startDistance = nil
                if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
            }
        default: break
        }
    }

    public override func didYield() { startDistance = nil }
}

/// Recognises two pointers turning about each other (TX8): begins when the line between them has
/// turned ``minimumRotation`` radians, changes with every move, ends when a pointer lifts.
/// ``rotation`` is the angle turned since the start (clockwise positive, in radians, as UIKit).
@MainActor
public final class RotationGestureRecognizer: GestureRecognizer {
    /// The angle turned since the gesture began, in radians, clockwise positive.
    public private(set) var rotation = 0.0
    /// How fast ``rotation`` changes, in radians per second.
    public private(set) var velocity = 0.0
    /// The angle in radians the pointers must turn before the gesture begins.
    public var minimumRotation = 0.05
    private var startAngle: Double?
    private var last: (angle: Double, time: Double)?

    private func angle() -> Double {
        atan2(touches[1].location.y - touches[0].location.y, touches[1].location.x - touches[0].location.x)
    }

    public override func touchesChanged(_ event: InputEvent) {
        switch event.kind {
        case .pointerDown where touches.count == 2:
            startAngle = angle(); rotation = 0; velocity = 0; last = (0, eventTime)
        case .pointerMoved where touches.count >= 2:
            guard let a0 = startAngle else { return }
            var r = angle() - a0
            while r > .pi { r -= 2 * .pi }
            while r < -.pi { r += 2 * .pi }
            if let l = last, eventTime > l.time { velocity = (r - l.angle) / (eventTime - l.time) }
            last = (r, eventTime)
            rotation = r
            moved(reaching: abs(r) >= minimumRotation)
        case .pointerUp, .pointerCancelled:
            if touches.count < 2, startAngle != nil {
                startAngle = nil
                if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
            }
        default: break
        }
    }

    public override func didYield() { startAngle = nil }
}

/// Recognises a swipe (TX8): a press that travels ``minimumDistance`` points in one of the
/// allowed ``direction``s within ``maximumDuration`` seconds, mostly straight (sideways movement
/// at most half the travel). Discrete: it ends (recognises) as the distance is reached.
@MainActor
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may go, as `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Sendable, Hashable {
        /// The directions as bits.
        public let rawValue: Int
        /// The directions `rawValue`'s bits name.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Towards the right.
        public static let right = Direction(rawValue: 1)
        /// Towards the left.
        public static let left = Direction(rawValue: 2)
        /// Upwards on screen.
        public static let up = Direction(rawValue: 4)
        /// Downwards on screen.
        public static let down = Direction(rawValue: 8)
    }
    /// UIKit's default is right.
    public var direction: Direction = .right
    /// How far in points the press must travel to be a swipe.
    public var minimumDistance = 50.0
    /// The longest in seconds the travel may take.
    public var maximumDuration = 0.5
    private var start: (point: Point, time: Double)?

    public override func pointerDown(at point: Point) { start = (point, eventTime) }

    public override func pointerMoved(to point: Point) {
        guard let s = start, state == .possible else { return }
        if eventTime - s.time > maximumDuration { start = nil; state = .failed; return }
        let dx = point.x - s.point.x, dy = point.y - s.point.y
        let horizontal = abs(dx) >= abs(dy)
        let travel = horizontal ? abs(dx) : abs(dy), side = horizontal ? abs(dy) : abs(dx)
        guard travel >= minimumDistance else { return }
        let d: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        start = nil
        state = direction.contains(d) && side <= travel / 2 ? .ended : .failed
    }

    public override func pointerUp(at point: Point) {
        if start != nil, state == .possible { state = .failed }
        start = nil
    }

    public override func didYield() { start = nil }
}

@inline(__always) func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

extension View {
    /// Attaches `recognizer`: it sees the presses that start in this view or its subviews.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        // One view at a time (UIKit moves it; here the caller decides).
        precondition(recognizer.view == nil || recognizer.view === self, "addGestureRecognizer: the recognizer belongs to another view")
        recognizer.view = self
        if !gestureRecognizers.contains(where: { $0 === recognizer }) { gestureRecognizers.append(recognizer) }
    }

    /// Detaches `recognizer` from the view; it sees no more of its presses.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }
}
