import Foundation
import FrameTiming
import Geometry
import TimelineSDL
import Timeline

/// The heads-up display (g): frames per second, a graph of the last 120 frame intervals,
/// dropped frames, and the last frame's time per phase, redrawn every frame through the
/// canvas API.
///
/// It observes frames passively: it is redrawn in the frames that run anyway and does not keep
/// the clock ticking, so a scene that has stopped moving lets the window go idle (R6). A gap of
/// more than 250 ms between frames is an idle stretch, not a frame time, and is left out.
@MainActor
final class HUDView: View {
    private var intervals = [Double](repeating: 0, count: 120)
    private var head = 0
    private var filled = 0
    private var lastWake: Int64 = 0
    private var phases = [Double](repeating: 0, count: FramePhase.allCases.count)
    private var paintMs = 0.0, presentMs = 0.0
    private var dropped: Int64 = 0
    private var observer: ObserverToken?
    private weak var host: SDLWindowHost?

    /// The HUD's lines are a title line and two columns of label and figure, each column as wide as
    /// its widest label and its widest figure ("999.99": 1000 ms and over are shown as ">999"), so no
    /// figure leaves its box and the HUD stays narrow enough for an 800-point window.
    private static let titleSize = 13.0, rowSize = 12.0
    private static let widestTitle = "000.0 fps   worst >999.0 ms"
    private static let labels = [["events", "compl", "layout", "commit", "paint", "dropped"],
                                 ["anim", "constr", "display", "list", "present"]]
    private static let graphHeight = 56.0, rowHeight = 17.0, padding = 12.0, labelGap = 8.0, columnGap = 18.0

    private func width(_ text: String, _ size: Double) -> Double {
        TextLayout(text, style: TextStyle(font: .systemFont(ofSize: size)), in: fontSystem).size.width
    }

    /// Label width and figure width of one column.
    private func column(_ k: Int) -> (label: Double, figure: Double) {
        (Self.labels[k].map { width($0, Self.rowSize) }.max() ?? 0,
         max(width("999.99", Self.rowSize), width("99999", Self.rowSize)).rounded(.up) + 2)
    }

    override var intrinsicContentSize: Size {
        let c0 = column(0), c1 = column(1)
        let columns = c0.label + c0.figure + c1.label + c1.figure + 2 * Self.labelGap + Self.columnGap
        let w = max(width(Self.widestTitle, Self.titleSize), columns) + 2 * Self.padding
        let rows = Double(Self.labels[0].count)
        return Size(width: w.rounded(.up), height: (30 + Self.graphHeight + 8 + rows * Self.rowHeight + 6).rounded(.up))
    }

    func attach(to host: SDLWindowHost) {
        guard observer == nil else { return }
        self.host = host
        lastWake = 0
        observer = host.runLoop.addFrameObserver(keepsClockRunning: false) { [weak self] info in self?.frame(info) }
    }

    func detach() {
        if let observer { host?.runLoop.removeFrameObserver(observer) }
        observer = nil
    }

    private func frame(_ info: FrameInfo) {
        guard let host else { return }
        let now = MonotonicClock.now()
        if lastWake != 0, now - lastWake < 250_000_000 {
            intervals[head] = Double(now - lastWake) / 1e6
            head = (head + 1) % intervals.count
            filled = min(filled + 1, intervals.count)
        }
        lastWake = now
        for i in phases.indices { phases[i] = Double(host.runLoop.lastFramePhaseNanoseconds[i]) / 1e6 }
        paintMs = Double(host.lastPaintNanoseconds) / 1e6
        presentMs = Double(host.lastPresentNanoseconds) / 1e6
        dropped = info.totalDroppedFrames
        setNeedsDisplay()
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let b = bounds
        canvas.fill(b, color: Color(red: 0.02, green: 0.02, blue: 0.03, alpha: 0.82), cornerRadius: 10)
        canvas.stroke(b.inset(by: EdgeInsets(all: 0.5)), color: Color(red: 1, green: 1, blue: 1, alpha: 0.12), lineWidth: 1, cornerRadius: 10)
        var sum = 0.0, worst = 0.0
        let n = min(filled, 60)
        for k in 0..<n {
            let v = intervals[(head - 1 - k + intervals.count) % intervals.count]
            sum += v; worst = max(worst, v)
        }
        let fps = n > 0 && sum > 0 ? Double(n) * 1000 / sum : 0
        canvas.text("\(format(fps, 1)) fps   worst \(hudTime(worst, 1)) ms", at: Point(x: Self.padding, y: 8),
                    fontSize: Self.titleSize, color: Color(red: 0.93, green: 0.94, blue: 0.96))

        // Frame intervals, newest on the right; guides at one and two 60 Hz periods.
        let graph = Rect(x: Self.padding, y: 30, width: b.width - 2 * Self.padding, height: Self.graphHeight)
        canvas.fill(graph, color: Color(red: 1, green: 1, blue: 1, alpha: 0.05))
        let full = 40.0                                      // ms at the top of the graph
        for guide in [1000.0 / 60, 2000.0 / 60] {
            let y = graph.maxY - guide / full * graph.height
            canvas.line(from: Point(x: graph.minX, y: y), to: Point(x: graph.maxX, y: y),
                        color: Color(red: 1, green: 1, blue: 1, alpha: 0.25), width: 1)
        }
        let barWidth = graph.width / Double(intervals.count)
        for k in 0..<filled {
            let v = intervals[(head - filled + k + intervals.count) % intervals.count]
            let h = min(v, full) / full * graph.height
            let color = v < 20 ? Color(red: 0.23, green: 0.8, blue: 0.45) : v < 34 ? Color(red: 0.95, green: 0.71, blue: 0.2) : Color(red: 0.9, green: 0.3, blue: 0.25)
            let x = graph.maxX - Double(filled - k) * barWidth
            canvas.fill(Rect(x: x, y: graph.maxY - h, width: max(1, barWidth - 0.5), height: h), color: color)
        }

        // The last frame's phases (ms), in two columns: labels left-aligned, figures right-aligned.
        // Commit is the display list's build (and the rest of the phase) plus paint plus present.
        let ms = { (p: FramePhase) in self.phases[p.rawValue] }
        let list = max(0, ms(.commit) - paintMs - presentMs)
        let figures = [[hudTime(ms(.events), 2), hudTime(ms(.completions), 2), hudTime(ms(.layout), 2),
                        hudTime(ms(.commit), 2), hudTime(paintMs, 2), "\(min(dropped, 99_999))"],
                       [hudTime(ms(.animation), 2), hudTime(ms(.constraints), 2), hudTime(ms(.display), 2),
                        hudTime(list, 2), hudTime(presentMs, 2)]]
        let dim = Color(red: 0.75, green: 0.78, blue: 0.84)
        var x = Self.padding
        for k in 0..<2 {
            let c = column(k)
            for (row, label) in Self.labels[k].enumerated() {
                let y = graph.maxY + 8 + Double(row) * Self.rowHeight
                canvas.text(label, at: Point(x: x, y: y), fontSize: Self.rowSize, color: dim)
                let figure = figures[k][row]
                let right = x + c.label + Self.labelGap + c.figure
                canvas.text(figure, at: Point(x: right - width(figure, Self.rowSize), y: y), fontSize: Self.rowSize,
                            color: Color(red: 0.93, green: 0.94, blue: 0.96))
            }
            x += c.label + Self.labelGap + c.figure + Self.columnGap
        }
    }
}

/// `v` with `digits` decimals ("-" when not finite).
func format(_ v: Double, _ digits: Int) -> String {
    v.isFinite ? String(format: "%.\(digits)f", v) : "-"
}

/// A time for the HUD: `digits` decimals, at most ">999" so that the line keeps its width.
func hudTime(_ ms: Double, _ digits: Int) -> String {
    ms >= 1000 ? ">999" : format(ms, digits)
}
