import Foundation
import Geometry
import Timeline

/// A table view in a scene file (SC8): `"list": {"style": "plain" | "grouped", "rowHeight": 44,
/// "offset": y, "sections": [{"header": "A", "footer": "…", "rows": [...]}]}`. Rows are given
/// one by one (`"Apple"` or `{"text": "Apple", "detail": "red", "accessory": "disclosure" |
/// "checkmark" | "none"}`) or generated (`{"count": 10000, "text": "Row {row}", "detail":
/// "{section}"}`, the placeholders replaced by each row's numbers). The rows are made on demand by
/// the table's own reuse, so a generated list of a million rows costs what the screen shows.
public struct ListSpec: Sendable, Equatable {
    /// The mark at a row's trailing end.
    public enum Accessory: String, Sendable, Equatable { case none, disclosure, checkmark }
    /// One row's text.
    public struct Row: Sendable, Equatable {
        /// The row's title.
        public var text: String
        /// The secondary text; nil: none.
        public var detail: String?
        /// The trailing mark; none by default.
        public var accessory: Accessory = .none
    }
    /// A section's rows: listed one by one, or generated from a pattern.
    public enum Rows: Sendable, Equatable {
        /// The rows as given.
        case listed([Row])
        /// `count` rows from a pattern with `{row}` and `{section}` placeholders.
        case generated(count: Int, pattern: Row)
        /// How many rows the section has.
        public var count: Int {
            switch self {
            case .listed(let rows): rows.count
            case .generated(let n, _): n
            }
        }
    }
    /// One section of the table.
    public struct Section: Sendable, Equatable {
        /// The section's header text; nil: none.
        public var header: String?
        /// The section's footer text; nil: none.
        public var footer: String?
        /// The section's rows.
        public var rows: Rows = .listed([])
    }
    /// Plain or grouped.
    public var style: TableView.Style = .plain
    /// Every row's height in points.
    public var rowHeight = 44.0
    /// The table's starting scroll offset, in points from the top.
    public var offset = 0.0
    /// The sections in order.
    public var sections: [Section] = []

    /// The most rows a list may have in all (generated ones included).
    public static let maximumRows = 1_000_000
}

extension SceneLoader.Reader {
    func listSpec(_ v: JSONValue) throws(SceneError) -> ListSpec {
        let members = try object(v, "a list", keys: ["style", "rowHeight", "offset", "sections"])
        var spec = ListSpec()
        var total = 0
        for (key, value) in members {
            switch key {
            case "style":
                switch try string(value, "style") {
                case "plain": spec.style = .plain
                case "grouped": spec.style = .grouped
                case let other: throw fail(value, "style must be \"plain\" or \"grouped\", found '\(other)'")
                }
            case "rowHeight":
                let h = try number(value, "rowHeight")
                guard h > 0 else { throw fail(value, "rowHeight must be positive, found \(h)") }
                spec.rowHeight = h
            case "offset":
                let y = try number(value, "offset")
                guard y >= 0 else { throw fail(value, "offset must not be negative, found \(y)") }
                spec.offset = y
            case "sections":
                guard case .array(let items, _) = value else { throw fail(value, "sections must be an array, found \(value.typeName)") }
                for item in items {
                    let section = try listSection(item)
                    total += section.rows.count
                    guard total <= ListSpec.maximumRows else {
                        throw fail(item, "the list has more than \(ListSpec.maximumRows) rows; the limit is \(ListSpec.maximumRows)")
                    }
                    spec.sections.append(section)
                }
            default: break
            }
        }
        return spec
    }

    private func listSection(_ v: JSONValue) throws(SceneError) -> ListSpec.Section {
        let members = try object(v, "a list section", keys: ["header", "footer", "rows"])
        var section = ListSpec.Section()
        for (key, value) in members {
            switch key {
            case "header": section.header = try string(value, "header")
            case "footer": section.footer = try string(value, "footer")
            case "rows":
                switch value {
                case .array(let items, _):
                    guard items.count <= ListSpec.maximumRows else {
                        throw fail(value, "a section lists more than \(ListSpec.maximumRows) rows; the limit is \(ListSpec.maximumRows)")
                    }
                    var rows: [ListSpec.Row] = []
                    for item in items { rows.append(try listRow(item, generated: false)) }
                    section.rows = .listed(rows)
                case .object:
                    guard let countValue = value["count"] else {
                        throw fail(value, "generated rows need a \"count\" (or give the rows as an array)")
                    }
                    let n = try number(countValue, "count", limit: Double(ListSpec.maximumRows))
                    guard n >= 0, n == n.rounded() else { throw fail(countValue, "count must be a whole number of rows, found \(n)") }
                    section.rows = .generated(count: Int(n), pattern: try listRow(value, generated: true))
                default:
                    throw fail(value, "rows must be an array of rows or {\"count\": n, \"text\": \"Row {row}\"}, found \(value.typeName)")
                }
            default: break
            }
        }
        return section
    }

    private func listRow(_ v: JSONValue, generated: Bool) throws(SceneError) -> ListSpec.Row {
        if case .string(let text, _) = v { return ListSpec.Row(text: text) }
        var keys: Set<String> = ["text", "detail", "accessory"]
        if generated { keys.insert("count") }
        let members = try object(v, generated ? "generated rows" : "a list row", keys: keys)
        var row = ListSpec.Row(text: "")
        for (key, value) in members {
            switch key {
            case "text": row.text = try string(value, "text")
            case "detail": row.detail = try string(value, "detail")
            case "accessory":
                let name = try string(value, "accessory")
                guard let a = ListSpec.Accessory(rawValue: name) else {
                    throw fail(value, "accessory must be \"none\", \"disclosure\" or \"checkmark\", found '\(name)'")
                }
                row.accessory = a
            default: break
            }
        }
        return row
    }
}

/// The table a scene's `"list"` builds, and the data source it keeps (a table holds its source
/// weakly).
@MainActor
final class SceneTableView: TableView, TableViewDataSource {
    let spec: ListSpec
    /// Whether any row has a detail (only then do cells make their detail label).
    private let hasDetails: Bool

    init(spec: ListSpec, identifier: String) {
        self.spec = spec
        hasDetails = spec.sections.contains { section in
            switch section.rows {
            case .listed(let rows): rows.contains { $0.detail != nil }
            case .generated(_, let pattern): pattern.detail != nil
            }
        }
        super.init(frame: .zero, style: spec.style)
        self.identifier = identifier
        rowHeight = spec.rowHeight
        register(TableViewCell.self, forCellReuseIdentifier: "row")
        dataSource = self
    }

    func numberOfSections(in tableView: TableView) -> Int { spec.sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { spec.sections[section].rows.count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { spec.sections[section].header }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { spec.sections[section].footer }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let row: ListSpec.Row
        switch spec.sections[indexPath.section].rows {
        case .listed(let rows): row = rows[indexPath.row]
        case .generated(_, let pattern):
            func fill(_ s: String) -> String {
                guard s.contains("{") else { return s }
                return s.replacing("{row}", with: String(indexPath.row)).replacing("{section}", with: String(indexPath.section))
            }
            row = ListSpec.Row(text: fill(pattern.text), detail: pattern.detail.map(fill), accessory: pattern.accessory)
        }
        cell.textLabel?.text = row.text
        if hasDetails { cell.detailTextLabel?.text = row.detail ?? "" }
        switch row.accessory {
        case .none: cell.accessoryType = .none
        case .disclosure: cell.accessoryType = .disclosureIndicator
        case .checkmark: cell.accessoryType = .checkmark
        }
        return cell
    }
}
