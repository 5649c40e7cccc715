// objc-lower: lowers the Objective-C spellings of UIKit sources (see ObjCLowering).
//   objc-lower IN.swift OUT.swift [--module FILE.swift...]
//   objc-lower --output-dir DIR IN.swift...
// `--module` names the module's other files: the optional methods their @objc protocols declare
// are called without `?` in this one too, and their classes' superclasses tell which of this
// file's classes inherit NSObject through the module's own (RU3).
// The output starts with `import UIKit`, as every Swift file of an iOS framework sees UIKit through
// the framework's umbrella header (CocoaPods writes one), then a `#sourceLocation` naming the
// input, so the compiler reports the user's file and lines, not the lowered copy's. Overrides
// written in an extension of a class the module declares move into the class (ExtensionOverrides).
import Foundation
import ObjCLowering

var args = Array(CommandLine.arguments.dropFirst())
var moduleFiles: [String] = []
if let m = args.firstIndex(of: "--module") {
    moduleFiles = Array(args[(m + 1)...])
    args = Array(args[..<m])
}
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
for (input, output) in pairs {
    guard let data = FileManager.default.contents(atPath: input) else {
        FileHandle.standardError.write(Data("objc-lower: cannot read \(input)\n".utf8))
        exit(1)
    }
    let original = URL(fileURLWithPath: input).standardizedFileURL.path
    let path = original.replacingOccurrences(of: "\"", with: "\\\"")
    let source = lowerObjectiveC(String(decoding: data, as: UTF8.self), moduleOptionalMethods: moduleOptionalMethods,
                                 moduleClassParents: moduleClassParents)
    let lowered = "import UIKit\n#sourceLocation(file: \"\(path)\", line: 1)\n" + movingExtensionOverrides(source, file: original, module: module,
                                                                                         lower: { lowerObjectiveC($0, moduleOptionalMethods: moduleOptionalMethods,
                                                                                                                  moduleClassParents: moduleClassParents) })
    guard FileManager.default.createFile(atPath: output, contents: Data(lowered.utf8)) else {
        FileHandle.standardError.write(Data("objc-lower: cannot write \(output)\n".utf8))
        exit(1)
    }
}
