import UIKit

struct DeckFlashcard {
    var prompt: String
    var answer: String
}

final class FlashcardDeckViewController: UIViewController {
    private var cards: [DeckFlashcard] = [
        DeckFlashcard(prompt: "UIKit's root view class", answer: "UIView"),
        DeckFlashcard(prompt: "Protocol for table rows", answer: "UITableViewDataSource"),
        DeckFlashcard(prompt: "Responder for hardware keys", answer: "UIKeyCommand"),
        DeckFlashcard(prompt: "Layer that draws paths", answer: "CAShapeLayer")
    ]
    private var currentIndex = 0
    private var isShowingAnswer = false

    private let cardView = UIView()
    private let cardLabel = UILabel()
    private let progressLabel = UILabel()
    private let hintLabel = UILabel()

    // MARK: - Responder chain

    override var canBecomeFirstResponder: Bool { true }

    override var keyCommands: [UIKeyCommand]? {
        let next = UIKeyCommand(title: "Next Card", action: #selector(showNextCard),
                                input: UIKeyCommand.inputRightArrow)
        let previous = UIKeyCommand(title: "Previous Card", action: #selector(showPreviousCard),
                                    input: UIKeyCommand.inputLeftArrow)
        let flip = UIKeyCommand(title: "Flip Card", action: #selector(flipCard), input: " ")
        let add = UIKeyCommand(title: "New Card", action: #selector(addCard),
                               input: "n", modifierFlags: .command)
        let delete = UIKeyCommand(title: "Delete Card", action: #selector(deleteCard),
                                  input: "\u{8}", modifierFlags: .command,
                                  attributes: cards.count > 1 ? [.destructive] : [.disabled])
        let shuffle = UIKeyCommand(title: "Shuffle Deck", action: #selector(shuffleDeck),
                                   input: "s", modifierFlags: [.command, .shift])
        let close = UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: #selector(closeDeck))

        let commands = [next, previous, flip, add, delete, shuffle, close]
        if #available(iOS 15.0, *) {
            // Let arrow keys and space reach us before any focus system handling.
            [next, previous, flip].forEach { $0.wantsPriorityOverSystemBehavior = true }
        }
        return commands
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Flashcards"
        view.backgroundColor = .systemGroupedBackground
        configureViews()
        render(animated: false)

        let tap = UITapGestureRecognizer(target: self, action: #selector(flipCard))
        cardView.addGestureRecognizer(tap)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        resignFirstResponder()
    }

    private func configureViews() {
        cardView.backgroundColor = .systemBackground
        cardView.layer.cornerRadius = 20
        cardView.layer.shadowColor = UIColor.black.cgColor
        cardView.layer.shadowOpacity = 0.12
        cardView.layer.shadowRadius = 12
        cardView.layer.shadowOffset = CGSize(width: 0, height: 6)

        cardLabel.font = .preferredFont(forTextStyle: .title1)
        cardLabel.numberOfLines = 0
        cardLabel.textAlignment = .center
        progressLabel.font = .preferredFont(forTextStyle: .subheadline)
        progressLabel.textColor = .secondaryLabel
        hintLabel.font = .preferredFont(forTextStyle: .footnote)
        hintLabel.textColor = .tertiaryLabel
        hintLabel.numberOfLines = 0
        hintLabel.textAlignment = .center
        hintLabel.text = "← → to navigate · Space to flip · ⌘N new card · ⌘⌫ delete"

        for subview in [cardView, cardLabel, progressLabel, hintLabel] {
            subview.translatesAutoresizingMaskIntoConstraints = false
        }
        cardView.addSubview(cardLabel)
        view.addSubview(cardView)
        view.addSubview(progressLabel)
        view.addSubview(hintLabel)

        NSLayoutConstraint.activate([
            cardView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            cardView.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            cardView.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.8),
            cardView.heightAnchor.constraint(equalTo: cardView.widthAnchor, multiplier: 0.6),
            cardLabel.leadingAnchor.constraint(equalTo: cardView.leadingAnchor, constant: 20),
            cardLabel.trailingAnchor.constraint(equalTo: cardView.trailingAnchor, constant: -20),
            cardLabel.centerYAnchor.constraint(equalTo: cardView.centerYAnchor),
            progressLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            progressLabel.bottomAnchor.constraint(equalTo: cardView.topAnchor, constant: -20),
            hintLabel.topAnchor.constraint(equalTo: cardView.bottomAnchor, constant: 24),
            hintLabel.leadingAnchor.constraint(equalTo: cardView.leadingAnchor),
            hintLabel.trailingAnchor.constraint(equalTo: cardView.trailingAnchor)
        ])
    }

    private func render(animated: Bool, flip: Bool = false) {
        guard !cards.isEmpty else { return }
        let card = cards[currentIndex]
        let updates = {
            self.cardLabel.text = self.isShowingAnswer ? card.answer : card.prompt
            self.cardLabel.textColor = self.isShowingAnswer ? .systemGreen : .label
        }
        progressLabel.text = "Card \(currentIndex + 1) of \(cards.count)"

        if animated && flip {
            UIView.transition(with: cardView, duration: 0.35,
                              options: isShowingAnswer ? .transitionFlipFromRight : .transitionFlipFromLeft,
                              animations: updates)
        } else if animated {
            UIView.transition(with: cardLabel, duration: 0.2, options: .transitionCrossDissolve, animations: updates)
        } else {
            updates()
        }
    }

    // MARK: - Key command actions

    @objc private func showNextCard() {
        currentIndex = (currentIndex + 1) % cards.count
        isShowingAnswer = false
        render(animated: true)
    }

    @objc private func showPreviousCard() {
        currentIndex = (currentIndex - 1 + cards.count) % cards.count
        isShowingAnswer = false
        render(animated: true)
    }

    @objc private func flipCard() {
        isShowingAnswer.toggle()
        render(animated: true, flip: true)
    }

    @objc private func addCard() {
        let alert = UIAlertController(title: "New Card", message: nil, preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Prompt" }
        alert.addTextField { $0.placeholder = "Answer" }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Add", style: .default) { [weak self, weak alert] _ in
            guard let self = self,
                  let prompt = alert?.textFields?[0].text, !prompt.isEmpty,
                  let answer = alert?.textFields?[1].text else { return }
            self.cards.append(DeckFlashcard(prompt: prompt, answer: answer))
            self.currentIndex = self.cards.count - 1
            self.isShowingAnswer = false
            self.render(animated: true)
        })
        present(alert, animated: true)
    }

    @objc private func deleteCard() {
        guard cards.count > 1 else { return }
        cards.remove(at: currentIndex)
        currentIndex = min(currentIndex, cards.count - 1)
        isShowingAnswer = false
        render(animated: true)
    }

    @objc private func shuffleDeck() {
        cards.shuffle()
        currentIndex = 0
        isShowingAnswer = false
        render(animated: true)
    }

    @objc private func closeDeck() {
        if presentingViewController != nil {
            dismiss(animated: true)
        } else {
            navigationController?.popViewController(animated: true)
        }
    }
}
