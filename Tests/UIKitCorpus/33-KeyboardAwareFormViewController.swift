import UIKit

final class SignUpFormViewController: UIViewController {

    private let scrollView = UIScrollView()
    private let stackView = UIStackView()

    private lazy var nameField = makeTextField(placeholder: "Full name", contentType: .name)
    private lazy var emailField = makeTextField(placeholder: "Email", contentType: .emailAddress, keyboard: .emailAddress)
    private lazy var passwordField: UITextField = {
        let field = makeTextField(placeholder: "Password", contentType: .newPassword)
        field.isSecureTextEntry = true
        return field
    }()
    private lazy var confirmField: UITextField = {
        let field = makeTextField(placeholder: "Confirm password", contentType: .newPassword)
        field.isSecureTextEntry = true
        field.returnKeyType = .done
        return field
    }()

    private var fields: [UITextField] { [nameField, emailField, passwordField, confirmField] }

    private let submitButton: UIButton = {
        var config = UIButton.Configuration.filled()
        config.title = "Create Account"
        config.cornerStyle = .medium
        return UIButton(configuration: config)
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign Up"
        view.backgroundColor = .systemBackground
        setupLayout()
        registerForKeyboardNotifications()

        let tap = UITapGestureRecognizer(target: self, action: #selector(dismissKeyboard))
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
    }

    private func setupLayout() {
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.keyboardDismissMode = .interactive
        view.addSubview(scrollView)

        stackView.axis = .vertical
        stackView.spacing = 16
        stackView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stackView)

        fields.forEach { stackView.addArrangedSubview($0) }
        stackView.setCustomSpacing(32, after: confirmField)
        stackView.addArrangedSubview(submitButton)
        submitButton.addTarget(self, action: #selector(submitTapped), for: .touchUpInside)

        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),

            stackView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 24),
            stackView.leadingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.leadingAnchor, constant: 20),
            stackView.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -20),
            stackView.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -24),
            submitButton.heightAnchor.constraint(equalToConstant: 50)
        ])
    }

    private func makeTextField(placeholder: String, contentType: UITextContentType, keyboard: UIKeyboardType = .default) -> UITextField {
        let field = UITextField()
        field.placeholder = placeholder
        field.borderStyle = .roundedRect
        field.textContentType = contentType
        field.keyboardType = keyboard
        field.autocapitalizationType = keyboard == .emailAddress ? .none : .words
        field.autocorrectionType = .no
        field.returnKeyType = .next
        field.delegate = self
        field.heightAnchor.constraint(equalToConstant: 44).isActive = true
        return field
    }

    // MARK: - Keyboard

    private func registerForKeyboardNotifications() {
        let center = NotificationCenter.default
        center.addObserver(self, selector: #selector(keyboardWillShow(_:)),
                           name: UIResponder.keyboardWillShowNotification, object: nil)
        center.addObserver(self, selector: #selector(keyboardWillHide(_:)),
                           name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    @objc private func keyboardWillShow(_ notification: Notification) {
        guard let userInfo = notification.userInfo,
              let frameValue = userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }

        let keyboardFrame = view.convert(frameValue.cgRectValue, from: nil)
        let overlap = max(view.bounds.maxY - keyboardFrame.minY - view.safeAreaInsets.bottom, 0)
        let duration = userInfo[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0.25
        let curveRaw = userInfo[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 7
        let options = UIView.AnimationOptions(rawValue: curveRaw << 16)

        UIView.animate(withDuration: duration, delay: 0, options: options) {
            self.scrollView.contentInset.bottom = overlap + 16
            self.scrollView.verticalScrollIndicatorInsets.bottom = overlap
        }

        if let active = fields.first(where: { $0.isFirstResponder }) {
            let rect = active.convert(active.bounds, to: scrollView).insetBy(dx: 0, dy: -20)
            scrollView.scrollRectToVisible(rect, animated: true)
        }
    }

    @objc private func keyboardWillHide(_ notification: Notification) {
        let duration = notification.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0.25
        UIView.animate(withDuration: duration) {
            self.scrollView.contentInset = .zero
            self.scrollView.verticalScrollIndicatorInsets = .zero
        }
    }

    @objc private func dismissKeyboard() {
        view.endEditing(true)
    }

    @objc private func submitTapped() {
        dismissKeyboard()
        let isValid = fields.allSatisfy { !($0.text ?? "").isEmpty } && passwordField.text == confirmField.text
        let alert = UIAlertController(title: isValid ? "Welcome!" : "Check your details",
                                      message: isValid ? "Your account was created." : "All fields are required and passwords must match.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}

extension SignUpFormViewController: UITextFieldDelegate {
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if let index = fields.firstIndex(of: textField), index + 1 < fields.count {
            fields[index + 1].becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
            submitTapped()
        }
        return true
    }
}
