import UIKit

/// A UITextView that shows a placeholder label while it is empty.
@IBDesignable
class PlaceholderTextView: UITextView {

    @IBInspectable var placeholder: String = "" {
        didSet { placeholderLabel.text = placeholder }
    }

    var placeholderColor: UIColor = .placeholderText {
        didSet { placeholderLabel.textColor = placeholderColor }
    }

    private let placeholderLabel = UILabel()
    private var placeholderConstraints: [NSLayoutConstraint] = []

    override var text: String! {
        didSet { updatePlaceholderVisibility() }
    }

    override var attributedText: NSAttributedString! {
        didSet { updatePlaceholderVisibility() }
    }

    override var font: UIFont? {
        didSet { placeholderLabel.font = font }
    }

    override var textAlignment: NSTextAlignment {
        didSet { placeholderLabel.textAlignment = textAlignment }
    }

    override var textContainerInset: UIEdgeInsets {
        didSet { updatePlaceholderConstraints() }
    }

    override init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame, textContainer: textContainer)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    private func commonInit() {
        placeholderLabel.numberOfLines = 0
        placeholderLabel.textColor = placeholderColor
        placeholderLabel.font = font ?? UIFont.preferredFont(forTextStyle: .body)
        placeholderLabel.isUserInteractionEnabled = false
        placeholderLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(placeholderLabel)
        updatePlaceholderConstraints()

        NotificationCenter.default.addObserver(self, selector: #selector(textDidChange(_:)),
                                               name: UITextView.textDidChangeNotification, object: self)
    }

    private func updatePlaceholderConstraints() {
        guard placeholderLabel.superview != nil else { return }
        NSLayoutConstraint.deactivate(placeholderConstraints)
        let padding = textContainer.lineFragmentPadding
        placeholderConstraints = [
            placeholderLabel.topAnchor.constraint(equalTo: topAnchor, constant: textContainerInset.top),
            placeholderLabel.leadingAnchor.constraint(equalTo: leadingAnchor,
                                                      constant: textContainerInset.left + padding),
            placeholderLabel.widthAnchor.constraint(equalTo: widthAnchor,
                                                    constant: -(textContainerInset.left + textContainerInset.right + padding * 2))
        ]
        NSLayoutConstraint.activate(placeholderConstraints)
    }

    @objc private func textDidChange(_ notification: Notification) {
        updatePlaceholderVisibility()
    }

    private func updatePlaceholderVisibility() {
        placeholderLabel.isHidden = !(text ?? "").isEmpty
    }
}

// MARK: - Example usage

final class FeedbackViewController: UIViewController, UITextViewDelegate {

    private let maxCharacters = 280
    private let textView = PlaceholderTextView()
    private let counterLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feedback"
        view.backgroundColor = .systemGroupedBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(doneTapped))

        textView.placeholder = "Tell us what you think about the app…"
        textView.font = .preferredFont(forTextStyle: .body)
        textView.textContainerInset = UIEdgeInsets(top: 12, left: 8, bottom: 12, right: 8)
        textView.layer.cornerRadius = 10
        textView.layer.borderWidth = 1
        textView.layer.borderColor = UIColor.separator.cgColor
        textView.delegate = self
        textView.translatesAutoresizingMaskIntoConstraints = false

        counterLabel.font = .monospacedDigitSystemFont(ofSize: 13, weight: .regular)
        counterLabel.textColor = .secondaryLabel
        counterLabel.textAlignment = .right
        counterLabel.text = "0/\(maxCharacters)"
        counterLabel.translatesAutoresizingMaskIntoConstraints = false

        view.addSubview(textView)
        view.addSubview(counterLabel)

        NSLayoutConstraint.activate([
            textView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            textView.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            textView.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            textView.heightAnchor.constraint(equalToConstant: 180),
            counterLabel.topAnchor.constraint(equalTo: textView.bottomAnchor, constant: 6),
            counterLabel.trailingAnchor.constraint(equalTo: textView.trailingAnchor)
        ])
    }

    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        let current = textView.text ?? ""
        guard let stringRange = Range(range, in: current) else { return false }
        let updated = current.replacingCharacters(in: stringRange, with: text)
        return updated.count <= maxCharacters
    }

    func textViewDidChange(_ textView: UITextView) {
        let count = textView.text.count
        counterLabel.text = "\(count)/\(maxCharacters)"
        counterLabel.textColor = count > maxCharacters - 20 ? .systemRed : .secondaryLabel
    }

    @objc private func doneTapped() {
        textView.resignFirstResponder()
        navigationController?.popViewController(animated: true)
    }
}
