// Pixel filters over a bitmap, which the CoreImage facade names (RU3): a Gaussian blur, colour
// controls (brightness, saturation, contrast) and a false-colour map. Each returns a new bitmap
// of the same size; pixels beyond the edges count as transparent.

extension Bitmap {
    /// Blurred by a Gaussian of standard deviation `sigma` pixels (``BoxBlurPasses``: three box
    /// blurs per axis, as SVG's feGaussianBlur approximates it), colours premultiplied while
    /// they are spread.
    public func blurred(sigma: Double) -> Bitmap {
        guard sigma > 0.05, sigma.isFinite, width > 0, height > 0 else { return self }
        let w = width, h = height
        var planes = [[Float]](repeating: [Float](repeating: 0, count: w * h), count: 4)
        for i in 0..<(w * h) {
            let a = Float(rgba[i * 4 + 3]) / 255
            planes[3][i] = a
            for c in 0..<3 { planes[c][i] = Float(rgba[i * 4 + c]) / 255 * a }
        }
        // A sigma too small for two-pixel boxes blurs nothing, but the colours still go through
        // premultiplication, as before.
        if let passes = BoxBlurPasses(sigma: sigma) {
            var scratch = [Float](repeating: 0, count: w * h)
            scratch.withUnsafeMutableBufferPointer { t in
                for c in 0..<4 {
                    planes[c].withUnsafeMutableBufferPointer { passes.blur($0.baseAddress!, width: w, height: h, scratch: t.baseAddress!) }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = planes[3][i]
            out[i * 4 + 3] = Self.byte(a)
            guard a > 1e-6 else { continue }
            for c in 0..<3 { out[i * 4 + c] = Self.byte(planes[c][i] / a) }
        }
        return Bitmap(width: w, height: h, rgba: out)
    }

    private static func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }

    /// Core Image's luma of a colour (0.2125, 0.7154 and 0.0721 of its components), which its
    /// colour controls and false colour read.
    private static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double { 0.2125 * r + 0.7154 * g + 0.0721 * b }

    /// With Core Image's colour controls: saturation mixes each colour with its luma (0 grey,
    /// 1 as it is), brightness is added, and contrast scales about one half; alpha is kept.
    public func colorControlled(brightness: Double, saturation: Double, contrast: Double) -> Bitmap {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let r = Double(rgba[i]) / 255, g = Double(rgba[i + 1]) / 255, b = Double(rgba[i + 2]) / 255
            let luma = Self.luma(r, g, b)
            for (k, v) in [r, g, b].enumerated() {
                let s = luma + (v - luma) * saturation
                out[i + k] = Self.byte(Float((s + brightness - 0.5) * contrast + 0.5))
            }
        }
        return Bitmap(width: width, height: height, rgba: out)
    }

    /// Each pixel's luma mapped from `dark` (luma 0) to `light` (luma 1), as Core Image's false
    /// colour; the result's alpha is the pixel's times the mapped colour's.
    public func falseColored(dark: (Double, Double, Double, Double), light: (Double, Double, Double, Double)) -> Bitmap {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let t = Self.luma(Double(rgba[i]), Double(rgba[i + 1]), Double(rgba[i + 2])) / 255
            out[i] = Self.byte(Float(dark.0 + (light.0 - dark.0) * t))
            out[i + 1] = Self.byte(Float(dark.1 + (light.1 - dark.1) * t))
            out[i + 2] = Self.byte(Float(dark.2 + (light.2 - dark.2) * t))
            out[i + 3] = Self.byte(Float(Double(rgba[i + 3]) / 255 * (dark.3 + (light.3 - dark.3) * t)))
        }
        return Bitmap(width: width, height: height, rgba: out)
    }
}
