// objc-lower: lowers the Objective-C spellings of UIKit sources (see ObjCLowering).
//   objc-lower IN.swift OUT.swift [--module FILE.swift...] [--dependency FILE.swift...]
//   objc-lower --output-dir DIR IN.swift...
// `--module` names the module's other files: the optional methods their @objc protocols declare
// are called without `?` in this one too, and their classes' superclasses tell which of this
// file's classes inherit NSObject through the module's own (RU3).
// The output starts with `import UIKit`, as every Swift file of an iOS framework sees UIKit through
// the framework's umbrella header (CocoaPods writes one), then a `#sourceLocation` naming the
// input, so the compiler reports the user's file and lines, not the lowered copy's. Overrides
// written in an extension of a class the module declares move into the class (ExtensionOverrides).
// `--dependency` names the files of the modules this one depends on: the optional methods their
// open classes leave to subclasses are overrides here (OptionalOverrides).
import Foundation
import ObjCLowering

var args = Array(CommandLine.arguments.dropFirst())
/// The files after `flag` up to the next flag, taken out of `args`.
func files(after flag: String, in args: inout [String]) -> [String] {
    guard let m = args.firstIndex(of: flag) else { return [] }
    let end = args[(m + 1)...].firstIndex { $0.hasPrefix("--") } ?? args.count
    let found = Array(args[(m + 1)..<end])
    args.removeSubrange(m..<end)
    return found
}
let dependencyFiles = files(after: "--dependency", in: &args)
let moduleFiles = files(after: "--module", in: &args)
var pairs: [(String, String)] = []
if args.first == "--output-dir", args.count >= 3 {
    let dir = args[1]
    pairs = args.dropFirst(2).map { ($0, dir + "/" + ($0 as NSString).lastPathComponent) }
} else if args.count == 2 {
    pairs = [(args[0], args[1])]
} else {
    FileHandle.standardError.write(Data("usage: objc-lower IN.swift OUT.swift [--module FILE.swift...] | objc-lower --output-dir DIR IN.swift...\n".utf8))
    exit(2)
}
var moduleOptionalMethods: Set<String> = []
var moduleClassParents: [String: String] = [:]
var module: [(path: String, source: String)] = []
for file in moduleFiles {
    if let data = FileManager.default.contents(atPath: file) {
        let text = String(decoding: data, as: UTF8.self)
        moduleOptionalMethods.formUnion(optionalMethodNames(in: text))
        moduleClassParents.merge(classParents(in: text)) { first, _ in first }
        module.append((URL(fileURLWithPath: file).standardizedFileURL.path, text))
    }
}
// What the classes of this module and of the modules it depends on leave to their subclasses.
var inherited: [String: Set<String>] = [:]
var dependencyClassParents: [String: String] = [:]
for file in dependencyFiles {
    if let data = FileManager.default.contents(atPath: file) {
        let text = String(decoding: data, as: UTF8.self)
        inherited.merge(inheritedOptionalMethods(in: text)) { $0.union($1) }
        dependencyClassParents.merge(classParents(in: text)) { first, _ in first }
    }
}
for (_, text) in module { inherited.merge(inheritedOptionalMethods(in: text)) { $0.union($1) } }
for (input, output) in pairs {
    guard let data = FileManager.default.contents(atPath: input) else {
        FileHandle.standardError.write(Data("objc-lower: cannot read \(input)\n".utf8))
        exit(1)
    }
    let original = URL(fileURLWithPath: input).standardizedFileURL.path
    let path = original.replacingOccurrences(of: "\"", with: "\\\"")
    let source = lowerObjectiveC(String(decoding: data, as: UTF8.self), moduleOptionalMethods: moduleOptionalMethods,
                                 moduleClassParents: moduleClassParents, inheritedOptionalMethods: inherited,
                                 dependencyClassParents: dependencyClassParents)
    let lowered = "import UIKit\n#sourceLocation(file: \"\(path)\", line: 1)\n" + movingExtensionOverrides(source, file: original, module: module,
                                                                                         lower: { lowerObjectiveC($0, moduleOptionalMethods: moduleOptionalMethods,
                                                                                                                  moduleClassParents: moduleClassParents,
                                                                                                                  inheritedOptionalMethods: inherited,
                                                                                                                  dependencyClassParents: dependencyClassParents) })
    guard FileManager.default.createFile(atPath: output, contents: Data(lowered.utf8)) else {
        FileHandle.standardError.write(Data("objc-lower: cannot write \(output)\n".utf8))
        exit(1)
    }
}
