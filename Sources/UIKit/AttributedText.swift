import Geometry
import TextEngine

// UIKit's attribute keys and the string drawing of NSStringDrawing: measured and drawn with the
// engine's text layout (HarfBuzz shaping, the application's font system), into the current
// graphics context. Font, foreground colour and kern are honoured; other attributes are kept.

extension NSAttributedString.Key {
    /// `NSAttributedString.Key.font`: a `UIFont` (the engine font of the run).
    public static let font = NSAttributedString.Key("NSFont")
    /// `NSAttributedString.Key.foregroundColor`: a `UIColor` (the run's text colour).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// `NSAttributedString.Key.backgroundColor`: kept; no background is drawn behind text.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// `NSAttributedString.Key.kern`: extra points between characters (the engine's `kern`).
    public static let kern = NSAttributedString.Key("NSKern")
    /// `NSAttributedString.Key.paragraphStyle`: an `NSParagraphStyle` (the engine's `ParagraphStyle`).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// `NSAttributedString.Key.underlineStyle`: an `NSUnderlineStyle` or its raw value (the engine's underline).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// `NSAttributedString.Key.strikethroughStyle`: an `NSUnderlineStyle` or its raw value, for a strike line.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// `NSAttributedString.Key.strokeColor`: kept; text outlines are not drawn.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// `NSAttributedString.Key.strokeWidth`: kept; text outlines are not drawn.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// `NSAttributedString.Key.shadow`: an `NSShadow`, kept; text shadows are not drawn.
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// `NSAttributedString.Key.baselineOffset`: points the run is raised (the engine's baseline offset).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
}

/// The font system strings are measured with: the application's on the main thread; on another
/// thread one made for the call (iOS measures and draws strings on any thread, RU3).
func currentFontSystem() -> FontSystem { onMainThread { UIApplication.shared.fontSystem } ?? FontSystem.standard() }

/// The engine's layout of `string` with UIKit attributes (one style for the whole string: the
/// first character's, as most drawing code gives one).
private func layout(_ string: String, _ attributes: [NSAttributedString.Key: Any]?, width: Double = .infinity) -> TextLayout {
    let font = (attributes?[.font] as? UIFont)?.font ?? .systemFont(ofSize: 12)      // NSStringDrawing's default is Helvetica 12
    let color = (attributes?[.foregroundColor] as? UIColor)?.color ?? .black
    let kern = (attributes?[.kern] as? NSNumber)?.doubleValue ?? (attributes?[.kern] as? CGFloat).map(Double.init) ?? 0
    return TextLayout(string, style: TextStyle(font: font, color: color, kern: kern), in: currentFontSystem(), width: width)
}

/// Draws `layout` into the current context (nothing without one).
private func draw(_ layout: TextLayout, at point: CGPoint) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    // The text is placed by the current transform (its position; it is not rotated or scaled).
    ctx.canvas.draw(layout, at: point.applying(ctx.ctm).point)
}

/// The first character's attributes, as the one style a string is drawn in.
private func firstAttributes(_ text: NSAttributedString) -> [NSAttributedString.Key: Any]? {
    text.length > 0 ? text.attributes(at: 0, effectiveRange: nil) : nil
}

extension NSAttributedString {
    /// `NSAttributedString.size()`: the size of the string on one line in its first character's font
    /// and kerning, in points.
    public func size() -> CGSize { CGSize(layout(string, firstAttributes(self)).size) }
    /// `NSAttributedString.draw(at:)`: draws the string in the current context in its first character's
    /// font, colour and kerning.
    public func draw(at point: CGPoint) { UIKit.draw(layout(string, firstAttributes(self)), at: point) }
    /// `NSAttributedString.draw(in:)`: as `draw(at:)`, wrapped to `rect`'s width.
    public func draw(in rect: CGRect) {
        UIKit.draw(layout(string, firstAttributes(self), width: rect.width.double), at: rect.origin)
    }
    /// Draws the string in `rect` (laid out in its width; the options are kept, the layout is
    /// always by line fragments).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        draw(in: rect)
    }
    /// `NSAttributedString.boundingRect(with:options:context:)`: the size laid out in `size`'s width (the
    /// first character's style); the options and context are ignored.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions, context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: CGSize(layout(string, firstAttributes(self), width: size.width.double).size))
    }
}

/// `NSStringDrawingOptions`: how strings are measured; accepted and ignored here.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    /// The options as UIKit's bits.
    public let rawValue: Int
    /// The options whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lay out by line fragments (what is always done here).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1)
    /// Use the font's leading; ignored.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 2)
    /// Use glyph bounds; ignored.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 8)
    /// Truncate the last line; ignored.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 32)
}

/// `NSStringDrawingContext`: the scale-down settings of string drawing, kept (strings are drawn
/// at their size; `actualScaleFactor` stays 1).
public final class NSStringDrawingContext: NSObject {
    /// `NSStringDrawingContext.minimumScaleFactor`: stored only; strings are not scaled down.
    public var minimumScaleFactor: CGFloat = 0
    /// `NSStringDrawingContext.actualScaleFactor`: always 1.
    public private(set) var actualScaleFactor: CGFloat = 1
    /// `NSStringDrawingContext.totalBounds`: always zero; not computed.
    public private(set) var totalBounds: CGRect = .zero
    public override init() {}
}

extension NSString {
    /// The size of the string laid out on one line with `attributes`, as `String`'s.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]?) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }
    /// `NSString.draw(at:withAttributes:)`: as `String`'s.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        (self as String).draw(at: point, withAttributes: attributes)
    }
    /// `NSString.draw(in:withAttributes:)`: as `String`'s.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }
    /// `NSString.draw(with:options:attributes:context:)`: as `String`'s `draw(in:withAttributes:)`.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                     context: NSStringDrawingContext?) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }
    /// The rectangle the string takes laid out in `size`'s width with `attributes`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions,
                             attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

extension String {
    /// The rectangle the string takes laid out in `size`'s width with `attributes`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions,
                             attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: CGSize(layout(self, attributes, width: size.width.double).size))
    }
    /// The size of the string on one line, its trailing white space included (the engine
    /// layout's `advanceWidth`): a lone space measures its advance, as on iOS.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]?) -> CGSize {
        let l = layout(self, attributes)
        return CGSize(width: l.advanceWidth, height: l.size.height)
    }
    /// `String.draw(at:withAttributes:)`: draws the string on one line in the current context with the
    /// font, colour and kerning given (12-point system font and black by default).
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        UIKit.draw(layout(self, attributes), at: point)
    }
    /// `String.draw(in:withAttributes:)`: as `draw(at:withAttributes:)`, wrapped to `rect`'s width.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]?) {
        UIKit.draw(layout(self, attributes, width: rect.width.double), at: rect.origin)
    }
    /// `String.draw(with:options:attributes:context:)`: as `draw(in:withAttributes:)`; the options and
    /// context are ignored.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                     context: NSStringDrawingContext?) {
        draw(in: rect, withAttributes: attributes)
    }
}

/// UIKit's underline styles (the common ones drawn: single, thick, double).
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style as UIKit's bits.
    public let rawValue: Int
    /// The style whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A single line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// A thick line.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// A double line.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// Dotted; drawn as a single line here.
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// Dashed; drawn as a single line here.
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Under words only; drawn under everything here.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
    var engine: UnderlineStyle? {
        if rawValue == 0 { return nil }
        if contains(.double) { return .double }
        if contains(.thick) { return .thick }
        return .single
    }
}

extension NSAttributedString.Key {
    /// Foundation's inline presentation intent (emphasis, strong, code), as Markdown gives it.
    public static let inlinePresentationIntent = NSAttributedString.Key("NSInlinePresentationIntent")
    /// `NSAttributedString.Key.link`: a `URL` or string; the run takes the link colour unless it has its own.
    public static let link = NSAttributedString.Key("NSLink")
}

extension NSAttributedString {
    /// The engine's attributed text for this string: fonts, colours, kerning, underline and
    /// strikethrough, baseline offsets and Markdown's inline intents (strong as bold, emphasis as
    /// italic, code as monospaced; links in the link colour).
    @MainActor func engineText(font base: Font) -> AttributedString {
        var out = AttributedString()
        enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attrs, range, _ in
            var piece = AttributedString(attributedSubstring(from: range).string)
            var font = (attrs[.font] as? UIFont)?.font ?? base
            if let raw = (attrs[.inlinePresentationIntent] as? NSNumber)?.uintValue ?? (attrs[.inlinePresentationIntent] as? UInt) {
                if raw & 2 != 0 { font = Font(family: font.familyName, size: font.pointSize, weight: .bold, italic: font.isItalic) }
                if raw & 1 != 0 { font = Font(family: font.familyName, size: font.pointSize, weight: font.weight, italic: true) }
                if raw & 4 != 0 { font = Font(family: "DejaVu Sans Mono", size: font.pointSize, weight: font.weight, italic: font.isItalic) }
            }
            if attrs[.font] != nil || font != base { piece.timeline.font = font }
            if let c = attrs[.foregroundColor] as? UIColor { piece.timeline.foregroundColor = c.color }
            else if attrs[.link] != nil { piece.timeline.foregroundColor = UIColor.link.color }
            if let k = (attrs[.kern] as? NSNumber)?.doubleValue ?? (attrs[.kern] as? CGFloat).map(Double.init) { piece.timeline.kern = k }
            if let u = Self.underline(attrs[.underlineStyle]) { piece.timeline.underlineStyle = u }
            if let u = Self.underline(attrs[.strikethroughStyle]) { piece.timeline.strikethroughStyle = u }
            if let b = (attrs[.baselineOffset] as? NSNumber)?.doubleValue ?? (attrs[.baselineOffset] as? CGFloat).map(Double.init) {
                piece.timeline.baselineOffset = b
            }
            if let p = attrs[.paragraphStyle] as? NSParagraphStyle { piece.timeline.paragraphStyle = p.engine }
            out.append(piece)
        }
        return out
    }
    private static func underline(_ value: Any?) -> UnderlineStyle? {
        if let s = value as? NSUnderlineStyle { return s.engine }
        if let n = value as? NSNumber { return NSUnderlineStyle(rawValue: n.intValue).engine }
        if let i = value as? Int { return NSUnderlineStyle(rawValue: i).engine }
        return nil
    }
}

// CoreText's line measuring, as UIKit code reaches it through `import UIKit`: a `CTLine` is the
// engine's layout of an attributed string on one line (the first character's attributes, as
// the string measuring above), a `CTFont` is a `UIFont` (toll-free bridged on iOS).

/// `CTFont`: on iOS the same object as a `UIFont`.
public typealias CTFont = UIFont

/// `CTFontCopyPostScriptName`: the font's PostScript name (`UIFont.fontName`).
public func CTFontCopyPostScriptName(_ font: CTFont) -> String { font.fontName }

/// `CTLine`: an attributed string laid out by the engine without wrapping (a line break in the
/// string starts a new engine line; the typographic bounds add their widths, as one line).
public final class CTLine: @unchecked Sendable {
    let layout: TextLayout
    init(_ layout: TextLayout) { self.layout = layout }
}

/// `CTLineCreateWithAttributedString`: the string laid out on one line.
public func CTLineCreateWithAttributedString(_ string: NSAttributedString) -> CTLine {
    CTLine(layout(string.string, firstAttributes(string)))
}

/// `CTLineGetTypographicBounds`: the line's width, and through the pointers given its ascent,
/// descent and leading, from the engine's line metrics.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let lines = line.layout.lines
    ascent?.pointee = CGFloat(lines.map(\.ascent).max() ?? 0)
    descent?.pointee = CGFloat(lines.map(\.descent).max() ?? 0)
    leading?.pointee = CGFloat(lines.map(\.leading).max() ?? 0)
    return lines.reduce(0) { $0 + $1.width }
}
