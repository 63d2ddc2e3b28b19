import CCurl

extension CurlTransfer {
    /// Whether libcurl passed its pre-transfer point (connected, the request on its way): a progress event says
    /// so, and the screen says "waiting for the answer" rather than "connecting" before the first response byte.
    var passedPreTransfer: Bool {
        var value: curl_off_t = 0
        apix_easy_getinfo_off(easy, CURLINFO_PRETRANSFER_TIME_T, &value)
        return value > 0
    }
}
