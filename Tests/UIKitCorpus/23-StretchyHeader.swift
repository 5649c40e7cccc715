import UIKit

class StretchyHeaderViewController: UIViewController, UIScrollViewDelegate {

    private let scrollView = UIScrollView()
    private let headerImageView = UIImageView()
    private let contentLabel = UILabel()

    private var headerHeightConstraint: NSLayoutConstraint!
    private var headerTopConstraint: NSLayoutConstraint!
    private let baseHeaderHeight: CGFloat = 260

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        scrollView.delegate = self
        scrollView.alwaysBounceVertical = true
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)

        headerImageView.image = UIImage(systemName: "mountain.2.fill")
        headerImageView.backgroundColor = .systemTeal
        headerImageView.tintColor = .white
        headerImageView.contentMode = .scaleAspectFill
        headerImageView.clipsToBounds = true
        headerImageView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(headerImageView)

        contentLabel.numberOfLines = 0
        contentLabel.font = .preferredFont(forTextStyle: .body)
        contentLabel.text = String(repeating: "Pull down to stretch the header image. ", count: 40)
        contentLabel.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(contentLabel)

        headerHeightConstraint = headerImageView.heightAnchor.constraint(equalToConstant: baseHeaderHeight)
        headerTopConstraint = headerImageView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor)

        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),

            headerTopConstraint,
            headerHeightConstraint,
            headerImageView.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor),
            headerImageView.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor),

            contentLabel.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: baseHeaderHeight + 16),
            contentLabel.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor, constant: 16),
            contentLabel.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -16),
            contentLabel.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -16)
        ])
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let offsetY = scrollView.contentOffset.y

        if offsetY < 0 {
            headerTopConstraint.constant = offsetY
            headerHeightConstraint.constant = baseHeaderHeight - offsetY
        } else {
            headerTopConstraint.constant = offsetY * 0.5
            headerHeightConstraint.constant = max(baseHeaderHeight - offsetY * 0.5, 0)
        }

        let fade = min(max(offsetY / baseHeaderHeight, 0), 1)
        headerImageView.alpha = 1 - fade * 0.7
    }
}
