import UIKit

// RU3: a library protocol that refines UIScrollViewDelegate and forwards UIKit's optional
// methods with `?.method?(...)`, the zooming and inset callbacks among them; tab bar items
// styled through their appearance proxy and title attributes.

public protocol ShelfDelegate: UIScrollViewDelegate {
    func shelf(_ shelf: ShelfView, didPick index: Int)
}

public final class ShelfView: UIScrollView, UIScrollViewDelegate {
    public weak var shelfDelegate: ShelfDelegate?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        delegate = self
    }
    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) { shelfDelegate?.scrollViewDidScroll?(scrollView) }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
        shelfDelegate?.scrollViewWillBeginZooming?(scrollView, with: view)
    }
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        shelfDelegate?.scrollViewDidEndZooming?(scrollView, with: view, atScale: scale)
    }
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        shelfDelegate?.scrollViewDidChangeAdjustedContentInset?(scrollView)
    }
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        shelfDelegate?.scrollViewDidEndDecelerating?(scrollView)
        shelfDelegate?.shelf(self, didPick: Int(contentOffset.x / max(bounds.width, 1)))
    }
}

enum ShelfTabs {
    static func style() {
        UITabBarItem.appearance().setTitleTextAttributes([.font: UIFont.systemFont(ofSize: 10, weight: .medium)], for: .normal)
        UITabBarItem.appearance().titlePositionAdjustment = UIOffset(horizontal: 0, vertical: -2)
    }

    static func item(named title: String) -> UITabBarItem {
        let item = UITabBarItem(title: title, image: nil, tag: 0)
        item.setTitleTextAttributes([.foregroundColor: UIColor.systemPink], for: .selected)
        return item
    }
}
