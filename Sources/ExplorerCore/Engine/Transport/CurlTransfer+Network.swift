import CCurl

/// The network options of one exchange: HTTP version, proxy, client certificate and cookie jar.
extension CurlTransfer {
    /// HTTP version, proxy, client certificate and cookie jar.
    func configureNetwork(_ options: TransferOptions) {
        Self.configureNetwork(easy, options, url: request.url)
    }

    /// The same on any easy handle: a WebSocket connection (`WebSocketConnection`) gets the settings an exchange
    /// to `url` would.
    static func configureNetwork(_ easy: UnsafeMutableRawPointer, _ options: TransferOptions, url: String) {
        if let version = options.httpVersion {
            apix_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, version.curlValue)
        }
        // Requests that start at once to the same host wait for the first connection's TLS handshake and share it
        // when it speaks HTTP/2, instead of opening one each. Not in clear text without prior knowledge: there
        // the answer to the first request would be the wait.
        let tls = url.lowercased().hasPrefix("https:")
        if options.httpVersion == .http2PriorKnowledge || (tls && options.httpVersion != .http1) {
            apix_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1)
        }
        if let proxy = options.proxy { apix_easy_setopt_string(easy, CURLOPT_PROXY, proxy) }
        if let noProxy = options.noProxy { apix_easy_setopt_string(easy, CURLOPT_NOPROXY, noProxy) }
        if let certFile = options.certFile {
            apix_easy_setopt_string(easy, CURLOPT_SSLCERT, certFile)
            apix_easy_setopt_string(easy, CURLOPT_SSLCERTTYPE, "PEM")
        }
        if let keyFile = options.keyFile { apix_easy_setopt_string(easy, CURLOPT_SSLKEY, keyFile) }
        if let password = options.keyPassword { apix_easy_setopt_string(easy, CURLOPT_KEYPASSWD, password) }
        // A share holds the TLS sessions too (one handle has one share): a new connection to a host resumes the
        // session an earlier one made, as a browser does, which `tls` then shows (`ConnectionInfo.TLS.resumed`).
        if let jar = options.cookieJar, let share = CookieShares.share(for: jar) {
            // The share holds the jar's cookies, read from the file when it changed (a jar that does not exist yet
            // is no error); the empty file name turns the cookie engine on for this handle without reading one.
            CookieShares.loadIfChanged(jar, into: share)
            apix_easy_setopt_share(easy, share)
            apix_easy_setopt_string(easy, CURLOPT_COOKIEFILE, "")
        } else if tls, let share = apix_tls_share() {
            apix_easy_setopt_share(easy, share)
        }
    }

    /// Writes the jar after an answer that set cookies (libcurl would write it only when the handle is cleaned up,
    /// and then on whichever thread that happens).
    func saveCookies(after headers: HTTPHeaders) {
        guard let jar = request.options.cookieJar, headers.contains("Set-Cookie"), CookieJar.prepare(jar) else {
            return
        }
        apix_easy_setopt_string(easy, CURLOPT_COOKIEJAR, jar)
        apix_easy_setopt_string(easy, CURLOPT_COOKIELIST, "FLUSH")
    }
}
