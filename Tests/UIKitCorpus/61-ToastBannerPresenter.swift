import UIKit

enum ToastBannerStyle {
    case success, info, warning, error

    var tintColor: UIColor {
        switch self {
        case .success: return .systemGreen
        case .info: return .systemBlue
        case .warning: return .systemOrange
        case .error: return .systemRed
        }
    }

    var symbolName: String {
        switch self {
        case .success: return "checkmark.circle.fill"
        case .info: return "info.circle.fill"
        case .warning: return "exclamationmark.triangle.fill"
        case .error: return "xmark.octagon.fill"
        }
    }
}

final class ToastBannerView: UIView {
    private let iconView = UIImageView()
    private let messageLabel = UILabel()

    init(message: String, style: ToastBannerStyle) {
        super.init(frame: .zero)
        backgroundColor = .secondarySystemBackground
        layer.cornerRadius = 16
        layer.cornerCurve = .continuous
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.18
        layer.shadowRadius = 10
        layer.shadowOffset = CGSize(width: 0, height: 4)

        iconView.image = UIImage(systemName: style.symbolName)
        iconView.tintColor = style.tintColor
        iconView.setContentHuggingPriority(.required, for: .horizontal)
        messageLabel.text = message
        messageLabel.font = .preferredFont(forTextStyle: .subheadline)
        messageLabel.adjustsFontForContentSizeCategory = true
        messageLabel.numberOfLines = 2

        let stack = UIStackView(arrangedSubviews: [iconView, messageLabel])
        stack.spacing = 10
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: topAnchor, constant: 14),
            stack.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -14),
            stack.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16)
        ])

        isAccessibilityElement = true
        accessibilityLabel = message
        accessibilityTraits = .staticText
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// Shows one banner at a time, sliding it down from the top of the key window.
final class ToastBannerPresenter: NSObject {
    static let shared = ToastBannerPresenter()

    private var currentBanner: ToastBannerView?
    private var dismissWorkItem: DispatchWorkItem?

    private override init() {
        super.init()
    }

    private var keyWindow: UIWindow? {
        UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .filter { $0.activationState == .foregroundActive }
            .flatMap { $0.windows }
            .first { $0.isKeyWindow }
    }

    func show(_ message: String, style: ToastBannerStyle = .info, duration: TimeInterval = 2.5) {
        guard let window = keyWindow else { return }

        if currentBanner != nil {
            dismiss(animated: false)
        }

        let banner = ToastBannerView(message: message, style: style)
        banner.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(banner)
        NSLayoutConstraint.activate([
            banner.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor, constant: 8),
            banner.leadingAnchor.constraint(greaterThanOrEqualTo: window.leadingAnchor, constant: 16),
            banner.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
            banner.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            banner.widthAnchor.constraint(lessThanOrEqualToConstant: 500)
        ])
        window.layoutIfNeeded()

        let tap = UITapGestureRecognizer(target: self, action: #selector(bannerTapped))
        banner.addGestureRecognizer(tap)
        let swipe = UISwipeGestureRecognizer(target: self, action: #selector(bannerTapped))
        swipe.direction = .up
        banner.addGestureRecognizer(swipe)

        banner.transform = CGAffineTransform(translationX: 0, y: -(banner.frame.maxY + 20))
        currentBanner = banner

        UINotificationFeedbackGenerator().notificationOccurred(style == .error ? .error : .success)
        UIAccessibility.post(notification: .announcement, argument: message)

        UIView.animate(withDuration: 0.6,
                       delay: 0,
                       usingSpringWithDamping: 0.7,
                       initialSpringVelocity: 0.8,
                       options: [.curveEaseOut, .allowUserInteraction],
                       animations: {
                           banner.transform = .identity
                       })

        let workItem = DispatchWorkItem { [weak self] in
            self?.dismiss(animated: true)
        }
        dismissWorkItem = workItem
        DispatchQueue.main.asyncAfter(deadline: .now() + duration, execute: workItem)
    }

    func dismiss(animated: Bool) {
        dismissWorkItem?.cancel()
        dismissWorkItem = nil
        guard let banner = currentBanner else { return }
        currentBanner = nil

        guard animated else {
            banner.removeFromSuperview()
            return
        }
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseIn], animations: {
            banner.transform = CGAffineTransform(translationX: 0, y: -(banner.frame.maxY + 20))
            banner.alpha = 0
        }, completion: { _ in
            banner.removeFromSuperview()
        })
    }

    @objc private func bannerTapped() {
        dismiss(animated: true)
    }
}

extension UIViewController {
    /// Convenience so any screen can do `presentToastBanner("Saved")`.
    func presentToastBanner(_ message: String, style: ToastBannerStyle = .success) {
        ToastBannerPresenter.shared.show(message, style: style)
    }
}
