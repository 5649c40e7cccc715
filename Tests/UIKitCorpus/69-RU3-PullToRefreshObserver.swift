import UIKit

// RU3: a pull-to-refresh header that watches its scroll view with key-value observing, in both
// spellings: the string key paths with observeValue(forKeyPath:...), and the block API.

private var headerContext = 0

final class PullHeader: UIView {
    private weak var scrollView: UIScrollView?
    private var insetObservation: NSKeyValueObservation?
    private(set) var progress: CGFloat = 0
    var onTrigger: (() -> Void)?

    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        scrollView?.removeObserver(self, forKeyPath: "contentOffset", context: &headerContext)
        insetObservation?.invalidate()
        guard let scroll = newSuperview as? UIScrollView else { return }
        scrollView = scroll
        scroll.addObserver(self, forKeyPath: "contentOffset", options: [.initial, .new], context: &headerContext)
        insetObservation = scroll.observe(\.contentSize, options: [.new]) { [weak self] _, change in
            guard let size = change.newValue else { return }
            self?.frame.size.width = size.width
        }
    }

    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                               context: UnsafeMutableRawPointer?) {
        guard context == &headerContext, let offset = change?[.newKey] as? CGPoint else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
            return
        }
        progress = min(1, max(0, -offset.y / 60))
        if progress >= 1 { onTrigger?() }
        setNeedsDisplay()
    }
}
