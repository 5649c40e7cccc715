import UIKit

// RU3: a chart's axis helpers written as extensions of Double that call the C math functions
// (`log10`, `pow`, `ceil`) by their plain names, and a chart view saving itself as PNG or JPEG
// data, as chart libraries do.

extension Double {
    /// The value rounded to its first significant digit, upwards in magnitude.
    var roundedToNextSignificant: Double {
        guard self != 0, isFinite else { return self }
        let digits = ceil(log10(abs(self)))
        let scale = pow(10.0, 1 - digits)
        return (self * scale).rounded() / scale
    }

    /// How many decimals a label of this step needs.
    var decimalPlaces: Int {
        guard self != 0, isFinite else { return 0 }
        return max(0, Int(ceil(-log10(abs(self)))) + 1)
    }
}

final class SnapshotChartView: UIView {
    enum Format { case png, jpeg(quality: CGFloat) }

    func snapshot() -> UIImage {
        UIGraphicsImageRenderer(bounds: bounds).image { context in
            layer.render(in: context.cgContext)
        }
    }

    func data(as format: Format) -> Data? {
        let image = snapshot()
        switch format {
        case .png: return image.pngData()
        case .jpeg(let quality): return image.jpegData(compressionQuality: quality)
        }
    }
}
