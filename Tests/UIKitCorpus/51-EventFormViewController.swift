import UIKit

struct CalendarEventDraft {
    enum Category: String, CaseIterable {
        case work = "Work", personal = "Personal", family = "Family", fitness = "Fitness", travel = "Travel"
    }

    enum Reminder: Int, CaseIterable {
        case noAlert = 0, fiveMinutes = 5, fifteenMinutes = 15, oneHour = 60, oneDay = 1440

        var title: String {
            switch self {
            case .noAlert: return "No alert"
            case .fiveMinutes: return "5 min before"
            case .fifteenMinutes: return "15 min before"
            case .oneHour: return "1 hour before"
            case .oneDay: return "1 day before"
            }
        }
    }

    var title = ""
    var start = Date()
    var end = Date().addingTimeInterval(3600)
    var category: Category = .work
    var reminder: Reminder = .fifteenMinutes
}

final class EventFormViewController: UIViewController {
    private enum PickerComponent: Int, CaseIterable {
        case category, reminder
    }

    var onSave: ((CalendarEventDraft) -> Void)?

    private var draft = CalendarEventDraft()

    private let scrollView = UIScrollView()
    private let stackView = UIStackView()
    private let titleField = UITextField()
    private let startPicker = UIDatePicker()
    private let endPicker = UIDatePicker()
    private let optionsPicker = UIPickerView()
    private let summaryLabel = UILabel()

    private lazy var dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "New Event"
        view.backgroundColor = .systemGroupedBackground
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: self, action: #selector(cancelTapped))
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .save, target: self, action: #selector(saveTapped))
        navigationItem.rightBarButtonItem?.isEnabled = false
        configureControls()
        layoutForm()
        updateSummary()
    }

    private func configureControls() {
        titleField.placeholder = "Title"
        titleField.borderStyle = .roundedRect
        titleField.clearButtonMode = .whileEditing
        titleField.returnKeyType = .done
        titleField.addTarget(self, action: #selector(titleChanged(_:)), for: .editingChanged)
        titleField.addTarget(self, action: #selector(dismissKeyboard), for: .editingDidEndOnExit)
        for picker in [startPicker, endPicker] {
            picker.datePickerMode = .dateAndTime
            picker.preferredDatePickerStyle = .compact
            picker.minuteInterval = 5
            picker.addTarget(self, action: #selector(dateChanged(_:)), for: .valueChanged)
        }
        startPicker.date = draft.start
        startPicker.minimumDate = Date()
        endPicker.date = draft.end
        endPicker.minimumDate = draft.start
        optionsPicker.dataSource = self
        optionsPicker.delegate = self
        if let reminderRow = CalendarEventDraft.Reminder.allCases.firstIndex(of: draft.reminder) {
            optionsPicker.selectRow(reminderRow, inComponent: PickerComponent.reminder.rawValue, animated: false)
        }

        summaryLabel.numberOfLines = 0
        summaryLabel.font = .preferredFont(forTextStyle: .footnote)
        summaryLabel.textColor = .secondaryLabel
    }

    private func layoutForm() {
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.keyboardDismissMode = .interactive
        view.addSubview(scrollView)

        stackView.axis = .vertical
        stackView.spacing = 16
        stackView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stackView)

        let endRow = makeRow(title: "Ends", control: endPicker)
        let rows: [UIView] = [titleField, makeRow(title: "Starts", control: startPicker), endRow, optionsPicker, summaryLabel]
        rows.forEach { stackView.addArrangedSubview($0) }
        stackView.setCustomSpacing(24, after: endRow)

        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
            stackView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 20),
            stackView.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -20),
            stackView.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor, constant: 20),
            stackView.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor, constant: -20),
            stackView.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor, constant: -40),
            optionsPicker.heightAnchor.constraint(equalToConstant: 160)
        ])
    }

    private func makeRow(title: String, control: UIView) -> UIStackView {
        let label = UILabel()
        label.text = title
        label.setContentHuggingPriority(.defaultHigh, for: .horizontal)

        let row = UIStackView(arrangedSubviews: [label, control])
        row.alignment = .center
        row.spacing = 12
        return row
    }

    private func updateSummary() {
        let duration = draft.end.timeIntervalSince(draft.start)
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.day, .hour, .minute]
        formatter.unitsStyle = .full
        let durationText = formatter.string(from: duration) ?? ""
        summaryLabel.text = "\(draft.category.rawValue) event on \(dateFormatter.string(from: draft.start))\n"
            + "Duration: \(durationText) · \(draft.reminder.title)"
        navigationItem.rightBarButtonItem?.isEnabled = !draft.title.trimmingCharacters(in: .whitespaces).isEmpty
    }

    @objc private func titleChanged(_ sender: UITextField) {
        draft.title = sender.text ?? ""
        updateSummary()
    }

    @objc private func dateChanged(_ sender: UIDatePicker) {
        if sender === startPicker {
            draft.start = sender.date
            endPicker.minimumDate = sender.date
            if draft.end <= sender.date {
                draft.end = sender.date.addingTimeInterval(3600)
                endPicker.setDate(draft.end, animated: true)
            }
        } else {
            draft.end = sender.date
        }
        updateSummary()
    }

    @objc private func dismissKeyboard() { view.endEditing(true) }

    @objc private func cancelTapped() { dismiss(animated: true) }

    @objc private func saveTapped() {
        onSave?(draft)
        dismiss(animated: true)
    }
}

extension EventFormViewController: UIPickerViewDataSource, UIPickerViewDelegate {
    func numberOfComponents(in pickerView: UIPickerView) -> Int {
        PickerComponent.allCases.count
    }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        component == PickerComponent.category.rawValue
            ? CalendarEventDraft.Category.allCases.count
            : CalendarEventDraft.Reminder.allCases.count
    }

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        switch PickerComponent(rawValue: component) {
        case .category: return CalendarEventDraft.Category.allCases[row].rawValue
        case .reminder: return CalendarEventDraft.Reminder.allCases[row].title
        case .none: return nil
        }
    }

    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        switch PickerComponent(rawValue: component) {
        case .category: draft.category = CalendarEventDraft.Category.allCases[row]
        case .reminder: draft.reminder = CalendarEventDraft.Reminder.allCases[row]
        case .none: break
        }
        updateSummary()
    }
}
