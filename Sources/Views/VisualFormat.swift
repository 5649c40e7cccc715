import LayoutSolver

// The visual format language of UIKit's `NSLayoutConstraint.constraints(withVisualFormat:...)`,
// as Apple's Auto Layout Guide gives its grammar:
//
//   format     ::= (orientation ":")? ("|" connection)? view (connection view)* (connection "|")?
//   orientation ::= "H" | "V"
//   view       ::= "[" name ("(" predicate ("," predicate)* ")")? "]"
//   connection ::= "" | "-" | "-" predicates "-"
//   predicates ::= simple | "(" predicate ("," predicate)* ")"
//   simple     ::= metric | number
//   predicate  ::= ("==" | "<=" | ">=")? (metric | number | view name) ("@" (metric | number))?
//
// A connection between two views is a spacing, `-` alone the standard one (8 points between
// siblings, 20 to the superview), nothing at all none. A view's predicates constrain its length
// along the orientation, to a constant or to another view's length.

extension LayoutConstraint {
    /// `NSLayoutConstraint.FormatOptions`: how the views of a visual format line up across the
    /// orientation, which way a horizontal format runs, and what vertical spacings measure.
    /// The raw values are UIKit's.
    public struct FormatOptions: OptionSet, Sendable {
        /// The options as bits, UIKit's values.
        public let rawValue: UInt
        /// The options `rawValue`'s bits name.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Line the views up by their left edges.
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Line the views up by their right edges.
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Line the views up by their top edges.
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Line the views up by their bottom edges.
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Line the views up by their leading edges.
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Line the views up by their trailing edges.
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Line the views up by their horizontal centres.
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Line the views up by their vertical centres.
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Line the views up by their last baselines.
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Line the views up by their first baselines.
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The bits that hold the alignments.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        /// A horizontal format runs from leading to trailing (the default).
        public static let directionLeadingToTrailing = FormatOptions(rawValue: 0)
        /// A horizontal format runs left to right whatever the layout direction.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// A horizontal format runs right to left.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The bits that hold the direction.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        /// Vertical spacings measure between edges (the default).
        public static let spacingEdgeToEdge = FormatOptions(rawValue: 0)
        /// Vertical spacings measure between baselines.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The bit that holds the spacing.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)

        /// The attributes the alignment bits name, in UIKit's bit order.
        var alignments: [LayoutAttribute] {
            let table: [(FormatOptions, LayoutAttribute)] = [
                (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
                (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
                (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
            ]
            return table.filter { contains($0.0) }.map(\.1)
        }
    }

    /// The standard spacing between sibling views in a visual format (`[a]-[b]`).
    public static let standardSiblingSpacing = 8.0
    /// The standard spacing between a view and its superview's edge in a visual format (`|-[a]`).
    public static let standardSuperviewSpacing = 20.0

    /// The constraints a visual format string describes, not yet active (activate them), as
    /// UIKit's `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
    /// `metrics` names constants and priorities, `views` the views; `|` is the superview of the
    /// view next to it. With an alignment option, every view of the format is aligned with the
    /// one before it on that attribute, which must lie across the orientation.
    ///
    /// - Precondition: the format follows the grammar (see the file comment), names only the
    ///   given metrics and views, and `|` stands next to a view that has a superview; the message
    ///   says where the format goes wrong, as UIKit's exception does.
    /// - Complexity: O(n) in the format's length.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: Double] = [:], views: [String: View]) -> [LayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics, views: views)
        return parser.parse(options: options)
    }
}

/// One predicate of a visual format: a relation to a constant or to a view, at a priority.
private struct VisualPredicate {
    var relation: Relation
    var constant: Double
    var view: View?
    var priority: Float
}

/// An item of a visual format line: a view with its length predicates, or the superview's edge.
private enum VisualItem {
    case view(View, name: String, predicates: [VisualPredicate])
    case superview
}

/// A recursive-descent reader of one visual format string; it makes the constraints as it goes.
@MainActor
private struct VisualFormatParser {
    let chars: [Character]
    let format: String
    let metrics: [String: Double]
    let views: [String: View]
    var at = 0

    init(format: String, metrics: [String: Double], views: [String: View]) {
        self.format = format
        chars = Array(format).filter { !$0.isWhitespace }
        self.metrics = metrics
        self.views = views
    }

    /// Stops with UIKit's kind of message: what is wrong, and the format marked where.
    func fail(_ message: String) -> Never {
        let shown = String(chars[..<min(at, chars.count)]) + " ^ " + String(chars[min(at, chars.count)...])
        preconditionFailure("Unable to parse constraint format: \(message)\n\(shown)")
    }

    var peek: Character? { at < chars.count ? chars[at] : nil }
    mutating func take(_ c: Character) -> Bool {
        guard peek == c else { return false }
        at += 1
        return true
    }
    mutating func expect(_ c: Character) {
        if !take(c) { fail("expected '\(c)'") }
    }

    mutating func parse(options: LayoutConstraint.FormatOptions) -> [LayoutConstraint] {
        var vertical = false
        if chars.count >= 2, chars[1] == ":", chars[0] == "H" || chars[0] == "V" {
            vertical = chars[0] == "V"
            at = 2
        }
        var items: [VisualItem] = []
        var connections: [[VisualPredicate]] = []
        if take("|") {
            items.append(.superview)
            connections.append(connection())
        }
        items.append(view())
        while peek != nil {
            let c = connection()
            if take("|") {
                items.append(.superview)
                connections.append(c)
                break
            }
            connections.append(c)
            items.append(view())
        }
        if peek != nil { fail("nothing may follow the superview's edge") }

        let direction = options.intersection(.directionMask)
        let rightToLeft = !vertical && direction == .directionRightToLeft
        let start: LayoutAttribute = vertical ? .top : direction == .directionLeadingToTrailing ? .leading : rightToLeft ? .right : .left
        let end: LayoutAttribute = vertical ? .bottom : direction == .directionLeadingToTrailing ? .trailing : rightToLeft ? .left : .right
        let length: LayoutAttribute = vertical ? .height : .width
        let baselines = vertical && options.contains(.spacingBaselineToBaseline)
        var result: [LayoutConstraint] = []

        // Each view's own length predicates.
        for case .view(let v, _, let predicates) in items {
            for p in predicates {
                let c = LayoutConstraint(v, length, p.relation, p.view, p.view == nil ? nil : length, multiplier: 1, constant: p.constant)
                c.priority = p.priority
                result.append(c)
            }
        }
        // The spacings: a later edge (along the direction) stands the spacing past an earlier one.
        let superview = items.lazy.compactMap { item -> View? in
            if case .view(let v, _, _) = item { return v }
            return nil
        }.first?.superview
        for (i, predicates) in connections.enumerated() {
            let (e, l) = (items[i], items[i + 1])
            func resolve(_ item: VisualItem, _ attribute: LayoutAttribute) -> (View, LayoutAttribute) {
                switch item {
                case .view(let v, _, _): return (v, attribute)
                case .superview:
                    guard let superview else { fail("'|' stands for a superview, and the view beside it has none") }
                    return (superview, attribute)
                }
            }
            let earlier = resolve(e, e.isSuperview ? start : baselines ? .lastBaseline : end)
            let later = resolve(l, l.isSuperview ? end : baselines ? .firstBaseline : start)
            let standard = e.isSuperview || l.isSuperview ? LayoutConstraint.standardSuperviewSpacing : LayoutConstraint.standardSiblingSpacing
            for p in predicates.isEmpty ? [VisualPredicate(relation: .equal, constant: standard, view: nil, priority: 1000)] : predicates {
                let (first, second) = rightToLeft ? (earlier, later) : (later, earlier)
                let c = LayoutConstraint(first.0, first.1, p.relation, second.0, second.1, multiplier: 1, constant: p.constant)
                c.priority = p.priority
                result.append(c)
            }
        }
        // Alignment across the orientation, each view with the one before it.
        let alignments = options.alignments
        if alignments.count > 1 { fail("give one alignment option; got \(alignments.count)") }
        if let a = alignments.first {
            if (a.axis == .vertical) == vertical { fail("the alignment \(a.rawValue) lies along the format's orientation, not across it") }
            let placed = items.compactMap { item -> View? in
                if case .view(let v, _, _) = item { return v }
                return nil
            }
            for (prev, next) in zip(placed, placed.dropFirst()) {
                result.append(LayoutConstraint(next, a, .equal, prev, a, multiplier: 1, constant: 0))
            }
        }
        return result
    }

    /// `[name(predicates)]`.
    mutating func view() -> VisualItem {
        expect("[")
        let name = identifier()
        guard let v = views[name] else { fail("\(name) is not a key in the views dictionary") }
        var predicates: [VisualPredicate] = []
        if take("(") { predicates = predicateList(viewsAllowed: true) }
        expect("]")
        return .view(v, name: name, predicates: predicates)
    }

    /// A connection: [] for the standard spacing (`-`), else its predicates; views written
    /// side by side (`][`, `|[`) are flush, a spacing of 0.
    mutating func connection() -> [VisualPredicate] {
        guard take("-") else { return [VisualPredicate(relation: .equal, constant: 0, view: nil, priority: 1000)] }
        if peek == "[" || peek == "|" { return [] }
        var predicates: [VisualPredicate]
        if take("(") {
            predicates = predicateList(viewsAllowed: false)
        } else {
            predicates = [VisualPredicate(relation: .equal, constant: constant(), view: nil, priority: 1000)]
        }
        expect("-")
        return predicates
    }

    /// `predicate ("," predicate)* ")"`, the opening parenthesis read.
    mutating func predicateList(viewsAllowed: Bool) -> [VisualPredicate] {
        var list: [VisualPredicate] = []
        repeat {
            var p = VisualPredicate(relation: .equal, constant: 0, view: nil, priority: 1000)
            if take("=") { expect("=") } else if take("<") { expect("="); p.relation = .lessThanOrEqual } else if take(">") {
                expect("=")
                p.relation = .greaterThanOrEqual
            }
            if let c = peek, c.isLetter || c == "_" {
                let name = identifier()
                if let m = metrics[name] {
                    p.constant = m
                } else if viewsAllowed, let v = views[name] {
                    p.view = v
                } else {
                    fail("\(name) is not a key in the metrics\(viewsAllowed ? " or views" : "") dictionary")
                }
            } else {
                p.constant = number()
            }
            if take("@") {
                let priority = Float(constant())
                if !(1...1000).contains(priority) { fail("a priority lies in 1...1000; got \(priority)") }
                p.priority = priority
            }
            list.append(p)
        } while take(",")
        expect(")")
        return list
    }

    /// A metric's value or a number.
    mutating func constant() -> Double {
        if let c = peek, c.isLetter || c == "_" {
            let name = identifier()
            guard let m = metrics[name] else { fail("\(name) is not a key in the metrics dictionary") }
            return m
        }
        return number()
    }

    mutating func identifier() -> String {
        let begin = at
        while let c = peek, c.isLetter || c.isNumber || c == "_" { at += 1 }
        if begin == at { fail("expected a view or metric name") }
        return String(chars[begin..<at])
    }

    mutating func number() -> Double {
        let begin = at
        if peek == "-" || peek == "+" { at += 1 }
        while let c = peek, c.isNumber || c == "." { at += 1 }
        guard let value = Double(String(chars[begin..<at])) else { at = begin; fail("expected a number") }
        return value
    }
}

private extension VisualItem {
    var isSuperview: Bool {
        if case .superview = self { return true }
        return false
    }
}
