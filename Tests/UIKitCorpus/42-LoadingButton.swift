import UIKit

/// A rounded button that swaps its title for a spinner while work is in progress.
final class LoadingButton: UIButton {

    private let activityIndicator: UIActivityIndicatorView = {
        let indicator = UIActivityIndicatorView(style: .medium)
        indicator.color = .white
        indicator.hidesWhenStopped = true
        indicator.translatesAutoresizingMaskIntoConstraints = false
        return indicator
    }()

    private var originalTitle: String?

    var isLoading = false {
        didSet {
            guard isLoading != oldValue else { return }
            isLoading ? showLoading() : hideLoading()
        }
    }

    override var isHighlighted: Bool {
        didSet {
            UIView.animate(withDuration: 0.15, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState]) {
                self.transform = self.isHighlighted ? CGAffineTransform(scaleX: 0.96, y: 0.96) : .identity
                self.alpha = self.isHighlighted ? 0.85 : 1
            }
        }
    }

    override var isEnabled: Bool {
        didSet { backgroundColor = isEnabled || isLoading ? tintColor : UIColor.systemGray3 }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setup()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setup()
    }

    private func setup() {
        backgroundColor = tintColor
        setTitleColor(.white, for: .normal)
        setTitleColor(UIColor.white.withAlphaComponent(0.6), for: .disabled)
        titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        layer.cornerRadius = 12
        layer.cornerCurve = .continuous
        contentEdgeInsets = UIEdgeInsets(top: 14, left: 24, bottom: 14, right: 24)

        addSubview(activityIndicator)
        NSLayoutConstraint.activate([
            activityIndicator.centerXAnchor.constraint(equalTo: centerXAnchor),
            activityIndicator.centerYAnchor.constraint(equalTo: centerYAnchor)
        ])
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        backgroundColor = isEnabled ? tintColor : UIColor.systemGray3
    }

    private func showLoading() {
        originalTitle = title(for: .normal)
        setTitle("", for: .normal)
        isUserInteractionEnabled = false
        activityIndicator.startAnimating()
        accessibilityLabel = "Loading"
    }

    private func hideLoading() {
        setTitle(originalTitle, for: .normal)
        isUserInteractionEnabled = true
        activityIndicator.stopAnimating()
        accessibilityLabel = nil
    }

    /// Horizontal shake, useful for signalling a failed request.
    func shake() {
        let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.duration = 0.5
        animation.values = [-12, 12, -9, 9, -5, 5, 0]
        layer.add(animation, forKey: "shake")
        UINotificationFeedbackGenerator().notificationOccurred(.error)
    }
}

// MARK: - Example

final class LoginViewController: UIViewController {

    private let loginButton = LoadingButton(type: .custom)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        loginButton.setTitle("Log In", for: .normal)
        loginButton.tintColor = .systemIndigo
        loginButton.addTarget(self, action: #selector(loginTapped(_:)), for: .touchUpInside)
        loginButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(loginButton)

        NSLayoutConstraint.activate([
            loginButton.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            loginButton.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            loginButton.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor, constant: -20),
            loginButton.heightAnchor.constraint(equalToConstant: 52)
        ])
    }

    @objc private func loginTapped(_ sender: LoadingButton) {
        sender.isLoading = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
            sender.isLoading = false
            if Bool.random() {
                sender.shake()
            } else {
                self.dismiss(animated: true)
            }
        }
    }
}
