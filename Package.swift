// swift-tools-version:6.1
import PackageDescription

// Modules follow the frame pipeline, and dependencies point one way (README, Architecture). A
// module line is "Module <- A, B  what it holds": after the arrow, every target of ours the
// module depends on directly, each on a line above it (a list ending in a comma goes on at the
// next line; no arrow: none); system libraries (CText, CCmark, CImageCodecs, CSDL2, CDuktape, CAtk, CGio) and other
// packages' products are left out. PackageHeaderTests (AM6) checks the arrows against the
// targets below, and that every library target has a line.
//   Geometry                               points, sizes, rects, affine transforms, colours
//   FrameTiming                            the frame grid, the frame schedule, clocks
//   FrameStatistics <- FrameTiming         clock statistics and duration percentiles for benches (HdrHistogram)
//   LayoutSolver                           the Cassowary solver
//   JSONParsing                            the located JSON reader scene and Lottie files share
//   Archives                               zip archives read under limits on entries, sizes and ratios (ZIPFoundation)
//   UpdateLoop     <- FrameTiming          run loop, phases, timers, frame participants; no views
//   Motion         <- Geometry             curves, springs, timing model, keyframe and timeline maths
//   CTextShim                              ICU's version-suffixed functions under fixed names (C)
//   CTimelineFont                          the bundled DejaVu Sans font (C)
//   TextEngine     <- Geometry, CTextShim, CTimelineFont
//                                          fonts, shaping, bidi, line breaking, text layout (HarfBuzz,
//                                          FreeType, ICU, fontconfig); one FontSystem per engine
//   Images         <- Geometry             Image, decoding (SDL2_image, giflib) under a pixel limit, named assets
//   RenderModel    <- Geometry, TextEngine, Images
//                                          display list, draw commands, glyph runs, paths, canvas, tessellator
//   Layers         <- Geometry, Motion, RenderModel, TextEngine, FrameTiming, UpdateLoop
//                                          layer tree, the one animation engine (layer animations, which
//                                          views' blocks, springs, keyframes and constants are), media
//                                          timing, transactions
//   Views          <- Geometry, FrameTiming, LayoutSolver, UpdateLoop, Motion, RenderModel, TextEngine,
//                     Images, Layers
//                                          views (each backed by a Layer), windows, the update cycle, Auto
//                                          Layout, gestures, view controllers, view animation APIs over
//                                          the layer engine, hosts
//   Controls       <- Views                controls, labels, image views, stack views, text fields
//   Scrolling      <- Views, Controls      scroll views, the refresh control
//   Lists          <- Views, Controls, Scrolling
//                                          tables and collections
//   Navigation     <- Views, Controls, Scrolling
//                                          navigation, tab bars, presentation, alerts
//   Timeline       <- Views, Controls, Scrolling, Lists, Navigation
//                                          re-exports them: the module an app imports
//   TimelineTestSupport <- Timeline        the headless test rig the test targets share (Tests/TestSupport)
//   CAtkShim                               one AtkObject subclass answering through callbacks, on ATK
//                                          and its AT-SPI bridge (C)
//   TimelineAccessibility <- Timeline, Views, Geometry, CAtkShim
//                                          a window's accessibility tree on the AT-SPI bus (AX2)
//   CDesktopShim                           the XDG settings portal over GDBus: read, and SettingChanged
//                                          dispatched on the run loop's thread (C)
//   TimelineDesktop <- Views, UpdateLoop, CDesktopShim
//                                          the desktop's light/dark and reduce motion for windows (AX4, DK5)
//   TimelineSDL    <- CTimelineFont, Timeline, Geometry, FrameTiming, TimelineAccessibility, TimelineDesktop
//                                          the only importer of CSDL2: window, painter, events, PNG
//   SceneReading   <- JSONParsing, Geometry, UpdateLoop
//                                          scene files' located checks, errors and scripted input
//   TimelineScene  <- Timeline, Views, Geometry, FrameTiming, Images, JSONParsing, SceneReading
//                                          scene files <-> engine objects
//   Lottie         <- Timeline, JSONParsing, Archives, Layers, Geometry, Motion, RenderModel, Images
//                                          Bodymovin files and .lottie archives -> layer trees, the player view,
//                                          the recorder
//   TimelineInspector <- Timeline, TimelineSDL, Views, Layers, Geometry, UpdateLoop, JSONParsing, Images,
//                        RenderModel
//                                          the live inspector: a Chrome DevTools Protocol server on loopback
//                                          (FlyingFox), started only when TIMELINE_INSPECT asks (IN1);
//                                          its screenshots and screencast are drawn by TimelineSDL's
//                                          offscreen painter
//   TimeTravel     <- Timeline, TimelineScene, SceneReading, Views, Layers, UpdateLoop, FrameTiming,
//                     JSONParsing, Geometry, RenderModel
//                                          recorded sessions replayed headless, forked checkpoints, bisect,
//                                          recordings exported as tests, an app replaying its own (IN6)
//   ObjectiveC                             Selector and associated objects, for the UIKit facade
//   Combine                                Apple's Combine for UIKit code: OpenCombine under that name (RU3)
//   CoreGraphics   <- Geometry, RenderModel, Images
//                                          CG values, CGPath, CGContext
//   CoreImage      <- Geometry, Images, CoreGraphics
//                                          CIImage, CIFilter by name, CIContext over the engine's bitmap filters
//   QuartzCore     <- CoreGraphics, ObjectiveC, Layers, Geometry, Motion, RenderModel, Images, UpdateLoop,
//                     TextEngine
//                                          CALayer kinds, CA animations, CATransaction, CADisplayLink
//   UIKit          <- QuartzCore, CoreGraphics, CoreImage, ObjectiveC, Timeline, TimelineSDL, SceneReading, Layers,
//                     Geometry, Motion, RenderModel, Images, TextEngine, UpdateLoop, FrameTiming,
//                     TimelineInspector, TimeTravel
//                                          the UIKit facade: Apple's names over the engine (docs/uikit.md)
//   BadgeKit       <- UIKit                a UIKit library whose every file is in UIKit/ (RU2), built with the plugin
//   ObjCLowering                           lowers @objc and #selector for Linux (the objc-lower tool)
//   TimelineCLI    <- Timeline, TimelineScene, FrameTiming, FrameStatistics, LayoutSolver, Geometry,
//                     TimelineSDL, TextEngine, Lottie, TimelineInspector, TimeTravel, TimelineAccessibility
//                                          the `timeline` executable
//   FuzzHarness    <- TimelineScene, TimelineSDL, Timeline
//                                          what the scene fuzzer and its regression tests run on an input
//   CLibFuzzer                             libFuzzer's driver entry point (C)
//   FuzzDriver     <- CLibFuzzer           the main of every fuzz target: libFuzzer, or replaying files
// The other executables (objc-lower, uikit-compat, the fuzz targets, the UIKit examples and the
// demos) stand on the modules above. An app imports Timeline (it re-exports the view modules and,
// through Views, Geometry, FrameTiming, LayoutSolver, UpdateLoop, Motion, RenderModel and Layers),
// TimelineSDL for a window, TimelineScene for scene files and Lottie for Lottie files: one library
// product each (L1).
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

// The facade follows Apple's API, so it is built in Swift 5 mode as the code it serves is.
let facade: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "Timeline",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Timeline", targets: ["Timeline"]),
        .library(name: "TimelineSDL", targets: ["TimelineSDL"]),
        .library(name: "TimelineAccessibility", targets: ["TimelineAccessibility"]),
        .library(name: "TimelineDesktop", targets: ["TimelineDesktop"]),
        .library(name: "TimelineScene", targets: ["TimelineScene"]),
        .library(name: "Lottie", targets: ["Lottie"]),
        .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
        // Combine comes with UIKit, as it comes with iOS's SDK: `import Combine` in UIKit code.
        .library(name: "UIKit", targets: ["UIKit", "Combine"]),
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "TimelineInspector", targets: ["TimelineInspector"]),
        .library(name: "TimeTravel", targets: ["TimeTravel"]),
        .executable(name: "objc-lower", targets: ["objc-lower"]),
        .executable(name: "uikit-compat", targets: ["uikit-compat"]),
        .plugin(name: "ObjCLowering", targets: ["ObjCLoweringPlugin"]),
        .executable(name: "timeline", targets: ["TimelineCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The inspector's HTTP and WebSocket server (IN1): no dependencies of its own (README).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // The DocC catalogs' build, `swift package generate-documentation` (DX1, scripts/docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Apple's Combine API on Linux, for UIKit code that imports Combine (RU3, the `Combine`
        // module): about 15 s of CPU in a fresh debug build (docs/uikit-real-corpus.md).
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .target(name: "Geometry", swiftSettings: strict),
        .target(name: "FrameTiming", swiftSettings: strict),
        // Benches' statistics apart from the frame clock: HdrHistogram's module brings
        // swift-numerics, whose static `Double.log10` and `pow` would shadow the global functions
        // in every client's `extension Double` (RU3).
        .target(name: "FrameStatistics", dependencies: ["FrameTiming", .product(name: "Histogram", package: "hdrhistogram-swift")],
                swiftSettings: strict),
        .target(name: "LayoutSolver", swiftSettings: strict),
        .target(name: "JSONParsing", swiftSettings: strict),
        .target(name: "Archives", dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")], swiftSettings: strict),
        .target(
            name: "UpdateLoop",
            dependencies: [
                "FrameTiming",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .target(name: "Motion", dependencies: ["Geometry"], swiftSettings: strict),
        .systemLibrary(
            name: "CText", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev", "libicu-dev"])]),
        .target(name: "CTextShim", dependencies: ["CText"]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .target(name: "TextEngine", dependencies: ["Geometry", "CText", "CTextShim", "CTimelineFont", "CCmark"],
                swiftSettings: strict),
        .systemLibrary(name: "CImageCodecs", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev", "libgif-dev"])]),
        .target(name: "Images", dependencies: ["Geometry", "CImageCodecs", .product(name: "Logging", package: "swift-log")],
                swiftSettings: strict),
        .target(name: "RenderModel", dependencies: ["Geometry", "TextEngine", "Images"], swiftSettings: strict),
        .target(
            name: "Layers",
            dependencies: ["Geometry", "Motion", "RenderModel", "TextEngine", "FrameTiming", "UpdateLoop",
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        // The view engine, in layers that depend one way (CA12): Views (views, windows, the update
        // cycle, Auto Layout, view animation, gestures, view controllers) <- Controls <- Scrolling
        // <- Lists <- Navigation; Timeline re-exports them all, so an app imports one module.
        .target(
            name: "Views",
            dependencies: ["Geometry", "FrameTiming", "LayoutSolver", "UpdateLoop", "Motion", "RenderModel", "TextEngine", "Images", "Layers"],
            swiftSettings: strict),
        .target(name: "Controls", dependencies: ["Views"], swiftSettings: strict),
        .target(name: "Scrolling", dependencies: ["Views", "Controls"], swiftSettings: strict),
        .target(name: "Lists", dependencies: ["Views", "Controls", "Scrolling"], swiftSettings: strict),
        .target(name: "Navigation", dependencies: ["Views", "Controls", "Scrolling"], swiftSettings: strict),
        .target(
            name: "Timeline",
            dependencies: ["Views", "Controls", "Scrolling", "Lists", "Navigation"],
            swiftSettings: strict),
        .target(
            name: "TimelineTestSupport",
            dependencies: ["Timeline"],
            path: "Tests/TestSupport",
            swiftSettings: strict),
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev"])]),
        .target(name: "CTimelineFont", exclude: ["LICENSE-DejaVu.txt"]),
        .systemLibrary(
            name: "CAtk", pkgConfig: "atk-bridge-2.0",
            providers: [.apt(["libatk-bridge2.0-dev", "libatk1.0-dev"])]),
        .target(name: "CAtkShim", dependencies: ["CAtk"],
                linkerSettings: ["atk-bridge-2.0", "atk-1.0", "gio-2.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        .target(name: "TimelineAccessibility", dependencies: ["CAtkShim", "Timeline", "Views", "Geometry"],
                swiftSettings: strict),
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "CDesktopShim", dependencies: ["CGio"],
                linkerSettings: ["gio-2.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        .target(name: "TimelineDesktop", dependencies: ["CDesktopShim", "Views", "UpdateLoop"], swiftSettings: strict),
        .target(name: "TimelineSDL", dependencies: ["CSDL2", "CTimelineFont", "Timeline", "Geometry", "FrameTiming",
                                                    "TimelineAccessibility", "TimelineDesktop"],
                swiftSettings: strict),
        .target(name: "SceneReading", dependencies: ["JSONParsing", "Geometry", "UpdateLoop"], swiftSettings: strict),
        .target(name: "TimelineScene", dependencies: ["Timeline", "Views", "Geometry", "FrameTiming", "Images", "JSONParsing", "SceneReading"],
                swiftSettings: strict),
        .systemLibrary(name: "CDuktape", pkgConfig: "duktape", providers: [.apt(["duktape-dev"])]),
        .target(name: "Lottie", dependencies: ["Timeline", "JSONParsing", "Archives", "Layers", "Geometry", "Motion", "RenderModel", "Images",
                                       "CDuktape"],
                swiftSettings: strict),
        // The UIKit facade (UK1-UK7): Apple's names and signatures over the engine, in modules
        // named as Apple's so `import UIKit` compiles. ObjectiveC holds Selector; CoreGraphics the
        // CG values Foundation on Linux lacks; QuartzCore the CA layer and animation classes.
        // The live inspector (IN1-IN3): its own product, so an app that does not link it pays nothing.
        .target(name: "TimelineInspector",
                dependencies: ["Timeline", "TimelineSDL", "Views", "Layers", "Geometry", "UpdateLoop", "JSONParsing", "Images",
                               "RenderModel", .product(name: "FlyingFox", package: "FlyingFox")],
                swiftSettings: strict),
        // Time travel (IN6): a recording replayed headless, checkpoints as forked processes,
        // bisection, and recordings exported as tests.
        .target(name: "TimeTravel",
                dependencies: ["Timeline", "TimelineScene", "SceneReading", "Views", "Layers", "UpdateLoop", "FrameTiming", "JSONParsing",
                               "Geometry", "RenderModel"],
                swiftSettings: strict),
        .target(name: "ObjectiveC", swiftSettings: facade),
        .target(name: "Combine", dependencies: [.product(name: "OpenCombine", package: "OpenCombine"),
                                                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                                                .product(name: "OpenCombineFoundation", package: "OpenCombine")],
                swiftSettings: facade),
        .target(name: "ObjCLowering", swiftSettings: strict),
        .executableTarget(name: "objc-lower", dependencies: ["ObjCLowering"], path: "Sources/ObjCLowerTool", swiftSettings: strict),
        // The UIKit compatibility table's generator (UK6): symbol graphs in, docs/uikit-compatibility.md out.
        .executableTarget(name: "uikit-compat", path: "Sources/UIKitCompatTool", swiftSettings: strict),
        // What an app adds to compile UIKit code with @objc and #selector: the target excludes its
        // UIKit/ folder, and the plugin compiles lowered copies of it (UK3).
        .plugin(name: "ObjCLoweringPlugin", capability: .buildTool(), dependencies: ["objc-lower"]),
        .target(name: "CoreGraphics", dependencies: ["Geometry", "RenderModel", "Images"], swiftSettings: facade),
        .target(name: "CoreImage", dependencies: ["Geometry", "Images", "CoreGraphics"], swiftSettings: facade),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "ObjectiveC", "Layers", "Geometry", "Motion", "RenderModel",
                                                   "Images", "UpdateLoop", "TextEngine"],
                swiftSettings: facade),
        .target(name: "UIKit", dependencies: ["QuartzCore", "CoreGraphics", "CoreImage", "ObjectiveC", "Timeline", "TimelineSDL", "SceneReading", "Layers",
                                              "Geometry", "Motion", "RenderModel", "Images", "TextEngine", "UpdateLoop", "FrameTiming",
                                              "TimelineInspector", "TimeTravel"],
                swiftSettings: facade),
        .executableTarget(
            name: "TimelineCLI",
            dependencies: [
                "Timeline", "TimelineScene", "FrameTiming", "FrameStatistics", "LayoutSolver", "Geometry", "TimelineSDL", "TextEngine",
                "Lottie", "TimelineInspector", "TimeTravel", "TimelineAccessibility",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .target(name: "FuzzHarness", dependencies: ["TimelineScene", "TimelineSDL", "Timeline"], swiftSettings: strict),
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"], swiftSettings: strict),
        .executableTarget(name: "TextFuzzer", dependencies: ["FuzzDriver", "TextEngine"], swiftSettings: strict),
        .executableTarget(name: "LottieFuzzer", dependencies: ["FuzzDriver", "Lottie"], swiftSettings: strict),
        .executableTarget(name: "DotLottieFuzzer", dependencies: ["FuzzDriver", "Lottie", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                          swiftSettings: strict),
        .executableTarget(name: "ImageFuzzer", dependencies: ["FuzzDriver", "Images", "Geometry"], swiftSettings: strict),
        .executableTarget(name: "ObjCLowerFuzzer", dependencies: ["FuzzDriver", "ObjCLowering"], swiftSettings: strict),
        .executableTarget(name: "InputFuzzer", dependencies: ["FuzzDriver", "SceneReading"], swiftSettings: strict),
        .executableTarget(name: "InspectorFuzzer", dependencies: ["FuzzDriver", "TimelineInspector", "Timeline"], swiftSettings: strict),
        .executableTarget(name: "SceneFuzzer", dependencies: ["FuzzDriver", "FuzzHarness", "TimelineSDL", "Timeline"], swiftSettings: strict),
        // UIKitExamples (UK5): small UIKit programs written as on iOS, built with the plugin and run
        // headless by the UIKit tests (UIKIT_HEADLESS=SECONDS, UIKIT_SCREENSHOT=PNG).
        .executableTarget(name: "SpringCardExample", dependencies: ["UIKit"], path: "UIKitExamples/SpringCard", exclude: ["UIKit"],
                          swiftSettings: facade, plugins: ["ObjCLoweringPlugin"]),
        .executableTarget(name: "ConstraintPanelExample", dependencies: ["UIKit"], path: "UIKitExamples/ConstraintPanel", exclude: ["UIKit"],
                          swiftSettings: facade, plugins: ["ObjCLoweringPlugin"]),
        .executableTarget(name: "ProgressRingExample", dependencies: ["UIKit"], path: "UIKitExamples/ProgressRing", exclude: ["UIKit"],
                          swiftSettings: facade, plugins: ["ObjCLoweringPlugin"]),
        .executableTarget(name: "DrawerExample", dependencies: ["UIKit"], path: "UIKitExamples/Drawer", exclude: ["UIKit"],
                          swiftSettings: facade, plugins: ["ObjCLoweringPlugin"]),
        .executableTarget(name: "RunLoopOrderExample", dependencies: ["UIKit"], path: "UIKitExamples/RunLoopOrder", exclude: ["UIKit"],
                          swiftSettings: facade, plugins: ["ObjCLoweringPlugin"]),
        // A library as a user lays one out (RU2): its files in UIKit/, its module file beside them.
        .target(name: "BadgeKit", dependencies: ["UIKit"], path: "UIKitExamples/BadgeKit", exclude: ["UIKit"],
                swiftSettings: facade, plugins: ["ObjCLoweringPlugin"]),
        .executableTarget(name: "SwipeToDeleteExample", dependencies: ["UIKit"], path: "UIKitExamples/SwipeToDelete",
                          exclude: ["UIKit", "swipe.json"], swiftSettings: facade, plugins: ["ObjCLoweringPlugin"]),
        .executableTarget(
            name: "HeadlessTrace",
            dependencies: ["Timeline", "TimelineScene", "Geometry"],
            path: "Demos/HeadlessTrace",
            swiftSettings: strict),
        .executableTarget(
            name: "Gallery",
            dependencies: ["Timeline", "TimelineSDL", "Geometry", "FrameTiming", "FrameStatistics", "Lottie", "TimelineInspector", "TimeTravel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Demos/Gallery",
            swiftSettings: strict),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"], swiftSettings: strict),
        .testTarget(name: "FrameTimingTests", dependencies: ["FrameTiming", "FrameStatistics"], swiftSettings: strict),
        .testTarget(name: "UpdateLoopTests", dependencies: ["UpdateLoop", "TimelineTestSupport"], swiftSettings: strict),
        .testTarget(name: "MotionTests", dependencies: ["Motion"], swiftSettings: strict),
        .testTarget(name: "TextEngineTests", dependencies: ["TextEngine", "Geometry"], swiftSettings: strict),
        .testTarget(name: "RenderModelTests", dependencies: ["RenderModel"], swiftSettings: strict),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "Geometry"], resources: [.copy("Fixtures")],
                    swiftSettings: strict),
        .testTarget(name: "LayersTests", dependencies: ["Layers", "Geometry", "Motion", "RenderModel", "FrameTiming", "UpdateLoop"],
                    swiftSettings: strict),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"], resources: [.copy("Fixtures")],
                    swiftSettings: strict),
        .testTarget(
            name: "TimelineTests",
            dependencies: ["Timeline", "LayoutSolver", "TimelineTestSupport", "Views", "Controls", "Scrolling", "Lists", "Navigation", "Images", "TextEngine"],
            swiftSettings: strict),
        .testTarget(
            name: "TimelineSceneTests",
            dependencies: ["TimelineScene", "Timeline", "TimelineTestSupport", "FuzzHarness", "Views", "Controls", "Scrolling", "Lists", "Navigation"],
            swiftSettings: strict),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "Archives", .product(name: "ZIPFoundation", package: "ZIPFoundation"), "Timeline", "TimelineSDL", "TimelineScene", "TimelineTestSupport", "Views", "Controls", "Scrolling", "Lists", "Navigation"],
                    exclude: ["Corpus", "Reference"], swiftSettings: strict),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "Combine", "ObjCLowering", "BadgeKit", "Timeline", "TimelineTestSupport", "TimelineInspector", "Geometry", "RenderModel",
                                                      "Images", "UpdateLoop"],
                    swiftSettings: facade),
        .testTarget(name: "TimelineInspectorTests",
                    dependencies: ["TimelineInspector", "Timeline", "TimelineSDL", "TimelineTestSupport", "Views", "Controls", "Layers", "Geometry",
                                   "UpdateLoop", "JSONParsing", .product(name: "FlyingSocks", package: "FlyingFox")],
                    swiftSettings: strict),
        .testTarget(name: "TimeTravelTests",
                    dependencies: ["TimeTravel", "TimelineScene", "Timeline", "SceneReading", "UpdateLoop", "Lottie", "TimelineInspector",
                                   "TimelineTestSupport"],
                    exclude: ["Exported"], swiftSettings: strict),
        .testTarget(name: "TimelineCLITests", dependencies: ["TimelineCLI", "TimelineSDL", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    swiftSettings: strict),
        .testTarget(
            name: "TimelineSDLTests",
            dependencies: ["TimelineSDL", "TimelineDesktop", "TimelineAccessibility", "CSDL2", "TimelineScene", "Timeline", "TimelineTestSupport", "Views", "Controls", "Scrolling", "Lists", "Navigation", "Images"],
            exclude: ["Golden", "Reference", "LayerReference"],          // read from the source tree by path
            swiftSettings: strict),
        // DX1, DX2: the doc-comment scan and the code the DocC articles quote (Sources/*/*.docc).
        .testTarget(name: "DocumentationTests",
                    dependencies: ["Timeline", "TimelineTestSupport", "Layers", "Geometry", "FrameTiming", "UpdateLoop"],
                    exclude: ["undocumented.txt"], swiftSettings: strict),
        .testTarget(
            name: "TimelineDesktopTests",
            dependencies: ["TimelineDesktop", "Timeline", "TimelineTestSupport", "Views", "Navigation"],
            swiftSettings: strict),
        .testTarget(
            name: "TimelineAccessibilityTests",
            dependencies: ["TimelineAccessibility", "Timeline", "TimelineTestSupport", "Views", "Geometry"],
            swiftSettings: strict),
    ]
)
