import UIKit

// RU3: a step label drawn by a text layer that sizes itself to its string with CoreText's line
// functions, which UIKit code reaches through `import UIKit`: the layer's font as a CTFont, its
// PostScript name, and the typographic bounds of a line.

extension CATextLayer {
    func fitWidthToString() {
        guard let layerFont = font, let text = string as? String else { return }
        let name = CTFontCopyPostScriptName(layerFont as! CTFont) as String
        let font = UIFont(name: name, size: fontSize) ?? .systemFont(ofSize: fontSize)
        let attributed = NSAttributedString(string: text, attributes: [.font: font])
        let line = CTLineCreateWithAttributedString(attributed)
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, nil))
        bounds = CGRect(x: 0, y: 0, width: ceil(width), height: ceil(ascent + descent))
    }
}

final class StepIndicator: UIView {
    private let label = CATextLayer()

    func show(step: Int, of total: Int) {
        label.font = UIFont.boldSystemFont(ofSize: 14)
        label.fontSize = 14
        label.string = "Step \(step) of \(total)"
        label.fitWidthToString()
        label.position = CGPoint(x: bounds.midX, y: bounds.midY)
        if label.superlayer == nil { layer.addSublayer(label) }
    }
}
