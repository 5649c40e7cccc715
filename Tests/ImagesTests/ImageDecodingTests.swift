import Foundation
import Geometry
import Images
import Testing

/// The fixture folder (copied into the test bundle).
func fixture(_ name: String) -> String {
    Bundle.module.path(forResource: "Fixtures", ofType: nil)! + "/" + name
}

func bytes(_ name: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: fixture(name)) ?? Data()) }

@Suite("CN2 decoding images: PNG, JPEG, GIF, WebP under a pixel limit")
struct ImageDecodingTests {
    @Test("CN2 a PNG decodes to its pixels, straight RGBA, alpha kept")
    func png() throws {
        let image = try #require(Image(contentsOfFile: fixture("pixels.png")))
        #expect(image.bitmap.width == 4 && image.bitmap.height == 2)
        #expect(image.size == Size(width: 4, height: 2) && image.scale == 1)
        #expect(image.bitmap.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(image.bitmap.pixel(x: 1, y: 0) == (0, 0, 255, 255))
        let half = image.bitmap.pixel(x: 2, y: 0)
        #expect(half.green == 255 && abs(Int(half.alpha) - 128) <= 1)        // straight, not premultiplied
        #expect(image.bitmap.pixel(x: 3, y: 1).alpha == 0)
    }

    @Test("CN2 a JPEG and both kinds of WebP decode to their colours")
    func jpegAndWebP() throws {
        let jpeg = try #require(Image(contentsOfFile: fixture("photo.jpg")))
        #expect(jpeg.bitmap.width == 8 && jpeg.bitmap.height == 8)
        let p = jpeg.bitmap.pixel(x: 4, y: 4)
        #expect(abs(Int(p.red) - 200) <= 3 && abs(Int(p.green) - 100) <= 3 && abs(Int(p.blue) - 50) <= 3 && p.alpha == 255)
        let lossless = try #require(Image(contentsOfFile: fixture("lossless.webp")))
        #expect(lossless.bitmap.width == 6 && lossless.bitmap.height == 4)
        #expect(lossless.bitmap.pixel(x: 5, y: 3) == (10, 20, 30, 255))
        let lossy = try #require(Image(contentsOfFile: fixture("lossy.webp")))
        #expect(lossy.bitmap.width == 6 && lossy.bitmap.height == 4)
        #expect(abs(Int(lossy.bitmap.pixel(x: 2, y: 2).red) - 200) <= 8)
    }

    @Test("CN2 an animated GIF keeps every frame and its delay; the frame shown is a function of time")
    func animatedGIF() throws {
        let gif = try #require(Image(contentsOfFile: fixture("spinner.gif")))
        let frames = try #require(gif.images)
        #expect(frames.count == 3)
        #expect(abs(gif.duration - 0.6) < 1e-9)
        #expect(gif.frameEnds == [0.1, 0.30000000000000004, 0.6000000000000001])
        #expect(frames[0].bitmap.pixel(x: 1, y: 1) == (255, 0, 0, 255))
        #expect(frames[1].bitmap.pixel(x: 1, y: 1) == (0, 255, 0, 255))
        #expect(frames[2].bitmap.pixel(x: 1, y: 1) == (0, 0, 255, 255))
        #expect(gif.frame(at: 0.05) === frames[0])
        #expect(gif.frame(at: 0.15) === frames[1])
        #expect(gif.frame(at: 0.45) === frames[2])
        #expect(gif.frame(at: 0.65) === frames[0])             // the second pass
        #expect(gif.frame(at: -0.05) === frames[2])            // before the start: the end of the pass
        let even = try #require(Image.animatedImage(with: frames, duration: 3))
        #expect(even.frame(at: 1.5) === frames[1] && even.frame(at: 2.9) === frames[2])
    }

    @Test("CN2 @2x and @3x in a file name give the scale; the size is in points")
    func scaleFromName() throws {
        let two = try #require(Image(contentsOfFile: fixture("icon@2x.png")))
        #expect(two.scale == 2 && two.size == Size(width: 10, height: 10))
        let data = try #require(Image(data: bytes("icon@3x.png"), scale: 3))
        #expect(data.size == Size(width: 10, height: 10))
    }

    @Test("CN2 hostile files: a 100,000 x 100,000 PNG, a GIF of 10,000 frames, truncated and foreign bytes get a reason, never a decode")
    func hostileFiles() {
        func failure(_ name: String, limit: Int = ImageDecoder.defaultPixelLimit) -> ImageError? {
            do { _ = try ImageDecoder(pixelLimit: limit).decode(bytes(name)); return nil } catch { return error }
        }
        let huge = failure("huge.png")
        #expect(huge?.kind == .tooLarge)
        #expect(huge?.message == "a PNG of 100000 x 100000 pixels is over the limit of 64000000 pixels")
        let frames = failure("frames.gif")
        #expect(frames?.kind == .tooLarge)
        #expect(frames?.message.contains("in 10000 frames") == true)
        #expect(failure("truncated.png")?.kind == .truncated)
        #expect(failure("notimage.png")?.kind == .unknownFormat)
        #expect(failure("notimage.png")?.message.contains("68 65 6C 6C") == true)
        // The limit is the caller's: a 4 x 2 PNG is over a limit of 7 pixels.
        #expect(failure("pixels.png", limit: 7)?.kind == .tooLarge)
        #expect(Image(contentsOfFile: fixture("huge.png")) == nil)
        #expect(Image(contentsOfFile: fixture("no-such-file.png")) == nil)
        do { _ = try Image.load(contentsOfFile: fixture("huge.png")); Issue.record("decoded") } catch {
            #expect(error.description.hasSuffix("huge.png: a PNG of 100000 x 100000 pixels is over the limit of 64000000 pixels"))
        }
    }

    @Test("CN2 every prefix of every fixture is refused or decoded, never a crash")
    func everyPrefix() {
        for name in ["pixels.png", "photo.jpg", "spinner.gif", "lossless.webp", "lossy.webp"] {
            let all = bytes(name)
            for n in 0..<all.count {
                _ = try? ImageDecoder().decode(Array(all.prefix(n)))
            }
            #expect((try? ImageDecoder().decode(all)) != nil)
        }
    }

    @Test("CN2 template and resizable copies share the pixels; cap insets are clamped to the image")
    func derivedImages() throws {
        let image = try #require(Image(contentsOfFile: fixture("button.png")))
        let template = image.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate && template.bitmap === image.bitmap)
        let nine = image.resizableImage(withCapInsets: EdgeInsets(top: 2, left: 3, bottom: 2, right: 3), resizingMode: .stretch)
        #expect(nine.isResizable && nine.capInsets == EdgeInsets(top: 2, left: 3, bottom: 2, right: 3) && nine.bitmap === image.bitmap)
        let clamped = image.resizableImage(withCapInsets: EdgeInsets(top: 50, left: 8, bottom: 50, right: 8))
        #expect(clamped.capInsets == EdgeInsets(top: 6, left: 8, bottom: 0, right: 2))
        #expect(!image.isResizable)
    }
}

@Suite("CN2 named images: variants by scale, decoded once, a bounded cache")
struct ImageAssetsTests {
    @Test("CN2 a name finds the variant at the display scale, then larger ones, then smaller")
    func variants() throws {
        let assets = ImageAssets(directory: fixture(""), displayScale: 2)
        let icon = try #require(assets.image(named: "icon"))
        #expect(icon.scale == 2 && icon.size == Size(width: 10, height: 10))
        #expect(icon.bitmap.pixel(x: 0, y: 0) == (0, 255, 0, 255))
        assets.displayScale = 3
        assets.removeAllCachedImages()
        #expect(assets.image(named: "icon")?.scale == 3)
        let one = ImageAssets(directory: fixture(""), displayScale: 1)
        #expect(one.image(named: "icon")?.scale == 1)
        #expect(one.image(named: "photo")?.bitmap.width == 8)        // .jpg found too
        #expect(one.image(named: "missing") == nil)
        #expect(one.image(named: "../Fixtures/icon") == nil)           // names are not paths
    }

    @Test("CN2 ten lookups of one name decode it once; the cache drops the least recently used past its limit")
    func decodedOnce() throws {
        let assets = ImageAssets(directory: fixture(""))
        let first = try #require(assets.image(named: "icon"))
        for _ in 0..<9 { #expect(assets.image(named: "icon") === first) }
        #expect(assets.decodeCount == 1 && assets.cachedBytes == 10 * 10 * 4)
        // A limit of two icons: a third name evicts the least recently used.
        assets.cacheLimit = 2 * 400
        _ = assets.image(named: "button")                              // 10 x 6: 240 bytes
        _ = assets.image(named: "icon")                                // used again: the newest
        _ = assets.image(named: "lossless")                            // 96 bytes: 736 in all
        #expect(assets.decodeCount == 3 && assets.cachedBytes == 400 + 240 + 96)
        _ = assets.image(named: "photo")                               // 256 more: button goes
        #expect(assets.cachedBytes == 400 + 96 + 256)
        _ = assets.image(named: "icon")
        #expect(assets.decodeCount == 4)                               // icon stayed
        _ = assets.image(named: "button")
        #expect(assets.decodeCount == 5)                               // button was dropped
    }
}

@Suite("CN2 image fuzz inputs")
struct ImageFuzzReplayTests {
    @Test("CN2 bad input: every image fuzz corpus and regression input decodes or is refused with a reason")
    func fuzzInputsReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz")
        var ran = 0, refused = 0
        for folder in ["image-corpus", "image-regressions"] {
            let dir = root.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where !name.hasPrefix(".") {
                let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(name)))
                do { _ = try ImageDecoder(pixelLimit: 4_000_000).decode(bytes) } catch {
                    #expect(!error.message.isEmpty)
                    refused += 1
                }
                ran += 1
            }
        }
        #expect(ran >= 8 && refused >= 3)
    }
}
