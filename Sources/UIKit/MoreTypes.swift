import Foundation
import Geometry
import Layers
import QuartzCore
import TextEngine
import Timeline

// The last of the reference list's types that UIKit code leans on: paragraph styles and shadows
// for attributed strings, visual effect views, the screen-edge pan.

/// A paragraph's layout in attributed strings, as `NSParagraphStyle`: alignment, line break
/// mode, line spacing, line height multiple and paragraph spacing reach a label's layout.
/// Partial: indents, tab stops and hyphenation factors are kept.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// `NSParagraphStyle.default`: natural alignment, word wrapping, no extra spacing.
    public static let `default` = NSParagraphStyle()
    /// `NSParagraphStyle.alignment`: how lines sit across the width; reaches a label's layout.
    public internal(set) var alignment: NSTextAlignment = .natural
    /// `NSParagraphStyle.lineBreakMode`: wrapping or truncation; reaches a label's layout.
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// `NSParagraphStyle.lineSpacing`: extra points between lines; reaches a label's layout.
    public internal(set) var lineSpacing: CGFloat = 0
    /// `NSParagraphStyle.paragraphSpacing`: points after a paragraph; reaches a label's layout.
    public internal(set) var paragraphSpacing: CGFloat = 0
    /// `NSParagraphStyle.paragraphSpacingBefore`: points before a paragraph; kept only.
    public internal(set) var paragraphSpacingBefore: CGFloat = 0
    /// `NSParagraphStyle.lineHeightMultiple`: the line height times this (0: natural); reaches a label.
    public internal(set) var lineHeightMultiple: CGFloat = 0
    /// `NSParagraphStyle.minimumLineHeight`: points; kept only.
    public internal(set) var minimumLineHeight: CGFloat = 0
    /// `NSParagraphStyle.maximumLineHeight`: points; kept only.
    public internal(set) var maximumLineHeight: CGFloat = 0
    /// `NSParagraphStyle.firstLineHeadIndent`: points; kept only (indents are not applied).
    public internal(set) var firstLineHeadIndent: CGFloat = 0
    /// `NSParagraphStyle.headIndent`: points; kept only (indents are not applied).
    public internal(set) var headIndent: CGFloat = 0
    /// `NSParagraphStyle.tailIndent`: points; kept only (indents are not applied).
    public internal(set) var tailIndent: CGFloat = 0
    /// `NSParagraphStyle.hyphenationFactor`: 0...1; kept only (no hyphenation).
    public internal(set) var hyphenationFactor: Float = 0
    /// `NSParagraphStyle.baseWritingDirection`: the engine `ParagraphStyle`'s `baseWritingDirection`.
    public internal(set) var baseWritingDirection: NSWritingDirection = .natural
    public override init() { super.init() }
    /// An immutable copy with the same values.
    public func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
    /// An `NSMutableParagraphStyle` with the same values.
    public func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }
    private func copyValues<T: NSParagraphStyle>(into c: T) -> T {
        c.alignment = alignment; c.lineBreakMode = lineBreakMode; c.lineSpacing = lineSpacing
        c.paragraphSpacing = paragraphSpacing; c.paragraphSpacingBefore = paragraphSpacingBefore
        c.lineHeightMultiple = lineHeightMultiple; c.minimumLineHeight = minimumLineHeight
        c.maximumLineHeight = maximumLineHeight; c.firstLineHeadIndent = firstLineHeadIndent
        c.headIndent = headIndent; c.tailIndent = tailIndent; c.hyphenationFactor = hyphenationFactor
        c.baseWritingDirection = baseWritingDirection
        return c
    }
    /// The engine's paragraph style.
    var engine: ParagraphStyle {
        ParagraphStyle(alignment: alignment.engine, lineBreakMode: lineBreakMode.engine, lineSpacing: lineSpacing.double,
                       lineHeightMultiple: lineHeightMultiple.double, paragraphSpacing: paragraphSpacing.double,
                       baseWritingDirection: baseWritingDirection == .rightToLeft ? .rightToLeft
                           : baseWritingDirection == .leftToRight ? .leftToRight : .natural)
    }
}

/// `NSMutableParagraphStyle`: a paragraph style to set up.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    public override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    public override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    public override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore } set { super.paragraphSpacingBefore = newValue }
    }
    public override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    public override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    public override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    public override var firstLineHeadIndent: CGFloat {
        get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue }
    }
    public override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    public override var tailIndent: CGFloat { get { super.tailIndent } set { super.tailIndent = newValue } }
    public override var hyphenationFactor: Float { get { super.hyphenationFactor } set { super.hyphenationFactor = newValue } }
    public override var baseWritingDirection: NSWritingDirection {
        get { super.baseWritingDirection } set { super.baseWritingDirection = newValue }
    }
}

/// `NSWritingDirection`: natural, left to right, or right to left (the engine paragraph's direction).
public enum NSWritingDirection: Int, Sendable { case natural = -1, leftToRight = 0, rightToLeft = 1 }

/// A text shadow, as `NSShadow`. Partial: kept in attributed strings; text is drawn without it.
open class NSShadow: NSObject, @unchecked Sendable {
    /// `NSShadow.shadowOffset`: the shadow's offset in points; kept, not drawn.
    open var shadowOffset = CGSize.zero
    /// `NSShadow.shadowBlurRadius`: the blur in points; kept, not drawn.
    open var shadowBlurRadius: CGFloat = 0
    /// `NSShadow.shadowColor`: a `UIColor`; kept, not drawn.
    open var shadowColor: Any?
    public override init() { super.init() }
}

// MARK: - Visual effects

/// A view that shows an effect over what is behind it, as `UIVisualEffectView`. Partial: no
/// blur is computed; a blur draws as a translucent fill of its style's tint (light, dark or
/// the system materials' greys), a vibrancy as nothing. Put content in ``contentView``.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    /// `UIVisualEffectView.contentView`: the view to put content in, filling the effect view.
    public let contentView = UIView(frame: .zero)
    /// `UIVisualEffectView.effect`: the effect; a blur sets a translucent background of its style.
    open var effect: UIVisualEffect? { didSet { applyEffect() } }
    /// `UIVisualEffectView(effect:)`: an effect view showing `effect` (approximated, see above).
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUp()
    }
    /// `UIVisualEffectView(coder:)`: an effect view with no effect.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        applyEffect()
    }
    private func applyEffect() {
        guard let blur = effect as? UIBlurEffect else { backgroundColor = .clear; return }
        switch blur.style {
        case .dark, .systemThickMaterialDark, .systemMaterialDark, .systemThinMaterialDark, .systemUltraThinMaterialDark,
             .systemChromeMaterialDark:
            backgroundColor = UIColor(white: 0.11, alpha: 0.78)
        case .extraLight: backgroundColor = UIColor(white: 0.97, alpha: 0.85)
        default: backgroundColor = UIColor(white: 0.96, alpha: 0.78)
        }
    }
}

/// An effect a visual effect view shows.
open class UIVisualEffect: NSObject, @unchecked Sendable {}

/// A vibrancy effect for content over a blur. Partial: content is drawn as it is.
public final class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
    /// `UIVibrancyEffect.blurEffect`: the blur the vibrancy sits over.
    public let blurEffect: UIBlurEffect
    /// `UIVibrancyEffect(blurEffect:)`: a vibrancy for content over `blurEffect`; drawn as nothing.
    public init(blurEffect: UIBlurEffect) { self.blurEffect = blurEffect }
    /// `UIVibrancyEffect(blurEffect:style:)`: as `init(blurEffect:)`; the style is ignored.
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) { self.blurEffect = blurEffect }
}
/// `UIVibrancyEffectStyle`: the vibrancy's kind; ignored here.
public enum UIVibrancyEffectStyle: Int, Sendable { case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator }

// MARK: - Screen-edge pan

/// A pan that starts near an edge of the window (within 20 points), as
/// `UIScreenEdgePanGestureRecognizer`.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// `UIScreenEdgePanGestureRecognizer.edges`: the window edges a pan may start at (the engine pan's
    /// `startEdges`).
    open var edges: UIRectEdge = [] {
        didSet {
            var e: PanGestureRecognizer.EdgeSet = []
            if edges.contains(.left) { e.insert(.left) }
            if edges.contains(.right) { e.insert(.right) }
            if edges.contains(.top) { e.insert(.top) }
            if edges.contains(.bottom) { e.insert(.bottom) }
            pan.startEdges = e
        }
    }
}

// MARK: - Font descriptors

/// A font's description, as `UIFontDescriptor`: family, size, weight and the bold, italic and
/// monospaced traits, turned back into a font by `UIFont(descriptor:size:)`. Partial: other
/// attributes and features are kept without effect.
public final class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// `UIFontDescriptor.SymbolicTraits`: a font's traits; bold, italic and monospaced are read and made.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// The traits as UIKit's bits.
        public let rawValue: UInt32
        /// The traits whose bits `rawValue` sets.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Italic.
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// Bold (semibold or heavier here).
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        /// Expanded; not made here.
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        /// Condensed; not made here.
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        /// Monospaced (a "Mono" family here).
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        /// Vertical; not made here.
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        /// UI-optimised; not made here.
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        /// Tight leading; not made here.
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        /// Loose leading; not made here.
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }
    /// `UIFontDescriptor.AttributeName`: a key of a descriptor's attributes.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        /// The attribute's name.
        public let rawValue: String
        /// The attribute of name `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The family name (read by `init(fontAttributes:)`).
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        /// The face name (read as the family by `init(fontAttributes:)`).
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        /// The size in points (read by `init(fontAttributes:)` and `addingAttributes(_:)`).
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        /// The traits dictionary (its weight is read by `addingAttributes(_:)`).
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        /// Font feature settings; kept without effect.
        public static let featureSettings = AttributeName(rawValue: "NSCTFontFeatureSettingsAttribute")
    }
    /// `UIFontDescriptor.TraitKey`: a key of the traits dictionary.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// The key of name `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The weight (a `UIFont.Weight`).
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        /// The symbolic traits; kept without effect.
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
    }
    /// `UIFontDescriptor.SystemDesign`: a system font design (see `withDesign(_:)`).
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        /// The design's name.
        public let rawValue: String
        /// The design of name `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The system font.
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        /// Rounded; drawn as the system font (there is no rounded face).
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        /// Serif: DejaVu Serif.
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        /// Monospaced: DejaVu Sans Mono.
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    }

    let font: Font
    /// `UIFontDescriptor.fontAttributes`: the attributes given, kept as they were.
    public let fontAttributes: [AttributeName: Any]
    init(font: Font, attributes: [AttributeName: Any] = [:]) { self.font = font; fontAttributes = attributes }
    /// `UIFontDescriptor(name:size:)`: the engine's `Font(name:size:)`, size in points.
    public convenience init(name fontName: String, size: CGFloat) { self.init(font: Font(name: fontName, size: size.double)) }
    /// `UIFontDescriptor(fontAttributes:)`: a font of the family (or name) and size given (17 points
    /// when none).
    public convenience init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        let size = (attributes[.size] as? CGFloat).map(Double.init) ?? (attributes[.size] as? NSNumber)?.doubleValue ?? 17
        let family = attributes[.family] as? String ?? attributes[.name] as? String
        self.init(font: Font(family: family, size: size), attributes: attributes)
    }
    /// `UIFontDescriptor.preferredFontDescriptor(withTextStyle:)`: the descriptor of the style's font.
    public static func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    /// `UIFontDescriptor.pointSize`: the engine font's `pointSize`, in points.
    public var pointSize: CGFloat { CGFloat(font.pointSize) }
    /// `UIFontDescriptor.symbolicTraits`: bold, italic and monospaced, read from the engine font.
    public var symbolicTraits: SymbolicTraits {
        var t: SymbolicTraits = []
        if font.weight.rawValue >= Font.Weight.semibold.rawValue { t.insert(.traitBold) }
        if font.isItalic { t.insert(.traitItalic) }
        if font.familyName?.contains("Mono") == true { t.insert(.traitMonoSpace) }
        return t
    }
    /// The same font with exactly these traits (bold, italic, monospaced); nil never (the
    /// system font has every combination).
    public func withSymbolicTraits(_ traits: SymbolicTraits) -> UIFontDescriptor? {
        let weight: Font.Weight = traits.contains(.traitBold) ? (font.weight.rawValue >= Font.Weight.semibold.rawValue ? font.weight : .bold)
            : (font.weight.rawValue >= Font.Weight.semibold.rawValue ? .regular : font.weight)
        let family = traits.contains(.traitMonoSpace) ? "DejaVu Sans Mono" : (font.familyName?.contains("Mono") == true ? nil : font.familyName)
        return UIFontDescriptor(font: Font(family: family, size: font.pointSize, weight: weight, italic: traits.contains(.traitItalic)),
                                attributes: fontAttributes)
    }
    /// `UIFontDescriptor.withSize(_:)`: the same font at `newPointSize` points.
    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        var f = font
        f.pointSize = newPointSize.double
        return UIFontDescriptor(font: f, attributes: fontAttributes)
    }
    /// A system design: monospaced is DejaVu Sans Mono, serif DejaVu Serif; rounded is the
    /// system font (there is no rounded face).
    public func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        let family: String? = switch design {
        case .monospaced: "DejaVu Sans Mono"
        case .serif: "DejaVu Serif"
        default: font.familyName
        }
        return UIFontDescriptor(font: Font(family: family, size: font.pointSize, weight: font.weight, italic: font.isItalic),
                                attributes: fontAttributes)
    }
    /// `UIFontDescriptor.addingAttributes(_:)`: the size and weight given applied; all attributes kept.
    public func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        var f = font
        if let s = (attributes[.size] as? CGFloat).map(Double.init) ?? (attributes[.size] as? NSNumber)?.doubleValue { f.pointSize = s }
        if let traits = attributes[.traits] as? [TraitKey: Any], let w = traits[.weight] as? UIFont.Weight {
            f = Font(family: f.familyName, size: f.pointSize, weight: Font.Weight(rawValue: w.rawValue.double), italic: f.isItalic)
        }
        return UIFontDescriptor(font: f, attributes: fontAttributes.merging(attributes) { _, new in new })
    }
}

extension UIFont {
    /// The font's descriptor.
    public var fontDescriptor: UIFontDescriptor { UIFontDescriptor(font: font) }
    /// The font a descriptor describes, at `pointSize` (0: the descriptor's size).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        var f = descriptor.font
        if pointSize > 0 { f.pointSize = pointSize.double }
        self.init(f)
    }
}
