/// A bench's handle used again for the same request (`CurlBurst`): libcurl keeps every option set on it, so only
/// what one exchange left behind is cleared.
extension CurlTransfer {
    /// Readies the handle (out of the multi) for the next exchange of the same request.
    func rearm() {
        statusCode = 0
        reason = ""
        httpVersion = ""
        headers = HTTPHeaders()
        headComplete = false
        headBytes = 0
        discardBody = false
        bodyPending = false
        sinkFailed = false
        decodesBody = false
        ratioStop = nil
        streaming = false
        handshake = HandshakeNotes()
        lastProgressAt = 0
        lastProgress = TransferProgress()
        firstHeaderNanos = 0
        sink = Self.sink(for: request)
        watchSink()
        _ = source?.rewind()
    }
}
