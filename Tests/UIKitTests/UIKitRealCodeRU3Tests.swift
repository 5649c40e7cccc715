import Testing
import Foundation
@testable import UIKit
import Images

/// A view that records what key-value observing tells it.
final class OffsetWatcher: UIView {
    var offsets: [CGPoint] = []
    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                               context: UnsafeMutableRawPointer?) {
        if keyPath == "contentOffset", let p = change?[.newKey] as? CGPoint { offsets.append(p) }
    }
}

/// A controller that records its appearance callbacks.
final class AppearanceRecorder: UIViewController {
    var log: [String] = []
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.append("didDisappear") }
}

/// Draws with a Core Graphics context from code that is not main-actor code (RU3).
nonisolated func fillRed(_ context: CGContext, _ rect: CGRect) {
    context.saveGState()
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.fill(rect)
    context.restoreGState()
}

/// What real libraries needed of the facade (RU3), each case written here.
@MainActor
@Suite("RU3 what real UIKit libraries use: key-value observing, image contexts, CG drawing from any isolation")
struct UIKitRealCodeRU3Tests {
    @Test("RU3 key-value observing reports a scroll view's contentOffset, at once with .initial and after each change; removal stops it")
    func RU3_keyValueObservingOfContentOffset() {
        let (host, window) = makeApp()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scroll.contentSize = CGSize(width: 200, height: 1000)
        window.addSubview(scroll)
        let watcher = OffsetWatcher()
        scroll.addObserver(watcher, forKeyPath: "contentOffset", options: [.initial, .new], context: nil)
        #expect(watcher.offsets == [.zero])
        scroll.contentOffset = CGPoint(x: 0, y: 120)
        host.step()
        #expect(watcher.offsets.last == CGPoint(x: 0, y: 120))
        var sizes: [CGSize] = []
        let observation = scroll.observe(\.contentSize, options: [.new]) { _, change in change.newValue.map { sizes.append($0) } }
        scroll.contentSize = CGSize(width: 200, height: 1500)
        scroll.contentOffset = CGPoint(x: 0, y: 130)
        host.step()
        #expect(sizes == [CGSize(width: 200, height: 1500)])
        observation.invalidate()
        scroll.removeObserver(watcher, forKeyPath: "contentOffset", context: nil)
        let seen = watcher.offsets.count
        scroll.contentOffset = CGPoint(x: 0, y: 10)
        host.step()
        #expect(watcher.offsets.count == seen)
    }

    @Test("RU3 UIGraphicsBeginImageContextWithOptions draws into an image until UIGraphicsEndImageContext")
    func RU3_imageContextFunctions() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 10), false, 2)
        let context = try #require(UIGraphicsGetCurrentContext())
        fillRed(context, CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 20, height: 10))
        #expect(image.image.bitmap.width == 40)
        #expect(pixel(image.image, 5, 5, is: (255, 0, 0)))
        #expect(image.image.bitmap.pixel(x: 35, y: 5).alpha == 0)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    }

    @Test("RU3 a scroll view's panGestureRecognizer is its engine recognizer, one object, and scrolling still works")
    func RU3_scrollViewPanRecognizer() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let pan = scroll.panGestureRecognizer
        #expect(pan === scroll.panGestureRecognizer)
        #expect(pan.recognizer === scroll.scroll.panGestureRecognizer)
        #expect(scroll.scroll.panGestureRecognizer.delegate != nil)     // the scroll view's own, kept
    }

    @Test("RU3 a container drives its child's appearance callbacks with begin/endAppearanceTransition")
    func RU3_appearanceTransitions() {
        let child = AppearanceRecorder()
        child.beginAppearanceTransition(true, animated: false)
        child.endAppearanceTransition()
        child.beginAppearanceTransition(false, animated: true)
        child.endAppearanceTransition()
        #expect(child.log == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
    }

    @Test("RU3 Darwin's time constants and Core Graphics' equalTo")
    func RU3_darwinNamesAndEqualTo() {
        #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000 && USEC_PER_SEC == 1_000_000)
        #expect(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
        #expect(!CGRect(x: 0, y: 0, width: 1, height: 1).equalTo(.zero))
    }

    @Test("RU3 strings measure and draw and fonts give their line height from code that is not main-actor code, on the main thread and off it")
    func RU3_textFromAnyIsolation() async throws {
        let font = UIFont.systemFont(ofSize: 20)
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.red]
        let onMain = measure("Axis", attributes)
        #expect(onMain.width > 20 && onMain.height >= 20)
        let offMain = await Task.detached { (measure("Axis", [.font: UIFont.systemFont(ofSize: 20)]),
                                              UIFont.systemFont(ofSize: 20).lineHeight,
                                              UIGraphicsGetCurrentContext() == nil) }.value
        #expect(offMain.0 == onMain)
        #expect(offMain.1 == font.lineHeight)
        #expect(offMain.2)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 120, height: 40), false, 1)
        drawLabel("Axis", attributes)
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        let bitmap = image.image.bitmap
        let red = (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { (x: $0, y: y) } }
            .filter { let p = bitmap.pixel(x: $0.x, y: $0.y); return p.red > 150 && p.green < 100 && p.alpha > 150 }
        #expect(!red.isEmpty)
        #expect(red.allSatisfy { $0.x < Int(onMain.width) + 2 && $0.y < Int(onMain.height) + 2 })
    }

    @Test("RU3 addRelativeArc turns by delta from the start angle: positive as angles grow, negative the other way")
    func RU3_relativeArc() {
        let up = CGMutablePath()
        up.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi / 2)
        #expect(abs(up.currentPoint.x) < 1e-6 && abs(up.currentPoint.y - 10) < 1e-6)
        #expect(up.boundingBoxOfPath.minX >= -1e-6 && up.boundingBoxOfPath.minY >= -1e-6)
        let down = CGMutablePath()
        down.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: -.pi / 2)
        #expect(abs(down.currentPoint.y + 10) < 1e-6)
        #expect(down.boundingBoxOfPath.maxY <= 1e-6)
    }

    @Test("RU3 NSHashTable with weak memory forgets a released object; a strong one keeps it")
    func RU3_hashTable() {
        let weakTable = NSHashTable<Marker>(options: .weakMemory), strongTable = NSHashTable<Marker>.hashTable(options: .strongMemory)
        let kept = Marker()
        do {
            let gone = Marker()
            weakTable.add(gone); weakTable.add(kept); weakTable.add(kept)
            #expect(weakTable.count == 2 && weakTable.contains(gone))
        }
        do { strongTable.add(Marker()) }
        #expect(weakTable.count == 1 && weakTable.allObjects.first === kept)
        #expect(strongTable.count == 1)
        weakTable.remove(kept)
        #expect(weakTable.count == 0 && !weakTable.contains(kept))
    }

    @Test("RU3 invalidateLayout(with:) prepares the layout again and moves the content by the context's offset adjustment")
    func RU3_invalidationContext() {
        let (host, window) = makeApp()
        let layout = UICollectionViewFlowLayout()
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: layout)
        window.addSubview(collection)
        host.step()
        let context = UICollectionViewFlowLayoutInvalidationContext()
        context.contentOffsetAdjustment = CGPoint(x: 0, y: 30)
        layout.invalidateLayout(with: context)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 30))
        #expect(layout.invalidationContext(forBoundsChange: collection.bounds).contentOffsetAdjustment == .zero)
    }
}

/// Measures from a function that is not main-actor code, as a chart's renderer does.
nonisolated func measure(_ text: String, _ attributes: [NSAttributedString.Key: Any]) -> CGSize {
    (text as NSString).size(withAttributes: attributes)
}
nonisolated func drawLabel(_ text: String, _ attributes: [NSAttributedString.Key: Any]) {
    text.draw(at: .zero, withAttributes: attributes)
}

/// An object to hold in hash tables.
final class Marker {}
