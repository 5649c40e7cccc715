import UIKit

final class ContactsListViewController: UIViewController {

    private let contacts = ["Alice Johnson", "Bob Smith", "Carol White", "David Brown"]
    private let stackView = UIStackView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = "Contacts"
        navigationController?.navigationBar.prefersLargeTitles = true

        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add,
                                                            target: self,
                                                            action: #selector(addTapped))
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Settings",
                                                           style: .plain,
                                                           target: self,
                                                           action: #selector(settingsTapped(_:)))

        stackView.axis = .vertical
        stackView.spacing = 12
        stackView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stackView)

        for (index, name) in contacts.enumerated() {
            let button = UIButton(type: .system)
            button.setTitle(name, for: .normal)
            button.contentHorizontalAlignment = .leading
            button.titleLabel?.font = .systemFont(ofSize: 18)
            button.tag = index
            button.addTarget(self, action: #selector(contactTapped(_:)), for: .touchUpInside)
            stackView.addArrangedSubview(button)
        }

        NSLayoutConstraint.activate([
            stackView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
            stackView.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            stackView.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20)
        ])
    }

    @objc private func contactTapped(_ sender: UIButton) {
        let detail = ContactDetailViewController(name: contacts[sender.tag])
        navigationController?.pushViewController(detail, animated: true)
    }

    @objc private func addTapped() {
        print("Add contact")
    }

    @objc private func settingsTapped(_ sender: UIBarButtonItem) {
        print("Settings tapped")
    }
}

final class ContactDetailViewController: UIViewController {

    private let name: String
    private let nameLabel = UILabel()

    init(name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.title = name
        navigationItem.largeTitleDisplayMode = .never
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit",
                                                            style: .done,
                                                            target: self,
                                                            action: #selector(editTapped))

        nameLabel.text = name
        nameLabel.font = .preferredFont(forTextStyle: .largeTitle)
        nameLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(nameLabel)
        NSLayoutConstraint.activate([
            nameLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            nameLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])
    }

    @objc private func editTapped() {
        navigationController?.popViewController(animated: true)
    }
}

enum ContactsModule {
    static func makeRootController() -> UINavigationController {
        let nav = UINavigationController(rootViewController: ContactsListViewController())
        nav.navigationBar.tintColor = .systemIndigo
        return nav
    }
}
