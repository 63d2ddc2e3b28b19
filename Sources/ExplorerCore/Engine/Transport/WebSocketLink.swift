import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One WebSocket connection's I/O, on a thread of its own: libcurl connects (`CURLOPT_CONNECT_ONLY`), then this
/// writes the upgrade request, reads the answer, and moves frames between the socket (`curl_easy_send` /
/// `curl_easy_recv`, readiness from poll() on `CURLINFO_ACTIVESOCKET`) and the session.
///
/// `@unchecked Sendable`: handed to its thread before `run()` and touched by that thread only; what the reader's
/// side shares with it is the `WebSocketChannel` (a Mutex).
final class WebSocketLink: @unchecked Sendable {
    private let request: PreparedRequest
    private let settings: WebSocketSettings
    private let channel: WebSocketChannel
    private var onOpen: ((Result<WebSocketConnection.Opened, WebSocketConnection.OpenError>) -> Void)?
    private var easy: UnsafeMutableRawPointer?
    private var socket: Int32 = -1
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var session: WebSocketSession?
    /// Bytes to write, from `written` on.
    private var pending: [UInt8] = []
    private var written = 0
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The most read per `curl_easy_recv`, and per turn of the loop before the queue is looked at again.
    private static let readChunk = 64 * 1024
    private static let readPerTurn = 1024 * 1024

    init(
        request: PreparedRequest, settings: WebSocketSettings, channel: WebSocketChannel,
        onOpen: @escaping (Result<WebSocketConnection.Opened, WebSocketConnection.OpenError>) -> Void
    ) {
        self.request = request
        self.settings = settings
        self.channel = channel
        self.onOpen = onOpen
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        if let easy { apix_easy_cleanup(easy) }
        apix_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func opened(_ result: Result<WebSocketConnection.Opened, WebSocketConnection.OpenError>) {
        onOpen?(result)
        onOpen = nil
    }

    func run() {
        let started = monotonicNanos()
        switch connect() {
        case .failure(let error):
            opened(.failure(.transport(error)))
            channel.finish()
            return
        case .success:
            break
        }
        switch handshake(started: started) {
        case .failure(let error):
            opened(.failure(error))
            channel.finish()
        case .success(let (opened, rest)):
            session = WebSocketSession(maxMessage: settings.maxMessage, deflate: opened.agreement.deflate)
            self.opened(.success(opened))
            channel.push(session!.receive(rest))
            loop()
            channel.finish()
        }
    }

    // MARK: - Connecting

    private func connect() -> Result<Void, TransportError> {
        guard let easy = apix_easy_init() else { return .failure(TransportError(.other, "libcurl could not start")) }
        self.easy = easy
        let url = WebSocketConnection.transportURL(request.url)
        var options = request.options
        // The upgrade is HTTP/1.1 (RFC 6455 §4.1); over TLS, ALPN must not agree on HTTP/2.
        options.httpVersion = .http1
        apix_easy_setopt_string(easy, CURLOPT_URL, url)
        apix_easy_setopt_long(easy, CURLOPT_CONNECT_ONLY, 1)
        apix_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        apix_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        if let connect = options.connectTimeout, connect > .zero {
            apix_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(connect.milliseconds)))
        }
        if options.insecure {
            apix_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 0)
            apix_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 0)
        }
        if let caFile = options.caFile { apix_easy_setopt_string(easy, CURLOPT_CAINFO, caFile) }
        CurlTransfer.configureNetwork(easy, options, url: url)
        // Through an HTTP proxy the session needs a tunnel (CONNECT), whatever the scheme.
        if let proxy = options.proxy, !proxy.isEmpty, !proxy.lowercased().hasPrefix("socks") {
            apix_easy_setopt_long(easy, CURLOPT_HTTPPROXYTUNNEL, 1)
        }
        let code = apix_easy_perform(easy)
        guard code == CURLE_OK else { return .failure(error(for: code)) }
        var descriptor: curl_socket_t = -1
        guard apix_easy_getinfo_socket(easy, &descriptor) == CURLE_OK, descriptor >= 0 else {
            return .failure(TransportError(.connectionLost, "connection lost: no socket after connecting"))
        }
        socket = Int32(descriptor)
        return .success(())
    }

    private func error(for code: CURLcode) -> TransportError {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: apix_easy_strerror(code)) : detail
        let raw = Int(code.rawValue)
        let failure = ConnectFailure(url: request.url, proxy: ProxyRoute.shown(for: request))
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            let text = failure.hostNotFound(proxyNotFound: code == CURLE_COULDNT_RESOLVE_PROXY)
            return TransportError(.hostNotFound, text, curlCode: raw)
        case CURLE_COULDNT_CONNECT:
            var osErrno = 0
            if let easy { apix_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno) }
            let refused = osErrno == Int(ECONNREFUSED)
            let text = failure.connect(refused: refused, osErrno: osErrno, curlMessage: message)
            return TransportError(refused ? .connectionRefused : .connectFailed, text, curlCode: raw)
        case CURLE_OPERATION_TIMEDOUT:
            let text = failure.timedOut(.connect, options: request.options, elapsed: .zero, received: 0)
            return TransportError(.timeout(.connect), text, curlCode: raw)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            let failure = TLSFailure(curlCode: raw, message: message, options: request.options)
            return TransportError(.tls, failure.summary, curlCode: raw)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return TransportError(.invalidRequest, message, curlCode: raw)
        default:
            return TransportError(.connectionLost, "connection lost: \(message)", curlCode: raw)
        }
    }

    // MARK: - Opening handshake

    private func handshake(started: UInt64) -> Result<
        (WebSocketConnection.Opened, [UInt8]), WebSocketConnection.OpenError
    > {
        let handshake = WebSocketHandshake(subprotocols: settings.subprotocols, offersDeflate: settings.offersDeflate)
        // libcurl's phases end here; the send and wait phases are timed from now (not from `started`, which
        // includes loading libcurl on a first use).
        let connectedAt = monotonicNanos()
        let shownURL = WebSocketConnection.shownURL(request.url)
        guard let components = URLComponents(string: WebSocketConnection.transportURL(request.url)) else {
            return .failure(.transport(TransportError(.invalidRequest, "not a URL: \(request.url)")))
        }
        var headers = request.transportHeaders(uploads: false)
        headers.remove("Expect")
        let head = handshake.requestHead(
            url: components, headers: headers, cookie: request.cookieField(jarCookie: cookieHeader(for: components)))
        let deadline = monotonicNanos() + UInt64(handshakeLimit.milliseconds) * 1_000_000
        pending = Array(head.utf8)
        written = 0
        while written < pending.count {
            if let failure = writePending() { return .failure(.transport(failure)) }
            if written < pending.count, !wait(for: Int16(POLLOUT), until: deadline) {
                return .failure(.transport(handshakeTimeout()))
            }
        }
        pending.removeAll()
        written = 0
        let headWritten = monotonicNanos()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: Self.readChunk)
        while true {
            switch WebSocketResponseHead.parse(received) {
            case .tooLarge:
                return .failure(.transport(TransportError(.other, "the upgrade answer's head is over 100 KiB")))
            case .head(let answer):
                storeCookies(answer.headers, url: components)
                let elapsed = Duration.nanoseconds(Int64(monotonicNanos() &- started))
                switch handshake.check(status: answer.status, reason: answer.reason, headers: answer.headers) {
                case .failure(let failure):
                    return .failure(.handshake(failure, status: answer.status, headers: answer.headers))
                case .success(let agreement):
                    let opened = WebSocketConnection.Opened(
                        url: shownURL, status: answer.status, reason: answer.reason, headers: answer.headers,
                        agreement: agreement, handshakeTime: elapsed, requestHead: head,
                        metrics: metrics(
                            connectedAt: connectedAt, headWritten: headWritten, answeredAt: monotonicNanos(), head: head
                        ))
                    return .success((opened, answer.rest))
                }
            case .needMore:
                switch receive(into: &buffer) {
                case .some(let count) where count > 0: received += buffer[0..<count]
                case .some:
                    return .failure(
                        .transport(TransportError(.connectionLost, "connection lost: closed before the upgrade answer"))
                    )
                case nil:
                    if !wait(for: Int16(POLLIN), until: deadline) { return .failure(.transport(handshakeTimeout())) }
                }
            }
        }
    }

    /// The handshake's phases, as an exchange's: libcurl's name lookup, connect and TLS (its connect-only
    /// perform), then the upgrade request written (send) and the answer awaited (wait).
    private func metrics(connectedAt: UInt64, headWritten: UInt64, answeredAt: UInt64, head: String) -> Metrics {
        func micros(_ info: CURLINFO) -> Int64 {
            var value: curl_off_t = 0
            if let easy { apix_easy_getinfo_off(easy, info, &value) }
            return Int64(value)
        }
        let lookup = micros(CURLINFO_NAMELOOKUP_TIME_T)
        let connect = max(lookup, micros(CURLINFO_CONNECT_TIME_T))
        let appConnect = micros(CURLINFO_APPCONNECT_TIME_T)
        let tlsDone = appConnect > 0 ? max(connect, appConnect) : connect
        let send = Duration.nanoseconds(Int64(headWritten &- connectedAt))
        let wait = Duration.nanoseconds(Int64(answeredAt &- headWritten))
        let total = .microseconds(tlsDone) + send + wait
        return Metrics(
            startedAt: Date(timeIntervalSinceNow: -total.seconds), endedAt: Date(), dns: .microseconds(lookup),
            connect: .microseconds(connect - lookup), tls: .microseconds(tlsDone - connect), preTransfer: send,
            firstByte: wait, transfer: .zero, total: total, bytesSent: Int64(head.utf8.count))
    }

    private func handshakeTimeout() -> TransportError {
        TransportError(
            .timeout(.total), "timed out: no upgrade answer within \(Units.plainSeconds(handshakeLimit)) s")
    }

    /// The `Cookie` value libcurl would send to `url` from the profile's jar (`CURLINFO_COOKIELIST` after the jar
    /// was read), nil without a jar or cookies.
    private func cookieHeader(for url: URLComponents) -> String? {
        guard let easy, let jar = request.options.cookieJar, CookieShares.share(for: jar) != nil else { return nil }
        return RequestCookies.header(
            lines: CookieShares.lines(of: easy), url: url,
            host: request.headers["Host"].map(RequestCookies.host(fromHeader:)),
            now: Date())
    }

    /// Keeps the cookies the upgrade answer set (a `101`, or a refusal) in the profile's jar, as any answer's: each
    /// becomes a jar line in the connection's share (`WebSocketCookies.jarLine`), then the jar is written.
    private func storeCookies(_ headers: HTTPHeaders, url: URLComponents) {
        let values = headers.values(for: "Set-Cookie")
        guard let easy, let jar = request.options.cookieJar, !values.isEmpty, CookieShares.share(for: jar) != nil,
            CookieJar.prepare(jar)
        else { return }
        let now = Date()
        for value in values {
            guard let line = WebSocketCookies.jarLine(setCookie: value, url: url, now: now) else { continue }
            apix_easy_setopt_string(easy, CURLOPT_COOKIELIST, line)
        }
        apix_easy_setopt_string(easy, CURLOPT_COOKIEJAR, jar)
        apix_easy_setopt_string(easy, CURLOPT_COOKIELIST, "FLUSH")
    }

    /// How long the server may take to answer the upgrade: the exchange's `timeout` (the profile's or endpoint's
    /// `timeout:`, `apix ws --timeout`) when one is set, else the settings' (30 s). `stall_timeout` does not apply:
    /// its default (300 s) is for bodies, and a quiet open session is no stalled transfer.
    private var handshakeLimit: Duration {
        if let timeout = request.options.timeout, timeout > .zero { return timeout }
        return settings.handshakeTimeout
    }

    // MARK: - Socket I/O

    /// Writes what it can of `pending`; a failure when the connection broke.
    private func writePending() -> TransportError? {
        guard let easy else { return nil }
        while written < pending.count {
            var sent = 0
            let code = pending.withUnsafeBytes { bytes in
                apix_easy_send(easy, bytes.baseAddress! + written, pending.count - written, &sent)
            }
            if code == CURLE_AGAIN { return nil }
            guard code == CURLE_OK else { return error(for: code) }
            written += sent
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
        written = 0
        return nil
    }

    /// Bytes read into `buffer`: a count (0: the connection ended, closed by the server or broken), nil when none
    /// are ready now.
    private func receive(into buffer: inout [UInt8]) -> Int? {
        guard let easy else { return 0 }
        var count = 0
        let code = buffer.withUnsafeMutableBytes { apix_easy_recv(easy, $0.baseAddress, $0.count, &count) }
        if code == CURLE_AGAIN { return nil }
        return code == CURLE_OK ? count : 0
    }

    /// Waits until the socket is ready for `events` or `deadline` passes (false then).
    private func wait(for events: Int16, until deadline: UInt64) -> Bool {
        while true {
            let now = monotonicNanos()
            guard now < deadline else { return false }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
            if ready > 0 { return true }
        }
    }

    // MARK: - The session

    /// Queued bytes past which apix takes nothing more from the session or the sender until the server reads:
    /// a server that does not read (or floods pings, whose pongs would pile up) cannot grow memory.
    private static let maxPending = 1024 * 1024

    /// Moves frames both ways until the session is over; the last event pushed is its `.closed`.
    private func loop() {
        let pingEvery = settings.pingInterval.map { UInt64(max(1, $0.milliseconds)) * 1_000_000 }
        var nextPing = pingEvery.map { monotonicNanos() + $0 }
        var closeWait = WebSocketCloseWait(settings, timeout: request.options.timeout)
        var buffer = [UInt8](repeating: 0, count: Self.readChunk)
        var moreToRead = false
        while true {
            let now = monotonicNanos()
            if pending.count - written < Self.maxPending {
                let (messages, close) = channel.takeOutgoing()
                for message in messages { session!.send(message) }
                if let close { session!.close(code: close.code, reason: close.reason) }
                if let next = nextPing, let pingEvery, now >= next {
                    session!.ping()
                    nextPing = now + pingEvery
                }
                pending += session!.takeOutbound()
            }
            if session!.state != .open { closeWait.start(at: now) }
            if let failure = writePending() { return end(failure.message) }
            var ended = false
            moreToRead = false
            if channel.hasRoom {
                var total = 0
                reading: while true {
                    guard total < Self.readPerTurn else {
                        moreToRead = true
                        break
                    }
                    switch receive(into: &buffer) {
                    case nil: break reading
                    case .some(let count) where count > 0:
                        total += count
                        channel.push(session!.receive(buffer[0..<count]))
                        closeWait.heard(at: monotonicNanos())
                        if !channel.hasRoom { break reading }
                    case .some:
                        ended = true
                        break reading
                    }
                }
            }
            if pending.count - written < Self.maxPending { pending += session!.takeOutbound() }
            if let failure = writePending() { return end(failure.message) }
            if ended { return end("the server ended the connection without a closing handshake") }
            if session!.state == .closed, written >= pending.count {
                // Both closes crossed. The server ends TCP first (RFC 6455 §7.1.1); apix waits at most the
                // close wait for that, reading (and dropping) what still comes.
                if closeWait.deadline.map({ now >= $0 }) ?? true { return }
            } else if closeWait.isOver(at: now) {
                return end(closeWait.failure)
            }
            var descriptors = [
                pollfd(fd: socket, events: channel.hasRoom ? Int16(POLLIN) : 0, revents: 0),
                pollfd(fd: channel.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if written < pending.count { descriptors[0].events |= Int16(POLLOUT) }
            var timeout: UInt64 = moreToRead ? 0 : 1000
            for deadline in [nextPing, closeWait.deadline].compactMap({ $0 }) {
                timeout = min(timeout, deadline > now ? (deadline - now) / 1_000_000 + 1 : 0)
            }
            _ = poll(&descriptors, nfds_t(channel.wakeDescriptor >= 0 ? 2 : 1), Int32(timeout))
            channel.drainWake()
        }
    }

    /// The connection is over without the closing handshake completing (or after a violation's close): the
    /// `.closed` event that says so, unless the session gave one.
    private func end(_ reason: String) {
        if let event = session?.connectionEnded(reason: reason) { channel.push([event]) }
    }
}
