import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel
import UpdateLoop

/// A screen that records its life cycle and the actions sent to it.
final class LoggingController: UIViewController {
    var log: [String] = []
    override func viewDidLoad() { super.viewDidLoad(); log.append("load") }
    override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
    func done(_ sender: Any?) { log.append("done:\((sender as? UIBarButtonItem)?.title ?? "?")") }
}

@MainActor
func runFor(_ host: HeadlessHost, seconds: Double) { host.step(frames: Int(seconds * 60)) }

@MainActor
@Suite("UK1 UIKit's containers, alerts, inputs and scrolling over the engine's")
struct UIKitContainerTests {
    @Test("UK1 UINavigationController pushes and pops facade screens by the engine's stack; a bar item's action reaches its target")
    func UK1_navigation() {
        let (host, window) = makeApp()
        let root = LoggingController(), detail = LoggingController()
        let nav = UINavigationController(rootViewController: root)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        host.step()
        #expect(nav.viewControllers.count == 1 && nav.topViewController === root)
        #expect(root.log.prefix(3) == ["load", "willAppear", "didAppear"])
        root.title = "Contacts"
        let item = UIBarButtonItem(barButtonSystemItem: .done, target: root, action: Selector("done:", method: LoggingController.done))
        root.navigationItem.rightBarButtonItem = item
        host.step()
        #expect(nav.navigation.navigationBar.titleLabel.text == "Contacts")
        let button = try! #require(item.engine.button)
        button.sendActions(for: .primaryActionTriggered)
        #expect(root.log.last == "done:Done")
        nav.pushViewController(detail, animated: true)
        runFor(host, seconds: 1)
        #expect(nav.viewControllers.map { $0 === root || $0 === detail } == [true, true])
        #expect(nav.topViewController === detail && detail.navigationController === nav)
        #expect(detail.log.suffix(2) == ["willAppear", "didAppear"], "\(detail.log)")
        #expect(root.log.suffix(2) == ["willDisappear", "didDisappear"], "\(root.log)")
        #expect(nav.popViewController(animated: true) === detail)
        runFor(host, seconds: 1)
        #expect(nav.topViewController === root && detail.log.last == "didDisappear")
        // Editing: the edit item toggles the screen's editing and its own title.
        let edit = root.editButtonItem
        root.navigationItem.leftBarButtonItem = edit
        host.step()
        edit.engine.button?.sendActions(for: .primaryActionTriggered)
        #expect(root.isEditing && edit.title == "Done")
    }

    @Test("UK1 UIAlertController presents by the engine; an action dismisses it, then its handler gets the facade action; Return chooses the preferred one")
    func UK1_alerts() {
        let (host, window) = makeApp()
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        var chosen: [String] = []
        let alert = UIAlertController(title: "Rename", message: "Enter a name", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name"; $0.text = "Draft" }
        let cancel = UIAlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title ?? "") }
        let save = UIAlertAction(title: "Save", style: .default) { [weak alert] a in
            chosen.append("\(a.title ?? ""):\(alert?.textFields?.first?.text ?? "")")
        }
        alert.addAction(cancel); alert.addAction(save)
        alert.preferredAction = save
        #expect(alert.preferredAction === save && alert.alert.preferredAction === save.engine)
        screen.present(alert, animated: true)
        runFor(host, seconds: 1)
        #expect(screen.presentedViewController === alert && alert.presentingViewController === screen)
        #expect(alert.textFields?.first?.placeholder == "Name")
        alert.textFields?.first?.text = "Final"
        host.runLoop.send(.keyDown(Key("return")))
        runFor(host, seconds: 1)
        #expect(chosen == ["Save:Final"] && screen.presentedViewController == nil)
        // An action sheet: the cancel button (shown last) runs its handler after the dismissal.
        let sheet = UIAlertController(title: nil, message: "Choose", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Duplicate", style: .default) { chosen.append($0.title ?? "") })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title ?? "") })
        #expect(sheet.popoverPresentationController == nil)
        screen.present(sheet, animated: true)
        runFor(host, seconds: 1)
        sheet.alert.actionButtons.last?.sendActions(for: .primaryActionTriggered)
        #expect(chosen.count == 1)                                        // not before the dismissal
        runFor(host, seconds: 1)
        #expect(chosen == ["Save:Final", "Cancel"])
    }

    final class FieldDelegate: UITextFieldDelegate {
        var log: [String] = []
        var refuse = "x"
        func textFieldDidBeginEditing(_ textField: UITextField) { log.append("begin") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            log.append("change \(range.location),\(range.length) '\(string)'")
            return string != refuse
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { log.append("return"); textField.resignFirstResponder(); return true }
        func textFieldDidEndEditing(_ textField: UITextField) { log.append("end") }
    }

    @Test("UK1 UITextField edits by the engine's field; the delegate sees UIKit's calls with NSRanges and may refuse; endEditing resigns")
    func UK1_textField() {
        let (host, window) = makeApp()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 36))
        field.borderStyle = .roundedRect
        field.placeholder = "Email"
        let delegate = FieldDelegate()
        field.delegate = delegate
        window.addSubview(field)
        window.makeKeyAndVisible()
        host.step()
        #expect(field.becomeFirstResponder() && field.isFirstResponder && field.isEditing)
        host.runLoop.send(.textInput("ab"))
        host.runLoop.send(.textInput("x"))
        host.step()
        #expect(field.text == "ab")
        #expect(delegate.log == ["begin", "change 0,0 'ab'", "change 2,0 'x'"])
        host.runLoop.send(.keyDown(Key("return")))
        host.step()
        #expect(delegate.log.suffix(2) == ["return", "end"] && !field.isFirstResponder)
        _ = field.becomeFirstResponder()
        #expect(window.endEditing(true) && !field.isFirstResponder)
    }

    final class ScrollLog: UIScrollViewDelegate {
        var offsets: [CGFloat] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
    }

    @Test("UK1 UIScrollView: the content layout guide's constraints give the content size; the frame guide stays in view; the delegate sees the facade")
    func UK1_scrollView() {
        let (host, window) = makeApp(width: 300, height: 400)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let content = UIView(), badge = UIView()
        for v in [content, badge] { v.translatesAutoresizingMaskIntoConstraints = false; scroll.addSubview(v) }
        window.addSubview(scroll)
        window.makeKeyAndVisible()
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 1_000),
            badge.topAnchor.constraint(equalTo: scroll.frameLayoutGuide.topAnchor, constant: 10),
            badge.leadingAnchor.constraint(equalTo: scroll.frameLayoutGuide.leadingAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 40), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        let log = ScrollLog()
        scroll.delegate = log
        host.step(); host.step()
        #expect(scroll.contentSize == CGSize(width: 300, height: 1_000))
        scroll.setContentOffset(CGPoint(x: 0, y: 250), animated: false)
        host.step(); host.step()
        #expect(log.offsets.last == 250)
        #expect(badge.frame.origin == CGPoint(x: 10, y: 260))                 // 10 below the visible top
        #expect(badge.convert(CGPoint.zero, to: window) == CGPoint(x: 10, y: 10))
        #expect(content.convert(CGPoint.zero, to: window) == CGPoint(x: 0, y: -250))
    }

    final class Target: NSObject {
        var indexes: [Int] = []
        func changed(_ sender: UISegmentedControl) { indexes.append(sender.selectedSegmentIndex) }
    }

    @Test("UK1 UISegmentedControl, UISwitch and UISlider stand for the engine's controls with UIKit's types")
    func UK1_inputControls() {
        let (host, window) = makeApp()
        let segments = UISegmentedControl(items: ["Posts", "Photos", "About"])
        segments.frame = CGRect(x: 10, y: 10, width: 300, height: 32)
        segments.selectedSegmentIndex = 0
        segments.selectedSegmentTintColor = .systemBlue
        segments.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
        let target = Target()
        segments.addTarget(target, action: Selector("changed:", method: Target.changed), for: .valueChanged)
        window.addSubview(segments)
        window.makeKeyAndVisible()
        host.step()
        #expect(segments.numberOfSegments == 3 && segments.titleForSegment(at: 1) == "Photos")
        #expect(segments.segmented.selectedSegmentTintColor == UIColor.systemBlue.color)
        // A click on the third segment selects it and sends valueChanged to the target.
        let p = segments.view.convert(Point(x: 250, y: 16), to: nil)
        host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p)); host.step()
        #expect(target.indexes == [2] && segments.selectedSegmentIndex == 2)
        let toggle = UISwitch(), slider = UISlider()
        toggle.setOn(true, animated: false)
        slider.minimumValue = 0; slider.maximumValue = 10; slider.value = 12
        #expect(toggle.isOn && toggle.engineSwitch.isOn && slider.value == 10)
    }

    @Test("UK1 UIGraphicsImageRenderer rasterises what its closure draws; CALayer.render(in:) draws a layer tree in its own coordinates")
    func UK1_imageRenderer() {
        let (host, window) = makeApp()
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10))
        let image = renderer.image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(image.size == CGSize(width: 20, height: 10))
        let left = image.image.bitmap.pixel(x: 2, y: 5), right = image.image.bitmap.pixel(x: 15, y: 5)
        #expect(left.red == 255 && left.green == 0 && left.alpha == 255)
        #expect(right.alpha == 0)
        // A view far from the origin renders at the image's origin, its sublayer included.
        let card = UIView(frame: CGRect(x: 200, y: 100, width: 20, height: 20))
        card.backgroundColor = .blue
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        dot.backgroundColor = UIColor.green.cgColor
        card.layer.addSublayer(dot)
        window.addSubview(card)
        host.step()
        let snapshot = UIGraphicsImageRenderer(bounds: card.bounds).image { card.layer.render(in: $0.cgContext) }
        let blue = snapshot.image.bitmap.pixel(x: 3, y: 3), green = snapshot.image.bitmap.pixel(x: 15, y: 15)
        #expect(blue.blue == 255 && blue.red == 0 && green.green > 200 && green.blue == 0)
        // A size that cannot be an image gives an empty one.
        #expect(UIGraphicsImageRenderer(size: .zero).image { _ in }.size == .zero)
    }
}
