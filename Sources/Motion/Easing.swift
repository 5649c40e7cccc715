/// Where the jumps of a step easing fall (CSS Easing: `jump-start`, `jump-end`, `jump-none`,
/// `jump-both`; `start` and `end` are `jump-start` and `jump-end`).
public enum StepPosition: String, Sendable, Equatable, CaseIterable {
    /// Jump at the start of each interval, at the end, at neither (holding the ends), or at both.
    case jumpStart = "jump-start", jumpEnd = "jump-end", jumpNone = "jump-none", jumpBoth = "jump-both"
}

/// CSS `steps(count, position)`: the output holds still between `jumps` equal jumps. The number of
/// jumps is `count`, one fewer with `jump-none` and one more with `jump-both`.
public struct Steps: Sendable, Equatable {
    /// How many intervals the input is divided into.
    public let count: Int
    /// Where the jumps fall.
    public let position: StepPosition

    /// Nil where CSS rejects the function: a count below 1, or below 2 with `jump-none` (and
    /// over 2³⁰, beyond any use).
    public init?(_ count: Int, _ position: StepPosition = .jumpEnd) {
        guard count >= 1, count <= 1 << 30, position != .jumpNone || count >= 2 else { return nil }
        self.count = count
        self.position = position
    }

    /// How many jumps the output makes: `count`, one fewer with `jump-none`, one more with `jump-both`.
    public var jumps: Int {
        switch position {
        case .jumpStart, .jumpEnd: count
        case .jumpNone: count - 1
        case .jumpBoth: count + 1
        }
    }

    /// CSS Easing's step output for input `x`; with the before flag a value exactly on a step
    /// boundary takes the step below it.
    public func progress(at x: Double, beforeFlag: Bool = false) -> Double {
        let scaled = x * Double(count)
        var step = scaled.rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if beforeFlag && scaled == scaled.rounded(.down) { step -= 1 }
        if x >= 0 && step < 0 { step = 0 }
        let jumps = Double(self.jumps)
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }
}

/// CSS `linear(...)`: straight lines through stops (output, input), inputs non-decreasing; before
/// the first and after the last stop the first or last segment is extended.
public struct PiecewiseLinear: Sendable, Equatable {
    /// One point of the easing: its output at an input.
    public struct Stop: Sendable, Equatable {
        /// The output at ``input``.
        public var output: Double
        /// The input (a fraction of the duration, 0...1 for stops inside the animation).
        public var input: Double
        /// A stop of `output` at `input`.
        public init(output: Double, input: Double) { self.output = output; self.input = input }
    }
    /// The stops, inputs non-decreasing, at least two.
    public let stops: [Stop]

    /// Stops as written in CSS: an output with zero, one or two input positions (fractions, 0.5 for
    /// 50%). A missing first input is 0, a missing last input 1, an input below an earlier one is
    /// raised to it, and runs of missing inputs are spread evenly between their neighbours. Nil for
    /// fewer than two stops or a value that is not finite.
    public init?(_ entries: [(output: Double, inputs: [Double])]) {
        var points: [(output: Double, input: Double?)] = []
        for e in entries {
            guard e.output.isFinite, e.inputs.count <= 2, e.inputs.allSatisfy(\.isFinite) else { return nil }
            if e.inputs.isEmpty { points.append((e.output, nil)) }
            for i in e.inputs { points.append((e.output, i)) }
        }
        guard points.count >= 2 else { return nil }
        if points[0].input == nil { points[0].input = 0 }
        if points[points.count - 1].input == nil { points[points.count - 1].input = 1 }
        var largest = -Double.infinity
        for k in points.indices {
            if let i = points[k].input { largest = max(largest, i); points[k].input = largest }
        }
        var k = 0
        while k < points.count {
            guard points[k].input == nil else { k += 1; continue }
            var end = k
            while points[end].input == nil { end += 1 }
            let a = points[k - 1].input!, b = points[end].input!
            let n = Double(end - k + 1)
            for m in k..<end { points[m].input = a + (b - a) * Double(m - k + 1) / n }
            k = end
        }
        stops = points.map { Stop(output: $0.output, input: $0.input!) }
    }

    /// Stops already resolved (inputs given and non-decreasing), as ``stops`` returns them.
    public init(resolved stops: [Stop]) {
        precondition(stops.count >= 2, "PiecewiseLinear: needs at least two stops")
        self.stops = stops
    }

    /// The segment that `x` falls in: the last stop at or before `x` and the next one.
    private func segment(_ x: Double) -> (Stop, Stop) {
        var a = 0
        for k in stops.indices where stops[k].input <= x { a = k }
        if a == stops.count - 1 { a -= 1 }
        return (stops[a], stops[a + 1])
    }

    /// The output at input `x`, on the straight line through the stops around it.
    public func progress(at x: Double) -> Double {
        let (a, b) = segment(x)
        if a.input == b.input { return b.output }
        return a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
    }

    /// The line's slope at input `x` (0 on a vertical step).
    public func slope(at x: Double) -> Double {
        let (a, b) = segment(x)
        return a.input == b.input ? 0 : (b.output - a.output) / (b.input - a.input)
    }
}
