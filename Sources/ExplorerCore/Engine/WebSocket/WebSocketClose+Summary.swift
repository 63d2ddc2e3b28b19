extension WebSocketClose {
    /// `closed by the server: 1000 (bye)`, `closed by apix: 1002, the server broke the protocol (…)`, …: how a
    /// session ended, the line `apix ws` ends with and the TUI's status shows.
    package var summary: String {
        let reason = self.reason.isEmpty ? "" : " (\(SafeText.escape(self.reason)))"
        switch initiator {
        case .server: return "closed by the server: \(code)\(reason)"
        case .client: return "closed: \(code)\(reason)"
        case .violation: return "closed by apix: \(code), the server broke the protocol\(reason)"
        case .connection: return "connection ended without a close: \(code)\(reason)"
        }
    }
}
