// swift-tools-version:6.1
import PackageDescription

// Dependencies point one way:
//   Geometry, FrameTiming, LayoutSolver  (nothing of ours)
//        -> TimelineEngine                (run loop, views, update cycle, Auto Layout API, animation)
//        -> SDLBackend                    (the only importer of CSDL2: window, renderer, events, PNG)
//        -> SceneFormat                   (scene files <-> engine objects)
//        -> timeline CLI, Demos           (see every module)
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Timeline",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TimelineEngine", targets: ["TimelineEngine"]),
        .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
        .executable(name: "timeline", targets: ["timeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        .target(name: "Geometry", swiftSettings: strict),
        .target(name: "FrameTiming", dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")],
                swiftSettings: strict),
        .target(name: "LayoutSolver", swiftSettings: strict),
        .target(
            name: "TimelineEngine",
            dependencies: [
                "Geometry", "FrameTiming", "LayoutSolver",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        .target(name: "SDLBackend", dependencies: ["CSDL2", "TimelineEngine", "Geometry", "FrameTiming"],
                swiftSettings: strict),
        .target(name: "SceneFormat", dependencies: ["TimelineEngine", "Geometry", "FrameTiming"], swiftSettings: strict),
        .executableTarget(
            name: "timeline",
            dependencies: [
                "TimelineEngine", "SceneFormat", "FrameTiming", "LayoutSolver", "Geometry", "SDLBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "HeadlessTrace",
            dependencies: ["TimelineEngine", "SceneFormat", "Geometry"],
            path: "Demos/HeadlessTrace",
            swiftSettings: strict),
        .executableTarget(
            name: "Gallery",
            dependencies: ["TimelineEngine", "SDLBackend", "Geometry", "FrameTiming",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Demos/Gallery",
            swiftSettings: strict),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"], swiftSettings: strict),
        .testTarget(name: "FrameTimingTests", dependencies: ["FrameTiming"], swiftSettings: strict),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"], resources: [.copy("Fixtures")],
                    swiftSettings: strict),
        .testTarget(
            name: "TimelineEngineTests",
            dependencies: ["TimelineEngine", "Geometry", "FrameTiming", "LayoutSolver"],
            swiftSettings: strict),
        .testTarget(
            name: "SceneFormatTests",
            dependencies: ["SceneFormat", "TimelineEngine", "Geometry"],
            swiftSettings: strict),
        .testTarget(name: "TimelineCLITests", swiftSettings: strict),
        .testTarget(
            name: "SDLBackendTests",
            dependencies: ["SDLBackend", "CSDL2", "SceneFormat", "TimelineEngine", "Geometry", "FrameTiming"],
            exclude: ["Golden"],                       // read from the source tree by path
            swiftSettings: strict),
    ]
)
