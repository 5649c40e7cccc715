import UIKit

enum StorefrontSection: Int, CaseIterable {
    case featured, topCharts, categories

    var title: String {
        switch self {
        case .featured: return "Featured"
        case .topCharts: return "Top Free Apps"
        case .categories: return "Browse Categories"
        }
    }
}

struct StorefrontApp {
    let name: String
    let tagline: String
    let color: UIColor
}

final class StorefrontHeaderView: UICollectionReusableView {
    static let reuseIdentifier = "StorefrontHeaderView"
    let titleLabel = UILabel()
    let seeAllButton = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel.font = .preferredFont(forTextStyle: .title2)
        titleLabel.adjustsFontForContentSizeCategory = true
        seeAllButton.setTitle("See All", for: .normal)
        let stack = UIStackView(arrangedSubviews: [titleLabel, seeAllButton])
        stack.alignment = .firstBaseline
        stack.distribution = .equalSpacing
        stack.frame = bounds
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(stack)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class StorefrontAppCell: UICollectionViewCell {
    static let reuseIdentifier = "StorefrontAppCell"
    private let iconView = UIView()
    private let nameLabel = UILabel()
    private let taglineLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        iconView.layer.cornerRadius = 14
        iconView.layer.cornerCurve = .continuous
        nameLabel.font = .preferredFont(forTextStyle: .headline)
        taglineLabel.font = .preferredFont(forTextStyle: .subheadline)
        taglineLabel.textColor = .secondaryLabel

        let labels = UIStackView(arrangedSubviews: [nameLabel, taglineLabel])
        labels.axis = .vertical
        labels.spacing = 2
        let row = UIStackView(arrangedSubviews: [iconView, labels])
        row.spacing = 12
        row.alignment = .center
        row.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(row)

        NSLayoutConstraint.activate([
            iconView.widthAnchor.constraint(equalToConstant: 56),
            iconView.heightAnchor.constraint(equalTo: iconView.widthAnchor),
            row.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            row.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -8),
            row.centerYAnchor.constraint(equalTo: contentView.centerYAnchor)
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(with app: StorefrontApp, style: StorefrontSection) {
        nameLabel.text = app.name
        taglineLabel.text = app.tagline
        taglineLabel.isHidden = style == .categories
        iconView.backgroundColor = app.color
        contentView.backgroundColor = style == .topCharts ? .clear : app.color.withAlphaComponent(0.15)
        contentView.layer.cornerRadius = style == .topCharts ? 0 : 16
    }
}

// MARK: - View Controller

final class StorefrontViewController: UIViewController {
    private var collectionView: UICollectionView!

    private let content: [StorefrontSection: [StorefrontApp]] = [
        .featured: [StorefrontApp(name: "Trailblazer", tagline: "Plan your next hike", color: .systemGreen),
                    StorefrontApp(name: "Pixel Studio", tagline: "Edit photos like a pro", color: .systemPurple),
                    StorefrontApp(name: "Budgetly", tagline: "Money, made simple", color: .systemTeal)],
        .topCharts: (1...9).map { StorefrontApp(name: "App \($0)", tagline: "Category \($0 % 3 + 1)", color: .systemBlue) },
        .categories: ["Games", "Health", "Travel", "Music", "Finance", "Kids"].map {
            StorefrontApp(name: $0, tagline: "", color: .systemOrange)
        }
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Today"
        view.backgroundColor = .systemBackground
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.dataSource = self
        collectionView.register(StorefrontAppCell.self, forCellWithReuseIdentifier: StorefrontAppCell.reuseIdentifier)
        collectionView.register(StorefrontHeaderView.self,
                                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                withReuseIdentifier: StorefrontHeaderView.reuseIdentifier)
        view.addSubview(collectionView)
    }

    private func makeLayout() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 24

        return UICollectionViewCompositionalLayout(sectionProvider: { sectionIndex, environment in
            guard let kind = StorefrontSection(rawValue: sectionIndex) else { return nil }
            let section: NSCollectionLayoutSection
            switch kind {
            case .featured:
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0),
                                                                    heightDimension: .fractionalHeight(1.0)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: .init(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(220)),
                    subitems: [item])
                section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 12
                section.orthogonalScrollingBehavior = .groupPagingCentered
            case .topCharts:
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0),
                                                                    heightDimension: .fractionalHeight(1.0 / 3.0)))
                let group = NSCollectionLayoutGroup.vertical(
                    layoutSize: .init(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute(216)),
                    subitems: [item])
                section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 8
                section.orthogonalScrollingBehavior = .groupPaging
            case .categories:
                let columns = environment.container.effectiveContentSize.width > 600 ? 3 : 2
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)),
                                                                    heightDimension: .fractionalHeight(1.0)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: .init(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(64)),
                    subitems: [item])
                section = NSCollectionLayoutSection(group: group)
            }

            section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 0, trailing: 16)
            let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize,
                                                            elementKind: UICollectionView.elementKindSectionHeader,
                                                            alignment: .top)
            ]
            return section
        }, configuration: configuration)
    }

    @objc private func seeAllTapped(_ sender: UIButton) {
        guard let section = StorefrontSection(rawValue: sender.tag) else { return }
        collectionView.scrollToItem(at: IndexPath(item: 0, section: section.rawValue), at: .top, animated: true)
    }
}

extension StorefrontViewController: UICollectionViewDataSource {
    func numberOfSections(in collectionView: UICollectionView) -> Int {
        StorefrontSection.allCases.count
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        StorefrontSection(rawValue: section).flatMap { content[$0]?.count } ?? 0
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: StorefrontAppCell.reuseIdentifier,
                                                      for: indexPath) as! StorefrontAppCell
        guard let kind = StorefrontSection(rawValue: indexPath.section),
              let app = content[kind]?[indexPath.item] else { return cell }
        cell.configure(with: app, style: kind)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView,
                        viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind,
                                                                     withReuseIdentifier: StorefrontHeaderView.reuseIdentifier,
                                                                     for: indexPath) as! StorefrontHeaderView
        header.titleLabel.text = StorefrontSection(rawValue: indexPath.section)?.title
        header.seeAllButton.tag = indexPath.section
        header.seeAllButton.addTarget(self, action: #selector(seeAllTapped(_:)), for: .touchUpInside)
        return header
    }
}
