import UIKit

struct Message {
    let sender: String
    let subject: String
    var isFlagged = false
}

/// A mail-style inbox: swipe a row toward the left for Delete and Flag; a full swipe deletes.
/// The search bar under the title filters the messages by sender or subject.
final class InboxViewController: UITableViewController, UISearchResultsUpdating {

    private var messages: [Message] = [
        Message(sender: "Ada", subject: "Engine notes"),
        Message(sender: "Grace", subject: "Compiler draft"),
        Message(sender: "Linus", subject: "Patch review"),
        Message(sender: "Margaret", subject: "Flight plan"),
        Message(sender: "Alan", subject: "Lunch?"),
        Message(sender: "Barbara", subject: "Abstractions"),
        Message(sender: "Dennis", subject: "Pointers, again"),
        Message(sender: "Ken", subject: "A tiny shell"),
    ]
    private let search = UISearchController(searchResultsController: nil)
    private var query = ""
    /// The rows shown: every message, or those matching the search.
    private var shown: [Int] {
        messages.indices.filter { i in
            query.isEmpty || messages[i].sender.localizedCaseInsensitiveContains(query)
                || messages[i].subject.localizedCaseInsensitiveContains(query)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
        tableView.rowHeight = 56
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .compose, target: self,
                                                            action: #selector(compose))
        search.searchResultsUpdater = self
        search.obscuresBackgroundDuringPresentation = false
        search.searchBar.placeholder = "Search mail"
        navigationItem.searchController = search
    }

    func updateSearchResults(for searchController: UISearchController) {
        query = searchController.searchBar.text ?? ""
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        shown.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        let message = messages[shown[indexPath.row]]
        cell.textLabel?.text = message.sender
        cell.detailTextLabel?.text = message.subject
        cell.accessoryType = message.isFlagged ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completion in
            guard let self = self else { return completion(false) }
            self.messages.remove(at: self.shown[indexPath.row])
            tableView.deleteRows(at: [indexPath], with: .automatic)
            completion(true)
        }
        let flag = UIContextualAction(style: .normal, title: "Flag") { [weak self] _, _, completion in
            guard let self = self else { return completion(false) }
            self.messages[self.shown[indexPath.row]].isFlagged.toggle()
            tableView.reloadRows(at: [indexPath], with: .none)
            completion(true)
        }
        flag.backgroundColor = .systemOrange
        return UISwipeActionsConfiguration(actions: [delete, flag])
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }

    @objc private func compose() {
        messages.insert(Message(sender: "You", subject: "New message"), at: 0)
        tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    }
}
