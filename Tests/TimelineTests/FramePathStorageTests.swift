import Foundation
import Testing

/// AM4: a public stored property of a class keeps a run-time exclusivity check on every access
/// (another module may hold an access open across a call), and so does every access to an
/// `unowned` variable; private storage read and written whole, behind public accessors, keeps
/// none. The members below are read for every view, constraint or layer a frame touches
/// (docs/measured.md, "Exclusivity checks a frame (AM4)"): the scan reads their declarations and
/// fails when one of them is stored again.
@Suite("AM4 frame-path storage")
struct FramePathStorageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// How a member is declared.
    enum Kind: Equatable {
        /// An accessor (`{ get … set … }` or a getter body).
        case computed
        /// Stored, with or without `didSet`/`willSet`.
        case stored
        /// An `unowned` or `weak` variable.
        case referenceStorage
    }

    /// The members read per frame, by file: each must be an accessor.
    static let framePath: [(file: String, members: [String])] = [
        ("Sources/Views/View.swift", ["superview", "needsLayout", "needsUpdateConstraints", "needsUpdateProperties",
                                      "needsDisplay", "translatesAutoresizingMaskIntoConstraints", "autoresizingMask",
                                      "alignmentRectInsets"]),
        ("Sources/Views/Window.swift", ["animations"]),
        ("Sources/Views/LayoutConstraint.swift", ["constant"]),
        ("Sources/Layers/Layer.swift", ["parent", "name", "compositingFilter", "filters"]),
    ]

    /// The declaration of class member `name` (a `var` indented by four spaces) in `text`, and
    /// its kind; nil when there is none.
    static func kind(of name: String, in text: String) -> Kind? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("    "), !line.hasPrefix("     ") else { continue }
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
            let words = code.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "=" || $0 == "{" })
            guard let v = words.firstIndex(of: "var"), v + 1 < words.count, words[v + 1] == name[...] else { continue }
            if words[..<v].contains(where: { $0.hasPrefix("unowned") || $0 == "weak" }) { return .referenceStorage }
            guard let brace = code.firstIndex(of: "{") else { return .stored }
            // What the braces open: observers make a stored property, anything else an accessor.
            var body = code[code.index(after: brace)...].drop { $0 == " " }
            if body.isEmpty, index + 1 < lines.count { body = lines[index + 1].drop { $0 == " " } }
            return body.hasPrefix("didSet") || body.hasPrefix("willSet") ? .stored : .computed
        }
        return nil
    }

    @Test("AM4: the view, window, constraint and layer members a frame reads are accessors over private storage")
    func AM4_framePathMembersAreAccessors() throws {
        for (file, members) in Self.framePath {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for member in members {
                let kind = Self.kind(of: member, in: text)
                #expect(kind == .computed, "\(file): \(member) is \(kind.map { "\($0)" } ?? "not declared"); keep it an accessor over private storage (AM4)")
            }
        }
    }

    @Test("AM4: the scan tells a stored property, an observed one and an unowned variable from an accessor")
    func AM4_scanTellsStoredFromComputed() {
        let text = """
            open class Node {
                public var name: String?
                public var needsLayout = true
                public var constant: Double {
                    didSet { changed() }
                }
                public var filters: [Int] = [] { didSet { changed() } }
                unowned var parent: Node?
                public weak var delegate: AnyObject?
                public var superview: Node? { get { storage } set { storage = newValue } }
                public var layer: Int {
                    get { 1 }
                }
                public var count: Int { items.count }   // var name: not a declaration here
                    var nested = 0
            }
            """
        #expect(Self.kind(of: "name", in: text) == .stored)
        #expect(Self.kind(of: "needsLayout", in: text) == .stored)
        #expect(Self.kind(of: "constant", in: text) == .stored)
        #expect(Self.kind(of: "filters", in: text) == .stored)
        #expect(Self.kind(of: "parent", in: text) == .referenceStorage)
        #expect(Self.kind(of: "delegate", in: text) == .referenceStorage)
        #expect(Self.kind(of: "superview", in: text) == .computed)
        #expect(Self.kind(of: "layer", in: text) == .computed)
        #expect(Self.kind(of: "count", in: text) == .computed)
        #expect(Self.kind(of: "nested", in: text) == nil)
        #expect(Self.kind(of: "missing", in: text) == nil)
    }
}
