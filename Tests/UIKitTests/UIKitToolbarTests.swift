import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport

@MainActor
@Suite("UK1 toolbars, sharing and text input ranges")
struct UIKitToolbarTests {
    final class Editor: UIViewController {
        var log: [String] = []
        func bold(_ sender: Any?) { log.append("bold") }
        override func viewDidLoad() {
            super.viewDidLoad()
            let count = UILabel()
            count.text = "12 words"
            count.sizeToFit()
            toolbarItems = [UIBarButtonItem(title: "B", style: .plain, target: self, action: Selector("bold:", method: Editor.bold)),
                            .fixedSpace(16), .flexibleSpace(), UIBarButtonItem(customView: count)]
        }
    }

    @Test("UK1 a navigation controller's toolbar shows the top screen's toolbarItems at the bottom: fixed and flexible spaces, a custom view at the trailing edge; the screen ends above it")
    func UK1_toolbar() {
        let (host, window) = makeApp(width: 390, height: 600)
        let editor = Editor()
        let nav = UINavigationController(rootViewController: editor)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        host.step(frames: 2)
        #expect(nav.isToolbarHidden && editor.view.frame.maxY == 600)
        nav.setToolbarHidden(false, animated: false)
        host.step(frames: 2)
        let bar = nav.toolbar!
        #expect(bar.frame == CGRect(x: 0, y: 556, width: 390, height: 44))
        #expect(editor.view.convert(editor.view.bounds, to: nil).maxY == 556)
        let buttons = bar.subviews.compactMap { $0 as? UIControl }
        #expect(buttons.count == 1 && buttons[0].frame.minX == 8)
        let custom = editor.toolbarItems![3].customView!
        #expect(abs(custom.frame.maxX - 382) < 0.5, "the flexible space pushes the count to the trailing margin")
        buttons[0].sendActions(for: .primaryActionTriggered)
        #expect(editor.log == ["bold"])
    }

    @Test("UK1 UIActivityViewController offers Copy (the items' text to the clipboard) and Cancel, calling its completion")
    func UK1_activityViewController() {
        let (host, window) = makeApp(width: 390, height: 600)
        let screen = UIViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        let share = UIActivityViewController(activityItems: ["hello", URL(string: "https://example.org")!], applicationActivities: nil)
        var result: (UIActivity.ActivityType?, Bool)?
        share.completionWithItemsHandler = { type, completed, _, _ in result = (type, completed) }
        screen.present(share, animated: true)
        runFor(host, seconds: 1)
        let sheet = share.controller as! AlertController
        #expect(sheet.actions.map(\.title) == ["Copy", "Cancel"])
        sheet.actionButtons.first?.sendActions(for: .primaryActionTriggered)
        runFor(host, seconds: 1)
        #expect(UIPasteboard.general.string == "hello\nhttps://example.org")
        #expect(result?.0 == .copyToPasteboard && result?.1 == true)
    }

    @Test("UK1 UITextInput: selectedTextRange, text(in:), replace(_:withText:) and positions in UTF-16 units on text views and fields")
    func UK1_textInput() {
        let (host, window) = makeApp()
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.addSubview(view)
        window.makeKeyAndVisible()
        view.text = "make 😀 bold"
        host.step()
        let start = view.position(from: view.beginningOfDocument, offset: 8)!
        let end = view.position(from: start, offset: 4)!
        view.selectedTextRange = view.textRange(from: start, to: end)
        let range = view.selectedTextRange!
        #expect(view.text(in: range) == "bold" && view.offset(from: view.beginningOfDocument, to: view.endOfDocument) == 12)
        view.replace(range, withText: "**bold**")
        #expect(view.text == "make 😀 **bold**")
        #expect(view.caretRect(for: view.endOfDocument).height > 0)
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        field.text = "abc"
        field.replace(field.textRange(from: field.beginningOfDocument, to: field.position(from: field.beginningOfDocument, offset: 1)!)!,
                      withText: "X")
        #expect(field.text == "Xbc" && field.compare(field.beginningOfDocument, to: field.endOfDocument) == .orderedAscending)
    }
}
