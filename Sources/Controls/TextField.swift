@_spi(Engine) import Views
import Geometry
import UpdateLoop

/// A single line of editable text (TX9), as `UITextField`: a click focuses it (it becomes first
/// responder and the window asks the platform for text and input-method events), the caret and
/// selection follow the pointer (drag, double-click a word, triple-click all) and the keys
/// (arrows by grapheme cluster, with alt or control by word, shift extends, home and end,
/// select all), insertion and deletion go by grapheme cluster (alt/control-backspace by word),
/// copy, cut and paste use the window's `Window/pasteboard`, undo and redo step back and forth,
/// an input method's composition shows underlined at the caret. Placeholder, secure entry (one
/// bullet per grapheme cluster), a clear button and the return key behave as UIKit's; the
/// delegate may refuse any change (``TextFieldDelegate``). Control events: editingDidBegin,
/// editingChanged, editingDidEnd and editingDidEndOnExit (return).
open class TextField: Control {
    /// The I-beam: text here can be selected and edited (DK4).
    override open var defaultPointerShape: PointerShape? { .iBeam }
    /// The text; setting it moves the caret to the end and clears the undo history (as UIKit's,
    /// a change made in code is not an edit to undo).
    public var text: String {
        get { editing.text }
        set {
            guard newValue != editing.text else { return }
            editing.setText(newValue)
            contentDidChange(sendChanged: false)
        }
    }
    /// Text shown, dimmed, while the field is empty; nil: none.
    public var placeholder: String? { didSet { setNeedsDisplay() } }
    /// An element whose value is its text, or the placeholder while empty (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, value: text.isEmpty ? placeholder : (isSecureTextEntry ? Self.bullets(for: text) : text))
    }
    /// The text's font (the system font at 17 points by default).
    public var font: Font = .systemFont(ofSize: 17) { didSet { contentDidChange(sendChanged: false) } }
    /// The text's colour.
    public var textColor: Color = .white {
        didSet {
            plainColorSet("textColor")
            setNeedsDisplay()
        }
    }
    /// A text colour that follows the field's interface style (`DynamicColor`, as UIKit's
    /// `label` colour): resolved now and again whenever the style changes; setting
    /// ``textColor`` ends it (DK5).
    public var dynamicTextColor: DynamicColor? {
        get { dynamicColor(forKey: "textColor") }
        set { setDynamicColor(newValue, forKey: "textColor") { ($0 as? TextField)?.textColor = $1 } }
    }
    /// The placeholder's colour.
    public var placeholderColor = Color(red: 1, green: 1, blue: 1, alpha: 0.4) { didSet { setNeedsDisplay() } }
    /// How the text sits across the field.
    public var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// Draws one bullet per grapheme cluster; copy and cut are disabled (UIKit's behaviour).
    public var isSecureTextEntry = false { didSet { contentDidChange(sendChanged: false) } }
    /// When the clear button shows (never by default).
    public var clearButtonMode: TextFieldViewMode = .never { didSet { setNeedsDisplay() } }
    /// Whether focusing the field clears it (UITextField.clearsOnBeginEditing).
    public var clearsOnBeginEditing = false
    /// Asked whether to begin and end editing, change text, clear and return; held weakly.
    public weak var delegate: (any TextFieldDelegate)?
    /// Space between the border and the text.
    public var textInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8) { didSet { contentDidChange(sendChanged: false) } }
    /// The field's fill inside its outline.
    public var fieldBackgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.08) { didSet { setNeedsDisplay() } }
    /// The outline's colour.
    public var outlineColor = Color(red: 1, green: 1, blue: 1, alpha: 0.25) { didSet { setNeedsDisplay() } }
    /// The selection highlight's colour.
    public var selectionColor = Color(red: 0.25, green: 0.5, blue: 1, alpha: 0.45)
    /// The caret's colour.
    public var caretColor = Color(red: 0.35, green: 0.6, blue: 1)

    /// The text, selection, composition and undo history.
    public private(set) var editing = TextEditingState()
    /// The selection (UTF-16 offsets); empty: the caret.
    public var selectedRange: Range<Int> {
        get { editing.selection }
        set { editing.select(newValue); caretMoved() }
    }
    /// Whether the field is being edited (it is first responder).
    public var isEditing: Bool { isFirstResponder }

    /// Multi-line text views wrap and take return as a line break.
    var isMultiline: Bool { false }
    /// Points the single line is scrolled left to keep the caret in view.
    private(set) var scrollOffset = 0.0
    /// Points a text view's lines are scrolled up (the wheel, or keeping the caret in view).
    public private(set) var verticalOffset = 0.0 {
        didSet { if verticalOffset != oldValue { verticalOffsetDidChange() } }
    }
    /// Called when ``verticalOffset`` changed (a text view shows its scroll indicator).
    func verticalOffsetDidChange() {}

    private func clampVerticalOffset() {
        verticalOffset = max(0, min(verticalOffset, textLayout().size.height - contentRect.height))
    }
    private var dragging = false
    private var longPressTimer: TimerToken?
    private var longPressStart: Point?
    private var caretShown = true
    private var blinkTimer: TimerToken?
    private var cachedLayout: (key: Int, width: Double, layout: TextLayout)?
    private var layoutKey = 0

    /// A field holding `text`, laid out by constraints.
    public init(text: String = "", placeholder: String? = nil, identifier: String? = nil) {
        super.init(frame: .zero)
        editing = TextEditingState(text: text)
        self.placeholder = placeholder
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
        contentMode = .redraw
        clipsToBounds = true
        layer.cornerRadius = 6
    }

    /// An empty field placed by `frame`: its frame is set by hand until the code says otherwise,
    /// as for every view made with a frame (MR6). A text view made so is a text view.
    public convenience override init(frame: Rect) {
        self.init(text: "")
        translatesAutoresizingMaskIntoConstraints = true
        self.frame = frame
    }

    // MARK: Responder

    open override var canBecomeFirstResponder: Bool { isEnabled }
    open override var acceptsTextInput: Bool { isEnabled }

    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard delegate?.textFieldShouldBeginEditing(self) != false else { return false }
        return super.becomeFirstResponder()
    }

    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard delegate?.textFieldShouldEndEditing(self) != false else { return false }
        return super.resignFirstResponder()
    }

    open override func didBecomeFirstResponder() {
        if clearsOnBeginEditing, !editing.text.isEmpty { editing.setText("") ; contentDidChange(sendChanged: true) }
        sendActions(for: .editingDidBegin)
        delegate?.textFieldDidBeginEditing(self)
        startBlinking()
        setNeedsDisplay()
    }

    open override func didResignFirstResponder() {
        editing.markedText = ""
        editing.move(to: editing.caret, extending: false)
        stopBlinking()
        sendActions(for: .editingDidEnd)
        delegate?.textFieldDidEndEditing(self)
        setNeedsDisplay()
    }

    open override var textInputRect: Rect? {
        guard let window else { return nil }
        let c = caretRect(for: editing.caret)
        return Rect(origin: pointToWindow(c.origin), size: c.size).intersection(Rect(origin: .zero, size: window.size))
    }

    // MARK: Layout

    /// What is drawn: the text (bullets when secure) with the composition at the caret.
    private var displayed: (text: String, markedAt: Int?) {
        var shown = isSecureTextEntry ? Self.bullets(for: editing.text) : editing.text
        guard !editing.markedText.isEmpty else { return (shown, nil) }
        var u = Array(shown.utf16)
        let at = isSecureTextEntry ? u.count : min(editing.selection.lowerBound, u.count)
        u.replaceSubrange(at..<(isSecureTextEntry ? at : min(editing.selection.upperBound, u.count)), with: Array(editing.markedText.utf16))
        shown = String(decoding: u, as: UTF16.self)
        return (shown, at)
    }

    /// One bullet per grapheme cluster (so offsets map cluster for cluster).
    static func bullets(for s: String) -> String {
        var out = ""
        for c in s { out += "\u{2022}" + String(repeating: "\u{200B}", count: c.utf16.count - 1) }
        return out
    }

    var contentRect: Rect { bounds.inset(by: textInsets) }

    /// The text laid out in the content rectangle (wrapped when multi-line), cached per edit.
    public func textLayout() -> TextLayout {
        let width = isMultiline ? max(1, contentRect.width) : .infinity
        if let c = cachedLayout, c.key == layoutKey, c.width == width { return c.layout }
        let paragraph = ParagraphStyle(alignment: textAlignment, lineBreakMode: isMultiline ? .byWordWrapping : .byClipping)
        let l = TextLayout(displayed.text, style: TextStyle(font: font, color: textColor), paragraph: paragraph, in: fontSystem,
                           width: width)
        cachedLayout = (layoutKey, width, l)
        return l
    }

    open override var intrinsicContentSize: Size {
        let m = fontSystem.metrics(for: font)
        let w = isMultiline ? View.noIntrinsicMetric : (textLayout().size.width + textInsets.left + textInsets.right + 4).rounded(.up)
        let lines = isMultiline ? max(1, Double(textLayout().lines.count)) : 1
        return Size(width: w, height: (m.lineHeight * lines + textInsets.top + textInsets.bottom).rounded(.up))
    }

    /// The caret's rectangle for a UTF-16 offset of the text, in the field's coordinates.
    public func caretRect(for offset: Int) -> Rect {
        let shownOffset = displayed.markedAt.map { at in offset >= at ? offset + editing.markedText.utf16.count : offset } ?? offset
        let r = textLayout().caretRect(forCharacterIndex: min(shownOffset, displayed.text.utf16.count))
        let origin = textOrigin
        let h = r.height > 0 ? r.height : fontSystem.metrics(for: font).lineHeight
        return Rect(x: r.minX + origin.x, y: r.minY + origin.y, width: 1, height: h)
    }

    /// The box of the character at UTF-16 `offset` of the text, in the field's coordinates (as
    /// scrolled); nil past the end.
    public func characterRect(for offset: Int) -> Rect? {
        guard offset >= 0, offset < editing.length else { return nil }
        let shownOffset = displayed.markedAt.map { at in offset >= at ? offset + editing.markedText.utf16.count : offset } ?? offset
        guard let r = textLayout().characterRect(forCharacterIndex: shownOffset) else { return nil }
        let o = textOrigin
        return Rect(x: r.minX + o.x, y: r.minY + o.y, width: r.width, height: r.height)
    }

    /// The text offset nearest a point in the field's coordinates.
    public func offset(at point: Point) -> Int {
        let o = textOrigin
        let i = textLayout().characterIndex(at: Point(x: point.x - o.x, y: point.y - o.y))
        return min(i, editing.length)
    }

    /// Where the layout's top-left sits: inset, scrolled, and centred vertically for one line.
    private var textOrigin: Point {
        let c = contentRect
        if isMultiline { return Point(x: c.minX, y: c.minY - verticalOffset) }
        let h = textLayout().size.height
        let free = c.width - textLayout().size.width
        var x = c.minX - scrollOffset
        if free > 0 {
            switch textAlignment {
            case .center: x = c.minX + free / 2
            case .right: x = c.minX + free
            case .natural where textLayout().lines.first?.isRightToLeft == true: x = c.minX + free
            default: break
            }
        }
        return Point(x: x, y: c.minY + max(0, (c.height - h) / 2))
    }

    /// Scrolls so that the caret is inside the content rectangle: the single line sideways, the
    /// lines of a text view up and down.
    private func scrollCaretIntoView() {
        if isMultiline {
            let c = contentRect
            let caret = textLayout().caretRect(forCharacterIndex: min(editing.caret, displayed.text.utf16.count))
            if caret.maxY - verticalOffset > c.height { verticalOffset = caret.maxY - c.height }
            if caret.minY - verticalOffset < 0 { verticalOffset = caret.minY }
            clampVerticalOffset()
            return
        }
        let c = contentRect
        let width = textLayout().size.width
        guard width > c.width else { scrollOffset = 0; return }
        let x = textLayout().caretRect(forCharacterIndex: min(editing.caret, displayed.text.utf16.count)).minX
        if x - scrollOffset > c.width - 1 { scrollOffset = x - c.width + 1 }
        if x - scrollOffset < 0 { scrollOffset = x }
        scrollOffset = max(0, min(scrollOffset, width - c.width + 1))
    }

    private func contentDidChange(sendChanged: Bool) {
        accessibilityContentDidChange()
        layoutKey &+= 1
        invalidateIntrinsicContentSize()
        caretMoved()
        if sendChanged { sendActions(for: .editingChanged) }
    }

    private func caretMoved() {
        accessibilitySelectionDidChange()
        scrollCaretIntoView()
        caretShown = true
        setNeedsDisplay()
    }

    // MARK: Caret blinking

    /// Blinks while editing when the window asks for it (``Window/caretBlinkPeriod``; headless
    /// windows leave it off so that stepping to idle ends).
    private func startBlinking() {
        guard blinkTimer == nil, let loop = window?.runLoop, let period = window?.caretBlinkPeriod, period > 0 else { return }
        let d = Duration.nanoseconds(MediaTime.nanoseconds(period))
        blinkTimer = loop.schedule(after: d, repeating: d) { [weak self] in
            guard let self else { return }
            self.caretShown.toggle()
            self.setNeedsDisplay()
        }
    }

    private func stopBlinking() {
        if let t = blinkTimer { window?.runLoop?.cancel(t) }
        blinkTimer = nil
        caretShown = true
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { stopBlinking() }
        cachedLayout = nil
    }

    /// Forgets the laid-out text (one layout); the next draw lays it out again.
    open override func releaseCaches() {
        super.releaseCaches()
        cachedLayout = nil
    }

    /// A text view made shorter (or whose text got shorter) keeps its lines in view.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if isMultiline { clampVerticalOffset() }
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(bounds, color: fieldBackgroundColor, cornerRadius: layer.cornerRadius)
        canvas.stroke(bounds.inset(by: EdgeInsets(all: 0.5)), color: isEditing ? caretColor : outlineColor, lineWidth: 1,
                      cornerRadius: layer.cornerRadius)
        let origin = textOrigin
        let layout = textLayout()
        if editing.text.isEmpty, editing.markedText.isEmpty, let placeholder, !placeholder.isEmpty {
            let p = TextLayout(placeholder, style: TextStyle(font: font, color: placeholderColor),
                               paragraph: ParagraphStyle(alignment: textAlignment, lineBreakMode: .byTruncatingTail), in: fontSystem,
                               width: contentRect.width, maxLines: isMultiline ? 0 : 1)
            canvas.draw(p, at: Point(x: contentRect.minX, y: origin.y))
        }
        // The selection behind the text, line by line.
        if isEditing, !editing.selection.isEmpty {
            for r in selectionRects() { canvas.fill(r, color: selectionColor) }
        }
        canvas.draw(layout, at: origin)
        // The composition, underlined.
        if let at = displayed.markedAt {
            let a = layout.caretRect(forCharacterIndex: at), b = layout.caretRect(forCharacterIndex: at + editing.markedText.utf16.count)
            canvas.fill(Rect(x: origin.x + min(a.minX, b.minX), y: origin.y + a.maxY - 2, width: abs(b.minX - a.minX), height: 1.5),
                        color: textColor)
        }
        if isEditing, editing.selection.isEmpty, caretShown {
            canvas.fill(caretRect(for: editing.caret).inset(by: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0)).integralX, color: caretColor)
        }
        if showsClearButton {
            let r = clearButtonRect
            canvas.fillEllipse(in: r, color: Color(red: 1, green: 1, blue: 1, alpha: 0.35))
            let c = r.center, k = r.width * 0.22
            canvas.line(from: Point(x: c.x - k, y: c.y - k), to: Point(x: c.x + k, y: c.y + k), color: Color(red: 0.1, green: 0.1, blue: 0.12), width: 1.5)
            canvas.line(from: Point(x: c.x + k, y: c.y - k), to: Point(x: c.x - k, y: c.y + k), color: Color(red: 0.1, green: 0.1, blue: 0.12), width: 1.5)
        }
    }

    /// The selection's rectangles in the field's coordinates, one per line it covers.
    public func selectionRects() -> [Rect] {
        let layout = textLayout(), o = textOrigin
        var out: [Rect] = []
        let sel = editing.selection
        for line in layout.lines where line.range.upperBound >= sel.lowerBound && line.range.lowerBound <= sel.upperBound {
            for cell in line.cells where cell.range.lowerBound < sel.upperBound && cell.range.upperBound > sel.lowerBound {
                out.append(Rect(x: o.x + cell.minX, y: o.y + line.top, width: cell.maxX - cell.minX, height: line.height))
            }
        }
        return out
    }

    var showsClearButton: Bool {
        guard !editing.text.isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    var clearButtonRect: Rect {
        let s = min(18, bounds.height - 8)
        return Rect(x: bounds.maxX - s - 6, y: bounds.midY - s / 2, width: s, height: s)
    }

    // MARK: Pointer

    open override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard isEnabled else { return false }
        switch event.kind {
        case .pointerDown(_, let button) where button == 3:
            // A secondary click opens the edit menu at the pointer (DK3), keeping the selection.
            guard becomeFirstResponder() else { return true }
            showEditMenu(at: point)
            return true
        case .pointerDown:
            if showsClearButton, clearButtonRect.inset(by: EdgeInsets(all: -4)).contains(point) {
                if delegate?.textFieldShouldClear(self) != false { replace(0..<editing.length, with: "") }
                _ = becomeFirstResponder()
                return true
            }
            let wasEditing = isEditing
            guard becomeFirstResponder() else { return true }
            let i = offset(at: point)
            switch event.clickCount {
            case 2: editing.select(wordRange(at: i))
            case 3...: editing.selectAll()
            default:
                if wasEditing || !clearsOnBeginEditing { editing.move(to: i, extending: event.modifiers.contains(.shift)) }
            }
            dragging = event.clickCount == 1
            caretMoved()
            if event.pointerID != 0, event.clickCount == 1 { startLongPress(at: point) }
            return true
        case .pointerMoved(_, let buttons):
            if let start = longPressStart, (point.x - start.x) * (point.x - start.x) + (point.y - start.y) * (point.y - start.y) > Self.longPressMovement * Self.longPressMovement { cancelLongPress() }
            guard dragging, buttons != 0 else { return false }
            editing.move(to: offset(at: point), extending: true)
            caretMoved()
            return true
        case .pointerUp, .pointerCancelled:
            cancelLongPress()
            let was = dragging
            dragging = false
            return was
        case .scroll(_, let dy, _) where isMultiline:
            // The wheel scrolls a text view's lines (SDL's sign: positive is away from the user).
            let before = verticalOffset
            verticalOffset -= dy * WheelScrolling.lineHeight
            clampVerticalOffset()
            if verticalOffset != before { setNeedsDisplay() }
            return verticalOffset != before
        default:
            return super.handle(event, at: point)
        }
    }

    // MARK: Long press (a touch)

    /// How long a touch is held still before the edit menu opens, in seconds (UIKit's long
    /// press: 0.5).
    public static let longPressDuration = 0.5
    /// How far in points a held touch may move and still open the menu (UIKit's 10).
    public static let longPressMovement = 10.0

    /// A touch (not the mouse, whose held press selects by dragging) pressed on the field:
    /// held ``longPressDuration`` within ``longPressMovement`` of where it went down, it opens
    /// the edit menu there, as a long press does on iOS.
    private func startLongPress(at point: Point) {
        cancelLongPress()
        guard let loop = window?.runLoop else { return }
        longPressStart = point
        longPressTimer = loop.schedule(after: .nanoseconds(MediaTime.nanoseconds(Self.longPressDuration))) { [weak self] in
            guard let self, let start = self.longPressStart else { return }
            self.longPressTimer = nil
            self.longPressStart = nil
            self.dragging = false
            self.showEditMenu(at: start)
        }
    }

    private func cancelLongPress() {
        if let t = longPressTimer { window?.runLoop?.cancel(t) }
        longPressTimer = nil
        longPressStart = nil
    }

    /// The word (or the run of spaces) around an offset.
    func wordRange(at offset: Int) -> Range<Int> {
        let b = [0] + fontSystem.wordBoundaries(Array(editing.text.utf16))
        let hi = b.first { $0 > offset } ?? editing.length
        let lo = b.last { $0 <= offset && $0 < hi } ?? 0
        return lo..<hi
    }

    // MARK: Keys and text

    /// Replaces `range` (UTF-16, clamped) with `string` in code, as UIKit's
    /// `replace(_:withText:)`: an undo step and editingChanged, without asking the delegate.
    public func replaceText(_ range: Range<Int>, with string: String) {
        let n = editing.length
        let lo = max(0, min(range.lowerBound, n)), hi = max(lo, min(range.upperBound, n))
        editing.replace(lo..<hi, with: isMultiline ? string : string.replacingNewlines())
        contentDidChange(sendChanged: true)
    }

    /// Replaces `range` with `string` when the delegate allows; sends editingChanged.
    @discardableResult
    func replace(_ range: Range<Int>, with string: String, typing: Bool = false) -> Bool {
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) != false else { return false }
        editing.replace(range, with: string, typing: typing)
        contentDidChange(sendChanged: true)
        return true
    }

    open override func insertText(_ text: String) -> Bool {
        guard isEditing else { return super.insertText(text) }
        editing.markedText = ""
        var t = text
        if !isMultiline { t = t.replacingNewlines() }
        guard !t.isEmpty else { return true }
        replace(editing.selection, with: t, typing: true)
        return true
    }

    open override func setMarkedText(_ text: String, selectedRange: Range<Int>) -> Bool {
        guard isEditing else { return super.setMarkedText(text, selectedRange: selectedRange) }
        editing.markedText = text
        layoutKey &+= 1
        caretMoved()
        return true
    }

    private var graphemes: [Int] { fontSystem.graphemeBoundaries(Array(editing.text.utf16)) }
    private var words: [Int] { fontSystem.wordBoundaries(Array(editing.text.utf16)) }

    /// The previous and next word start (skipping spaces), as alt-arrow moves.
    private func wordStart(before offset: Int) -> Int {
        let u = Array(editing.text.utf16)
        var i = offset
        while i > 0, u[i - 1] == 0x20 { i -= 1 }
        return TextEditingState.before(i, words)
    }

    private func wordEnd(after offset: Int) -> Int {
        let u = Array(editing.text.utf16)
        var i = offset
        while i < u.count, u[i] == 0x20 { i += 1 }
        return TextEditingState.after(i, words, length: u.count)
    }

    /// The caret offset one line up or down (multi-line), keeping its x.
    private func lineMove(_ offset: Int, down: Bool) -> Int {
        let layout = textLayout()
        let c = layout.caretRect(forCharacterIndex: offset)
        let y = down ? c.maxY + 1 : c.minY - 1
        if y < 0 { return 0 }
        if y > layout.size.height { return editing.length }
        return min(layout.characterIndex(at: Point(x: c.minX, y: y)), editing.length)
    }

    open override func keyEvent(_ event: InputEvent) -> Bool {
        guard isEditing else { return super.keyEvent(event) }
        guard case .keyDown(let key) = event.kind else {
            // Releases of keys the field handles stay with it.
            return !event.modifiers.contains(.command) && key(event) != "tab" && key(event) != "escape" ? true : super.keyEvent(event)
        }
        let m = event.modifiers
        let shift = m.contains(.shift)
        let byWord = m.contains(.alt) || m.contains(.control)
        let shortcut = m.contains(.control) || m.contains(.command)
        let sel = editing.selection
        if let menu = editMenu, menu.handleKey(key.name) { return true }
        switch key.name {
        case "application", "menu":
            showEditMenuAtCaret()
            return true
        case "f10" where shift:
            showEditMenuAtCaret()
            return true
        case "left", "right":
            let right = key.name == "right"
            var target: Int
            if !sel.isEmpty, !shift { target = right ? sel.upperBound : sel.lowerBound }
            else if byWord { target = right ? wordEnd(after: editing.caret) : wordStart(before: editing.caret) }
            else { target = right ? TextEditingState.after(editing.caret, graphemes, length: editing.length)
                                  : TextEditingState.before(editing.caret, graphemes) }
            editing.move(to: target, extending: shift)
        case "home": editing.move(to: 0, extending: shift)
        case "end": editing.move(to: editing.length, extending: shift)
        case "up", "down":
            let target = isMultiline ? lineMove(editing.caret, down: key.name == "down") : (key.name == "down" ? editing.length : 0)
            editing.move(to: target, extending: shift)
        case "backspace", "delete":
            let forward = key.name == "delete"
            var range = sel
            if range.isEmpty {
                let c = editing.caret
                let other = forward ? (byWord ? wordEnd(after: c) : TextEditingState.after(c, graphemes, length: editing.length))
                                    : (byWord ? wordStart(before: c) : TextEditingState.before(c, graphemes))
                range = min(c, other)..<max(c, other)
            }
            if !range.isEmpty { replace(range, with: "") }
            return true
        case "return", "keypad enter":
            if isMultiline { replace(sel, with: "\n"); return true }
            // As UIKit: a field whose delegate allows the return sends editingDidEndOnExit, and
            // ends editing only when something handles that event (a delegate that wants the
            // field to resign calls resignFirstResponder itself).
            if delegate?.textFieldShouldReturn(self) != false {
                let ends = hasActions(for: .editingDidEndOnExit)
                sendActions(for: .editingDidEndOnExit)
                if ends { _ = resignFirstResponder() }
            }
            return true
        case "tab":
            if isMultiline, !shortcut { replace(sel, with: "\t"); return true }
            return super.keyEvent(event)
        case "escape":
            return super.keyEvent(event)
        case "a" where shortcut: editing.selectAll()
        case "c" where shortcut: perform(.copy); return true
        case "x" where shortcut: perform(.cut); return true
        case "v" where shortcut: perform(.paste); return true
        case "z" where shortcut:
            // editingChanged only when something was undone or redone.
            contentDidChange(sendChanged: shift ? editing.redo() : editing.undo())
            return true
        case "y" where shortcut:
            contentDidChange(sendChanged: editing.redo())
            return true
        default:
            // Keys that type text arrive as text input too; shortcuts go on along the chain.
            return shortcut ? super.keyEvent(event) : true
        }
        caretMoved()
        return true
    }

    // MARK: Edit actions (DK3)

    /// The edit actions that apply now, in menu order: cut and copy with a selection (not in a
    /// secure field), paste when the pasteboard has text, select all when not all is selected.
    public var availableEditActions: [EditAction] {
        let sel = editing.selection
        var out: [EditAction] = []
        if !sel.isEmpty, !isSecureTextEntry { out += [.cut, .copy] }
        if window?.pasteboard.string?.isEmpty == false { out.append(.paste) }
        if editing.length > 0, sel != 0..<editing.length { out.append(.selectAll) }
        return out
    }

    /// Performs `action` as its key does (Ctrl-X, Ctrl-C, Ctrl-V, Ctrl-A) through the window's
    /// pasteboard; one that does not apply (copying no selection, a secure field's text, pasting
    /// nothing) does nothing.
    public func perform(_ action: EditAction) {
        let sel = editing.selection
        switch action {
        case .copy:
            if !sel.isEmpty, !isSecureTextEntry { window?.pasteboard.string = editing.selectedText }
        case .cut:
            if !sel.isEmpty, !isSecureTextEntry {
                window?.pasteboard.string = editing.selectedText
                replace(sel, with: "")
            }
        case .paste:
            if var s = window?.pasteboard.string, !s.isEmpty {
                if !isMultiline { s = s.replacingNewlines() }
                replace(sel, with: s)
            }
        case .selectAll:
            editing.selectAll()
            caretMoved()
        }
    }

    private func key(_ e: InputEvent) -> String {
        switch e.kind {
        case .keyDown(let k), .keyUp(let k): k.name
        default: ""
        }
    }
}

extension String {
    /// Line breaks as spaces (what a single-line field makes of pasted lines).
    func replacingNewlines() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 }))
    }
}

extension Rect {
    /// Snapped horizontally to whole points (a crisp caret).
    var integralX: Rect { Rect(x: minX.rounded(), y: minY, width: max(1, width.rounded()), height: height) }
}
