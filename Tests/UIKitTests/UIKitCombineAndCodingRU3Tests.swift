import Testing
import Foundation
import Combine
@testable import UIKit
@testable import ObjCLowering

/// A view applying its state in iOS 26's `updateProperties()`.
final class PropertiesLabel: UILabel {
    var runs = 0
    var state = "a"
    override func updateProperties() {
        super.updateProperties()
        runs += 1
        text = state
    }
}

/// A model publishing its progress, as Combine view models do.
final class PublishedProgress: ObservableObject {
    @Published var progress: Float = 0
}

/// What real libraries' code needs beyond UIKit (RU3): Apple's Combine, under its own module
/// name (GradientLoadingBar's view model), and key-value coding sent to a cast to `AnyObject`
/// (AwesomeSpotlightView's localised strings).
@MainActor
@Suite("RU3 Combine, key-value coding through AnyObject, updateProperties and previews")
struct UIKitCombineAndCodingRU3Tests {
    @Test("RU3 Combine under Apple's names: a window becoming key reaches a NotificationCenter publisher once; a @Published value is assigned to a view on the main queue")
    func RU3_combine() async {
        let (host, window) = makeApp()
        var subscriptions = Set<AnyCancellable>()
        let keyWindow = CurrentValueSubject<UIWindow?, Never>(nil)
        var seen: [UIWindow] = []
        NotificationCenter.default.publisher(for: UIWindow.didBecomeKeyNotification)
            .compactMap { $0.object as? UIWindow }
            .sink { keyWindow.value = $0; seen.append($0) }
            .store(in: &subscriptions)
        let windows: AnyPublisher<UIWindow?, Never> = keyWindow.eraseToAnyPublisher()
        var last: UIWindow??
        windows.sink { last = $0 }.store(in: &subscriptions)
        window.makeKeyAndVisible()
        window.makeKeyAndVisible()          // already key: no second notice
        #expect(seen.count == 1 && seen.first === window)
        #expect(last.flatMap { $0 } === window)

        let model = PublishedProgress()
        let bar = UIProgressView(progressViewStyle: .default)
        window.addSubview(bar)
        model.$progress.receive(on: DispatchQueue.main).assign(to: \.progress, on: bar).store(in: &subscriptions)
        model.progress = 0.5
        #expect(bar.progress == 0)          // delivered on the main queue, not in the call
        await Self.mainQueueDrained()
        #expect(bar.progress == 0.5)
        subscriptions.removeAll()
        model.progress = 0.9
        await Self.mainQueueDrained()
        host.step()
        #expect(bar.progress == 0.5)        // cancelled: nothing more arrives
    }

    @Test("RU3 a UIView subclass's updateProperties runs over the engine's pass before layout; #Preview blocks are blanked by the lowering, lines kept")
    func RU3_updatePropertiesAndPreviews() {
        let (host, window) = makeApp()
        let label = PropertiesLabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        window.addSubview(label)
        host.step()
        #expect(label.runs == 1 && label.text == "a")
        label.state = "b"
        label.setNeedsUpdateProperties()
        host.step()
        #expect(label.runs == 2 && label.text == "b")

        let source = """
        final class V: UIView {}
        #Preview("Card", traits: .sizeThatFitsLayout) {
            let v = V()
            return v
        }
        #Preview { V() }
        let after = 1

        """
        let lowered = lowerObjectiveC(source)
        let lines = lowered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(lines[0] == "final class V: UIView {}")
        #expect(lines[1...5].allSatisfy { $0.allSatisfy { $0 == " " } })
        #expect(lines[6] == "let after = 1")
    }

    /// Returns once the main queue has run what was queued on it before the call (first in,
    /// first out): the test's main-actor job gives the queue up while it waits.
    static func mainQueueDrained() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in DispatchQueue.main.async { done.resume() } }
    }

    @Test("RU3 key-value coding sent to a cast to AnyObject is lowered through AnyKeyValueCoding and reads nested dictionaries as Darwin does")
    func RU3_keyValueCodingThroughAnyObject() {
        let source = """
        let s = ((table.value(forKey: "Buttons") as AnyObject).value(forKey: key) as AnyObject).value(forKey: "value") as? String
        let t = (item as AnyObject).value(forKeyPath: "a.b"); let u = f(item as AnyObject).value(forKey: "k")
        let v = (item as AnyObject).setValue(1, forKey: "k"); let w = (item as? NSObject).value(forKey: "k")

        """
        let lowered = lowerObjectiveC(source, moduleClassParents: [:])
        let lines = lowered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(lines[0] == "let s = AnyKeyValueCoding(AnyKeyValueCoding(table.value(forKey: \"Buttons\") as AnyObject).value(forKey: key) as AnyObject).value(forKey: \"value\") as? String")
        #expect(lines[1] == "let t = AnyKeyValueCoding(item as AnyObject).value(forKeyPath: \"a.b\"); let u = f(item as AnyObject).value(forKey: \"k\")")
        #expect(lines[2] == "let v = (item as AnyObject).setValue(1, forKey: \"k\"); let w = (item as? NSObject).value(forKey: \"k\")")

        // What the lowered code does: a property list's nested dictionaries, as AwesomeSpotlightView reads them.
        let table: NSDictionary = ["Buttons": ["next": ["value": "Next"], "close": NSDictionary(dictionary: ["value": "Close"])]]
        func localize(_ key: String) -> String? {
            AnyKeyValueCoding(AnyKeyValueCoding(table.value(forKey: "Buttons") as AnyObject).value(forKey: key) as AnyObject)
                .value(forKey: "value") as? String
        }
        #expect(localize("next") == "Next")
        #expect(localize("close") == "Close")
        #expect(localize("missing") == nil)
        #expect(AnyKeyValueCoding(table).value(forKeyPath: "Buttons.next.value") as? String == "Next")
        #expect(AnyKeyValueCoding(NSNull()).value(forKey: "x") == nil && AnyKeyValueCoding(nil).value(forKey: "x") == nil)
        #expect(AnyKeyValueCoding(UIView()).value(forKey: "frame") == nil)      // no keys here: nil, and a message
    }
}
