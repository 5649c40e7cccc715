import Foundation
import Testing
@testable import TimelineCLI

/// LT12: the figures `timeline bench lottie` derives from its timings, and the JSON fields it adds
/// for ThorVG (the timings themselves need the peers' libraries: docs/measured.md).
@Suite("LT12 bench lottie beside rlottie and ThorVG")
struct LottieBenchTests {
    typealias Row = LottieBench.Row

    @Test("LT12 the geometric mean keeps positive finite ratios only")
    func LT12_geometricMean() throws {
        let mean = try #require(LottieBench.Summary.geometricMean([0.5, 2, 8]))
        #expect(abs(mean - 2) < 1e-12)                                       // (0.5 * 2 * 8)^(1/3)
        #expect(abs(try #require(LottieBench.Summary.geometricMean([0.25, 4])) - 1) < 1e-12)
        #expect(LottieBench.Summary.geometricMean([0, .infinity, .nan, -1]) == nil)
        #expect(LottieBench.Summary.geometricMean([]) == nil)
        #expect(abs(try #require(LottieBench.Summary.geometricMean([0, 9])) - 9) < 1e-12)
    }

    @Test("LT12 each peer's geometric mean is over the files it timed; over 2x is against the faster")
    func LT12_summary() throws {
        let rows = [
            Row(file: "a.json", frames: 30, ours: 1, rlottie: 2, rlottieCPU: 2.5, thorvg: 0.5),     // faster peer 0.5: 2x, not over
            Row(file: "b.json", frames: 30, ours: 3, rlottie: 1, rlottieCPU: 1, thorvg: 4),         // faster peer 1: 3x
            Row(file: "c.lottie", frames: 10, ours: 2, rlottie: nil, rlottieCPU: nil, thorvg: nil), // neither peer
        ]
        let summary = LottieBench.Summary(rows: rows)
        #expect(rows[0].fasterPeer == 0.5 && rows[1].fasterPeer == 1 && rows[2].fasterPeer == nil)
        #expect(Row(file: "d", frames: 1, ours: 1, rlottie: nil, rlottieCPU: nil, thorvg: 0.7).fasterPeer == 0.7)
        #expect(summary.meanOurs == 2)
        #expect(summary.meanRlottie == nil && summary.meanThorVG == nil)    // a peer's mean needs every file
        #expect(abs(try #require(summary.geometricMeanOverRlottie) - (0.5 * 3).squareRoot()) < 1e-12)
        #expect(abs(try #require(summary.geometricMeanOverThorVG) - (2 * 0.75).squareRoot()) < 1e-12)
        #expect(abs(try #require(summary.geometricMeanOverFasterPeer) - (2 * 3).squareRoot()) < 1e-12)
        #expect(summary.filesOverTwiceFasterPeer == ["b.json"])
    }

    @Test("LT11 a peer whose middle frame differs from ours is left out of the matching-peer count; an uncompared one counts as matching")
    func LT11_matchingPeer() {
        let rows = [
            // rlottie draws another picture (a fifth of the pixels off): against ThorVG it is 1.25x.
            Row(file: "skew.json", frames: 30, ours: 1, rlottie: 0.3, rlottieCPU: 0.3, thorvg: 0.8, thorvgMiddleFrameOff: 0.001, rlottieMiddleFrameOff: 0.2),
            // Both match (within 1%): the faster is rlottie, 4x.
            Row(file: "slow.json", frames: 30, ours: 2, rlottie: 0.5, rlottieCPU: 0.5, thorvg: 0.9, thorvgMiddleFrameOff: 0.01, rlottieMiddleFrameOff: 0),
            // Neither matches: no like-for-like peer, so not counted.
            Row(file: "odd.json", frames: 30, ours: 5, rlottie: 1, rlottieCPU: 1, thorvg: 1, thorvgMiddleFrameOff: 0.3, rlottieMiddleFrameOff: 0.3),
            // Not compared (no frames drawn): counts as matching.
            Row(file: "plain.json", frames: 30, ours: 3, rlottie: 1, rlottieCPU: 1),
        ]
        #expect(rows.map(\.fasterMatchingPeer) == [0.8, 0.5, nil, 1])
        let summary = LottieBench.Summary(rows: rows)
        #expect(summary.filesOverTwiceFasterPeer == ["skew.json", "slow.json", "odd.json", "plain.json"])
        #expect(summary.filesOverTwiceFasterMatchingPeer == ["slow.json", "plain.json"])
    }

    @Test("LT12 the JSON keeps every earlier field and adds ThorVG's, the geometric means and the outliers")
    func LT12_json() throws {
        let rows = [Row(file: "x \"q\".json", frames: 30, ours: 0.3, rlottie: 0.2, rlottieCPU: 0.25, thorvg: 0.1, thorvgMiddleFrameOff: 0.001),
                    Row(file: "y.json", frames: 60, ours: 0.1, rlottie: 0.2, rlottieCPU: 0.2)]
        let text = LottieBench.json(rows: rows, summary: LottieBench.Summary(rows: rows), thorvgVersion: "1.0.4")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["file"] as? String == "x \"q\".json")
        for key in ["file", "frames", "ours_ms_per_frame", "rlottie_ms_per_frame", "rlottie_cpu_ms_per_frame",
                    "thorvg_ms_per_frame", "thorvg_middle_frame_off", "rlottie_middle_frame_off"] {
            #expect(files.allSatisfy { $0.keys.contains(key) }, "\(key)")
        }
        #expect(files[0]["thorvg_ms_per_frame"] as? Double == 0.1)
        #expect(files[1]["thorvg_ms_per_frame"] is NSNull)
        let overall = try #require(json["overall"] as? [String: Any])
        #expect(overall["ours_ms_per_frame"] as? Double == 0.2)
        #expect(overall["rlottie_ms_per_frame"] as? Double == 0.2)
        #expect(overall["thorvg_ms_per_frame"] is NSNull)                    // y.json has no ThorVG time
        #expect(abs((overall["geomean_ours_over_rlottie"] as? Double ?? 0) - (1.5 * 0.5).squareRoot()) < 1e-3)
        #expect(overall["geomean_ours_over_thorvg"] as? Double == 3)
        #expect(overall["files_over_2x_faster_peer"] as? [String] == ["x \"q\".json"])
        #expect(overall["files_over_2x_faster_matching_peer"] as? [String] == ["x \"q\".json"])
        #expect(overall["thorvg_version"] as? String == "1.0.4")
    }

    @Test("LT12 the library comes from --thorvg, else a non-empty TIMELINE_THORVG, else none")
    func LT12_libraryPath() {
        #expect(LottieBench.thorvgPath(option: "/a.so", environment: ["TIMELINE_THORVG": "/b.so"]) == "/a.so")
        #expect(LottieBench.thorvgPath(option: nil, environment: ["TIMELINE_THORVG": "/b.so"]) == "/b.so")
        #expect(LottieBench.thorvgPath(option: nil, environment: ["TIMELINE_THORVG": ""]) == nil)
        #expect(LottieBench.thorvgPath(option: nil, environment: [:]) == nil)
    }

    @Test("LT12 bench lottie without ThorVG says so on stderr and times the others; a bad path is an error")
    func LT12_withoutThorVG() throws {
        let file = "Tests/LottieTests/Corpus/shape_ellipse.json"
        let r = try CLI.run(["bench", "lottie", file, "--rounds", "1", "--json"], environment: ["TIMELINE_THORVG": nil])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("no ThorVG library named"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((json["files"] as? [[String: Any]])?.first?["thorvg_ms_per_frame"] is NSNull)
        let bad = try CLI.run(["bench", "lottie", file, "--rounds", "1", "--thorvg", "/nonexistent/libthorvg.so"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("ThorVG library /nonexistent/libthorvg.so"), "\(bad.stderr)")
    }
}
