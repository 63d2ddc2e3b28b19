/// What the TLS handshake of each pooled connection said, so an answer on a reused connection can still show it:
/// libcurl reports the version, cipher and certificates only to the exchange that made the handshake.
///
/// Connections are told apart by their two ends (local and remote address and port). Only the loop thread of one
/// `CurlMulti` uses it; it holds at most `capacity` connections, forgetting the oldest first.
final class ConnectionMemory {
    static let capacity = 256

    private var entries: [String: (tls: ConnectionInfo.TLS, alpn: String?)] = [:]
    private var order: [String] = []

    static func key(_ info: ConnectionInfo) -> String {
        "\(ConnectionInfo.endpoint(info.localAddress, info.localPort))>"
            + ConnectionInfo.endpoint(info.remoteAddress, info.remotePort)
    }

    /// Keeps `info`'s TLS facts and ALPN answer.
    func remember(_ info: ConnectionInfo) {
        guard let tls = info.tls else { return }
        let key = Self.key(info)
        if entries.updateValue((tls, info.alpn), forKey: key) == nil {
            order.append(key)
            if order.count > Self.capacity { entries[order.removeFirst()] = nil }
        }
    }

    /// `info` with the TLS facts and ALPN answer its connection's handshake gave, when they were kept.
    func recall(into info: inout ConnectionInfo) -> Bool {
        guard let entry = entries[Self.key(info)] else { return false }
        info.tls = entry.tls
        info.alpn = entry.alpn
        return true
    }
}
