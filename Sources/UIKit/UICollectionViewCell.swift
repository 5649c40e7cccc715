import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// The engine view a `UICollectionReusableView` of yours stands for.
final class FacadeReusableView: CollectionReusableView {
    weak var owner: UICollectionReusableView?
    override func prepareForReuse() { super.prepareForReuse(); owner?.prepareForReuse() }
    override func apply(_ attributes: CollectionViewLayoutAttributes) {
        super.apply(attributes)
        owner?.applyFromEngine(attributes)
    }
    override func layoutSubviews() { super.layoutSubviews(); owner?.layoutSubviewsFromEngine() }
    override func updateProperties() { owner?.updateProperties() }
}

/// The engine cell a `UICollectionViewCell` of yours stands for.
final class FacadeCollectionCell: CollectionViewCell {
    weak var owner: UICollectionViewCell?
    override func prepareForReuse() { super.prepareForReuse(); owner?.prepareForReuseFromEngine() }
    override func apply(_ attributes: CollectionViewLayoutAttributes) {
        super.apply(attributes)
        owner?.applyFromEngine(attributes)
    }
    override func stateDidChange() { owner?.engineStateDidChange() }
    override func preferredLayoutAttributesFitting(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        owner.map { $0.preferredLayoutAttributesFitting(UICollectionViewLayoutAttributes(attributes)).engine } ?? measured(attributes)
    }
    /// The engine's measure of the content view.
    func measured(_ attributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        super.preferredLayoutAttributesFitting(attributes)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.updateConfigurationIfNeeded()
        owner?.layoutSubviewsFromEngine()
    }
    override func updateProperties() { owner?.updateProperties() }
}

/// `UICollectionReusableView` over the engine's `CollectionReusableView`: the base of cells
/// and of the supplementary views (headers, footers) a collection view places and reuses.
/// Registered classes are made through `init(frame:)`: a subclass that declares initializers
/// declares `init(frame:)` (as UIKit's calls it) and `init?(coder:)`.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    package var reusableView: CollectionReusableView { view as! CollectionReusableView }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(FacadeReusableView(reuseIdentifier: nil), frame: frame))!
        (reusableView as? FacadeReusableView)?.owner = self
    }
    /// `UICollectionReusableView(coder:)`: a view over a new engine reusable view.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeReusableView(reuseIdentifier: nil) })
        (reusableView as? FacadeReusableView)?.owner = self
    }
    /// How a collection view makes a registered class (through the class's `init(frame:)`,
    /// which this calls): not for your code.
    public required convenience init(_collectionViewReuseIdentifier identifier: String?) {
        self.init(frame: .zero)
    }
    /// Made for `identifier` by a collection view: a view of `type` over a new engine view,
    /// which takes the identifier once made (as on iOS, it is nil inside `init(frame:)`).
    static func make(_ type: UICollectionReusableView.Type, identifier: String) -> UICollectionReusableView {
        let v = type.init(_collectionViewReuseIdentifier: identifier)
        v.reusableView.reuseIdentifier = identifier
        return v
    }
    package static func wrap(_ v: CollectionReusableView) -> UICollectionReusableView {
        if let f = v.facade as? UICollectionReusableView { return f }
        if let c = v as? CollectionViewCell { return UICollectionViewCell.wrap(c) }
        return UICollectionReusableView(coder: EngineViewCoder(v, isNew: false))!
    }
    /// `UICollectionReusableView.reuseIdentifier`: the engine view's `reuseIdentifier`.
    open var reuseIdentifier: String? { reusableView.reuseIdentifier }
    /// Called before the collection view hands the view out again.
    open func prepareForReuse() {}
    /// Called with the attributes the layout gave, after the frame is set.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
    func applyFromEngine(_ attributes: CollectionViewLayoutAttributes) {
        apply(UICollectionViewLayoutAttributes(attributes))
    }
    /// Asked as the view shows when its layout sizes items by their content (a flow layout with
    /// an `estimatedItemSize`): a cell's content view is measured with Auto Layout, as small as
    /// its constraints allow; other views keep the attributes.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let cell = reusableView as? FacadeCollectionCell else { return layoutAttributes }
        return UICollectionViewLayoutAttributes(cell.measured(layoutAttributes.engine))
    }
    /// Set on the placeholder the default `viewForSupplementaryElementOfKind` returns.
    var isMissingSupplementary = false
}

/// `UICollectionViewCell` over the engine's `CollectionViewCell`: its content view,
/// selection and highlight (set by the collection view as items are pressed and chosen, through
/// the properties, so an override sees each change), a background and selected background
/// view, and iOS 14's configurations: `contentConfiguration`, `backgroundConfiguration` and
/// `updateConfiguration(using:)` with the cell's `configurationState`, called before the cell
/// is next laid out after `setNeedsUpdateConfiguration()` or a change of its state.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    package var collectionCell: CollectionViewCell { view as! CollectionViewCell }
    /// Made by a collection view (registered classes are made through this initializer).
    public required override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(FacadeCollectionCell(reuseIdentifier: nil), frame: frame))!
        (collectionCell as? FacadeCollectionCell)?.owner = self
    }
    /// `UICollectionViewCell(coder:)`: a cell over a new engine collection cell.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { FacadeCollectionCell(reuseIdentifier: nil) })
        (collectionCell as? FacadeCollectionCell)?.owner = self
    }
    /// Made for `identifier` by a collection view (the identifier set once it is made).
    static func make(_ type: UICollectionViewCell.Type, identifier: String) -> UICollectionViewCell {
        let cell = type.init(frame: .zero)
        cell.collectionCell.reuseIdentifier = identifier
        return cell
    }
    package static func wrap(_ cell: CollectionViewCell) -> UICollectionViewCell {
        if let f = cell.facade as? UICollectionViewCell { return f }
        return UICollectionViewCell(coder: EngineViewCoder(cell, isNew: false))!
    }
    /// `UICollectionViewCell.contentView`: the engine cell's `contentView`, as its facade.
    open var contentView: UIView { UIView.wrap(collectionCell.contentView) }

    /// Set by the collection view as the item is chosen; an override sees each change.
    open var isSelected: Bool {
        get { shownSelected }
        set {
            shownSelected = newValue
            if collectionCell.isSelected != newValue { collectionCell.isSelected = newValue }
            showSelection()
            setNeedsUpdateConfiguration()
        }
    }
    /// Set by the collection view while the item is pressed; an override sees each change.
    open var isHighlighted: Bool {
        get { shownHighlighted }
        set {
            shownHighlighted = newValue
            if collectionCell.isHighlighted != newValue { collectionCell.isHighlighted = newValue }
            showSelection()
            setNeedsUpdateConfiguration()
        }
    }
    private var shownSelected = false, shownHighlighted = false
    /// The engine changed the selection or highlight (a press, a tap, a reuse): through the
    /// properties, so overrides see it.
    func engineStateDidChange() {
        if shownSelected != collectionCell.isSelected { isSelected = collectionCell.isSelected }
        if shownHighlighted != collectionCell.isHighlighted { isHighlighted = collectionCell.isHighlighted }
    }

    /// Behind the content, the size of the cell.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); placeBackgrounds() }
    }
    /// Shown over the background view while the cell is selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); placeBackgrounds() }
    }
    private func placeBackgrounds() {
        if let b = backgroundView, b.superview !== self { insertSubview(b, at: 0) }
        if let s = selectedBackgroundView, s.superview !== self {
            if let b = backgroundView { insertSubview(s, aboveSubview: b) } else { insertSubview(s, at: 0) }
        }
        showSelection()
        setNeedsLayout()
    }
    private func showSelection() {
        selectedBackgroundView?.isHidden = !(shownSelected || shownHighlighted)
    }

    // MARK: Configurations (iOS 14)

    /// What the cell shows: a list content configuration becomes a `UIListContentView` in the
    /// content view; another configuration, the view its `makeContentView()` makes.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { applyContentConfiguration() }
    }
    /// The cell's background: its colour and corner radius, for the state.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            if !updatingConfiguration { baseBackgroundConfiguration = backgroundConfiguration }
            applyBackgroundConfiguration()
        }
    }
    /// Whether the content configuration is updated for each new state.
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration is updated for each new state.
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called after `updateConfiguration(using:)` with the cell and its state.
    public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void
    /// `UICollectionViewCell.configurationUpdateHandler`: run with the cell and its state when the
    /// configuration updates.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    /// The cell's state now: selection, highlight, the collection view's editing, expansion.
    open var configurationState: UICellConfigurationState {
        var s = UICellConfigurationState(traitCollection: traitCollection)
        s.isSelected = isSelected
        s.isHighlighted = isHighlighted
        s.isDisabled = !isUserInteractionEnabled
        s.isEditing = owningCollectionView?.isEditing ?? false
        s.isExpanded = isExpandedForConfiguration
        return s
    }
    /// Whether the item's outline is open (a list cell's outline disclosure).
    var isExpandedForConfiguration = false
    /// Asks for `updateConfiguration(using:)` before the cell is next laid out.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        view.setNeedsLayout()
    }
    /// Updates the configurations for `state`: the default updates the content and background
    /// configurations (when they update automatically); override to restyle the cell.
    open func updateConfiguration(using state: UICellConfigurationState) {
        updatingConfiguration = true
        defer { updatingConfiguration = false }
        if automaticallyUpdatesContentConfiguration, let c = contentConfiguration {
            contentConfiguration = c.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let b = baseBackgroundConfiguration ?? defaultBackgroundConfiguration() {
            backgroundConfiguration = b.updated(for: state)
        }
    }
    /// The background a cell has before one is set (a list cell's, per the list's appearance).
    func defaultBackgroundConfiguration() -> UIBackgroundConfiguration? { nil }
    /// The engine hands the cell out again: its configuration is updated before it shows.
    func prepareForReuseFromEngine() {
        needsConfigurationUpdate = true
        prepareForReuse()
    }
    private var needsConfigurationUpdate = true
    private var updatingConfiguration = false
    /// The background configuration as last set from outside an update (each state's is made
    /// from it).
    private var baseBackgroundConfiguration: UIBackgroundConfiguration?
    /// Runs a pending configuration update (before layout, and as the cell is displayed).
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }
    /// Called by the collection view before the cell shows at `indexPath`.
    func willBeDisplayed(at indexPath: IndexPath) {
        cellWillBeDisplayed(at: indexPath)
        updateConfigurationIfNeeded()
    }
    /// A list cell learns its place in the list here.
    func cellWillBeDisplayed(at indexPath: IndexPath) {}

    /// The content view a configuration made, in the content view.
    private(set) var configuredContentView: (any UIView & UIContentView)?
    private func applyContentConfiguration() {
        guard let c = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            return
        }
        if let v = configuredContentView, v.supports(c) {
            v.configuration = c
            return
        }
        configuredContentView?.removeFromSuperview()
        let v = c.makeContentView()
        v.frame = contentView.bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(v)
        configuredContentView = v
        contentConfigurationDidChangeView()
    }
    /// A list cell places the accessories around a new content view.
    func contentConfigurationDidChangeView() {}
    /// The background configuration's colour and corners on the cell's engine view (a custom
    /// background view replaces it).
    func applyBackgroundConfiguration() {
        guard let b = backgroundConfiguration else { return }
        collectionCell.backgroundColor = b.backgroundColor?.color ?? .clear
        collectionCell.cornerRadius = b.cornerRadius.double
        collectionCell.clipsToBounds = b.cornerRadius > 0
    }
    /// The collection view showing the cell (through a band of an orthogonal section, too).
    var owningCollectionView: UICollectionView? {
        var v = view.superview
        while let x = v { if let c = x as? CollectionView { return c.facade as? UICollectionView }; v = x.superview }
        return nil
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }
}
