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
}
