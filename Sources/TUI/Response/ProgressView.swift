import ExplorerCore

/// Upload and download bars for an exchange, beside the core's `TransferProgress.Figures` (the figures `apix run` prints):
/// bytes done / total, percent, rate and ETA, or an indeterminate bar while the total is unknown. An ended
/// exchange shows its final figures: the time it took (`Metrics.total`) or that it failed, and what moved.
enum ProgressView {
    static func draw(_ exchange: Exchange, now: Double, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        var y = rect.y
        let all = figures(of: exchange)
        for figures in all where y < rect.maxY {
            line(figures, phase: now, x: rect.x, y: y, width: rect.width, theme: theme, on: &buffer)
            y += 1
        }
        if y < rect.maxY, exchange.isRunning {
            let hop = exchange.progress.hop > 0 ? "  redirect hop \(exchange.progress.hop)" : ""
            buffer.write(
                "running \(Units.fixed(exchange.elapsed(now: now), digits: 1)) s\(hop) — Esc cancels", x: rect.x, y: y,
                limit: rect.maxX, style: theme.muted)
        }
    }

    /// The upload's figures when there is one, then the download's; running, or ended as the outcome says.
    static func figures(of exchange: Exchange) -> [TransferProgress.Figures] {
        let progress = exchange.progress
        var directions: [TransferProgress.Figures.Direction] = progress.isUploading ? [.upload] : []
        directions.append(.download)
        return directions.map { direction in
            switch exchange.outcome {
            case nil:
                let rate = direction == .upload ? exchange.uploadRate : exchange.downloadRate
                return .running(direction, progress: progress, rate: rate)
            case .response(let response)?:
                return .ended(direction, progress: progress, metrics: response.metrics, state: .completed)
            case .failure(let error)?:
                return .ended(
                    direction, progress: progress, metrics: error.metrics,
                    state: error.isCancelled ? .cancelled : .failed)
            }
        }
    }

    static func line(
        _ figures: TransferProgress.Figures, phase: Double, x: Int, y: Int, width: Int, theme: Theme,
        on buffer: inout ScreenBuffer
    ) {
        let limit = x + width
        let text = figures.text
        let barWidth = max(10, min(40, width - TextWidth.width(of: text) - 6))
        var column = buffer.write(figures.direction.arrow + " ", x: x, y: y, limit: limit, style: theme.accent)
        column = bar(
            fraction: figures.fraction, width: barWidth, phase: phase, x: column, y: y, limit: limit, theme: theme,
            on: &buffer)
        let style: Style =
            switch figures.state {
            case .failed: theme.error
            case .cancelled: theme.warning
            case .running, .completed: Style()
            }
        buffer.write(" " + text, x: column, y: y, limit: limit, style: style)
    }

    /// `[████░░░░]`, or for an unknown total a block sweeping back and forth with time.
    static func bar(
        fraction: Double?, width: Int, phase: Double, x: Int, y: Int, limit: Int, theme: Theme,
        on buffer: inout ScreenBuffer
    ) -> Int {
        let inner = max(1, width - 2)
        var column = buffer.write("[", x: x, y: y, limit: limit, style: theme.muted)
        let fill = theme.colors ? Style(theme.palette.ok) : Style(bold: true)
        if let fraction {
            let full = Int((Double(inner) * fraction).rounded(.down))
            column = buffer.write(String(repeating: "█", count: full), x: column, y: y, limit: limit, style: fill)
            column = buffer.write(
                String(repeating: "░", count: inner - full), x: column, y: y, limit: limit,
                style: theme.muted)
        } else {
            let block = max(1, inner / 5)
            let span = max(1, inner - block)
            let step = Int(phase * 8) % (2 * span)
            let start = step < span ? step : 2 * span - step
            for i in 0..<inner {
                let inBlock = i >= start && i < start + block
                column = buffer.write(
                    inBlock ? "█" : "░", x: column, y: y, limit: limit,
                    style: inBlock ? fill : theme.muted)
            }
        }
        return buffer.write("]", x: column, y: y, limit: limit, style: theme.muted)
    }
}
