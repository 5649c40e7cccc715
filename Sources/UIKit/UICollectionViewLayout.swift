import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UICollectionViewLayoutAttributes`: where an element goes (a cell, a supplementary view of
/// a kind, a decoration view of a kind).
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject {
    /// `UICollectionViewLayoutAttributes.indexPath`: the element's index path.
    open var indexPath: IndexPath
    /// `UICollectionViewLayoutAttributes.frame`: the element's frame in the collection view, in points.
    open var frame: CGRect
    /// `UICollectionViewLayoutAttributes.alpha`: the element's opacity (0...1).
    open var alpha: CGFloat = 1
    /// `UICollectionViewLayoutAttributes.zIndex`: the element's z order (higher draws over lower).
    open var zIndex = 0
    /// `UICollectionViewLayoutAttributes.isHidden`: whether the element is hidden.
    open var isHidden = false
    /// Partial: kept; the engine places views by frame, alpha and z order only.
    open var transform: CGAffineTransform = .identity
    /// `UICollectionViewLayoutAttributes.representedElementCategory`: cell, supplementary or decoration.
    public let representedElementCategory: UICollectionView.ElementCategory
    /// `UICollectionViewLayoutAttributes.representedElementKind`: the supplementary or decoration kind;
    /// nil for a cell.
    public let representedElementKind: String?
    /// `UICollectionViewLayoutAttributes.center`: the frame's centre; setting moves the frame.
    open var center: CGPoint { get { CGPoint(x: frame.midX, y: frame.midY) } set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) } }
    /// `UICollectionViewLayoutAttributes.size`: the frame's size.
    open var size: CGSize { get { frame.size } set { frame.size = newValue } }
    /// `UICollectionViewLayoutAttributes.bounds`: the element's bounds; setting changes the frame's size.
    open var bounds: CGRect { get { CGRect(origin: .zero, size: frame.size) } set { frame.size = newValue.size } }
    /// Set for a pinned header or footer: the rectangle it stays in while it floats.
    var pinningBounds: CGRect?
    /// `UICollectionViewLayoutAttributes(forCellWith:)`: a cell's attributes, zero frame.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath; frame = .zero; representedElementCategory = .cell; representedElementKind = nil
    }
    /// `UICollectionViewLayoutAttributes(forSupplementaryViewOfKind:with:)`: a supplementary view's
    /// attributes, zero frame.
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath; frame = .zero; representedElementCategory = .supplementaryView; representedElementKind = elementKind
    }
    /// `UICollectionViewLayoutAttributes(forDecorationViewOfKind:with:)`: a decoration view's attributes,
    /// zero frame.
    public init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath; frame = .zero; representedElementCategory = .decorationView; representedElementKind = decorationViewKind
    }
    init(_ a: CollectionViewLayoutAttributes) {
        indexPath = a.indexPath; frame = CGRect(a.frame); alpha = CGFloat(a.alpha); zIndex = a.zIndex; isHidden = a.isHidden
        representedElementCategory = switch a.representedElementCategory {
        case .cell: .cell
        case .supplementaryView: .supplementaryView
        case .decorationView: .decorationView
        }
        representedElementKind = a.representedElementKind
        pinningBounds = a.pinningBounds.map(CGRect.init)
    }
    var engine: CollectionViewLayoutAttributes {
        var a = CollectionViewLayoutAttributes(indexPath: indexPath, frame: frame.rect)
        a.alpha = alpha.double; a.zIndex = zIndex; a.isHidden = isHidden
        switch representedElementCategory {
        case .cell: break
        case .supplementaryView: a.representedElementCategory = .supplementaryView
        case .decorationView: a.representedElementCategory = .decorationView
        }
        a.representedElementKind = representedElementKind
        a.pinningBounds = pinningBounds?.rect
        return a
    }
}

/// The engine layout a `UICollectionViewLayout` subclass of yours stands for: its questions
/// come back to your overrides.
final class FacadeCollectionLayout: CollectionViewLayout {
    weak var owner: UICollectionViewLayout?
    override func prepare() { owner?.prepare() }
    override var collectionViewContentSize: Size { owner?.collectionViewContentSize.size ?? .zero }
    override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        (owner?.layoutAttributesForElements(in: CGRect(rect)) ?? []).map(\.engine)
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        owner?.layoutAttributesForItem(at: indexPath)?.engine
    }
    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        owner?.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)?.engine
    }
    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        owner?.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)?.engine
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        owner?.shouldInvalidateLayout(forBoundsChange: CGRect(newBounds)) ?? false
    }
}

/// `UICollectionViewLayout`: subclass it and override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)`,
/// `layoutAttributesForItem(at:)` and `layoutAttributesForSupplementaryView(ofKind:at:)`, as in
/// UIKit. Decoration views are registered with the layout.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    package let engine: CollectionViewLayout
    public override init() {
        let e = FacadeCollectionLayout()
        engine = e
        super.init()
        e.owner = self
    }
    package init(engine: CollectionViewLayout) { self.engine = engine }
    /// Layouts from archives (storyboards, nibs) do not exist here: this makes the layout
    /// `init()` makes, as a subclass's `super.init(coder:)` expects.
    public required init?(coder: NSCoder) {
        let e = FacadeCollectionLayout()
        engine = e
        super.init()
        e.owner = self
    }
    /// `UICollectionViewLayout.collectionView`: the collection view the layout is set on.
    open var collectionView: UICollectionView? { engine.collectionView?.facade as? UICollectionView }
    /// `UICollectionViewLayout.prepare()`: called by the engine layout before it asks for attributes.
    open func prepare() {}
    /// `UICollectionViewLayout.collectionViewContentSize`: the content size in points; zero by default.
    open var collectionViewContentSize: CGSize { .zero }
    /// `UICollectionViewLayout.layoutAttributesForElements(in:)`: the elements in a rectangle; nil by
    /// default.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    /// `UICollectionViewLayout.layoutAttributesForItem(at:)`: an item's attributes; nil by default.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// `UICollectionViewLayout.layoutAttributesForSupplementaryView(ofKind:at:)`: nil by default.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// `UICollectionViewLayout.layoutAttributesForDecorationView(ofKind:at:)`: nil by default.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// `UICollectionViewLayout.shouldInvalidateLayout(forBoundsChange:)`: whether a bounds change lays
    /// out again; false by default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
    /// Where scrolling that would stop at `proposedContentOffset` stops instead. Partial: the
    /// collection view's scrolling does not ask a layout; an override is called by code only.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint { proposedContentOffset }
    /// Partial: as `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
    /// `UICollectionViewLayout.invalidateLayout()`: the engine layout's `invalidateLayout()`.
    open func invalidateLayout() { engine.invalidateLayout() }
    /// The engine's `CollectionViewLayout/invalidateLayout(with:)`: the layout is prepared again.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        engine.invalidateLayout(with: context.context)
    }
    /// `UICollectionViewLayout.invalidationContext(forBoundsChange:)`: a new, empty context.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        UICollectionViewLayoutInvalidationContext()
    }
    /// `UICollectionViewLayout.invalidationContextClass`: the invalidation context class; nothing here asks it.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }
    /// The class of the decoration views of `elementKind` (they are made by the collection view
    /// when the layout places one).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        let type = (viewClass as? UICollectionReusableView.Type) ?? UICollectionReusableView.self
        engine.register(forDecorationViewOfKind: elementKind) { [weak self] kind in
            let v = UICollectionReusableView.make(type, identifier: kind)
            self?.decorationFacades.append(v)
            return v.reusableView
        }
    }
    /// The decoration views made for this layout (the engine holds their views; these stand for them).
    private var decorationFacades: [UICollectionReusableView] = []
}

/// `UICollectionViewFlowLayout` over the engine's `CollectionViewFlowLayout`; the delegate's
/// The engine flow layout a `UICollectionViewFlowLayout` stands for: preparing, the elements'
/// attributes, invalidation and bounds changes come back to the facade object, so a subclass's
/// overrides run (a layout that centres its items, one that springs them); the facade's own
/// implementations call the engine's through the `base` methods.
final class FacadeFlowLayout: CollectionViewFlowLayout {
    weak var owner: UICollectionViewFlowLayout?
    override func prepare() { if let owner { owner.prepare() } else { super.prepare() } }
    func basePrepare() { super.prepare() }
    override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        guard let owner else { return super.layoutAttributesForElements(in: rect) }
        return (owner.layoutAttributesForElements(in: CGRect(rect)) ?? []).map(\.engine)
    }
    override func appendLayoutAttributesForElements(in rect: Rect, to out: inout [CollectionViewLayoutAttributes]) {
        out.append(contentsOf: layoutAttributesForElements(in: rect))
    }
    func baseAttributes(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        var out: [CollectionViewLayoutAttributes] = []
        super.appendLayoutAttributesForElements(in: rect, to: &out)
        return out
    }
    override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        guard let owner else { return super.invalidateLayout(with: context) }
        owner.invalidateLayout(with: UICollectionViewFlowLayoutInvalidationContext(context: context))
    }
    func baseInvalidate(with context: CollectionViewLayoutInvalidationContext) { super.invalidateLayout(with: context) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        owner?.shouldInvalidateLayout(forBoundsChange: CGRect(newBounds)) ?? super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
    func baseShouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { super.shouldInvalidateLayout(forBoundsChange: newBounds) }
}

/// `sizeForItemAt`, `insetForSectionAt`, spacings and header and footer reference sizes are
/// asked per item and section.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    package var flow: CollectionViewFlowLayout { engine as! CollectionViewFlowLayout }
    /// `UICollectionViewFlowLayout.ScrollDirection`: the axis items flow along.
    public typealias ScrollDirection = UICollectionView.ScrollDirection
    /// `UICollectionViewFlowLayout.automaticSize`: an estimate that asks cells to size themselves.
    public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)
    public override init() {
        let e = FacadeFlowLayout()
        super.init(engine: e)
        e.owner = self
        installDelegateQuestions()
    }
    /// As ``init()``: no archive is read (see ``UICollectionViewLayout/init(coder:)``).
    public required init?(coder: NSCoder) {
        let e = FacadeFlowLayout()
        super.init(engine: e)
        e.owner = self
        installDelegateQuestions()
    }
    private var base: FacadeFlowLayout? { engine as? FacadeFlowLayout }
    /// The engine flow layout's preparation (a subclass calls it through `super`).
    open override func prepare() { base?.basePrepare() }
    /// The engine's invalidation: the layout is prepared again before its next use.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if let base { base.baseInvalidate(with: context.context) } else { super.invalidateLayout(with: context) }
    }
    /// Whether a bounds change lays the items out again: when the size changes (the engine's).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        base?.baseShouldInvalidate(forBoundsChange: newBounds.rect) ?? false
    }
    private var flowDelegate: (UICollectionView, any UICollectionViewDelegateFlowLayout)? {
        guard let cv = collectionView, let d = cv.delegate as? any UICollectionViewDelegateFlowLayout else { return nil }
        return (cv, d)
    }
    private func installDelegateQuestions() {
        flow.sizeForItem = { [weak self] path in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.itemSize ?? Size(width: 50, height: 50) }
            return d.collectionView(cv, layout: self, sizeForItemAt: path).size
        }
        flow.headerSizeForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.headerReferenceSize ?? .zero }
            return d.collectionView(cv, layout: self, referenceSizeForHeaderInSection: s).size
        }
        flow.footerSizeForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.footerReferenceSize ?? .zero }
            return d.collectionView(cv, layout: self, referenceSizeForFooterInSection: s).size
        }
        flow.insetForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.sectionInset ?? .zero }
            return d.collectionView(cv, layout: self, insetForSectionAt: s).engine
        }
        flow.lineSpacingForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.minimumLineSpacing ?? 10 }
            return d.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s).double
        }
        flow.interitemSpacingForSection = { [weak self] s in
            guard let self, let (cv, d) = self.flowDelegate else { return self?.flow.minimumInteritemSpacing ?? 10 }
            return d.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s).double
        }
    }
    /// `UICollectionViewFlowLayout.itemSize`: the engine flow layout's `itemSize`, in points.
    open var itemSize: CGSize { get { CGSize(flow.itemSize) } set { flow.itemSize = newValue.size } }
    /// Not zero: cells size themselves by Auto Layout as they first show, placed at this
    /// estimate until then (`automaticSize`: at `itemSize` or the delegate's size).
    open var estimatedItemSize: CGSize {
        get { flow.estimatedItemSize == CollectionViewFlowLayout.automaticSize ? Self.automaticSize : CGSize(flow.estimatedItemSize) }
        set { flow.estimatedItemSize = newValue == Self.automaticSize ? CollectionViewFlowLayout.automaticSize : newValue.size }
    }
    /// `UICollectionViewFlowLayout.minimumLineSpacing`: the engine flow layout's, in points.
    open var minimumLineSpacing: CGFloat { get { CGFloat(flow.minimumLineSpacing) } set { flow.minimumLineSpacing = newValue.double } }
    /// `UICollectionViewFlowLayout.minimumInteritemSpacing`: the engine flow layout's, in points.
    open var minimumInteritemSpacing: CGFloat {
        get { CGFloat(flow.minimumInteritemSpacing) } set { flow.minimumInteritemSpacing = newValue.double }
    }
    /// `UICollectionViewFlowLayout.sectionInset`: the engine flow layout's `sectionInset`, in points.
    open var sectionInset: UIEdgeInsets { get { UIEdgeInsets(flow.sectionInset) } set { flow.sectionInset = newValue.engine } }
    /// `UICollectionViewFlowLayout.scrollDirection`: the engine flow layout's `scrollDirection`.
    open var scrollDirection: ScrollDirection {
        get { flow.scrollDirection == .vertical ? .vertical : .horizontal }
        set { flow.scrollDirection = newValue == .vertical ? .vertical : .horizontal }
    }
    /// Each section's header: its height in a vertical layout (its width in a horizontal one);
    /// zero: no header. The delegate's `referenceSizeForHeaderInSection` overrides it.
    open var headerReferenceSize: CGSize { get { CGSize(flow.headerReferenceSize) } set { flow.headerReferenceSize = newValue.size } }
    /// `UICollectionViewFlowLayout.footerReferenceSize`: the engine flow layout's, in points.
    open var footerReferenceSize: CGSize { get { CGSize(flow.footerReferenceSize) } set { flow.footerReferenceSize = newValue.size } }
    /// `UICollectionViewFlowLayout.sectionHeadersPinToVisibleBounds`: the engine flow layout's (sticky
    /// headers).
    open var sectionHeadersPinToVisibleBounds: Bool {
        get { flow.sectionHeadersPinToVisibleBounds } set { flow.sectionHeadersPinToVisibleBounds = newValue }
    }
    /// `UICollectionViewFlowLayout.sectionFootersPinToVisibleBounds`: the engine flow layout's (sticky
    /// footers).
    open var sectionFootersPinToVisibleBounds: Bool {
        get { flow.sectionFootersPinToVisibleBounds } set { flow.sectionFootersPinToVisibleBounds = newValue }
    }
    /// `UICollectionViewFlowLayout.SectionInsetReference`: where section insets count from.
    public enum SectionInsetReference: Int, Sendable { case fromContentInset, fromSafeArea, fromLayoutMargins }
    /// Partial: kept; section insets count from the content's edge.
    open var sectionInsetReference: SectionInsetReference = .fromContentInset
    open override var collectionViewContentSize: CGSize { CGSize(flow.collectionViewContentSize) }
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (base?.baseAttributes(in: rect.rect) ?? flow.layoutAttributesForElements(in: rect.rect)).map(UICollectionViewLayoutAttributes.init)
    }
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        flow.layoutAttributesForItem(at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        flow.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
}

/// `UICollectionViewLayoutInvalidationContext`: the engine's `CollectionViewLayoutInvalidationContext`.
open class UICollectionViewLayoutInvalidationContext: NSObject {
    package let context: CollectionViewLayoutInvalidationContext
    public override init() { context = CollectionViewLayoutInvalidationContext() }
    /// The facade of an engine context (an invalidation the engine started).
    package init(context: CollectionViewLayoutInvalidationContext) { self.context = context }
    /// `UICollectionViewLayoutInvalidationContext.invalidateEverything`: the engine context's value.
    open var invalidateEverything: Bool { context.invalidateEverything }
    /// `UICollectionViewLayoutInvalidationContext.invalidateDataSourceCounts`: the engine context's value.
    open var invalidateDataSourceCounts: Bool { context.invalidateDataSourceCounts }
    /// `UICollectionViewLayoutInvalidationContext.invalidatedItemIndexPaths`: the items marked.
    open var invalidatedItemIndexPaths: [IndexPath]? { context.invalidatedItemIndexPaths }
    /// `UICollectionViewLayoutInvalidationContext.invalidateItems(at:)`: marks items in the engine context.
    open func invalidateItems(at indexPaths: [IndexPath]) { context.invalidateItems(at: indexPaths) }
    /// `UICollectionViewLayoutInvalidationContext.contentOffsetAdjustment`: the engine context's offset
    /// change, in points.
    open var contentOffsetAdjustment: CGPoint {
        get { CGPoint(context.contentOffsetAdjustment) } set { context.contentOffsetAdjustment = newValue.point }
    }
    /// `UICollectionViewLayoutInvalidationContext.contentSizeAdjustment`: the engine context's size
    /// change, in points.
    open var contentSizeAdjustment: CGSize {
        get { CGSize(context.contentSizeAdjustment) } set { context.contentSizeAdjustment = newValue.size }
    }
}

/// `UICollectionViewFlowLayoutInvalidationContext`: the flow layout's, with its two flags (the
/// layout is prepared again either way).
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Stored only.
    open var invalidateFlowLayoutDelegateMetrics = true
    /// Stored only.
    open var invalidateFlowLayoutAttributes = true
}
