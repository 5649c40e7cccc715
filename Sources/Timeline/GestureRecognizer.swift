import Geometry
import Motion
import UpdateLoop

/// Recognises a gesture from the pointer events a view receives (K2), as `UIGestureRecognizer`:
/// it is attached to a view, sees every press that starts in that view or its subviews (in the
/// frame's events phase, R5), moves through UIKit's states and calls its actions when it
/// recognises. Times are frame times (the run loop's), never the wall clock, so a recognizer
/// behaves the same stepped headless as in a window.
@MainActor
open class GestureRecognizer {
    public enum State: Sendable, Equatable { case possible, began, changed, ended, cancelled, failed }

    /// The current state; `possible` until the recognizer decides.
    public internal(set) var state: State = .possible {
        didSet {
            switch state {
            case .began, .changed, .ended, .cancelled: for action in actions { action(self) }
            case .possible, .failed: break
            }
        }
    }
    /// The view it is attached to.
    public internal(set) weak var view: View?
    /// A disabled recognizer sees no events; disabling one mid-gesture cancels it.
    public var isEnabled = true { didSet { if !isEnabled, state == .began || state == .changed { state = .cancelled } } }

    private var actions: [@MainActor (GestureRecognizer) -> Void] = []
    /// The pointer's last position in window coordinates.
    public private(set) var locationInWindow = Point.zero

    public init() {}

    /// Calls `handler` when the recognizer begins, changes, ends (recognises) or is cancelled.
    public func addAction(_ handler: @escaping @MainActor (GestureRecognizer) -> Void) { actions.append(handler) }

    /// The pointer's position in `view`'s coordinates (window coordinates for nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.pointFromWindow(locationInWindow)
    }

    /// The frame time of the event being handled, in nanoseconds.
    var now: Int64 { view?.window?.runLoop?.currentMediaTimeNanoseconds ?? 0 }

    /// Entry points, called by the window in the events phase; subclasses override the `pointer`
    /// methods (and call `super`, which records the location).
    func receive(_ event: InputEvent) {
        guard isEnabled else { return }
        switch event {
        case .pointerDown(let p, _):
            if state != .possible { state = .possible }
            locationInWindow = p
            pointerDown(at: p)
        case .pointerMoved(let p, _):
            locationInWindow = p
            pointerMoved(to: p)
        case .pointerUp(let p, _):
            locationInWindow = p
            pointerUp(at: p)
        default: break
        }
    }

    open func pointerDown(at point: Point) {}
    open func pointerMoved(to point: Point) {}
    open func pointerUp(at point: Point) {}
}

/// Recognises taps (K2): `numberOfTapsRequired` presses, each released within ``maximumPressDuration``
/// and ``allowableMovement`` of where it started, each starting within ``maximumTapInterval`` of
/// the previous release. Ends (recognises) on the last release; fails otherwise.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var allowableMovement = 10.0
    public var maximumPressDuration = 0.5
    public var maximumTapInterval = 0.35
    private var taps = 0
    private var pressStart: (point: Point, time: Int64)?
    private var lastRelease: Int64?

    public override func pointerDown(at point: Point) {
        if let last = lastRelease, MediaTime.seconds(from: last, to: now) > maximumTapInterval { taps = 0 }
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
        }
    }

    private func fail() {
        pressStart = nil
        taps = 0
        lastRelease = nil
        state = .failed
    }
}

/// Recognises a press held for ``minimumPressDuration`` without moving more than
/// ``allowableMovement`` (K2): begins when the time has passed (a run-loop timer, so frame time),
/// changes as the pointer moves, ends on release.
@MainActor
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration = 0.5
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
    public var minimumDistance = 10.0
    private var start: Point?
    private var samples: [(point: Point, time: Int64)] = []

    public override func pointerDown(at point: Point) {
        start = point
        samples = [(point, now)]
    }

    public override func pointerMoved(to point: Point) {
        guard let s = start else { return }
        record(point)
        switch state {
        case .possible: if distance(s, point) >= minimumDistance { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

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

@inline(__always) func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

extension View {
    /// Attaches `recognizer`: it sees the presses that start in this view or its subviews.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        precondition(recognizer.view == nil || recognizer.view === self, "addGestureRecognizer: the recognizer belongs to another view")
        recognizer.view = self
        if !gestureRecognizers.contains(where: { $0 === recognizer }) { gestureRecognizers.append(recognizer) }
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }
}
