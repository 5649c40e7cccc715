import Foundation
@testable import Lottie

/// Small Bodymovin documents built in code, for tests that need one property or one error.
enum Doc {
    /// A document around `layers` (JSON text) with `assets`.
    static func animation(layers: String, assets: String = "[]", extra: String = "") -> String {
        #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":100,"nm":"t","assets":\#(assets),"layers":[\#(layers)]\#(extra)}"#
    }

    /// A shape layer holding `shapes` with transform `ks`.
    static func shapeLayer(_ shapes: String, ks: String = #"{"p":{"a":0,"k":[0,0]}}"#, extra: String = "") -> String {
        #"{"ty":4,"nm":"shape","ind":1,"ip":0,"op":60,"st":0,"ks":\#(ks),"shapes":[\#(shapes)]\#(extra)}"#
    }

    static let redRect = #"{"ty":"rc","nm":"r","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,20]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

    static func read(_ json: String) throws(LottieError) -> LottieAnimation {
        try LottieAnimation(data: Array(json.utf8))
    }

    /// The error reading `json` gives (nil when it reads).
    static func error(_ json: String) -> LottieError? {
        do { _ = try read(json); return nil } catch { return error }
    }

    /// The source tree's LottieTests folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
}
