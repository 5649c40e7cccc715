import Geometry
import Timeline

/// A control in a scene file (CN8): `"control": {"kind": "switch", "on": true}`, and likewise
/// `"button"` (`title`, `subtitle`, `style`: filled, tinted, gray or plain), `"slider"` (`value`,
/// `min`, `max`), `"segmented"` (`items`, `selected`), `"stepper"` (`value`, `min`, `max`,
/// `step`), `"progress"` (`progress`), `"activity"` (`animating`) and `"pageControl"` (`pages`,
/// `current`); any of them takes a `"tint"`. Scripted input (`"input"`) clicks and drags them.
public struct ControlSpec: Sendable, Equatable {
    /// Which control, with its settings from the file.
    public enum Kind: Sendable, Equatable {
        /// A button with a title, an optional subtitle and a configuration style.
        case button(title: String, subtitle: String?, style: Button.Configuration.Style)
        /// A switch, on or off.
        case switchControl(on: Bool)
        /// A slider at `value` between `minimum` and `maximum`.
        case slider(value: Double, minimum: Double, maximum: Double)
        /// A segmented control of `items`, `selected` by index (-1: none).
        case segmented(items: [String], selected: Int)
        /// A stepper at `value` between `minimum` and `maximum`, moving by `step`.
        case stepper(value: Double, minimum: Double, maximum: Double, step: Double)
        /// A progress bar, filled 0...1.
        case progress(Double)
        /// A spinner, turning or not.
        case activity(animating: Bool)
        /// Page dots: `pages` of them, `current` highlighted.
        case pageControl(pages: Int, current: Int)
    }
    /// Which control it is.
    public var kind: Kind
    /// The control's tint colour; nil: the control's own.
    public var tint: Color?
}

extension SceneLoader.Reader {
    func controlSpec(_ v: JSONValue) throws(SceneError) -> ControlSpec {
        guard let kindValue = v["kind"] else { throw fail(v, "a control needs a \"kind\"") }
        let kind = try string(kindValue, "kind")
        let common: Set<String> = ["kind", "tint"]
        func number(_ key: String, _ fallback: Double) throws(SceneError) -> Double {
            guard let x = v[key] else { return fallback }
            return try self.number(x, key)
        }
        var spec: ControlSpec
        switch kind {
        case "button":
            _ = try object(v, "a button", keys: common.union(["title", "subtitle", "style"]))
            let title = try v["title"].map { (x) throws(SceneError) -> String in try string(x, "title") } ?? ""
            let subtitle = try v["subtitle"].map { (x) throws(SceneError) -> String in try string(x, "subtitle") }
            var style = Button.Configuration.Style.filled
            if let s = v["style"] {
                switch try string(s, "style") {
                case "filled": style = .filled
                case "tinted": style = .tinted
                case "gray": style = .gray
                case "plain": style = .plain
                case let other: throw fail(s, "style must be filled, tinted, gray or plain, found '\(other)'")
                }
            }
            spec = ControlSpec(kind: .button(title: title, subtitle: subtitle, style: style))
        case "switch":
            _ = try object(v, "a switch", keys: common.union(["on"]))
            spec = ControlSpec(kind: .switchControl(on: try v["on"].map { (x) throws(SceneError) -> Bool in try bool(x, "on") } ?? false))
        case "slider", "stepper":
            let stepper = kind == "stepper"
            _ = try object(v, "a \(kind)", keys: common.union(stepper ? ["value", "min", "max", "step"] : ["value", "min", "max"]))
            let lo = try number("min", 0), hi = try number("max", stepper ? 100 : 1)
            guard lo < hi else { throw fail(v, "min must be below max, found \(lo) and \(hi)") }
            let value = try number("value", lo)
            if stepper {
                let step = try number("step", 1)
                guard step > 0 else { throw fail(v, "step must be positive, found \(step)") }
                spec = ControlSpec(kind: .stepper(value: value, minimum: lo, maximum: hi, step: step))
            } else {
                spec = ControlSpec(kind: .slider(value: value, minimum: lo, maximum: hi))
            }
        case "segmented":
            _ = try object(v, "a segmented control", keys: common.union(["items", "selected"]))
            guard let itemsValue = v["items"], case .array(let list, _) = itemsValue, !list.isEmpty, list.count <= 100 else {
                throw fail(v, "a segmented control needs \"items\": an array of 1 to 100 titles")
            }
            var items: [String] = []
            for x in list { items.append(try string(x, "an item")) }
            let selected = Int(try number("selected", -1))
            guard selected >= -1, selected < items.count else { throw fail(v, "selected must be -1 or an index of items, found \(selected)") }
            spec = ControlSpec(kind: .segmented(items: items, selected: selected))
        case "progress":
            _ = try object(v, "a progress view", keys: common.union(["progress"]))
            let p = try number("progress", 0)
            guard (0...1).contains(p) else { throw fail(v, "progress must lie in 0...1, found \(p)") }
            spec = ControlSpec(kind: .progress(p))
        case "activity":
            _ = try object(v, "an activity indicator", keys: common.union(["animating"]))
            spec = ControlSpec(kind: .activity(animating: try v["animating"].map { (x) throws(SceneError) -> Bool in try bool(x, "animating") } ?? true))
        case "pageControl":
            _ = try object(v, "a page control", keys: common.union(["pages", "current"]))
            let pages = try number("pages", 3), current = try number("current", 0)
            guard pages >= 0, pages <= 1000, pages == pages.rounded() else { throw fail(v, "pages must be a whole number from 0 to 1000, found \(pages)") }
            spec = ControlSpec(kind: .pageControl(pages: Int(pages), current: Int(max(0, min(current, pages - 1)))))
        default:
            throw fail(kindValue, "kind must be button, switch, slider, segmented, stepper, progress, activity or pageControl, found '\(kind)'")
        }
        if let t = v["tint"] { spec.tint = try color(t, "tint") }
        return spec
    }
}

extension ControlSpec {
    /// The control this entry makes.
    @MainActor func make(identifier: String) -> View {
        let v: View
        switch kind {
        case .button(let title, let subtitle, let style):
            var c = Button.Configuration(style: style)
            c.title = title
            c.subtitle = subtitle
            v = Button(configuration: c, identifier: identifier)
        case .switchControl(let on):
            let s = Switch()
            s.setOn(on, animated: false)
            v = s
        case .slider(let value, let lo, let hi):
            let s = Slider()
            s.minimumValue = lo; s.maximumValue = hi; s.value = value
            v = s
        case .segmented(let items, let selected):
            let s = SegmentedControl(items: items)
            if selected >= 0 { s.selectedSegmentIndex = selected }
            v = s
        case .stepper(let value, let lo, let hi, let step):
            let s = Stepper()
            s.minimumValue = lo; s.maximumValue = hi; s.stepValue = step; s.value = value
            v = s
        case .progress(let p):
            let s = ProgressView()
            s.setProgress(p, animated: false)
            v = s
        case .activity(let animating):
            let s = ActivityIndicatorView()
            if animating { s.startAnimating() }
            v = s
        case .pageControl(let pages, let current):
            let s = PageControl()
            s.numberOfPages = pages; s.currentPage = current
            v = s
        }
        v.identifier = identifier
        if let t = tint { v.tintColor = t }
        return v
    }
}
