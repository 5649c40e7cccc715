import ArgumentParser
import Foundation
import Geometry
import TimelineScene
import TimelineSDL
import Timeline

/// `timeline layout SCENE [--size WxH] [--json]` (C4): lays out a scene once and prints every
/// view's frame in its superview's coordinates, with unsatisfiable and ambiguity reports.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a scene file once and print every view's frame, with diagnostics.")

    @Argument(help: "The scene file (JSON).") var scene: String
    @Option(help: "Window size in points, WxH (default: the scene's size).") var size: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if let size, WindowSize(size) == nil { throw ValidationError("\(WindowSize.help); got '\(size)'") }
    }

    func run() throws {
        let loaded = try loadScene(scene)
        let (size, json, path) = (self.size.flatMap(WindowSize.init)?.size ?? loaded.size, self.json, self.scene)
        MainActor.assumeIsolated {
            let host = HeadlessHost(size: size)
            host.runLoop.diagnostics.logger = nil          // printed below, in the command's format
            let built = SceneBuilder.build(loaded, in: host.window)
            host.step()
            var diagnostics = host.runLoop.diagnostics.entries
            for v in host.window.layoutEngine.ambiguousViews() {
                diagnostics.append(Diagnostic(kind: .ambiguousLayout, frame: 0,
                                              message: "\(v.traceName) has an ambiguous layout: its constraints do not determine its frame",
                                              views: [v.traceName]))
            }
            if json {
                var out = "{\"views\": {"
                out += built.order.map { id in "\(jsonString(id)): \(frameJSON(built.views[id]!.frame))" }.joined(separator: ", ")
                out += "}, \"diagnostics\": [" + diagnostics.map(diagnosticJSON).joined(separator: ", ") + "]}"
                print(out)
            } else {
                print("layout of \(path) at \(fmt(size.width, digits: 0))x\(fmt(size.height, digits: 0))")
                var rows = [["view", "parent", "x", "y", "width", "height"]]
                for id in built.order {
                    let v = built.views[id]!
                    let f = v.frame
                    rows.append([id, v.superview.map { $0.traceName } ?? "-", num(f.minX), num(f.minY), num(f.width), num(f.height)])
                }
                print(table(rows, rightAligned: [2, 3, 4, 5]))
                if diagnostics.isEmpty { print("no diagnostics") }
                for d in diagnostics { print("\(d.kind.rawValue): \(d.message)") }
            }
        }
    }
}

/// Loads a scene or exits with the error on standard error and status 1 (C5).
func loadScene(_ path: String) throws -> Scene {
    do { return try SceneLoader.load(path: path) } catch {
        printToStandardError(error.description)
        throw ExitCode(1)
    }
}

/// A `WxH` size argument: positive, at most ``WindowSize/maximumSide`` points per side (Z1).
struct WindowSize {
    static let maximumSide = SceneLoader.Limits.sidePoints
    static let help = "--size must be WxH with positive numbers up to 16384, e.g. 800x600"
    let size: Size
    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0,
              w <= Self.maximumSide, h <= Self.maximumSide else { return nil }
        size = Size(width: w, height: h)
    }
}

func num(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e12 { return String(Int64(v)) }
    return String(format: "%.4f", v).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
}

func jsonNumber(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}

func frameJSON(_ f: Rect) -> String {
    "{\"x\": \(jsonNumber(f.minX)), \"y\": \(jsonNumber(f.minY)), \"width\": \(jsonNumber(f.width)), \"height\": \(jsonNumber(f.height))}"
}

func diagnosticJSON(_ d: Diagnostic) -> String {
    var s = "{\"kind\": \(jsonString(d.kind.rawValue)), \"frame\": \(d.frame), \"message\": \(jsonString(d.message))"
    s += ", \"views\": [" + d.views.map(jsonString).joined(separator: ", ") + "]"
    s += ", \"constraints\": [" + d.constraints.map(jsonString).joined(separator: ", ") + "]"
    if let b = d.brokenConstraint { s += ", \"broken\": \(jsonString(b))" }
    return s + "}"
}

/// Aligns rows into columns; `rightAligned` columns are padded on the left.
extension String {
    /// The string without trailing spaces and tabs.
    func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" { end = index(before: end) }
        return String(self[..<end])
    }
}

func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
    guard let first = rows.first else { return "" }
    let widths = first.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    return rows.map { row in
        row.indices.map { c in
            let pad = String(repeating: " ", count: widths[c] - row[c].count)
            return rightAligned.contains(c) ? pad + row[c] : row[c] + pad
        }.joined(separator: "  ").trimmingTrailingWhitespace()
    }.joined(separator: "\n")
}
