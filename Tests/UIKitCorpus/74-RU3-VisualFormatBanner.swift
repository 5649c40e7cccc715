import UIKit

// RU3: what small UIKit libraries write and the facade had refused or lacked: a banner laid out
// with the visual format language (metrics, an alignment option, standard spacings), a centring
// flow layout that reads its settings in `init?(coder:)` too, and a table view whose overrides of
// `layoutSubviews` and `reloadData` sit in an extension, as `@objc` members allow on iOS.

final class VisualBanner: UIView {
    let iconView = UIImageView()
    let titleLabel = UILabel()
    let closeButton = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        let views: [String: Any] = ["icon": iconView, "title": titleLabel, "close": closeButton]
        for case let v as UIView in views.values {
            v.translatesAutoresizingMaskIntoConstraints = false
            addSubview(v)
        }
        let metrics = ["side": 24, "gap": 12.0]
        addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "H:|-[icon(side)]-gap-[title]-(>=8)-[close(==icon)]-|",
                                                      options: .alignAllCenterY, metrics: metrics, views: views))
        addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "V:|-(10@750)-[title(>=20)]-(10)-|",
                                                      options: [], metrics: nil, views: views))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:[icon(side)]", metrics: metrics, views: views))
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}

final class CentringLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        scrollDirection = .horizontal
    }
    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        scrollDirection = .horizontal
    }
}

open class ExpandingTableView: UITableView {
    var expandedRows: Set<IndexPath> = []
    var layoutPasses = 0
}

extension ExpandingTableView {
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutPasses += 1
    }

    open override func reloadData() {
        expandedRows.removeAll()
        super.reloadData()
    }

    func isExpanded(_ indexPath: IndexPath) -> Bool { expandedRows.contains(indexPath) }
}
