import UIKit

class RatingControl: UIStackView {

    private var ratingButtons: [UIButton] = []

    var starCount: Int = 5 {
        didSet { setupButtons() }
    }

    var starSize = CGSize(width: 36, height: 36) {
        didSet { setupButtons() }
    }

    var rating: Int = 0 {
        didSet {
            updateButtonSelectionStates()
            onRatingChanged?(rating)
        }
    }

    var onRatingChanged: ((Int) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        axis = .horizontal
        spacing = 8
        distribution = .fillEqually
        setupButtons()
    }

    required init(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setupButtons() {
        for button in ratingButtons {
            removeArrangedSubview(button)
            button.removeFromSuperview()
        }
        ratingButtons.removeAll()

        let emptyStar = UIImage(systemName: "star")
        let filledStar = UIImage(systemName: "star.fill")

        for index in 0..<starCount {
            let button = UIButton(type: .custom)
            button.setImage(emptyStar, for: .normal)
            button.setImage(filledStar, for: .selected)
            button.setImage(filledStar, for: [.highlighted, .selected])
            button.tintColor = .systemYellow
            button.accessibilityLabel = "Set \(index + 1) star rating"

            button.translatesAutoresizingMaskIntoConstraints = false
            button.heightAnchor.constraint(equalToConstant: starSize.height).isActive = true
            button.widthAnchor.constraint(equalToConstant: starSize.width).isActive = true

            button.addTarget(self, action: #selector(ratingButtonTapped(_:)), for: .touchUpInside)

            addArrangedSubview(button)
            ratingButtons.append(button)
        }

        updateButtonSelectionStates()
    }

    @objc private func ratingButtonTapped(_ button: UIButton) {
        guard let index = ratingButtons.firstIndex(of: button) else {
            fatalError("The button, \(button), is not in the ratingButtons array: \(ratingButtons)")
        }

        let selectedRating = index + 1
        rating = selectedRating == rating ? 0 : selectedRating

        UIView.animate(withDuration: 0.15, animations: {
            button.transform = CGAffineTransform(scaleX: 1.3, y: 1.3)
        }, completion: { _ in
            UIView.animate(withDuration: 0.15) {
                button.transform = .identity
            }
        })
    }

    private func updateButtonSelectionStates() {
        for (index, button) in ratingButtons.enumerated() {
            button.isSelected = index < rating
        }
    }
}
