/// Which HTTP version to ask for (`http_version:`, `--http1.1`, `--http2`).
///
/// Without a choice libcurl's default applies: HTTP/2 over TLS when the server offers it by ALPN, HTTP/1.1 in
/// clear text.
package enum HTTPVersionChoice: String, Sendable, Hashable, CaseIterable {
    /// HTTP/1.1 only, also over TLS.
    case http1 = "1.1"
    /// HTTP/2 over TLS by ALPN, and an `Upgrade: h2c` offer in clear text.
    case http2 = "2"
    /// HTTP/2 from the first byte, also in clear text (h2c with prior knowledge).
    case http2PriorKnowledge = "2-prior-knowledge"

    /// The curl command-line flag that asks for the same.
    var curlFlag: String {
        switch self {
        case .http1: "--http1.1"
        case .http2: "--http2"
        case .http2PriorKnowledge: "--http2-prior-knowledge"
        }
    }

    /// libcurl's `CURLOPT_HTTP_VERSION` value.
    var curlValue: Int {
        switch self {
        case .http1: 2  // CURL_HTTP_VERSION_1_1
        case .http2: 3  // CURL_HTTP_VERSION_2_0
        case .http2PriorKnowledge: 5  // CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE
        }
    }
}
