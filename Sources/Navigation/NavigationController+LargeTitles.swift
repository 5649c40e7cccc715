@_spi(Engine) import Views
@_spi(Engine) import Scrolling
import Geometry

/// Large titles (CN4), as UIKit shows them: with ``NavigationBar/prefersLargeTitles`` the top
/// screen's title also shows large, left-aligned, in a row under the bar's title row. The row is
/// room at the top of the screen's scroll view (the screen's view, or its first subview when that
/// is a scroll view): the scroll view's adjusted inset grows by the row's height, so scrolling the
/// content up collapses the row point for point, the small centred title coming in once it is
/// gone, and pulling down past the top stretches it. A screen without a scroll view keeps the row
/// open. Not yet: a search bar (accessory view) together with a large title; the title's
/// cross-fade when a push changes screens.
extension NavigationController: LargeTitleScrollObserver {
    /// The large title row's full height (34-point bold text and its margins, as UIKit's).
    public static let largeTitleRowHeight = 52.0

    /// Whether the top screen shows its title large.
    var showsLargeTitle: Bool {
        guard navigationBar.prefersLargeTitles, let top = topViewController else { return false }
        return top.navigationItem.largeTitleDisplayMode != .never && top.navigationItem.accessoryView == nil
    }

    /// The scroll view a screen's large title follows: its view, or the view's first subview.
    func largeTitleScrollView(of screen: ViewController) -> ScrollView? {
        guard screen.isViewLoaded else { return nil }
        if let s = screen.view as? ScrollView { return s }
        return screen.view.subviews.first as? ScrollView
    }

    /// Sets the bar and the top screen's scroll view up for the top screen (after a push, a pop or
    /// a change of the setting), taking the room back from the screen that had it.
    func updateLargeTitle() {
        let top = topViewController
        let scroll = top.flatMap(largeTitleScrollView(of:))
        if let old = trackedLargeTitleScrollView, old !== scroll || !showsLargeTitle {
            old.largeTitleObserver = nil
            if old.largeTitleInset != 0 {
                let y = old.contentOffset.y
                old.largeTitleInset = 0
                if y < old.minimumContentOffset.y { old.contentOffset = Point(x: old.contentOffset.x, y: old.minimumContentOffset.y) }
            }
            trackedLargeTitleScrollView = nil
        }
        let bar = navigationBar
        guard showsLargeTitle, let top else {
            bar.largeTitleLabel.removeFromSuperview()
            setLargeTitleHeight(0)
            return
        }
        bar.largeTitleLabel.text = top.navigationItem.title ?? top.title ?? ""
        bar.largeTitleLabel.textColor = .black
        if bar.largeTitleLabel.superview !== bar {
            bar.largeTitleLabel.translatesAutoresizingMaskIntoConstraints = true
            bar.addSubview(bar.largeTitleLabel)
        }
        bar.clipsToBounds = true
        guard let scroll else { setLargeTitleHeight(Self.largeTitleRowHeight); return }
        if scroll.largeTitleInset != Self.largeTitleRowHeight {
            // New room: the content starts below the open row.
            let atTop = scroll.contentOffset.y <= scroll.minimumContentOffset.y + 0.5
            scroll.largeTitleInset = Self.largeTitleRowHeight
            if atTop { scroll.contentOffset = Point(x: scroll.contentOffset.x, y: scroll.minimumContentOffset.y) }
        }
        scroll.largeTitleObserver = self
        trackedLargeTitleScrollView = scroll
        largeTitleScrollViewDidScroll(scroll)
    }

    /// The row follows the offset: open by how far the content's top is below the collapsed bar.
    package func largeTitleScrollViewDidScroll(_ scroll: ScrollView) {
        guard scroll === trackedLargeTitleScrollView else { return }
        let rest = scroll.adjustedContentInset.top - scroll.largeTitleInset     // the content's top at rest, collapsed
        setLargeTitleHeight(max(0, -(scroll.contentOffset.y + rest)))
    }

    private func setLargeTitleHeight(_ h: Double) {
        let bar = navigationBar
        guard h != bar.largeTitleHeight || (h == 0 && bar.titleLabel.alpha != 1) else { return }
        bar.largeTitleHeight = h
        // The small title shows once the large one has gone under the title row.
        bar.titleLabel.alpha = h > 0 ? 0 : 1
        bar.setNeedsLayout()
        if isViewLoaded { view.setNeedsLayout() }
    }
}
