import Foundation
import PackagePlugin

/// Lowers a target's UIKit sources for Linux (UK3): every `.swift` file under the target's
/// `UIKit/` folder, which the target excludes, goes through `objc-lower` into the build's work
/// directory, and the lowered copies are what the target compiles. `@objc` and `#selector`
/// then compile, and every compiler message still points at the user's file and line.
///
///     .executableTarget(name: "MyApp", dependencies: [.product(name: "UIKit", package: "timeline")],
///                       exclude: ["UIKit"], plugins: [.plugin(name: "ObjCLowering", package: "timeline")])
///
/// SwiftPM makes a Swift module only of a target with a Swift file of its own, and drops one
/// whose every file is excluded ("Source files for target X should be located under ...")
/// before any plugin runs, so no plugin can supply that file (RU2). An app has its `main.swift`;
/// a library keeps its module file beside `UIKit/`, `Sources/MyLib/MyLib.swift` (`import UIKit`).
/// The lowered copies are named `UIKit_<path>.swift`, so they never collide with
/// the target's own files (SwiftPM names object files by file name).
@main
struct ObjCLoweringPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "objc-lower")
        let folder = target.directoryURL.appending(path: "UIKit")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        // Each file is lowered knowing the module's other files: a delegate protocol's optional
        // methods are often called from a file other than the one that declares them.
        let inputs = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        // And the files of the targets it depends on: their open classes' optional methods, left
        // to subclasses, are overridden here (an app subclassing a library's transition).
        var dependencies: [URL] = [], visited: Set<String> = []
        func collect(_ t: Target) {
            for case .target(let d) in t.dependencies where visited.insert(d.id).inserted {
                if let s = d as? SourceModuleTarget, let w = FileManager.default.enumerator(at: s.directoryURL.appending(path: "UIKit"), includingPropertiesForKeys: nil) {
                    dependencies += w.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
                }
                collect(d)
            }
        }
        collect(target)
        var commands: [Command] = []
        for input in inputs {
            // Nested folders keep their files apart: a/View.swift and b/View.swift stay two files.
            let relative = "UIKit_" + input.path.dropFirst(folder.path.count).split(separator: "/").joined(separator: "_")
            let output = context.pluginWorkDirectoryURL.appending(path: relative)
            commands.append(.buildCommand(displayName: "Lowering @objc and #selector in \(input.lastPathComponent)",
                                          executable: tool.url,
                                          arguments: [input.path, output.path, "--module"] + inputs.map(\.path) + ["--dependency"] + dependencies.map(\.path),
                                          inputFiles: inputs + dependencies, outputFiles: [output]))
        }
        return commands
    }
}
