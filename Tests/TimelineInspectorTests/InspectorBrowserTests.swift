import Foundation
import Testing
import TimelineTestSupport

/// IN8's real-browser test: Debian's Chromium opens its own DevTools frontend (the copy it serves
/// from its remote debugging port; a devtools:// address on its command line opens a new tab
/// instead) against the gallery's inspector under Xvfb. `scripts/inspector-browser` reads the
/// frontend's text over Chromium's own CDP until the Elements panel shows the gallery's window,
/// then opens the inspector's constraint page in a second tab and reads it.
@Suite("IN8 Chromium's DevTools frontend against the gallery", .serialized, .tags(.xvfb))
struct InspectorBrowserTests {
    static let root = BuiltDemos.packageRoot
    static var gallery: URL? { BuiltDemos.gallery }

    @Test("IN8 Chromium's bundled DevTools shows the gallery's view tree in Elements, and the constraint page opens in the same browser")
    func IN8_realBrowser() throws {
        let exe = try #require(Self.gallery, "the Gallery demo is not built (swift build --build-tests builds it)")
        let (status, data, errText) = try BuiltDemos.run(URL(fileURLWithPath: "/usr/bin/xvfb-run"), [
            "-a", "-s", "-screen 0 1280x800x24", Self.root.appendingPathComponent("scripts/inspector-browser").path, exe.path,
            "--port", "9343", "--debug-port", "9232"])
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any],
                                  "no JSON: \(String(decoding: data, as: UTF8.self)) \(errText)")
        #expect(status == 0, "\(result) \(errText)")
        #expect(result["frontend"] as? Bool == true, "the Elements panel never showed the window: \(result)")
        let tree = result["frontend_excerpt"] as? String ?? ""
        #expect(tree.contains("Window") && tree.contains("root") && tree.contains("900 600"), "\(tree)")
        #expect(result["constraints"] as? Bool == true, "the constraint page did not open: \(result)")
        #expect((result["constraints_excerpt"] as? String ?? "").contains("Constraints"))
    }
}
