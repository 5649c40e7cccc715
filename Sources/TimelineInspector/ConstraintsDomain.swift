import Views

// The Constraints domain (IN5), ours: DevTools has no constraint panel, so the inspector serves
// these methods over the CDP WebSocket and, for its own page (ConstraintsPage.swift), over HTTP.
// The facts come from the engine (``View/layoutExplanation()``): each attribute of a view with
// the constraints that name it, their priority, constant and whether they bind at the solution;
// why a conflicting required constraint was broken; and, for an ambiguous layout, another frame
// the constraints allow. Constraints get ids from the same registry as nodes (weakly held, never
// reused), so an id names one constraint for as long as it lives.

extension Inspector {
    /// The methods of the Constraints domain (also the only ones the HTTP endpoint serves).
    nonisolated static let constraintMethods = [
        "Constraints.getForNode", "Constraints.setConstant", "Constraints.exerciseAmbiguity", "Constraints.listViews",
    ]

    func dispatchConstraints(_ request: CDPRequest) throws(CDPError) -> CDPValue {
        switch request.method {
        case "Constraints.getForNode":
            let (id, view) = try selectedView(request)
            return try constraintReport(id, view)
        case "Constraints.setConstant":
            let id = try request.int("constraintId")
            let value = try request.double("value")
            guard value.isFinite, abs(value) <= 1e9 else { throw request.invalid("value must be a finite number within ±1e9; got \(value)") }
            guard let c = nodes.constraint(id) else {
                throw request.invalid("no constraint with id \(id) (ids come from Constraints.getForNode; a deactivated constraint's id names nothing)")
            }
            guard c.isActive else { throw request.invalid("constraint \(id) is no longer active") }
            c.constant = value
            runLoop?.requestFrame()
            return .object([("constraintId", .int(id)), ("description", .string(c.description))])
        case "Constraints.exerciseAmbiguity":
            let (id, view) = try selectedView(request)
            let moved = view.exerciseAmbiguityInLayout()
            return .object([("nodeId", .int(id)), ("moved", .bool(moved))])
        case "Constraints.listViews":
            return .object([("views", .array(constraintViews())), ("selectedNodeId", selectedNode.map { .int($0) } ?? .null)])
        default:
            throw CDPError(id: request.id, code: CDPError.methodNotFound, message: "'\(request.method)' is not served")
        }
    }

    /// The view `nodeId` names (a layer stands for the view it lies beneath), or, without
    /// `nodeId`, the one last selected (`DOM.setInspectedNode`, `Overlay.highlightNode`, a pick).
    private func selectedView(_ request: CDPRequest) throws(CDPError) -> (Int, View) {
        let id: Int
        if request.param("nodeId") != nil {
            id = try request.int("nodeId")
        } else if let selected = selectedNode {
            id = selected
        } else {
            throw request.invalid("no nodeId, and no node selected yet (select one in Elements, highlight or pick one)")
        }
        switch nodes.resolve(id) {
        case .view(let v)?: return (id, v)
        case .layer(_, let owner)?: return (nodes.id(for: owner), owner)
        case let node?: throw request.invalid("node \(id) is the \(node.kindName); constraints belong to views")
        case nil: throw request.invalid("no node with id \(id) (ids come from DOM.getDocument; a removed view's id names nothing)")
        }
    }

    /// `Constraints.getForNode`'s result.
    private func constraintReport(_ id: Int, _ view: View) throws(CDPError) -> CDPValue {
        guard let e = view.layoutExplanation() else {
            return .object([("nodeId", .int(id)), ("name", .string(view.layoutName)), ("inLayout", .bool(false)),
                            ("frame", .string(Self.format(view.frame))), ("attributes", .array([])), ("conflicts", .array([])),
                            ("ambiguity", .null)])
        }
        let attributes: [CDPValue] = e.attributes.map { a in
            .object([("attribute", .string(a.attribute.rawValue)), ("value", .double(a.value)),
                     ("constraints", .array(a.constraints.map(fact)))])
        }
        let conflicts: [CDPValue] = e.conflicts.map { x in
            .object([("broken", .string(x.broken)), ("frame", .int(Int(x.frame))), ("offset", .double(x.offset)),
                     ("reason", .string(x.reason)),
                     ("conflicting", .array(x.conflicting.map { m in
                         .object([("description", .string(m.description)),
                                  ("constraintId", m.constraint.map { .int(nodes.id(for: $0)) } ?? .null)])
                     }))])
        }
        let ambiguity: CDPValue = e.ambiguity.map { a in
            .object([("attributes", .array(a.attributes.map { .string($0.rawValue) })), ("frame", .string(Self.format(a.frame))),
                     ("alternativeFrame", .string(Self.format(a.alternativeFrame))), ("requiredChecked", .int(a.requiredChecked)),
                     ("violations", .array(a.violations.map { .string($0) }))])
        } ?? .null
        return .object([("nodeId", .int(id)), ("name", .string(e.view)), ("inLayout", .bool(true)), ("frame", .string(Self.format(e.frame))),
                        ("hasAmbiguousLayout", .bool(e.ambiguity != nil)), ("attributes", .array(attributes)),
                        ("conflicts", .array(conflicts)), ("ambiguity", ambiguity)])
    }

    private func fact(_ f: ConstraintFact) -> CDPValue {
        .object([
            ("constraintId", f.constraint.map { .int(nodes.id(for: $0)) } ?? .null), ("origin", .string(f.origin.rawValue)),
            ("description", .string(f.description)), ("attribute", .string(f.attribute.rawValue)),
            ("firstItem", .bool(f.viewIsFirstItem)), ("relation", .string("\(f.relation)")), ("priority", .double(f.priority)),
            ("constant", .double(f.constant)), ("multiplier", .double(f.multiplier)),
            ("otherItem", f.otherItem.map { .string($0) } ?? .null), ("otherAttribute", f.otherAttribute.map { .string($0.rawValue) } ?? .null),
            ("state", .string(f.state.rawValue)), ("offset", .double(f.offset)), ("editable", .bool(f.constraint != nil)),
        ])
    }

    /// Every view in the windows that has constraints of its own or is laid out by them, in
    /// tree order, for the page's picker.
    private func constraintViews() -> [CDPValue] {
        var out: [CDPValue] = []
        func walk(_ v: View, depth: Int) {
            if !v.translatesAutoresizingMaskIntoConstraints || !v.constraints.isEmpty {
                out.append(.object([("nodeId", .int(nodes.id(for: v))), ("name", .string(v.layoutName)), ("depth", .int(depth)),
                                    ("class", .string(Self.className(of: v, facade: v.facade)))]))
            }
            for s in v.subviews { walk(s, depth: depth + 1) }
        }
        for w in runLoop?.windows ?? [] { walk(w.rootView, depth: 0) }
        return out
    }
}
