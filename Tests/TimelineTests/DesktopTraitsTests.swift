import Foundation
import Testing
import Timeline
import TimelineTestSupport

/// A screen that records the traits it was told about.
@MainActor
final class TraitScreen: ViewController {
    var changes: [InterfaceStyle?] = []
    override func traitCollectionDidChange(_ previous: TraitCollection?) { changes.append(previous?.userInterfaceStyle) }
}

/// A view that records the traits it was told about and when it drew.
@MainActor
final class TraitView: View {
    var changes: [(previous: InterfaceStyle?, now: InterfaceStyle)] = []
    var draws = 0
    override func traitCollectionDidChange(_ previous: TraitCollection?) {
        changes.append((previous?.userInterfaceStyle, traitCollection.userInterfaceStyle))
    }
    override func draw(_ rect: Rect, in canvas: Canvas) { draws += 1 }
}

/// AX4 and DK5 in the engine, headless with the manual clock: what a window's
/// `prefersReducedMotion` and `interfaceStyle` (set by TimelineDesktop from the desktop) do.
@Suite("AX4 DK5 reduce motion and appearance in the engine", .endsIdle)
@MainActor
struct DesktopTraitsTests {
    @Test("AX4 with reduce motion a push cross-fades in place: no slide, the old screen fades out; a pop the same")
    func AX4_pushCrossFades() {
        let host = makeHost(width: 320, height: 480)
        host.window.prefersReducedMotion = true
        let a = ViewController(), b = ViewController()
        let nav = NavigationController(rootViewController: a)
        host.window.rootViewController = nav
        host.runUntilIdle()
        nav.pushViewController(b, animated: true)
        #expect(nav.isTransitioning)
        host.step()
        var sawMiddle = false, previous = -1.0
        for _ in 0..<30 where nav.isTransitioning {
            host.step()
            // Both screens stay where they end: no slide, no parallax.
            #expect(b.view.presentation.frame.minX == 0 && a.view.presentation.frame.minX == 0)
            let alpha = b.view.presentation.opacity
            #expect(alpha >= previous - 1e-9)
            previous = alpha
            if alpha > 0.2 && alpha < 0.8 {
                sawMiddle = true
                #expect(a.view.presentation.opacity < 0.9)         // the old one fades out meanwhile
            }
        }
        #expect(sawMiddle)
        host.runUntilIdle()
        #expect(!nav.isTransitioning && b.view.alpha == 1 && a.view.superview == nil)
        #expect(a.view.alpha == 1)                                  // back to opaque for a later pop
        _ = nav.popViewController(animated: true)
        host.step(frames: 8)
        #expect(a.view.presentation.frame.minX == 0 && b.view.presentation.frame.minX == 0)
        #expect(a.view.presentation.opacity > 0 && a.view.presentation.opacity < 1)
        host.runUntilIdle()
        #expect(nav.topViewController === a && b.view.superview == nil && a.view.alpha == 1)
    }

    @Test("AX4 without reduce motion the push still slides (the default is unchanged)")
    func AX4_defaultSlides() {
        let host = makeHost(width: 320, height: 480)
        let a = ViewController(), b = ViewController()
        let nav = NavigationController(rootViewController: a)
        host.window.rootViewController = nav
        host.runUntilIdle()
        nav.pushViewController(b, animated: true)
        host.step(frames: 2)
        #expect(b.view.presentation.frame.minX > 100 && b.view.presentation.opacity == 1)
        host.runUntilIdle()
    }

    @Test("AX4 with reduce motion a modal presentation and an alert fade in where they end; dismissal fades out")
    func AX4_presentationCrossFades() {
        let host = makeHost(width: 320, height: 480)
        host.window.prefersReducedMotion = true
        let a = ViewController()
        host.window.rootViewController = a
        host.runUntilIdle()
        let b = ViewController()
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: true)
        host.step(frames: 6)
        #expect(b.view.presentation.frame.minY == 0)                  // no slide up from the bottom
        let mid = b.view.presentation.opacity
        #expect(mid > 0 && mid < 1)
        host.runUntilIdle()
        #expect(b.view.alpha == 1 && a.presentedViewController === b)
        b.dismiss(animated: true)
        host.step(frames: 6)
        #expect(b.view.presentation.frame.minY == 0 && b.view.presentation.opacity < 1)
        host.runUntilIdle()
        #expect(a.presentedViewController == nil && b.view.alpha == 1)

        let alert = AlertController(title: "T", message: "M", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default))
        a.present(alert, animated: true)
        host.step(frames: 4)
        // The card is not zoomed from 1.2: only the whole alert's opacity moves.
        #expect(alert.view.subviews.allSatisfy { $0.presentation.transform == .identity })
        #expect(alert.view.presentation.opacity < 1)
        host.runUntilIdle()
        alert.dismiss(animated: false)
        host.runUntilIdle()
    }

    @Test("DK5 dynamic colours resolve for the window's style, an override, and again when the style changes")
    func DK5_dynamicColors() {
        let host = makeHost()
        let dark = Color(red: 0.1, green: 0.1, blue: 0.1), light = Color(red: 0.9, green: 0.9, blue: 0.9)
        let dynamic = DynamicColor(light: light, dark: dark)
        let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        v.dynamicBackgroundColor = dynamic
        #expect(v.backgroundColor == light)                           // in no window: light
        host.window.interfaceStyle = .dark
        host.root.addSubview(v)
        #expect(v.traitCollection.userInterfaceStyle == .dark && v.backgroundColor == dark)   // resolved on joining
        let child = View(), grandchild = View()
        v.addSubview(child)
        child.addSubview(grandchild)
        grandchild.dynamicTintColor = DynamicColor { $0.userInterfaceStyle == .dark ? .white : .black }
        #expect(grandchild.tintColor == .white)
        child.overrideUserInterfaceStyle = .light
        #expect(grandchild.traitCollection.userInterfaceStyle == .light && grandchild.tintColor == .black)
        child.overrideUserInterfaceStyle = .unspecified
        host.window.interfaceStyle = .light
        #expect(v.backgroundColor == light && grandchild.tintColor == .black)
        // A plain colour set afterwards ends the binding.
        v.backgroundColor = .white
        host.window.interfaceStyle = .dark
        #expect(v.backgroundColor == .white && v.dynamicBackgroundColor == nil)
        #expect(dynamic.resolved(with: TraitCollection(userInterfaceStyle: .dark)) == dark)
        host.runUntilIdle()
    }

    @Test("DK5 a style change calls traitCollectionDidChange on the controllers and views whose style changed, and redraws")
    func DK5_traitCollectionDidChange() {
        let host = makeHost()
        let screen = TraitScreen()
        let content = TraitView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        let pinned = TraitView(frame: Rect(x: 50, y: 0, width: 40, height: 40))
        pinned.overrideUserInterfaceStyle = .light
        let underPinned = TraitView()
        screen.view.addSubview(content)
        screen.view.addSubview(pinned)
        pinned.addSubview(underPinned)
        host.window.rootViewController = screen
        host.runUntilIdle()
        let drawsBefore = content.draws
        pinned.changes.removeAll()
        host.window.interfaceStyle = .dark
        #expect(screen.changes == [.light] && screen.traitCollection.userInterfaceStyle == .dark)
        #expect(content.changes.map(\.previous) == [.light] && content.changes.map(\.now) == [.dark])
        #expect(pinned.changes.isEmpty && underPinned.changes.isEmpty)   // an override above: nothing changed there
        host.runUntilIdle()
        #expect(content.draws == drawsBefore + 1)                       // redrawn for the new style
        host.window.interfaceStyle = .dark                               // no change: no call
        #expect(screen.changes.count == 1)
        screen.overrideUserInterfaceStyle = .light
        #expect(screen.changes.count == 2 && content.changes.count == 2 && content.traitCollection.userInterfaceStyle == .light)
        host.runUntilIdle()
    }

    @Test("DK2 a change of the window's scale redraws every view, which hears traitCollectionDidChange with the old scale")
    func DK2_scaleChangeTellsTraits() {
        let host = makeHost(width: 320, height: 240)
        let screen = TraitScreen()
        let inner = TraitView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        var scales: [Double?] = []
        final class ScaleView: View {
            var heard: ((Double?, Double) -> Void)?
            override func traitCollectionDidChange(_ previous: TraitCollection?) { heard?(previous?.displayScale, traitCollection.displayScale) }
        }
        let probe = ScaleView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        probe.heard = { old, now in scales.append(old); scales.append(now) }
        screen.view.addSubview(inner)
        inner.addSubview(probe)
        host.window.rootViewController = screen
        host.runUntilIdle()
        let draws = inner.draws
        host.window.scale = 2
        #expect(scales == [1, 2], "\(scales)")
        #expect(screen.changes.count == 1 && inner.changes.count == 1)
        host.runUntilIdle()
        #expect(inner.draws == draws + 1, "the view drew again at the new scale")
        host.window.scale = 2                                       // no change: nothing heard
        #expect(scales.count == 2 && inner.changes.count == 1)
        host.runUntilIdle()
    }

    @Test("AX4 DK5 the window tells its observers once per change")
    func AX4_DK5_observers() {
        let host = makeHost()
        var motion = 0
        var styles: [InterfaceStyle] = []
        host.window.reduceMotionObserver = { motion += 1 }
        host.window.interfaceStyleObserver = { styles.append($0) }
        host.window.prefersReducedMotion = true
        host.window.prefersReducedMotion = true
        host.window.interfaceStyle = .dark
        host.window.interfaceStyle = .dark
        #expect(motion == 1 && styles == [.light])
        host.runUntilIdle()
    }

    @Test("DK5 a label's dynamic text colour and the system colours follow the window's style; a plain colour ends the binding")
    func DK5_labelDynamicTextColor() {
        let host = makeHost(width: 200, height: 100)
        let label = Label(text: "Hi", font: .systemFont(ofSize: 17))
        label.dynamicTextColor = .label
        let panel = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        panel.dynamicBackgroundColor = .secondarySystemBackground
        panel.addSubview(label)
        host.root.addSubview(panel)
        host.runUntilIdle()
        #expect(label.textColor == .black && panel.backgroundColor == DynamicColor.secondarySystemBackground.appearances?.light)
        host.window.interfaceStyle = .dark
        host.runUntilIdle()
        #expect(label.textColor == .white)
        #expect(panel.backgroundColor == Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1))
        #expect(label.dynamicTextColor != nil)
        label.textColor = Color(red: 1, green: 0, blue: 0)
        #expect(label.dynamicTextColor == nil)
        host.window.interfaceStyle = .light
        host.runUntilIdle()
        #expect(label.textColor == Color(red: 1, green: 0, blue: 0) && panel.backgroundColor == DynamicColor.secondarySystemBackground.appearances?.light)
    }

    @Test("DK5 a text field's and a text view's dynamic text colour follow the window's style; a plain colour ends the binding")
    func DK5_fieldDynamicTextColor() {
        let host = makeHost(width: 300, height: 200)
        let field = TextField(text: "Ada"), notes = TextView(frame: Rect(x: 0, y: 50, width: 200, height: 80))
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 0, y: 0, width: 200, height: 36)
        field.dynamicTextColor = .label
        notes.dynamicTextColor = .secondaryLabel
        host.root.addSubview(field)
        host.root.addSubview(notes)
        host.runUntilIdle()
        #expect(field.textColor == .black && notes.textColor == DynamicColor.secondaryLabel.appearances?.light)
        host.window.interfaceStyle = .dark
        host.runUntilIdle()
        #expect(field.textColor == .white && notes.textColor == DynamicColor.secondaryLabel.appearances?.dark)
        field.textColor = Color(red: 0, green: 0, blue: 1)
        #expect(field.dynamicTextColor == nil && notes.dynamicTextColor != nil)
        host.window.interfaceStyle = .light
        host.runUntilIdle()
        #expect(field.textColor == Color(red: 0, green: 0, blue: 1) && notes.textColor == DynamicColor.secondaryLabel.appearances?.light)
    }
}
