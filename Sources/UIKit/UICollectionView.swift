import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UICollectionView` over the engine's `CollectionView`: cells and supplementary views
/// registered by class and reused, placed by the layout, only the visible ones alive;
/// selection, highlight and editing.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    package var collection: CollectionView { view as! CollectionView }
    private var layoutFacade: UICollectionViewLayout
    /// The facades of the cells and views the engine holds (it holds their engine views).
    private var reusableFacades: [ObjectIdentifier: UICollectionReusableView] = [:]

    /// `UICollectionView.ScrollDirection`: the axis a flow layout lays out along.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
    /// `UICollectionView.ElementCategory`: a cell, a supplementary view, or a decoration view.
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }
    /// The kind of a section header: the engine flow layout's `elementKindSectionHeader`.
    public static let elementKindSectionHeader = CollectionViewFlowLayout.elementKindSectionHeader
    /// The kind of a section footer: the engine flow layout's `elementKindSectionFooter`.
    public static let elementKindSectionFooter = CollectionViewFlowLayout.elementKindSectionFooter

    /// `UICollectionView(frame:collectionViewLayout:)`: an engine `CollectionView` at `frame` (points)
    /// with the layout's engine layout.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        layoutFacade = layout
        super.init(coder: EngineViewCoder(CollectionView(frame: .zero, collectionViewLayout: layout.engine), frame: frame))!
    }
    /// `UICollectionView(coder:)`: an engine `CollectionView` with a flow layout.
    public required init?(coder: NSCoder) {
        let layout = UICollectionViewFlowLayout()
        layoutFacade = layout
        super.init(coder: EngineViewCoder.carrying(coder) { CollectionView(frame: .zero, collectionViewLayout: layout.engine) })
    }
    override func makeDelegateBridge() -> ScrollDelegateBridge { CollectionBridge(self) }

    /// The items load at the next layout, as in UIKit (cell classes registered after this are
    /// found).
    open weak var dataSource: (any UICollectionViewDataSource)? { didSet { collection.setNeedsReload() } }
    open override weak var delegate: (any UIScrollViewDelegate)? { didSet { collection.setNeedsReload() } }
    /// `UICollectionView.collectionViewLayout`: the layout; setting it gives the engine view its engine
    /// layout.
    open var collectionViewLayout: UICollectionViewLayout {
        get { layoutFacade }
        set { layoutFacade = newValue; collection.collectionViewLayout = newValue.engine }
    }
    /// Partial: the new layout applies at once (not animated).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) { collectionViewLayout = layout }
    func keep(_ view: UICollectionReusableView) { reusableFacades[ObjectIdentifier(view.reusableView)] = view }
    func facade(_ c: CollectionViewCell) -> UICollectionViewCell {
        if let f = reusableFacades[ObjectIdentifier(c)] as? UICollectionViewCell { return f }
        let f = UICollectionViewCell.wrap(c)
        keep(f)
        return f
    }
    private func facade(_ v: CollectionReusableView) -> UICollectionReusableView {
        if let f = reusableFacades[ObjectIdentifier(v)] { return f }
        let f = UICollectionReusableView.wrap(v)
        keep(f)
        return f
    }

    // MARK: Registration and reuse

    /// `UICollectionView.register(_:forCellWithReuseIdentifier:)`: registers the cell class with the
    /// engine collection view under `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        let type = (cellClass as? UICollectionViewCell.Type) ?? UICollectionViewCell.self
        collection.register(forCellWithReuseIdentifier: identifier) { [weak self] id in
            let cell = UICollectionViewCell.make(type, identifier: id)
            self?.keep(cell)
            return cell.collectionCell
        }
    }
    /// `UICollectionView.dequeueReusableCell(withReuseIdentifier:for:)`: the engine's reused or new cell.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        facade(collection.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath))
    }
    /// Registers the class of the supplementary views of `elementKind` (a section header or
    /// footer, or a kind of your layout's) dequeued by `identifier`.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let type = (viewClass as? UICollectionReusableView.Type) ?? UICollectionReusableView.self
        collection.register(forSupplementaryViewOfKind: elementKind, withReuseIdentifier: identifier) { [weak self] id in
            let v = UICollectionReusableView.make(type, identifier: id)
            self?.keep(v)
            return v.reusableView
        }
    }
    /// A supplementary view of `elementKind` from its pool (after `prepareForReuse()`) or a new
    /// one of the registered class.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        facade(collection.dequeueReusableSupplementaryView(ofKind: elementKind, withReuseIdentifier: identifier, for: indexPath))
    }
    /// What the data source's default `viewForSupplementaryElementOfKind` returns: nothing is
    /// shown, and the window's diagnostics say the data source does not make the view.
    func missingSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        if !reportedMissing.contains(kind) {
            reportedMissing.insert(kind)
            view.window?.report(misuse: "UICollectionView \(view.traceName): the layout places a supplementary view of kind '\(kind)' but the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:); nothing is shown",
                                views: [view.traceName])
        }
        if let v = missingPlaceholder { return v }
        let v = UICollectionReusableView(frame: .zero)
        v.isMissingSupplementary = true
        missingPlaceholder = v
        return v
    }
    private var reportedMissing = Set<String>()
    private var missingPlaceholder: UICollectionReusableView?

    // MARK: Data and what shows

    /// `UICollectionView.reloadData()`: the engine collection view's `reloadData()`.
    open func reloadData() { collection.reloadData() }
    // Batch updates are the engine's: checked as UIKit checks them, animated as its default.
    /// `UICollectionView.reloadSections(_:)`: the engine collection view's, as a batch update.
    open func reloadSections(_ sections: IndexSet) { update { collection.reloadSections(sections) } }
    /// `UICollectionView.reloadItems(at:)`: the engine collection view's, as a batch update.
    open func reloadItems(at indexPaths: [IndexPath]) { update { collection.reloadItems(at: indexPaths) } }
    /// `UICollectionView.insertItems(at:)`: the engine collection view's, as a batch update.
    open func insertItems(at indexPaths: [IndexPath]) { update { collection.insertItems(at: indexPaths) } }
    /// `UICollectionView.deleteItems(at:)`: the engine collection view's, as a batch update.
    open func deleteItems(at indexPaths: [IndexPath]) { update { collection.deleteItems(at: indexPaths) } }
    /// `UICollectionView.moveItem(at:to:)`: the engine collection view's, as a batch update.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { update { collection.moveItem(at: indexPath, to: newIndexPath) } }
    /// `UICollectionView.insertSections(_:)`: the engine collection view's, as a batch update.
    open func insertSections(_ sections: IndexSet) { update { collection.insertSections(sections) } }
    /// `UICollectionView.deleteSections(_:)`: the engine collection view's, as a batch update.
    open func deleteSections(_ sections: IndexSet) { update { collection.deleteSections(sections) } }
    /// `UICollectionView.moveSection(_:toSection:)`: the engine collection view's, as a batch update.
    open func moveSection(_ section: Int, toSection newSection: Int) { update { collection.moveSection(section, toSection: newSection) } }
    /// `UICollectionView.performBatchUpdates(_:completion:)`: the engine collection view's batch update.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        update { collection.performBatchUpdates(updates, completion: completion) }
    }
    /// Runs an update of the engine's; then the cells that stayed learn their new places (a list
    /// cell its expansion, depth and whether it is first or last), as they do when displayed.
    private func update(_ body: () -> Void) {
        body()
        for c in collection.loadedCells {
            if let p = collection.indexPath(for: c) { facade(c).willBeDisplayed(at: p) }
        }
    }
    /// `UICollectionView.visibleCells`: the engine collection view's visible cells.
    open var visibleCells: [UICollectionViewCell] { collection.visibleCells.map(facade) }
    /// `UICollectionView.indexPathsForVisibleItems`: the engine collection view's visible items.
    open var indexPathsForVisibleItems: [IndexPath] { collection.indexPathsForVisibleItems }
    /// `UICollectionView.cellForItem(at:)`: the engine's loaded cell at the index path, or nil.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { collection.cellForItem(at: indexPath).map(facade) }
    /// `UICollectionView.indexPathForItem(at:)`: the item at a point (points in the collection view).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { collection.indexPathForItem(at: point.point) }
    /// `UICollectionView.indexPath(for:)`: the engine's index path of a cell, or nil.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { collection.indexPath(for: cell.collectionCell) }
    /// `UICollectionView.supplementaryView(forElementKind:at:)`: the engine's loaded view, or nil.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        collection.supplementaryView(forElementKind: elementKind, at: indexPath).map(facade)
    }
    /// `UICollectionView.visibleSupplementaryViews(ofKind:)`: the engine's visible views of a kind.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        collection.visibleSupplementaryViews(ofKind: elementKind).map(facade)
    }
    /// `UICollectionView.indexPathsForVisibleSupplementaryElements(ofKind:)`: their index paths.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        collection.indexPathsForVisibleSupplementaryElements(ofKind: elementKind)
    }
    /// `UICollectionView.layoutAttributesForItem(at:)`: the engine layout's attributes of an item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collection.collectionViewLayout.layoutAttributesForItem(at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    /// `UICollectionView.layoutAttributesForSupplementaryElement(ofKind:at:)`: the engine layout's
    /// attributes of a supplementary view.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collection.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    /// Scrolls the item into view (an item of an orthogonal section: the collection view to
    /// its band, and the band to it). Partial: the least scroll that shows it, whatever the
    /// scroll position asks.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        collection.scrollToItem(at: indexPath, animated: animated)
    }
    /// `UICollectionView.ScrollPosition`: where an item should end up; the engine scrolls the least
    /// that shows it whatever is asked.
    public struct ScrollPosition: OptionSet, Sendable {
        /// The positions as UIKit's bits.
        public let rawValue: UInt
        /// The positions whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// At the top.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// Centred vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// At the bottom.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// At the left.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// Centred horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// At the right.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    // MARK: Selection and editing

    /// `UICollectionView.allowsSelection`: the engine collection view's `allowsSelection`.
    open var allowsSelection: Bool { get { collection.allowsSelection } set { collection.allowsSelection = newValue } }
    /// `UICollectionView.allowsMultipleSelection`: the engine collection view's `allowsMultipleSelection`.
    open var allowsMultipleSelection: Bool {
        get { collection.allowsMultipleSelection } set { collection.allowsMultipleSelection = newValue }
    }
    /// `UICollectionView.indexPathsForSelectedItems`: the engine collection view's selected items.
    open var indexPathsForSelectedItems: [IndexPath]? { collection.indexPathsForSelectedItems }
    /// Selects the item without telling the delegate (as UIKit's); nil deselects all.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        collection.selectItem(at: indexPath, animated: animated)
        if let indexPath, !scrollPosition.isEmpty { collection.scrollToItem(at: indexPath, animated: animated) }
    }
    /// `UICollectionView.deselectItem(at:animated:)`: the engine collection view's `deselectItem`.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) { collection.deselectItem(at: indexPath, animated: animated) }
    /// Editing mode: the cells the collection view holds (those loaded past the edges too)
    /// update their configurations (a list cell shows its editing accessories).
    open var isEditing = false {
        didSet {
            guard isEditing != oldValue else { return }
            for c in collection.loadedCells.map(facade) { c.setNeedsUpdateConfiguration() }
        }
    }
    /// Told when a list cell's outline disclosure without a handler of its own is tapped (a
    /// diffable data source expands or collapses the item).
    var outlineToggleHandler: ((IndexPath) -> Void)?
    /// Partial: kept; selection works the same while editing.
    open var allowsSelectionDuringEditing = false
    /// Partial: kept; selection works the same while editing.
    open var allowsMultipleSelectionDuringEditing = false
    /// Partial: kept, not shown behind the items.
    open var backgroundView: UIView?
}

extension UICollectionView {
    /// The data source's counts (0 without one).
    public var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }
    /// `UICollectionView.numberOfItems(inSection:)`: the data source's item count (0 outside the sections).
    public func numberOfItems(inSection section: Int) -> Int {
        guard section >= 0, section < numberOfSections else { return 0 }
        return dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
    }
}

/// `UICollectionViewController`: a controller whose view is a collection view it is the data
/// source and delegate of; override the methods you need.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private let initialLayout: UICollectionViewLayout
    private var madeCollection: UICollectionView?
    /// `UICollectionViewController(collectionViewLayout:)`: a controller whose collection view uses
    /// `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }
    /// `UICollectionViewController(coder:)`: a controller with a flow layout.
    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }
    /// The collection view (the view).
    open var collectionView: UICollectionView! {
        get {
            if let c = madeCollection { return c }
            let c = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
            madeCollection = c
            c.dataSource = self
            c.delegate = self
            return c
        }
        set { madeCollection = newValue; view = newValue }
    }
    /// `UICollectionViewController.collectionViewLayout`: its collection view's layout.
    open var collectionViewLayout: UICollectionViewLayout { collectionView.collectionViewLayout }
    open override func loadView() { view = collectionView }
    /// `UICollectionViewController.clearsSelectionOnViewWillAppear`: stored only.
    open var clearsSelectionOnViewWillAppear = true
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        collectionView.isEditing = editing
    }
    /// One section by default.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// No items by default.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// An empty cell by default; override to give yours.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }
    /// A placeholder view by default.
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.missingSupplementaryView(ofKind: kind, at: indexPath)
    }
    /// False by default.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// Does nothing by default.
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// True by default.
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing by default.
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// True by default.
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing by default.
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Does nothing by default.
    open func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                             forElementKind elementKind: String, at indexPath: IndexPath) {}
    /// Does nothing by default.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}
