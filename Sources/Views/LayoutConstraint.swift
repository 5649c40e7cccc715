import Geometry
import LayoutSolver
import UpdateLoop

/// What a constraint can refer to: a view or a layout guide.
@MainActor
public protocol LayoutItemOwner: AnyObject {
    /// The view whose hierarchy the item lives in (the view itself, or the guide's owner).
    var hierarchyView: View? { get }
    /// The name in constraint descriptions and reports.
    var layoutName: String { get }
}

/// The anchors views and layout guides share; views add baselines.
extension LayoutItemOwner {
    /// The leading edge (the left, in left-to-right layout), in points from the superview's left.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge (the right, in left-to-right layout).
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The left edge, whatever the layout direction.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge, whatever the layout direction.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
    /// The top edge, in points from the superview's top (y grows down).
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The width in points.
    public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
    /// The height in points.
    public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
}

/// The attributes of UIKit's layout anchors (A2). Coordinates are UIKit's: origin top-left, y
/// grows down; leading is left and trailing is right (left-to-right layout).
public enum LayoutAttribute: String, Sendable, CaseIterable {
    /// Edges, sizes and centres of a view's or guide's frame, in points.
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY
    /// The baselines of a view's first and last lines of text (a view without text uses its bottom).
    case firstBaseline, lastBaseline

    /// The axis an attribute measures along.
    public enum Axis: Sendable { case horizontal, vertical }
    /// Horizontal for leading, trailing, left, right, width and centerX; vertical for the rest.
    public var axis: Axis {
        switch self {
        case .leading, .trailing, .left, .right, .width, .centerX: .horizontal
        default: .vertical
        }
    }
    /// Whether the attribute is a length (width or height) rather than a position.
    public var isDimension: Bool { self == .width || self == .height }
    /// Whether the attribute is one of the four edges (leading, trailing, left, right, top,
    /// bottom): the attributes a scroll view's content area answers for (see
    /// ``LayoutGuide/Kind/content``).
    public var isEdge: Bool {
        switch self {
        case .leading, .trailing, .left, .right, .top, .bottom: true
        default: false
        }
    }
}

/// The kinds of layout anchor (L3), as UIKit's anchor classes: a position on the x axis
/// (`NSLayoutXAxisAnchor`), a position on the y axis (`NSLayoutYAxisAnchor`), a length
/// (`NSLayoutDimension`). They only tag ``LayoutAnchor``'s type, so that relating a leading edge to
/// a top edge, or a width to a position, does not compile.
public enum XAxisAnchorKind {}
/// Tags vertical position anchors (``LayoutYAxisAnchor``).
public enum YAxisAnchorKind {}
/// Tags length anchors (``LayoutDimension``).
public enum DimensionAnchorKind {}

/// A horizontal position anchor: leading, trailing, left, right, centerX.
public typealias LayoutXAxisAnchor = LayoutAnchor<XAxisAnchorKind>
/// A vertical position anchor: top, bottom, centerY, firstBaseline, lastBaseline.
public typealias LayoutYAxisAnchor = LayoutAnchor<YAxisAnchorKind>
/// A length anchor: width, height.
public typealias LayoutDimension = LayoutAnchor<DimensionAnchorKind>

/// One anchor of a view or guide: an attribute of an item, typed by its kind (L3). Make
/// constraints from anchors of the same kind: positions take a constant offset, dimensions also a
/// multiplier or a constant value. For attributes chosen at run time (a scene file) use
/// ``LayoutConstraint/init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)``.
@MainActor
public struct LayoutAnchor<Kind> {
    /// The view or guide the anchor belongs to.
    public let item: any LayoutItemOwner
    /// Which edge, centre, length or baseline of the item it is.
    public let attribute: LayoutAttribute

    /// Made by the `xxxAnchor` properties of views and guides, which pick the kind.
    init(item: any LayoutItemOwner, attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == other + constant`.
    public func constraint(equalTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .equal, other.item, other.attribute, multiplier: 1, constant: constant)
    }
    /// `self >= other + constant`.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .greaterThanOrEqual, other.item, other.attribute, multiplier: 1, constant: constant)
    }
    /// `self <= other + constant`.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .lessThanOrEqual, other.item, other.attribute, multiplier: 1, constant: constant)
    }

    var name: String { "\(item.layoutName).\(attribute.rawValue)" }
}

extension LayoutAnchor where Kind == DimensionAnchorKind {
    /// `self == multiplier · other + constant`.
    public func constraint(equalTo other: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .equal, other.item, other.attribute, multiplier: multiplier, constant: constant)
    }
    /// `self >= multiplier · other + constant`.
    public func constraint(greaterThanOrEqualTo other: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .greaterThanOrEqual, other.item, other.attribute, multiplier: multiplier, constant: constant)
    }
    /// `self <= multiplier · other + constant`.
    public func constraint(lessThanOrEqualTo other: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .lessThanOrEqual, other.item, other.attribute, multiplier: multiplier, constant: constant)
    }
    /// `self == c`.
    public func constraint(equalToConstant c: Double) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .equal, nil, nil, multiplier: 1, constant: c)
    }
    /// `self >= c`.
    public func constraint(greaterThanOrEqualToConstant c: Double) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .greaterThanOrEqual, nil, nil, multiplier: 1, constant: c)
    }
    /// `self <= c`.
    public func constraint(lessThanOrEqualToConstant c: Double) -> LayoutConstraint {
        LayoutConstraint(item, attribute, .lessThanOrEqual, nil, nil, multiplier: 1, constant: c)
    }
}

/// A relation between two anchors, `first (==|>=|<=) multiplier · second + constant`, or between an
/// anchor and a constant (A2). Activate it to take part in layout. Changing ``constant`` of an
/// active constraint goes through the solver's edit path (A9); changing ``priority`` re-adds it.
@MainActor
public final class LayoutConstraint: @MainActor CustomStringConvertible {
    /// The attribute of the first item, on the left of the relation.
    public let firstAttribute: LayoutAttribute
    /// The attribute of the second item; nil when the constraint relates the first to a constant.
    public let secondAttribute: LayoutAttribute?
    /// Equal, at least or at most.
    public let relation: Relation
    /// The factor on the second item's attribute (1 for positions).
    public let multiplier: Double
    /// The first item; a constraint never keeps it alive (nil once it is gone).
    public var firstItem: (any LayoutItemOwner)? { firstReference.owner }
    /// The second item; nil for a constant constraint or once the item is gone.
    public var secondItem: (any LayoutItemOwner)? { secondReference?.owner }
    // Not weak references: those would give every constrained view a side table (AM5,
    // ObjectReference.swift).
    private let firstReference: LayoutOwnerReference
    private let secondReference: LayoutOwnerReference?
    private let names: (String, String?)

    /// A name shown in descriptions and unsatisfiable-constraint reports.
    public var identifier: String?

    /// The constant; on an active constraint the change reaches the solver in the next
    /// constraints pass, through its edit path.
    public var constant: Double {
        get { constantStorage }
        set {
            let old = constantStorage
            constantStorage = newValue
            guard newValue != old else { return }
            if isActive { engine?.constantDidChange(self) }
        }
    }
    /// ``constant``, private: an animated constant is written and read every frame, and a
    /// public stored property keeps a run-time exclusivity check on each access (AM4).
    private var constantStorage: Double

    /// 1...1000; 1000 is required.
    public var priority: Float = 1000 {
        didSet {
            precondition(priority >= 1 && priority <= 1000, "LayoutConstraint.priority must lie in 1...1000; got \(priority)")
            guard priority != oldValue else { return }
            if isActive { engine?.priorityDidChange(self, wasRequired: oldValue >= 1000) }
        }
    }

    /// Whether the constraint takes part in layout. Setting it activates or deactivates.
    public var isActive: Bool {
        get { owner != nil }
        set { if newValue { LayoutConstraint.activate([self]) } else { LayoutConstraint.deactivate([self]) } }
    }

    /// Whether the engine broke this constraint to resolve a conflict (A7).
    public package(set) var isBroken = false {
        didSet { if !isBroken { unsatisfiableExplanation = nil } }
    }
    /// Why the engine broke it, while it is broken (IN5).
    public package(set) var unsatisfiableExplanation: UnsatisfiableExplanation?

    /// The view whose ``View/constraints`` hold this constraint while active (the nearest common
    /// ancestor of its items).
    var owner: View? {
        get { ownerReference?.object }
        set { ownerReference = newValue?.reference }
    }
    private var ownerReference: ObjectReference<View>?
    /// The engine the constraint is in, while it is in one.
    var engine: LayoutEngine? { engineReference?.object }
    /// The engine's ``LayoutEngine/reference`` while the constraint is in it; compared by
    /// identity to tell which engine holds the constraint without loading the engine.
    var engineReference: ObjectReference<LayoutEngine>?
    var solverID: ConstraintID?
    /// The solver expression's constant apart from ``constant`` (baseline offsets), set when added.
    var solverBase = 0.0
    /// Queued for a constant update in the next constraints pass.
    var constantIsPending = false
    /// The key of this constraint's constant animation on its view's layer (AM1): one per
    /// constraint, so a newer animation replaces a running one.
    var animationKey: String { "constant-" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16) }
    /// Marks the constraint during a batch ``deactivate(_:)``.
    var isBeingDeactivated = false
    /// How a constant animation and its end hold the constraint (made on first use, cleared by
    /// the deinit): not weakly, which would give an animated constraint a side table, and make
    /// the animation's every frame load it through a checked weak capture (AM4).
    var referenceStorage: ObjectReference<LayoutConstraint>?

    isolated deinit { referenceStorage?.clear() }

    /// A constraint between attributes chosen at run time, as UIKit's
    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`:
    /// `item.attribute (relation) multiplier · otherItem.otherAttribute + constant`, or
    /// `item.attribute (relation) constant` without a second item (a length, or an absolute position
    /// in window coordinates). Anchors (``LayoutAnchor``) check kinds when compiling; this checks
    /// them when called.
    ///
    /// - Precondition: both attributes are on the same axis and both are dimensions or both
    ///   positions; `otherAttribute` is given exactly when `otherItem` is.
    public convenience init(item: any LayoutItemOwner, attribute: LayoutAttribute, relatedBy relation: Relation,
                            toItem otherItem: (any LayoutItemOwner)?, attribute otherAttribute: LayoutAttribute?,
                            multiplier: Double = 1, constant: Double = 0) {
        precondition((otherItem == nil) == (otherAttribute == nil),
                     "LayoutConstraint(item:...): give toItem and its attribute together, or neither")
        self.init(item, attribute, relation, otherItem, otherAttribute, multiplier: multiplier, constant: constant)
    }

    init(_ firstItem: any LayoutItemOwner, _ firstAttribute: LayoutAttribute, _ relation: Relation,
         _ secondItem: (any LayoutItemOwner)?, _ secondAttribute: LayoutAttribute?, multiplier: Double, constant: Double) {
        let firstName = "\(firstItem.layoutName).\(firstAttribute.rawValue)"
        let secondName = secondItem.map { "\($0.layoutName).\(secondAttribute!.rawValue)" }
        if let secondAttribute {
            precondition(secondAttribute.axis == firstAttribute.axis,
                         "Cannot constrain \(firstName) to \(secondName!): anchors must be on the same axis")
            precondition(secondAttribute.isDimension == firstAttribute.isDimension,
                         "Cannot constrain \(firstName) to \(secondName!): a dimension relates only to a dimension")
        }
        self.firstAttribute = firstAttribute
        self.secondAttribute = secondAttribute
        self.relation = relation
        self.multiplier = multiplier
        constantStorage = constant
        self.firstReference = LayoutOwnerReference(firstItem)
        self.secondReference = secondItem.map(LayoutOwnerReference.init)
        names = (firstName, secondName)
    }

    /// Activates constraints: each is stored on the nearest common ancestor of its items and
    /// reaches the solver in the next constraints pass. A constraint with a non-finite number, or
    /// between views with no common ancestor, is not activated; the error is reported to the
    /// window's diagnostics (or thrown by ``activateChecked(_:)``).
    public static func activate(_ constraints: [LayoutConstraint]) {
        for c in constraints {
            do { try c.activateChecked() } catch {
                let log = (c.firstItem?.hierarchyView?.window ?? c.secondItem?.hierarchyView?.window)?.diagnostics
                log?.report(Diagnostic(kind: .invalidConstraint, frame: -1, message: error.description,
                                       constraints: [c.identifier ?? c.description]))
                if log == nil { printToStandardError("timeline: \(error.description)") }
            }
        }
    }

    /// Activates the constraints, throwing on the first invalid one (earlier ones stay active).
    public static func activateChecked(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        for c in constraints { try c.activateChecked() }
    }

    /// Deactivates constraints. Each owner's list is swept once for the whole batch, so
    /// deactivating n constraints costs O(n + the owners' constraints), not O(n²) (P2).
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        guard constraints.count > 1 else { constraints.first?.deactivate(); return }
        var owners: [View] = []
        var seen = Set<ObjectIdentifier>()
        for c in constraints {
            guard let o = c.owner, !c.isBeingDeactivated else { continue }
            c.isBeingDeactivated = true
            if seen.insert(ObjectIdentifier(o)).inserted { owners.append(o) }
        }
        for o in owners { o.constraints.removeAll { $0.isBeingDeactivated } }
        for c in constraints where c.isBeingDeactivated {
            c.isBeingDeactivated = false
            c.owner = nil
            c.engine?.remove(c)
            c.isBroken = false
        }
    }

    func activateChecked() throws(LayoutError) {
        guard owner == nil else { return }
        guard multiplier.isFinite, constant.isFinite else { throw .nonFiniteNumber(constraint: description) }
        guard let a = firstItem?.hierarchyView else { throw .itemGone(constraint: description) }
        // The engine lays out views and layout guides; the protocol is public, other owners are not.
        for case let item? in [firstItem, secondItem] where !(item is View || item is LayoutGuide) {
            throw .unsupportedItem(constraint: description, type: String(describing: type(of: item)))
        }
        var ancestor = a
        if let second = secondItem {
            guard let b = second.hierarchyView else { throw .itemGone(constraint: description) }
            guard let common = a.nearestCommonAncestor(with: b) else {
                throw .noCommonAncestor(constraint: description, first: a.traceName, second: b.traceName)
            }
            ancestor = common
        }
        owner = ancestor
        ancestor.constraints.append(self)
        if let w = ancestor.window { w.layoutEngine.add(self) }
    }

    func deactivate() {
        guard let o = owner else { return }
        o.constraints.removeAll { $0 === self }
        owner = nil
        engine?.remove(self)
        isBroken = false
    }

    /// UIKit-style description: `<'id' panel.top == 1.0 * root.safeArea.top + 40 @1000>`.
    public var description: String {
        var s = "<"
        if let identifier { s += "'\(identifier)' " }
        s += "\(names.0) \(relation)"
        if let second = names.1 {
            if multiplier != 1 { s += " \(fmtNumber(multiplier)) *" }
            s += " \(second)"
            if constant != 0 { s += constant < 0 ? " - \(fmtNumber(-constant))" : " + \(fmtNumber(constant))" }
        } else {
            s += " \(fmtNumber(constant))"
        }
        if priority < 1000 { s += " @\(fmtNumber(Double(priority)))" }
        return s + ">"
    }
}

func fmtNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
}

/// Failures of constraint activation.
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The constraint's constant or multiplier is NaN or infinite.
    case nonFiniteNumber(constraint: String)
    /// The two items are in different view trees.
    case noCommonAncestor(constraint: String, first: String, second: String)
    /// An item the constraint refers to has been freed.
    case itemGone(constraint: String)
    /// An item is neither a view nor a layout guide.
    case unsupportedItem(constraint: String, type: String)

    /// The failure in a sentence naming the constraint.
    public var description: String {
        switch self {
        case .nonFiniteNumber(let c): "constraint \(c) has a NaN or infinite constant or multiplier"
        case .noCommonAncestor(let c, let a, let b): "constraint \(c) relates \(a) and \(b), which have no common ancestor"
        case .itemGone(let c): "constraint \(c) refers to a view that no longer exists"
        case .unsupportedItem(let c, let t): "constraint \(c) relates a \(t); only views and layout guides can be laid out"
        }
    }
}

/// A rectangle that takes part in Auto Layout without being a view (A4): the safe-area guide,
/// the layout-margins guide, or one the app adds with ``View/addLayoutGuide(_:)``.
@MainActor
public final class LayoutGuide: LayoutItemOwner {
    /// Whether the guide is the app's own, a view's safe area or its layout margins, or a
    /// scroll view's content or frame.
    public enum Kind: Sendable {
        /// An app's own guide, placed only by the app's constraints.
        case custom
        /// A view's safe area.
        case safeArea
        /// A view's bounds inset by its layout margins.
        case margins
        /// A scroll view's content area (UIKit's `contentLayoutGuide`): its top-left is the
        /// content's origin, its size is whatever the constraints make it, and a scroll view
        /// takes that size as its content size when the constraints determine it. Constraints
        /// between the scroll view's own edges and a view inside it relate to this area, as in
        /// UIKit; its width, height and centre stay its frame's.
        case content
        /// A scroll view's frame in its content's coordinates (UIKit's `frameLayoutGuide`):
        /// its bounds, so what is pinned to it stays in place while the content scrolls.
        case frame
    }
    /// Which kind of guide this is.
    public let kind: Kind
    /// A name shown in constraint descriptions.
    public var identifier: String?
    /// The view the guide belongs to; nil until added, and once the view is gone.
    public package(set) var owningView: View? {
        get { owningReference?.object }
        set { owningReference = newValue?.reference }
    }
    // Not a weak reference, which would give the view a side table (ObjectReference.swift).
    private var owningReference: ObjectReference<View>?
    var layoutItem: LayoutItem?
    var referenceStorage: ObjectReference<LayoutGuide>?

    /// An app's own guide; add it to a view with ``View/addLayoutGuide(_:)`` before constraining it.
    public init(identifier: String? = nil) {
        self.kind = .custom
        self.identifier = identifier
    }
    init(kind: Kind, owner: View) {
        self.kind = kind
        self.owningView = owner
    }

    isolated deinit {
        referenceStorage?.clear()
    }

    /// The view whose tree the guide is laid out in: its owning view.
    public var hierarchyView: View? { owningView }
    /// The name in constraint descriptions: the owner's name and the guide's kind or identifier.
    public var layoutName: String {
        let base = owningView?.traceName ?? "?"
        switch kind {
        case .safeArea: return "\(base).safeArea"
        case .margins: return "\(base).margins"
        case .content: return "\(base).contentLayoutGuide"
        case .frame: return "\(base).frameLayoutGuide"
        case .custom: return identifier.map { "\(base).\($0)" } ?? "\(base).guide"
        }
    }

    /// The guide's rectangle in its owning view's coordinates, as last solved.
    public var layoutFrame: Rect {
        guard let item = layoutItem, let owner = owningView, let engine = owner.window?.layoutEngine else { return .zero }
        let r = engine.solvedRect(item)
        let origin = owner.absoluteBoundsOrigin
        return Rect(x: r.minX - origin.x, y: r.minY - origin.y, width: r.width, height: r.height)
    }

    /// The guide's solved width and height, each nil where its constraints leave it free (or
    /// the guide takes no part in layout yet). A scroll view reads its content guide's here.
    package var determinedSize: (width: Double?, height: Double?) {
        guard let item = layoutItem, !item.isReleased, let engine = owningView?.window?.layoutEngine else { return (nil, nil) }
        return engine.determinedSize(of: item)
    }

    /// The owner's bounds origin moved (a scroll): a ``Kind/frame`` guide follows it in the
    /// next constraints pass. Called by the scroll view; does nothing for other kinds.
    package func ownerBoundsOriginDidChange() {
        guard kind == .frame, let item = layoutItem, !item.isReleased, let engine = owningView?.window?.layoutEngine else { return }
        engine.markStale(item)
    }

}

extension View: LayoutItemOwner {
    public var hierarchyView: View? { self }
    public var layoutName: String { traceName }

    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    /// The safe-area guide (A4): the root's is inset by the window's safe-area insets; another
    /// view's is the part of its bounds inside the root's safe area.
    public var safeAreaLayoutGuide: LayoutGuide { guide(.safeArea) }
    /// The layout-margins guide (A4): bounds inset by ``directionalLayoutMargins``.
    public var layoutMarginsGuide: LayoutGuide { guide(.margins) }

    /// Adds a custom guide owned by this view.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        precondition(guide.owningView == nil || guide.owningView === self, "addLayoutGuide: the guide belongs to another view")
        guide.owningView = self
        guides.append(guide)
    }

    /// The guide of `kind` this view owns, made on first use; a scroll view asks for its
    /// ``LayoutGuide/Kind/content`` and ``LayoutGuide/Kind/frame`` guides.
    package func guide(_ kind: LayoutGuide.Kind) -> LayoutGuide {
        if let g = guides.first(where: { $0.kind == kind }) { return g }
        let g = LayoutGuide(kind: kind, owner: self)
        guides.append(g)
        return g
    }

    /// The alignment rect for a frame (A5): the frame inset by ``alignmentRectInsets``.
    public func alignmentRect(forFrame frame: Rect) -> Rect { frame.inset(by: alignmentRectInsets) }

    /// The frame for an alignment rect (A5): the rect outset by ``alignmentRectInsets``.
    public func frame(forAlignmentRect rect: Rect) -> Rect {
        let i = alignmentRectInsets
        return rect.inset(by: EdgeInsets(top: -i.top, left: -i.left, bottom: -i.bottom, right: -i.right))
    }

    /// Whether the constraints leave this view's frame undetermined (A8).
    public var hasAmbiguousLayout: Bool {
        guard let item = layoutItem, let engine = window?.layoutEngine else { return false }
        return engine.isAmbiguous(item)
    }

    /// Where this view's coordinate origin lies in layout space: window coordinates with every
    /// bounds origin left out (transforms too), the space Auto Layout solves in. Bounds origins
    /// are ignored as UIKit's Auto Layout ignores them: a scroll view's subviews are laid out in
    /// its content coordinates, so constraints to its edges refer to the content and scrolling
    /// moves no solved value.
    var absoluteBoundsOrigin: Point {
        var x = 0.0, y = 0.0
        var v: View? = self
        while let c = v, c.superview != nil {
            x += c.center.x - c.bounds.width / 2
            y += c.center.y - c.bounds.height / 2
            v = c.superview
        }
        if let root = v {
            x += root.center.x - root.bounds.width / 2
            y += root.center.y - root.bounds.height / 2
        }
        return Point(x: x, y: y)
    }

    /// The frame in layout space (see ``absoluteBoundsOrigin``).
    var absoluteFrame: Rect {
        guard let s = superview else { return Rect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height) }
        let o = s.absoluteBoundsOrigin
        return Rect(x: o.x + center.x - bounds.width / 2, y: o.y + center.y - bounds.height / 2, width: bounds.width, height: bounds.height)
    }
}
