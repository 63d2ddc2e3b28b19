import ExplorerCore

/// Where the time went: a one-line waterfall of the core's phases (`Metrics.Phase`: dns, connect, tls, send, wait,
/// transfer) up to the one total (`Metrics.total`), the phase figures, then the facts `apix run --timings` prints
/// too (`Metrics.facts`: bytes and rates, connection, redirects, queue, where the answer came from).
enum MetricsBarView {
    /// `age`: how old a cached answer is now (default: its age when it arrived).
    /// `shownFor`: how long ago the answer arrived, for the request budget's countdowns (`RateLimit`).
    static func draw(
        _ response: Response, age: Duration? = nil, shownFor: Duration = .zero, in rect: Rect, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        guard !rect.isEmpty else { return }
        let metrics = response.metrics
        let phases = metrics.phases
        let total = metrics.total
        let totalSeconds = max(total.seconds, phases.reduce(metrics.redirectTime) { $0 + $1.duration }.seconds, 1e-9)

        // Line 1: the waterfall, each phase starting where the previous ended.
        var x = buffer.write("time ", x: rect.x, y: rect.y, limit: rect.maxX, style: theme.muted)
        let width = max(10, min(48, rect.width - 24))
        var cells = 0
        var elapsed = metrics.redirectTime.seconds
        if metrics.redirectTime > .zero {
            let w = Int((metrics.redirectTime.seconds / totalSeconds * Double(width)).rounded())
            x = buffer.write(String(repeating: "·", count: w), x: x, y: rect.y, limit: rect.maxX, style: theme.muted)
            cells += w
        }
        for (i, phase) in phases.map(\.duration).enumerated() {
            elapsed += phase.seconds
            let end = Int((elapsed / totalSeconds * Double(width)).rounded())
            var w = max(0, end - cells)
            if w == 0 && phase > .zero && cells < width { w = 1 }  // show that a phase happened
            let look = theme.phase(i)
            x = buffer.write(
                String(repeating: look.fill, count: w), x: x, y: rect.y, limit: rect.maxX,
                style: look.style)
            cells += w
        }
        if cells < width {
            x = buffer.write(String(repeating: " ", count: width - cells), x: x, y: rect.y, limit: rect.maxX)
        }
        buffer.write(
            " \(Metrics.totalLabel) \(Units.duration(total))", x: x, y: rect.y, limit: rect.maxX, style: theme.title)

        // Line 2: the phases, each in its waterfall look; never a figure cut in two (`phaseLine`).
        if rect.height > 1 {
            let (shown, gap) = phaseLine(phases, in: rect.width, figure: metrics.figure)
            var column = rect.x
            for (i, text) in shown {
                let look = theme.phase(i)
                column = buffer.write(String(look.fill), x: column, y: rect.y + 1, limit: rect.maxX, style: look.style)
                column = buffer.write(text + gap, x: column, y: rect.y + 1, limit: rect.maxX)
            }
        }

        // Line 3: the facts, as `apix run --timings` prints them; those that do not fit are left out whole.
        if rect.height > 2 {
            // Too many to fit: the upload figure goes first, then the connection's, then the download's; the source
            // of the answer (from the cache), the queue, the redirects and the request budget stay longest.
            var facts = response.metrics.facts(source: response.source, age: age ?? response.age)
            if let budget = response.rateLimit, response.source != .cache {
                facts.append(budget.summary(elapsed: shownFor))
            }
            let line = TextWidth.fitted(facts, separator: " · ", to: rect.width, leavingOut: [0, 2, 1])
            buffer.write(line, x: rect.x, y: rect.y + 2, limit: rect.maxX, style: theme.muted)
        }
    }

    /// The phases that fit `columns` whole (a fill cell and the text each), with the gap between them: two spaces,
    /// one when that is too wide, and when even that is too wide the longest phases that fit, in their order (the
    /// waterfall above still shows every phase).
    /// `figure`: how a phase's time reads (`Metrics.figure`: `—` for one that did not take place).
    static func phaseLine(
        _ phases: [(phase: Metrics.Phase, duration: Duration)], in columns: Int,
        figure: (Metrics.Phase, Duration) -> String = { Units.duration($1) }
    ) -> (shown: [(Int, String)], gap: String) {
        func span(of shown: [(Int, String)], gap: Int) -> Int {
            shown.reduce(0) { $0 + 1 + TextWidth.width(of: $1.1) } + gap * max(0, shown.count - 1)
        }
        let all = phases.enumerated().map {
            ($0.offset, "\($0.element.phase.label) \(figure($0.element.phase, $0.element.duration))")
        }
        if span(of: all, gap: 2) <= columns { return (all, "  ") }
        if span(of: all, gap: 1) <= columns { return (all, " ") }
        // The longest phases first (where the time went), shown in their order.
        var shown: [(Int, String)] = []
        let longestFirst = all.filter { phases[$0.0].duration > .zero }.sorted {
            phases[$0.0].duration > phases[$1.0].duration
        }
        for item in longestFirst where span(of: shown + [item], gap: 1) <= columns { shown.append(item) }
        return (shown.sorted { $0.0 < $1.0 }, " ")
    }

    /// The facts line: `Metrics.factsLine` with the answer's source and its age now.
    static func facts(_ response: Response, age: Duration? = nil) -> String {
        response.metrics.factsLine(source: response.source, age: age ?? response.age)
    }
}
