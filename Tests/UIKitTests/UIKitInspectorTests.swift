import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineInspector
import TimelineTestSupport

@Suite
@MainActor
struct UIKitInspectorTests {
    @Test("IN2: an app on the UIKit facade shows UIKit's class names and accessibility identifiers in the inspector's tree")
    func IN2_facadeClassNames() throws {
        let (host, window) = makeApp()
        let card = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 80))
        let label = UILabel(frame: CGRect(x: 8, y: 8, width: 100, height: 20))
        label.accessibilityIdentifier = "title"
        card.addSubview(label)
        window.addSubview(card)
        window.makeKeyAndVisible()
        host.step(frames: 2)
        let inspector = Inspector(runLoop: host.runLoop, appName: "uikit")
        let document = inspector.handle(text: "{\"id\":1,\"method\":\"DOM.getDocument\"}")
        #expect(document.contains("\"nodeName\":\"UIWindow\""), "\(document.prefix(400))")
        #expect(document.contains("\"nodeName\":\"UIView\""))
        #expect(document.contains("\"nodeName\":\"UILabel\""))
        #expect(document.contains("\"accessibilityIdentifier\",\"title\""))
        #expect(document.contains("\"frame\",\"8 8 100 20\""))
        host.step(frames: 2)
    }
}
