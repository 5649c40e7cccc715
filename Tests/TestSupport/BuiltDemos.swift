import Foundation

/// Where the package's own built programs are, for tests that run them (the gallery under Xvfb).
public enum BuiltDemos {
    /// The package's root directory.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The gallery demo beside the test bundle, or in the debug build; nil when it is not built.
    public static var gallery: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Gallery"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("Gallery"),
            packageRoot.appendingPathComponent(".build/debug/Gallery"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
