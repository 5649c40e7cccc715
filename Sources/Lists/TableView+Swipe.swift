@_spi(Engine) import Views
@_spi(Engine) import Controls
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import UpdateLoop

/// An action a swiped row shows (SC4), as `UIContextualAction`: a titled button behind the
/// row. Its handler gets the action, the button and a completion to call with whether it was
/// performed (the row closes then).
@MainActor
public final class ContextualAction {
    /// A grey button, or a red one for an action that deletes.
    public enum Style: Sendable { case normal, destructive }
    /// The button's style.
    public let style: Style
    /// The button's title; nil: none.
    public var title: String?
    /// The button's colour (grey, or red for destructive, unless set).
    public var backgroundColor: Color
    /// Performs the action: gets the action, its button and a completion to call with whether it did it.
    public let handler: @MainActor (ContextualAction, View, @escaping @MainActor (Bool) -> Void) -> Void

    /// An action of `style` titled `title` that `handler` performs.
    public init(style: Style, title: String?,
                handler: @escaping @MainActor (ContextualAction, View, @escaping @MainActor (Bool) -> Void) -> Void) {
        self.style = style; self.title = title; self.handler = handler
        backgroundColor = style == .destructive ? Color(red: 1, green: 0.23, blue: 0.19) : Color(red: 0.56, green: 0.56, blue: 0.58)
    }
}

/// The actions a row shows when swiped toward the leading edge, the first one nearest the
/// row's trailing edge, as `UISwipeActionsConfiguration`.
@MainActor
public struct SwipeActionsConfiguration {
    /// The actions, the first nearest the row's trailing edge.
    public var actions: [ContextualAction]
    /// Whether swiping most of the way across performs the first action.
    public var performsFirstActionWithFullSwipe = true
    /// A configuration of `actions`, a full swipe performing the first.
    public init(actions: [ContextualAction]) { self.actions = actions }
}

/// A row being swiped or left open: its cell, the buttons behind it, how far it is open.
@MainActor
struct SwipeState {
    let indexPath: IndexPath
    let cell: TableViewCell
    let configuration: SwipeActionsConfiguration
    let actionsView: View
    let buttons: [Button]
    /// The buttons' widths; their sum is how far the row opens.
    let widths: [Double]
    var offset = 0.0
    var startOffset = 0.0
    var openWidth: Double { widths.reduce(0, +) }
}

/// Asks whether the swipe may start: a drag mostly toward the leading edge over a row with
/// actions (or any horizontal drag when a row is open).
@MainActor
final class SwipeGestureDelegate: GestureRecognizerDelegate {
    /// Unowned, and safely so: the table alone keeps this delegate (its recognizer's `delegate`
    /// is weak), so the delegate never outlives it.
    unowned let table: TableView
    init(_ table: TableView) { self.table = table }
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let pan = recognizer as? PanGestureRecognizer else { return false }
        let t = pan.translation(in: table)
        guard abs(t.x) > abs(t.y) else { return false }
        return table.swipe != nil || (t.x < 0 && table.beginSwipe(at: Point(x: pan.location(in: table).x - t.x,
                                                                             y: pan.location(in: table).y - t.y)))
    }
}

extension TableView {
    /// The fraction of the row's width past which a release performs the first action.
    public static let fullSwipeFraction = 0.6
    static let actionMinimumWidth = 74.0

    /// Whether a row is swiped open, and which.
    public var indexPathForSwipedRow: IndexPath? { swipe?.indexPath }
    /// The buttons behind the row swiped open, the first action's first.
    public var swipeActionButtons: [Button] { swipe?.buttons ?? [] }

    func installSwipe() {
        swipeDelegate = SwipeGestureDelegate(self)
        swipeRecognizer.minimumDistance = 6
        swipeRecognizer.delegate = swipeDelegate
        swipeRecognizer.addAction { [weak self] r in self?.swipeChanged(r as! PanGestureRecognizer) }
        addGestureRecognizer(swipeRecognizer)
        // Scrolling waits for the swipe to fail, which it does as soon as a drag is mostly
        // vertical or starts on a row without actions (6 points in, before the pan's 8).
        panGestureRecognizer.require(toFail: swipeRecognizer)
    }

    /// Prepares the row at `point` (content coordinates) for a swipe: false when it has no
    /// trailing actions.
    func beginSwipe(at point: Point) -> Bool {
        guard let path = indexPathForRow(at: point), let cell = cellForRow(at: path),
              let config = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path),
              !config.actions.isEmpty else { return false }
        let actionsView = View()
        actionsView.identifier = "swipeActions"
        actionsView.clipsToBounds = true
        var buttons: [Button] = [], widths: [Double] = []
        // The first action sits nearest the trailing edge, as UIKit puts it.
        for action in config.actions {
            var c = Button.Configuration.plain()
            c.title = action.title
            c.baseForegroundColor = .white
            c.cornerStyle = .fixed
            c.cornerRadius = 0
            let b = Button(configuration: c)
            b.translatesAutoresizingMaskIntoConstraints = true
            b.backgroundColor = action.backgroundColor
            b.addAction(for: .primaryActionTriggered) { [weak self, weak b] _ in
                guard let self, let b else { return }
                self.perform(action, from: b)
            }
            actionsView.addSubview(b)
            buttons.append(b)
            widths.append(max(Self.actionMinimumWidth, b.intrinsicContentSize.width + 24))
        }
        cell.addSubview(actionsView)
        swipe = SwipeState(indexPath: path, cell: cell, configuration: config, actionsView: actionsView, buttons: buttons, widths: widths)
        placeSwipe()
        return true
    }

    private func swipeChanged(_ pan: PanGestureRecognizer) {
        guard var s = swipe else { return }
        let width = s.cell.bounds.width
        switch pan.state {
        case .began:
            s.startOffset = s.offset
            swipe = s
        case .changed:
            let wanted = s.startOffset - pan.translation(in: self).x
            // Past the open width the row follows only if a full swipe can perform.
            let limit = s.configuration.performsFirstActionWithFullSwipe ? width : s.openWidth
            s.offset = min(max(0, wanted), limit)
            swipe = s
            placeSwipe()
        case .ended:
            let v = pan.velocity(in: self).x
            if s.configuration.performsFirstActionWithFullSwipe, s.offset > width * Self.fullSwipeFraction, let first = s.configuration.actions.first {
                animateSwipe(to: width) { [weak self] in
                    guard let self, let b = self.swipe?.buttons.first else { return }
                    self.perform(first, from: b)
                }
            } else if s.offset > s.openWidth / 2 && v < 300 || v < -300 {
                animateSwipe(to: s.openWidth)
            } else {
                closeSwipe(animated: true)
            }
        case .cancelled, .failed:
            closeSwipe(animated: true)
        default:
            break
        }
    }

    /// Runs `action`'s handler; its completion closes the row.
    private func perform(_ action: ContextualAction, from button: Button) {
        action.handler(action, button) { [weak self] _ in self?.closeSwipe(animated: true) }
    }

    /// Puts the row's content `offset` toward the leading edge and the buttons in the gap: each
    /// its share of the gap, the first taking what a full swipe adds.
    private func placeSwipe() {
        guard let s = swipe else { return }
        let b = s.cell.bounds, open = s.openWidth
        s.cell.contentView.transform = AffineTransform(translationX: -s.offset, y: 0)
        s.actionsView.frame = Rect(x: b.width - s.offset, y: 0, width: s.offset, height: b.height)
        let scale = s.offset >= open ? 1 : s.offset / open
        let extra = max(0, s.offset - open)
        var x = s.offset
        for (i, button) in s.buttons.enumerated() {
            let w = s.widths[i] * scale + (i == 0 ? extra : 0)
            x -= w
            button.frame = Rect(x: x, y: 0, width: w, height: b.height)
        }
    }

    private func animateSwipe(to offset: Double, then: (() -> Void)? = nil) {
        guard swipe != nil else { return }
        swipe!.offset = offset
        guard window != nil else { placeSwipe(); then?(); return }
        View.animate(withDuration: 0.25, animations: { self.placeSwipe() }) { _ in then?() }
    }

    /// Closes the open row (if any), animated or at once; a row reused or reloaded closes at once.
    public func closeSwipe(animated: Bool) {
        guard let s = swipe else { return }
        swipe = nil
        let finish = {
            s.actionsView.removeFromSuperview()
            s.cell.contentView.transform = .identity
        }
        guard animated, window != nil, s.offset > 0 else { finish(); return }
        View.animate(withDuration: 0.25, animations: {
            s.cell.contentView.transform = .identity
            s.actionsView.frame = Rect(x: s.cell.bounds.width, y: 0, width: 0, height: s.cell.bounds.height)
            for b in s.buttons { b.frame = Rect(x: 0, y: 0, width: 0, height: s.cell.bounds.height) }
        }) { _ in s.actionsView.removeFromSuperview() }
    }
}
