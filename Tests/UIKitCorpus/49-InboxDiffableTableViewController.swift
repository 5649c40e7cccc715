import UIKit

// MARK: - Model

enum InboxSection: Int, CaseIterable {
    case flagged
    case inbox

    var headerTitle: String {
        switch self {
        case .flagged: return "Flagged"
        case .inbox: return "Inbox"
        }
    }
}

struct InboxMessage: Hashable {
    let id: UUID
    var sender: String
    var subject: String
    var receivedAt: Date
    var isRead: Bool
    var isFlagged: Bool

    init(sender: String, subject: String, minutesAgo: Double, isRead: Bool = false, isFlagged: Bool = false) {
        self.id = UUID()
        self.sender = sender
        self.subject = subject
        self.receivedAt = Date().addingTimeInterval(-minutesAgo * 60)
        self.isRead = isRead
        self.isFlagged = isFlagged
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    static func == (lhs: InboxMessage, rhs: InboxMessage) -> Bool {
        lhs.id == rhs.id
    }
}

// MARK: - Data Source

/// Diffable data sources return `false` from canEditRowAt by default,
/// which hides swipe actions, so we subclass to opt back in.
final class InboxDataSource: UITableViewDiffableDataSource<InboxSection, InboxMessage> {
    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        true
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        let sections = snapshot().sectionIdentifiers
        guard section < sections.count else { return nil }
        return sections[section].headerTitle
    }
}

// MARK: - View Controller

final class InboxViewController: UITableViewController {
    private static let cellIdentifier = "InboxCell"

    private var dataSource: InboxDataSource!
    private var messages: [InboxMessage] = [
        InboxMessage(sender: "Anna Lee", subject: "Lunch on Friday?", minutesAgo: 4),
        InboxMessage(sender: "GitHub", subject: "[repo] New pull request opened", minutesAgo: 22, isRead: true),
        InboxMessage(sender: "Marco Rossi", subject: "Quarterly report draft", minutesAgo: 75, isFlagged: true),
        InboxMessage(sender: "Travel Desk", subject: "Your itinerary has changed", minutesAgo: 180),
        InboxMessage(sender: "Newsletter", subject: "This week in Swift", minutesAgo: 600, isRead: true),
        InboxMessage(sender: "Priya Shah", subject: "Design review notes", minutesAgo: 1440, isFlagged: true)
    ]

    private let relativeFormatter: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .short
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Mail"
        navigationController?.navigationBar.prefersLargeTitles = true
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        configureDataSource()
        applySnapshot(animated: false)

        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: #selector(refreshPulled), for: .valueChanged)
    }

    private func configureDataSource() {
        dataSource = InboxDataSource(tableView: tableView) { [weak self] tableView, indexPath, message in
            let cell = tableView.dequeueReusableCell(withIdentifier: InboxViewController.cellIdentifier, for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = message.sender
            content.textProperties.font = message.isRead
                ? .preferredFont(forTextStyle: .body)
                : .boldSystemFont(ofSize: UIFont.preferredFont(forTextStyle: .body).pointSize)
            content.secondaryText = message.subject
            content.secondaryTextProperties.color = .secondaryLabel
            content.image = UIImage(systemName: message.isRead ? "envelope.open" : "envelope.badge.fill")
            content.imageProperties.tintColor = message.isFlagged ? .systemOrange : .systemBlue
            cell.contentConfiguration = content

            let timeLabel = UILabel()
            timeLabel.font = .preferredFont(forTextStyle: .caption1)
            timeLabel.textColor = .tertiaryLabel
            timeLabel.text = self?.relativeFormatter.localizedString(for: message.receivedAt, relativeTo: Date())
            timeLabel.sizeToFit()
            cell.accessoryView = timeLabel
            return cell
        }
        dataSource.defaultRowAnimation = .fade
    }

    private func applySnapshot(reconfiguring changed: [InboxMessage] = [], animated: Bool = true) {
        var snapshot = NSDiffableDataSourceSnapshot<InboxSection, InboxMessage>()
        let flagged = messages.filter { $0.isFlagged }
        if !flagged.isEmpty {
            snapshot.appendSections([.flagged])
            snapshot.appendItems(flagged, toSection: .flagged)
        }
        snapshot.appendSections([.inbox])
        snapshot.appendItems(messages.filter { !$0.isFlagged }, toSection: .inbox)
        if !changed.isEmpty {
            snapshot.reloadItems(changed)
        }
        dataSource.apply(snapshot, animatingDifferences: animated)
    }

    private func update(_ message: InboxMessage, _ change: (inout InboxMessage) -> Void) {
        guard let index = messages.firstIndex(of: message) else { return }
        change(&messages[index])
        applySnapshot(reconfiguring: [messages[index]])
    }

    @objc private func refreshPulled() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { [weak self] in
            guard let self = self else { return }
            self.messages.insert(InboxMessage(sender: "Support", subject: "Ticket #4821 updated", minutesAgo: 0), at: 0)
            self.applySnapshot()
            self.refreshControl?.endRefreshing()
        }
    }

    // MARK: - Swipe Actions

    override func tableView(_ tableView: UITableView,
                            leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let message = dataSource.itemIdentifier(for: indexPath) else { return nil }
        let toggleRead = UIContextualAction(style: .normal,
                                            title: message.isRead ? "Unread" : "Read") { [weak self] _, _, completion in
            self?.update(message) { $0.isRead.toggle() }
            completion(true)
        }
        toggleRead.image = UIImage(systemName: message.isRead ? "envelope.badge" : "envelope.open")
        toggleRead.backgroundColor = .systemBlue
        return UISwipeActionsConfiguration(actions: [toggleRead])
    }

    override func tableView(_ tableView: UITableView,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let message = dataSource.itemIdentifier(for: indexPath) else { return nil }

        let delete = UIContextualAction(style: .destructive, title: "Trash") { [weak self] _, _, completion in
            guard let self = self else { return completion(false) }
            self.messages.removeAll { $0.id == message.id }
            var snapshot = self.dataSource.snapshot()
            snapshot.deleteItems([message])
            self.dataSource.apply(snapshot, animatingDifferences: true)
            completion(true)
        }
        delete.image = UIImage(systemName: "trash")

        let flag = UIContextualAction(style: .normal,
                                      title: message.isFlagged ? "Unflag" : "Flag") { [weak self] _, _, completion in
            self?.update(message) { $0.isFlagged.toggle() }
            completion(true)
        }
        flag.image = UIImage(systemName: "flag")
        flag.backgroundColor = .systemOrange

        let configuration = UISwipeActionsConfiguration(actions: [delete, flag])
        configuration.performsFirstActionWithFullSwipe = true
        return configuration
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let message = dataSource.itemIdentifier(for: indexPath), !message.isRead else { return }
        update(message) { $0.isRead = true }
    }
}
