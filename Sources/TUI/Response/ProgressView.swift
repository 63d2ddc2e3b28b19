import ExplorerCore

/// Upload and download bars for an exchange: bytes done / total, percent, rate and ETA, or an indeterminate bar
/// with bytes and rate when the total is unknown. A finished exchange shows its final figures.
enum ProgressView {
    static func draw(_ exchange: Exchange, now: Double, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        let progress = exchange.progress
        let finished = !exchange.isRunning
        let uploading = progress.sendTotal.map { $0 > 0 } ?? (progress.sent > 0)
        var y = rect.y
        if uploading {
            line(
                "↑", done: progress.sent, total: progress.sendTotal, rate: exchange.uploadRate, finished: finished,
                elapsed: exchange.elapsed(now: now), now: now, x: rect.x, y: y, width: rect.width, theme: theme,
                on: &buffer)
            y += 1
        }
        if y < rect.maxY {
            line(
                "↓", done: progress.received, total: progress.receiveTotal, rate: exchange.downloadRate,
                finished: finished, elapsed: exchange.elapsed(now: now), now: now, x: rect.x, y: y,
                width: rect.width, theme: theme, on: &buffer)
            y += 1
        }
        if y < rect.maxY, exchange.isRunning {
            let hop = progress.hop > 0 ? "  redirect hop \(progress.hop)" : ""
            buffer.write(
                "running \(Units.fixed(exchange.elapsed(now: now), digits: 1)) s\(hop) — Esc cancels", x: rect.x, y: y,
                limit: rect.maxX, style: theme.muted)
        }
    }

    static func line(
        _ arrow: String, done: Int64, total: Int64?, rate: TransferRate, finished: Bool, elapsed: Double, now: Double,
        x: Int, y: Int, width: Int, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        let limit = x + width
        let speed = finished && elapsed > 0 ? Double(done) / elapsed : rate.bytesPerSecond
        var figures: String
        let fraction: Double?
        if let total, total > 0 {
            fraction = min(1, Double(done) / Double(total))
            figures = "\(Units.bytes(done)) / \(Units.bytes(total))  \(Int((fraction! * 100).rounded(.down)))%"
        } else {
            fraction = finished ? 1 : nil
            figures = Units.bytes(done)
        }
        figures += "  \(Units.rate(speed))"
        if finished {
            figures += "  in \(Units.fixed(elapsed, digits: 2)) s"
        } else if let total, let eta = rate.eta(total: total) {
            figures += "  ETA \(Units.eta(seconds: eta))"
        }
        let barWidth = max(10, min(40, width - TextWidth.width(of: figures) - 6))
        var column = buffer.write(arrow + " ", x: x, y: y, limit: limit, style: theme.accent)
        column = bar(
            fraction: fraction, width: barWidth, phase: now, x: column, y: y, limit: limit, theme: theme,
            on: &buffer)
        buffer.write(" " + figures, x: column, y: y, limit: limit)
    }

    /// `[████░░░░]`, or for an unknown total a block sweeping back and forth with time.
    static func bar(
        fraction: Double?, width: Int, phase: Double, x: Int, y: Int, limit: Int, theme: Theme,
        on buffer: inout ScreenBuffer
    ) -> Int {
        let inner = max(1, width - 2)
        var column = buffer.write("[", x: x, y: y, limit: limit, style: theme.muted)
        let fill = theme.colors ? Style(.green) : Style(bold: true)
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
