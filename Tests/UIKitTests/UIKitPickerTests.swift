import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel
import UpdateLoop

/// A picker's data source and delegate that records what it is asked and told.
final class FruitPicker: UIPickerViewDataSource, UIPickerViewDelegate {
    var fruits = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape", "Honeydew", "Kiwi", "Lemon", "Mango", "Nectarine"]
    var sizes = ["S", "M", "L"]
    var asked: Set<String> = []
    var selections: [String] = []
    func numberOfComponents(in pickerView: UIPickerView) -> Int { asked.insert("components"); return 2 }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        asked.insert("rows\(component)")
        return component == 0 ? fruits.count : sizes.count
    }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        asked.insert("title")
        return component == 0 ? fruits[row] : sizes[row]
    }
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { component == 0 ? 200 : 80 }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        selections.append("\(row)@\(component)")
    }
}

/// A delegate that gives its own views for rows.
final class SwatchPicker: UIPickerViewDataSource, UIPickerViewDelegate {
    var made = 0
    func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 100 }
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 40 }
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView {
        let v = view ?? { made += 1; return UIView() }()
        v.tag = row
        return v
    }
}

final class ValueTarget: NSObject {
    var dates: [Date] = []
    func changed(_ sender: UIDatePicker) { dates.append(sender.date) }
}

@MainActor
@Suite("UK1 UIKit's pickers: wheels over the engine's scroll view, dates by Foundation's calendar")
struct UIKitPickerTests {
    /// The window point at the middle of `picker`'s `component` wheel, `dy` below its centre.
    func point(_ picker: UIPickerView, _ component: Int, dy: Double = 0) -> Point {
        let column = picker.columns[component]
        return column.convert(Point(x: column.bounds.midX, y: column.bounds.midY + dy), to: nil)
    }

    /// A drag on a wheel by `dy` points in 10 moves of 16 ms, optionally held still before the release.
    func drag(_ host: HeadlessHost, from p: Point, dy: Double, hold: Bool) {
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: t))
        for k in 1...10 {
            t += 0.016
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x, y: p.y + dy * Double(k) / 10), buttons: 1), timestamp: t))
            host.step()
        }
        if hold {
            for _ in 0..<12 {
                t += 0.016
                host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x, y: p.y + dy), buttons: 1), timestamp: t))
                host.step()
            }
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x, y: p.y + dy), button: 1), timestamp: t + 0.016))
    }

    func centredTitle(_ picker: UIPickerView, _ component: Int) -> String? {
        let column = picker.columns[component]
        return (picker.rowView(row: column.centredRow, component: component) as? UILabel)?.text
    }

    @Test("UK1 UIPickerView asks its data source and delegate; selectRow turns a wheel without telling the delegate; rows fade from the band")
    func UK1_pickerDataSourceAndSelection() {
        let (host, window) = makeApp(width: 400, height: 300)
        let picker = UIPickerView(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        let fruit = FruitPicker()
        picker.dataSource = fruit
        picker.delegate = fruit
        window.addSubview(picker)
        window.makeKeyAndVisible()
        host.step()
        #expect(picker.intrinsicContentSize == CGSize(width: 320, height: 216))
        #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 0) == 12 && picker.numberOfRows(inComponent: 1) == 3)
        #expect(fruit.asked.isSuperset(of: ["components", "rows0", "rows1", "title"]))
        #expect(picker.selectedRow(inComponent: 0) == 0 && picker.selectedRow(inComponent: 1) == 0)
        #expect(picker.selectedRow(inComponent: 5) == -1)
        #expect(picker.rowSize(forComponent: 0) == CGSize(width: 200, height: 32))
        #expect(picker.columns.map(\.frame.width) == [200, 80])
        #expect(centredTitle(picker, 0) == "Apple" && centredTitle(picker, 1) == "S")
        #expect(picker.view(forRow: 0, forComponent: 0) == nil)                // the picker's own title labels
        // Only the rows in view exist: 216 tall shows rows 0...3 below the centred first row.
        #expect(picker.rowView(row: 3, component: 0) != nil && picker.rowView(row: 6, component: 0) == nil)

        picker.selectRow(5, inComponent: 0, animated: false)
        host.step()
        #expect(picker.selectedRow(inComponent: 0) == 5 && fruit.selections.isEmpty)
        #expect(centredTitle(picker, 0) == "Fig")
        #expect(picker.columns[0].contentOffset.y == 5 * 32 - (216 - 32) / 2)
        let centre = picker.rowView(row: 5, component: 0)!, next = picker.rowView(row: 6, component: 0)!
        let far = picker.rowView(row: 8, component: 0)!
        #expect(centre.alpha == 1 && next.alpha < 1 && far.alpha < next.alpha)
        // The band sits behind the centred row, across the picker.
        #expect(picker.selectionBand.frame == Rect(x: 8, y: 92, width: 304, height: 32))
        #expect(picker.view.subviews.first === picker.selectionBand)
        picker.selectRow(2, inComponent: 1, animated: true)
        runFor(host, seconds: 0.5)
        #expect(picker.selectedRow(inComponent: 1) == 2 && centredTitle(picker, 1) == "L" && fruit.selections.isEmpty)
        picker.selectRow(40, inComponent: 0, animated: false)                   // no such row: nothing changes
        #expect(picker.selectedRow(inComponent: 0) == 5)
    }

    @Test("UK1 a drag on a wheel comes to rest on a row and calls didSelectRow once with it; a fling lands on a row too")
    func UK1_pickerDragComesToRest() {
        let (host, window) = makeApp(width: 400, height: 300)
        let picker = UIPickerView(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        let fruit = FruitPicker()
        picker.dataSource = fruit
        picker.delegate = fruit
        window.addSubview(picker)
        window.makeKeyAndVisible()
        host.step()
        // Up by 3.4 rows, held still, released: the wheel settles on row 3.
        drag(host, from: point(picker, 0), dy: -3.4 * 32, hold: true)
        runFor(host, seconds: 2)
        #expect(fruit.selections == ["3@0"])
        #expect(picker.selectedRow(inComponent: 0) == 3 && centredTitle(picker, 0) == "Date")
        #expect(picker.columns[0].contentOffset.y == picker.columns[0].offset(of: 3))
        // A quick flick goes further and still ends exactly on a row, told once.
        drag(host, from: point(picker, 0), dy: -60, hold: false)
        runFor(host, seconds: 4)
        let row = picker.selectedRow(inComponent: 0)
        #expect(fruit.selections.count == 2 && fruit.selections.last == "\(row)@0" && row > 4)
        #expect(picker.columns[0].contentOffset.y == picker.columns[0].offset(of: row))
        #expect(!picker.columns[0].isDecelerating)
        // The other wheel is untouched.
        #expect(picker.selectedRow(inComponent: 1) == 0)
    }

    @Test("UK1 the mouse wheel turns a wheel a row a notch, a click turns a row to the centre and the arrow keys a row, each told to the delegate")
    func UK1_pickerWheelAndClick() {
        let (host, window) = makeApp(width: 400, height: 300)
        let picker = UIPickerView(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        let fruit = FruitPicker()
        picker.dataSource = fruit
        picker.delegate = fruit
        window.addSubview(picker)
        window.makeKeyAndVisible()
        host.step()
        let p = point(picker, 0)
        host.runLoop.send(.scroll(dx: 0, dy: -1, at: p))
        host.runLoop.send(.scroll(dx: 0, dy: -1, at: p))
        runFor(host, seconds: 1)
        #expect(picker.selectedRow(inComponent: 0) == 2 && fruit.selections == ["2@0"])
        host.runLoop.send(.scroll(dx: 0, dy: 5, at: p))                        // past the top: stops at row 0
        runFor(host, seconds: 1)
        #expect(picker.selectedRow(inComponent: 0) == 0 && fruit.selections == ["2@0", "0@0"])
        // A click two rows below the centre turns that row up to it.
        let below = point(picker, 0, dy: 64)
        host.runLoop.send(.pointerDown(below)); host.runLoop.send(.pointerUp(below))
        runFor(host, seconds: 1)
        #expect(picker.selectedRow(inComponent: 0) == 2 && fruit.selections.last == "2@0" && fruit.selections.count == 3)
        // The clicked wheel has the keys: the down arrow turns it one row.
        host.runLoop.send(.keyDown(Key("down")))
        runFor(host, seconds: 1)
        #expect(picker.selectedRow(inComponent: 0) == 3 && fruit.selections.last == "3@0" && fruit.selections.count == 4)
    }

    @Test("UK1 reloadComponent asks for one component's rows again and keeps the selection where it can; delegate views are reused")
    func UK1_pickerReload() {
        let (host, window) = makeApp(width: 400, height: 300)
        let picker = UIPickerView(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        let fruit = FruitPicker()
        picker.dataSource = fruit
        picker.delegate = fruit
        window.addSubview(picker)
        window.makeKeyAndVisible()
        host.step()
        picker.selectRow(2, inComponent: 1, animated: false)
        fruit.sizes = ["XS", "S", "M", "L", "XL"]
        #expect(picker.numberOfRows(inComponent: 1) == 3)                       // not until reloaded
        picker.reloadComponent(1)
        host.step()
        #expect(picker.numberOfRows(inComponent: 1) == 5 && picker.selectedRow(inComponent: 1) == 2)
        #expect(centredTitle(picker, 1) == "M")
        fruit.sizes = ["One"]
        picker.reloadComponent(1)
        host.step()
        #expect(picker.selectedRow(inComponent: 1) == 0 && centredTitle(picker, 1) == "One")
        fruit.sizes = []
        picker.reloadAllComponents()
        #expect(picker.selectedRow(inComponent: 1) == -1 && picker.numberOfRows(inComponent: 1) == 0)
        #expect(fruit.selections.isEmpty)

        // The delegate's own views: sized to the row, handed back for reuse as the wheel turns.
        let swatches = UIPickerView(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        let source = SwatchPicker()
        swatches.dataSource = source
        swatches.delegate = source
        picker.removeFromSuperview()
        window.addSubview(swatches)
        host.step()
        let first = swatches.view(forRow: 0, forComponent: 0)
        #expect(first?.tag == 0 && first?.frame == CGRect(x: 0, y: 0, width: 304, height: 40))
        let madeBefore = source.made
        swatches.selectRow(50, inComponent: 0, animated: false)
        host.step()
        #expect(swatches.view(forRow: 50, forComponent: 0)?.tag == 50 && swatches.view(forRow: 0, forComponent: 0) == nil)
        #expect(source.made - madeBefore < 8)                                    // most came back for reuse
        #expect(swatches.rowSize(forComponent: 0).height == 40)
    }

    func makeDatePicker(_ mode: UIDatePicker.Mode, style: UIDatePickerStyle = .wheels) -> UIDatePicker {
        let dp = UIDatePicker(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        dp.locale = Locale(identifier: "en_US")
        dp.timeZone = TimeZone(identifier: "UTC")
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        dp.calendar = cal
        dp.datePickerMode = mode
        dp.preferredDatePickerStyle = style
        return dp
    }
    func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Date {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!
    }
    func titles(_ dp: UIDatePicker) -> [String] {
        (0..<dp.wheels.numberOfComponents).map { c in
            (dp.wheels.delegate?.pickerView(dp.wheels, titleForRow: dp.wheels.selectedRow(inComponent: c), forComponent: c)) ?? "?"
        }
    }

    @Test("UK1 UIDatePicker's modes give Calendar's wheels in the locale's order; automatic resolves to compact, the countdown to wheels")
    func UK1_datePickerModes() {
        let dp = makeDatePicker(.date)
        dp.date = utc(2025, 11, 26, 14, 30)
        #expect(dp.datePickerStyle == .wheels && dp.wheels.numberOfComponents == 3)
        #expect(titles(dp) == ["November", "26", "2025"])
        #expect(dp.wheels.numberOfRows(inComponent: 0) == 12 && dp.wheels.numberOfRows(inComponent: 1) == 31)
        dp.datePickerMode = .time
        #expect(titles(dp) == ["2", "30", "PM"])
        #expect((0..<3).map { dp.wheels.numberOfRows(inComponent: $0) } == [12, 60, 2])
        dp.locale = Locale(identifier: "de_DE")
        #expect(titles(dp) == ["14", "30"] && dp.wheels.numberOfRows(inComponent: 0) == 24)
        dp.datePickerMode = .date
        #expect(titles(dp) == ["26", "November", "2025"])                          // day first in German
        dp.locale = Locale(identifier: "en_US")
        dp.datePickerMode = .dateAndTime
        dp.date = utc(2025, 11, 19, 14, 30)                                        // not today
        #expect(dp.wheels.numberOfComponents == 4)
        #expect(["Wed, Nov 19", "Wed Nov 19"].contains(titles(dp)[0]) && titles(dp).dropFirst() == ["2", "30", "PM"])
        dp.date = Date()
        #expect(titles(dp)[0] == "Today")
        dp.datePickerMode = .countDownTimer
        dp.countDownDuration = 90 * 60
        #expect(titles(dp) == ["1 hour", "30 min"])
        // Styles: automatic is compact for dates and times, wheels for the countdown.
        dp.preferredDatePickerStyle = .automatic
        #expect(dp.datePickerStyle == .wheels)
        dp.datePickerMode = .date
        #expect(dp.datePickerStyle == .compact)
        dp.preferredDatePickerStyle = .inline
        #expect(dp.datePickerStyle == .inline && !dp.wheels.isHidden)
    }

    @Test("UK1 setDate keeps the date within minimumDate and maximumDate and rounds it to minuteInterval, without valueChanged")
    func UK1_datePickerClampingAndRounding() {
        let (host, window) = makeApp(width: 400, height: 300)
        let dp = makeDatePicker(.dateAndTime)
        let target = ValueTarget()
        dp.addTarget(target, action: Selector("changed:", method: ValueTarget.changed), for: .valueChanged)
        window.addSubview(dp)
        window.makeKeyAndVisible()
        dp.minimumDate = utc(2025, 1, 1)
        dp.maximumDate = utc(2025, 12, 31, 23, 59)
        dp.setDate(utc(2024, 6, 1), animated: false)
        #expect(dp.date == utc(2025, 1, 1))
        dp.setDate(utc(2026, 6, 1), animated: true)
        #expect(dp.date == utc(2025, 12, 31, 23, 59))
        dp.date = utc(2025, 3, 10, 9, 41, 20)
        #expect(dp.date == utc(2025, 3, 10, 9, 41, 20))                            // an interval of 1 leaves it
        dp.minuteInterval = 5
        #expect(dp.date == utc(2025, 3, 10, 9, 40))
        dp.date = utc(2025, 3, 10, 9, 43)
        #expect(dp.date == utc(2025, 3, 10, 9, 45))
        #expect(dp.wheels.numberOfRows(inComponent: 2) == 12 && titles(dp)[2] == "45")
        dp.minuteInterval = 7                                                        // does not divide 60: 1
        #expect(dp.minuteInterval == 1 && dp.wheels.numberOfRows(inComponent: 2) == 60)
        dp.roundsToMinuteInterval = false
        dp.minuteInterval = 15
        dp.date = utc(2025, 3, 10, 9, 43)
        #expect(dp.date == utc(2025, 3, 10, 9, 43) && titles(dp)[2] == "30")         // shown on its step, kept as it is
        host.step()
        #expect(target.dates.isEmpty)
        // A minimum later than the date moves the date up to it.
        dp.minimumDate = utc(2025, 5, 1)
        #expect(dp.date == utc(2025, 5, 1) && target.dates.isEmpty)
    }

    @Test("UK1 a user's turn of a date wheel sends valueChanged once with the new date; a day past the month's end and a limit turn back")
    func UK1_datePickerUserChanges() {
        let (host, window) = makeApp(width: 400, height: 300)
        let dp = makeDatePicker(.date)
        let target = ValueTarget()
        dp.addTarget(target, action: Selector("changed:", method: ValueTarget.changed), for: .valueChanged)
        window.addSubview(dp)
        window.makeKeyAndVisible()
        dp.setDate(utc(2025, 1, 31, 8, 15), animated: false)
        host.step()
        #expect(target.dates.isEmpty && titles(dp) == ["January", "31", "2025"])
        // The month wheel one notch down: February has no 31st, so the 28th, the day wheel turned back.
        host.runLoop.send(.scroll(dx: 0, dy: -1, at: point(dp.wheels, 0)))
        runFor(host, seconds: 1)
        #expect(target.dates == [utc(2025, 2, 28, 8, 15)] && dp.date == utc(2025, 2, 28, 8, 15))
        #expect(titles(dp) == ["February", "28", "2025"])
        #expect(dp.wheels.columns[1].contentOffset.y == dp.wheels.columns[1].offset(of: 27))
        // A drag on the day wheel up one row and a bit.
        drag(host, from: point(dp.wheels, 1), dy: 1.2 * 32, hold: true)
        runFor(host, seconds: 2)
        #expect(target.dates.count == 2 && dp.date == utc(2025, 2, 27, 8, 15))
        // Past the maximum (the date itself): the wheel turns back and nothing is sent.
        dp.maximumDate = utc(2025, 2, 27, 8, 15)
        host.runLoop.send(.scroll(dx: 0, dy: -1, at: point(dp.wheels, 1)))
        runFor(host, seconds: 1)
        #expect(target.dates.count == 2 && dp.date == utc(2025, 2, 27, 8, 15) && titles(dp)[1] == "27")
        #expect(dp.wheels.columns[1].contentOffset.y == dp.wheels.columns[1].offset(of: 26))
        // The time wheels keep the date's day.
        dp.maximumDate = nil
        dp.datePickerMode = .time
        host.step()
        host.runLoop.send(.scroll(dx: 0, dy: -2, at: point(dp.wheels, 0)))
        runFor(host, seconds: 1)
        #expect(dp.date == utc(2025, 2, 27, 10, 15) && target.dates.count == 3)
        // setDate never sends.
        dp.setDate(utc(2025, 2, 1, 7, 0), animated: true)
        runFor(host, seconds: 1)
        #expect(target.dates.count == 3 && titles(dp) == ["7", "00", "AM"])
    }

    @Test("UK1 the compact style shows the formatted date in pills; a click opens that part's wheels below and the control grows")
    func UK1_datePickerCompact() {
        let (host, window) = makeApp(width: 400, height: 400)
        let dp = makeDatePicker(.dateAndTime, style: .automatic)
        dp.frame = CGRect(x: 20, y: 20, width: 360, height: 34)
        dp.date = utc(2025, 11, 26, 14, 30)
        window.addSubview(dp)
        window.makeKeyAndVisible()
        host.step()
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US"); f.timeZone = TimeZone(identifier: "UTC")
        f.dateStyle = .medium; f.timeStyle = .none
        let dateText = f.string(from: dp.date)
        f.dateStyle = .none; f.timeStyle = .short
        let timeText = f.string(from: dp.date)
        #expect(dp.datePickerStyle == .compact)
        #expect(dp.compactLabels.map(\.text) == [dateText, timeText] && dateText == "Nov 26, 2025")
        #expect(dp.wheels.isHidden && dp.intrinsicContentSize.height == 34)
        #expect(dp.compactLabels[1].frame.maxX == 360)                                // trailing
        // A click on the date pill opens the date wheels below the pills.
        let pill = dp.compactLabels[0]
        let p = pill.view.convert(Point(x: pill.bounds.midX, y: pill.bounds.midY), to: nil)
        host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p))
        host.step()
        #expect(dp.openPill == 0 && !dp.wheels.isHidden && pill.isOpen)
        #expect(dp.intrinsicContentSize.height == 34 + 8 + 216 && dp.frame.height == 258)
        #expect(titles(dp) == ["November", "26", "2025"])
        // Turning the day wheel changes the date and the pill.
        let target = ValueTarget()
        dp.addTarget(target, action: Selector("changed:", method: ValueTarget.changed), for: .valueChanged)
        host.runLoop.send(.scroll(dx: 0, dy: -1, at: point(dp.wheels, 1)))
        runFor(host, seconds: 1)
        #expect(target.dates == [utc(2025, 11, 27, 14, 30)] && dp.compactLabels[0].text == "Nov 27, 2025")
        // The time pill switches the wheels to the time's; a second click closes them.
        let timePill = dp.compactLabels[1]
        let q = timePill.view.convert(Point(x: timePill.bounds.midX, y: timePill.bounds.midY), to: nil)
        host.runLoop.send(.pointerDown(q)); host.runLoop.send(.pointerUp(q))
        host.step()
        #expect(dp.openPill == 1 && titles(dp) == ["2", "30", "PM"])
        host.runLoop.send(.pointerDown(q)); host.runLoop.send(.pointerUp(q))
        host.step()
        #expect(dp.openPill == nil && dp.wheels.isHidden && dp.frame.height == 34)
    }
}
