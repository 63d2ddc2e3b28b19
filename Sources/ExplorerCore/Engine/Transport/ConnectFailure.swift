import Foundation

/// The failures that come before any answer (a name that does not resolve, a connection refused or not made, a time
/// limit passed) in apix's words, for HTTP transfers and WebSocket openings alike. libcurl's own words repeated
/// what apix had already said, in three clauses ("connection refused: Failed to connect to ::1 port 9 after 0 ms:
/// Couldn't connect to server"), and never named the setting that moves a limit.
struct ConnectFailure {
    /// The URL the request was for.
    let url: String
    /// The proxy it went through, as shown (password masked), if any.
    let proxy: String?

    /// `host not found: api.example.invalid`, or the proxy's name when it is the proxy that did not resolve.
    func hostNotFound(proxyNotFound: Bool) -> String {
        if proxyNotFound, let proxy { return "host not found: the proxy \(proxy)'s name does not resolve" }
        return "host not found: \(host.name)"
    }

    /// `connection refused: nothing listens on 127.0.0.1 port 9`; a connection that failed otherwise says why, in the
    /// system's words (`No route to host`), else libcurl's.
    func connect(refused: Bool, osErrno: Int, curlMessage: String) -> String {
        if let proxy {
            if refused { return "connection refused by the proxy \(proxy)" }
            return
                "connection failed (through the proxy \(proxy)): \(osErrno != 0 ? Self.systemText(osErrno) : curlMessage)"
        }
        if refused { return "connection refused: nothing listens on \(host.name) port \(host.port)" }
        let why = osErrno != 0 ? Self.systemText(osErrno) : curlMessage
        return "connection failed: \(host.name) port \(host.port): \(why)"
    }

    /// `timed out after 1.00 s, the limit `timeout:` (or `--timeout`) sets; 12.0 KiB of the answer had arrived`.
    func timedOut(_ which: TransportError.TimeoutKind, options: TransferOptions, elapsed: Duration, received: Int64)
        -> String
    {
        switch which {
        case .connect:
            let limit = options.connectTimeout.map { " within \(Units.plainSeconds($0)) s" } ?? ""
            let peer = proxy.map { "the proxy \($0)" } ?? "\(host.name) port \(host.port)"
            return "connect timed out: no connection to \(peer)\(limit) (`connect_timeout:`)"
        case .stall:
            let limit = Units.plainSeconds(options.stallTimeout ?? .zero)
            return "stalled: no data for \(limit) s (`stall_timeout:`; 0: never)"
        case .total:
            let arrived =
                received > 0 ? "; \(Units.bytes(received)) of the answer had arrived" : "; no answer had arrived"
            return "timed out after \(Units.duration(elapsed)), the limit `timeout:` (or `--timeout`) sets\(arrived)"
        }
    }

    /// The host and port dialled, as a person names them: `::1` without brackets, the scheme's port when the URL
    /// names none.
    private var host: (name: String, port: Int) {
        let components = URLComponents(string: url)
        // Never the URL itself: its query may hold a key, and the message reaches the history.
        let name = components?.host.map { $0.hasPrefix("[") ? String($0.dropFirst().dropLast()) : $0 } ?? ""
        let scheme = components?.scheme?.lowercased() ?? "http"
        return (name.isEmpty ? "the server" : name, components?.port ?? (["https", "wss"].contains(scheme) ? 443 : 80))
    }

    private static func systemText(_ code: Int) -> String { String(cString: strerror(Int32(code))) }
}
