import Foundation
import Geometry
import Testing
@testable import TextEngine

/// TX10: the text engine against the references: HarfBuzz's own `hb-shape` on the same font, and
/// Unicode's BidiCharacterTest.txt, LineBreakTest.txt and GraphemeBreakTest.txt (Debian's
/// unicode-data, installed by scripts/test) run through our API. Every exception is listed here
/// with its reason; a case outside them fails.
@Suite("TX10 text conformance")
struct ConformanceTests {
    static let unicode = "/usr/share/unicode"
    static let shippedFont = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CTimelineFont/include/DejaVuSans.ttf").path

    /// UTF-16 of code points, and where each code point starts.
    static func utf16(_ scalars: [UInt32]) -> (units: [UInt16], starts: [Int]) {
        var units: [UInt16] = [], starts: [Int] = []
        for s in scalars {
            starts.append(units.count)
            if s >= 0x10000 {
                let v = s - 0x10000
                units.append(UInt16(0xD800 + (v >> 10))); units.append(UInt16(0xDC00 + (v & 0x3FF)))
            } else {
                units.append(UInt16(s))
            }
        }
        return (units, starts)
    }

    static func lines(_ file: String) throws -> [Substring] {
        let text = try String(contentsOfFile: "\(unicode)/\(file)", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    // MARK: Shaping against hb-shape

    /// Our glyphs and advances for `text` in the shipped font at its units per em, in visual order.
    static func ours(_ text: String, fonts: FontSystem) -> [(glyph: UInt32, advance: Int)] {
        let upem = fonts.systemFace.unitsPerEm
        let layout = TextLayout(text, style: TextStyle(font: .systemFont(ofSize: upem)), in: fonts)
        var out: [(UInt32, Int)] = []
        for line in layout.lines {
            let pens = line.runs.flatMap { run in zip(run.glyphs, run.positions).map { ($0, $1.x) } }
            for (i, (g, x)) in pens.enumerated() {
                let next = i + 1 < pens.count ? pens[i + 1].1 : line.x + line.width
                out.append((g, Int((next - x).rounded())))
            }
        }
        return out
    }

    /// hb-shape's glyphs and advances for `text` in the same font file (font units).
    static func reference(_ text: String) throws -> [(glyph: UInt32, advance: Int)] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        p.arguments = ["--output-format=json", "--no-glyph-names", shippedFont, text]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return json.map { (UInt32($0["g"] as? Int ?? -1), ($0["ax"] as? Int ?? 0)) }
    }

    static let samples = [
        "AVATAR Tokyo WAVE", "office affluent fjord", "Typography: “quotes”, dashes — and…",
        "Ελληνικά κείμενα", "Кириллица и ёж", "ﻣﺮﺣﺒﺎ", "مرحبا بالعالم", "שלום עולם", "Ա Բ Գ Հայերեն",
        "e\u{301}\u{302} a\u{308}\u{330}", "ქართული", "Ŧĥę ŵĩđė ŗăŋğē",
    ]

    @Test("TX10: our glyphs and advances equal hb-shape's for the shipped font",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape")))
    func TX10_advancesEqualHBShape() throws {
        let fonts = try FontSystem()
        for text in Self.samples {
            let a = Self.ours(text, fonts: fonts), b = try Self.reference(text)
            #expect(a.map(\.glyph) == b.map(\.glyph), "glyphs of \(text)")
            #expect(a.map(\.advance) == b.map(\.advance), "advances of \(text)")
        }
    }

    // MARK: Bidi

    /// BidiCharacterTest.txt: levels (x for characters removed by X9) and visual order, for each
    /// paragraph direction. No exceptions.
    @Test("TX10: BidiCharacterTest.txt passes through bidiLevels and visualOrder",
          .enabled(if: FileManager.default.fileExists(atPath: "\(unicode)/BidiCharacterTest.txt")))
    func TX10_bidiCharacterTest() throws {
        let fonts = try FontSystem()
        var failures: [String] = []
        var count = 0
        for line in try Self.lines("BidiCharacterTest.txt") {
            let f = line.split(separator: ";", omittingEmptySubsequences: false)
            guard f.count >= 5 else { continue }
            count += 1
            let scalars = f[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: WritingDirection = f[1] == "0" ? .leftToRight : f[1] == "1" ? .rightToLeft : .natural
            let expectedParagraph = UInt8(f[2]) ?? 0
            let expectedLevels = f[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            let expectedOrder = f[4].split(separator: " ").compactMap { Int($0) }
            let (units, starts) = Self.utf16(scalars)
            let (levels, paragraph) = fonts.bidiLevels(units, direction: direction)
            // Per code point; removed ones (x) are dropped from the order as the file drops them.
            var perScalar = starts.map { levels[$0] }
            for (i, e) in expectedLevels.enumerated() where e == nil { perScalar[i] = 0xFF }
            let got = starts.indices.map { expectedLevels[$0] == nil ? nil : perScalar[$0] }
            let order = FontSystem.visualOrder(levels: perScalar)
            if paragraph != expectedParagraph || got != expectedLevels || order != expectedOrder {
                failures.append("\(f[0]);\(f[1])")
            }
        }
        #expect(count > 90_000)
        let known = Set(try Self.exceptions("BidiCharacterTest-exceptions.txt"))
        let unexplained = failures.filter { !known.contains($0) }
        #expect(unexplained.isEmpty, "\(unexplained.count) of \(count) cases differ, unexplained: \(unexplained.prefix(5))")
        if let dump = ProcessInfo.processInfo.environment["TX10_DUMP"] {
            try failures.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8)
        }
    }

    /// The listed exceptions of a conformance file: one case a line, "#" comments.
    static func exceptions(_ name: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            .filter { !$0.isEmpty }
    }

    // MARK: Breaking

    /// Parses a break test line: code points and, at each position 0...n, whether a break is
    /// allowed (÷) or not (×).
    static func breakCase(_ line: Substring) -> (scalars: [UInt32], breaks: [Bool]) {
        let body = line.split(separator: "#", maxSplits: 1)[0]
        var scalars: [UInt32] = [], breaks: [Bool] = []
        for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if token == "÷" { breaks.append(true) } else if token == "×" { breaks.append(false) }
            else if let v = UInt32(token, radix: 16) { scalars.append(v) }
        }
        return (scalars, breaks)
    }

    @Test("TX10: LineBreakTest.txt passes through lineBreakOpportunities (ICU's tailorings listed)",
          .enabled(if: FileManager.default.fileExists(atPath: "\(unicode)/auxiliary/LineBreakTest.txt")))
    func TX10_lineBreakTest() throws {
        let fonts = try FontSystem()
        var differing: [String] = []
        var count = 0
        for line in try Self.lines("auxiliary/LineBreakTest.txt") {
            let (scalars, breaks) = Self.breakCase(line)
            guard !scalars.isEmpty, breaks.count == scalars.count + 1 else { continue }
            count += 1
            let (units, starts) = Self.utf16(scalars)
            let got = Set(fonts.lineBreakOpportunities(units))
            let expected = Set((1...scalars.count).filter { breaks[$0] }.map { $0 == scalars.count ? units.count : starts[$0] })
            if got != expected {
                differing.append(String(line.split(separator: "#")[0]).trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(count > 7_000)
        let known = Set(try Self.exceptions("LineBreakTest-exceptions.txt"))
        let unexplained = differing.filter { !known.contains($0) }
        #expect(unexplained.isEmpty, "\(unexplained.count) of \(count) cases differ, unexplained: \(unexplained.prefix(8))")
        if let dump = ProcessInfo.processInfo.environment["TX10_DUMP"] {
            try differing.joined(separator: "\n").write(toFile: dump + ".lb", atomically: true, encoding: .utf8)
        }
    }

    @Test("TX10: GraphemeBreakTest.txt passes through graphemeBoundaries",
          .enabled(if: FileManager.default.fileExists(atPath: "\(unicode)/auxiliary/GraphemeBreakTest.txt")))
    func TX10_graphemeBreakTest() throws {
        let fonts = try FontSystem()
        var differing: [String] = []
        for line in try Self.lines("auxiliary/GraphemeBreakTest.txt") {
            let (scalars, breaks) = Self.breakCase(line)
            guard !scalars.isEmpty, breaks.count == scalars.count + 1 else { continue }
            let (units, starts) = Self.utf16(scalars)
            let got = Set(fonts.graphemeBoundaries(units))
            let expected = Set((1...scalars.count).filter { breaks[$0] }.map { $0 == scalars.count ? units.count : starts[$0] })
            if got != expected { differing.append(String(line.split(separator: "#")[0])) }
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(5))")
    }
}
