import Foundation
import Testing

/// P2: `timeline bench animation --only-bulk-end N` measures the bulk end alone (1,000 views'
/// animations, 500 ending in one frame) and prints the end frame, the steady frame and their
/// ratio; a count below 1 is refused before anything runs.
@Suite("P2 bench animation --only-bulk-end")
struct BulkEndBenchTests {
    @Test("P2: --only-bulk-end prints the end and steady frames and their ratio; 0 hosts is refused")
    func P2_onlyBulkEnd() throws {
        let r = try CLI.run(["bench", "animation", "--only-bulk-end", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("bulk end: end frame ") && line.contains(" ms, steady frame ") && line.hasSuffix("x"), "\(line)")
        let numbers = line.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "x"))) }
        #expect(numbers.count == 3 && numbers.allSatisfy { $0 > 0 }, "\(numbers)")
        if numbers.count == 3 { #expect(abs(numbers[0] / numbers[1] - numbers[2]) < 1e-9) }

        let refused = try CLI.run(["bench", "animation", "--only-bulk-end", "0"])
        #expect(refused.status != 0 && refused.stderr.contains("--only-bulk-end must be at least 1; got 0"))
    }

    @Test("P2: --only-removal times the subtree removal alone; 0 views is refused")
    func P2_onlyRemoval() throws {
        let r = try CLI.run(["bench", "animation", "--only-removal", "50"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("remove a subtree of 50 views: ") && line.hasSuffix(" ms"), "\(line)")
        let ms = Double(line.dropFirst("remove a subtree of 50 views: ".count).dropLast(3))
        #expect((ms ?? 0) > 0, "\(line)")
        let refused = try CLI.run(["bench", "animation", "--only-removal", "0"])
        #expect(refused.status != 0 && refused.stderr.contains("--only-removal must be at least 1; got 0"))
    }
}
