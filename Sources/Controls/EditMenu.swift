import Geometry
import Views

/// A standard edit action, as UIKit's `UIResponderStandardEditActions` (DK3): what Ctrl-X,
/// Ctrl-C, Ctrl-V and Ctrl-A do in a text field, and the items of its edit menu.
public enum EditAction: String, Sendable, CaseIterable {
    /// Copies the selection to the pasteboard and deletes it.
    case cut
    /// Copies the selection to the pasteboard.
    case copy
    /// Replaces the selection with the pasteboard's text.
    case paste
    /// Selects all the text.
    case selectAll

    /// The menu item's title ("Cut", "Copy", "Paste", "Select All").
    public var title: String {
        switch self {
        case .cut: "Cut"
        case .copy: "Copy"
        case .paste: "Paste"
        case .selectAll: "Select All"
        }
    }
}

/// The edit menu a text field shows on a secondary click, or from the keyboard with the menu
/// key or shift-F10 (DK3, AX3), as UIKit's edit menu: a bar of the actions that apply
/// (``TextField/availableEditActions``) just above the pointer (the caret, from the keyboard),
/// over a clear backdrop that covers the window. Choosing an item performs it on the field and
/// closes the menu; a press anywhere else closes it. From the keyboard the arrows move the
/// highlighted item, return or space chooses it and escape closes the menu, while the field
/// keeps keyboard focus. One per window at a time.
@MainActor
public final class EditMenu: View {
    /// The items, in order.
    public let actions: [EditAction]
    /// The buttons showing them, in the same order.
    public let buttons: [Button]
    /// The bar holding the buttons.
    public let bar = View()
    /// The field the actions apply to.
    public private(set) weak var target: TextField?
    /// Where the menu was asked for, in window points: the bar sits just above it.
    public let anchor: Point

    /// A menu of `actions` for `target`, anchored at `anchor` in window points; shown by
    /// ``TextField/showEditMenu(at:)``.
    init(target: TextField?, actions: [EditAction], anchor: Point) {
        self.target = target
        self.actions = actions
        self.anchor = anchor
        buttons = actions.map { Button(title: $0.title, fontSize: 14) }
        super.init(frame: .zero)
        bar.backgroundColor = Color(red: 0.16, green: 0.16, blue: 0.18)
        bar.cornerRadius = 8
        bar.translatesAutoresizingMaskIntoConstraints = true
        addSubview(bar)
        for (button, action) in zip(buttons, actions) {
            button.translatesAutoresizingMaskIntoConstraints = true
            button.contentInsets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12)
            button.cornerRadius = 0
            button.setBackgroundColor(.clear, for: .normal)
            button.setBackgroundColor(Color(red: 0.2, green: 0.45, blue: 0.9), for: .highlighted)
            button.addAction(for: .touchUpInside) { [weak self] _ in self?.choose(action) }
            bar.addSubview(button)
        }
        accessibilityLabel = "Edit"                     // a screen reader's name for the menu
    }

    /// The edit menu `button` is an item of, if any.
    public static func holding(_ button: Button) -> EditMenu? { button.superview?.superview as? EditMenu }

    /// The highlighted item's button, if any.
    public var highlightedButton: Button? { highlightedIndex.map { buttons[$0] } }

    /// An empty menu (no items, no field) placed by `frame`, as every view made with a frame
    /// (MR6); a field's menu comes from ``TextField/showEditMenu(at:)``.
    public convenience override init(frame: Rect) {
        self.init(target: nil, actions: [], anchor: .zero)
        translatesAutoresizingMaskIntoConstraints = true
        self.frame = frame
    }

    /// Lays the buttons out in a row and places the bar above the anchor, kept in the window.
    public override func layoutSubviews() {
        super.layoutSubviews()
        var x = 0.0, height = 0.0
        for button in buttons {
            let size = button.intrinsicContentSize
            let w = size.width.isFinite ? max(1, size.width) : 60, h = size.height.isFinite ? max(1, size.height) : 30
            button.frame = Rect(x: x, y: 0, width: w, height: h)
            x += w
            height = max(height, h)
        }
        let width = x
        var origin = Point(x: anchor.x - width / 2, y: anchor.y - height - 8)
        if origin.y < 0 { origin.y = anchor.y + 8 }              // no room above: below the pointer
        origin.x = max(0, min(origin.x, bounds.width - width))
        origin.y = max(0, min(origin.y, bounds.height - height))
        bar.frame = Rect(x: origin.x, y: origin.y, width: width, height: height)
    }

    /// Performs `action` on the field and closes the menu.
    public func choose(_ action: EditAction) {
        let field = target
        dismiss()
        field?.perform(action)
    }

    /// Closes the menu; a screen reader's focus goes back to the field.
    public func dismiss() {
        let window = self.window
        removeFromSuperview()
        if let window, window.hasAccessibilityObservers, highlightedIndex != nil {
            window.postAccessibilityNotification(.focusChanged(target))
        }
    }

    /// The item the keyboard highlights, if any.
    public private(set) var highlightedIndex: Int?

    /// Highlights item `index` (nil: none), as a pressed button shows.
    public func highlight(_ index: Int?) {
        if let old = highlightedIndex, buttons.indices.contains(old) { buttons[old].isHighlighted = false }
        highlightedIndex = index.flatMap { buttons.indices.contains($0) ? $0 : nil }
        if let i = highlightedIndex { buttons[i].isHighlighted = true }
        // The keyboard's item is where a screen reader's focus is (the field keeps the keys).
        if let i = highlightedIndex, let w = window, w.hasAccessibilityObservers {
            w.postAccessibilityNotification(.focusChanged(buttons[i]))
        }
    }

    /// A key pressed while the menu shows (its field routes them here first): left and right
    /// (or up and down) move the highlight, wrapping; return, enter or space chooses the
    /// highlighted item; escape closes the menu. True when the key was the menu's; any other
    /// key closes the menu and goes on to the field, as typing does in UIKit.
    public func handleKey(_ name: String) -> Bool {
        guard !buttons.isEmpty else { dismiss(); return false }
        switch name {
        case "left", "up", "right", "down":
            let step = name == "left" || name == "up" ? -1 : 1
            let from = highlightedIndex ?? (step > 0 ? -1 : 0)
            highlight((from + step + buttons.count) % buttons.count)
        case "return", "keypad enter", "space":
            choose(actions[highlightedIndex ?? 0])
        case "escape":
            dismiss()
        default:
            dismiss()
            return false
        }
        return true
    }

    /// A press on the backdrop (outside the bar) closes the menu; it takes every pointer event
    /// that reaches it, so nothing under the menu is touched while it shows.
    public override func handle(_ event: InputEvent, at point: Point) -> Bool {
        if case .pointerDown = event.kind { dismiss() }
        return true
    }
}

extension TextField {
    /// The edit menu showing for this field, if any.
    public var editMenu: EditMenu? {
        window?.rootView.subviews.lazy.compactMap { $0 as? EditMenu }.first { $0.target === self }
    }

    /// Shows the edit menu at the caret (the selection's end), its first item highlighted: the
    /// menu key or shift-F10 while editing.
    @discardableResult
    public func showEditMenuAtCaret() -> EditMenu? {
        let caret = caretRect(for: selectedRange.upperBound)
        let menu = showEditMenu(at: Point(x: caret.midX, y: caret.minY))
        menu?.highlight(0)
        return menu
    }

    /// Shows the edit menu with the actions that apply (none: no menu) at `point` in the field's
    /// coordinates, closing any other edit menu in the window; returns it.
    @discardableResult
    public func showEditMenu(at point: Point) -> EditMenu? {
        guard let root = window?.rootView else { return nil }
        for case let other as EditMenu in root.subviews { other.dismiss() }
        let actions = availableEditActions
        guard !actions.isEmpty else { return nil }
        let menu = EditMenu(target: self, actions: actions, anchor: convert(point, to: root))
        menu.translatesAutoresizingMaskIntoConstraints = true
        menu.frame = root.bounds
        root.addSubview(menu)
        return menu
    }
}
