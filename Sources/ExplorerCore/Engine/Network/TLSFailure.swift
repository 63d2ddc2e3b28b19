/// Which side of a TLS handshake failed, in one line: the server's certificate, the client's, or the key.
///
/// libcurl's own words (OpenSSL's, mostly) stay in parentheses; what comes first says what to fix.
struct TLSFailure: Sendable, Equatable {
    enum Side: Sendable, Equatable {
        /// The server's certificate is not trusted (unknown CA, self-signed, expired, wrong host name).
        case serverCertificate
        /// The CA file given (`ca_file`, `--cacert`) cannot be read.
        case caFile
        /// The client certificate given cannot be loaded.
        case clientCertificate
        /// The client key cannot be used: wrong passphrase, or it does not match the certificate.
        case clientKey
        /// The server asked for a client certificate and none was given.
        case clientCertificateRequired
        /// The server refused the client certificate it was given.
        case clientCertificateRejected
        /// The server answered the handshake with something that is not TLS: most often plain HTTP on that port.
        case notTLS
        /// Anything else in the handshake (protocol versions, ciphers).
        case handshake
    }

    var side: Side
    var detail: String

    init(curlCode: Int, message: String, options: TransferOptions) {
        detail = message
        let lower = message.lowercased()
        let hasCertificate = options.certFile != nil
        switch curlCode {
        case 60, 83:  // CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR
            side = .serverCertificate
        case 77:  // CURLE_SSL_CACERT_BADFILE
            side = .caFile
        case 58:  // CURLE_SSL_CERTPROBLEM
            side = lower.contains("private key") || lower.contains("pass phrase") ? .clientKey : .clientCertificate
        default:
            if lower.contains("alert certificate required") || (!hasCertificate && Self.isClientAlert(lower)) {
                side = .clientCertificateRequired
            } else if hasCertificate && Self.isClientAlert(lower) {
                side = .clientCertificateRejected
            } else if lower.contains("certificate verify failed") || lower.contains("certificate problem") {
                side = .serverCertificate
            } else if ["wrong version number", "packet length too long", "unknown protocol"].contains(where: {
                lower.contains($0)
            }) {
                // OpenSSL's words (LibreSSL's last) when the first bytes back are not a TLS record: `HTTP/1.1 400`.
                side = .notTLS
            } else {
                side = .handshake
            }
        }
    }

    /// Alerts a server sends about the client's certificate.
    private static func isClientAlert(_ lower: String) -> Bool {
        [
            "alert bad certificate", "alert unknown ca", "alert certificate unknown", "alert certificate required",
            "alert handshake failure", "alert access denied", "alert decrypt error",
        ].contains { lower.contains($0) }
    }

    /// Whether libcurl's message is a server's alert about the client certificate (it may arrive on the first read).
    static func isClientCertificateAlert(_ message: String) -> Bool {
        let lower = message.lowercased()
        return lower.contains("alert") && isClientAlert(lower)
    }

    /// `TLS: server certificate not trusted (SSL certificate problem: self-signed certificate)`.
    var summary: String {
        let what =
            switch side {
            case .serverCertificate: "server certificate not trusted"
            case .caFile: "CA file cannot be read"
            case .clientCertificate: "client certificate cannot be loaded"
            case .clientKey: "client key cannot be used (wrong passphrase, or not the certificate's key)"
            case .clientCertificateRequired: "the server asks for a client certificate (cert_file, --cert)"
            case .clientCertificateRejected: "client certificate rejected by the server"
            case .notTLS:
                "the server did not answer in TLS: it may speak plain HTTP on this port (http://, not https://?)"
            case .handshake: "handshake failed"
            }
        return "TLS: \(what) (\(detail))"
    }
}
