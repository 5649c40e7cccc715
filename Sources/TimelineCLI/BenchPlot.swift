import FrameTiming
import Geometry
import TimelineSDL
import Timeline

/// `--plot`: one row per clock source, the frame-interval histogram on the left and the interval
/// of every frame over the run on the right, drawn through the engine's own canvas and headless
/// renderer.
@MainActor
final class ClockPlotView: View {
    let series: [(String, [Double])]      // intervals in ms, per source
    let period: Double                    // ms

    init(series: [(String, [Double])], period: Double, frame: Rect) {
        self.series = series
        self.period = period
        super.init(frame: frame)
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let b = bounds
        canvas.fill(b, color: Color(red: 0.07, green: 0.075, blue: 0.09))
        let text = Color(red: 0.9, green: 0.91, blue: 0.94), dim = Color(red: 0.55, green: 0.58, blue: 0.65)
        let grid = Color(red: 1, green: 1, blue: 1, alpha: 0.12)
        let top = 40.0
        canvas.text("frame intervals (ms): histogram and timeline; the line is one period (\(fmt(period, digits: 2)) ms)",
                    at: Point(x: 16, y: 12), fontSize: 14, color: text)
        let rowHeight = (b.height - top - 10) / Double(max(1, series.count))
        let maxInterval = period * 3
        for (row, (name, intervals)) in series.enumerated() {
            let y0 = top + Double(row) * rowHeight
            canvas.text(name, at: Point(x: 16, y: y0 + 4), fontSize: 13, color: text)
            // Histogram: 0 ... 3 periods in 0.25 ms bins, counts on a square-root scale.
            let hist = Rect(x: 16, y: y0 + 24, width: 300, height: rowHeight - 44)
            canvas.fill(hist, color: Color(red: 1, green: 1, blue: 1, alpha: 0.04))
            let bins = Int(maxInterval / 0.25)
            var counts = [Int](repeating: 0, count: bins + 1)
            for v in intervals { counts[min(bins, max(0, Int(v / 0.25)))] += 1 }
            let peak = Double(counts.max() ?? 1).squareRoot()
            let w = hist.width / Double(bins + 1)
            for (i, c) in counts.enumerated() where c > 0 {
                let h = Double(c).squareRoot() / max(peak, 1) * hist.height
                canvas.fill(Rect(x: hist.minX + Double(i) * w, y: hist.maxY - h, width: max(1, w - 0.5), height: h),
                            color: Color(red: 0.3, green: 0.62, blue: 0.95))
            }
            let px = hist.minX + period / 0.25 * w
            canvas.line(from: Point(x: px, y: hist.minY), to: Point(x: px, y: hist.maxY), color: grid, width: 1)
            canvas.text("0", at: Point(x: hist.minX, y: hist.maxY + 2), fontSize: 11, color: dim)
            canvas.text("\(fmt(maxInterval, digits: 0)) ms", at: Point(x: hist.maxX - 36, y: hist.maxY + 2), fontSize: 11, color: dim)

            // Timeline: each frame's interval, clipped at 3 periods.
            let tl = Rect(x: hist.maxX + 24, y: hist.minY, width: b.width - hist.maxX - 40, height: hist.height)
            canvas.fill(tl, color: Color(red: 1, green: 1, blue: 1, alpha: 0.04))
            let ty = tl.maxY - period / maxInterval * tl.height
            canvas.line(from: Point(x: tl.minX, y: ty), to: Point(x: tl.maxX, y: ty), color: grid, width: 1)
            guard intervals.count > 1 else { continue }
            var path = Path()
            let step = max(1, intervals.count / Int(tl.width * 2))
            var k = 0
            while k < intervals.count {
                let x = tl.minX + Double(k) / Double(intervals.count - 1) * tl.width
                let y = tl.maxY - min(intervals[k], maxInterval) / maxInterval * tl.height
                if k == 0 { path.move(to: Point(x: x, y: y)) } else { path.addLine(to: Point(x: x, y: y)) }
                k += step
            }
            canvas.stroke(path, color: Color(red: 0.95, green: 0.71, blue: 0.2), lineWidth: 1)
            canvas.text("frame 0 ... \(intervals.count)", at: Point(x: tl.minX, y: tl.maxY + 2), fontSize: 11, color: dim)
        }
    }
}

/// Renders the clock plot for `sources` (name and ticks) to a PNG.
func renderClockPlot(_ sources: [(String, [TickSample])], period: Int64, to path: String) throws {
    let failure: String? = MainActor.assumeIsolated {
        do {
            let size = Size(width: 1000, height: 60 + 180 * Double(max(1, sources.count)))
            let host = HeadlessHost(size: size)
            let series = sources.map { name, samples -> (String, [Double]) in
                (name, samples.indices.dropFirst().map { Double(samples[$0].woke - samples[$0 - 1].woke) / 1e6 })
            }
            host.root.addSubview(ClockPlotView(series: series, period: Double(period) / 1e6, frame: Rect(origin: .zero, size: size)))
            host.step()
            let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
            image.render(host.window.displayList)
            try image.savePNG(to: path)
            return nil
        } catch {
            return "\(error)"
        }
    }
    if let failure { throw PlotError(message: failure) }
}

struct PlotError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
