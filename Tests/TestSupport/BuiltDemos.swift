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

    /// Runs `executable` with `arguments` from the package's root and waits: its exit status,
    /// its standard output and its standard error as text.
    public static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: Data, errors: String) {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        p.currentDirectoryURL = packageRoot
        // Standard error goes to a file, not a second pipe: reading one pipe to its end while the
        // other fills (a failed session printing its whole log) would hang both processes.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("built-demo-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let out = Pipe(), err = try FileHandle(forWritingTo: errURL)
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try? err.close()
        let errText = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        return (p.terminationStatus, data, errText)
    }
}
