import UIKit

struct PaletteSwatch: Equatable {
    let id = UUID()
    var name: String
    var hex: UInt32
    var isFavorite = false

    var color: UIColor {
        UIColor(red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255,
                blue: CGFloat(hex & 0xFF) / 255, alpha: 1)
    }

    var hexString: String { String(format: "#%06X", hex) }
}

final class PaletteSwatchTileView: UIView {
    let swatchID: UUID

    init(swatch: PaletteSwatch) {
        swatchID = swatch.id
        super.init(frame: .zero)
        backgroundColor = swatch.color
        layer.cornerRadius = 14
        layer.cornerCurve = .continuous

        let label = UILabel()
        label.text = swatch.isFavorite ? "♥︎ \(swatch.name)" : swatch.name
        label.font = .preferredFont(forTextStyle: .caption1)
        label.textColor = .white
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            heightAnchor.constraint(equalToConstant: 96)
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class PaletteViewController: UIViewController {
    private enum SortOrder: String, CaseIterable { case name = "Name", brightness = "Brightness", favorites = "Favorites First" }

    private var swatches = [
        PaletteSwatch(name: "Coral", hex: 0xFF6F61), PaletteSwatch(name: "Teal", hex: 0x008080),
        PaletteSwatch(name: "Mustard", hex: 0xE1AD01), PaletteSwatch(name: "Plum", hex: 0x8E4585),
        PaletteSwatch(name: "Navy", hex: 0x1F305E), PaletteSwatch(name: "Sage", hex: 0x9CAF88)
    ]
    private var recentlyDeleted: [PaletteSwatch] = []
    private var sortOrder: SortOrder = .name

    private let gridStack = UIStackView()
    private let sortButton: UIButton = {
        var configuration = UIButton.Configuration.tinted()
        configuration.image = UIImage(systemName: "arrow.up.arrow.down")
        configuration.imagePadding = 6
        let button = UIButton(configuration: configuration)
        button.showsMenuAsPrimaryAction = true
        return button
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Palette"
        view.backgroundColor = .systemBackground
        gridStack.axis = .vertical
        gridStack.spacing = 12
        let content = UIStackView(arrangedSubviews: [sortButton, gridStack])
        content.axis = .vertical
        content.spacing = 16
        content.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            content.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor)
        ])
        reloadGrid()
    }

    private func reloadGrid() {
        switch sortOrder {
        case .name: swatches.sort { $0.name < $1.name }
        case .brightness: swatches.sort { $0.color.paletteBrightness > $1.color.paletteBrightness }
        case .favorites: swatches.sort { $0.isFavorite && !$1.isFavorite }
        }

        gridStack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for start in stride(from: 0, to: swatches.count, by: 3) {
            let row = UIStackView()
            row.distribution = .fillEqually
            row.spacing = 12
            for swatch in swatches[start..<min(start + 3, swatches.count)] {
                let tile = PaletteSwatchTileView(swatch: swatch)
                tile.addInteraction(UIContextMenuInteraction(delegate: self))
                row.addArrangedSubview(tile)
            }
            gridStack.addArrangedSubview(row)
        }

        sortButton.configuration?.title = "Sort: \(sortOrder.rawValue)"
        sortButton.menu = makeSortMenu()
    }

    private func makeSortMenu() -> UIMenu {
        let sortActions = SortOrder.allCases.map { order in
            UIAction(title: order.rawValue, state: order == sortOrder ? .on : .off) { [weak self] _ in
                self?.sortOrder = order
                self?.reloadGrid()
            }
        }
        // Rebuilt every time the menu opens, so it always reflects the latest deletions.
        let restore = UIDeferredMenuElement.uncached { [weak self] completion in
            let deleted = self?.recentlyDeleted ?? []
            let items: [UIMenuElement] = deleted.map { swatch in
                UIAction(title: swatch.name, image: UIImage(systemName: "arrow.uturn.backward")) { _ in
                    self?.recentlyDeleted.removeAll { $0.id == swatch.id }
                    self?.swatches.append(swatch)
                    self?.reloadGrid()
                }
            }
            completion(items.isEmpty ? [UIAction(title: "Nothing to Restore", attributes: .disabled) { _ in }] : items)
        }
        return UIMenu(title: "", children: [
            UIMenu(title: "Sort By", options: .displayInline, children: sortActions),
            UIMenu(title: "Recently Deleted", image: UIImage(systemName: "trash.slash"), children: [restore])
        ])
    }

    private func updateSwatch(_ id: UUID, _ change: (inout PaletteSwatch) -> Void) {
        guard let index = swatches.firstIndex(where: { $0.id == id }) else { return }
        change(&swatches[index])
        reloadGrid()
    }

    private func similarSwatches(to swatch: PaletteSwatch) -> [PaletteSwatch] {
        var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0, alpha: CGFloat = 0
        swatch.color.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        let factors: [CGFloat] = [0.65, 1.35]
        return factors.map { factor -> PaletteSwatch in
            let variant = UIColor(hue: hue, saturation: saturation, brightness: min(brightness * factor, 1), alpha: 1)
            var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0
            variant.getRed(&red, green: &green, blue: &blue, alpha: nil)
            let hex = UInt32(red * 255) << 16 | UInt32(green * 255) << 8 | UInt32(blue * 255)
            return PaletteSwatch(name: "\(swatch.name) \(factor < 1 ? "Dark" : "Light")", hex: hex)
        }
    }
}

extension PaletteViewController: UIContextMenuInteractionDelegate {
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
        guard let tile = interaction.view as? PaletteSwatchTileView,
              let swatch = swatches.first(where: { $0.id == tile.swatchID }) else { return nil }

        return UIContextMenuConfiguration(identifier: swatch.id.uuidString as NSString, previewProvider: nil) { _ in
            let copy = UIAction(title: "Copy \(swatch.hexString)", image: UIImage(systemName: "doc.on.doc")) { _ in
                UIPasteboard.general.string = swatch.hexString
            }
            let favorite = UIAction(title: "Favorite", image: UIImage(systemName: "heart"),
                                    state: swatch.isFavorite ? .on : .off) { [weak self] _ in
                self?.updateSwatch(swatch.id) { $0.isFavorite.toggle() }
            }
            // Computed lazily, the way a network-backed suggestion list would be.
            let similar = UIDeferredMenuElement { [weak self] completion in
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.4) {
                    let variants = self?.similarSwatches(to: swatch) ?? []
                    completion(variants.map { variant in
                        UIAction(title: "Add \(variant.name)", image: UIImage(systemName: "plus.circle")) { _ in
                            self?.swatches.append(variant)
                            self?.reloadGrid()
                        }
                    })
                }
            }
            let delete = UIAction(title: "Delete", image: UIImage(systemName: "trash"),
                                  attributes: .destructive) { [weak self] _ in
                self?.swatches.removeAll { $0.id == swatch.id }
                self?.recentlyDeleted.append(swatch)
                self?.reloadGrid()
            }
            return UIMenu(title: swatch.name, children: [
                UIMenu(title: "", options: .displayInline, children: [copy, favorite]),
                UIMenu(title: "Similar Colors", image: UIImage(systemName: "paintpalette"), children: [similar]),
                delete
            ])
        }
    }
}

private extension UIColor {
    var paletteBrightness: CGFloat {
        var value: CGFloat = 0
        getHue(nil, saturation: nil, brightness: &value, alpha: nil)
        return value
    }
}
