import ExplorerCore

/// Where the time went: a one-line waterfall of DNS / connect / TLS / waiting / first byte / transfer, the phase
/// figures, then total, sizes, connection reuse, time in the scheduler's queue and where the answer came from.
enum MetricsBarView {
    static let labels = ["dns", "connect", "tls", "send", "wait", "transfer"]

    /// `age`: how old a cached answer is now (default: its age when it arrived).
    static func draw(
        _ response: Response, age: Duration? = nil, in rect: Rect, theme: Theme, on buffer: inout ScreenBuffer
    ) {
        guard !rect.isEmpty else { return }
        let metrics = response.metrics
        let phases = metrics.phases.map(\.duration)
        let total = max(metrics.total, phases.reduce(.zero, +) + metrics.redirectTime)
        let totalSeconds = max(total.seconds, 1e-9)

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
        for (i, phase) in phases.enumerated() {
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
        buffer.write(" total \(Units.duration(total))", x: x, y: rect.y, limit: rect.maxX, style: theme.title)

        // Line 2: the phases, each in its waterfall look.
        if rect.height > 1 {
            var column = rect.x
            for (i, phase) in phases.enumerated() {
                let look = theme.phase(i)
                column = buffer.write(String(look.fill), x: column, y: rect.y + 1, limit: rect.maxX, style: look.style)
                column = buffer.write(
                    "\(labels[i]) \(Units.duration(phase))  ", x: column, y: rect.y + 1,
                    limit: rect.maxX)
            }
        }

        // Line 3: sizes, connection, redirects, queue, cache. An answer from the cache moved nothing.
        if rect.height > 2 {
            var facts = [
                "↑ \(Units.bytes(metrics.bytesSent))", "↓ \(Units.bytes(metrics.bytesReceived))",
                metrics.reusedConnection ? "reused connection" : "new connection",
            ]
            if response.source == .cache { facts = ["nothing sent"] }
            if metrics.redirects > 0 {
                facts.append(
                    "\(metrics.redirects) redirect\(metrics.redirects == 1 ? "" : "s") (\(Units.duration(metrics.redirectTime)))"
                )
            }
            // A request that started at once still spent a few µs getting its slot: not worth a mention.
            if metrics.queuePosition > 0 {
                facts.append("queued \(Units.duration(metrics.queued)) (#\(metrics.queuePosition) in line)")
            }
            if let cached = cacheNote(response, age: age) { facts.append(cached) }
            buffer.write(
                facts.joined(separator: " · "), x: rect.x, y: rect.y + 2, limit: rect.maxX,
                style: theme.muted)
        }
    }

    /// Where the answer came from, when not straight from the server: the response cache (with its age), or
    /// the cache after the server confirmed it unchanged.
    static func cacheNote(_ response: Response, age: Duration? = nil) -> String? {
        response.source.note(age: age ?? response.age ?? .zero)
    }

    /// The short mark beside the status: `cached · 12 s old`, `revalidated (304)`; `nil` from the network.
    static func cacheBadge(_ response: Response, age: Duration? = nil) -> String? {
        response.source.badge(age: age ?? response.age ?? .zero)
    }
}
