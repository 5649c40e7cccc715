import Testing
import Foundation
@testable import UIKit
import Images

/// What chart libraries draw with Core Graphics beyond paths and gradients (RU3, Charts'
/// `Fill.swift`): an image repeated over a clipped area, and a drawing cached in a `CGLayer`.
@MainActor
@Suite("RU3 Core Graphics: tiled images and layers")
struct UIKitCoreGraphicsRU3Tests {
    /// A 4 x 4 image: its left half red, its right half transparent.
    static func halfRed() -> CGImage {
        var rgba: [UInt8] = []
        for _ in 0..<4 { for x in 0..<4 { rgba += x < 2 ? [255, 0, 0, 255] : [0, 0, 0, 0] } }
        return CGImage(Image(bitmap: Bitmap(width: 4, height: 4, rgba: rgba)))
    }

    static func format() -> UIGraphicsImageRendererFormat {
        let f = UIGraphicsImageRendererFormat()
        f.scale = 1
        return f
    }

    @Test("RU3 an image drawn by tiling fills the clipped path with copies of it from the rectangle's origin; without tiling it is drawn once")
    func RU3_tiledImage() {
        let (_, _) = makeApp()
        let tile = Self.halfRed()
        let image = UIGraphicsImageRenderer(size: CGSize(width: 32, height: 16), format: Self.format()).image { ctx in
            let c = ctx.cgContext
            // A triangle over the left 24 points; the tiles start at (2, 0).
            c.move(to: CGPoint(x: 0, y: 0)); c.addLine(to: CGPoint(x: 24, y: 0)); c.addLine(to: CGPoint(x: 0, y: 16)); c.closePath()
            c.saveGState()
            c.clip()
            c.draw(tile, in: CGRect(x: 2, y: 0, width: 4, height: 4), byTiling: true)
            c.restoreGState()
        }
        let px = image.image.bitmap
        // Columns 2, 3 of each 4 from x = 2 are red: 2, 3, 6, 7, 10, 11...; 4, 5, 8, 9 are clear.
        for x in [2, 3, 6, 7, 10, 11] { #expect(px.pixel(x: x, y: 1).red == 255 && px.pixel(x: x, y: 1).alpha == 255, "x \(x)") }
        for x in [4, 5, 8, 9, 12, 13] { #expect(px.pixel(x: x, y: 1).alpha == 0, "x \(x)") }
        #expect(px.pixel(x: 0, y: 1).alpha == 0 && px.pixel(x: 1, y: 1).alpha == 0)       // the copy before: its clear half
        #expect(px.pixel(x: 7, y: 9).red == 255)                                           // a copy two rows down, inside
        #expect(px.pixel(x: 22, y: 12).alpha == 0 && px.pixel(x: 27, y: 1).alpha == 0)     // outside the triangle
        // Without tiling: one copy stretched over the rectangle.
        let once = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 8), format: Self.format()).image { ctx in
            ctx.cgContext.draw(tile, in: CGRect(x: 0, y: 0, width: 8, height: 8), byTiling: false)
        }.image.bitmap
        #expect(once.pixel(x: 2, y: 2).red == 255 && once.pixel(x: 6, y: 2).alpha == 0 && once.pixel(x: 10, y: 2).alpha == 0)
    }

    @Test("RU3 a CGLayer records once and is drawn stretched into a rectangle and at a point at its own size")
    func RU3_layer() throws {
        let (_, _) = makeApp()
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: Self.format()).image { ctx in
            let c = ctx.cgContext
            guard let layer = CGLayer(c, size: CGSize(width: 10, height: 10), auxiliaryInfo: nil), let lc = layer.context else { return }
            #expect(layer.size == CGSize(width: 10, height: 10))
            lc.setFillColor(UIColor.blue.cgColor)
            lc.fill(CGRect(x: 0, y: 0, width: 5, height: 10))       // its left half blue
            c.draw(layer, in: CGRect(x: 0, y: 0, width: 20, height: 20))
            c.draw(layer, at: CGPoint(x: 30, y: 5))
        }
        let px = image.image.bitmap
        #expect(px.pixel(x: 9, y: 15).blue == 255 && px.pixel(x: 11, y: 15).alpha == 0)   // stretched: 10 points blue
        #expect(px.pixel(x: 32, y: 8).blue == 255 && px.pixel(x: 36, y: 8).alpha == 0)     // at its size from (30, 5)
        #expect(px.pixel(x: 32, y: 3).alpha == 0)
        let context = try #require(UIGraphicsImageRendererContextProbe.context())
        #expect(CGLayer(context, size: .zero, auxiliaryInfo: nil) == nil)
        #expect(CGLayer(context, size: CGSize(width: CGFloat.nan, height: 4), auxiliaryInfo: nil) == nil)
    }
}

/// A context to make layers for, outside a drawing closure.
@MainActor
enum UIGraphicsImageRendererContextProbe {
    static func context() -> CGContext? {
        var kept: CGContext?
        _ = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { kept = $0.cgContext }
        return kept
    }
}
