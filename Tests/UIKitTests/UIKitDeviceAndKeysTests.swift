import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry

@MainActor
@Suite("UK1 key commands, the device, traits and zooming")
struct UIKitDeviceAndKeysTests {
    final class Deck: UIViewController {
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override var keyCommands: [UIKeyCommand]? {
            [UIKeyCommand(title: "Next", action: Selector("next", method: Deck.nextCard), input: UIKeyCommand.inputRightArrow),
             UIKeyCommand(input: "n", modifierFlags: .command, action: Selector("add", method: Deck.add)),
             UIKeyCommand(input: " ", modifierFlags: [], action: Selector("flip", method: Deck.flip))]
        }
        func nextCard() { log.append("next") }
        func add() { log.append("add") }
        func flip() { log.append("flip") }
        var traitChanges: [UIUserInterfaceSizeClass] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            traitChanges.append(traitCollection.horizontalSizeClass)
        }
    }

    @Test("UK1 a first-responder controller's key commands run on key presses (Control standing for Command); others go on")
    func UK1_keyCommands() {
        let (host, window) = makeApp(width: 390, height: 600)
        let deck = Deck()
        window.rootViewController = deck
        window.makeKeyAndVisible()
        host.step()
        #expect(deck.becomeFirstResponder() && deck.isFirstResponder)
        for e: InputEvent in [.keyDown(Key("right")), .keyDown(Key("n"), modifiers: .control), .keyDown(Key("n")),
                              .keyDown(Key("space")), .keyDown(Key("n"), modifiers: .command)] {
            host.runLoop.send(e)
        }
        host.step()
        #expect(deck.log == ["next", "add", "flip", "add"], "plain n matches nothing")
        let extra = UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: Selector("next", method: Deck.nextCard))
        deck.addKeyCommand(extra)
        #expect(deck.keyCommands?.count == 3, "an override of keyCommands wins over added ones")
    }

    @Test("UK1 the device, orientation and size classes follow the window; a resize across them tells traitCollectionDidChange and posts the orientation change")
    func UK1_deviceAndTraits() {
        let (host, window) = makeApp(width: 390, height: 844)
        let saved = UIScreen.main.bounds
        defer { UIScreen.main.bounds = saved }
        let deck = Deck()
        window.rootViewController = deck
        window.makeKeyAndVisible()
        host.step()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
        #expect(UIDevice.current.userInterfaceIdiom == .phone && UIDevice.current.orientation == .portrait)
        #expect(deck.traitCollection.horizontalSizeClass == .compact && deck.traitCollection.verticalSizeClass == .regular)
        var posted = 0
        let token = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { _ in
            MainActor.assumeIsolated { posted += 1 }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        defer { UIDevice.current.endGeneratingDeviceOrientationNotifications() }
        host.window.resize(to: Size(width: 1024, height: 768))
        host.step()
        #expect(UIScreen.main.bounds.size == CGSize(width: 1024, height: 768))
        #expect(UIDevice.current.userInterfaceIdiom == .pad && UIDevice.current.orientation.isLandscape)
        #expect(deck.traitChanges == [.regular] && posted == 1)
        host.window.resize(to: Size(width: 1000, height: 760))
        host.step()
        #expect(deck.traitChanges == [.regular] && posted == 1, "no class or orientation change: nothing told")
        let merged = UITraitCollection(traitsFrom: [UITraitCollection(horizontalSizeClass: .regular), UITraitCollection(verticalSizeClass: .compact)])
        #expect(merged.horizontalSizeClass == .regular && merged.verticalSizeClass == .compact)
        #expect(deck.traitCollection.containsTraits(in: UITraitCollection(horizontalSizeClass: .regular)))
    }

    final class Zoomer: NSObject, UIScrollViewDelegate {
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { image }
    }

    @Test("UK1 zoom(to:animated:) scales to fit the rectangle within the limits and centres it")
    func UK1_zoomToRect() {
        let (host, window) = makeApp(width: 200, height: 150)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        let zoomer = Zoomer()
        scroll.delegate = zoomer
        scroll.addSubview(zoomer.image)
        scroll.contentSize = zoomer.image.bounds.size
        scroll.minimumZoomScale = 0.5
        scroll.maximumZoomScale = 3
        window.addSubview(scroll)
        window.makeKeyAndVisible()
        host.step()
        scroll.zoom(to: CGRect(x: 250, y: 150, width: 100, height: 75), animated: false)
        #expect(scroll.zoomScale == 2)
        #expect(scroll.contentOffset == CGPoint(x: 300 * 2 - 100, y: 187.5 * 2 - 75))
        scroll.zoom(to: CGRect(x: 0, y: 0, width: 10, height: 10), animated: false)
        #expect(scroll.zoomScale == 3 && scroll.contentOffset == .zero, "clamped to the maximum scale and the content's edge")
    }

    @Test("UK1 a deferred menu element asks its provider once; an uncached one each time")
    func UK1_deferredMenuElement() {
        var asked = 0
        let cached = UIDeferredMenuElement { completion in asked += 1; completion([UIAction(title: "A") { _ in }]) }
        var titles: [String] = []
        cached.resolve { titles += $0.map(\.title) }
        cached.resolve { titles += $0.map(\.title) }
        #expect(asked == 1 && titles == ["A", "A"])
        let uncached = UIDeferredMenuElement.uncached { completion in asked += 1; completion([]) }
        uncached.resolve { _ in }
        uncached.resolve { _ in }
        #expect(asked == 3)
    }
}
