import CCurl
import Foundation

/// The phases of a finished exchange, from libcurl's timers (loop thread, before the handle leaves the multi).
extension CurlTransfer {
    func collectMetrics() -> Metrics {
        func micros(_ info: CURLINFO) -> Int64 {
            var value: curl_off_t = 0
            apix_easy_getinfo_off(easy, info, &value)
            return Int64(value)
        }
        let lookup = micros(CURLINFO_NAMELOOKUP_TIME_T)
        let connect = max(lookup, micros(CURLINFO_CONNECT_TIME_T))
        let appConnect = micros(CURLINFO_APPCONNECT_TIME_T)
        let tlsDone = appConnect > 0 ? max(connect, appConnect) : connect
        let preTransfer = max(tlsDone, micros(CURLINFO_PRETRANSFER_TIME_T))
        let curlTotal = micros(CURLINFO_TOTAL_TIME_T)
        // libcurl 7.x stamps "start transfer" when a read-callback upload begins, not when the response starts;
        // for uploads the first response byte is taken from the header callback instead.
        var firstByteAt = micros(CURLINFO_STARTTRANSFER_TIME_T)
        if source != nil, firstHeaderNanos > startedAtNanos {
            firstByteAt = Int64((firstHeaderNanos - startedAtNanos) / 1000)
        }
        // No byte of an answer came (a timeout, a cancel, a connection that closed): the time after sending was all
        // waiting for the server, not a transfer.
        if firstByteAt == 0 { firstByteAt = curlTotal }
        let firstByte = min(max(preTransfer, firstByteAt), max(preTransfer, curlTotal))
        let total = max(firstByte, curlTotal)
        var uploaded: curl_off_t = 0
        var downloaded: curl_off_t = 0
        var connects = 0
        apix_easy_getinfo_off(easy, CURLINFO_SIZE_UPLOAD_T, &uploaded)
        apix_easy_getinfo_off(easy, CURLINFO_SIZE_DOWNLOAD_T, &downloaded)
        apix_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        let ended = Date()
        return Metrics(
            startedAt: startedAt, endedAt: ended,
            dns: .microseconds(lookup), connect: .microseconds(connect - lookup),
            tls: .microseconds(tlsDone - connect), preTransfer: .microseconds(preTransfer - tlsDone),
            firstByte: .microseconds(firstByte - preTransfer), transfer: .microseconds(total - firstByte),
            total: .microseconds(total), bytesSent: Int64(uploaded), bytesReceived: Int64(downloaded),
            // A reused connection needs no new connect; a transfer that never got a response reused nothing.
            reusedConnection: connects == 0 && statusCode > 0, decoding: decoding(wireBytes: Int64(downloaded)))
    }

    /// The body's wire and decoded sizes when libcurl decoded a `Content-Encoding` it asked for.
    private func decoding(wireBytes: Int64) -> BodyDecoding? {
        let encoding = headers.values(for: "Content-Encoding").joined(separator: ", ")
        guard asksForEncoding, !discardBody, request.method != .head, !encoding.isEmpty,
            encoding.lowercased() != "identity"
        else { return nil }
        return BodyDecoding(encoding: encoding, wireBytes: wireBytes, decodedBytes: sink.written)
    }
}
