import UIKit

struct DashboardMetric {
    let title: String
    let value: String
    let symbolName: String
    let color: UIColor
}

final class DashboardMetricTile: UIView {
    private let iconView = UIImageView()
    private let valueLabel = UILabel()
    private let titleLabel = UILabel()
    private let contentStack = UIStackView()

    init(metric: DashboardMetric) {
        super.init(frame: .zero)
        backgroundColor = .secondarySystemBackground
        layer.cornerRadius = 14

        iconView.image = UIImage(systemName: metric.symbolName)
        iconView.tintColor = metric.color
        iconView.contentMode = .scaleAspectFit
        valueLabel.text = metric.value
        valueLabel.font = .monospacedDigitSystemFont(ofSize: 28, weight: .semibold)
        titleLabel.text = metric.title.uppercased()
        titleLabel.font = .preferredFont(forTextStyle: .caption1)
        titleLabel.textColor = .secondaryLabel

        [iconView, valueLabel, titleLabel].forEach { contentStack.addArrangedSubview($0) }
        contentStack.axis = .vertical
        contentStack.spacing = 6
        contentStack.alignment = .leading
        contentStack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(contentStack)

        NSLayoutConstraint.activate([
            iconView.heightAnchor.constraint(equalToConstant: 24),
            contentStack.topAnchor.constraint(equalTo: topAnchor, constant: 14),
            contentStack.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 14),
            contentStack.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -14),
            contentStack.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor, constant: -14)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// Compact tiles put the icon beside the numbers to save vertical space.
    func setCompact(_ compact: Bool) {
        contentStack.axis = compact ? .horizontal : .vertical
        contentStack.alignment = compact ? .center : .leading
    }
}

final class AdaptiveDashboardViewController: UIViewController {
    private let metrics = [
        DashboardMetric(title: "Steps", value: "8,412", symbolName: "figure.walk", color: .systemGreen),
        DashboardMetric(title: "Heart Rate", value: "72", symbolName: "heart.fill", color: .systemRed),
        DashboardMetric(title: "Sleep", value: "7h 20m", symbolName: "bed.double.fill", color: .systemIndigo),
        DashboardMetric(title: "Calories", value: "1,980", symbolName: "flame.fill", color: .systemOrange)
    ]

    private let outerStack = UIStackView()
    private let firstRow = UIStackView()
    private let secondRow = UIStackView()
    private let statusLabel = UILabel()
    private var tiles: [DashboardMetricTile] = []

    private var isPad: Bool {
        UIDevice.current.userInterfaceIdiom == .pad
    }

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        isPad ? .all : .allButUpsideDown
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Today"
        view.backgroundColor = .systemBackground
        buildHierarchy()

        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        NotificationCenter.default.addObserver(self,
                                               selector: #selector(deviceOrientationDidChange(_:)),
                                               name: UIDevice.orientationDidChangeNotification,
                                               object: nil)
        applyLayout(for: traitCollection)
    }

    deinit {
        NotificationCenter.default.removeObserver(self, name: UIDevice.orientationDidChangeNotification, object: nil)
        UIDevice.current.endGeneratingDeviceOrientationNotifications()
    }

    private func buildHierarchy() {
        tiles = metrics.map(DashboardMetricTile.init(metric:))
        tiles[0...1].forEach { firstRow.addArrangedSubview($0) }
        tiles[2...3].forEach { secondRow.addArrangedSubview($0) }

        for row in [firstRow, secondRow] {
            row.axis = .horizontal
            row.distribution = .fillEqually
            row.spacing = 12
            outerStack.addArrangedSubview(row)
        }

        statusLabel.font = .preferredFont(forTextStyle: .footnote)
        statusLabel.textColor = .tertiaryLabel
        statusLabel.textAlignment = .center
        outerStack.addArrangedSubview(statusLabel)

        outerStack.spacing = 12
        outerStack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(outerStack)

        let guide = view.readableContentGuide
        NSLayoutConstraint.activate([
            outerStack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            outerStack.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            outerStack.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            outerStack.bottomAnchor.constraint(lessThanOrEqualTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16)
        ])
    }

    // MARK: - Adaptivity

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        guard traitCollection.horizontalSizeClass != previousTraitCollection?.horizontalSizeClass
                || traitCollection.verticalSizeClass != previousTraitCollection?.verticalSizeClass else { return }
        applyLayout(for: traitCollection)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { _ in
            self.view.layoutIfNeeded()
        }, completion: { _ in
            self.updateStatus(containerSize: size)
        })
    }

    @objc private func deviceOrientationDidChange(_ notification: Notification) {
        let orientation = UIDevice.current.orientation
        // Face up / face down and unknown don't tell us anything useful about layout.
        guard orientation.isValidInterfaceOrientation else { return }
        updateStatus(containerSize: view.bounds.size)
    }

    private func applyLayout(for traits: UITraitCollection) {
        let isRegularWidth = traits.horizontalSizeClass == .regular
        let isCompactHeight = traits.verticalSizeClass == .compact

        // Landscape phones (compact height) and iPads get everything in a single row.
        let singleRow = isRegularWidth || isCompactHeight
        outerStack.axis = .vertical
        if singleRow {
            tiles[2...3].forEach { firstRow.addArrangedSubview($0) }
            secondRow.isHidden = true
        } else {
            tiles[2...3].forEach { secondRow.addArrangedSubview($0) }
            secondRow.isHidden = false
        }

        tiles.forEach { $0.setCompact(isCompactHeight) }
        outerStack.spacing = isPad ? 24 : 12
        updateStatus(containerSize: view.bounds.size)
    }

    private func updateStatus(containerSize: CGSize) {
        let idiom: String
        switch UIDevice.current.userInterfaceIdiom {
        case .phone: idiom = "iPhone"
        case .pad: idiom = "iPad"
        case .mac: idiom = "Mac"
        default: idiom = "Other"
        }
        let orientation = UIDevice.current.orientation.isLandscape ? "landscape" : "portrait"
        let widthClass = traitCollection.horizontalSizeClass == .regular ? "regular" : "compact"
        statusLabel.text = "\(idiom) · \(orientation) · \(widthClass) width · \(Int(containerSize.width))pt"
    }
}
