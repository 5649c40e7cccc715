import UIKit

// RU3: a gauge's helpers on Double and CGFloat, written as libraries write them: the global
// maths functions called unqualified inside an extension of the type. Nothing the UIKit module
// brings in may add static members of the same names to Double (swift-numerics' `log10` and
// `pow` once did, through a benchmark dependency of the frame clock).

extension Double {
    var decibels: Double { 20 * log10(self) }
    func raised(to exponent: Double) -> Double { pow(self, exponent) }
    var degreesToRadians: Double { self * .pi / 180 }
}

extension CGFloat {
    var halfDiagonal: CGFloat { sqrt(self * self * 2) / 2 }
}

final class LevelMeterView: UIView {
    var level: Double = 0.5 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: CGRect) {
        let fraction = CGFloat(Swift.min(Swift.max((level.decibels + 60) / 60, 0), 1))
        UIColor.systemGreen.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: bounds.width * fraction, height: bounds.height)).fill()
    }
}
