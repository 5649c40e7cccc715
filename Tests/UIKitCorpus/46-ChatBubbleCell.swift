import UIKit

struct ChatMessage {
    let text: String
    let isIncoming: Bool
    let date: Date
}

final class ChatBubbleCell: UITableViewCell {

    static let reuseIdentifier = "ChatBubbleCell"

    private let bubbleView = UIView()
    private let messageLabel = UILabel()
    private let timeLabel = UILabel()

    private var leadingConstraint: NSLayoutConstraint!
    private var trailingConstraint: NSLayoutConstraint!

    private static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return formatter
    }()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        backgroundColor = .clear

        bubbleView.layer.cornerRadius = 18
        bubbleView.layer.cornerCurve = .continuous
        bubbleView.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(bubbleView)

        messageLabel.numberOfLines = 0
        messageLabel.font = .preferredFont(forTextStyle: .body)
        messageLabel.adjustsFontForContentSizeCategory = true
        messageLabel.translatesAutoresizingMaskIntoConstraints = false
        bubbleView.addSubview(messageLabel)

        timeLabel.font = .preferredFont(forTextStyle: .caption2)
        timeLabel.textColor = .secondaryLabel
        timeLabel.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(timeLabel)

        leadingConstraint = bubbleView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16)
        trailingConstraint = bubbleView.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16)

        NSLayoutConstraint.activate([
            bubbleView.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 6),
            bubbleView.widthAnchor.constraint(lessThanOrEqualTo: contentView.widthAnchor, multiplier: 0.75),

            messageLabel.topAnchor.constraint(equalTo: bubbleView.topAnchor, constant: 10),
            messageLabel.bottomAnchor.constraint(equalTo: bubbleView.bottomAnchor, constant: -10),
            messageLabel.leadingAnchor.constraint(equalTo: bubbleView.leadingAnchor, constant: 14),
            messageLabel.trailingAnchor.constraint(equalTo: bubbleView.trailingAnchor, constant: -14),

            timeLabel.topAnchor.constraint(equalTo: bubbleView.bottomAnchor, constant: 2),
            timeLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -6)
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private var timeAlignmentConstraint: NSLayoutConstraint?

    func configure(with message: ChatMessage) {
        messageLabel.text = message.text
        timeLabel.text = Self.timeFormatter.string(from: message.date)

        bubbleView.backgroundColor = message.isIncoming ? .secondarySystemBackground : .systemBlue
        messageLabel.textColor = message.isIncoming ? .label : .white

        // Flatten the corner closest to the sender.
        bubbleView.layer.maskedCorners = message.isIncoming
            ? [.layerMaxXMinYCorner, .layerMaxXMaxYCorner, .layerMinXMinYCorner]
            : [.layerMinXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMinYCorner]

        leadingConstraint.isActive = message.isIncoming
        trailingConstraint.isActive = !message.isIncoming

        timeAlignmentConstraint?.isActive = false
        timeAlignmentConstraint = message.isIncoming
            ? timeLabel.leadingAnchor.constraint(equalTo: bubbleView.leadingAnchor, constant: 4)
            : timeLabel.trailingAnchor.constraint(equalTo: bubbleView.trailingAnchor, constant: -4)
        timeAlignmentConstraint?.isActive = true
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        messageLabel.text = nil
        timeLabel.text = nil
    }
}

final class ChatViewController: UITableViewController {

    private var messages: [ChatMessage] = [
        ChatMessage(text: "Hey! Are we still on for tonight?", isIncoming: true, date: Date().addingTimeInterval(-600)),
        ChatMessage(text: "Yes 🙌 7pm works for me.", isIncoming: false, date: Date().addingTimeInterval(-540)),
        ChatMessage(text: "Great. I booked a table at the new ramen place downtown, the one with the really long line on weekends.",
                    isIncoming: true, date: Date().addingTimeInterval(-500)),
        ChatMessage(text: "Perfect, see you there!", isIncoming: false, date: Date())
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Alex"
        tableView.register(ChatBubbleCell.self, forCellReuseIdentifier: ChatBubbleCell.reuseIdentifier)
        tableView.separatorStyle = .none
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 64
        tableView.allowsSelection = false
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let last = IndexPath(row: messages.count - 1, section: 0)
        tableView.scrollToRow(at: last, at: .bottom, animated: false)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        messages.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ChatBubbleCell.reuseIdentifier,
                                                 for: indexPath) as! ChatBubbleCell
        cell.configure(with: messages[indexPath.row])
        return cell
    }
}
