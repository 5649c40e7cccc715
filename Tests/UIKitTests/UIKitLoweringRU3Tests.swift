import Testing
@testable import ObjCLowering

/// What real libraries needed of the lowering (RU3), each case written here, not taken from them.
@Suite("RU3 the lowering of what real UIKit libraries write: @objc protocols, #keyPath, iOS conditions")
struct UIKitLoweringRU3Tests {
    @Test("RU3 an @objc protocol stays class-bound; optional requirements get defaults that keep UIKit's meaning; optional calls lose their ?")
    func RU3_optionalRequirements() {
        let source = """
        @objc public protocol GaugeDelegate {
            @objc optional func gaugeDidFinish(_ gauge: Gauge)
            @objc optional func gauge(_ gauge: Gauge,
                                      labelFor value: Int) -> String
            @objc optional func gauge(_ gauge: Gauge, viewFor value: Int) -> UIView?
            @objc optional var accent: UIColor? { get }
            func gaugeWillStart(_ gauge: Gauge)
        }
        @objc protocol TickSource: Hashable {}
        final class Gauge: UIView {
            weak var delegate: GaugeDelegate?
            func finish() {
                delegate?.gaugeDidFinish?(self)
                let text = delegate?.gauge?(self, labelFor: 3) ?? "3"   // a comment: delegate?.gauge?(
                _ = (delegate?.gauge?(self, viewFor: 3), text, #keyPath(CALayer.opacity), #keyPath(bounds.size))
            }
        }
        #if os(iOS) || os(tvOS)
        let family = "iOS"
        #elseif !os(iOS)
        let family = "os(iOS) in a string stays"
        #endif

        """
        let lowered = lowerObjectiveC(source)
        #expect(lowered.filter { $0 == "\n" }.count == source.filter { $0 == "\n" }.count)
        let lines = lowered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "      public protocol GaugeDelegate: AnyObject {")
        #expect(lines[1] == "                   func gaugeDidFinish(_ gauge: Gauge)")
        #expect(lines[8] == "      protocol TickSource: AnyObject, Hashable {}")
        #expect(lines[12] == "        delegate?.gaugeDidFinish(self)")
        #expect(lines[13] == #"        let text = delegate?.gauge(self, labelFor: 3) ?? "3"   // a comment: delegate?.gauge?("#)
        #expect(lines[14].contains(#"delegate?.gauge(self, viewFor: 3), text, "opacity", "bounds.size")"#))
        #expect(lines[17] == "#if true    || os(tvOS)")
        #expect(lines[19] == "#elseif !true   ")
        #expect(lines[20].contains("os(iOS) in a string stays"))
        // The defaults, on the last line: an empty method, nil for an optional result; the
        // requirement that returns a String has no value to default to and stays required.
        let defaults = "extension GaugeDelegate { public func gaugeDidFinish(_ gauge: Gauge) {}; "
            + "public func gauge(_ gauge: Gauge, viewFor value: Int) -> UIView? { nil }; public var accent: UIColor? { nil } }"
        #expect(lines.last.map(String.init) == defaults)
        #expect(lowerObjectiveC(lowered) == lowered)
    }

    @Test("RU3 defaults are not written after a comment on the last line; the requirements then stay required")
    func RU3_noDefaultsIntoAComment() {
        let source = "@objc protocol P {\n    @objc optional func ping()\n}\n// end"
        let lowered = lowerObjectiveC(source)
        #expect(lowered.hasSuffix("\n// end"))
        #expect(lowered.contains("                   func ping()"))
    }

    @Test("RU3 UIKit's optional delegate methods called through a refining protocol lose their ?; optional closures keep theirs")
    func RU3_uikitOptionalCalls() {
        let source = """
        protocol ShelfDelegate: UIScrollViewDelegate {}
        final class Shelf: UIScrollView, UIScrollViewDelegate {
            weak var shelfDelegate: ShelfDelegate?
            var onPick: ((Int) -> Void)?
            func scrollViewDidScroll(_ s: UIScrollView) { shelfDelegate?.scrollViewDidScroll?(s); self.onPick?(1) }
        }
        """
        let lines = lowerObjectiveC(source).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[4] == "    func scrollViewDidScroll(_ s: UIScrollView) { shelfDelegate?.scrollViewDidScroll(s); self.onPick?(1) }")
    }

    @Test("RU3 import Darwin and import ObjectiveC.runtime lower to Linux's modules at their width; a cell's public init(frame:) override becomes required")
    func RU3_darwinImportsAndPublicCellInit() {
        let source = """
        import Darwin
          import ObjectiveC.runtime
        import Darwin.C
        // import Darwin in a comment stays
        class TagCell: UICollectionViewCell {
            override public init(frame: CGRect) { super.init(frame: frame) }
            override open func layoutSubviews() {}
        }
        """
        let lines = lowerObjectiveC(source).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "import Glibc ")
        #expect(lines[1] == "  import ObjectiveC        ")
        #expect(lines[2] == "import Darwin.C")
        #expect(lines[3] == "// import Darwin in a comment stays")
        #expect(lines[5] == "    required public init(frame: CGRect) { super.init(frame: frame) }")
        #expect(lines[6] == "    override open func layoutSubviews() {}")
    }
}
