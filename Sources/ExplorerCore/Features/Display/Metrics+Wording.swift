/// How an exchange's metrics read, the same in `apix run --timings` and the TUI's metrics bar.
extension Metrics {
    /// The label of the whole: `total`, after the phases.
    package static let totalLabel = "total"

    /// Bytes and average rate each way, connection, redirects, queue and where the answer came from:
    /// `↑ 120 B 3.1 KiB/s`, `↓ 4.0 MiB 1.2 MiB/s`, `new connection`, `2 redirects (12.0 ms)`,
    /// `queued 3.00 ms (#1 in line)`, `from the cache, 12 s old`. An answer from the cache moved nothing.
    package func facts(source: ResponseSource = .network, age: Duration? = nil) -> [String] {
        var facts =
            source == .cache
            ? ["nothing sent"]
            : [
                "↑ \(Units.bytes(bytesSent)) \(Units.rate(uploadRate))",
                "↓ \(Units.bytes(bytesReceived)) \(Units.rate(downloadRate))",
                reusedConnection ? "reused connection" : "new connection",
            ]
        if let proxy, source != .cache { facts.append("via proxy \(proxy)") }
        if redirects > 0 {
            facts.append("\(Units.count(redirects, "redirect")) (\(Units.duration(redirectTime)))")
        }
        // A request that started at once still spent a few µs getting its slot: not worth a mention.
        if queuePosition > 0 { facts.append("queued \(Units.duration(queued)) (#\(queuePosition) in line)") }
        if let note = source.note(age: age ?? .zero) { facts.append(note) }
        return facts
    }

    /// The facts on one line, as both front ends print them.
    package func factsLine(source: ResponseSource = .network, age: Duration? = nil) -> String {
        facts(source: source, age: age).joined(separator: " · ")
    }
}
