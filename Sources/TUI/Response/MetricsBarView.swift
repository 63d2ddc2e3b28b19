import ExplorerCore

/// Where the time went: a one-line waterfall of the core's phases (`Metrics.Phase`: dns, connect, tls, send, wait,
/// transfer) up to the one total (`Metrics.total`), the phase figures, then the facts `apix run --timings` prints
/// too (`Metrics.facts`: bytes and rates, connection, redirects, queue, where the answer came from).
enum MetricsBarView {
    /// `age`: how old a cached answer is now (default: its age when it arrived).
    static func draw(
        _ response: Response, age: Duration? = nil, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer
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

        // Line 2: the phases, each in its waterfall look.
        if rect.height > 1 {
            var column = rect.x
            for (i, phase) in phases.enumerated() {
                let look = theme.phase(i)
                column = buffer.write(String(look.fill), x: column, y: rect.y + 1, limit: rect.maxX, style: look.style)
                column = buffer.write(
                    "\(phase.phase.label) \(Units.duration(phase.duration))  ", x: column, y: rect.y + 1,
                    limit: rect.maxX)
            }
        }

        // Line 3: the facts, as `apix run --timings` prints them.
        if rect.height > 2 {
            buffer.write(
                facts(response, age: age), x: rect.x, y: rect.y + 2, limit: rect.maxX,
                style: theme.muted)
        }
    }

    /// The facts line: `Metrics.factsLine` with the answer's source and its age now.
    static func facts(_ response: Response, age: Duration? = nil) -> String {
        response.metrics.factsLine(source: response.source, age: age ?? response.age)
    }
}
