import UIKit

protocol WaterfallLayoutDelegate: AnyObject {
    func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath, withWidth width: CGFloat) -> CGFloat
}

/// A Pinterest-style layout that places each item in the shortest column.
final class WaterfallLayout: UICollectionViewLayout {

    weak var delegate: WaterfallLayoutDelegate?

    var numberOfColumns = 2 { didSet { invalidateLayout() } }
    var cellPadding: CGFloat = 6

    private var cache: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0

    private var contentWidth: CGFloat {
        guard let collectionView = collectionView else { return 0 }
        let insets = collectionView.contentInset
        return collectionView.bounds.width - (insets.left + insets.right)
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: contentWidth, height: contentHeight)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return }

        cache.removeAll()
        contentHeight = 0

        let columnWidth = contentWidth / CGFloat(numberOfColumns)
        let xOffsets = (0..<numberOfColumns).map { CGFloat($0) * columnWidth }
        var yOffsets = [CGFloat](repeating: 0, count: numberOfColumns)

        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let indexPath = IndexPath(item: item, section: 0)
            let column = yOffsets.firstIndex(of: yOffsets.min() ?? 0) ?? 0

            let itemHeight = delegate?.collectionView(collectionView, heightForItemAt: indexPath,
                                                      withWidth: columnWidth - cellPadding * 2) ?? 180
            let height = itemHeight + cellPadding * 2
            let frame = CGRect(x: xOffsets[column], y: yOffsets[column], width: columnWidth, height: height)

            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = frame.insetBy(dx: cellPadding, dy: cellPadding)
            cache.append(attributes)

            contentHeight = max(contentHeight, frame.maxY)
            yOffsets[column] += height
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        return newBounds.width != collectionView.bounds.width
    }
}

// MARK: - Demo

final class ColorTileCell: UICollectionViewCell {
    static let reuseIdentifier = "ColorTileCell"

    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 12
        contentView.layer.masksToBounds = true
        label.font = .systemFont(ofSize: 15, weight: .semibold)
        label.textColor = .white
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class PinboardViewController: UICollectionViewController, WaterfallLayoutDelegate {

    private let heights: [CGFloat] = (0..<40).map { _ in CGFloat.random(in: 120...300) }
    private let palette: [UIColor] = [.systemPink, .systemTeal, .systemOrange, .systemPurple, .systemGreen, .systemBlue]

    init() {
        let layout = WaterfallLayout()
        super.init(collectionViewLayout: layout)
        layout.delegate = self
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Pinboard"
        collectionView.backgroundColor = .systemBackground
        collectionView.contentInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        collectionView.register(ColorTileCell.self, forCellWithReuseIdentifier: ColorTileCell.reuseIdentifier)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        (collectionViewLayout as? WaterfallLayout)?.numberOfColumns = size.width > 600 ? 3 : 2
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        heights.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: ColorTileCell.reuseIdentifier,
                                                      for: indexPath) as! ColorTileCell
        cell.contentView.backgroundColor = palette[indexPath.item % palette.count]
        cell.label.text = "#\(indexPath.item + 1)"
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath, withWidth width: CGFloat) -> CGFloat {
        heights[indexPath.item]
    }
}
