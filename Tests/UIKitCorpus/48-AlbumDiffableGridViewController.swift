import UIKit

// MARK: - Model

enum AlbumGridSection: Int, CaseIterable {
    case favorites
    case library

    var title: String {
        switch self {
        case .favorites: return "Favorites"
        case .library: return "Library"
        }
    }
}

struct AlbumPhotoItem: Hashable {
    let id = UUID()
    let caption: String
    let symbolName: String
    let tint: UIColor
    var isFavorite: Bool = false

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    static func == (lhs: AlbumPhotoItem, rhs: AlbumPhotoItem) -> Bool {
        lhs.id == rhs.id
    }

    static let samples: [AlbumPhotoItem] = [
        AlbumPhotoItem(caption: "Sunrise", symbolName: "sunrise.fill", tint: .systemOrange, isFavorite: true),
        AlbumPhotoItem(caption: "Mountains", symbolName: "mountain.2.fill", tint: .systemBrown),
        AlbumPhotoItem(caption: "Beach", symbolName: "beach.umbrella.fill", tint: .systemTeal),
        AlbumPhotoItem(caption: "Forest", symbolName: "leaf.fill", tint: .systemGreen),
        AlbumPhotoItem(caption: "Night Sky", symbolName: "moon.stars.fill", tint: .systemIndigo, isFavorite: true),
        AlbumPhotoItem(caption: "Rain", symbolName: "cloud.rain.fill", tint: .systemBlue),
        AlbumPhotoItem(caption: "Snow", symbolName: "snowflake", tint: .systemCyan),
        AlbumPhotoItem(caption: "Fireworks", symbolName: "sparkles", tint: .systemPink),
        AlbumPhotoItem(caption: "City", symbolName: "building.2.fill", tint: .systemGray)
    ]
}

// MARK: - Cell

final class AlbumPhotoCell: UICollectionViewCell {
    private let imageView = UIImageView()
    private let captionLabel = UILabel()
    private let favoriteBadge = UIImageView(image: UIImage(systemName: "heart.fill"))

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 12
        contentView.layer.cornerCurve = .continuous
        contentView.clipsToBounds = true

        imageView.contentMode = .scaleAspectFit
        imageView.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 36, weight: .medium)
        captionLabel.font = .preferredFont(forTextStyle: .footnote)
        captionLabel.adjustsFontForContentSizeCategory = true
        captionLabel.textAlignment = .center
        favoriteBadge.tintColor = .systemRed

        for subview in [imageView, captionLabel, favoriteBadge] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(subview)
        }

        NSLayoutConstraint.activate([
            imageView.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
            imageView.centerYAnchor.constraint(equalTo: contentView.centerYAnchor, constant: -10),
            captionLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 6),
            captionLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -6),
            captionLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            favoriteBadge.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            favoriteBadge.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var isHighlighted: Bool {
        didSet {
            UIView.animate(withDuration: 0.15) {
                self.contentView.alpha = self.isHighlighted ? 0.6 : 1.0
            }
        }
    }

    func configure(with item: AlbumPhotoItem) {
        imageView.image = UIImage(systemName: item.symbolName)
        imageView.tintColor = item.tint
        captionLabel.text = item.caption
        favoriteBadge.isHidden = !item.isFavorite
        accessibilityLabel = item.isFavorite ? "\(item.caption), favorite" : item.caption
        isAccessibilityElement = true
    }
}

// MARK: - View Controller

final class AlbumDiffableGridViewController: UIViewController {
    typealias DataSource = UICollectionViewDiffableDataSource<AlbumGridSection, AlbumPhotoItem>
    typealias Snapshot = NSDiffableDataSourceSnapshot<AlbumGridSection, AlbumPhotoItem>

    private var collectionView: UICollectionView!
    private var dataSource: DataSource!
    private var items = AlbumPhotoItem.samples

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photos"
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(systemName: "shuffle"),
                                                            style: .plain,
                                                            target: self,
                                                            action: #selector(shuffleTapped))
        configureCollectionView()
        configureDataSource()
        applySnapshot(animatingDifferences: false)
    }

    private func configureCollectionView() {
        let layout = UICollectionViewFlowLayout()
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 16, bottom: 20, right: 16)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let layout = collectionView.collectionViewLayout as? UICollectionViewFlowLayout else { return }
        let columns: CGFloat = traitCollection.horizontalSizeClass == .regular ? 5 : 3
        let available = collectionView.bounds.width - layout.sectionInset.left - layout.sectionInset.right
        let width = floor((available - layout.minimumInteritemSpacing * (columns - 1)) / columns)
        let newSize = CGSize(width: width, height: width * 1.2)
        if layout.itemSize != newSize {
            layout.itemSize = newSize
            layout.invalidateLayout()
        }
    }

    private func configureDataSource() {
        let registration = UICollectionView.CellRegistration<AlbumPhotoCell, AlbumPhotoItem> { cell, _, item in
            cell.configure(with: item)
        }

        dataSource = DataSource(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
    }

    private func applySnapshot(reconfiguring changed: [AlbumPhotoItem] = [], animatingDifferences: Bool = true) {
        var snapshot = Snapshot()
        let favorites = items.filter { $0.isFavorite }
        let library = items.filter { !$0.isFavorite }

        if !favorites.isEmpty {
            snapshot.appendSections([.favorites])
            snapshot.appendItems(favorites, toSection: .favorites)
        }
        snapshot.appendSections([.library])
        snapshot.appendItems(library, toSection: .library)

        if !changed.isEmpty {
            snapshot.reconfigureItems(changed)
        }
        dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    @objc private func shuffleTapped() {
        items.shuffle()
        applySnapshot()
    }
}

// MARK: - UICollectionViewDelegate

extension AlbumDiffableGridViewController: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
        guard let selected = dataSource.itemIdentifier(for: indexPath),
              let index = items.firstIndex(of: selected) else { return }

        items[index].isFavorite.toggle()
        applySnapshot(reconfiguring: [items[index]])
    }
}
