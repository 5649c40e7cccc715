import UIKit

class TapGestureViewController: UIViewController {

    private let colorBox = UIView()
    private let countLabel = UILabel()
    private var tapCount = 0

    private let palette: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemBlue, .systemPurple]

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = "Tap Me"

        colorBox.backgroundColor = palette[0]
        colorBox.layer.cornerRadius = 24
        colorBox.isUserInteractionEnabled = true
        colorBox.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(colorBox)

        countLabel.text = "Taps: 0"
        countLabel.font = UIFont.preferredFont(forTextStyle: .title2)
        countLabel.textAlignment = .center
        countLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(countLabel)

        NSLayoutConstraint.activate([
            colorBox.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            colorBox.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            colorBox.widthAnchor.constraint(equalToConstant: 150),
            colorBox.heightAnchor.constraint(equalTo: colorBox.widthAnchor),

            countLabel.topAnchor.constraint(equalTo: colorBox.bottomAnchor, constant: 24),
            countLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor)
        ])

        let singleTap = UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))
        singleTap.numberOfTapsRequired = 1

        let doubleTap = UITapGestureRecognizer(target: self, action: #selector(handleDoubleTap(_:)))
        doubleTap.numberOfTapsRequired = 2

        singleTap.require(toFail: doubleTap)
        colorBox.addGestureRecognizer(singleTap)
        colorBox.addGestureRecognizer(doubleTap)

        let backgroundTap = UITapGestureRecognizer(target: self, action: #selector(handleBackgroundTap(_:)))
        backgroundTap.cancelsTouchesInView = false
        view.addGestureRecognizer(backgroundTap)
    }

    @objc private func handleTap(_ sender: UITapGestureRecognizer) {
        guard sender.state == .ended else { return }
        tapCount += 1
        countLabel.text = "Taps: \(tapCount)"
        let nextColor = palette[tapCount % palette.count]
        UIView.animate(withDuration: 0.25) {
            self.colorBox.backgroundColor = nextColor
        }
    }

    @objc private func handleDoubleTap(_ sender: UITapGestureRecognizer) {
        tapCount = 0
        countLabel.text = "Taps: 0"
        UIView.animate(withDuration: 0.2, animations: {
            self.colorBox.transform = CGAffineTransform(rotationAngle: .pi)
        }, completion: { _ in
            UIView.animate(withDuration: 0.2) {
                self.colorBox.transform = .identity
                self.colorBox.backgroundColor = self.palette[0]
            }
        })
    }

    @objc private func handleBackgroundTap(_ sender: UITapGestureRecognizer) {
        let location = sender.location(in: view)
        guard !colorBox.frame.contains(location) else { return }
        print("Background tapped at \(location)")
    }
}
