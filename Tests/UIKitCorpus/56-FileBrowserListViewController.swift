import UIKit

struct FileBrowserNode: Hashable {
    let id = UUID()
    let name: String
    let symbolName: String
    let byteCount: Int64
    var isShared = false
    var children: [FileBrowserNode] = []

    var isFolder: Bool { !children.isEmpty }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    static func == (lhs: FileBrowserNode, rhs: FileBrowserNode) -> Bool { lhs.id == rhs.id }

    static func file(_ name: String, _ symbol: String, size: Int64, shared: Bool = false) -> FileBrowserNode {
        FileBrowserNode(name: name, symbolName: symbol, byteCount: size, isShared: shared)
    }

    static func folder(_ name: String, _ children: [FileBrowserNode]) -> FileBrowserNode {
        FileBrowserNode(name: name, symbolName: "folder.fill", byteCount: 0, children: children)
    }
}

/// File rows restyle themselves for selection and highlight through `updateConfiguration(using:)`.
final class FileBrowserFileCell: UICollectionViewListCell {
    var node: FileBrowserNode? {
        didSet { setNeedsUpdateConfiguration() }
    }

    private static let sizeFormatter: ByteCountFormatter = {
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        return formatter
    }()

    override func updateConfiguration(using state: UICellConfigurationState) {
        guard let node = node else { return }
        var content = UIListContentConfiguration.subtitleCell().updated(for: state)
        content.text = node.name
        content.secondaryText = Self.sizeFormatter.string(fromByteCount: node.byteCount)
        content.image = UIImage(systemName: node.symbolName)
        content.imageProperties.tintColor = state.isSelected ? .white : .systemBlue
        content.secondaryTextProperties.color = state.isSelected ? UIColor.white.withAlphaComponent(0.8) : .secondaryLabel
        contentConfiguration = content

        var background = UIBackgroundConfiguration.listGroupedCell().updated(for: state)
        if state.isSelected || state.isHighlighted {
            background.backgroundColor = .systemBlue
        }
        backgroundConfiguration = background

        var trailing: [UICellAccessory] = [.disclosureIndicator(displayed: .whenNotEditing)]
        if node.isShared {
            trailing.insert(.label(text: "Shared", options: .init(tintColor: .systemGreen)), at: 0)
        }
        accessories = trailing + [.delete(displayed: .whenEditing), .reorder(displayed: .whenEditing)]
    }
}

final class FileBrowserViewController: UIViewController {
    private enum Section { case main }

    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, FileBrowserNode>!

    private let tree: [FileBrowserNode] = [
        .folder("Documents", [
            .file("Resume.pdf", "doc.richtext", size: 248_000),
            .file("Budget 2024.numbers", "tablecells", size: 1_204_000, shared: true),
            .folder("Taxes", [.file("W-2.pdf", "doc", size: 96_000)])
        ]),
        .folder("Photos", [
            .file("Beach.heic", "photo", size: 3_400_000),
            .file("Birthday.mov", "film", size: 88_000_000, shared: true)
        ]),
        .file("Notes.txt", "doc.text", size: 2_048)
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Files"
        navigationItem.rightBarButtonItem = editButtonItem

        var listConfiguration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        listConfiguration.headerMode = .none
        listConfiguration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
            guard let node = self?.dataSource.itemIdentifier(for: indexPath), !node.isFolder else { return nil }
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                self?.delete(node)
                completion(true)
            }
            return UISwipeActionsConfiguration(actions: [delete])
        }
        let layout = UICollectionViewCompositionalLayout.list(using: listConfiguration)

        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = self
        view.addSubview(collectionView)

        configureDataSource()
        applyInitialSnapshot()
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        collectionView.isEditing = editing
    }

    private func configureDataSource() {
        let folderRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, FileBrowserNode> { cell, _, node in
            var content = cell.defaultContentConfiguration()
            content.text = node.name
            content.image = UIImage(systemName: node.symbolName)
            content.imageProperties.tintColor = .systemTeal
            content.textProperties.font = .preferredFont(forTextStyle: .headline)
            cell.contentConfiguration = content
            cell.accessories = [
                .label(text: "\(node.children.count)"),
                .outlineDisclosure(options: .init(style: .header))
            ]
        }

        let fileRegistration = UICollectionView.CellRegistration<FileBrowserFileCell, FileBrowserNode> { cell, _, node in
            cell.node = node
        }

        dataSource = UICollectionViewDiffableDataSource<Section, FileBrowserNode>(collectionView: collectionView) {
            collectionView, indexPath, node -> UICollectionViewCell? in
            if node.isFolder {
                return collectionView.dequeueConfiguredReusableCell(using: folderRegistration, for: indexPath, item: node)
            }
            return collectionView.dequeueConfiguredReusableCell(using: fileRegistration, for: indexPath, item: node)
        }

        dataSource.reorderingHandlers.canReorderItem = { node in !node.isFolder }
    }

    private func applyInitialSnapshot() {
        var sectionSnapshot = NSDiffableDataSourceSectionSnapshot<FileBrowserNode>()

        func append(_ nodes: [FileBrowserNode], to parent: FileBrowserNode?) {
            sectionSnapshot.append(nodes, to: parent)
            for node in nodes where node.isFolder {
                append(node.children, to: node)
            }
        }
        append(tree, to: nil)
        if let documents = tree.first {
            sectionSnapshot.expand([documents])
        }

        dataSource.apply(sectionSnapshot, to: .main, animatingDifferences: false)
    }

    private func delete(_ node: FileBrowserNode) {
        var sectionSnapshot = dataSource.snapshot(for: .main)
        sectionSnapshot.delete([node])
        dataSource.apply(sectionSnapshot, to: .main, animatingDifferences: true)
    }
}

extension FileBrowserViewController: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let node = dataSource.itemIdentifier(for: indexPath), !node.isFolder else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
            collectionView.deselectItem(at: indexPath, animated: true)
        }
        let alert = UIAlertController(title: node.name, message: "Opening files isn't supported yet.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
