import Testing
@testable import TimelineSDL

/// E1: the GIF and APNG encoders on their own.
@Suite("E1 export encoders")
struct ExportEncoderTests {
    /// GIF's LZW decoder (8-bit minimum code size), as viewers read it.
    static func decode(_ data: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var table: [[UInt8]] = (0..<256).map { [UInt8($0)] } + [[], []]
        var codeSize = 9, bitBuffer = 0, bitCount = 0, i = 0
        var previous: [UInt8]?
        while true {
            while bitCount < codeSize {
                guard i < data.count else { return nil }
                bitBuffer |= Int(data[i]) << bitCount; bitCount += 8; i += 1
            }
            let code = bitBuffer & ((1 << codeSize) - 1)
            bitBuffer >>= codeSize; bitCount -= codeSize
            if code == 256 { table.removeLast(table.count - 258); codeSize = 9; previous = nil; continue }
            if code == 257 { return out }
            let entry: [UInt8]
            if code < table.count { entry = table[code] } else if code == table.count, let p = previous { entry = p + [p[0]] } else { return nil }
            out += entry
            if let p = previous, table.count < 4096 { table.append(p + [entry[0]]) }
            previous = entry
            if table.count == 1 << codeSize && codeSize < 12 { codeSize += 1 }
        }
    }

    @Test("E1: GIF LZW round-trips long inputs through many table resets")
    func E1_gifLZWRoundTrip() {
        var seed: UInt64 = 42
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        for alphabet in [2, 7, 256] {
            var input: [UInt8] = []
            while input.count < 200_000 {
                let value = UInt8(Int(next()) % alphabet), run = Int(next() % 12) + 1
                input += [UInt8](repeating: value, count: run)
            }
            #expect(Self.decode(GIFEncoder.lzw(input)) == input, "alphabet \(alphabet)")
        }
        #expect(Self.decode(GIFEncoder.lzw([5])) == [5])
    }

    @Test("E1: a frame of at most 256 colours gets an exact palette; delays keep frame starts to the nearest 1/100 s")
    func E1_gifPaletteAndDelays() {
        var image = RGBAImage(width: 4, height: 2)
        let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 128, 0, 255], [10, 20, 30, 255]]
        for p in 0..<8 { for c in 0..<4 { image.bytes[p * 4 + c] = colours[p % 3][c] } }
        let (palette, indices) = GIFEncoder.quantize(image)
        for p in 0..<8 {
            let i = Int(indices[p])
            #expect(Array(palette[(i * 3)..<(i * 3 + 3)]) == Array(colours[p % 3].prefix(3)))
        }
        #expect((0..<60).map { GIFEncoder.delay(frame: $0, fps: 60) }.reduce(0, +) == 100)
        #expect((0..<24).map { GIFEncoder.delay(frame: $0, fps: 24) }.reduce(0, +) == 100)
        #expect((0..<10).allSatisfy { GIFEncoder.delay(frame: $0, fps: 25) == 4 } && GIFEncoder.isExact(fps: 25))
        #expect(!GIFEncoder.isExact(fps: 60))
    }

    @Test("E1: PNG chunks are written with their CRC and read back")
    func E1_pngChunks() {
        var png = PNGChunks.signature
        PNGChunks.chunk("IEND", [], to: &png)
        #expect(Array(png.suffix(4)) == [0xAE, 0x42, 0x60, 0x82])         // IEND's well-known CRC
        #expect(PNGChunks.read(png)?.map(\.type) == ["IEND"])
        #expect(PNGChunks.read([1, 2, 3]) == nil)
    }
}
