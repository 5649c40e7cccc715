import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UIDatePickerStyle`: how a date picker shows its date.
public enum UIDatePickerStyle: Int, Sendable {
    /// Chosen by the picker, wheels, a compact button, or an inline calendar.
    case automatic = 0, wheels = 1, compact = 2, inline = 3
}

/// `UIDatePicker`: a date (or a countdown) chosen on wheels of Foundation's `Calendar` units, in
/// the picker's calendar, locale and time zone. `.date` shows month, day and year wheels in the
/// locale's order; `.time` hour, minute and, for a 12-hour locale, AM/PM; `.dateAndTime` a
/// wheel of days ("Today", "Wed Nov 26") then the time's; `.countDownTimer` hours and minutes;
/// `.yearAndMonth` month and year. A day past the month's end turns back to its last day, and a
/// choice outside ``minimumDate``...``maximumDate`` turns back to the limit. The date is rounded
/// to ``minuteInterval`` (``roundsToMinuteInterval``). `.valueChanged` is sent when the user
/// changes the date, never for `date` or `setDate(_:animated:)`.
///
/// The compact style (what `.automatic` resolves to for dates and times, as on iOS 14 and later)
/// shows the date as rounded grey pills (the date `DateFormatter`'s medium style, the time its
/// short style); a click on a pill opens the wheels for that part below the pills, and a second
/// click closes them.
///
/// Partial: compact opens wheels below the pills inside the control, which grows by the wheels'
/// height (its intrinsic size; a picker placed by frame has its frame grown while they are
/// open), where iOS shows a calendar grid or wheels in a popover over the content; `.inline`
/// shows the wheels in place, with no calendar grid. Out-of-range rows are not greyed, the wheels do not loop, the day
/// wheel's "Today" is English in every locale, and the countdown's "hours" and "min" too.
@preconcurrency @MainActor
open class UIDatePicker: UIControl {
    /// `UIDatePicker.Mode`: what the picker chooses.
    public enum Mode: Int, Sendable {
        /// A time, a date, both, a count-down duration, or a year and month.
        case time = 0, date = 1, dateAndTime = 2, countDownTimer = 3, yearAndMonth = 4
    }

    /// The wheels (the whole control in the wheels style, the opened editor in the compact one).
    private(set) lazy var wheels = UIPickerView()
    private lazy var wheelSource = DatePickerWheels(picker: self)
    /// The compact style's pills: the date's, then the time's.
    private(set) lazy var compactLabels = [PillLabel(), PillLabel()]
    /// The pill whose wheels are open (compact style).
    private(set) var openPill: Int?
    private var storedDate = Date()
    private var storedInterval = 1
    private var storedDuration: TimeInterval = 0
    private var customCalendar: Calendar?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpDatePicker()
    }
    /// `UIDatePicker(coder:)`: a date picker with the defaults.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpDatePicker()
    }
    private func setUpDatePicker() {
        for pill in compactLabels { addSubview(pill) }
        addSubview(wheels)
        wheels.dataSource = wheelSource
        wheels.delegate = wheelSource
        storedDate = rounded(storedDate)
        styleDidChange()
    }

    // MARK: Mode and style

    /// `UIDatePicker.datePickerMode`: what the picker chooses; a change closes the wheels and restyles.
    open var datePickerMode: Mode = .dateAndTime { didSet { if datePickerMode != oldValue { closeWheels(); styleDidChange() } } }
    /// `UIDatePicker.preferredDatePickerStyle`: the style asked for (count-down and year-and-month pickers
    /// are always wheels).
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic {
        didSet { if preferredDatePickerStyle != oldValue { closeWheels(); styleDidChange() } }
    }
    private func closeWheels() { if let i = openPill { togglePill(i) } }
    /// The style in use, never `.automatic`: compact for dates and times, wheels for the
    /// countdown and year-and-month modes (which have no compact or inline form).
    open var datePickerStyle: UIDatePickerStyle {
        if datePickerMode == .countDownTimer || datePickerMode == .yearAndMonth { return .wheels }
        return preferredDatePickerStyle == .automatic ? .compact : preferredDatePickerStyle
    }

    /// A disabled picker's wheels and pills are dimmed and take no input.
    open override var isEnabled: Bool {
        didSet {
            wheels.isUserInteractionEnabled = isEnabled
            wheels.alpha = isEnabled ? 1 : 0.5
            for pill in compactLabels { pill.alpha = isEnabled ? 1 : 0.5 }
        }
    }

    // MARK: The date

    /// The date shown; setting it does not send `.valueChanged`.
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    /// Shows `date`, rounded to the minute interval and kept within the minimum and maximum.
    open func setDate(_ date: Date, animated: Bool) {
        storedDate = clamped(rounded(date))
        wheelSource.dateDidChange()
        syncWheels(animated: animated)
        updatePills()
    }
    /// `UIDatePicker.minimumDate`: the earliest date that can be chosen (nil: none).
    open var minimumDate: Date? { didSet { limitsDidChange() } }
    /// `UIDatePicker.maximumDate`: the latest date that can be chosen (nil: none).
    open var maximumDate: Date? { didSet { limitsDidChange() } }
    /// The minutes wheel's step: 1 to 30, dividing 60 (another value is taken as 1).
    open var minuteInterval: Int {
        get { storedInterval }
        set {
            storedInterval = (1...30).contains(newValue) && 60 % newValue == 0 ? newValue : 1
            storedDate = clamped(rounded(storedDate))
            reloadWheels()
        }
    }
    /// Whether the date is rounded to ``minuteInterval`` (UIKit's default, true). Dates are
    /// rounded to the nearest step, seconds dropped; with an interval of 1 they are left as they are.
    open var roundsToMinuteInterval = true { didSet { storedDate = clamped(rounded(storedDate)); syncWheels(animated: false); updatePills() } }
    /// The countdown's length in seconds, from one minute to 23:59, in whole minutes.
    open var countDownDuration: TimeInterval {
        get { storedDuration }
        set {
            let minutes = Int((newValue.isFinite ? newValue : 0) / 60)
            storedDuration = TimeInterval(min(max(minutes, 1), 23 * 60 + 59) * 60)
            syncWheels(animated: false)
        }
    }
    /// The locale of the wheels' and pills' words and order (the current one when nil).
    open var locale: Locale? { didSet { reloadWheels(); updatePills() } }
    /// The calendar of the wheels (the current one unless set; nil resets it).
    open var calendar: Calendar! {
        get { customCalendar ?? Calendar.current }
        set { customCalendar = newValue; reloadWheels(); updatePills() }
    }
    /// The time zone the date is shown in (the calendar's when nil).
    open var timeZone: TimeZone? { didSet { reloadWheels(); updatePills() } }

    /// The calendar in use, with the picker's locale and time zone.
    var effectiveCalendar: Calendar {
        var c = calendar ?? Calendar.current
        if let timeZone { c.timeZone = timeZone }
        if let locale { c.locale = locale }
        return c
    }
    var effectiveLocale: Locale { locale ?? effectiveCalendar.locale ?? Locale.current }

    private func rounded(_ d: Date) -> Date {
        guard roundsToMinuteInterval, storedInterval > 1 else { return d }
        let cal = effectiveCalendar
        let c = cal.dateComponents([.minute, .second, .nanosecond], from: d)
        let intoHour = Double((c.minute ?? 0) * 60 + (c.second ?? 0)) + Double(c.nanosecond ?? 0) / 1e9
        let step = Double(storedInterval * 60)
        return d.addingTimeInterval((intoHour / step).rounded() * step - intoHour)
    }
    private func clamped(_ d: Date) -> Date {
        var d = d
        if let minimumDate, d < minimumDate { d = minimumDate }
        if let maximumDate, d > maximumDate, maximumDate >= (minimumDate ?? maximumDate) { d = maximumDate }
        return d
    }
    private func limitsDidChange() {
        storedDate = clamped(storedDate)
        reloadWheels()
        updatePills()
    }

    // MARK: The user's choice

    /// The wheels came to rest on `date` (or the countdown on `duration`): kept within the
    /// limits, the wheels turned back where it was not, and `.valueChanged` sent if it changed.
    func userChose(date chosen: Date) {
        let new = clamped(chosen)
        let changed = new != storedDate
        storedDate = new
        wheelSource.dateDidChange()
        syncWheels(animated: true)
        guard changed else { return }
        updatePills()
        sendActions(for: .valueChanged)
    }
    /// The countdown's wheels came to rest: at least one step of the minutes wheel.
    func userChose(duration: TimeInterval) {
        let old = storedDuration
        countDownDuration = max(duration, TimeInterval(storedInterval * 60))
        syncWheels(animated: true)
        if storedDuration != old { sendActions(for: .valueChanged) }
    }

    // MARK: Wheels and pills

    /// The mode the wheels show: the picker's, or in the compact style the open pill's part.
    var wheelMode: Mode {
        guard datePickerStyle == .compact else { return datePickerMode }
        switch datePickerMode {
        case .dateAndTime: return openPill == 1 ? .time : .date
        default: return datePickerMode
        }
    }
    /// Which pills the mode shows (date, time).
    private var pillsShown: [Bool] {
        switch datePickerMode {
        case .date: [true, false]
        case .time: [false, true]
        case .dateAndTime: [true, true]
        case .countDownTimer, .yearAndMonth: [false, false]
        }
    }

    private func styleDidChange() {
        let compact = datePickerStyle == .compact
        for (i, pill) in compactLabels.enumerated() { pill.isHidden = !compact || !pillsShown[i] }
        wheels.isHidden = compact && openPill == nil
        reloadWheels()
        updatePills()
    }
    func reloadWheels() {
        wheelSource.rebuild()
        wheels.reloadAllComponents()
        syncWheels(animated: false)
        wheels.setNeedsLayout()
    }
    private func syncWheels(animated: Bool) {
        for (c, row) in wheelSource.rows().enumerated() where wheels.selectedRow(inComponent: c) != row {
            wheels.selectRow(row, inComponent: c, animated: animated)
        }
    }
    private func updatePills() {
        let f = DateFormatter()
        f.calendar = effectiveCalendar
        f.locale = effectiveLocale
        f.timeZone = effectiveCalendar.timeZone
        f.dateStyle = .medium; f.timeStyle = .none
        compactLabels[0].text = f.string(from: storedDate)
        f.dateStyle = .none; f.timeStyle = .short
        compactLabels[1].text = f.string(from: storedDate)
        for (i, pill) in compactLabels.enumerated() { pill.isOpen = openPill == i }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// A click on a pill opens its wheels, or closes them.
    func togglePill(_ index: Int) {
        let wasOpen = openPill != nil
        openPill = openPill == index ? nil : index
        wheels.isHidden = openPill == nil
        reloadWheels()
        updatePills()
        // A picker placed by frame grows to show the wheels and shrinks back when they close
        // (under Auto Layout the intrinsic size does it).
        if translatesAutoresizingMaskIntoConstraints {
            if openPill != nil, !wasOpen {
                heightBeforeOpening = frame.height
                let s = intrinsicContentSize
                frame.size = CGSize(width: max(frame.width, s.width), height: max(frame.height, s.height))
            } else if openPill == nil, let h = heightBeforeOpening {
                frame.size.height = h
                heightBeforeOpening = nil
            }
        }
    }
    private var heightBeforeOpening: CGFloat?
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard datePickerStyle == .compact, let p = touch?.location(in: self) else { return }
        if let i = compactLabels.firstIndex(where: { !$0.isHidden && $0.frame.contains(p) }) { togglePill(i) }
    }

    static let pillHeight: CGFloat = 34
    static let pillSpacing: CGFloat = 6
    private var pillsSize: CGSize {
        let shown = compactLabels.filter { !$0.isHidden }
        let width = shown.reduce(CGFloat(0)) { $0 + $1.intrinsicContentSize.width } + UIDatePicker.pillSpacing * CGFloat(max(0, shown.count - 1))
        return CGSize(width: width, height: UIDatePicker.pillHeight)
    }

    /// Wheels: 320 by 216; compact: the pills, and the wheels below them when open.
    open override var intrinsicContentSize: CGSize {
        guard datePickerStyle == .compact else { return CGSize(width: 320, height: 216) }
        let pills = pillsSize
        guard openPill != nil else { return pills }
        return CGSize(width: max(pills.width, 320), height: pills.height + 8 + 216)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        guard datePickerStyle == .compact else {
            wheels.frame = b
            return
        }
        // The pills at the trailing end, the open wheels below them.
        let pills = pillsSize
        var x = b.maxX - pills.width
        for pill in compactLabels where !pill.isHidden {
            let w = pill.intrinsicContentSize.width
            pill.frame = CGRect(x: x, y: b.minY, width: w, height: UIDatePicker.pillHeight)
            x += w + UIDatePicker.pillSpacing
        }
        let wheelWidth = min(b.width, 320)
        wheels.frame = CGRect(x: b.maxX - wheelWidth, y: b.minY + pills.height + 8, width: wheelWidth, height: 216)
    }
}

/// A compact date picker's pill: the formatted date on a light grey rounded background, its
/// text tinted while its wheels are open.
final class PillLabel: UILabel {
    var isOpen = false { didSet { textColor = isOpen ? .systemBlue : .label } }
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = .systemFont(ofSize: 17)
        textAlignment = .center
        textColor = .label
        backgroundColor = .tertiarySystemFill
        view.cornerRadius = 6
        isUserInteractionEnabled = false
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override var intrinsicContentSize: CGSize {
        let s = super.intrinsicContentSize
        return CGSize(width: s.width + 22, height: UIDatePicker.pillHeight)
    }
}

/// The wheels of a date picker: its data source and delegate, mapping rows to `Calendar` units.
@preconcurrency @MainActor
final class DatePickerWheels: UIPickerViewDataSource, UIPickerViewDelegate {
    enum Unit { case month, day, year, dayOfEra, hour, minute, amPM, countHours, countMinutes }
    unowned let picker: UIDatePicker
    private(set) var units: [Unit] = []
    private var twelveHour = false
    private var amPMFirst = false
    private var years = 1...9999
    /// The first day of the day wheel (`.dateAndTime`) and how many days it has.
    private var firstDay = Date()
    private var dayCount = 0
    private var calendar = Calendar.current
    private var monthSymbols: [String] = []
    private var dayFormatter = DateFormatter()

    init(picker: UIDatePicker) { self.picker = picker }

    /// The units, their order and ranges for the picker's mode, locale and limits.
    func rebuild() {
        calendar = picker.effectiveCalendar
        let locale = picker.effectiveLocale
        monthSymbols = calendar.standaloneMonthSymbols.isEmpty ? calendar.monthSymbols : calendar.standaloneMonthSymbols
        let hours = DateFormatter.dateFormat(fromTemplate: "jm", options: 0, locale: locale) ?? "h:mm a"
        let letters = Array(hours.filter { "hHkKa".contains($0) })
        twelveHour = letters.contains("a") || letters.contains("h") || letters.contains("K")
        amPMFirst = letters.first == "a"
        let time: [Unit] = twelveHour ? (amPMFirst ? [.amPM, .hour, .minute] : [.hour, .minute, .amPM]) : [.hour, .minute]
        switch picker.wheelMode {
        case .date: units = order([.month, .day, .year], template: "MMMMdy", locale: locale)
        case .yearAndMonth: units = order([.month, .year], template: "MMMMy", locale: locale)
        case .time: units = time
        case .dateAndTime: units = [.dayOfEra] + time
        case .countDownTimer: units = [.countHours, .countMinutes]
        }
        let low = picker.minimumDate.map { calendar.component(.year, from: $0) } ?? 1
        let high = picker.maximumDate.map { calendar.component(.year, from: $0) } ?? 9999
        years = min(low, high)...max(low, high)
        dayFormatter = DateFormatter()
        dayFormatter.calendar = calendar
        dayFormatter.locale = locale
        dayFormatter.timeZone = calendar.timeZone
        dayFormatter.dateFormat = DateFormatter.dateFormat(fromTemplate: "EEEMMMd", options: 0, locale: locale) ?? "EEE MMM d"
        rebuildDays()
    }

    /// The day wheel runs from the minimum date (else ten years before the date) to the maximum
    /// (else ten years after).
    private func rebuildDays() {
        let date = picker.date
        let start = calendar.startOfDay(for: picker.minimumDate ?? calendar.date(byAdding: .year, value: -10, to: date) ?? date)
        let end = calendar.startOfDay(for: picker.maximumDate ?? calendar.date(byAdding: .year, value: 10, to: date) ?? date)
        firstDay = start
        dayCount = max(1, (calendar.dateComponents([.day], from: start, to: end).day ?? 0) + 1)
    }

    /// The date moved by code: a day wheel that no longer reaches it is rebuilt around it.
    func dateDidChange() {
        guard units.contains(.dayOfEra) else { return }
        let day = dayIndex(of: picker.date)
        if day < 0 || day >= dayCount { rebuildDays(); picker.wheels.reloadAllComponents() }
    }

    /// `units` in the order the locale writes them in `template`.
    private func order(_ units: [Unit], template: String, locale: Locale) -> [Unit] {
        guard let format = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) else { return units }
        func position(_ u: Unit) -> Int {
            let letters: String = switch u { case .month: "ML"; case .day: "d"; case .year: "yu"; default: "" }
            return format.firstIndex(where: { letters.contains($0) }).map { format.distance(from: format.startIndex, to: $0) } ?? Int.max
        }
        return units.sorted { position($0) < position($1) }
    }

    private func dayIndex(of date: Date) -> Int {
        calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: date)).day ?? 0
    }

    /// The row of each wheel for the picker's date (or countdown).
    func rows() -> [Int] {
        let date = picker.date, cal = calendar, interval = picker.minuteInterval
        let duration = Int(picker.countDownDuration) / 60
        return units.map { unit in
            switch unit {
            case .month: cal.component(.month, from: date) - 1
            case .day: cal.component(.day, from: date) - 1
            case .year: min(max(cal.component(.year, from: date), years.lowerBound), years.upperBound) - years.lowerBound
            case .dayOfEra: min(max(dayIndex(of: date), 0), dayCount - 1)
            case .hour: twelveHour ? cal.component(.hour, from: date) % 12 : cal.component(.hour, from: date)
            case .minute: cal.component(.minute, from: date) / interval
            case .amPM: cal.component(.hour, from: date) >= 12 ? 1 : 0
            case .countHours: duration / 60
            case .countMinutes: (duration % 60) / interval
            }
        }
    }

    // MARK: Data source and delegate

    func numberOfComponents(in pickerView: UIPickerView) -> Int { units.count }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        guard units.indices.contains(component) else { return 0 }
        switch units[component] {
        case .month: return monthSymbols.count
        case .day: return calendar.maximumRange(of: .day)?.count ?? 31
        case .year: return years.count
        case .dayOfEra: return dayCount
        case .hour: return twelveHour ? 12 : 24
        case .minute, .countMinutes: return 60 / picker.minuteInterval
        case .amPM: return 2
        case .countHours: return 24
        }
    }
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        func width(_ u: Unit) -> Double {
            switch u {
            case .month: 130; case .day: 50; case .year: 80; case .dayOfEra: 150
            case .hour, .minute, .amPM: 45; case .countHours, .countMinutes: 110
            }
        }
        let total = units.map(width).reduce(0, +) + UIPickerView.componentSpacing * Double(max(0, units.count - 1))
        let available = pickerView.bounds.width.double - 2 * UIPickerView.sideInset
        let scale = total > 0 && available < total ? max(0, available) / total : 1
        return units.indices.contains(component) ? CGFloat(width(units[component]) * scale) : 0
    }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        guard units.indices.contains(component) else { return nil }
        let interval = picker.minuteInterval
        switch units[component] {
        case .month: return monthSymbols.indices.contains(row) ? monthSymbols[row] : nil
        case .day: return "\(row + 1)"
        case .year: return "\(years.lowerBound + row)"
        case .dayOfEra:
            guard let day = calendar.date(byAdding: .day, value: row, to: firstDay) else { return nil }
            return calendar.isDateInToday(day) ? "Today" : dayFormatter.string(from: day)
        case .hour: return twelveHour ? "\(row == 0 ? 12 : row)" : String(format: "%02d", row)
        case .minute: return String(format: "%02d", row * interval)
        case .amPM: return row == 0 ? calendar.amSymbol : calendar.pmSymbol
        case .countHours: return row == 1 ? "1 hour" : "\(row) hours"
        case .countMinutes: return "\(row * interval) min"
        }
    }

    /// A wheel came to rest: the date the wheels now say (a day past the month's end is its
    /// last day), or the countdown's length.
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        let rows = units.indices.map { pickerView.selectedRow(inComponent: $0) }
        if units.contains(.countHours) {
            var hours = 0, minutes = 0
            for (u, r) in zip(units, rows) {
                if u == .countHours { hours = r } else if u == .countMinutes { minutes = r * picker.minuteInterval }
            }
            picker.userChose(duration: TimeInterval((hours * 60 + minutes) * 60))
            return
        }
        let cal = calendar
        var c = cal.dateComponents([.era, .year, .month, .day, .hour, .minute, .second, .nanosecond], from: picker.date)
        var hourRow: Int?, pm: Bool?
        for (u, r) in zip(units, rows) {
            switch u {
            case .month: c.month = r + 1
            case .day: c.day = r + 1
            case .year: c.year = years.lowerBound + r
            case .dayOfEra:
                if let day = cal.date(byAdding: .day, value: r, to: firstDay) {
                    let d = cal.dateComponents([.era, .year, .month, .day], from: day)
                    c.era = d.era; c.year = d.year; c.month = d.month; c.day = d.day
                }
            case .hour: hourRow = r
            case .minute: c.minute = r * picker.minuteInterval
            case .amPM: pm = r == 1
            case .countHours, .countMinutes: break
            }
        }
        if let hourRow {
            c.hour = twelveHour ? hourRow % 12 + ((pm ?? ((c.hour ?? 0) >= 12)) ? 12 : 0) : hourRow
        } else if let pm, let h = c.hour {
            c.hour = h % 12 + (pm ? 12 : 0)
        }
        if units.contains(.day) || units.contains(.month) {
            var first = c
            first.day = 1
            if let start = cal.date(from: first), let days = cal.range(of: .day, in: .month, for: start)?.count, (c.day ?? 1) > days {
                c.day = days
            }
        }
        guard let date = cal.date(from: c) else { return }
        picker.userChose(date: date)
    }
}
