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
    public static let `default` = NSParagraphStyle()
    public internal(set) var alignment: NSTextAlignment = .natural
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    public internal(set) var lineSpacing: CGFloat = 0
    public internal(set) var paragraphSpacing: CGFloat = 0
    public internal(set) var paragraphSpacingBefore: CGFloat = 0
    public internal(set) var lineHeightMultiple: CGFloat = 0
    public internal(set) var minimumLineHeight: CGFloat = 0
    public internal(set) var maximumLineHeight: CGFloat = 0
    public internal(set) var firstLineHeadIndent: CGFloat = 0
    public internal(set) var headIndent: CGFloat = 0
    public internal(set) var tailIndent: CGFloat = 0
    public internal(set) var hyphenationFactor: Float = 0
    public internal(set) var baseWritingDirection: NSWritingDirection = .natural
    public override init() { super.init() }
    public func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
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

public enum NSWritingDirection: Int, Sendable { case natural = -1, leftToRight = 0, rightToLeft = 1 }

/// A text shadow, as `NSShadow`. Partial: kept in attributed strings; text is drawn without it.
open class NSShadow: NSObject, @unchecked Sendable {
    open var shadowOffset = CGSize.zero
    open var shadowBlurRadius: CGFloat = 0
    open var shadowColor: Any?
    public override init() { super.init() }
}

// MARK: - Visual effects

/// A view that shows an effect over what is behind it, as `UIVisualEffectView`. Partial: no
/// blur is computed; a blur draws as a translucent fill of its style's tint (light, dark or
/// the system materials' greys), a vibrancy as nothing. Put content in ``contentView``.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    public let contentView = UIView(frame: .zero)
    open var effect: UIVisualEffect? { didSet { applyEffect() } }
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUp()
    }
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
    public let blurEffect: UIBlurEffect
    public init(blurEffect: UIBlurEffect) { self.blurEffect = blurEffect }
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) { self.blurEffect = blurEffect }
}
public enum UIVibrancyEffectStyle: Int, Sendable { case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator }

// MARK: - Screen-edge pan

/// A pan that starts near an edge of the window (within 20 points), as
/// `UIScreenEdgePanGestureRecognizer`.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
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
