import Foundation
import Geometry
import Timeline

/// The "Text" page (TX11): mixed scripts shaped by HarfBuzz with fallback fonts and bidi, the
/// truncation modes, a paragraph reflowing as its width follows the frame time, attributed
/// text, and a form of text fields (Tab moves between them).
@MainActor
final class TextScene: GalleryScene {
    let title = "Text: scripts, bidi, truncation, reflow, fields"
    var help: String { "click a field and type; Tab / shift-Tab move focus; r pauses the reflow" }
    private var observer: ObserverToken?
    private var runLoop: MainRunLoop?
    private var paragraph: Label?
    private var reflowing = true
    private var start: Double?
    private var maxWidth = 400.0

    func build(in container: View, runLoop: MainRunLoop) {
        self.runLoop = runLoop
        let x0 = 30.0
        var y = 16.0
        func add(_ v: View, _ frame: Rect) {
            v.translatesAutoresizingMaskIntoConstraints = true
            v.frame = frame
            container.addSubview(v)
        }
        func caption(_ text: String, _ at: Point) { container.addSubview(makeLabel(text, size: 13, color: Palette.dim, at: at)) }

        caption("scripts: shaped, fallback per cluster, bidi per paragraph", Point(x: x0, y: y))
        y += 22
        let samples = ["Kerning AVATAR, ligatures office", "مرحبا بالعالم — Arabic joins, right to left",
                       "Hebrew inside English: שלום עולם, then back", "中文 日本語 from the fallback font, 🙂 emoji",
                       "Ελληνικά, Кириллица, e\u{301}\u{302} stacked marks"]
        for s in samples {
            let l = Label(text: s, fontSize: 18)
            l.textColor = Palette.text
            add(l, Rect(x: x0, y: y, width: 470, height: 26))
            y += 28
        }
        y += 10
        caption("truncation: head, middle, tail", Point(x: x0, y: y))
        y += 22
        for mode in [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail] {
            let l = Label(text: "The quick brown fox jumps over the lazy dog", fontSize: 16)
            l.lineBreakMode = mode
            l.textColor = Palette.text
            l.backgroundColor = Palette.card
            add(l, Rect(x: x0, y: y, width: 250, height: 24))
            y += 28
        }
        y += 10
        caption("attributed", Point(x: x0, y: y))
        y += 22
        var rich = AttributedString("Bold, ")
        rich.font = .boldSystemFont(ofSize: 18)
        var italic = AttributedString("italic, ")
        italic.font = .italicSystemFont(ofSize: 18)
        italic.foregroundColor = Palette.accents[1]
        var under = AttributedString("underlined")
        under.underlineStyle = .single
        var rest = AttributedString(", struck, kerned")
        rest.strikethroughStyle = .single
        rest.kern = 1.5
        rich.append(italic); rich.append(under); rich.append(rest)
        let attributed = Label(text: "", fontSize: 18)
        attributed.textColor = Palette.text
        attributed.attributedText = rich
        add(attributed, Rect(x: x0, y: y, width: 470, height: 28))

        // Right: the reflowing paragraph and the form.
        let x1 = 520.0
        let right = max(240, container.bounds.width - x1 - 10)
        maxWidth = right
        caption("a paragraph reflowing as its width animates", Point(x: x1, y: 16))
        let p = Label(text: "Text is laid out again for every width: shaped once per change, broken into lines at "
                      + "UAX #14 opportunities, justified, and drawn from a glyph atlas, so the paragraph reflows at "
                      + "60 frames a second while its width animates. Lorem ipsum dolor sit amet, consectetur adipiscing.",
                      fontSize: 15)
        p.numberOfLines = 0
        p.textAlignment = .justified
        p.textColor = Palette.text
        p.backgroundColor = Palette.card
        add(p, Rect(x: x1, y: 38, width: right, height: 190))
        paragraph = p

        caption("a form: Tab moves focus", Point(x: x1, y: 250))
        var fy = 272.0
        let name = TextField(placeholder: "Name", identifier: "name")
        name.clearButtonMode = .whileEditing
        add(name, Rect(x: x1, y: fy, width: min(320, right), height: 36)); fy += 44
        let email = TextField(placeholder: "Email", identifier: "email")
        add(email, Rect(x: x1, y: fy, width: min(320, right), height: 36)); fy += 44
        let password = TextField(placeholder: "Password", identifier: "password")
        password.isSecureTextEntry = true
        add(password, Rect(x: x1, y: fy, width: min(320, right), height: 36)); fy += 44
        let notes = TextView(text: "", placeholder: "Notes (several lines)", identifier: "notes")
        add(notes, Rect(x: x1, y: fy, width: min(320, right), height: 90))

        observer = runLoop.addFrameObserver { [weak self] info in self?.frame(info) }
    }

    /// The paragraph's width as a function of the frame time since the page opened.
    private func frame(_ info: FrameInfo) {
        guard reflowing, let p = paragraph else { return }
        let t = Double(info.mediaTime) / 1e9
        let t0 = start ?? t
        start = t0
        let w = maxWidth * (0.75 + 0.25 * sin((t - t0) * 0.9))
        p.frame = Rect(x: p.frame.minX, y: p.frame.minY, width: w.rounded(), height: p.frame.height)
    }

    func handleKey(_ key: Key) -> Bool {
        guard key.name == "r" else { return false }
        reflowing.toggle()
        if !reflowing, let observer { runLoop?.removeFrameObserver(observer); self.observer = nil }
        if reflowing { start = nil; observer = runLoop?.addFrameObserver { [weak self] info in self?.frame(info) } }
        return true
    }

    func tearDown() {
        if let observer { runLoop?.removeFrameObserver(observer) }
        observer = nil
    }
}
