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
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }
    public enum LayoutDimension: Sendable, Equatable {
        case actual, standard
        case custom(CGFloat)
    }
    public typealias PlacementPosition = ([UICellAccessory]) -> Int
    public enum Placement {
        case leading(displayed: DisplayedState = .always, at: PlacementPosition = { _ in 0 })
        case trailing(displayed: DisplayedState = .always, at: PlacementPosition = { $0.count })
    }
    public typealias ActionHandler = () -> Void
    public enum OutlineDisclosureStyle: Int, Sendable { case automatic, header, cell }

    public struct DisclosureIndicatorOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct CheckmarkOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct DetailOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct DeleteOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct InsertOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct ReorderOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, showsVerticalSeparator: Bool
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, showsVerticalSeparator: Bool? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.showsVerticalSeparator = showsVerticalSeparator ?? true
        }
    }
    public struct MultiselectOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
            self.tintColor = tintColor; self.backgroundColor = backgroundColor
        }
    }
    public struct OutlineDisclosureOptions {
        public var style: OutlineDisclosureStyle, isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?
        public init(style: OutlineDisclosureStyle? = nil, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            self.style = style ?? .automatic; self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard; self.tintColor = tintColor
        }
    }
    public struct LabelOptions {
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, font: UIFont, adjustsFontForContentSizeCategory: Bool
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, font: UIFont? = nil,
                    adjustsFontForContentSizeCategory: Bool? = nil) {
            self.isHidden = isHidden ?? false; self.reservedLayoutWidth = reservedLayoutWidth ?? .actual; self.tintColor = tintColor
            self.font = font ?? .systemFont(ofSize: 17); self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory ?? true
        }
    }
    public struct CustomViewConfiguration {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool, reservedLayoutWidth: LayoutDimension, tintColor: UIColor?, maintainsFixedSize: Bool
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil) {
            self.customView = customView; self.placement = placement; self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .actual; self.tintColor = tintColor; self.maintainsFixedSize = maintainsFixedSize ?? false
        }
    }

    /// What the accessory is.
    public enum AccessoryType: Sendable, Equatable {
        case disclosureIndicator, checkmark, detail, delete, insert, reorder, multiselect, outlineDisclosure, label, customView
    }
    public let accessoryType: AccessoryType
    public var displayedState: DisplayedState
    public var isHidden: Bool
    public var reservedLayoutWidth: LayoutDimension
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

    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> UICellAccessory {
        UICellAccessory(.disclosureIndicator, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> UICellAccessory {
        UICellAccessory(.checkmark, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
    }
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
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> UICellAccessory {
        var a = UICellAccessory(.label, displayed, hidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
        a.text = text
        a.font = options.font
        return a
    }
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
