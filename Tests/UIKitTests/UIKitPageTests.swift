import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel
import UpdateLoop

final class NumberPage: UIViewController {
    let number: Int
    init(_ number: Int) { self.number = number; super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class PageSource: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    var log: [String] = []
    func pageViewController(_ p: UIPageViewController, viewControllerBefore v: UIViewController) -> UIViewController? {
        let n = (v as! NumberPage).number
        return n > 0 ? NumberPage(n - 1) : nil
    }
    func pageViewController(_ p: UIPageViewController, viewControllerAfter v: UIViewController) -> UIViewController? {
        let n = (v as! NumberPage).number
        return n < 4 ? NumberPage(n + 1) : nil
    }
    func pageViewController(_ p: UIPageViewController, willTransitionTo pending: [UIViewController]) {
        log.append("will \((pending.first as! NumberPage).number)")
    }
    func pageViewController(_ p: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
                            transitionCompleted completed: Bool) {
        log.append("did \((previousViewControllers.first as! NumberPage).number) \(completed)")
    }
}

@MainActor
@Suite("UK1 UIPageViewController over a paging scroll view")
struct UIKitPageTests {
    @Test("UK1 a swipe pages to the data source's next page and tells the delegate; setViewControllers slides to a page")
    func UK1_pages() {
        let (host, window) = makeApp(width: 300, height: 400)
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        let source = PageSource()
        pages.dataSource = source
        pages.delegate = source
        window.rootViewController = pages
        window.makeKeyAndVisible()
        pages.setViewControllers([NumberPage(0)], direction: .forward, animated: false)
        host.step(); host.step()
        #expect((pages.viewControllers?.first as? NumberPage)?.number == 0)
        #expect(pages.children.count == 2)                                     // page 0 and its next
        #expect(pages.scrollView.contentSize == CGSize(width: 600, height: 400))
        // A swipe toward the leading edge.
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 250, y: 200), button: 1), timestamp: t))
        for k in 1...10 {
            t += 0.016
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 250 - Double(k) * 20, y: 200), buttons: 1), timestamp: t))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 50, y: 200), button: 1), timestamp: t + 0.01))
        runFor(host, seconds: 2)
        #expect((pages.viewControllers?.first as? NumberPage)?.number == 1)
        #expect(source.log == ["will 1", "did 0 true"])
        #expect(pages.children.count == 3 && pages.scrollView.contentOffset.x == 300)
        // Programmatic, animated, backwards to page 0's neighbour... page 3 forward.
        var done = false
        pages.setViewControllers([NumberPage(3)], direction: .forward, animated: true) { done = $0 }
        runFor(host, seconds: 1)
        #expect((pages.viewControllers?.first as? NumberPage)?.number == 3 && done)
        #expect(source.log.count == 2)                                         // not a user transition
        #expect(pages.children.compactMap { ($0 as? NumberPage)?.number }.sorted() == [2, 3, 4])
    }
}
