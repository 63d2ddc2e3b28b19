import Foundation

/// How a connection reads in the TUI's Connection tab: headings (`Connection`, `TLS`, `Certificate 1 of 2`) and
/// indented `label  value` lines. The values carry server text (names, the cipher): the caller escapes every
/// line with `SafeText` before it reaches the terminal.
extension ConnectionInfo {
    /// Columns of a label, indent included.
    package static let labelWidth = 14

    /// The tab's lines at `now` (days left count from it).
    package func lines(proxy: String? = nil, now: Date = Date()) -> [String] {
        func row(_ label: String, _ value: String) -> String {
            "  " + label.padding(toLength: Self.labelWidth - 2, withPad: " ", startingAt: 0) + value
        }
        var lines = ["Connection"]
        var address = Self.endpoint(remoteAddress, remotePort)
        if !localAddress.isEmpty { address += " from " + Self.endpoint(localAddress, localPort) }
        lines.append(row("address", address))
        if let proxy { lines.append(row("via proxy", proxy)) }
        lines.append(row("connection", reused ? "reused (no new handshake)" : "new"))
        lines.append(row("HTTP", httpVersion.isEmpty ? "unknown" : httpVersion))
        lines.append(row("ALPN", alpn ?? (tls == nil ? "none (clear text)" : "none agreed")))
        lines.append("TLS")
        guard let tls else {
            lines.append(row("none", "plain HTTP: nothing was encrypted"))
            return lines
        }
        let unseen = "not seen (made before this exchange)"
        lines.append(row("version", tls.version ?? unseen))
        lines.append(row("cipher", tls.cipher ?? unseen))
        if let resumed = tls.resumed {
            lines.append(row("session", resumed ? "resumed (an earlier connection's)" : "new (a full handshake)"))
        }
        if tls.certificates.isEmpty { lines.append(row("certificate", unseen)) }
        for (index, certificate) in tls.certificates.enumerated() {
            let whose = index == 0 ? " (the server's)" : ""
            lines.append("Certificate \(index + 1) of \(tls.certificates.count)\(whose)")
            lines.append(row("subject", certificate.subject))
            lines.append(row("issuer", certificate.issuer))
            if !certificate.alternativeNames.isEmpty {
                lines.append(row("names", certificate.alternativeNames.joined(separator: ", ")))
            }
            if let from = certificate.notBefore { lines.append(row("not before", Self.day(from))) }
            if let until = certificate.notAfter, let days = certificate.daysLeft(at: now) {
                let left =
                    days < 0 ? "expired \(Units.count(-days, "day")) ago" : "\(Units.count(days, "day")) left"
                lines.append(row("not after", "\(Self.day(until)) (\(left))"))
            }
            if let algorithm = certificate.signatureAlgorithm { lines.append(row("signature", algorithm)) }
        }
        return lines
    }

    /// `2026-12-29 18:02 UTC`.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }
}
