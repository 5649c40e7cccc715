import Geometry
import Timeline
import LayoutSolver

/// `UILayoutPriority`.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The priority, 1...1000 (the engine constraint's `priority`).
    public let rawValue: Float
    /// The priority of value `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// The priority of value `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a number.
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority written as a number.
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    /// Required: 1000, must hold.
    public static let required = UILayoutPriority(1000)
    /// Default high: 750 (content compression resistance's default).
    public static let defaultHigh = UILayoutPriority(750)
    /// Default low: 250 (content hugging's default).
    public static let defaultLow = UILayoutPriority(250)
    /// Fitting size level: 50.
    public static let fittingSizeLevel = UILayoutPriority(50)
    /// 510, the level at which a drag could resize a scene (a number only here).
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// Orders priorities by value.
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    /// The priority raised by `b`.
    public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue + b) }
    /// The priority lowered by `b`.
    public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue - b) }
}

/// `NSLayoutConstraint`: an engine constraint, solved by the engine's Cassowary solver.
@preconcurrency @MainActor
public final class NSLayoutConstraint: NSObject {
    package let constraint: LayoutConstraint
    package init(_ c: LayoutConstraint) { constraint = c; super.init() }

    /// `NSLayoutConstraint.Relation`: ≤, = or ≥; the engine solver's relation.
    public enum Relation: Int, Sendable { case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1 }
    /// `NSLayoutConstraint.Attribute`: the edge, centre, size or baseline a constraint ties; the engine's
    /// `LayoutAttribute`.
    public enum Attribute: Int, Sendable {
        /// Edges, sizes, centres and baselines.
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        /// The same inside the layout margins, and none (for a constant size).
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins,
             centerYWithinMargins, notAnAttribute = 0
        init(_ a: LayoutAttribute) {
            self = switch a {
            case .left: .left
            case .right: .right
            case .top: .top
            case .bottom: .bottom
            case .leading: .leading
            case .trailing: .trailing
            case .width: .width
            case .height: .height
            case .centerX: .centerX
            case .centerY: .centerY
            case .lastBaseline: .lastBaseline
            case .firstBaseline: .firstBaseline
            }
        }
        var engine: LayoutAttribute? {
            switch self {
            case .left, .leftMargin: .left
            case .right, .rightMargin: .right
            case .top, .topMargin: .top
            case .bottom, .bottomMargin: .bottom
            case .leading, .leadingMargin: .leading
            case .trailing, .trailingMargin: .trailing
            case .width: .width
            case .height: .height
            case .centerX, .centerXWithinMargins: .centerX
            case .centerY, .centerYWithinMargins: .centerY
            case .lastBaseline: .lastBaseline
            case .firstBaseline: .firstBaseline
            case .notAnAttribute: nil
            }
        }
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                            attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        guard let first = layoutItem(view1) else {
            preconditionFailure("NSLayoutConstraint(item:): the item must be a UIView or a UILayoutGuide; got \(type(of: view1))")
        }
        let second = view2.flatMap(layoutItem)
        let rel: LayoutSolver.Relation = relation == .equal ? .equal : relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
        self.init(LayoutConstraint(item: first, attribute: attr1.engine ?? .width, relatedBy: rel, toItem: second,
                                   attribute: second == nil ? nil : attr2.engine, multiplier: multiplier.double, constant: c.double))
    }

    /// `NSLayoutConstraint.constant`: the engine constraint's `constant`, in points.
    public var constant: CGFloat { get { CGFloat(constraint.constant) } set { constraint.constant = newValue.double } }
    /// `NSLayoutConstraint.priority`: the engine constraint's `priority`.
    public var priority: UILayoutPriority {
        get { UILayoutPriority(constraint.priority) } set { constraint.priority = newValue.rawValue }
    }
    /// `NSLayoutConstraint.isActive`: the engine constraint's `isActive`.
    public var isActive: Bool { get { constraint.isActive } set { constraint.isActive = newValue } }
    /// `NSLayoutConstraint.identifier`: the engine constraint's `identifier` (shown when it conflicts).
    public var identifier: String? { get { constraint.identifier } set { constraint.identifier = newValue } }
    /// `NSLayoutConstraint.multiplier`: the engine constraint's `multiplier`.
    public var multiplier: CGFloat { CGFloat(constraint.multiplier) }
    /// `NSLayoutConstraint.shouldBeArchived`: stored only (there are no archives).
    public var shouldBeArchived = false
    /// `NSLayoutConstraint.firstItem`: the view or layout guide the constraint is on.
    public var firstItem: AnyObject? { constraint.firstItem.map(facadeItem) }
    /// `NSLayoutConstraint.secondItem`: the other view or guide; nil for a constant.
    public var secondItem: AnyObject? { constraint.secondItem.map(facadeItem) }
    /// `NSLayoutConstraint.firstAttribute`: the first item's attribute.
    public var firstAttribute: Attribute { Attribute(constraint.firstAttribute) }
    /// `NSLayoutConstraint.secondAttribute`: the second item's attribute (`.notAnAttribute` for none).
    public var secondAttribute: Attribute { constraint.secondAttribute.map(Attribute.init) ?? .notAnAttribute }
    /// `NSLayoutConstraint.relation`: the engine constraint's `relation`.
    public var relation: Relation {
        switch constraint.relation { case .equal: .equal; case .lessThanOrEqual: .lessThanOrEqual; case .greaterThanOrEqual: .greaterThanOrEqual }
    }
    /// Two facades of one engine constraint are the same constraint.
    public override func isEqual(_ object: Any?) -> Bool { (object as? NSLayoutConstraint)?.constraint === constraint }
    public override var hash: Int { ObjectIdentifier(constraint).hashValue }
    public override nonisolated var description: String { MainActor.assumeIsolated { constraint.description } }

    /// `NSLayoutConstraint.activate(_:)`: the engine's `LayoutConstraint.activate(_:)`.
    public static func activate(_ constraints: [NSLayoutConstraint]) { LayoutConstraint.activate(constraints.map(\.constraint)) }
    /// `NSLayoutConstraint.deactivate(_:)`: the engine's `LayoutConstraint.deactivate(_:)`.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) { LayoutConstraint.deactivate(constraints.map(\.constraint)) }
    /// The engine's `LayoutConstraint/constraints(withVisualFormat:options:metrics:views:)`: the
    /// constraints a visual format string describes, inactive. `metrics` holds numbers (any of
    /// Swift's or Foundation's), `views` the facade views.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [], metrics: [String: Any]?,
                                   views: [String: Any]) -> [NSLayoutConstraint] {
        var numbers: [String: Double] = [:]
        for (name, value) in metrics ?? [:] {
            guard let n = visualFormatNumber(value) else {
                preconditionFailure("NSLayoutConstraint.constraints(withVisualFormat:): metric \(name) must be a number; got \(type(of: value))")
            }
            numbers[name] = n
        }
        var engineViews: [String: View] = [:]
        for (name, value) in views {
            guard let v = value as? UIView else {
                preconditionFailure("NSLayoutConstraint.constraints(withVisualFormat:): \(name) must be a UIView; got \(type(of: value))")
            }
            engineViews[name] = v.view
        }
        return LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: numbers, views: engineViews)
            .map(NSLayoutConstraint.init)
    }
    /// `NSLayoutConstraint.FormatOptions`: the engine's, with UIKit's raw values.
    public typealias FormatOptions = LayoutConstraint.FormatOptions
}

/// A visual format metric as a number: Swift's numbers, `CGFloat` and `NSNumber`.
private func visualFormatNumber(_ value: Any) -> Double? {
    switch value {
    case let d as Double: d
    case let f as CGFloat: f.double
    case let f as Float: Double(f)
    case let i as Int: Double(i)
    case let n as NSNumber: n.doubleValue
    default: nil
    }
}

/// The facade object of a constraint's engine item (a view's facade, or a guide wrapped).
@preconcurrency @MainActor
private func facadeItem(_ item: any LayoutItemOwner) -> AnyObject {
    if let v = item as? View { return UIView.wrap(v) }
    if let g = item as? LayoutGuide { return UILayoutGuide(g) }
    return item
}

@preconcurrency @MainActor
private func layoutItem(_ any: Any) -> (any LayoutItemOwner)? {
    if let v = any as? UIView { return v.view }
    if let g = any as? UILayoutGuide { return g.guide }
    return nil
}

/// `NSLayoutAnchor` and its axis kinds, over the engine's anchors.
@preconcurrency @MainActor
public class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    package let item: any LayoutItemOwner
    package let attribute: LayoutAttribute
    package init(item: any LayoutItemOwner, attribute: LayoutAttribute) { self.item = item; self.attribute = attribute }

    private func make(_ rel: LayoutSolver.Relation, _ other: NSLayoutAnchor<AnchorType>, _ c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(LayoutConstraint(item: item, attribute: attribute, relatedBy: rel, toItem: other.item,
                                            attribute: other.attribute, multiplier: 1, constant: c.double))
    }
    /// `NSLayoutAnchor.constraint(equalTo:)`: an inactive constraint making the two equal.
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, 0) }
    /// `NSLayoutAnchor.constraint(equalTo:constant:)`: this equals `anchor` plus `c` points (inactive).
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { make(.equal, anchor, c) }
    /// `NSLayoutAnchor.constraint(greaterThanOrEqualTo:)`: this is at least `anchor` (inactive).
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, 0) }
    /// `NSLayoutAnchor.constraint(greaterThanOrEqualTo:constant:)`: at least `anchor` plus `c` points.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, c)
    }
    /// `NSLayoutAnchor.constraint(lessThanOrEqualTo:)`: this is at most `anchor` (inactive).
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, 0) }
    /// `NSLayoutAnchor.constraint(lessThanOrEqualTo:constant:)`: at most `anchor` plus `c` points.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, c)
    }
}
/// `NSLayoutXAxisAnchor`: a horizontal position (leading, trailing, left, right, centre x).
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `NSLayoutXAxisAnchor.constraint(equalToSystemSpacingAfter:multiplier:)`: 8 points times
    /// `multiplier` after `anchor`.
    public func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(equalTo: anchor, constant: 8 * multiplier)
    }
}
/// `NSLayoutYAxisAnchor`: a vertical position (top, bottom, centre y).
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `NSLayoutYAxisAnchor.constraint(equalToSystemSpacingBelow:multiplier:)`: 8 points times
    /// `multiplier` below `anchor`.
    public func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(equalTo: anchor, constant: 8 * multiplier)
    }
}
/// `NSLayoutDimension`: a width or height.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    private func dim(_ rel: LayoutSolver.Relation, _ other: NSLayoutDimension?, _ m: CGFloat, _ c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(LayoutConstraint(item: item, attribute: attribute, relatedBy: rel, toItem: other?.item,
                                            attribute: other?.attribute, multiplier: m.double, constant: c.double))
    }
    /// This size equals `c` points (inactive).
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { dim(.equal, nil, 1, c) }
    /// This size is at least `c` points (inactive).
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { dim(.greaterThanOrEqual, nil, 1, c) }
    /// This size is at most `c` points (inactive).
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { dim(.lessThanOrEqual, nil, 1, c) }
    /// This size equals `anchor` times `m` (inactive).
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { dim(.equal, anchor, m, 0) }
    /// This size equals `anchor` times `m` plus `c` points (inactive).
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        dim(.equal, anchor, m, c)
    }
    /// This size is at least `anchor` times `m` (inactive).
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        dim(.greaterThanOrEqual, anchor, m, 0)
    }
    /// This size is at least `anchor` times `m` plus `c` points (inactive).
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        dim(.greaterThanOrEqual, anchor, m, c)
    }
    /// This size is at most `anchor` times `m` (inactive).
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        dim(.lessThanOrEqual, anchor, m, 0)
    }
    /// This size is at most `anchor` times `m` plus `c` points (inactive).
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        dim(.lessThanOrEqual, anchor, m, c)
    }
}

/// The anchors of views and layout guides.
@preconcurrency @MainActor
public protocol UILayoutAnchorProviding {
    /// Not UIKit: the engine layout item (view or guide) the anchors constrain.
    var anchorItem: any LayoutItemOwner { get }
}
extension UILayoutAnchorProviding {
    /// The leading edge (left here).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: anchorItem, attribute: .leading) }
    /// The trailing edge (right here).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: anchorItem, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: anchorItem, attribute: .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: anchorItem, attribute: .right) }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: anchorItem, attribute: .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: anchorItem, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: anchorItem, attribute: .bottom) }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: anchorItem, attribute: .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: anchorItem, attribute: .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: anchorItem, attribute: .height) }
}

extension UIView: UILayoutAnchorProviding {
    public var anchorItem: any LayoutItemOwner { view }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: view, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: view, attribute: .lastBaseline) }
    public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide(view.safeAreaLayoutGuide) }
    public var layoutMarginsGuide: UILayoutGuide { UILayoutGuide(view.layoutMarginsGuide) }
    public var readableContentGuide: UILayoutGuide { UILayoutGuide(view.layoutMarginsGuide) }
    /// Where the keyboard is, as `UIKeyboardLayoutGuide`. A desktop shows no on-screen keyboard,
    /// so it is the strip from the bottom of the safe area to the view's bottom (as on iOS with
    /// the keyboard hidden): content pinned above it sits above the home indicator's area.
    public var keyboardLayoutGuide: UILayoutGuide {
        let id = "keyboardLayoutGuide"
        if let g = view.layoutGuides.first(where: { $0.identifier == id }) { return UILayoutGuide(g) }
        let g = LayoutGuide(identifier: id)
        view.addLayoutGuide(g)
        LayoutConstraint.activate([
            g.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
            g.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            g.leftAnchor.constraint(equalTo: view.leftAnchor),
            g.rightAnchor.constraint(equalTo: view.rightAnchor),
        ])
        return UILayoutGuide(g)
    }
    /// The constraints this view holds (those whose nearest common ancestor it is).
    public var constraints: [NSLayoutConstraint] { view.constraints.map(NSLayoutConstraint.init) }
    public func addConstraint(_ c: NSLayoutConstraint) { c.isActive = true }
    public func addConstraints(_ cs: [NSLayoutConstraint]) { NSLayoutConstraint.activate(cs) }
    public func removeConstraint(_ c: NSLayoutConstraint) { c.isActive = false }
    public func removeConstraints(_ cs: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(cs) }
    public func addLayoutGuide(_ g: UILayoutGuide) { view.addLayoutGuide(g.guide) }
    public func setContentHuggingPriority(_ p: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        var h = view.contentHuggingPriority
        if axis == .horizontal { h.horizontal = p.rawValue } else { h.vertical = p.rawValue }
        view.contentHuggingPriority = h
    }
    public func setContentCompressionResistancePriority(_ p: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        var c = view.contentCompressionResistancePriority
        if axis == .horizontal { c.horizontal = p.rawValue } else { c.vertical = p.rawValue }
        view.contentCompressionResistancePriority = c
    }
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        UILayoutPriority(axis == .horizontal ? view.contentHuggingPriority.horizontal : view.contentHuggingPriority.vertical)
    }
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        UILayoutPriority(axis == .horizontal ? view.contentCompressionResistancePriority.horizontal
                                             : view.contentCompressionResistancePriority.vertical)
    }
    public var hasAmbiguousLayout: Bool { view.hasAmbiguousLayout }
    /// Moves the view to another frame its constraints allow just as well (IN5).
    public func exerciseAmbiguityInLayout() { view.exerciseAmbiguityInLayout() }
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        view.constraintsAffectingLayout(for: axis == .horizontal ? .horizontal : .vertical).map(NSLayoutConstraint.init)
    }
}

extension NSLayoutConstraint {
    /// `NSLayoutConstraint.Axis`: horizontal or vertical.
    public enum Axis: Int, Sendable { case horizontal, vertical }
}

/// `UILayoutGuide`.
@preconcurrency @MainActor
public final class UILayoutGuide: NSObject, UILayoutAnchorProviding {
    package let guide: LayoutGuide
    package init(_ g: LayoutGuide) { guide = g }
    public override init() { guide = LayoutGuide() }
    /// Not UIKit: the engine layout guide the anchors constrain.
    public var anchorItem: any LayoutItemOwner { guide }
    /// `UILayoutGuide.identifier`: the engine guide's `identifier` ("" when none).
    public var identifier: String { get { guide.identifier ?? "" } set { guide.identifier = newValue } }
    /// `UILayoutGuide.layoutFrame`: the engine guide's `layoutFrame`, in its view's points.
    public var layoutFrame: CGRect { CGRect(guide.layoutFrame) }
    /// `UILayoutGuide.owningView`: the view the guide was added to.
    public var owningView: UIView? { guide.hierarchyView.map(UIView.wrap) }
}
