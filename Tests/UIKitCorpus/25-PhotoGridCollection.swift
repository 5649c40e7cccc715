import UIKit

final class ColorSwatchCell: UICollectionViewCell {

    static let reuseIdentifier = "ColorSwatchCell"

    private let swatchView = UIView()
    private let nameLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 12
        contentView.clipsToBounds = true

        swatchView.translatesAutoresizingMaskIntoConstraints = false
        nameLabel.translatesAutoresizingMaskIntoConstraints = false
        nameLabel.font = .preferredFont(forTextStyle: .caption1)
        nameLabel.textAlignment = .center
        contentView.addSubview(swatchView)
        contentView.addSubview(nameLabel)

        NSLayoutConstraint.activate([
            swatchView.topAnchor.constraint(equalTo: contentView.topAnchor),
            swatchView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            swatchView.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            nameLabel.topAnchor.constraint(equalTo: swatchView.bottomAnchor, constant: 4),
            nameLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 4),
            nameLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -4),
            nameLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -6),
            nameLabel.heightAnchor.constraint(equalToConstant: 18)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var isHighlighted: Bool {
        didSet {
            UIView.animate(withDuration: 0.15) {
                self.transform = self.isHighlighted ? CGAffineTransform(scaleX: 0.95, y: 0.95) : .identity
            }
        }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        nameLabel.text = nil
        swatchView.backgroundColor = nil
    }

    func configure(name: String, color: UIColor) {
        nameLabel.text = name
        swatchView.backgroundColor = color
    }
}

class SwatchGridViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {

    private var collectionView: UICollectionView!
    private let swatches: [(String, UIColor)] = [
        ("Red", .systemRed), ("Orange", .systemOrange), ("Yellow", .systemYellow),
        ("Green", .systemGreen), ("Mint", .systemTeal), ("Blue", .systemBlue),
        ("Indigo", .systemIndigo), ("Purple", .systemPurple), ("Pink", .systemPink),
        ("Brown", .brown), ("Gray", .systemGray), ("Black", .black)
    ]

    private let columns: CGFloat = 3
    private let spacing: CGFloat = 12

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Swatches"

        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .vertical
        layout.minimumInteritemSpacing = spacing
        layout.minimumLineSpacing = spacing
        layout.sectionInset = UIEdgeInsets(top: spacing, left: spacing, bottom: spacing, right: spacing)

        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.register(ColorSwatchCell.self, forCellWithReuseIdentifier: ColorSwatchCell.reuseIdentifier)
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return swatches.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let cell = collectionView.dequeueReusableCell(withReuseIdentifier: ColorSwatchCell.reuseIdentifier,
                                                            for: indexPath) as? ColorSwatchCell else {
            return UICollectionViewCell()
        }
        let swatch = swatches[indexPath.item]
        cell.configure(name: swatch.0, color: swatch.1)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView,
                        layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        let totalSpacing = spacing * (columns + 1)
        let width = floor((collectionView.bounds.width - totalSpacing) / columns)
        return CGSize(width: width, height: width + 28)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        print("Selected \(swatches[indexPath.item].0)")
    }
}
