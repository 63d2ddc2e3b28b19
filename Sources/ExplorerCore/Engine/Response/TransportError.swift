/// A request that got no HTTP response, and why. 4xx and 5xx are responses, not errors.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case hostNotFound
        case connectionRefused
        case connectFailed
        case tls
        case timeout(TimeoutKind)
        case cancelled
        case tooManyRedirects
        case connectionLost
        case invalidRequest
        case localIO
        /// The body passed `TransferOptions.maxBody` (`BodyLimit`).
        case bodyTooLarge
        /// The body grew past `TransferOptions.maxBodyRatio` times its size on the wire as it was decoded.
        case bodyRatioExceeded
        /// An answer that is not HTTP apix reads: no status line, HTTP/0.9, headers past libcurl's limits.
        case badResponse
        case other
    }

    public enum TimeoutKind: String, Sendable, Equatable {
        case connect
        case total
        case stall
    }

    public var kind: Kind
    public var message: String
    /// libcurl's `CURLcode`, when the failure came from it.
    var curlCode: Int?
    /// What was measured before the failure.
    public var metrics: Metrics
    /// What became of a download's partial file (`BodyDestination.removedPartMessage`), when there was one.
    public var note: String?

    package init(_ kind: Kind, _ message: String, curlCode: Int? = nil, metrics: Metrics = Metrics()) {
        self.kind = kind
        self.message = message
        self.curlCode = curlCode
        self.metrics = metrics
    }

    /// A short machine-friendly name (`--json` `error.kind`).
    public var kindName: String {
        switch kind {
        case .hostNotFound: "host_not_found"
        case .connectionRefused: "connection_refused"
        case .connectFailed: "connect_failed"
        case .tls: "tls"
        case .timeout(let which): "timeout_\(which.rawValue)"
        case .cancelled: "cancelled"
        case .tooManyRedirects: "too_many_redirects"
        case .connectionLost: "connection_lost"
        case .invalidRequest: "invalid_request"
        case .localIO: "local_io"
        case .bodyTooLarge: "body_too_large"
        case .bodyRatioExceeded: "body_ratio_exceeded"
        case .badResponse: "bad_response"
        case .other: "other"
        }
    }

    /// The exit status curl users know for this failure.
    public var exitCode: Int32 {
        switch kind {
        case .hostNotFound: 6
        case .connectionRefused, .connectFailed: 7
        case .timeout: 28
        case .tls: curlCode.map(Int32.init) ?? 35
        case .tooManyRedirects: 47
        case .cancelled: 130
        case .invalidRequest: 3
        case .localIO: 23
        // curl's exit status for `--max-filesize`.
        case .bodyTooLarge: 63
        // Beside 63, and unused by curl (its 62 was retired in 7.82): a decompression bomb, stopped.
        case .bodyRatioExceeded: 62
        case .connectionLost: curlCode.map(Int32.init) ?? 56
        // curl's "weird server reply", one status for every answer that cannot be read as HTTP.
        case .badResponse: 8
        case .other: curlCode.map(Int32.init) ?? 1
        }
    }

    /// "no response: connection refused" style, one line; a body stopped at its limit, or one that could not be
    /// written where it was to go (libcurl's write error: a full disk, a `-o` pipe whose reader went away), came with
    /// a response, and says "stopped".
    public var description: String {
        let stopped = kind == .bodyTooLarge || kind == .bodyRatioExceeded || (kind == .localIO && curlCode == 23)
        return "\(stopped ? "stopped" : "no response"): \(fullMessage)"
    }

    /// The message and the note, as one line.
    public var fullMessage: String { note.map { "\(message); \($0)" } ?? message }
}
