import UIKit

final class MarkdownEditorViewController: UIViewController {
    private enum Mode: Int {
        case edit
        case preview
    }

    private let modeControl = UISegmentedControl(items: ["Edit", "Preview"])
    private let textView = UITextView()
    private let previewLabel = UILabel()
    private let wordCountLabel = UILabel()

    private var mode: Mode = .edit {
        didSet { updateMode() }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        modeControl.selectedSegmentIndex = Mode.edit.rawValue
        modeControl.addTarget(self, action: #selector(modeChanged(_:)), for: .valueChanged)
        navigationItem.titleView = modeControl
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .action,
                                                            target: self,
                                                            action: #selector(shareTapped(_:)))

        textView.font = .monospacedSystemFont(ofSize: 16, weight: .regular)
        textView.text = "# Shopping list\n\n**Milk**, eggs and _fresh_ bread.\n"
        textView.delegate = self
        textView.inputAccessoryView = makeKeyboardToolbar()
        textView.alwaysBounceVertical = true

        previewLabel.numberOfLines = 0
        previewLabel.isHidden = true

        for subview in [textView, previewLabel] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            textView.topAnchor.constraint(equalTo: guide.topAnchor),
            textView.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 12),
            textView.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -12),
            textView.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
            previewLabel.topAnchor.constraint(equalTo: guide.topAnchor, constant: 16),
            previewLabel.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 16),
            previewLabel.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -16)
        ])

        configureBottomToolbar()
        updateWordCount()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setToolbarHidden(false, animated: animated)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.setToolbarHidden(true, animated: animated)
    }

    // MARK: - Toolbars

    private func configureBottomToolbar() {
        let flexible = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
        let bold = UIBarButtonItem(image: UIImage(systemName: "bold"), style: .plain,
                                   target: self, action: #selector(boldTapped))
        let italic = UIBarButtonItem(image: UIImage(systemName: "italic"), style: .plain,
                                     target: self, action: #selector(italicTapped))
        let heading = UIBarButtonItem(image: UIImage(systemName: "textformat.size"), style: .plain,
                                      target: self, action: #selector(headingTapped))

        wordCountLabel.font = .preferredFont(forTextStyle: .caption1)
        wordCountLabel.textColor = .secondaryLabel
        let countItem = UIBarButtonItem(customView: wordCountLabel)

        toolbarItems = [bold, .fixedSpace(16), italic, .fixedSpace(16), heading, flexible, countItem]
    }

    private func makeKeyboardToolbar() -> UIToolbar {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 44))
        toolbar.items = [
            UIBarButtonItem(title: "#", style: .plain, target: self, action: #selector(headingTapped)),
            UIBarButtonItem(title: "- [ ]", style: .plain, target: self, action: #selector(checklistTapped)),
            UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
            UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(doneEditing))
        ]
        toolbar.sizeToFit()
        return toolbar
    }

    // MARK: - Actions

    @objc private func modeChanged(_ sender: UISegmentedControl) {
        mode = Mode(rawValue: sender.selectedSegmentIndex) ?? .edit
    }

    @objc private func boldTapped() { wrapSelection(with: "**") }
    @objc private func italicTapped() { wrapSelection(with: "_") }
    @objc private func headingTapped() { textView.insertText("\n# ") }
    @objc private func checklistTapped() { textView.insertText("\n- [ ] ") }
    @objc private func doneEditing() { textView.resignFirstResponder() }

    @objc private func shareTapped(_ sender: UIBarButtonItem) {
        let activity = UIActivityViewController(activityItems: [textView.text ?? ""], applicationActivities: nil)
        activity.popoverPresentationController?.barButtonItem = sender
        present(activity, animated: true)
    }

    private func wrapSelection(with marker: String) {
        guard mode == .edit, let range = textView.selectedTextRange else { return }
        let selected = textView.text(in: range) ?? ""
        textView.replace(range, withText: marker + selected + marker)
        updateWordCount()
    }

    private func updateMode() {
        let editing = mode == .edit
        if !editing {
            textView.resignFirstResponder()
            previewLabel.attributedText = renderPreview(textView.text)
        }
        UIView.transition(with: view, duration: 0.25, options: .transitionCrossDissolve) {
            self.textView.isHidden = !editing
            self.previewLabel.isHidden = editing
        }
        toolbarItems?.prefix(5).forEach { $0.isEnabled = editing }
    }

    private func updateWordCount() {
        let words = textView.text.split { $0.isWhitespace || $0.isNewline }.count
        wordCountLabel.text = "\(words) words"
        wordCountLabel.sizeToFit()
    }

    private func renderPreview(_ markdown: String) -> NSAttributedString {
        if let parsed = try? AttributedString(markdown: markdown,
                                              options: .init(interpretedSyntax: .inlineOnlyPreservingWhitespace)) {
            let result = NSMutableAttributedString(parsed)
            result.addAttribute(.font, value: UIFont.preferredFont(forTextStyle: .body),
                                range: NSRange(location: 0, length: result.length))
            return result
        }
        return NSAttributedString(string: markdown)
    }
}

extension MarkdownEditorViewController: UITextViewDelegate {
    func textViewDidChange(_ textView: UITextView) {
        updateWordCount()
    }
}
