import FrameTiming
import Geometry
import TimelineSDL
import Timeline

/// The gallery's scenes, in key order.
enum SceneKind: String, CaseIterable {
    case panel, springs, keyframes, scrub, timeline, stress, controls, layers, text, scrolling, navigation, lottie

    init?(argument: String) {
        // Keys 1-9, then 0 for the tenth, - for the eleventh and = for the twelfth.
        if argument == "0", SceneKind.allCases.count >= 10 { self = SceneKind.allCases[9]; return }
        if argument == "-", SceneKind.allCases.count >= 11 { self = SceneKind.allCases[10]; return }
        if argument == "=", SceneKind.allCases.count >= 12 { self = SceneKind.allCases[11]; return }
        if let n = Int(argument), (1...SceneKind.allCases.count).contains(n) { self = SceneKind.allCases[n - 1]; return }
        self.init(rawValue: argument.lowercased())
    }

    var key: String {
        let i = SceneKind.allCases.firstIndex(of: self) ?? 0
        return i == 11 ? "=" : i == 10 ? "-" : String((i + 1) % 10)
    }

    @MainActor func make() -> any GalleryScene {
        switch self {
        case .panel: PanelScene()
        case .springs: SpringsScene()
        case .keyframes: KeyframesScene()
        case .scrub: ScrubScene()
        case .timeline: TimelineScene()
        case .stress: StressScene()
        case .controls: ControlsScene()
        case .layers: LayersScene()
        case .text: TextScene()
        case .scrolling: ScrollingScene()
        case .navigation: NavigationScene()
        case .lottie: LottieScene()
        }
    }
}

/// One scene of the gallery. It builds its views into `container`, reacts to keys, and undoes
/// everything it scheduled in ``tearDown()``.
@MainActor
protocol GalleryScene: AnyObject {
    var title: String { get }
    /// The scene's own keys, shown under the scene list.
    var help: String { get }
    func build(in container: View, runLoop: MainRunLoop)
    func handleKey(_ key: Key) -> Bool
    func tearDown()
}

/// Colours shared by the scenes.
enum Palette {
    static let background = Color(red: 0.075, green: 0.078, blue: 0.094)
    static let panel = Color(red: 0.16, green: 0.44, blue: 0.86)
    static let card = Color(red: 0.19, green: 0.2, blue: 0.24)
    static let text = Color(red: 0.93, green: 0.94, blue: 0.96)
    static let dim = Color(red: 0.6, green: 0.63, blue: 0.7)
    static let accents = [Color(red: 0.88, green: 0.28, blue: 0.24), Color(red: 0.95, green: 0.71, blue: 0.2),
                          Color(red: 0.23, green: 0.7, blue: 0.45), Color(red: 0.16, green: 0.44, blue: 0.86),
                          Color(red: 0.61, green: 0.35, blue: 0.71)]
}

/// A label placed by frame (not by constraints).
@MainActor
func makeLabel(_ text: String, size: Double = 15, color: Color = Palette.text, at origin: Point? = nil) -> Label {
    let l = Label(text: text, fontSize: size)
    l.textColor = color
    if let origin {
        l.translatesAutoresizingMaskIntoConstraints = true
        l.frame = Rect(origin: origin, size: l.intrinsicContentSize)
    }
    return l
}

/// The gallery's root: a header, the scene area, the key list and the HUD, laid out with
/// constraints; number keys switch scenes.
///
/// It needs a run loop, not a window host: a replay (`TIMELINE_REPLAY`) builds it on a headless
/// window. The HUD shows the SDL host's measured times, which are not a function of the input and
/// the clock, so it is left hidden and unattached when `showsHUD` is false (a session that is
/// recorded, and its replay); `h` shows it.
@MainActor
final class GalleryController: ViewController {
    let runLoop: MainRunLoop
    /// The window host whose paint and present times the HUD shows; nil in a replay.
    let hudHost: SDLWindowHost?
    private let showsHUD: Bool
    private var kind: SceneKind
    private var scene: (any GalleryScene)?
    private let content = View()
    private let header = Label(text: "", fontSize: 22)
    private let keys = Label(text: "", fontSize: 14)
    private let sceneKeys = Label(text: "", fontSize: 14)
    private let hud = HUDView()
    private var builtSize = Size.zero

    init(runLoop: MainRunLoop, hudHost: SDLWindowHost?, first: SceneKind, showsHUD: Bool = true) {
        self.runLoop = runLoop
        self.hudHost = hudHost
        self.showsHUD = showsHUD
        self.kind = first
        super.init()
    }

    override func loadView() {
        let root = View()
        root.backgroundColor = Palette.background
        setView(root)
    }

    override func viewDidLoad() {
        let root = view
        header.textColor = Palette.text
        keys.textColor = Palette.dim
        sceneKeys.textColor = Palette.text
        content.translatesAutoresizingMaskIntoConstraints = false
        content.clipsToBounds = true
        hud.translatesAutoresizingMaskIntoConstraints = false
        for v in [content, header, keys, sceneKeys, hud] { root.addSubview(v) }
        keys.text = SceneKind.allCases.map { "\($0.key) \($0.rawValue)" }.joined(separator: "   ") + "      h HUD   esc quit"
        LayoutConstraint.activate([
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 24),
            header.topAnchor.constraint(equalTo: root.topAnchor, constant: 16),
            // Text ends before the HUD and the window's edge; what does not fit is truncated.
            header.trailingAnchor.constraint(lessThanOrEqualTo: hud.leadingAnchor, constant: -12),
            sceneKeys.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -24),
            keys.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -24),
            content.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: hud.leadingAnchor, constant: -12),
            content.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 12),
            content.bottomAnchor.constraint(equalTo: sceneKeys.topAnchor, constant: -10),
            sceneKeys.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            sceneKeys.bottomAnchor.constraint(equalTo: keys.topAnchor, constant: -6),
            keys.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            keys.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -14),
            hud.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            hud.topAnchor.constraint(equalTo: root.topAnchor, constant: 12),
            // The HUD's size is its intrinsic size: wide enough for its widest figures.
        ])
        // Required, so a scene's labels never squeeze the HUD: the content area keeps its size
        // and the scene is not rebuilt (a resize rebuilds it).
        hud.contentHuggingPriority = (1000, 1000)
        hud.contentCompressionResistancePriority = (1000, 1000)
        hud.isHidden = !showsHUD
        if showsHUD, let hudHost { hud.attach(to: hudHost) }
    }

    override func viewDidLayoutSubviews() {
        // Scenes place their views for the area they were built in: rebuild after a resize,
        // in the next frame (not in the middle of this layout pass).
        let size = content.bounds.size
        guard size.width > 0, size != builtSize else { return }
        builtSize = size
        runLoop.post { [weak self] in self?.show(self?.kind ?? .panel) }
    }

    /// Weak references to what pages already left made: their scenes, views and views' layers
    /// (kept only while ``watchesLeftPages`` is on, for ``cyclePages(_:then:)``).
    private var leftPageObjects: [WeakObject] = []
    private var watchesLeftPages = false

    /// MR2: shows every page `rounds` times, a page a frame, then reports what the pages left
    /// behind: how many of their scenes, views and layers are still alive once the last page is
    /// gone (0 when nothing leaked), and the resident memory after each round.
    func cyclePages(_ rounds: Int, then report: @escaping (_ alive: [String], _ residentMiB: [Double]) -> Void) {
        watchesLeftPages = true
        let order = SceneKind.allCases
        var step = 0
        var resident: [Double] = []
        func next() {
            if step == rounds * order.count {
                // Leaves the last page, then counts half a second later: what a frame lets go of
                // (a motion the engine drops at its next frame) is not a leak.
                show(.panel)
                _ = runLoop.schedule(after: .milliseconds(500)) { [weak self] in
                    guard let self else { return }
                    let alive = leftPageObjects.compactMap { w in w.object.map { "\(w.page) page's \(type(of: $0))" } }
                    report(alive, resident)
                }
                return
            }
            show(order[step % order.count])
            step += 1
            if step % order.count == 0 { resident.append(Double(MemoryMonitor.readResidentBytes() ?? 0) / 1_048_576) }
            _ = runLoop.schedule(after: .milliseconds(1)) { next() }
        }
        next()
    }

    private func show(_ next: SceneKind) {
        if watchesLeftPages, let scene {
            leftPageObjects.removeAll { $0.object == nil }
            leftPageObjects.append(WeakObject(scene, page: kind.rawValue))
            var stack = content.subviews
            while let v = stack.popLast() {
                leftPageObjects.append(WeakObject(v, page: kind.rawValue))
                if let layer = v.layerIfLoaded { leftPageObjects.append(WeakObject(layer, page: kind.rawValue)) }
                stack += v.subviews
            }
        }
        scene?.tearDown()
        for v in content.subviews { v.removeFromSuperview() }
        kind = next
        let s = next.make()
        scene = s
        header.text = "\(next.key)  \(s.title)"
        sceneKeys.text = s.help
        s.build(in: content, runLoop: runLoop)
    }

    override func handleKey(_ key: Key, isDown: Bool) -> Bool {
        guard isDown else { return false }
        // The stress scene keeps - and = (+) for removing and adding views; elsewhere they switch
        // to the navigation and Lottie pages, as the digits switch everywhere.
        if key.name == "-" || key.name == "=", kind == .stress, scene?.handleKey(key) == true { return true }
        if let k = SceneKind(argument: key.name), Int(key.name) != nil || key.name == "-" || key.name == "=" {
            show(k)
            return true
        }
        switch key.name {
        case "escape", "q":
            runLoop.stop()
            return true
        case "h":
            hud.isHidden.toggle()
            if hud.isHidden { hud.detach() } else if let hudHost { hud.attach(to: hudHost) }
            return true
        default:
            guard let scene, scene.handleKey(key) else { return false }
            sceneKeys.text = scene.help               // the keys line shows the scene's current modes
            return true
        }
    }
}

/// A weak reference, to see whether what it named was freed.
final class WeakObject {
    weak var object: AnyObject?
    let page: String
    init(_ object: AnyObject, page: String = "") { self.object = object; self.page = page }
}
