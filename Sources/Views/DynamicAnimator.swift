import FrameTiming
import Geometry
import UpdateLoop
import Layers

// Physics-driven motion, as UIKit Dynamics: an animator steps the behaviors added to it every
// frame while anything moves, and moves their items' centres. The behavior here is the
// attachment (a spring of a frequency and damping ratio, or a rigid rod when the frequency is 0,
// from an item to an anchor point); the animator pauses once every item is at rest and starts
// again when a behavior is added or an item is updated.

/// Something a ``DynamicAnimator`` moves: a view, a collection layout's attributes, ...
@MainActor
public protocol DynamicItem: AnyObject {
    /// The item's centre, which the animator moves.
    var center: Point { get set }
    /// The item's bounds (its size).
    var bounds: Rect { get }
}

/// What a ``DynamicAnimator`` applies to items, as `UIDynamicBehavior`: a container of child
/// behaviors with an action run after every step.
@MainActor
open class DynamicBehavior {
    /// The behaviors this one holds.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// Run after every step of the animator the behavior is in.
    public var action: (() -> Void)?
    /// The animator the behavior is in, while it is.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    /// An empty behavior.
    public init() {}
    /// Adds a child behavior, which the animator steps with this one.
    public func addChildBehavior(_ behavior: DynamicBehavior) { childBehaviors.append(behavior) }
    /// Removes a child behavior.
    public func removeChildBehavior(_ behavior: DynamicBehavior) { childBehaviors.removeAll { $0 === behavior } }
    /// The items the behavior moves (its own and its children's).
    open var dynamicItems: [any DynamicItem] { childBehaviors.flatMap(\.dynamicItems) }
    /// Adds the behavior's accelerations (points per second squared) for one step; `velocity`
    /// reads an item's velocity. The base adds its children's.
    open func accelerate(_ add: (any DynamicItem, Point) -> Void, velocity: (any DynamicItem) -> Point) {
        for c in childBehaviors { c.accelerate(add, velocity: velocity) }
    }
    /// Corrects positions after a step (rigid attachments). The base corrects its children's.
    open func constrain() { for c in childBehaviors { c.constrain() } }
    func runActions() { action?(); for c in childBehaviors { c.runActions() } }
}

/// An item held to an anchor point, as `UIAttachmentBehavior`: a spring of ``frequency`` (Hz)
/// and ``damping`` (the damping ratio, 1 critical) towards ``length`` from the anchor, or a
/// rigid rod of that length when the frequency is 0.
@MainActor
public final class AttachmentBehavior: DynamicBehavior {
    /// The attached items (one: attached to ``anchorPoint``).
    public let items: [any DynamicItem]
    /// The point the item is held to.
    public var anchorPoint: Point { didSet { dynamicAnimator?.wake() } }
    /// The distance kept from the anchor; at first the item's distance from it.
    public var length: Double { didSet { dynamicAnimator?.wake() } }
    /// The spring's damping ratio (0 none, 1 critical).
    public var damping: Double = 0
    /// The spring's frequency in hertz; 0 makes the attachment rigid.
    public var frequency: Double = 0
    /// Attaches `item` to `anchor`, at the distance they are apart now.
    public init(item: any DynamicItem, attachedToAnchor anchor: Point) {
        items = [item]
        anchorPoint = anchor
        length = ((item.center.x - anchor.x) * (item.center.x - anchor.x) + (item.center.y - anchor.y) * (item.center.y - anchor.y)).squareRoot()
        super.init()
    }
    /// The attached item and the children's items.
    public override var dynamicItems: [any DynamicItem] { items + super.dynamicItems }

    /// The spring's pull on the item and the damping of its velocity.
    public override func accelerate(_ add: (any DynamicItem, Point) -> Void, velocity: (any DynamicItem) -> Point) {
        super.accelerate(add, velocity: velocity)
        guard frequency > 0, let item = items.first else { return }
        let omega = 2 * Double.pi * frequency
        let d = Point(x: item.center.x - anchorPoint.x, y: item.center.y - anchorPoint.y)
        let distance = (d.x * d.x + d.y * d.y).squareRoot()
        let stretch = distance - length
        let unit = distance > 1e-9 ? Point(x: d.x / distance, y: d.y / distance) : Point(x: 0, y: 0)
        let v = velocity(item)
        add(item, Point(x: -omega * omega * stretch * unit.x - 2 * damping * omega * v.x,
                        y: -omega * omega * stretch * unit.y - 2 * damping * omega * v.y))
    }

    /// A rigid attachment puts the item back at its length from the anchor.
    public override func constrain() {
        super.constrain()
        guard frequency <= 0, let item = items.first else { return }
        let d = Point(x: item.center.x - anchorPoint.x, y: item.center.y - anchorPoint.y)
        let distance = (d.x * d.x + d.y * d.y).squareRoot()
        guard distance > 1e-9 else { return }
        item.center = Point(x: anchorPoint.x + d.x / distance * length, y: anchorPoint.y + d.y / distance * length)
    }
}

/// Steps behaviors and moves their items frame by frame, as `UIDynamicAnimator`. It runs on the
/// run loop of its reference view's window (or of the view ``host`` gives) while any item moves,
/// and pauses when all are at rest. Its run is an animation of that view's layer (AM3), under
/// ``animationKey`` (or "dynamics-2", … when the layer runs several): the layer's speed and
/// time offset move it, and removing it pauses the animator.
@MainActor
public final class DynamicAnimator: LayerMotionOwner {
    /// The key of the animation of the reference view's layer that runs the animator while its
    /// items move.
    public static let animationKey = "dynamics"
    /// The layer and key of the run's animation while it runs.
    private var motion: (layer: Layer, key: String)?
    /// How the run's animation holds the animator (cleared by its deinit).
    private var reference: ObjectReference<DynamicAnimator>?
    /// The view whose coordinates the items are in, and whose window's run loop drives the animator.
    public private(set) weak var referenceView: View?
    /// Gives the view to drive from when there is no reference view (a collection view's layout).
    public var host: (() -> View?)?
    /// Called after every step (a collection layout invalidates itself).
    public var didStep: (() -> Void)?
    /// Called when the animator pauses (every item at rest) and when it resumes.
    public var runningChanged: ((Bool) -> Void)?
    /// The behaviors added, in order.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Whether the animator is stepping.
    public private(set) var isRunning = false
    /// The seconds the animator has run since it was made, paused time left out.
    public private(set) var elapsedTime: Double = 0
    private var velocities: [ObjectIdentifier: Point] = [:]
    /// The frame time the run's fixed steps count from (nanoseconds), and how many it has taken:
    /// where the items are is a function of the frame's time and this start, not of how the
    /// frames fell (one owner of time), up to a stall's skip.
    private var runStart: Int64?
    private var stepsTaken: Int64 = 0
    /// The fixed step, 1/120 s, and the most a frame integrates (0.1 s: a longer stall is skipped).
    private static let stepNanoseconds: Int64 = 1_000_000_000 / 120
    private static let maxStepsPerFrame: Int64 = 12
    /// Reused by each step (no allocation once the items are known).
    private var accelerations: [ObjectIdentifier: Point] = [:]

    /// An animator of items in `referenceView`'s coordinates.
    public init(referenceView: View?) {
        self.referenceView = referenceView
        reference = ObjectReference(self)
    }

    isolated deinit {
        reference?.clear()
    }

    /// Adds a behavior; the animator starts if it was at rest.
    public func addBehavior(_ behavior: DynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.append(behavior)
        behavior.dynamicAnimator = self
        wake()
    }
    /// Removes a behavior.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        behaviors.removeAll { $0 === behavior }
        if behavior.dynamicAnimator === self { behavior.dynamicAnimator = nil }
    }
    /// Removes every behavior; the animator pauses.
    public func removeAllBehaviors() {
        for b in behaviors where b.dynamicAnimator === self { b.dynamicAnimator = nil }
        behaviors.removeAll()
        velocities.removeAll()
        pause()
    }
    /// The items the animator's behaviors move, each once, in the order they were added.
    public var items: [any DynamicItem] {
        var seen = Set<ObjectIdentifier>()
        return behaviors.flatMap(\.dynamicItems).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
    /// The items whose frame (centre and bounds' size) meets `rect`.
    public func items(in rect: Rect) -> [any DynamicItem] {
        items.filter { item in
            let b = item.bounds
            let frame = Rect(x: item.center.x - b.width / 2, y: item.center.y - b.height / 2, width: b.width, height: b.height)
            return !frame.intersection(rect).isNull
        }
    }
    /// Takes an item's centre as it is now (moved by hand); the animator starts if it was at rest.
    public func updateItem(usingCurrentState item: any DynamicItem) { wake() }

    /// Starts stepping from the next frame, when there is a run loop to step on.
    func wake() {
        guard !isRunning, let view = referenceView ?? host?(), view.window?.runLoop != nil, let reference else { return }
        isRunning = true
        runStart = nil
        let layer = view.layer
        let key = layer.unusedAnimationKey(Self.animationKey)
        motion = (layer, key)
        layer.addMotion(Animation(), forKey: key, owner: reference)
        runningChanged?(true)
    }
    private func pause() {
        guard isRunning else { return }
        isRunning = false
        runStart = nil
        if let m = motion { motion = nil; m.layer.removeMotion(forKey: m.key) }
        runningChanged?(false)
    }

    /// Its run's animation was removed (by the app, or as its view left the window): it pauses.
    package func motionWasRemoved(leavingEngine: Bool) {
        motion = nil
        pause()
    }

    /// One frame: the fixed steps of 1/120 s from the run's start up to `seconds` after the run
    /// began on its layer's time (the first frame takes two, 1/60 s); pauses when at rest.
    package func advanceMotion(to seconds: Double) -> Bool {
        guard isRunning else { return false }
        let now = Int64((seconds * 1e9).rounded())
        let start = runStart ?? (now - 2 * Self.stepNanoseconds)
        var due = (now - start) / Self.stepNanoseconds - stepsTaken
        if runStart == nil { runStart = start; stepsTaken = 0; due = 2 }
        if due > Self.maxStepsPerFrame {
            // A stall: skip what is over 0.1 s by moving the start, as a frame clock skips ticks.
            runStart = start + (due - Self.maxStepsPerFrame) * Self.stepNanoseconds
            due = Self.maxStepsPerFrame
        }
        if due > 0 {
            for _ in 0..<due { integrate(1.0 / 120) }
            stepsTaken += due
            for b in behaviors { b.runActions() }
            didStep?()
        }
        if isAtRest {
            isRunning = false
            runStart = nil
            motion = nil
            runningChanged?(false)
            return false
        }
        return true
    }

    /// Advances the physics by `seconds` (in steps of at most 1/120 s) and runs the actions.
    public func step(by seconds: Double) {
        var left = seconds
        while left > 1e-9 {
            let h = min(left, 1.0 / 120)
            left -= h
            integrate(h)
        }
        for b in behaviors { b.runActions() }
        didStep?()
    }

    /// One step of `h` seconds: the behaviours' accelerations, then velocities and positions
    /// (semi-implicit Euler), then the rods' constraints.
    private func integrate(_ h: Double) {
        accelerations.removeAll(keepingCapacity: true)
        // Closure literals passed straight to the non-escaping parameters: no context is
        // allocated per step.
        for b in behaviors {
            b.accelerate({ item, a in
                let p = self.accelerations[ObjectIdentifier(item)] ?? Point(x: 0, y: 0)
                self.accelerations[ObjectIdentifier(item)] = Point(x: p.x + a.x, y: p.y + a.y)
            }, velocity: { self.velocities[ObjectIdentifier($0)] ?? Point(x: 0, y: 0) })
        }
        for item in items {
            let id = ObjectIdentifier(item)
            let a = accelerations[id] ?? Point(x: 0, y: 0)
            let v0 = velocities[id] ?? Point(x: 0, y: 0)
            let v = Point(x: v0.x + a.x * h, y: v0.y + a.y * h)
            velocities[id] = v
            if v.x != 0 || v.y != 0 { item.center = Point(x: item.center.x + v.x * h, y: item.center.y + v.y * h) }
        }
        for b in behaviors { b.constrain() }
        elapsedTime += h
    }

    /// Whether every item is still: slower than a point a second, its springs within a hundredth
    /// of a point of their rest length.
    private var isAtRest: Bool {
        for (_, v) in velocities where abs(v.x) > 1 || abs(v.y) > 1 { return false }
        for b in behaviors { if !Self.atRest(b) { return false } }
        return true
    }
    private static func atRest(_ b: DynamicBehavior) -> Bool {
        if let a = b as? AttachmentBehavior, a.frequency > 0, let item = a.items.first {
            let d = Point(x: item.center.x - a.anchorPoint.x, y: item.center.y - a.anchorPoint.y)
            if abs((d.x * d.x + d.y * d.y).squareRoot() - a.length) > 0.01 { return false }
        }
        return b.childBehaviors.allSatisfy(atRest)
    }
}
