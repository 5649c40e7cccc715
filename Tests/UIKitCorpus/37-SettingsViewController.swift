import UIKit

final class SettingsViewController: UITableViewController {

    private enum Section: Int, CaseIterable {
        case notifications, appearance, about

        var title: String {
            switch self {
            case .notifications: return "Notifications"
            case .appearance: return "Appearance"
            case .about: return "About"
            }
        }

        var footer: String? {
            switch self {
            case .notifications: return "Daily digests are delivered at 8:00 AM local time."
            case .appearance: return nil
            case .about: return "Version 2.4.1 (318)"
            }
        }
    }

    private struct ToggleRow {
        let title: String
        let icon: String
        let defaultsKey: String
    }

    private let toggleRows: [Section: [ToggleRow]] = [
        .notifications: [
            ToggleRow(title: "Push Notifications", icon: "bell.fill", defaultsKey: "settings.push"),
            ToggleRow(title: "Daily Digest", icon: "newspaper.fill", defaultsKey: "settings.digest"),
            ToggleRow(title: "Sounds", icon: "speaker.wave.2.fill", defaultsKey: "settings.sounds")
        ],
        .appearance: [
            ToggleRow(title: "Use Dark Mode", icon: "moon.fill", defaultsKey: "settings.darkMode"),
            ToggleRow(title: "Large Text", icon: "textformat.size", defaultsKey: "settings.largeText")
        ]
    ]

    private let aboutRows = ["Privacy Policy", "Terms of Service", "Rate the App"]
    private let cellIdentifier = "SettingsCell"

    init() {
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        navigationController?.navigationBar.prefersLargeTitles = true
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellIdentifier)
    }

    // MARK: - Data source

    override func numberOfSections(in tableView: UITableView) -> Int {
        Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard let section = Section(rawValue: section) else { return 0 }
        return section == .about ? aboutRows.count : toggleRows[section]?.count ?? 0
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        Section(rawValue: section)?.title
    }

    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        Section(rawValue: section)?.footer
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)
        var content = cell.defaultContentConfiguration()
        let section = Section(rawValue: indexPath.section)!

        if section == .about {
            content.text = aboutRows[indexPath.row]
            cell.accessoryView = nil
            cell.accessoryType = .disclosureIndicator
            cell.selectionStyle = .default
        } else if let row = toggleRows[section]?[indexPath.row] {
            content.text = row.title
            content.image = UIImage(systemName: row.icon)
            content.imageProperties.tintColor = .systemBlue

            let toggle = UISwitch()
            toggle.isOn = UserDefaults.standard.bool(forKey: row.defaultsKey)
            toggle.tag = indexPath.section * 100 + indexPath.row
            toggle.addTarget(self, action: #selector(switchChanged(_:)), for: .valueChanged)
            cell.accessoryView = toggle
            cell.accessoryType = .none
            cell.selectionStyle = .none
        }

        cell.contentConfiguration = content
        return cell
    }

    // MARK: - Delegate

    override func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {
        guard let header = view as? UITableViewHeaderFooterView else { return }
        header.textLabel?.font = .systemFont(ofSize: 13, weight: .semibold)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard Section(rawValue: indexPath.section) == .about else { return }
        let alert = UIAlertController(title: aboutRows[indexPath.row], message: "Coming soon.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .cancel))
        present(alert, animated: true)
    }

    @objc private func switchChanged(_ sender: UISwitch) {
        guard let section = Section(rawValue: sender.tag / 100),
              let row = toggleRows[section]?[sender.tag % 100] else { return }
        UserDefaults.standard.set(sender.isOn, forKey: row.defaultsKey)

        if row.defaultsKey == "settings.darkMode" {
            view.window?.overrideUserInterfaceStyle = sender.isOn ? .dark : .unspecified
        }
    }
}
