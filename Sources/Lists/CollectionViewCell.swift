@_spi(Engine) import Views
@_spi(Engine) import Scrolling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import UpdateLoop

/// What a collection view shows (SC6), as `UICollectionViewDataSource`.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// How many sections there are (1 by default).
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// How many items `section` has; asked when the view loads or reloads, not per frame.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for the item at `indexPath`, dequeued and configured; asked only when the item comes into view.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// The supplementary view of `kind` the layout placed at `indexPath` (dequeued with
    /// ``CollectionView/dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)``);
    /// nil shows nothing there.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView?
}

extension CollectionViewDataSource {
    /// By default a collection has one section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// By default there are no supplementary views.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView? { nil }
}

/// What a collection view tells and asks (SC6), as `UICollectionViewDelegate`.
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
    /// Whether a tap may select the item.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The user selected the item.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// The user's selection left the item.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether a press highlights the item.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// The item's cell is about to come into view, configured.
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// A supplementary view is about to come into view.
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                        forElementKind kind: String, at indexPath: IndexPath)
}

extension CollectionViewDelegate {
    /// By default every item may be selected.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// By default nothing happens.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// By default nothing happens.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// By default every item highlights.
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// By default nothing happens.
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// By default nothing happens.
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                               forElementKind kind: String, at indexPath: IndexPath) {}
}

/// A view a collection view places and reuses (SC6), as `UICollectionReusableView`: the base
/// of cells, supplementary views (headers, footers, badges) and decoration views.
open class CollectionReusableView: View {
    /// The pool it belongs to; set by ``init(reuseIdentifier:)``, or by a facade right after it
    /// made the view through an initialiser that cannot take it (UIKit's `init(frame:)`).
    public package(set) var reuseIdentifier: String?
    /// The kind it was dequeued for (nil for a cell).
    public package(set) var elementKind: String?
    /// A view for the reuse pool of `reuseIdentifier` (the collection view sets its frame).
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }
    /// A view outside any reuse pool placed by `frame`, as UIKit's `init(frame:)` (MR6); a
    /// cell made so is a cell, with its content view.
    public convenience override init(frame: Rect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }
    /// Called before the collection view hands the view out again.
    open func prepareForReuse() {}
    /// The attributes the view would like, given those the layout gave (UIKit's
    /// `preferredLayoutAttributesFitting(_:)`): asked as it shows by a layout that sizes its
    /// items by their content (``CollectionViewLayout/asksPreferredLayoutAttributes``). The
    /// default keeps them; a cell's measures its content view with Auto Layout.
    open func preferredLayoutAttributesFitting(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        attributes
    }
    /// Applied by the collection view: the frame, alpha and visibility of its attributes.
    open func apply(_ attributes: CollectionViewLayoutAttributes) {
        frame = attributes.frame
        alpha = attributes.alpha
        isHidden = attributes.isHidden
    }
}

/// An item of a collection view (SC6), as `UICollectionViewCell`.
open class CollectionViewCell: CollectionReusableView {
    /// The view to add the item's subviews to.
    public let contentView = View()
    /// Whether the item is selected.
    public var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether a press is on the item.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// A cell reused under `reuseIdentifier` (nil: made by hand); the collection view makes registered cells with it.
    public required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.identifier = "contentView"
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
    open override func prepareForReuse() { isSelected = false; isHighlighted = false }
    /// The content view's size as small as its constraints allow (a dimension they leave open
    /// keeps the layout's).
    open override func preferredLayoutAttributesFitting(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        var a = attributes
        let size = contentView.systemLayoutSizeFitting(.zero)
        if size.width > 0, size.width.isFinite { a.frame.size.width = size.width }
        if size.height > 0, size.height.isFinite { a.frame.size.height = size.height }
        return a
    }
    /// Called when ``isSelected`` or ``isHighlighted`` changed (a facade restyles the cell).
    open func stateDidChange() {}
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }
}

/// The key of a supplementary or decoration view on screen.
struct ElementKey: Hashable {
    var isDecoration: Bool
    var kind: String
    var indexPath: IndexPath
}
