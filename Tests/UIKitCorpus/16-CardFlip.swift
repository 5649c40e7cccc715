import UIKit

class FlipCardView: UIView {

    private let frontView = UIView()
    private let backView = UIView()
    private let frontLabel = UILabel()
    private let backLabel = UILabel()

    private(set) var isShowingFront = true
    private var isAnimating = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        setupFaces()
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(flip)))
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setupFaces() {
        configure(face: frontView, label: frontLabel, text: "Question", color: .systemIndigo)
        configure(face: backView, label: backLabel, text: "Answer", color: .systemPink)
        backView.isHidden = true
        backView.layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
    }

    private func configure(face: UIView, label: UILabel, text: String, color: UIColor) {
        face.backgroundColor = color
        face.layer.cornerRadius = 18
        face.layer.isDoubleSided = false
        face.frame = bounds
        face.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(face)

        label.text = text
        label.textColor = .white
        label.font = .systemFont(ofSize: 26, weight: .heavy)
        label.textAlignment = .center
        label.frame = face.bounds
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        face.addSubview(label)
    }

    @objc func flip() {
        guard !isAnimating else { return }
        isAnimating = true
        backView.isHidden = false

        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 600.0

        let angle: CGFloat = isShowingFront ? .pi : 0
        let frontTransform = CATransform3DRotate(perspective, angle, 0, 1, 0)
        let backTransform = CATransform3DRotate(perspective, angle - .pi, 0, 1, 0)

        UIView.animate(withDuration: 0.7,
                       delay: 0,
                       usingSpringWithDamping: 0.8,
                       initialSpringVelocity: 0.3,
                       options: [.curveEaseInOut],
                       animations: {
            self.frontView.layer.transform = frontTransform
            self.backView.layer.transform = backTransform
        }, completion: { _ in
            self.isShowingFront.toggle()
            self.isAnimating = false
        })
    }

    func setTexts(front: String, back: String) {
        frontLabel.text = front
        backLabel.text = back
    }
}

final class FlashcardViewController: UIViewController {

    private let card = FlipCardView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        card.setTexts(front: "Capital of France?", back: "Paris")
        view.addSubview(card)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        card.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }
}
