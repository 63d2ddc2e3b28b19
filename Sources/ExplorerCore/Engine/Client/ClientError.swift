/// Why the client produced no response: the transport got none, or a step before or around it failed
/// (for example a token refresh).
public struct ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The exchange itself failed (DNS, connect, TLS, timeout, cancelled, …).
        case transport(TransportError)
        /// Credentials could not be obtained or refreshed; `detail` says why (e.g. the server's `invalid_grant`).
        case auth(String)
    }

    public var reason: Reason

    package init(_ reason: Reason) {
        self.reason = reason
    }

    package static func transport(_ error: TransportError) -> ClientError { ClientError(.transport(error)) }
    package static func auth(_ detail: String) -> ClientError { ClientError(.auth(detail)) }

    /// The transport failure, when that is what it was.
    var transportError: TransportError? {
        if case .transport(let error) = reason { return error }
        return nil
    }

    public var isCancelled: Bool { transportError?.kind == .cancelled }

    /// What became of a download's partial file, when there was one (`TransportError.note`).
    public var note: String? { transportError?.note }

    /// `--json`'s `error.kind`.
    package var kindName: String {
        switch reason {
        case .transport(let error): error.kindName
        case .auth: "auth"
        }
    }

    /// One line for a status bar or stderr.
    public var message: String {
        switch reason {
        case .transport(let error): error.fullMessage
        case .auth(let detail): "authentication failed: \(detail)"
        }
    }

    /// The one line for a request that got no response, in `apix run` (after `apix: `) and the TUI's response
    /// pane: `no response: connection refused: …`, `no response: cancelled`, `authentication failed: …`.
    public var summary: String {
        switch reason {
        case .transport(let error): error.description
        case .auth: message
        }
    }

    public var description: String { summary }

    /// The exit status for `apix run`: curl's codes for transport failures, 4 for auth.
    public var exitCode: Int32 {
        switch reason {
        case .transport(let error): error.exitCode
        case .auth: 4
        }
    }

    public var metrics: Metrics {
        transportError?.metrics ?? Metrics()
    }
}
