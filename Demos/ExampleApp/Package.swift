// swift-tools-version:6.1
// An app built on the Timeline package the way any other package would use it: a dependency by
// path, the library products, nothing else (SPEC L4). Build it with `swift build` here, run it
// with `swift run ExampleApp` (it needs a display), test it with `swift test` (headless).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let timelineRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let timeline = timelineRoot.lastPathComponent.lowercased()

let package = Package(
    name: "ExampleApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        // The app's controllers, in a library so that the tests import them too.
        .target(name: "PanelApp", dependencies: [.product(name: "Timeline", package: timeline)],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "ExampleApp", dependencies: ["PanelApp", .product(name: "TimelineSDL", package: timeline)],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "PanelAppTests", dependencies: ["PanelApp", .product(name: "Timeline", package: timeline)],
                    swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
