import Geometry
import Timeline

/// A compositional layout's configuration, as `UICollectionViewCompositionalLayoutConfiguration`.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayoutConfiguration: NSObject {
    /// `UICollectionViewCompositionalLayoutConfiguration.scrollDirection`: the axis sections follow.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// `UICollectionViewCompositionalLayoutConfiguration.interSectionSpacing`: points between sections.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout (before the first section, after the last).
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Partial: kept; insets count from the collection view's adjusted content inset.
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    public override init() {}
}

/// `UICollectionViewCompositionalLayout`: sections from one section description or a
/// provider asked per section (with the collection view's size and traits) at each layout,
/// laid one after another along the configuration's scroll direction with its spacing.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// `UICollectionViewCompositionalLayout.SectionProvider`: gives the section at an index for an
    /// environment.
    public typealias SectionProvider = (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?
    let fixedSection: NSCollectionLayoutSection?
    let sectionProvider: SectionProvider?
    var compositional: CompositionalEngineLayout { engine as! CompositionalEngineLayout }
    /// `UICollectionViewCompositionalLayout.configuration`: the whole layout's settings; setting lays out
    /// again.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    /// `UICollectionViewCompositionalLayout(section:)`: every section laid out as `section`.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    /// `UICollectionViewCompositionalLayout(section:configuration:)`: every section as `section`, with
    /// `configuration`.
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        fixedSection = section; sectionProvider = nil; self.configuration = configuration
        super.init(engine: CompositionalEngineLayout())
        compositional.owner = self
    }
    /// `UICollectionViewCompositionalLayout(sectionProvider:)`: each section as the provider gives it.
    public convenience init(sectionProvider: @escaping SectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    /// `UICollectionViewCompositionalLayout(sectionProvider:configuration:)`: each section as the provider
    /// gives it, with `configuration`.
    public init(sectionProvider: @escaping SectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        fixedSection = nil; self.sectionProvider = sectionProvider; self.configuration = configuration
        super.init(engine: CompositionalEngineLayout())
        compositional.owner = self
    }
    /// Archives (storyboards, nibs) do not exist here, and a compositional layout has nothing
    /// to lay out without its sections: no layout is made.
    public required init?(coder: NSCoder) { return nil }
    /// A list: every section a `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        })
        layout.listBackground = configuration.resolvedBackgroundColor
        return layout
    }
    /// The background a list layout gives a collection view that has none of its own.
    var listBackground: UIColor?
    /// The list configuration of a list section (what its cells look like).
    func listConfiguration(forSection section: Int) -> UICollectionLayoutListConfiguration? {
        compositional.section(section)?.listConfiguration
    }

    open override var collectionViewContentSize: CGSize { CGSize(compositional.collectionViewContentSize) }
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        compositional.layoutAttributesForElements(in: rect.rect).map(UICollectionViewLayoutAttributes.init)
    }
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        compositional.layoutAttributesForItem(at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        compositional.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        compositional.layoutAttributesForDecorationView(ofKind: elementKind, at: indexPath).map(UICollectionViewLayoutAttributes.init)
    }
}
