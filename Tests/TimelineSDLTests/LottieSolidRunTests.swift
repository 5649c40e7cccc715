import Geometry
import RenderModel
@testable import TimelineSDL
import Testing
import Timeline

/// LT11: an opaque shape's runs of wholly covered pixels are filled at once, their ends found
/// eight coverage values at a time (lottie-android's `moving_bus.json` spent more time looking
/// for the ends one by one than filling). Every run length around the stride of eight, and runs
/// broken by a hole, draw what the pixel-by-pixel rule gives.
@MainActor
@Suite("LT11 runs of whole pixels in opaque shapes")
struct LottieSolidRunTests {
    static let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 1)

    @Test("LT11 each row's run of whole pixels, 0 to 40 long, is filled exactly; half-covered ends are blended")
    func LT11_runsOfWholePixels() throws {
        var list = DisplayList()
        list.size = Size(width: 64, height: 48)
        list.background = .clear
        // Row k: from x = 0.5 to k + 1.5, so pixels 1...k are whole and pixels 0 and k + 1 half.
        for k in 0...40 {
            list.commands.append(.fillShape(Path(rect: Rect(x: 0.5, y: Double(k), width: Double(k) + 1, height: 1)), .color(Self.orange), .nonZero))
        }
        // Row 42 and 43: a run broken by a hole (even-odd), pixels 1...9 and 13...29 whole.
        var holed = Path(rect: Rect(x: 0.5, y: 42, width: 30, height: 2))
        for element in Path(rect: Rect(x: 10, y: 42, width: 3, height: 2)).elements {
            switch element {
            case .move(let p): holed.move(to: p)
            case .line(let p): holed.addLine(to: p)
            case .curve(let c1, let c2, let p): holed.addCurve(to: p, control1: c1, control2: c2)
            case .close: holed.close()
            }
        }
        list.commands.append(.fillShape(holed, .color(Self.orange), .evenOdd))
        let renderer = try ImageRenderer(pixelWidth: 64, pixelHeight: 48)
        renderer.render(list)
        let image = renderer.image()
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.bytes[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4]) }
        let whole: [UInt8] = [255, 128, 0, 255]
        for k in 0...40 {
            for x in 1...max(1, k) where k > 0 { #expect(pixel(x, k) == whole, "row \(k), pixel \(x)") }
            for x in [0, k + 1] { #expect(abs(Int(pixel(x, k)[3]) - 128) <= 1, "row \(k), edge \(x): \(pixel(x, k))") }
            #expect(pixel(k + 2, k)[3] == 0, "row \(k) past its end")
        }
        for y in 42...43 {
            for x in Array(1...9) + Array(13...29) { #expect(pixel(x, y) == whole, "holed row \(y), pixel \(x)") }
            for x in 10...12 { #expect(pixel(x, y)[3] == 0, "the hole, row \(y), pixel \(x)") }
        }
    }
}
