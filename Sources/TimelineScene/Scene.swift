import Geometry
import Timeline

/// A scene file, parsed and fully validated (SPEC S). Building it cannot fail, so a scene is
/// either loaded whole or not at all.
public struct Scene: Sendable {
    public var size: Size
    public var views: [ViewSpec]
    public var constraints: [ConstraintSpec]
    public var animations: [AnimationSpec]
    /// Timelines (N11), each started at its `at`.
    public var timelines: [TimelineSpec] = []
    /// Layers on views' layers (CA11).
    public var layers: [LayerSpec] = []
    /// Animations of those layers by key path (CA11).
    public var layerAnimations: [LayerAnimationSpec] = []
    /// Scripted input events, in time order (SC8).
    public var input: [InputStep] = []
}

/// One entry of `views`.
public struct ViewSpec: Sendable {
    public var id: String
    public var parent: String
    public var frame: Rect?
    public var color: Color?
    public var alpha: Double = 1
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color?
    public var hidden = false
    public var clipsToBounds = false
    /// Rotation in degrees (an extension of the minimum format).
    public var rotation: Double = 0
    /// Uniform scale (an extension of the minimum format).
    public var scale: Double = 1
    /// Text colour of a text view (an extension of the minimum format).
    public var textColor: Color?
    public var text: String?
    public var fontSize: Double = 17
    public var intrinsicSize: Size?
    public var hugging: (Float, Float) = (250, 250)
    public var compression: (Float, Float) = (750, 750)
    /// Text layout (T1): `lines` (0 for any number), `align`, `lineBreak`.
    public var lines: Int?
    public var align: TextAlignment?
    public var lineBreak: LineBreakMode?
    /// The label's font (TX11); its size is `fontSize`.
    public var font: FontSpec?
    public var lineSpacing: Double?
    /// Attributed text (TX11): runs, each with what it changes from the view's text style.
    public var runs: [TextRunSpec]?
    /// Makes the view a scroll view (SC8); its children are the content.
    public var scroll: ScrollSpec?
    /// Makes the view a table view (SC8) with these sections and rows.
    public var list: ListSpec?
    /// Makes the view an image view (CN2) showing this image.
    public var image: ImageSpec?
    /// Makes the view a control (CN8).
    public var control: ControlSpec?
    /// `"stack": {...}`: the view is a stack view and its children are its arranged subviews (K3).
    public var stack: StackSpec?
    public var location: SourceLocation
}

/// A stack view's settings in a scene (K3): `{"axis": "vertical", "spacing": 8,
/// "distribution": "fill", "alignment": "center"}`, every key optional.
public struct StackSpec: Sendable, Equatable {
    public var axis: StackView.Axis = .vertical
    public var spacing = 0.0
    public var distribution: StackView.Distribution = .fill
    public var alignment: StackView.Alignment = .fill
}

/// An anchor in an expression: `ITEM.ANCHOR`, where ITEM is a view id, `root`, `ID.safeArea` or
/// `ID.margins`.
public struct AnchorSpec: Sendable, Equatable, CustomStringConvertible {
    public enum Guide: String, Sendable { case safeArea, margins }
    public var item: String
    public var guide: Guide?
    public var attribute: LayoutAttribute
    public var description: String { item + (guide.map { ".\($0.rawValue)" } ?? "") + ".\(attribute.rawValue)" }
}

/// One entry of `constraints`: `first (==|>=|<=) multiplier * second + constant @priority`.
public struct ConstraintSpec: Sendable {
    public var id: String?
    public var first: AnchorSpec
    public var relation: RelationSpec
    public var multiplier: Double
    public var second: AnchorSpec?
    public var constant: Double
    public var priority: Float
    public var text: String
    public var location: SourceLocation
}

public enum RelationSpec: String, Sendable { case equal = "==", greaterThanOrEqual = ">=", lessThanOrEqual = "<=" }

/// A font in a scene file (TX11): a family (nil: the system font), a weight, italic.
public struct FontSpec: Sendable, Equatable {
    public var family: String?
    public var weight: Font.Weight = .regular
    public var italic = false
    public init() {}
    public func font(size: Double) -> Font { Font(family: family, size: size, weight: weight, italic: italic) }
}

/// One run of attributed text in a scene file (TX11).
public struct TextRunSpec: Sendable, Equatable {
    public var text: String
    public var color: Color?
    public var fontSize: Double?
    public var font: FontSpec?
    public var kern: Double?
    public var underline: UnderlineStyle?
    public var strikethrough: UnderlineStyle?
    public var baselineOffset: Double?
    public init(text: String) { self.text = text }
}
