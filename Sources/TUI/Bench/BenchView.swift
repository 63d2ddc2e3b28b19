import ExplorerBench
import ExplorerCore

/// The bench in the response pane: what it sends and how, whether it runs, then the report's lines (the ones
/// `apix bench` prints, `BenchReport.rows`, fitted to the pane): requests done of planned, requests a second,
/// statuses, errors by kind, per-phase percentiles, the latency histogram and the throughput line. Every figure is
/// the run's own; the URL is the profile's, escaped.
enum BenchView {
    /// Where the report's lines go in the pane's inside: under the title and the settings lines.
    static func reportArea(in inner: Rect) -> Rect { inner.splitTop(2).rest }

    static func draw(
        _ bench: BenchViewState, keyMap: KeyMap, in inner: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        guard !inner.isEmpty else { return }
        let title = inner.row(0)
        let (label, style): (String, Style) =
            switch bench.phase {
            case .running: ("bench running", theme.running)
            case .stopping: ("bench stopping", theme.running)
            case .done(let early): (early ? "bench stopped" : "bench done", early ? theme.warning : theme.ok)
            }
        var x = buffer.write(" \(label) ", x: title.x, y: title.y, limit: title.maxX, style: style.with(reverse: true))
        x = buffer.write(
            " " + bench.method.rawValue + " ", x: x, y: title.y, limit: title.maxX, style: theme.method(bench.method))
        buffer.write(SafeText.escape(bench.url), x: x, y: title.y, limit: title.maxX, style: theme.muted)
        if inner.height > 1 {
            let row = inner.row(1)
            var text = bench.settingsText
            if bench.isRunning {
                let keys = keyMap.keys(for: .cancel, in: .global).prefix(1).map(\.label) + ["q"]
                text += " · " + keys.joined(separator: " or ") + " stops, keeping the figures"
            } else if case .done(true) = bench.phase {
                text += " · stopped early"
            }
            buffer.write(text, x: row.x + 1, y: row.y, limit: row.maxX, style: theme.muted)
        }
        let area = reportArea(in: inner)
        let rows = bench.rows(width: area.width - 1)
        for (index, row) in rows.dropFirst(bench.top).prefix(area.height).enumerated() {
            buffer.write(row.text, x: area.x + 1, y: area.y + index, limit: area.maxX, style: Self.style(row, theme))
        }
    }

    static func style(_ row: BenchReport.Row, _ theme: Theme) -> Style {
        switch row.role {
        case .headline, .tableHeader: theme.title
        case .errors: theme.error
        case .paused: theme.warning
        case .histogramBar, .throughput: theme.accent
        case .histogramTitle, .bytes: theme.muted
        case .status, .phase: Style()
        }
    }
}
