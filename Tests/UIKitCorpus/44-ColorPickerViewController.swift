import UIKit

final class ColorPickerViewController: UIViewController {

    private let swatchView = UIView()
    private let hexLabel = UILabel()
    private let redSlider = UISlider()
    private let greenSlider = UISlider()
    private let blueSlider = UISlider()
    private let alphaSlider = UISlider()
    private let presetsButton = UIButton(type: .system)

    private var selectedColor: UIColor {
        UIColor(red: CGFloat(redSlider.value), green: CGFloat(greenSlider.value),
                blue: CGFloat(blueSlider.value), alpha: CGFloat(alphaSlider.value))
    }

    private var hexString: String {
        String(format: "#%02X%02X%02X", Int(redSlider.value * 255),
               Int(greenSlider.value * 255), Int(blueSlider.value * 255))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Color Picker"
        view.backgroundColor = .systemBackground

        swatchView.layer.cornerRadius = 16
        swatchView.layer.borderWidth = 1
        swatchView.layer.borderColor = UIColor.separator.cgColor
        swatchView.heightAnchor.constraint(equalToConstant: 140).isActive = true
        swatchView.addInteraction(UIContextMenuInteraction(delegate: self))

        hexLabel.font = .monospacedSystemFont(ofSize: 22, weight: .medium)
        hexLabel.textAlignment = .center

        let rows: [UIView] = [
            makeRow(title: "R", slider: redSlider, tint: .systemRed),
            makeRow(title: "G", slider: greenSlider, tint: .systemGreen),
            makeRow(title: "B", slider: blueSlider, tint: .systemBlue),
            makeRow(title: "A", slider: alphaSlider, tint: .systemGray)
        ]
        alphaSlider.value = 1

        presetsButton.setTitle("Presets", for: .normal)
        presetsButton.setImage(UIImage(systemName: "paintpalette"), for: .normal)
        presetsButton.menu = makePresetsMenu()
        presetsButton.showsMenuAsPrimaryAction = true

        let stack = UIStackView(arrangedSubviews: [swatchView, hexLabel] + rows + [presetsButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.setCustomSpacing(24, after: hexLabel)
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)

        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor)
        ])

        apply(color: .systemTeal)
    }

    private func makeRow(title: String, slider: UISlider, tint: UIColor) -> UIStackView {
        let label = UILabel()
        label.text = title
        label.font = .boldSystemFont(ofSize: 16)
        label.widthAnchor.constraint(equalToConstant: 24).isActive = true
        slider.minimumValue = 0
        slider.maximumValue = 1
        slider.minimumTrackTintColor = tint
        slider.addTarget(self, action: #selector(sliderChanged(_:)), for: .valueChanged)
        let row = UIStackView(arrangedSubviews: [label, slider])
        row.spacing = 12
        row.alignment = .center
        return row
    }

    private func makePresetsMenu() -> UIMenu {
        let presets: [(String, UIColor)] = [("Sunset", .systemOrange), ("Ocean", .systemBlue),
                                            ("Forest", .systemGreen), ("Berry", .systemPink)]
        let actions = presets.map { name, color -> UIAction in
            let swatch = UIImage(systemName: "circle.fill")?.withTintColor(color, renderingMode: .alwaysOriginal)
            return UIAction(title: name, image: swatch) { [weak self] _ in
                self?.apply(color: color)
            }
        }
        let reset = UIAction(title: "Reset", image: UIImage(systemName: "arrow.counterclockwise"),
                             attributes: .destructive) { [weak self] _ in
            self?.apply(color: .white)
        }
        return UIMenu(title: "Choose a preset", children: [
            UIMenu(title: "", options: .displayInline, children: actions), reset
        ])
    }

    private func apply(color: UIColor) {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        color.resolvedColor(with: traitCollection).getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        redSlider.setValue(Float(red), animated: true)
        greenSlider.setValue(Float(green), animated: true)
        blueSlider.setValue(Float(blue), animated: true)
        alphaSlider.setValue(Float(alpha), animated: true)
        updatePreview()
    }

    @objc private func sliderChanged(_ sender: UISlider) {
        updatePreview()
    }

    private func updatePreview() {
        swatchView.backgroundColor = selectedColor
        hexLabel.text = hexString
    }
}

extension ColorPickerViewController: UIContextMenuInteractionDelegate {
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { [weak self] _ in
            guard let self = self else { return nil }
            let copyHex = UIAction(title: "Copy Hex", image: UIImage(systemName: "doc.on.doc")) { _ in
                UIPasteboard.general.string = self.hexString
            }
            let copyColor = UIAction(title: "Copy Color", image: UIImage(systemName: "eyedropper")) { _ in
                UIPasteboard.general.color = self.selectedColor
            }
            return UIMenu(title: self.hexString, children: [copyHex, copyColor])
        }
    }
}
