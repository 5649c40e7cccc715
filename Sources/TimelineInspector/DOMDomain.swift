import Geometry
import Layers
import Views

// The Elements panel's domains (IN2): DOM.getDocument gives the run loop's windows, each with
// its view tree; a view's node is named after its class (the facade's class for an app on the
// UIKit facade, so UIKit apps show UIView, UILabel, their own subclasses) and lists the layers
// beneath its layer before its subviews. Every function here runs on the main actor between
// frames (the server posts the request to the run loop), so what it reads is a settled frame.

extension Inspector {
    /// The class name a node shows: the facade object's class when there is one.
    static func className(of object: AnyObject, facade: AnyObject?) -> String {
        String(describing: type(of: facade ?? object))
    }

    /// ``className(of:facade:)``, remembered per type.
    func cachedClassName(of object: AnyObject, facade: AnyObject?) -> String {
        let type: AnyObject.Type = type(of: facade ?? object)
        if let name = classNames[ObjectIdentifier(type)] { return name }
        let name = String(describing: type)
        classNames[ObjectIdentifier(type)] = name
        return name
    }

    /// A number as attributes show it: whole numbers without a fraction.
    static func format(_ d: Double) -> String { CDPValue.double(d).json }

    static func format(_ r: Rect) -> String {
        "\(format(r.origin.x)) \(format(r.origin.y)) \(format(r.size.width)) \(format(r.size.height))"
    }

    // MARK: Document

    /// `DOM.getDocument`: the document node with the windows beneath it, `depth` levels deep
    /// (-1, the default here, for the whole tree).
    func document(depth: Int) -> CDPValue {
        nodes.prune()
        let windows = runLoop?.windows ?? []
        var members = nodeHeader(id: NodeRegistry.documentID, type: 9, name: "#document", childCount: windows.count)
        if depth != 0 { members.append(("children", .array(windows.map { windowNode($0, depth: depth - 1) }))) }
        members += [("documentURL", .string("timeline://\(appName)")), ("baseURL", .string("timeline://\(appName)")),
                    ("xmlVersion", .string(""))]
        return .object(members)
    }

    /// The children of `id`'s node as nodes, `depth` levels deep; nil when `id` names nothing.
    func childNodes(of node: InspectedNode, depth: Int) -> [CDPValue] {
        switch node {
        case .document: return (runLoop?.windows ?? []).map { windowNode($0, depth: depth - 1) }
        case .window(let w): return [viewNode(w.rootView, depth: depth - 1)]
        case .view(let v): return viewChildren(v, depth: depth - 1)
        case .layer(let l, let owner): return l.children.map { layerNode($0, owner: owner, depth: depth - 1) }
        }
    }

    private func nodeHeader(id: Int, type: Int, name: String, childCount: Int) -> [(String, CDPValue)] {
        [("nodeId", .int(id)), ("backendNodeId", .int(id)), ("nodeType", .int(type)), ("nodeName", .string(name)),
         ("localName", .string(type == 1 ? name : "")), ("nodeValue", .string("")), ("childNodeCount", .int(childCount))]
    }

    private func windowNode(_ window: Window, depth: Int) -> CDPValue {
        let id = nodes.id(for: window)
        noteSent(id, withChildren: depth != 0)
        var members = nodeHeader(id: id, type: 1, name: cachedClassName(of: window, facade: window.facade), childCount: 1)
        members.append(("attributes", .array([.string("size"), .string("\(Self.format(window.size.width)) \(Self.format(window.size.height))"),
                                              .string("scale"), .string(Self.format(window.scale))])))
        if depth != 0 { members.append(("children", .array([viewNode(window.rootView, depth: depth - 1)]))) }
        return .object(members)
    }

    private func viewChildren(_ view: View, depth: Int) -> [CDPValue] {
        let sublayers = view.layerIfLoaded?.children ?? []
        return sublayers.map { layerNode($0, owner: view, depth: depth) } + view.subviews.map { viewNode($0, depth: depth) }
    }

    func viewNode(_ view: View, depth: Int) -> CDPValue {
        let id = nodes.id(for: view)
        noteSent(id, withChildren: depth != 0)
        let childCount = (view.layerIfLoaded?.children.count ?? 0) + view.subviews.count
        var members = nodeHeader(id: id, type: 1, name: cachedClassName(of: view, facade: view.facade), childCount: childCount)
        members.append(("attributes", .array(viewAttributes(view).flatMap { [CDPValue.string($0.0), .string($0.1)] })))
        if depth != 0 { members.append(("children", .array(viewChildren(view, depth: depth)))) }
        return .object(members)
    }

    private func layerNode(_ layer: Layer, owner: View, depth: Int) -> CDPValue {
        let id = nodes.id(for: layer, owner: owner)
        noteSent(id, withChildren: depth != 0)
        var members = nodeHeader(id: id, type: 1, name: cachedClassName(of: layer, facade: layer.facade), childCount: layer.children.count)
        members.append(("attributes", .array(layerAttributes(layer).flatMap { [CDPValue.string($0.0), .string($0.1)] })))
        if depth != 0 { members.append(("children", .array(layer.children.map { layerNode($0, owner: owner, depth: depth - 1) }))) }
        return .object(members)
    }

    /// A view's attributes, in the order the Elements panel shows them. `accessibilityIdentifier`
    /// appears for a facade view: UIKit's accessibility identifier is the engine's identifier.
    func viewAttributes(_ view: View) -> [(String, String)] {
        var list: [(String, String)] = []
        if let name = view.identifier {
            list.append(("id", name))
            if view.facade != nil { list.append(("accessibilityIdentifier", name)) }
        }
        list += [("frame", Self.format(view.frame)), ("alpha", Self.format(view.alpha)), ("hidden", view.isHidden ? "true" : "false"),
                 ("backgroundColor", view.backgroundColor.hexString), ("cornerRadius", Self.format(view.cornerRadius))]
        return list
    }

    func layerAttributes(_ layer: Layer) -> [(String, String)] {
        var list: [(String, String)] = []
        if let name = layer.name { list.append(("id", name)) }
        list += [("frame", Self.format(layer.frame)), ("alpha", Self.format(layer.opacity)), ("hidden", layer.isHidden ? "true" : "false"),
                 ("backgroundColor", (layer.backgroundColor ?? .clear).hexString), ("cornerRadius", Self.format(layer.cornerRadius))]
        return list
    }

    // MARK: Box model

    /// `DOM.getBoxModel`: the node's bounds as a quad in window points (content, padding, border
    /// and margin are the same quad: views have no CSS box).
    func boxModel(_ node: InspectedNode, request: CDPRequest) throws(CDPError) -> CDPValue {
        guard let (corners, size) = windowCorners(of: node) else { throw request.invalid("the document has no box") }
        let quad = CDPValue.array(corners.flatMap { [CDPValue.double($0.x), .double($0.y)] })
        return .object([("model", .object([("content", quad), ("padding", quad), ("border", quad), ("margin", quad),
                                           ("width", .double(size.width)), ("height", .double(size.height))]))])
    }

    /// A node's bounds' four corners in window points (clockwise from the top-left) and its
    /// size; nil for the document.
    func windowCorners(of node: InspectedNode) -> (corners: [Point], size: Size)? {
        switch node {
        case .document: return nil
        case .window(let w):
            let s = w.size
            return ([Point(x: 0, y: 0), Point(x: s.width, y: 0), Point(x: s.width, y: s.height), Point(x: 0, y: s.height)], s)
        case .view(let v):
            return (Self.corners(of: v.bounds).map { v.convert($0, to: nil) }, v.bounds.size)
        case .layer(let l, let owner):
            // Into the owning view's layer (its bounds space is the view's), then into the window.
            let ownerLayer = owner.layer
            return (Self.corners(of: l.bounds).map { owner.convert(l.convert($0, to: ownerLayer), to: nil) }, l.bounds.size)
        }
    }

    static func corners(of r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    /// The smallest rectangle holding `corners` (at least one).
    static func box(around corners: [Point]) -> Rect {
        corners.dropFirst().reduce(Rect(origin: corners[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
    }

    // MARK: Computed style

    /// `CSS.getComputedStyleForNode`: the node's properties as name/value pairs.
    func computedStyle(_ node: InspectedNode, request: CDPRequest) throws(CDPError) -> CDPValue {
        var list: [(String, String)]
        switch node {
        case .document: throw request.invalid("the document has no style")
        case .window(let w):
            list = [("size", "\(Self.format(w.size.width)) \(Self.format(w.size.height))"), ("scale", Self.format(w.scale)),
                    ("backgroundColor", w.backgroundColor.hexString)]
        case .view(let v):
            list = [("class", Self.className(of: v, facade: v.facade))] + viewAttributes(v)
            list += [("bounds", Self.format(v.bounds)), ("center", "\(Self.format(v.center.x)) \(Self.format(v.center.y))"),
                     ("transform", "\(v.transform)"), ("clipsToBounds", "\(v.clipsToBounds)"),
                     ("borderWidth", Self.format(v.borderWidth)), ("borderColor", v.borderColor.hexString),
                     ("isUserInteractionEnabled", "\(v.isUserInteractionEnabled)"),
                     ("translatesAutoresizingMaskIntoConstraints", "\(v.translatesAutoresizingMaskIntoConstraints)"),
                     ("constraints", "\(v.constraints.count)"), ("animationKeys", (v.layerIfLoaded?.animationKeys() ?? []).joined(separator: " "))]
        case .layer(let l, _):
            list = [("class", Self.className(of: l, facade: l.facade))] + layerAttributes(l)
            list += [("bounds", Self.format(l.bounds)), ("position", "\(Self.format(l.position.x)) \(Self.format(l.position.y))"),
                     ("masksToBounds", "\(l.masksToBounds)"), ("speed", Self.format(l.speed)),
                     ("animationKeys", (l.animationKeys() ?? []).joined(separator: " "))]
        }
        return .object([("computedStyle", .array(list.map { .object([("name", .string($0.0)), ("value", .string($0.1))]) }))])
    }

    // MARK: Editing

    /// `DOM.setAttributeValue`: sets `name` on a view or layer from the text `value`. The change
    /// is a model change, as if the app made it: the next frame shows it. Layer changes take no
    /// implicit animation.
    func setAttribute(_ node: InspectedNode, name: String, value: String, request: CDPRequest) throws(CDPError) {
        func number() throws(CDPError) -> Double {
            guard let d = Double(value.trimmingCharacters(in: .whitespaces)), d.isFinite else {
                throw request.invalid("\(name): expected a number, got '\(value)'")
            }
            return d
        }
        func rect() throws(CDPError) -> Rect {
            let parts = value.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
                  [x, y, w, h].allSatisfy(\.isFinite), w >= 0, h >= 0 else {
                throw request.invalid("frame: expected four numbers 'x y width height' (width and height not negative), got '\(value)'")
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
        func color() throws(CDPError) -> Color {
            guard let c = Color(hex: value.trimmingCharacters(in: .whitespaces)) else {
                throw request.invalid("\(name): expected a colour '#rrggbb' or '#rrggbbaa', got '\(value)'")
            }
            return c
        }
        func flag() throws(CDPError) -> Bool {
            switch value { case "true": return true; case "false": return false
            default: throw request.invalid("hidden: expected 'true' or 'false', got '\(value)'") }
        }
        func unit() throws(CDPError) -> Double {
            let a = try number()
            guard (0...1).contains(a) else { throw request.invalid("alpha: expected a number from 0 to 1, got '\(value)'") }
            return a
        }
        func radius() throws(CDPError) -> Double {
            let r = try number()
            guard r >= 0 else { throw request.invalid("cornerRadius: expected a number not below 0, got '\(value)'") }
            return r
        }
        let editable = "frame, alpha, hidden, backgroundColor, cornerRadius, id, constraint:ID (views)"
        switch node {
        case .view(let v):
            switch name {
            case "frame": v.frame = try rect()
            case "alpha": v.alpha = try unit()
            case "hidden": v.isHidden = try flag()
            case "backgroundColor": v.backgroundColor = try color()
            case "cornerRadius": v.cornerRadius = try radius()
            case "id", "accessibilityIdentifier": v.identifier = value.isEmpty ? nil : value
            case let n where n.hasPrefix("constraint:"):
                // `constraint:ID`, ID from Constraints.getForNode: a constraint of this view (IN5).
                guard let id = Int(n.dropFirst("constraint:".count)), let c = nodes.constraint(id), c.isActive,
                      c.firstItem === v || c.secondItem === v else {
                    throw request.invalid("'\(name)' names no active constraint of this view (ids come from Constraints.getForNode)")
                }
                let k = try number()
                guard abs(k) <= 1e9 else { throw request.invalid("\(name): expected a constant within ±1e9, got '\(value)'") }
                c.constant = k
            default: throw request.invalid("a view has no editable attribute '\(name)' (editable: \(editable))")
            }
            // A change made outside the app's own calls still wants its frame.
            runLoop?.requestFrame()
        case .layer(let l, _):
            Transaction.begin()
            Transaction.setDisableActions(true)
            defer { Transaction.commit() }
            switch name {
            case "frame": l.frame = try rect()
            case "alpha": l.opacity = try unit()
            case "hidden": l.isHidden = try flag()
            case "backgroundColor": l.backgroundColor = try color()
            case "cornerRadius": l.cornerRadius = try radius()
            case "id": l.name = value.isEmpty ? nil : value
            default: throw request.invalid("a layer has no editable attribute '\(name)' (editable: \(editable))")
            }
            runLoop?.requestFrame()
        case .document, .window:
            throw request.invalid("node \(try request.int("nodeId")) is a \(node.kindName); only views and layers are edited")
        }
    }
}

extension InspectedNode {
    /// What the node is, in words, for error messages.
    var kindName: String {
        switch self {
        case .document: "document"
        case .window: "window"
        case .view: "view"
        case .layer: "layer"
        }
    }
}
