// Apple's `Combine` on Linux (RU3): UIKit code that writes `import Combine` (a view model that
// publishes with `CurrentValueSubject`, `@Published` properties, `sink` and `assign`,
// `NotificationCenter.default.publisher(for:)`, `Timer.publish(every:on:in:)`, `receive(on:
// DispatchQueue.main)`) builds unchanged against OpenCombine, an open-source implementation of
// Combine's API (MIT), whose Linux build declares those names as Apple spells them. This module
// adds nothing of its own: it is OpenCombine, its Dispatch schedulers and its Foundation
// publishers under the module name Apple's code imports. Subscriptions deliver where the
// publisher sends (the main queue and the main run loop are the application's frames).
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
