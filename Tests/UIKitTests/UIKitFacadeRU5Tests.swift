import Testing
import Foundation
@testable import UIKit
@testable import Lists
@testable import Navigation
import Geometry
import Timeline

/// A subclass whose archive initialiser traps, as most real code writes it.
final class TrappingLabel: UILabel {
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
final class TrappingTable: UITableView {
    override init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame, style: style) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
/// A cell that notes its reuse identifier while its initialiser runs.
final class IdentifierCell: UICollectionViewCell {
    var identifierInInit: String?? = .none
    required init(frame: CGRect) { super.init(frame: frame); identifierInInit = .some(reuseIdentifier) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A pan recognizer subclass that declares no initialiser, as real code often does.
final class PlainPan: UIPanGestureRecognizer {}

/// RU5: the facade's initialisers reach their engine objects through arguments, not slots.
@MainActor
@Suite("RU5 the facade is a facade")
struct UIKitFacadeRU5Tests {
    @Test("RU5 UIKit subclasses stand for their engine views without static slots; a user's trapping init(coder:) is not reached")
    func RU5_subclassesGetTheirEngineViews() {
        let label = TrappingLabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(label.view is Label)
        #expect(label.view.frame == Rect(x: 0, y: 0, width: 40, height: 20))
        let table = TrappingTable(frame: .zero, style: .grouped)
        #expect((table.view as? TableView)?.style == .grouped)
        let nav = UINavigationController(rootViewController: UIViewController())
        #expect(nav.controller is NavigationController)
        #expect(nav.navigationBar.view === nav.navigation.navigationBar)
        let alert = UIAlertController(title: "T", message: "M", preferredStyle: .actionSheet)
        #expect(alert.alert.title == "T" && alert.message == "M" && alert.preferredStyle == .actionSheet)
        let wrapped = UIView.wrap(View())
        #expect(wrapped.view.facade === wrapped)
    }

    @Test("RU5 a scroll view's pan recognizer stands for the engine's own through an initialiser argument; pans made after it get their own")
    func RU5_panRecognizerWithoutSlot() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let engine = (scroll.view as? ScrollView)?.panGestureRecognizer
        #expect(engine != nil && scroll.panGestureRecognizer.pan === engine)
        #expect(scroll.panGestureRecognizer === scroll.panGestureRecognizer)
        let made = UIPanGestureRecognizer(target: nil, action: nil)
        let inherited = PlainPan(target: nil, action: nil)
        let bare = PlainPan()
        #expect(made.pan !== engine && inherited.pan !== engine && bare.pan !== engine)
        #expect(made.pan !== inherited.pan && inherited.pan !== bare.pan)
    }

    @Test("RU5 a registered cell class takes its reuse identifier once made (nil inside init(frame:), as on iOS)")
    func RU5_registeredCellTakesItsIdentifier() {
        let cell = UICollectionViewCell.make(IdentifierCell.self, identifier: "cell") as! IdentifierCell
        #expect(cell.identifierInInit == .some(nil))
        #expect(cell.reuseIdentifier == "cell")
        let other = IdentifierCell(frame: .zero)
        #expect(other.reuseIdentifier == nil)
    }

    @Test("RU5 appearance() keeps its proxies in the attached engine window's registry: bars and tab bar items take them there, and a new window starts with none")
    func RU5_appearanceInTheEngineWindow() {
        let (host, _) = makeApp(width: 300, height: 300)
        defer { UIApplication.shared.appearance.removeAll() }
        let bar = UINavigationBar.appearance()
        #expect(host.window.appearance.existingProxy(for: UINavigationBar.self, as: UINavigationBar.self) === bar)
        bar.barTintColor = .systemGreen
        UITabBarItem.appearance().titlePositionAdjustment = UIOffset(horizontal: 0, vertical: -4)
        #expect(host.window.appearance.existingProxy(for: UITabBarItem.self, as: UITabBarItem.self) === UITabBarItem.appearance())
        let nav = UINavigationController(rootViewController: UIViewController())
        #expect(nav.navigationBar.bar.backgroundColor == UIColor.systemGreen.color)
        #expect(UITabBarItem(title: "A", image: nil, tag: 0).titlePositionAdjustment.vertical == -4)

        let (other, _) = makeApp(width: 300, height: 300)
        #expect(other.window.appearance.count == 0 && host.window.appearance.count == 2)
        let fresh = UINavigationController(rootViewController: UIViewController())
        #expect(fresh.navigationBar.bar.backgroundColor != UIColor.systemGreen.color, "another window's proxy does not apply")
        #expect(UITabBarItem(title: "B", image: nil, tag: 0).titlePositionAdjustment.vertical == 0)
        #expect(UINavigationBar.appearance() !== bar)
    }
}
