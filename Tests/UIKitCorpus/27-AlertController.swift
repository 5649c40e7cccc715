import UIKit

class DocumentViewController: UIViewController {

    private let statusLabel = UILabel()
    private var documentName = "Untitled"

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = documentName

        statusLabel.text = "No changes"
        statusLabel.textAlignment = .center
        statusLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(statusLabel)
        NSLayoutConstraint.activate([
            statusLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            statusLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])

        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(barButtonSystemItem: .trash, target: self, action: #selector(deleteTapped)),
            UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(moreTapped(_:)))
        ]
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Rename", style: .plain,
                                                           target: self, action: #selector(renameTapped))
    }

    @objc private func deleteTapped() {
        let alert = UIAlertController(title: "Delete Document?",
                                      message: "This action cannot be undone.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [weak self] _ in
            self?.statusLabel.text = "Document deleted"
        })
        present(alert, animated: true)
    }

    @objc private func renameTapped() {
        let alert = UIAlertController(title: "Rename", message: "Enter a new name", preferredStyle: .alert)
        alert.addTextField { textField in
            textField.placeholder = "Document name"
            textField.text = self.documentName
            textField.clearButtonMode = .whileEditing
        }
        let save = UIAlertAction(title: "Save", style: .default) { [weak self, weak alert] _ in
            guard let self = self,
                  let name = alert?.textFields?.first?.text,
                  !name.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            self.documentName = name
            self.title = name
            self.statusLabel.text = "Renamed to \(name)"
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(save)
        alert.preferredAction = save
        present(alert, animated: true, completion: nil)
    }

    @objc private func moreTapped(_ sender: UIBarButtonItem) {
        let sheet = UIAlertController(title: nil, message: "Choose an option", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Duplicate", style: .default) { _ in
            self.statusLabel.text = "Duplicated"
        })
        sheet.addAction(UIAlertAction(title: "Export as PDF", style: .default) { _ in
            self.statusLabel.text = "Exported"
        })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))

        if let popover = sheet.popoverPresentationController {
            popover.barButtonItem = sender
        }
        present(sheet, animated: true)
    }
}
