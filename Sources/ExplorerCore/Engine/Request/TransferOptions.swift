/// How one request is carried out: time limits, redirects, TLS and where the body goes.
package struct TransferOptions: Sendable, Equatable {
    /// The whole exchange, redirects included; `nil` means no limit.
    package var timeout: Duration?
    var connectTimeout: Duration?
    /// Give up when no byte moves in either direction for this long (by default `defaultStallTimeout`).
    var stallTimeout: Duration?
    package var followRedirects: Bool
    package var maxRedirects: Int
    /// Where a redirect may resend the body (`redirect_body`; by default only to the same origin).
    var redirectBody: RedirectBody = .sameOrigin
    /// Skip TLS certificate and host name verification (never the default).
    package var insecure: Bool
    /// A PEM bundle of CAs to trust instead of the system's.
    var caFile: String?
    /// Write the response body to this file instead of memory.
    package var downloadTo: String?
    /// Ask for every content coding libcurl decodes (gzip, deflate, br, zstd) and decode the body; `false` sends
    /// no `Accept-Encoding` of its own, so bodies arrive as the server sends them. A user's own `Accept-Encoding`
    /// header wins either way (libcurl then decodes what it asked for).
    package var compressed: Bool
    /// Bodies larger than this spill from memory to a temporary file.
    package var memoryLimit: Int
    /// The HTTP version to ask for; `nil`: libcurl's default (HTTP/2 by ALPN over TLS, HTTP/1.1 in clear text).
    package var httpVersion: HTTPVersionChoice?
    /// The proxy URL; `""` goes direct; `nil` leaves it to libcurl (its environment variables). `RequestBuilder`
    /// always decides (`ProxyRoute`), so what is shown and what is used agree.
    var proxy: String?
    /// Hosts reached without the proxy (curl's `NO_PROXY` list), checked by libcurl on every hop.
    var noProxy: String?
    /// What chose `proxy`, to choose again for a redirect's URL; nil: every hop keeps `proxy`.
    var proxyRule: ProxyRoute.Rule?
    /// The client certificate, its key and the key's passphrase (mutual TLS).
    var certFile: String?
    var keyFile: String?
    var keyPassword: String?
    /// The cookie jar (Netscape format) read before and written after the exchange; `nil`: no cookies.
    package var cookieJar: String?
    /// The most bytes (decoded) kept of a body that goes to no file of the user's (`BodyLimit`); nil: no limit.
    package var maxBody: Int64?
    /// The most a body may grow by decoding (`Content-Encoding`): past `maxBodyRatio` times its size on the wire
    /// (once it is past `BodyLimit.ratioFloor`) the transfer stops (`BodyLimit`); nil: no limit.
    package var maxBodyRatio: Int64? = BodyLimit.defaultMaxBodyRatio
    /// Past `maxBody`, write the body to this descriptor (what was kept first, then the rest as it arrives)
    /// instead of stopping: `apix run` to a pipe. The response's body is then empty (`ResponseBody.streamedBytes`).
    package var overflowDescriptor: Int32?
    /// `stream: true`: the body is cut into events as it arrives even when it is not `text/event-stream`
    /// (`StreamMode.of`); such a body keeps its first `maxBody` bytes and goes on past them.
    package var stream = false
    /// A credential libcurl works out for this exchange (Digest, NTLM, Negotiate, AWS SigV4); nil: none. Set by
    /// `AuthInterceptor`, never to another origin after a redirect (`RedirectPolicy`).
    package var authentication: TransportCredential?

    package static let defaultMemoryLimit = 8 * 1024 * 1024
    /// What is kept of a body by default (`BodyLimit`): 1 GiB.
    package static let defaultMaxBody = BodyLimit.defaultMaxBody

    /// A size as `max_body:` and `--max-body` read it (`1048576`, `500MB`, `1GiB`; `0`: no limit), nil when it is
    /// not one (`BodyLimit.parse`).
    package static func size(_ text: String) -> Int64? { BodyLimit.parse(text) }
    /// Five minutes without a byte either way ends a transfer unless the profile says otherwise
    /// (`stall_timeout`, `0`: never). There is no default total limit, since downloads may rightly take hours; a
    /// dead connection (a peer gone without a word, which TCP alone may never notice) would otherwise hang for
    /// ever. Long enough for a slow server to think; long polls set `stall_timeout: 0`.
    package static let defaultStallTimeout: Duration = .seconds(300)

    package init(
        timeout: Duration? = nil,
        connectTimeout: Duration? = .seconds(10),
        stallTimeout: Duration? = TransferOptions.defaultStallTimeout,
        followRedirects: Bool = true,
        maxRedirects: Int = 10,
        insecure: Bool = false,
        caFile: String? = nil,
        downloadTo: String? = nil,
        memoryLimit: Int = TransferOptions.defaultMemoryLimit,
        compressed: Bool = true,
        maxBody: Int64? = TransferOptions.defaultMaxBody
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.insecure = insecure
        self.caFile = caFile
        self.downloadTo = downloadTo
        self.memoryLimit = memoryLimit
        self.compressed = compressed
        self.maxBody = maxBody
    }
}
