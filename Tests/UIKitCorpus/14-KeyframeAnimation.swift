import UIKit

class PaperPlaneViewController: UIViewController {

    private let planeView = UIImageView(image: UIImage(systemName: "paperplane.fill"))
    private let sendButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        planeView.tintColor = .systemBlue
        planeView.contentMode = .scaleAspectFit
        planeView.frame = CGRect(x: 40, y: 300, width: 48, height: 48)
        view.addSubview(planeView)

        sendButton.setTitle("Send", for: .normal)
        sendButton.titleLabel?.font = .boldSystemFont(ofSize: 20)
        sendButton.addTarget(self, action: #selector(sendTapped(_:)), for: .touchUpInside)
        sendButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(sendButton)

        NSLayoutConstraint.activate([
            sendButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            sendButton.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -40)
        ])
    }

    @objc private func sendTapped(_ sender: UIButton) {
        sender.isEnabled = false
        let originalCenter = planeView.center
        let width = view.bounds.width

        UIView.animateKeyframes(withDuration: 2.0, delay: 0, options: [.calculationModeCubic], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 0.25) {
                self.planeView.center.x += width * 0.25
                self.planeView.center.y -= 40
            }
            UIView.addKeyframe(withRelativeStartTime: 0.1, relativeDuration: 0.4) {
                self.planeView.transform = CGAffineTransform(rotationAngle: -.pi / 8)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                self.planeView.center.x += width * 0.25
                self.planeView.center.y -= 80
                self.planeView.alpha = 0.8
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
                self.planeView.center.x += width
                self.planeView.center.y -= 60
                self.planeView.alpha = 0.0
            }
            UIView.addKeyframe(withRelativeStartTime: 0.51, relativeDuration: 0.01) {
                self.planeView.transform = .identity
                self.planeView.center = CGPoint(x: -50, y: originalCenter.y)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.55, relativeDuration: 0.45) {
                self.planeView.alpha = 1.0
                self.planeView.center = originalCenter
            }
        }, completion: { _ in
            sender.isEnabled = true
        })
    }
}
