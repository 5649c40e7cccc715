import UIKit

/// A placeholder block that sweeps a highlight across itself while content loads.
final class ShimmerPlaceholderView: UIView {
    private let gradientLayer = CAGradientLayer()
    private static let animationKey = "shimmer.locations"
    private(set) var isShimmering = false

    var baseColor: UIColor = .systemGray5 {
        didSet { updateColors() }
    }

    var highlightColor: UIColor = .systemGray6 {
        didSet { updateColors() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        layer.cornerRadius = 6
        layer.masksToBounds = true
        gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
        gradientLayer.locations = [0, 0.5, 1]
        layer.addSublayer(gradientLayer)
        updateColors()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gradientLayer.frame = bounds
        CATransaction.commit()
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // CGColors don't track dark mode automatically, so resolve them again.
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            updateColors()
        }
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        // Core Animation drops animations when a layer leaves the window (e.g. cell reuse, backgrounding).
        if window != nil && isShimmering && gradientLayer.animation(forKey: Self.animationKey) == nil {
            addShimmerAnimation()
        }
    }

    private func updateColors() {
        let base = baseColor.resolvedColor(with: traitCollection).cgColor
        let highlight = highlightColor.resolvedColor(with: traitCollection).cgColor
        gradientLayer.colors = [base, highlight, base]
    }

    func startShimmering() {
        guard !isShimmering else { return }
        isShimmering = true
        addShimmerAnimation()
    }

    func stopShimmering() {
        isShimmering = false
        gradientLayer.removeAnimation(forKey: Self.animationKey)
    }

    private func addShimmerAnimation() {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1.0, -0.5, 0.0]
        animation.toValue = [1.0, 1.5, 2.0]
        animation.duration = 1.4
        animation.repeatCount = .infinity
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.isRemovedOnCompletion = false
        gradientLayer.add(animation, forKey: Self.animationKey)
    }
}

/// A table cell that mimics an article row: avatar circle plus two text lines.
final class SkeletonArticleCell: UITableViewCell {
    static let reuseIdentifier = "SkeletonArticleCell"

    private let avatar = ShimmerPlaceholderView()
    private let titleLine = ShimmerPlaceholderView()
    private let subtitleLine = ShimmerPlaceholderView()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        isUserInteractionEnabled = false
        avatar.layer.cornerRadius = 22

        for placeholder in [avatar, titleLine, subtitleLine] {
            placeholder.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(placeholder)
        }

        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            avatar.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
            avatar.widthAnchor.constraint(equalToConstant: 44),
            avatar.heightAnchor.constraint(equalToConstant: 44),

            titleLine.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
            titleLine.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            titleLine.topAnchor.constraint(equalTo: avatar.topAnchor, constant: 4),
            titleLine.heightAnchor.constraint(equalToConstant: 14),

            subtitleLine.leadingAnchor.constraint(equalTo: titleLine.leadingAnchor),
            subtitleLine.widthAnchor.constraint(equalTo: titleLine.widthAnchor, multiplier: 0.6),
            subtitleLine.bottomAnchor.constraint(equalTo: avatar.bottomAnchor, constant: -4),
            subtitleLine.heightAnchor.constraint(equalToConstant: 12)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startAnimating() {
        [avatar, titleLine, subtitleLine].forEach { $0.startShimmering() }
    }
}

/// Shows skeleton rows until the (simulated) network request finishes.
final class ArticleFeedViewController: UITableViewController {
    private var articles: [String] = []
    private var isLoading = true

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Articles"
        tableView.register(SkeletonArticleCell.self, forCellReuseIdentifier: SkeletonArticleCell.reuseIdentifier)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ArticleCell")
        loadArticles()
    }

    private func loadArticles() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2.5) { [weak self] in
            guard let self = self else { return }
            self.articles = ["Getting started with UIKit", "Mastering Auto Layout", "Core Animation basics",
                             "Diffable data sources", "Async image loading"]
            self.isLoading = false
            UIView.transition(with: self.tableView, duration: 0.3, options: .transitionCrossDissolve) {
                self.tableView.reloadData()
            }
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        isLoading ? 8 : articles.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if isLoading {
            let cell = tableView.dequeueReusableCell(withIdentifier: SkeletonArticleCell.reuseIdentifier,
                                                     for: indexPath) as! SkeletonArticleCell
            cell.startAnimating()
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "ArticleCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = articles[indexPath.row]
        content.image = UIImage(systemName: "doc.text.image")
        cell.contentConfiguration = content
        return cell
    }
}
