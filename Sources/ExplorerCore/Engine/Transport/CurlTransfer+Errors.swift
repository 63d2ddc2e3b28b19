import CCurl
import Foundation

/// What a failed transfer tells its user: libcurl's `CURLcode` and error text turned into a `TransportError` in
/// apix's words (the kind decides the exit status), with which time limit ran out.
extension CurlTransfer {
    func error(for code: CURLcode, metrics: Metrics) -> TransportError {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: apix_easy_strerror(code)) : detail
        let raw = Int(code.rawValue)
        let failure = ConnectFailure(url: request.url, proxy: ProxyRoute.shown(for: request))
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            let text = failure.hostNotFound(proxyNotFound: code == CURLE_COULDNT_RESOLVE_PROXY)
            return TransportError(.hostNotFound, text, curlCode: raw, metrics: metrics)
        case CURLE_COULDNT_CONNECT:
            var osErrno = 0
            apix_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
            let refused = osErrno == Int(ECONNREFUSED)
            let text = failure.connect(refused: refused, osErrno: osErrno, curlMessage: message)
            return TransportError(refused ? .connectionRefused : .connectFailed, text, curlCode: raw, metrics: metrics)
        case CURLE_OPERATION_TIMEDOUT where sink.isHeldByReader:
            // Paused all that time for a reader that took nothing more: said as a write that waited would say it.
            return TransportError(.timeout(.total), sink.readerTimeoutMessage, curlCode: raw, metrics: metrics)
        case CURLE_OPERATION_TIMEDOUT:
            let which = timeoutKind(metrics: metrics)
            let elapsed = Duration.nanoseconds(Int64(monotonicNanos() &- startedAtNanos))
            let text = failure.timedOut(
                which, options: request.options, elapsed: elapsed, received: metrics.bytesReceived)
            return TransportError(.timeout(which), text, curlCode: raw, metrics: metrics)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            let failure = TLSFailure(curlCode: raw, message: message, options: request.options)
            return TransportError(.tls, failure.summary, curlCode: raw, metrics: metrics)
        case CURLE_RECV_ERROR where TLSFailure.isClientCertificateAlert(message):
            // TLS 1.3 servers refuse a client certificate after the handshake, so it shows up on the first read.
            let failure = TLSFailure(curlCode: raw, message: message, options: request.options)
            return TransportError(.tls, failure.summary, curlCode: raw, metrics: metrics)
        case CURLE_ABORTED_BY_CALLBACK where source?.failure != nil, CURLE_READ_ERROR:
            return TransportError(.localIO, source?.failure ?? message, curlCode: raw, metrics: metrics)
        case CURLE_ABORTED_BY_CALLBACK:
            return TransportError(.cancelled, "cancelled", curlCode: raw, metrics: metrics)
        case CURLE_WRITE_ERROR where ratioStop != nil:
            return TransportError(.bodyRatioExceeded, ratioStop ?? message, curlCode: raw, metrics: metrics)
        case CURLE_WRITE_ERROR where sink.interrupted == .timedOut:
            return TransportError(.timeout(.total), sink.failure ?? message, curlCode: raw, metrics: metrics)
        case CURLE_WRITE_ERROR where sink.limitExceeded:
            return TransportError(.bodyTooLarge, sink.failure ?? message, curlCode: raw, metrics: metrics)
        case CURLE_WRITE_ERROR:
            return TransportError(.localIO, sink.failure ?? message, curlCode: raw, metrics: metrics)
        case CURLE_RECV_ERROR where !headComplete && headBytes > Self.headLimitSeen:
            return TransportError(
                .badResponse,
                "the response's headers passed 300 KiB in all, libcurl's limit (no setting raises it)",
                curlCode: raw, metrics: metrics)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return TransportError(.connectionLost, "connection lost: \(message)", curlCode: raw, metrics: metrics)
        case CURLE_OUT_OF_MEMORY where !headComplete, CURLcode(rawValue: 100) where !headComplete:
            // libcurl refuses a response header line over 100 KiB: before 8.6 as "Out of memory", since as
            // CURLE_TOO_LARGE (100). Neither is about this machine's memory.
            return TransportError(
                .badResponse,
                "a response header line passed 100 KiB, libcurl's limit (no setting raises it)",
                curlCode: raw, metrics: metrics)
        case CURLE_UNSUPPORTED_PROTOCOL where connected, CURLE_WEIRD_SERVER_REPLY:
            // After connecting, libcurl's "unsupported protocol" is about the answer, not the URL.
            let text =
                message.contains("HTTP/0.9")
                ? "the server answered without a status line or headers (HTTP/0.9), which apix does not accept"
                : "the server's answer is not HTTP: its first line is not a status line such as `HTTP/1.1 200 OK`"
            return TransportError(.badResponse, text, curlCode: raw, metrics: metrics)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return TransportError(.invalidRequest, message, curlCode: raw, metrics: metrics)
        default:
            if code == CURLE_OK {
                return TransportError(.connectionLost, "no HTTP response", metrics: metrics)
            }
            return TransportError(.other, message, curlCode: raw, metrics: metrics)
        }
    }

    /// Head bytes past which a receive error is libcurl's 300 KiB limit on a response's headers.
    private static let headLimitSeen = 256 * 1024

    /// Whether the transfer reached its server (or proxy).
    private var connected: Bool {
        var connectMicros: curl_off_t = 0
        apix_easy_getinfo_off(easy, CURLINFO_CONNECT_TIME_T, &connectMicros)
        return connectMicros > 0
    }

    private func timeoutKind(metrics: Metrics) -> TransportError.TimeoutKind {
        let elapsed = Duration.nanoseconds(Int64(monotonicNanos() &- startedAtNanos))
        if let total = request.options.timeout, total > .zero, elapsed >= total * 0.98 { return .total }
        var connectMicros: curl_off_t = 0
        apix_easy_getinfo_off(easy, CURLINFO_CONNECT_TIME_T, &connectMicros)
        if connectMicros == 0, statusCode == 0, request.options.stallTimeout == nil { return .connect }
        if connectMicros == 0, statusCode == 0, let connect = request.options.connectTimeout,
            elapsed >= connect * 0.98
        {
            return .connect
        }
        return request.options.stallTimeout != nil ? .stall : .total
    }
}
