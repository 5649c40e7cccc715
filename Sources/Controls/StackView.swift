@_spi(Engine) import Views
import Geometry
import LayoutSolver

/// Lays out its arranged subviews in a row or a column with constraints (K3), as `UIStackView`.
/// The constraints are rebuilt in the constraints pass whenever the arrangement changes (a view
/// added, removed, hidden or shown, or a property set). Hidden arranged subviews collapse to zero
/// length in place, so hiding one inside an animation block, followed by `layoutIfNeeded()`,
/// animates the others into place.
@MainActor
open class StackView: View {
    /// The direction the arranged views run.
    public enum Axis: Sendable { case horizontal, vertical }
    /// How the arranged views share the stack's length.
    public enum Distribution: Sendable {
        /// Views keep their sizes where they can; hugging and compression decide who gives.
        case fill
        /// Every visible view is as long as the first along the axis.
        case fillEqually
        /// Views keep their sizes; the gaps between them are equal (at least ``spacing``).
        case equalSpacing
    }
    /// How the arranged views sit across the axis.
    public enum Alignment: Sendable {
        /// Views span the stack across the axis.
        case fill
        /// Views sit at the top (horizontal stacks) or the leading edge (vertical ones).
        case leading
        /// Views are centred across the axis.
        case center
        /// Views sit at the bottom or the trailing edge.
        case trailing
    }

    /// The views the stack lays out, in order along the axis.
    public private(set) var arrangedSubviews: [View] = []
    /// The direction the views run (horizontal by default).
    public var axis: Axis = .horizontal { didSet { arrangementDidChange() } }
    /// Points between neighbouring views (the least gap for ``Distribution/equalSpacing``).
    public var spacing = 0.0 { didSet { arrangementDidChange() } }
    /// How the views share the length (fill by default).
    public var distribution: Distribution = .fill { didSet { arrangementDidChange() } }
    /// How the views sit across the axis (fill by default).
    public var alignment: Alignment = .fill { didSet { arrangementDidChange() } }

    private var managed: [LayoutConstraint] = []
    private var gapGuides: [LayoutGuide] = []
    private var needsArrangement = true

    /// A stack of `views`, laid out by constraints.
    public init(arrangedSubviews views: [View] = [], identifier: String? = nil) {
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
        for v in views { addArrangedSubview(v) }
    }

    /// An empty stack placed by `frame`: its frame is set by hand until the code says otherwise,
    /// as for every view made with a frame (MR6).
    public convenience override init(frame: Rect) {
        self.init(arrangedSubviews: [])
        translatesAutoresizingMaskIntoConstraints = true
        self.frame = frame
    }

    /// Appends `view` to the arranged subviews (and to the subviews if it is not one).
    public func addArrangedSubview(_ view: View) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts `view` among the arranged subviews at `index` (and adds it as a subview if it is not one).
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementDidChange()
    }

    /// Stops arranging `view`; it stays a subview (UIKit's behaviour).
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange()
    }

    /// The gap after `view` instead of ``spacing`` (`setCustomSpacing(_:after:)`); pass
    /// ``useDefaultSpacing`` to go back to ``spacing``.
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        customSpacings[ObjectIdentifier(view)] = spacing == StackView.useDefaultSpacing ? nil : spacing
        arrangementDidChange()
    }
    /// The gap after `view`: its custom spacing, or ``useDefaultSpacing``.
    public func customSpacing(after view: View) -> Double { customSpacings[ObjectIdentifier(view)] ?? StackView.useDefaultSpacing }
    /// UIKit's `UIStackView.spacingUseDefault`.
    public static let useDefaultSpacing = Double.greatestFiniteMagnitude
    private var customSpacings: [ObjectIdentifier: Double] = [:]

    open override func subviewVisibilityDidChange(_ subview: View) {
        if arrangedSubviews.contains(where: { $0 === subview }) { arrangementDidChange() }
    }

    private func arrangementDidChange() {
        needsArrangement = true
        setNeedsUpdateConstraints()
    }

    open override func updateConstraints() {
        if needsArrangement {
            needsArrangement = false
            LayoutConstraint.deactivate(managed)
            managed = arrangementConstraints()
            LayoutConstraint.activate(managed)
        }
        super.updateConstraints()
    }

    /// The constraints of the current arrangement.
    private func arrangementConstraints() -> [LayoutConstraint] {
        let horizontal = axis == .horizontal
        // Main axis and cross axis, as attributes.
        let start: LayoutAttribute = horizontal ? .leading : .top, end: LayoutAttribute = horizontal ? .trailing : .bottom
        let length: LayoutAttribute = horizontal ? .width : .height
        let crossStart: LayoutAttribute = horizontal ? .top : .leading, crossEnd: LayoutAttribute = horizontal ? .bottom : .trailing
        let crossCenter: LayoutAttribute = horizontal ? .centerY : .centerX, crossLength: LayoutAttribute = horizontal ? .height : .width
        func c(_ a: any LayoutItemOwner, _ aa: LayoutAttribute, _ r: Relation, _ b: (any LayoutItemOwner)?, _ ba: LayoutAttribute?,
               _ k: Double = 0, priority: Float = 1000) -> LayoutConstraint {
            let constraint = LayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, constant: k)
            constraint.priority = priority
            return constraint
        }
        var out: [LayoutConstraint] = []
        let visible = arrangedSubviews.filter { !$0.isHidden }
        var previous: View?
        for v in arrangedSubviews {
            // Cross axis, for every arranged view.
            switch alignment {
            case .fill:
                out += [c(v, crossStart, .equal, self, crossStart), c(v, crossEnd, .equal, self, crossEnd)]
            case .leading:
                out += [c(v, crossStart, .equal, self, crossStart), c(v, crossEnd, .lessThanOrEqual, self, crossEnd)]
            case .center:
                out += [c(v, crossCenter, .equal, self, crossCenter), c(v, crossStart, .greaterThanOrEqual, self, crossStart)]
            case .trailing:
                out += [c(v, crossEnd, .equal, self, crossEnd), c(v, crossStart, .greaterThanOrEqual, self, crossStart)]
            }
            if v.isHidden {
                // Collapsed in place, where the next visible view starts: to zero length unless the
                // view requires its own (then it keeps it, hidden, without a conflict to report).
                out += [c(v, length, .equal, nil, nil, 0, priority: 999),
                        previous.map { c(v, start, .equal, $0, end) } ?? c(v, start, .equal, self, start)]
                continue
            }
            if let p = previous {
                let gap = customSpacings[ObjectIdentifier(p)] ?? spacing
                switch distribution {
                case .fill, .fillEqually: out.append(c(v, start, .equal, p, end, gap))
                case .equalSpacing: out.append(c(v, start, .greaterThanOrEqual, p, end, gap))
                }
            } else {
                out.append(c(v, start, .equal, self, start))
            }
            previous = v
        }
        if let last = visible.last { out.append(c(last, end, .equal, self, end)) }
        if visible.isEmpty { out.append(c(self, length, .equal, nil, nil, 0, priority: 49)) }
        if distribution == .fillEqually, let first = visible.first {
            for v in visible.dropFirst() { out.append(c(v, length, .equal, first, length)) }
        }
        if distribution == .equalSpacing, visible.count > 2 {
            // Equal gaps: guides between neighbours, all as long as the first.
            while gapGuides.count < visible.count - 1 {
                let g = LayoutGuide(identifier: "gap\(gapGuides.count)")
                addLayoutGuide(g)
                gapGuides.append(g)
            }
            for (k, pair) in zip(visible, visible.dropFirst()).enumerated() {
                let g = gapGuides[k]
                out += [c(g, start, .equal, pair.0, end), c(g, end, .equal, pair.1, start),
                        c(g, crossStart, .equal, self, crossStart), c(g, crossLength, .equal, nil, nil, 0)]
                if k > 0 { out.append(c(g, length, .equal, gapGuides[0], length)) }
            }
        }
        if alignment != .fill {
            // Hug the tallest (widest) view across the axis unless told otherwise.
            out.append(c(self, crossLength, .equal, nil, nil, 0, priority: 49))
        }
        return out
    }
}
