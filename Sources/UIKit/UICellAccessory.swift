import Geometry
import Layers
import RenderModel
import Timeline

/// An accessory a list cell shows at its leading or trailing edge, as `UICellAccessory`.
/// Disclosure indicators, checkmarks, outline disclosures, reorder controls and detail buttons
/// are drawn at the trailing edge; delete, insert and multiselect controls at the leading edge;
/// labels and custom views where their placement says; each in the editing states
/// `displayed` names. The outline disclosure points down while the cell's item is expanded.
public struct UICellAccessory {
    /// `UICellAccessory.DisplayedState`: in which editing states the accessory shows.
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }
    /// `UICellAccessory.LayoutDimension`: the width an accessory reserves.
    public enum LayoutDimension: Sendable, Equatable {
        /// Its own width, or the standard width.
        case actual, standard
        /// A width in points.
        case custom(CGFloat)
    }
    /// `UICellAccessory.PlacementPosition`: gives a custom accessory's index among the others.
    public typealias PlacementPosition = ([UICellAccessory]) -> Int
    /// `UICellAccessory.Placement`: which edge a custom accessory sits at, when, and in what order.
    public enum Placement {
        /// At the leading edge (first by default).
        case leading(displayed: DisplayedState = .always, at: PlacementPosition = { _ in 0 })
        /// At the trailing edge (last by default).
        case trailing(displayed: DisplayedState = .always, at: PlacementPosition = { $0.count })
    }
    /// `UICellAccessory.ActionHandler`: run when the accessory is tapped.
    public typealias ActionHandler = () -> Void
    /// `UICellAccessory.OutlineDisclosureStyle`: how an outline disclosure acts (header, cell, or chosen
    /// from the item).
    public enum OutlineDisclosureStyle: Int, Sendable { case automatic, header, cell }

    /// `UICellAccessory.DisclosureIndicatorOptions`: a chevron's options.
    public struct DisclosureIndicatorOptions {
        /// Whether it is hidden, the width it reserves, and its colour (nil: the default).
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        /// Options of these values (shown, standard width, default colour).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    /// `UICellAccessory.CheckmarkOptions`: a checkmark's options.
    public struct CheckmarkOptions {
        /// Whether it is hidden, the width it reserves, and its colour (nil: the default).
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        /// Options of these values (shown, standard width, default colour).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    /// `UICellAccessory.DetailOptions`: a detail button's options.
    public struct DetailOptions {
        /// Whether it is hidden, the width it reserves, and its colour (nil: the default).
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        /// Options of these values (shown, standard width, default colour).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    /// `UICellAccessory.DeleteOptions`: a delete control's options.
    public struct DeleteOptions {
        /// Whether it is hidden, the width it reserves, its colour and its background.
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        /// Options of these values (shown, standard width, default colours).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    /// `UICellAccessory.InsertOptions`: an insert control's options.
    public struct InsertOptions {
        /// Whether it is hidden, the width it reserves, its colour and its background.
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        /// Options of these values (shown, standard width, default colours).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    /// `UICellAccessory.ReorderOptions`: a reorder control's options.
    public struct ReorderOptions {
        /// Whether it is hidden, the width it reserves, its colour, and whether a separator line shows.
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, showsVerticalSeparator: Bool
        /// Options of these values (shown, standard width, default colour, with a separator).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, showsVerticalSeparator: Bool? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.showsVerticalSeparator = showsVerticalSeparator ?? true
        }
    }
    /// `UICellAccessory.MultiselectOptions`: a selection circle's options.
    public struct MultiselectOptions {
        /// Whether it is hidden, the width it reserves, its colour and its background.
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        /// Options of these values (shown, standard width, default colours).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    /// `UICellAccessory.OutlineDisclosureOptions`: an outline disclosure's options.
    public struct OutlineDisclosureOptions {
        /// Its style, whether it is hidden, the width it reserves, and its colour.
        public var style: OutlineDisclosureStyle, isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        /// Options of these values (automatic style, shown, standard width, default colour).
        public init(style: OutlineDisclosureStyle? = nil, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.style = style ?? .automatic; self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    /// `UICellAccessory.LabelOptions`: a text accessory's options.
    public struct LabelOptions {
        /// Whether it is hidden, the width it reserves, its colour, its font, and Dynamic Type (fixed here).
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, font: UIFont, adjustsFontForContentSizeCategory: Bool
        /// Options of these values (shown, its own width, default colour and font).
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, font: UIFont? = nil,
                    adjustsFontForContentSizeCategory: Bool? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .actual; self.tintColor = tintColor
            self.font = font ?? .systemFont(ofSize: 17); self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory ?? true
        }
    }
    /// `UICellAccessory.CustomViewConfiguration`: a view of yours as an accessory.
    public struct CustomViewConfiguration {
        /// The view shown.
        public var customView: UIView
        /// Where and when it shows.
        public var placement: Placement
        /// Whether it is hidden, the width it reserves, its colour, and whether it keeps its size.
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, maintainsFixedSize: Bool
        /// A configuration showing `customView` at `placement`.
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil) {
            self.customView = customView; self.placement = placement; self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .actual; self.tintColor = tintColor; self.maintainsFixedSize = maintainsFixedSize ?? false
        }
    }

    /// What the accessory is.
    public enum AccessoryType: Sendable, Equatable {
        /// Chevron, checkmark, detail button, delete, insert, reorder, selection circle, outline disclosure,
        /// text, or a view of yours.
        case disclosureIndicator, checkmark, detail, delete, insert, reorder, multiselect, outlineDisclosure, label, customView
    }
    /// `UICellAccessory.accessoryType`: what the accessory is.
    public let accessoryType: AccessoryType
    /// `UICellAccessory.displayedState`: in which editing states it shows.
    public var displayedState: DisplayedState
    /// `UICellAccessory.isHidden`: whether it is hidden.
    public var isHidden: Bool
    /// `UICellAccessory.reservedLayoutWidth`: the width it reserves.
    public var reservedLayoutWidth: LayoutDimension
    /// `UICellAccessory.tintColor`: its colour (nil: the default).
    public var tintColor: UIColor?
    var backgroundColor: UIColor?
    var text: String?
    var font: UIFont?
    var customView: UIView?
    var maintainsFixedSize = false
    var outlineStyle: OutlineDisclosureStyle = .automatic
    var actionHandler: ActionHandler?
    /// Leading (delete, insert, multiselect; a custom view placed there) or trailing.
    var isLeading: Bool

    private init(_ type: AccessoryType, _ displayed: DisplayedState, hidden: Bool, width: LayoutDimension, tint: UIColor?, leading: Bool = false) {
        accessoryType = type; displayedState = displayed; isHidden = hidden; reservedLayoutWidth = width; tintColor = tint; isLeading = leading
    }

    /// `UICellAccessory.disclosureIndicator(displayed:options:)`: a chevron at the trailing edge.
    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> UICellAccessory {
        UICellAccessory(.disclosureIndicator, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
    /// `UICellAccessory.checkmark(displayed:options:)`: a checkmark at the trailing edge.
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> UICellAccessory {
        UICellAccessory(.checkmark, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
    /// `UICellAccessory.detail(displayed:options:actionHandler:)`: a detail button at the trailing edge;
    /// a tap runs `actionHandler`.
    public static func detail(displayed: DisplayedState = .always, options: DetailOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.detail, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
        a.actionHandler = actionHandler
        return a
    }
    /// A tap calls `actionHandler`. Partial: without one, the tap does nothing (UIKit's reveals
    /// the row's trailing swipe actions).
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.delete, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor, leading: true)
        a.backgroundColor = options.backgroundColor
        a.actionHandler = actionHandler
        return a
    }
    /// `UICellAccessory.insert(displayed:options:actionHandler:)`: an insert control at the leading edge
    /// while editing; a tap runs `actionHandler`.
    public static func insert(displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.insert, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor, leading: true)
        a.backgroundColor = options.backgroundColor
        a.actionHandler = actionHandler
        return a
    }
    /// Partial: drawn; dragging it does not reorder (interactive reordering is not built).
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> UICellAccessory {
        UICellAccessory(.reorder, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
    /// `UICellAccessory.multiselect(displayed:options:)`: a selection circle at the leading edge while
    /// editing.
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()) -> UICellAccessory {
        var a = UICellAccessory(.multiselect, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor, leading: true)
        a.backgroundColor = options.backgroundColor
        return a
    }
    /// A tap calls `actionHandler`; without one it toggles the cell's expanded state (and the
    /// collection view's outline handler, which a diffable data source sets, is told).
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
                                         actionHandler: ActionHandler? = nil) -> UICellAccessory {
        var a = UICellAccessory(.outlineDisclosure, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
        a.outlineStyle = options.style
        a.actionHandler = actionHandler
        return a
    }
    /// `UICellAccessory.label(text:displayed:options:)`: `text` at the trailing edge.
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> UICellAccessory {
        var a = UICellAccessory(.label, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
        a.text = text
        a.font = options.font
        return a
    }
    /// `UICellAccessory.customView(configuration:)`: a view of yours where its placement says.
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        let (leading, displayed): (Bool, DisplayedState) = switch configuration.placement {
        case .leading(let d, _): (true, d)
        case .trailing(let d, _): (false, d)
        }
        var a = UICellAccessory(.customView, displayed, hidden: configuration.isHidden, width: configuration.reservedLayoutWidth,
                                tint: configuration.tintColor, leading: leading)
        a.customView = configuration.customView
        a.maintainsFixedSize = configuration.maintainsFixedSize
        return a
    }

    /// Whether it shows in the given editing state.
    func isDisplayed(editing: Bool) -> Bool {
        switch displayedState {
        case .always: true
        case .whenEditing: editing
        case .whenNotEditing: !editing
        }
    }
}

/// A drawn accessory (a chevron, a checkmark, a control), as the engine draws it.
final class AccessoryGlyph: View {
    let type: UICellAccessory.AccessoryType
    var color: Color { didSet { setNeedsDisplay() } }
    var fill: Color? { didSet { setNeedsDisplay() } }
    /// For the outline disclosure: pointing down.
    var isExpanded = false { didSet { if isExpanded != oldValue { setNeedsDisplay() } } }
    init(_ type: UICellAccessory.AccessoryType, color: Color, fill: Color?) {
        self.type = type; self.color = color; self.fill = fill
        super.init(frame: .zero)
        contentMode = .redraw
        identifier = "accessory.\(type)"
    }
    override func draw(_ rect: Rect, in canvas: Canvas) {
        let c = Point(x: bounds.midX, y: bounds.midY)
        switch type {
        case .disclosureIndicator:
            canvas.line(from: Point(x: c.x - 2, y: c.y - 6), to: Point(x: c.x + 3, y: c.y), color: color, width: 2)
            canvas.line(from: Point(x: c.x + 3, y: c.y), to: Point(x: c.x - 2, y: c.y + 6), color: color, width: 2)
        case .outlineDisclosure:
            if isExpanded {
                canvas.line(from: Point(x: c.x - 6, y: c.y - 2), to: Point(x: c.x, y: c.y + 3), color: color, width: 2)
                canvas.line(from: Point(x: c.x, y: c.y + 3), to: Point(x: c.x + 6, y: c.y - 2), color: color, width: 2)
            } else {
                canvas.line(from: Point(x: c.x - 2, y: c.y - 6), to: Point(x: c.x + 3, y: c.y), color: color, width: 2)
                canvas.line(from: Point(x: c.x + 3, y: c.y), to: Point(x: c.x - 2, y: c.y + 6), color: color, width: 2)
            }
        case .checkmark:
            canvas.line(from: Point(x: c.x - 7, y: c.y), to: Point(x: c.x - 2, y: c.y + 5), color: color, width: 2)
            canvas.line(from: Point(x: c.x - 2, y: c.y + 5), to: Point(x: c.x + 7, y: c.y - 6), color: color, width: 2)
        case .detail:
            canvas.strokeEllipse(in: Rect(x: c.x - 10, y: c.y - 10, width: 20, height: 20), color: color, lineWidth: 1.5)
            canvas.fill(Rect(x: c.x - 1, y: c.y - 2, width: 2, height: 8), color: color)
            canvas.fill(Rect(x: c.x - 1, y: c.y - 6, width: 2, height: 2), color: color)
        case .delete, .insert:
            canvas.fillEllipse(in: Rect(x: c.x - 11, y: c.y - 11, width: 22, height: 22), color: fill ?? color)
            canvas.fill(Rect(x: c.x - 6, y: c.y - 1, width: 12, height: 2), color: .white)
            if type == .insert { canvas.fill(Rect(x: c.x - 1, y: c.y - 6, width: 2, height: 12), color: .white) }
        case .reorder:
            for dy in [-5.0, 0, 5] { canvas.fill(Rect(x: c.x - 9, y: c.y + dy - 0.75, width: 18, height: 1.5), color: color) }
        case .multiselect:
            if let fill {
                canvas.fillEllipse(in: Rect(x: c.x - 11, y: c.y - 11, width: 22, height: 22), color: fill)
                canvas.line(from: Point(x: c.x - 5, y: c.y), to: Point(x: c.x - 1, y: c.y + 4), color: .white, width: 2)
                canvas.line(from: Point(x: c.x - 1, y: c.y + 4), to: Point(x: c.x + 5, y: c.y - 4), color: .white, width: 2)
            } else {
                canvas.strokeEllipse(in: Rect(x: c.x - 11, y: c.y - 11, width: 22, height: 22), color: color, lineWidth: 1.5)
            }
        case .label, .customView:
            break
        }
    }
}
