import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry

/// AX4 and DK5 in the facade: UIKit's names over the engine window's `prefersReducedMotion` and
/// `interfaceStyle` (which TimelineDesktop sets from the desktop).
@MainActor
@Suite("AX4 DK5 the UIKit facade's reduce motion, interface style and dynamic colours")
struct UIKitDesktopTraitsTests {
    final class StyledView: UIView {
        var previous: [UIUserInterfaceStyle?] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            previous.append(previousTraitCollection?.userInterfaceStyle)
        }
    }
    final class StyledScreen: UIViewController {
        var previous: [UIUserInterfaceStyle?] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            previous.append(previousTraitCollection?.userInterfaceStyle)
        }
    }

    @Test("AX4 UIAccessibility.isReduceMotionEnabled is the key window's flag, and a change posts reduceMotionStatusDidChangeNotification")
    func AX4_facadeReduceMotion() {
        let (host, window) = makeApp()
        window.makeKeyAndVisible()
        host.step()
        #expect(!UIAccessibility.isReduceMotionEnabled)
        var posted = 0
        let token = NotificationCenter.default.addObserver(forName: UIAccessibility.reduceMotionStatusDidChangeNotification,
                                                           object: nil, queue: nil) { _ in MainActor.assumeIsolated { posted += 1 } }
        defer { NotificationCenter.default.removeObserver(token) }
        host.window.prefersReducedMotion = true
        #expect(UIAccessibility.isReduceMotionEnabled && UIAccessibility.prefersCrossFadeTransitions && posted == 1)
        host.window.prefersReducedMotion = false
        #expect(!UIAccessibility.isReduceMotionEnabled && posted == 2)
    }

    @Test("DK5 traitCollection follows the window's style; dynamic colours resolve for it; a change calls traitCollectionDidChange")
    func DK5_facadeStyle() {
        let (host, window) = makeApp()
        let screen = StyledScreen()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        let styled = StyledView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .black : .white }
        styled.backgroundColor = dynamic
        screen.view.addSubview(styled)
        host.step()
        #expect(styled.traitCollection.userInterfaceStyle == .light && styled.backgroundColor?.color == .white)
        host.window.interfaceStyle = .dark
        #expect(styled.traitCollection.userInterfaceStyle == .dark && screen.traitCollection.userInterfaceStyle == .dark)
        #expect(UITraitCollection.current.userInterfaceStyle == .dark)
        #expect(styled.backgroundColor?.color == .black)
        #expect(styled.previous == [.light] && screen.previous == [.light])
        #expect(dynamic.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).color == .white)
        styled.overrideUserInterfaceStyle = .light
        #expect(styled.overrideUserInterfaceStyle == .light && styled.backgroundColor?.color == .white && styled.previous == [.light, .dark])
        host.window.interfaceStyle = .light
        host.step()
    }

    @Test("DK5 the system colours are light or dark with the view: a dark window draws systemBackground black and a label's default text white")
    func DK5_systemColors() {
        let (host, window) = makeApp()
        let screen = UIViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        card.backgroundColor = .secondarySystemBackground
        let title = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        title.text = "Hi"
        let note = UILabel(frame: CGRect(x: 0, y: 20, width: 40, height: 20))
        note.textColor = .secondaryLabel
        screen.view.backgroundColor = .systemBackground
        screen.view.addSubview(card)
        card.addSubview(title)
        card.addSubview(note)
        host.step()
        func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color { Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a) }
        #expect(screen.view.backgroundColor?.color == .white && card.backgroundColor?.color == rgb(242, 242, 247))
        #expect(title.textColor.color == .black && note.textColor.color == rgb(60, 60, 67, 0.6))
        host.window.interfaceStyle = .dark
        host.step()
        #expect(screen.view.backgroundColor?.color == .black && card.backgroundColor?.color == rgb(28, 28, 30))
        #expect(title.textColor.color == .white && note.textColor.color == rgb(235, 235, 245, 0.6))
        // The static colours resolve for any traits, as UIKit's do.
        #expect(UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).color == .white)
        #expect(UIColor.systemBlue.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).color == rgb(10, 132, 255))
        #expect(UIColor.systemBlue.color == rgb(0, 122, 255))
        // A plain colour set afterwards ends the binding: it stays when the style changes.
        title.textColor = .red
        host.window.interfaceStyle = .light
        host.step()
        #expect(title.textColor.color == UIColor.red.color && note.textColor.color == rgb(60, 60, 67, 0.6))
        #expect(screen.view.backgroundColor?.color == .white)
    }

    final class MenuSource: NSObject, UIContextMenuInteractionDelegate {
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                    configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? { nil }
    }

    @Test("DK4 a facade interaction lives in the engine view's interactions: added once, moved, removed")
    func DK4_facadeInteractionsOnTheEngine() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let source = MenuSource()
        let menu = UIContextMenuInteraction(delegate: source)
        a.addInteraction(menu)
        a.addInteraction(menu)
        #expect(a.interactions.count == 1 && a.interactions.first === menu && menu.view === a)
        #expect(a.view.interactions.count == 1)
        b.addInteraction(menu)
        #expect(a.interactions.isEmpty && a.view.interactions.isEmpty)
        #expect(b.interactions.first === menu && menu.view === b)
        b.removeInteraction(menu)
        #expect(b.interactions.isEmpty && b.view.interactions.isEmpty && menu.view == nil)
    }

    @Test("DK5 a text field's and a text view's textColor of .label or .secondaryLabel follow the style")
    func DK5_textInputColors() {
        let (host, window) = makeApp()
        let screen = UIViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        field.textColor = .label
        let notes = UITextView(frame: CGRect(x: 0, y: 40, width: 100, height: 60))
        notes.textColor = .secondaryLabel
        screen.view.addSubview(field)
        screen.view.addSubview(notes)
        host.step()
        func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color { Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a) }
        #expect(field.textColor?.color == .black && notes.textColor?.color == rgb(60, 60, 67, 0.6))
        host.window.interfaceStyle = .dark
        host.step()
        #expect(field.textColor?.color == .white && notes.textColor?.color == rgb(235, 235, 245, 0.6))
        field.textColor = .red                                  // a plain colour ends the binding
        host.window.interfaceStyle = .light
        host.step()
        #expect(field.textColor?.color == UIColor.red.color && notes.textColor?.color == rgb(60, 60, 67, 0.6))
    }
}
