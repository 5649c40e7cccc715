import Geometry
import Timeline

/// A scene file, parsed and fully validated (SPEC S). Building it cannot fail, so a scene is
/// either loaded whole or not at all.
public struct Scene: Sendable {
    /// The window's size in points.
    public var size: Size
    /// The views, parents before their children.
    public var views: [ViewSpec]
    /// The Auto Layout constraints between the views.
    public var constraints: [ConstraintSpec]
    /// The block animations, each started at its delay.
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
    /// The view's identifier, unique in the scene; what constraints, animations and `timeline step` name it by.
    public var id: String
    /// The id of the view it is added to (`root` for the window's root view).
    public var parent: String
    /// The frame in points in the parent's coordinates; nil: the view is placed by constraints.
    public var frame: Rect?
    /// The background colour; nil: clear.
    public var color: Color?
    /// The opacity, 0...1.
    public var alpha: Double = 1
    /// The corner radius in points.
    public var cornerRadius: Double = 0
    /// The border width in points.
    public var borderWidth: Double = 0
    /// The border colour; nil: none.
    public var borderColor: Color?
    /// Whether the view starts hidden.
    public var hidden = false
    /// Whether subviews are clipped to the bounds.
    public var clipsToBounds = false
    /// Rotation in degrees (an extension of the minimum format).
    public var rotation: Double = 0
    /// Uniform scale (an extension of the minimum format).
    public var scale: Double = 1
    /// Text colour of a text view (an extension of the minimum format).
    public var textColor: Color?
    /// The text, which makes the view a label.
    public var text: String?
    /// The text's size in points.
    public var fontSize: Double = 17
    /// The size in points the view asks Auto Layout for; nil: none (or the text's).
    public var intrinsicSize: Size?
    /// Horizontal and vertical content-hugging priorities (0...1000).
    public var hugging: (Float, Float) = (250, 250)
    /// Horizontal and vertical compression-resistance priorities (0...1000).
    public var compression: (Float, Float) = (750, 750)
    /// Text layout (T1): `lines` (0 for any number), `align`, `lineBreak`.
    public var lines: Int?
    /// The text's alignment; nil: natural.
    public var align: TextAlignment?
    /// How lines break and truncate; nil: the label's default.
    public var lineBreak: LineBreakMode?
    /// The label's font (TX11); its size is `fontSize`.
    public var font: FontSpec?
    /// Extra points between lines; nil: none.
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
    /// Where the entry is in the file, for errors found after parsing.
    public var location: SourceLocation
}

/// A stack view's settings in a scene (K3): `{"axis": "vertical", "spacing": 8,
/// "distribution": "fill", "alignment": "center"}`, every key optional.
public struct StackSpec: Sendable, Equatable {
    /// The direction the arranged views run (vertical by default).
    public var axis: StackView.Axis = .vertical
    /// Points between arranged views.
    public var spacing = 0.0
    /// How the arranged views share the stack's length.
    public var distribution: StackView.Distribution = .fill
    /// How the arranged views sit across the stack.
    public var alignment: StackView.Alignment = .fill
}

/// An anchor in an expression: `ITEM.ANCHOR`, where ITEM is a view id, `root`, `ID.safeArea` or
/// `ID.margins`.
public struct AnchorSpec: Sendable, Equatable, CustomStringConvertible {
    /// A view's layout guide an anchor may belong to.
    public enum Guide: String, Sendable { case safeArea, margins }
    /// The view id (or `root`).
    public var item: String
    /// The guide of the view the anchor is on; nil: the view itself.
    public var guide: Guide?
    /// The edge, centre, size or baseline.
    public var attribute: LayoutAttribute
    /// The anchor as the file spells it (`panel.safeArea.top`).
    public var description: String { item + (guide.map { ".\($0.rawValue)" } ?? "") + ".\(attribute.rawValue)" }
}

/// One entry of `constraints`: `first (==|>=|<=) multiplier * second + constant @priority`.
public struct ConstraintSpec: Sendable {
    /// The constraint's identifier; nil: none.
    public var id: String?
    /// The anchor on the left of the relation.
    public var first: AnchorSpec
    /// `==`, `>=` or `<=`.
    public var relation: RelationSpec
    /// The factor on the second anchor (1 when not written).
    public var multiplier: Double
    /// The anchor on the right; nil for a constant constraint.
    public var second: AnchorSpec?
    /// The constant in points added on the right.
    public var constant: Double
    /// The priority, 1...1000 (1000, required, when not written).
    public var priority: Float
    /// The constraint's text as written, for messages.
    public var text: String
    /// Where the constraint is in the file.
    public var location: SourceLocation
}

/// The relation of a constraint, by its symbol.
public enum RelationSpec: String, Sendable { case equal = "==", greaterThanOrEqual = ">=", lessThanOrEqual = "<=" }

/// A font in a scene file (TX11): a family (nil: the system font), a weight, italic.
public struct FontSpec: Sendable, Equatable {
    /// The font family; nil: the system font.
    public var family: String?
    /// The weight (regular by default).
    public var weight: Font.Weight = .regular
    /// Whether the face is italic.
    public var italic = false
    /// The regular system font.
    public init() {}
    /// The font at `size` points.
    public func font(size: Double) -> Font { Font(family: family, size: size, weight: weight, italic: italic) }
}

/// One run of attributed text in a scene file (TX11).
public struct TextRunSpec: Sendable, Equatable {
    /// The run's text, appended to the ones before it.
    public var text: String
    /// The run's colour; nil: the view's text colour.
    public var color: Color?
    /// The run's size in points; nil: the view's.
    public var fontSize: Double?
    /// The run's font; nil: the view's.
    public var font: FontSpec?
    /// Extra points between the run's characters; nil: none.
    public var kern: Double?
    /// The run's underline; nil: none.
    public var underline: UnderlineStyle?
    /// The run's strikethrough; nil: none.
    public var strikethrough: UnderlineStyle?
    /// Points the run is raised above the baseline (negative lowers it); nil: 0.
    public var baselineOffset: Double?
    /// A run of `text` in the view's style.
    public init(text: String) { self.text = text }
}
