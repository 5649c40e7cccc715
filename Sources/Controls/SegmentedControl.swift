@_spi(Engine) import Views
import Geometry
import UpdateLoop

/// Segments with one selected (CN1), as `UISegmentedControl(items:)`: a tap selects a segment and
/// sends `valueChanged`; the selection indicator slides there with a spring. Segments can be
/// inserted and removed.
open class SegmentedControl: Control {
    /// The ``selectedSegmentIndex`` of a control with no segment selected.
    public static let noSegment = -1
    private var titles: [String]
    private var labels: [Label] = []
    private let indicator = View()
    /// The selected segment's index, or ``noSegment``; setting it slides the indicator there without sending an event.
    public var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet { if selectedSegmentIndex != oldValue { moveIndicator(animated: window != nil); colorLabels() } }
    }
    /// One element per segment, kept while the segments stay (AX1).
    private var segmentElements: [AccessibilityElement] = []
    /// A container of its segments: buttons labelled by their titles, the selected one
    /// selected, each with its place among them ("2 of 4"); activating one selects it and sends valueChanged, as a tap does.
    open override var accessibilityElements: [AccessibilityObject]? {
        get {
            if let set = super.accessibilityElements { return set }
            while segmentElements.count < titles.count {
                let e = AccessibilityElement(accessibilityContainer: self), i = segmentElements.count
                e.onActivate = { [weak self] in
                    guard let self, self.isEnabled else { return false }
                    if self.selectedSegmentIndex != i { self.selectedSegmentIndex = i; self.sendActions(for: .valueChanged) }
                    return true
                }
                segmentElements.append(e)
            }
            segmentElements.removeLast(segmentElements.count - titles.count)
            let w = bounds.width / Double(max(1, titles.count))
            for (i, e) in segmentElements.enumerated() {
                e.accessibilityLabel = titles[i]
                e.accessibilityTraits = [.button, i == selectedSegmentIndex ? .selected : [], isEnabled ? [] : .notEnabled]
                e.accessibilityFrameInContainerSpace = Rect(x: Double(i) * w, y: 0, width: w, height: bounds.height)
                e.accessibilitySetPosition = AccessibilitySetPosition(position: i + 1, count: titles.count)
            }
            return segmentElements
        }
        set { super.accessibilityElements = newValue }
    }
    /// The selected segment's fill (UIKit's `selectedSegmentTintColor`).
    public var selectedSegmentTintColor = Color(red: 0.39, green: 0.39, blue: 0.4) {
        didSet { indicator.backgroundColor = selectedSegmentTintColor }
    }
    /// The titles' colour, unselected and selected (UIKit's title text attributes' foreground
    /// colour for `.normal` and `.selected`; nil: the normal one).
    public var titleColor = ControlStyle.text { didSet { colorLabels() } }
    /// The selected segment's title colour; nil: ``titleColor``.
    public var selectedTitleColor: Color? { didSet { colorLabels() } }

    /// A segmented control with a segment per title, laid out by constraints.
    public init(items: [String]) {
        titles = items
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
        backgroundColor = ControlStyle.fill
        cornerRadius = 9
        indicator.backgroundColor = selectedSegmentTintColor
        indicator.cornerRadius = 7
        indicator.isUserInteractionEnabled = false
        addSubview(indicator)
        rebuildLabels()
    }

    /// A segmented control without segments placed by `frame` (its frame set by hand, MR6).
    public convenience override init(frame: Rect) {
        self.init(items: [])
        translatesAutoresizingMaskIntoConstraints = true
        self.frame = frame
    }

    /// How many segments there are.
    public var numberOfSegments: Int { titles.count }
    /// The title of segment `index`; nil when there is no such segment.
    public func titleForSegment(at index: Int) -> String? { titles.indices.contains(index) ? titles[index] : nil }
    /// Replaces the title of segment `index`.
    public func setTitle(_ title: String, forSegmentAt index: Int) {
        guard titles.indices.contains(index) else { return }
        titles[index] = title
        labels[index].text = title
    }

    /// Inserts a segment titled `title` at `index` (clamped to the ends).
    public func insertSegment(withTitle title: String, at index: Int, animated: Bool) {
        let i = min(max(0, index), titles.count)
        titles.insert(title, at: i)
        if selectedSegmentIndex >= i { selectedSegmentIndex += 1 }
        rebuildLabels()
        relayout(animated: animated)
    }

    /// Removes segment `index`; the selection is cleared if it was that segment.
    public func removeSegment(at index: Int, animated: Bool) {
        guard titles.indices.contains(index) else { return }
        titles.remove(at: index)
        if selectedSegmentIndex == index { selectedSegmentIndex = SegmentedControl.noSegment }
        else if selectedSegmentIndex > index { selectedSegmentIndex -= 1 }
        rebuildLabels()
        relayout(animated: animated)
    }

    /// Removes every segment; nothing is selected after.
    public func removeAllSegments() {
        titles.removeAll()
        selectedSegmentIndex = SegmentedControl.noSegment
        rebuildLabels()
    }

    private func rebuildLabels() {
        for l in labels { l.removeFromSuperview() }
        labels = titles.map { t in
            let l = Label(text: t, fontSize: 13)
            l.textAlignment = .center
            l.textColor = ControlStyle.text
            l.translatesAutoresizingMaskIntoConstraints = true
            l.isUserInteractionEnabled = false
            addSubview(l)
            return l
        }
        colorLabels()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func colorLabels() {
        for (i, l) in labels.enumerated() {
            l.textColor = i == selectedSegmentIndex ? (selectedTitleColor ?? titleColor) : titleColor
        }
    }

    open override var intrinsicContentSize: Size {
        let widest = labels.map { $0.intrinsicContentSize.width }.max() ?? 0
        return Size(width: Double(max(1, titles.count)) * (widest + 24), height: 32)
    }

    private func segmentRect(_ i: Int) -> Rect {
        let n = Double(max(1, titles.count)), w = bounds.width / n
        return Rect(x: Double(i) * w, y: 0, width: w, height: bounds.height)
    }

    private func relayout(animated: Bool) {
        let apply = {
            for (i, l) in self.labels.enumerated() {
                let r = self.segmentRect(i), h = l.intrinsicContentSize.height
                l.frame = Rect(x: r.minX, y: r.midY - h / 2, width: r.width, height: h)
            }
            self.placeIndicator()
        }
        if animated, window != nil { View.animate(withDuration: 0.25, animations: apply) } else { apply() }
    }

    private func placeIndicator() {
        if titles.indices.contains(selectedSegmentIndex) {
            indicator.frame = segmentRect(selectedSegmentIndex).inset(by: EdgeInsets(all: 2))
            indicator.alpha = 1
        } else {
            indicator.alpha = 0
        }
    }

    private func moveIndicator(animated: Bool) {
        if animated { View.animate(springDuration: 0.35, bounce: 0.1, animations: { self.placeIndicator() }) } else { placeIndicator() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        relayout(animated: false)
    }

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard isEnabled else { return false }
        if case .pointerUp = event.kind, isTracking, bounds.contains(point), !titles.isEmpty {
            let i = min(titles.count - 1, max(0, Int(saturating: point.x / (bounds.width / Double(titles.count)))))
            if i != selectedSegmentIndex {
                selectedSegmentIndex = i
                _ = super.handle(event, at: point)
                sendActions(for: .valueChanged)
                return true
            }
        }
        return super.handle(event, at: point)
    }
}
