import Foundation
import Testing
import Geometry
import RenderModel
import TextEngine
@testable import Lottie

/// MR5: a memory warning empties what Lottie's text layers keep; they draw the same again.
@Suite("MR5 Lottie text caches")
@MainActor
struct LottieMemoryWarningTests {
    @Test("MR5: a composition's text caches empty on releaseCaches() and are made again, the same, on the next render")
    func MR5_lottieTextCachesReleased() throws {
        let selector = #"{"s":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[100]}]},"e":{"a":0,"k":100},"r":1,"b":1,"sh":1}"#
        let animators = #","a":[{"nm":"fade in","s":\#(selector),"a":{"o":{"a":0,"k":0},"p":{"a":0,"k":[0,20]}}}]"#
        let layers = LottieTextTests.textLayer(#"{"s":"# + LottieTextTests.document("Hello") + "}", extra: animators)
        let animation = try Doc.read(Doc.animation(layers: layers, extra: LottieTextTests.fontList))
        let composition = LottieComposition(animation: animation)
        let layer = try #require(composition.rootLayer.sublayers?.compactMap { $0 as? LottieTextLayer }.first)
        composition.setFrame(4)
        let before = composition.displayList()
        #expect(composition.cachedTextLayerCount == 1)
        #expect(layer.layoutCount == 1)
        composition.releaseCaches()
        #expect(composition.cachedTextLayerCount == 0)
        let after = composition.displayList()
        #expect(after == before, "drawn the same from text shaped again")
        #expect(layer.layoutCount == 2)
        #expect(composition.cachedTextLayerCount == 1)
    }
}
