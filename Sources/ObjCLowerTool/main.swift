// objc-lower: lowers the Objective-C spellings of UIKit sources (see ObjCLowering).
//   objc-lower IN.swift OUT.swift
//   objc-lower --output-dir DIR IN.swift...
// The output starts with a `#sourceLocation` naming the input, so the compiler reports the
// user's file and lines, not the lowered copy's.
import Foundation
import ObjCLowering

var args = Array(CommandLine.arguments.dropFirst())
var pairs: [(String, String)] = []
if args.first == "--output-dir", args.count >= 3 {
    let dir = args[1]
    pairs = args.dropFirst(2).map { ($0, dir + "/" + ($0 as NSString).lastPathComponent) }
} else if args.count == 2 {
    pairs = [(args[0], args[1])]
} else {
    FileHandle.standardError.write(Data("usage: objc-lower IN.swift OUT.swift | objc-lower --output-dir DIR IN.swift...\n".utf8))
    exit(2)
}
for (input, output) in pairs {
    guard let data = FileManager.default.contents(atPath: input) else {
        FileHandle.standardError.write(Data("objc-lower: cannot read \(input)\n".utf8))
        exit(1)
    }
    let path = URL(fileURLWithPath: input).standardizedFileURL.path.replacingOccurrences(of: "\"", with: "\\\"")
    let lowered = "#sourceLocation(file: \"\(path)\", line: 1)\n" + lowerObjectiveC(String(decoding: data, as: UTF8.self))
    guard FileManager.default.createFile(atPath: output, contents: Data(lowered.utf8)) else {
        FileHandle.standardError.write(Data("objc-lower: cannot write \(output)\n".utf8))
        exit(1)
    }
}
