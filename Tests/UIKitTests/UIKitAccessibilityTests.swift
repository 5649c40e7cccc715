import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport

/// AX1: the facade's accessibility properties are the engine's.
@MainActor
@Suite("AX1 UIKit accessibility over the engine")
struct UIKitAccessibilityTests {
    @Test("AX1: UIKit's accessibility properties read and set the engine's, with the engine's defaults per control")
    func AX1_facadeMapsOntoEngine() {
        let (host, window) = makeApp(width: 390, height: 300)
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let button = UIButton(type: .system)
        button.setTitle("Send", for: .normal)
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        let slider = UISlider(frame: CGRect(x: 10, y: 60, width: 200, height: 30))
        slider.value = 0.75
        let chart = UIView(frame: CGRect(x: 10, y: 100, width: 200, height: 100))
        for v in [button, slider, chart] { vc.view.addSubview(v) }
        host.step(frames: 2)

        #expect(button.isAccessibilityElement && button.accessibilityLabel == "Send" && button.accessibilityTraits == .button)
        #expect(slider.accessibilityValue == "75%" && slider.accessibilityTraits.contains(.adjustable))
        slider.accessibilityIncrement()
        #expect(abs(slider.value - 0.85) < 1e-6)
        button.accessibilityHint = "Sends the message"
        #expect(button.view.accessibilityHint == "Sends the message")
        chart.isAccessibilityElement = true
        chart.accessibilityLabel = "Sales"
        chart.accessibilityTraits = [.image, .updatesFrequently]
        #expect(chart.view.isAccessibilityElement && chart.view.accessibilityLabel == "Sales"
                && chart.view.accessibilityTraits == [.image, .updatesFrequently])
        #expect(chart.accessibilityFrame == CGRect(x: 10, y: 100, width: 200, height: 100))

        // Elements that are not views, and custom actions, stand for engine objects.
        chart.isAccessibilityElement = false
        let bar = UIAccessibilityElement(accessibilityContainer: chart)
        bar.accessibilityLabel = "March"
        bar.accessibilityFrameInContainerSpace = CGRect(x: 20, y: 10, width: 30, height: 90)
        var archived = false
        chart.accessibilityElements = [bar]
        chart.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Archive") { _ in archived = true; return true }]
        #expect(chart.view.accessibilityElements?.first === bar.engine)
        #expect(bar.accessibilityFrame == CGRect(x: 30, y: 110, width: 30, height: 90))
        #expect(chart.view.accessibilityCustomActions.first?.perform() == true && archived)
        #expect(chart.accessibilityCustomActions?.first?.name == "Archive")
        let leaves = host.window.accessibilityLeaves().map { $0.accessibilityLabel ?? $0.accessibilityValue ?? "?" }
        #expect(leaves.contains("Send") && leaves.contains("March"))
        host.step(frames: 2)
    }

    @Test("AX1: UIAccessibility.post reaches the engine window's observers: announcements, page scrolls, screen and layout changes")
    func AX1_postReachesTheEngine() {
        let (host, window) = makeApp(width: 390, height: 300)
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        label.text = "Inbox"
        vc.view.addSubview(label)
        host.step(frames: 2)
        var heard: [String] = []
        let token = host.window.addAccessibilityObserver { n in
            switch n {
            case .announcement(let s): heard.append("announce \(s)")
            case .pageScrolled(let s): heard.append("page \(s)")
            case .screenChanged(let o): heard.append("screen \(o?.accessibilityLabel ?? "-")")
            case .layoutChanged(let o): heard.append("layout \(o?.accessibilityLabel ?? "-")")
            default: break
            }
        }
        var posted = 0
        let observer = NotificationCenter.default.addObserver(forName: UIAccessibility.postedNotification, object: nil, queue: nil) { _ in
            posted += 1
        }
        UIAccessibility.post(notification: .announcement, argument: "Message sent")
        UIAccessibility.post(notification: .announcement, argument: NSAttributedString(string: "Two new"))
        UIAccessibility.post(notification: .pageScrolled, argument: "Page 2 of 3")
        UIAccessibility.post(notification: .screenChanged, argument: label)
        UIAccessibility.post(notification: .layoutChanged, argument: nil)
        UIAccessibility.post(notification: .announcement, argument: 42)           // not text: nothing to say
        #expect(heard == ["announce Message sent", "announce Two new", "page Page 2 of 3", "screen Inbox", "layout -"], "\(heard)")
        #expect(posted == 6)                                  // NotificationCenter still hears every post
        NotificationCenter.default.removeObserver(observer)
        host.window.removeAccessibilityObserver(token)
        host.step(frames: 2)
    }
}
