// The module file of a UIKit library (RU2). SwiftPM makes a Swift module only of a target with a
// Swift file of its own, and every other file of this library is in UIKit/, lowered by the
// ObjCLowering plugin; this file is that one. It imports UIKit without re-exporting it: a module
// that re-exports UIKit makes a swift-testing file that imports it look for the overlay
// `_Testing_CoreGraphics`, which the Linux toolchain does not have.
import UIKit
