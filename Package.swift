// swift-tools-version:6.1
import PackageDescription

// Modules follow the frame pipeline, and dependencies point one way (README, Architecture):
//   Geometry, FrameTiming, LayoutSolver  values, clocks, the Cassowary solver (nothing of ours)
//   UpdateLoop     <- FrameTiming          run loop, phases, timers, frame participants; no views
//   Motion         <- Geometry             curves, springs, timing model, keyframe and timeline maths
//   RenderModel    <- Geometry             display list, draw commands, canvas, renderer protocol
//   TimelineEngine <- all of the above     views, controllers, Auto Layout, animation engine, hosts
//   SDLBackend     <- TimelineEngine       the only importer of CSDL2: window, painter, events, PNG
//   SceneFormat    <- TimelineEngine       scene files <-> engine objects
//   timeline CLI, Demos                    see every module
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
            name: "UpdateLoop",
            dependencies: [
                "FrameTiming",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .target(name: "Motion", dependencies: ["Geometry"], swiftSettings: strict),
        .target(name: "RenderModel", dependencies: ["Geometry"], swiftSettings: strict),
        .target(
            name: "TimelineEngine",
            dependencies: ["Geometry", "FrameTiming", "LayoutSolver", "UpdateLoop", "Motion", "RenderModel"],
            swiftSettings: strict),
        .target(
            name: "TimelineTestSupport",
            dependencies: ["TimelineEngine"],
            path: "Tests/TestSupport",
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
        .target(name: "FuzzHarness", dependencies: ["SceneFormat", "SDLBackend", "TimelineEngine"], swiftSettings: strict),
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "SceneFuzzer", dependencies: ["FuzzHarness", "SDLBackend", "CLibFuzzer"], swiftSettings: strict),
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
        .testTarget(name: "UpdateLoopTests", dependencies: ["UpdateLoop", "TimelineTestSupport"], swiftSettings: strict),
        .testTarget(name: "MotionTests", dependencies: ["Motion"], swiftSettings: strict),
        .testTarget(name: "RenderModelTests", dependencies: ["RenderModel"], swiftSettings: strict),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"], resources: [.copy("Fixtures")],
                    swiftSettings: strict),
        .testTarget(
            name: "TimelineEngineTests",
            dependencies: ["TimelineEngine", "LayoutSolver", "TimelineTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "SceneFormatTests",
            dependencies: ["SceneFormat", "TimelineEngine", "TimelineTestSupport", "FuzzHarness"],
            swiftSettings: strict),
        .testTarget(name: "TimelineCLITests", swiftSettings: strict),
        .testTarget(
            name: "SDLBackendTests",
            dependencies: ["SDLBackend", "CSDL2", "SceneFormat", "TimelineEngine", "TimelineTestSupport"],
            exclude: ["Golden"],                       // read from the source tree by path
            swiftSettings: strict),
    ]
)
