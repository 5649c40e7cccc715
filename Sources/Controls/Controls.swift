@_spi(Engine) import Views
import Geometry
import Layers
import UpdateLoop

/// The default style's colours, as UIKit's system colours in dark mode.
package enum ControlStyle {
    static let tint = Color(red: 0.04, green: 0.52, blue: 1)
    static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
    static let track = Color(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.32)
    static let fill = Color(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.24)
    static let thumb = Color(red: 1, green: 1, blue: 1)
    static let text = Color(red: 0.93, green: 0.94, blue: 0.96)

    /// A turn about z every `period` seconds, forever: spinners' animation (a function of the
    /// frame time, as every layer animation).
    @MainActor package static func spin(period: Double) -> BasicAnimation {
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 2 * Double.pi
        spin.duration = period
        spin.repeatCount = .infinity
        return spin
    }
}

/// An on/off switch (CN1), as `UISwitch`: 51x31 points; a click toggles it with a spring of the
/// thumb, a drag of the thumb moves it and it settles on the side it is nearer at release;
/// `valueChanged` once per change made by the user (not by ``setOn(_:animated:)``).
open class Switch: Control {
    /// Whether the switch is on; set it with ``setOn(_:animated:)``.
    public private(set) var isOn = false { didSet { if isOn != oldValue { accessibilityValueDidChange() } } }
    /// A button whose value is "1" on and "0" off, as UIKit's switch (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, value: isOn ? "1" : "0", traits: .button)
    }
    /// Activating toggles it and sends valueChanged, as a tap does.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        return true
    }
    /// The track's colour when on (green by default).
    public var onTintColor = ControlStyle.green { didSet { updateAppearance() } }
    /// The thumb's colour.
    public var thumbTintColor = ControlStyle.thumb { didSet { thumb.backgroundColor = thumbTintColor } }
    private let thumb = View()
    private var dragStart: (x: Double, thumbX: Double)?
    private var dragged = false

    /// A switch placed by `frame`: its frame is set by hand (`translatesAutoresizingMaskIntoConstraints`
    /// stays true) until the code says otherwise, as for every view made with a frame (MR6).
    public override init(frame: Rect) {
        super.init(frame: frame)
        cornerRadius = 15.5
        thumb.isUserInteractionEnabled = false
        thumb.backgroundColor = thumbTintColor
        thumb.cornerRadius = 13.5
        addSubview(thumb)
        updateAppearance()
    }

    /// A switch laid out by constraints (`translatesAutoresizingMaskIntoConstraints` false).
    public convenience init() {
        self.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    open override var intrinsicContentSize: Size { Size(width: 51, height: 31) }

    /// Sets the state; animated, the thumb springs across.
    public func setOn(_ on: Bool, animated: Bool) {
        isOn = on
        if animated, window != nil {
            View.animate(springDuration: 0.35, bounce: 0.15, animations: { self.updateAppearance() })
        } else {
            updateAppearance()
        }
    }

    private var thumbRange: (lo: Double, hi: Double) { (2 + 13.5, bounds.width - 2 - 13.5) }

    private func updateAppearance() {
        let r = thumbRange
        thumb.frame = Rect(x: (isOn ? r.hi : r.lo) - 13.5, y: (bounds.height - 27) / 2, width: 27, height: 27)
        backgroundColor = isOn ? onTintColor : ControlStyle.track
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if dragStart == nil { updateAppearance() }
    }

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard isEnabled else { return false }
        switch event.kind {
        case .pointerDown:
            dragStart = (point.x, thumb.center.x)
            dragged = false
        case .pointerMoved(_, let buttons) where buttons != 0:
            if let s = dragStart {
                if abs(point.x - s.x) > 3 { dragged = true }
                if dragged {
                    let r = thumbRange
                    thumb.center = Point(x: min(max(s.thumbX + point.x - s.x, r.lo), r.hi), y: thumb.center.y)
                }
            }
        case .pointerUp:
            guard dragStart != nil else { break }
            let r = thumbRange
            let on = dragged ? thumb.center.x > (r.lo + r.hi) / 2 : !isOn
            dragStart = nil
            let changed = on != isOn
            if isInsideForTracking(point) || dragged {
                setOn(on, animated: true)
                if changed { sendActions(for: .valueChanged) }
            } else {
                setOn(isOn, animated: true)
            }
        case .pointerCancelled:
            dragStart = nil
            setOn(isOn, animated: true)
        default:
            break
        }
        return super.handle(event, at: point)
    }
}

/// A value chosen along a track (CN1), as `UISlider`: the thumb follows the pointer, a click on
/// the track moves the value there (animated); `valueChanged` while dragging when
/// ``isContinuous``, else once at the release.
open class Slider: Control {
    /// The value at the track's leading end (0 by default); the value is kept within the range.
    public var minimumValue = 0.0 { didSet { value = clamp(value) } }
    /// The value at the track's trailing end (1 by default).
    public var maximumValue = 1.0 { didSet { value = clamp(value) } }
    /// The value, clamped to ``minimumValue``...``maximumValue``; setting it moves the thumb without sending an event.
    public var value = 0.0 {
        didSet {
            let clamped = clamp(value)
            if clamped != value { value = clamped }          // didSet does not run again for this
            if !settingAnimated { updateAppearance() }
            if value != oldValue { accessibilityValueDidChange() }
        }
    }
    /// Adjustable, its value a percentage of the range, as UIKit's slider (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, value: AccessibilityFormat.percent(fraction), traits: .adjustable)
    }
    /// Moves a tenth of the range up (or down) and sends valueChanged, as VoiceOver's swipes do.
    open override func accessibilityIncrement() { adjust(by: 0.1) }
    open override func accessibilityDecrement() { adjust(by: -0.1) }
    private func adjust(by part: Double) {
        let old = value
        value = clamp(value + part * (maximumValue - minimumValue))
        if value != old { sendActions(for: .valueChanged) }
    }
    private var settingAnimated = false
    /// Whether `valueChanged` is sent while dragging (true) or once at the release.
    public var isContinuous = true
    /// The colour of the track before the thumb.
    public var minimumTrackTintColor = ControlStyle.tint { didSet { filled.backgroundColor = minimumTrackTintColor } }
    /// The colour of the track after the thumb.
    public var maximumTrackTintColor = ControlStyle.track { didSet { track.backgroundColor = maximumTrackTintColor } }
    private let track = View(), filled = View(), thumb = View()
    private var grabOffset = 0.0
    /// The value when the press began (a discontinuous slider reports once, at the release).
    private var valueAtPress = 0.0

    /// A slider placed by `frame`: its frame is set by hand (`translatesAutoresizingMaskIntoConstraints`
    /// stays true) until the code says otherwise, as for every view made with a frame (MR6).
    public override init(frame: Rect) {
        super.init(frame: frame)
        for v in [track, filled, thumb] { v.isUserInteractionEnabled = false; addSubview(v) }
        track.backgroundColor = maximumTrackTintColor
        filled.backgroundColor = minimumTrackTintColor
        track.cornerRadius = 2; filled.cornerRadius = 2
        thumb.backgroundColor = ControlStyle.thumb
        thumb.cornerRadius = 14
    }

    /// A slider laid out by constraints (`translatesAutoresizingMaskIntoConstraints` false).
    public convenience init() {
        self.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 34) }

    private func clamp(_ v: Double) -> Double {
        guard v.isFinite else { return minimumValue }
        return min(max(v, minimumValue), max(minimumValue, maximumValue))
    }

    /// Sets the value; animated, the thumb slides there in 0.25 s.
    public func setValue(_ v: Double, animated: Bool) {
        guard animated, window != nil else { value = v; return }
        settingAnimated = true
        value = v
        settingAnimated = false
        View.animate(withDuration: 0.25, animations: { self.updateAppearance() })
    }

    private var usable: (lo: Double, hi: Double) { (14, max(14, bounds.width - 14)) }
    private var fraction: Double { maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0 }
    private func value(atX x: Double) -> Double {
        let u = usable
        let f = u.hi > u.lo ? (x - u.lo) / (u.hi - u.lo) : 0
        return clamp(minimumValue + f * (maximumValue - minimumValue))
    }

    private func updateAppearance() {
        let u = usable, y = bounds.midY
        let x = u.lo + fraction * (u.hi - u.lo)
        track.frame = Rect(x: u.lo - 12, y: y - 2, width: u.hi - u.lo + 24, height: 4)
        filled.frame = Rect(x: u.lo - 12, y: y - 2, width: x - u.lo + 12, height: 4)
        thumb.frame = Rect(x: x - 14, y: y - 14, width: 28, height: 28)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateAppearance()
    }

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard isEnabled else { return false }
        switch event.kind {
        case .pointerDown:
            valueAtPress = value
            if thumb.frame.inset(by: EdgeInsets(all: -8)).contains(point) {
                grabOffset = point.x - thumb.center.x
            } else {
                // A click on the track: the value moves there.
                grabOffset = 0
                setValue(value(atX: point.x), animated: true)
                if isContinuous, value != valueAtPress { sendActions(for: .valueChanged) }
            }
        case .pointerMoved(_, let buttons) where buttons != 0 && isTracking:
            let old = value
            value = value(atX: point.x - grabOffset)
            if isContinuous, value != old { sendActions(for: .valueChanged) }
        case .pointerUp, .pointerCancelled:
            if isTracking, !isContinuous, value != valueAtPress { sendActions(for: .valueChanged) }
        default:
            break
        }
        return super.handle(event, at: point)
    }
}

/// A bar that fills with progress (CN1), as `UIProgressView`.
open class ProgressView: View {
    /// How full the bar is, 0...1; set it with `setProgress(_:animated:)`.
    public private(set) var progress = 0.0 { didSet { if progress != oldValue { accessibilityValueDidChange() } } }
    /// Its progress as a percentage, updating frequently (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, value: AccessibilityFormat.percent(progress), traits: .updatesFrequently)
    }
    /// The filled part's colour.
    public var progressTintColor = ControlStyle.tint { didSet { bar.backgroundColor = progressTintColor } }
    /// The unfilled part's colour.
    public var trackTintColor = ControlStyle.track { didSet { backgroundColor = trackTintColor } }
    private let bar = View()

    /// A progress bar placed by `frame`: its frame is set by hand (`translatesAutoresizingMaskIntoConstraints`
    /// stays true) until the code says otherwise, as for every view made with a frame (MR6).
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = trackTintColor
        cornerRadius = 2
        bar.backgroundColor = progressTintColor
        bar.cornerRadius = 2
        addSubview(bar)
    }

    /// A progress bar laid out by constraints (`translatesAutoresizingMaskIntoConstraints` false).
    public convenience init() {
        self.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 4) }

    /// Sets the progress (clamped to 0...1); animated, the bar grows in 0.25 s.
    public func setProgress(_ p: Double, animated: Bool) {
        progress = p.isFinite ? min(max(p, 0), 1) : 0
        if animated, window != nil { View.animate(withDuration: 0.25, animations: { self.layoutBar() }) } else { layoutBar() }
    }

    private func layoutBar() { bar.frame = Rect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutBar()
    }
}

/// A spinning indicator (CN1), as `UIActivityIndicatorView`: eight ticks turning once a second
/// (a layer animation of the frame time), hidden when stopped if ``hidesWhenStopped``.
open class ActivityIndicatorView: View {
    /// Whether the ticks are turning.
    public private(set) var isAnimating = false
    /// Read as "In progress", as UIKit's (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, label: "In progress", traits: .updatesFrequently)
    }
    /// Whether the spinner hides while stopped (true by default).
    public var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    /// The ticks' colour.
    public var color = Color(red: 0.7, green: 0.72, blue: 0.78) { didSet { ticks.setNeedsDisplay() } }   // the ticks layer draws
    private let ticks = Layer()

    /// A spinner placed by `frame`: its frame is set by hand (`translatesAutoresizingMaskIntoConstraints`
    /// stays true) until the code says otherwise, as for every view made with a frame (MR6).
    public override init(frame: Rect) {
        super.init(frame: frame)
        isHidden = true
        layer.addSublayer(ticks)
        ticks.delegate = self
    }

    /// A spinner laid out by constraints (`translatesAutoresizingMaskIntoConstraints` false).
    public convenience init() {
        self.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    open override var intrinsicContentSize: Size { Size(width: 20, height: 20) }

    /// Shows the spinner and turns it once a second, as a layer animation: no per-frame work of its own.
    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        ticks.add(ControlStyle.spin(period: 1), forKey: "spin")
    }

    /// Stops turning, and hides the spinner when ``hidesWhenStopped``.
    public func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        ticks.removeAnimation(forKey: "spin")
        if hidesWhenStopped { isHidden = true }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        ticks.frame = bounds
        ticks.setNeedsDisplay()
    }
}

extension ActivityIndicatorView: LayerDelegate {
    /// Draws the eight ticks, fading round the circle.
    public func draw(_ layer: Layer, in canvas: Canvas) {
        let c = Point(x: layer.bounds.midX, y: layer.bounds.midY)
        let r = min(layer.bounds.width, layer.bounds.height) / 2
        for k in 0..<8 {
            let a = Double(k) / 8 * 2 * Double.pi
            let dx = cos(a), dy = sin(a)
            canvas.line(from: Point(x: c.x + dx * r * 0.45, y: c.y + dy * r * 0.45), to: Point(x: c.x + dx * r * 0.95, y: c.y + dy * r * 0.95),
                        color: color.withAlphaMultiplied(by: 0.25 + 0.75 * Double(k) / 7), width: max(1.5, r * 0.16))
        }
    }
}

/// Minus and plus buttons around a value (CN1), as `UIStepper`.
open class Stepper: Control {
    /// The lowest value (0 by default).
    public var minimumValue = 0.0
    /// The highest value (100 by default).
    public var maximumValue = 100.0
    /// How much a press of minus or plus changes the value (1 by default).
    public var stepValue = 1.0
    /// Past the maximum the value wraps to the minimum (and back).
    public var wraps = false
    /// The value, clamped to ``minimumValue``...``maximumValue``.
    public var value = 0.0 {
        didSet {
            value = min(max(value.isFinite ? value : minimumValue, minimumValue), maximumValue)
            setNeedsDisplay()
            if value != oldValue { accessibilityValueDidChange() }
        }
    }
    /// Adjustable, its value the number (AX1; UIKit exposes the minus and plus as two buttons).
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, value: AccessibilityFormat.number(value), traits: .adjustable)
    }
    /// One step up (or down), as the plus (minus) button, sending valueChanged.
    open override func accessibilityIncrement() { step(by: stepValue) }
    open override func accessibilityDecrement() { step(by: -stepValue) }
    private func step(by delta: Double) {
        let old = value
        value = stepped(by: delta)
        if value != old { sendActions(for: .valueChanged) }
    }
    /// The value one step of `delta` on, wrapped when ``wraps``.
    private func stepped(by delta: Double) -> Double {
        let v = value + delta
        guard wraps else { return v }
        return v > maximumValue ? minimumValue : v < minimumValue ? maximumValue : v
    }

    /// A stepper placed by `frame`: its frame is set by hand (`translatesAutoresizingMaskIntoConstraints`
    /// stays true) until the code says otherwise, as for every view made with a frame (MR6).
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = ControlStyle.fill
        cornerRadius = 8
        contentMode = .redraw
    }

    /// A stepper laid out by constraints (`translatesAutoresizingMaskIntoConstraints` false).
    public convenience init() {
        self.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    open override var intrinsicContentSize: Size { Size(width: 94, height: 32) }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let mid = bounds.midX, y = bounds.midY
        canvas.fill(Rect(x: mid - 0.5, y: 6, width: 1, height: bounds.height - 12), color: ControlStyle.track)
        let minusOn = wraps || value > minimumValue, plusOn = wraps || value < maximumValue
        let dim = ControlStyle.text.withAlphaMultiplied(by: 0.35)
        canvas.line(from: Point(x: mid / 2 - 7, y: y), to: Point(x: mid / 2 + 7, y: y), color: minusOn ? ControlStyle.text : dim, width: 2)
        let px = mid + mid / 2
        canvas.line(from: Point(x: px - 7, y: y), to: Point(x: px + 7, y: y), color: plusOn ? ControlStyle.text : dim, width: 2)
        canvas.line(from: Point(x: px, y: y - 7), to: Point(x: px, y: y + 7), color: plusOn ? ControlStyle.text : dim, width: 2)
    }

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard isEnabled else { return false }
        if case .pointerUp = event.kind, isTracking, bounds.contains(point) {
            let old = value
            value = stepped(by: point.x >= bounds.midX ? stepValue : -stepValue)
            let handled = super.handle(event, at: point)
            if value != old { sendActions(for: .valueChanged) }
            return handled
        }
        return super.handle(event, at: point)
    }
}

/// Dots for pages (CN1), as `UIPageControl`: a tap on either side of the current dot moves one
/// page that way and sends `valueChanged`.
open class PageControl: Control {
    /// How many dots there are.
    public var numberOfPages = 0 { didSet { currentPage = min(currentPage, max(0, numberOfPages - 1)); invalidateIntrinsicContentSize(); setNeedsDisplay() } }
    /// The highlighted dot's index, clamped to the pages.
    public var currentPage = 0 { didSet { currentPage = min(max(0, currentPage), max(0, numberOfPages - 1)); setNeedsDisplay(); accessibilityValueDidChange() } }
    /// Adjustable, its value "page 2 of 5" (AX1); a step moves a page and sends valueChanged.
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, value: "page \(currentPage + 1) of \(numberOfPages)", traits: .adjustable)
    }
    open override func accessibilityIncrement() { turn(by: 1) }
    open override func accessibilityDecrement() { turn(by: -1) }
    private func turn(by pages: Int) {
        let old = currentPage
        currentPage += pages
        if currentPage != old { sendActions(for: .valueChanged) }
    }
    /// Whether nothing is drawn when there is only one page.
    public var hidesForSinglePage = false { didSet { setNeedsDisplay() } }
    /// The other dots' colour.
    public var pageIndicatorTintColor = Color(red: 1, green: 1, blue: 1, alpha: 0.3) { didSet { setNeedsDisplay() } }
    /// The current page's dot colour.
    public var currentPageIndicatorTintColor = ControlStyle.thumb { didSet { setNeedsDisplay() } }

    /// A page control placed by `frame`: its frame is set by hand (`translatesAutoresizingMaskIntoConstraints`
    /// stays true) until the code says otherwise, as for every view made with a frame (MR6).
    public override init(frame: Rect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    /// A page control laid out by constraints (`translatesAutoresizingMaskIntoConstraints` false).
    public convenience init() {
        self.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    open override var intrinsicContentSize: Size { Size(width: Double(max(1, numberOfPages)) * 16 + 16, height: 26) }

    private func dotX(_ k: Int) -> Double { bounds.midX + (Double(k) - Double(numberOfPages - 1) / 2) * 16 }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        if hidesForSinglePage, numberOfPages <= 1 { return }
        for k in 0..<numberOfPages {
            canvas.fillEllipse(in: Rect(x: dotX(k) - 3.5, y: bounds.midY - 3.5, width: 7, height: 7),
                               color: k == currentPage ? currentPageIndicatorTintColor : pageIndicatorTintColor)
        }
    }

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard isEnabled, numberOfPages > 0 else { return false }
        if case .pointerUp = event.kind, isTracking, bounds.contains(point) {
            let old = currentPage
            currentPage += point.x > dotX(currentPage) ? 1 : -1
            let handled = super.handle(event, at: point)
            if currentPage != old { sendActions(for: .valueChanged) }
            return handled
        }
        return super.handle(event, at: point)
    }
}

#if canImport(Glibc)
import Glibc
#endif
