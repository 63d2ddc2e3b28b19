import CCurl
import Foundation
import Synchronization

/// One exchange on a libcurl easy handle: its options, the state its callbacks fill in, and its result.
///
/// `@unchecked Sendable`: everything but `cancelRequested` is touched only by the transport's loop thread (inside
/// libcurl callbacks or while the loop adds, removes and completes handles); `cancelRequested` is a `Mutex`.
/// The object is created on the caller's thread and handed over before libcurl sees it. The state of the exchange
/// (head, body, progress) is internal only for `rearm` (`CurlTransfer+Burst.swift`) and `collectMetrics`; nothing
/// outside the transport's files touches it.
final class CurlTransfer: @unchecked Sendable {
    let id: Int
    let request: PreparedRequest
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    let source: UploadSource?
    var sink: DownloadSink
    /// Fed the final response's body when it is a stream (`streaming`).
    private let events: EventStream?
    var streaming = false
    private let onProgress: @Sendable (TransferProgress) -> Void
    var continuation: CheckedContinuation<Result<Response, TransportError>, Never>?
    let cancelRequested = Mutex(false)
    /// The bench burst this handle serves, which takes its answers instead of a waiting caller (`CurlBurst`).
    var burst: CurlBurst?

    // Response head, filled by the header callback.
    var statusCode = 0
    var reason = ""
    var httpVersion = ""
    var headers = HTTPHeaders()
    var headComplete = false
    /// Bytes of the current head's lines: past libcurl's 300 KiB in all, its "too large" is the server's doing.
    var headBytes = 0
    var discardBody = false
    /// The head is a challenge whose body has not been prepared for (`prepareBody`).
    var bodyPending = false
    var sinkFailed = false
    /// Whether libcurl was told to ask for (and so decodes) content codings.
    var asksForEncoding = false
    /// Whether libcurl decodes this body (the ratio of `TransferOptions.maxBodyRatio` then applies).
    var decodesBody = false
    /// Why the body was stopped at `maxBodyRatio`, when it was.
    var ratioStop: String?
    /// The TLS facts libcurl's verbose text gave (`configureConnectionInspection`).
    var handshake = HandshakeNotes()

    // Progress throttling (≤ 20 events/s) and timing.
    private static let progressInterval: UInt64 = 50_000_000
    var lastProgressAt: UInt64 = 0
    var lastProgress = TransferProgress()
    private(set) var startedAt = Date()
    private(set) var startedAtNanos: UInt64 = 0
    /// When the first response header line arrived (monotonic), for the first-byte time of uploads.
    var firstHeaderNanos: UInt64 = 0

    init?(
        id: Int, request: PreparedRequest, segments: [BodySegment], events: EventStream? = nil,
        onProgress: @escaping @Sendable (TransferProgress) -> Void
    ) {
        guard let easy = apix_easy_init() else { return nil }
        self.id = id
        self.request = request
        self.easy = easy
        self.onProgress = onProgress
        self.events = events
        source = request.body.isEmpty ? nil : UploadSource(segments: segments)
        sink = Self.sink(for: request)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        configure()
        watchSink()
    }

    /// A transfer paused for its FIFO's reader: what the descriptor takes now is written, and once nothing waits the
    /// transfer resumes (libcurl gives the piece it kept again, inside `curl_easy_pause`). A destination that failed
    /// resumes it too, so the refused piece ends it with the sink's failure. Only the loop thread calls this.
    func resumeIfReaderTookMore() {
        if !sink.flushPending() { sinkFailed = true }
        if !sink.isHeldByReader || sinkFailed { _ = apix_easy_pause(easy, CURLPAUSE_CONT) }
    }

    /// Lets a write that waits for a pipe's reader hear a cancellation and the time limit (`DownloadSink`).
    func watchSink() {
        // Unowned: the sink is this transfer's own and asks only while one of its writes runs.
        sink.interruption = { [unowned self] in
            if cancelRequested.withLock({ $0 }) { return .cancelled }
            // `timeout: 0` is no limit, as for libcurl's.
            if let timeout = request.options.timeout, timeout > .zero, startedAtNanos > 0,
                monotonicNanos() &- startedAtNanos > UInt64(timeout.seconds * 1e9)
            {
                return .timedOut
            }
            return nil
        }
    }

    /// Where the answer's body goes: memory, then a spool file past `memoryLimit`, or the download target.
    static func sink(for request: PreparedRequest) -> DownloadSink {
        DownloadSink(
            destination: request.options.downloadTo, url: request.url, memoryLimit: request.options.memoryLimit,
            maxBody: request.options.maxBody, overflow: request.options.overflowDescriptor)
    }

    deinit {
        apix_easy_cleanup(easy)
        apix_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    func attach(_ continuation: CheckedContinuation<Result<Response, TransportError>, Never>) {
        self.continuation = continuation
    }

    /// Marks the start (the loop calls this as it hands the handle to the multi).
    func markStarted() {
        startedAt = Date()
        startedAtNanos = monotonicNanos()
    }

    // MARK: - Options

    private func configure() {
        let options = request.options
        let context = Unmanaged.passUnretained(self).toOpaque()
        apix_easy_setopt_string(easy, CURLOPT_URL, request.url)
        apix_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        // The 16 KiB default was 20-25 % slower on loopback; the curl CLI uses 100 KiB.
        apix_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, 102_400)
        // Uploads keep libcurl's 64 KiB (the curl CLI's too): 512 KiB was about 5 % slower to the demo server.
        apix_easy_setopt_long(easy, CURLOPT_UPLOAD_BUFFERSIZE, 64 * 1024)
        apix_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)  // the client follows, hop by hop
        apix_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        apix_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback)
        apix_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        apix_easy_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
        apix_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        apix_easy_setopt_xferinfo_callback(easy, curlProgressCallback)
        apix_easy_setopt_pointer(easy, CURLOPT_XFERINFODATA, context)
        apix_easy_setopt_long(easy, CURLOPT_NOPROGRESS, 0)

        if let timeout = options.timeout, timeout > .zero {
            apix_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(1, Int(timeout.milliseconds)))
        }
        if let connect = options.connectTimeout, connect > .zero {
            apix_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(connect.milliseconds)))
        }
        if let stall = options.stallTimeout, stall > .zero {
            apix_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
            apix_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(stall.seconds.rounded(.up))))
        }
        if options.insecure {
            apix_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 0)
            apix_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 0)
        }
        if let caFile = options.caFile {
            apix_easy_setopt_string(easy, CURLOPT_CAINFO, caFile)
        }
        configureNetwork(options)
        configureConnectionInspection(context: context)
        configureAuthentication(options.authentication)
        configureMethodAndBody(context: context)
        configureHeaders()
    }

    private func configureMethodAndBody(context: UnsafeMutableRawPointer) {
        let method = request.method
        if let source {
            apix_easy_setopt_long(easy, CURLOPT_POST, 1)
            apix_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(source.length))
            apix_easy_setopt_data_callback(easy, CURLOPT_READFUNCTION, curlReadCallback)
            apix_easy_setopt_pointer(easy, CURLOPT_READDATA, context)
            apix_easy_setopt_seek_callback(easy, curlSeekCallback)
            apix_easy_setopt_pointer(easy, CURLOPT_SEEKDATA, context)
            if method != .post { apix_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method.rawValue) }
        } else if method == .head {
            apix_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
        } else if method != .get {
            apix_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    private func configureHeaders() {
        // libcurl decodes what it asked for; let it send the header so both agree. An empty string asks for every
        // coding this libcurl decodes (gzip, deflate, br, zstd here).
        if let encoding = request.headers["Accept-Encoding"] {
            apix_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, encoding)
            asksForEncoding = true
        } else if request.options.compressed {
            apix_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
            asksForEncoding = true
        }
        var lines = request.transportHeaderLines(uploads: source != nil)
        if case .awsSigV4? = request.options.authentication?.scheme {
            // libcurl 7.88 signs every line it is given, `Expect:` too, which only removes a field of its own and is
            // never sent: such a signature cannot verify. libcurl's own fields then go unsigned, as AWS allows.
            lines.removeAll { !$0.contains(" ") && $0.hasSuffix(":") }
        }
        for line in lines {
            headerList = apix_slist_append(headerList, line)
        }
        apix_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)
        // In the jar's `Cookie` field, not a second one (`PreparedRequest.ownCookie`).
        if let cookie = request.ownCookie { apix_easy_setopt_string(easy, CURLOPT_COOKIE, cookie) }
    }

    // MARK: - Callbacks (loop thread)

    func receiveHeader(_ bytes: UnsafeRawBufferPointer) {
        if firstHeaderNanos == 0 { firstHeaderNanos = monotonicNanos() }
        headBytes += bytes.count
        switch ResponseHeadLine.parse(bytes) {
        case .field(let name, let value):
            headers.add(name, value)
        case .status(let version, let code, let phrase):
            // A new head: an interim 1xx, or the real one.
            headers = HTTPHeaders()
            headComplete = false
            headBytes = bytes.count
            httpVersion = version
            statusCode = code
            reason = phrase
        case .end:
            guard statusCode >= 200 else { return }
            headComplete = true
            discardBody =
                request.options.followRedirects && HTTPStatus.redirectCodes.contains(statusCode)
                && headers.contains("Location")
            guard !discardBody, request.method != .head else { return }
            // A challenge libcurl may answer (Digest, NTLM, Negotiate) is followed by the real answer on the same
            // handle, its body skipped: the body is prepared when the first byte of one comes.
            bodyPending = request.options.authentication != nil && statusCode == 401
            if !bodyPending { prepareBody() }
        case .other:
            break
        }
    }

    /// Readies the sink (and the event stream) for the final head's body.
    private func prepareBody() {
        streaming = events?.begin(contentType: headers["Content-Type"], forced: request.options.stream) ?? false
        let expected = headers["Content-Length"].flatMap { Int64($0) }
        let length = headers.contains("Content-Encoding") ? nil : expected
        let coding = headers.values(for: "Content-Encoding").joined().lowercased()
        let decoded = asksForEncoding && !coding.isEmpty && coding != "identity"
        decodesBody = decoded
        if !sink.prepare(expectedLength: length, headers: headers, decoded: decoded, stream: streaming) {
            sinkFailed = true
        }
    }

    /// What the write callback tells libcurl about a piece of the body.
    enum BodyReceipt {
        case taken, refused
        /// Not taken now: the reader of a FIFO has not taken the last piece yet (`DownloadSink.isHeldByReader`).
        case paused
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> BodyReceipt {
        // A cancelled transfer takes no more: one call of `curl_multi_perform` can deliver megabytes before the loop
        // gets to its cancellations.
        if cancelRequested.withLock({ $0 }) { return .refused }
        if discardBody { return .taken }
        if bodyPending {
            bodyPending = false
            prepareBody()
        }
        if sinkFailed { return .refused }
        if sink.isHeldByReader { return .paused }
        if !sink.write(bytes) {
            sinkFailed = true
            return .refused
        }
        // Downloads to a file of the user's are not judged, as `maxBody` does not limit them.
        if decodesBody, request.options.downloadTo == nil, let ratio = request.options.maxBodyRatio,
            sink.written > BodyLimit.ratioFloor
        {
            // libcurl counts the body's bytes as they came, before decoding them into this callback.
            var wire: curl_off_t = 0
            apix_easy_getinfo_off(easy, CURLINFO_SIZE_DOWNLOAD_T, &wire)
            if BodyLimit.passesRatio(decoded: sink.written, wire: Int64(wire), ratio: ratio) {
                ratioStop = BodyLimit.ratioMessage(ratio: ratio, decoded: sink.written, wire: Int64(wire))
                sinkFailed = true
                return .refused
            }
        }
        // Past `--max-events` or a stop, the transfer ends here; `complete` makes it a success.
        if streaming, let events, !events.receive(bytes) { return .refused }
        return .taken
    }

    func readBody(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        source?.read(into: buffer, capacity: capacity) ?? 0
    }

    func rewindBody() -> Bool {
        source?.rewind() ?? true
    }

    /// Returns false to abort the transfer.
    func progressed(dlTotal: Int64, dlNow: Int64, ulTotal: Int64, ulNow: Int64) -> Bool {
        if cancelRequested.withLock({ $0 }) { return false }
        if streaming, events?.stopRequested == true { return false }
        let now = monotonicNanos()
        guard now &- lastProgressAt >= Self.progressInterval else { return true }
        let started = lastProgress.requestStarted || passedPreTransfer
        let progress = TransferProgress(
            sent: ulNow, sendTotal: source.map(\.length) ?? (ulTotal > 0 ? ulTotal : nil),
            received: discardBody ? 0 : dlNow, receiveTotal: discardBody || dlTotal <= 0 ? nil : dlTotal,
            requestStarted: started
        )
        guard progress != lastProgress else { return true }
        lastProgressAt = now
        lastProgress = progress
        onProgress(progress)
        return true
    }

    // MARK: - Completion (loop thread)

    /// Builds the result, sends the final progress event and resumes the waiting caller. Called exactly once.
    /// `connections` remembers the TLS facts of pooled connections (`collectConnection`).
    func complete(code: CURLcode, cancelled: Bool = false, connections: ConnectionMemory? = nil) {
        let result = outcome(code: code, cancelled: cancelled, connections: connections)
        let metrics: Metrics
        switch result {
        case .success(let response): metrics = response.metrics
        case .failure(let error): metrics = error.metrics
        }
        let sentTotal = source?.length ?? metrics.bytesSent
        let received = discardBody ? 0 : metrics.bytesReceived
        onProgress(
            TransferProgress(
                sent: metrics.bytesSent, sendTotal: sentTotal, received: received,
                // Cancelled transfers complete with CURLE_OK too: their total stays the announced one, so a bar
                // freezes at the share that arrived instead of reading 100 %.
                receiveTotal: code == CURLE_OK && !cancelled ? received : lastProgress.receiveTotal, isFinal: true))
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// The exchange's result: its response or why none came. `inspect` reads the connection's facts (address,
    /// TLS; a bench's repeated exchanges skip them).
    func outcome(
        code: CURLcode, cancelled: Bool, connections: ConnectionMemory?, inspect: Bool = true
    ) -> Result<Response, TransportError> {
        var metrics = collectMetrics()
        metrics.proxy = ProxyRoute.shown(for: request)
        saveCookies(after: headers)
        var result: Result<Response, TransportError>
        // A stream stopped on purpose (Esc, `--max-events`) ends with what arrived, as a server's end would.
        let stoppedStream = streaming && headComplete && events?.stopRequested == true && !sinkFailed
        if streaming { events?.finish() }
        if stoppedStream, let body = sink.finish() {
            result = .success(
                Response(
                    method: request.method, url: request.url, statusCode: statusCode, reason: reason,
                    httpVersion: httpVersion, headers: headers, body: body, metrics: metrics))
        } else if cancelled {
            result = .failure(TransportError(.cancelled, "cancelled", metrics: metrics))
        } else if code == CURLE_OK, statusCode > 0 {
            let body = discardBody || request.method == .head ? ResponseBody.empty : sink.finish()
            if let body {
                result = .success(
                    Response(
                        method: request.method, url: request.url, statusCode: statusCode, reason: reason,
                        httpVersion: httpVersion, headers: headers, body: body, metrics: metrics))
            } else {
                result = .failure(TransportError(.localIO, sink.failure ?? "cannot store body", metrics: metrics))
            }
        } else {
            result = .failure(error(for: code, metrics: metrics))
        }
        if inspect, case .success(var response) = result {
            response.connection = collectConnection(memory: connections)
            // How this exchange's own connection was made, for the history's drift (`PhaseDrift`).
            if response.connection?.reused == false { response.metrics.tlsResumed = response.connection?.tls?.resumed }
            result = .success(response)
        }
        if case .failure(var failure) = result, let note = sink.discard() {
            failure.note = note
            result = .failure(failure)
        }
        return result
    }
}
