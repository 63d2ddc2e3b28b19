import Foundation

/// The connection an answer came on: the address dialled, whether it was new, the HTTP version and ALPN, and for
/// TLS the version, cipher and the certificate chain the server sent (libcurl's `CURLINFO_CERTINFO`).
///
/// Every text here but the addresses came from the server (certificate names, the cipher it chose): shown only
/// through `SafeText`.
package struct ConnectionInfo: Sendable, Equatable {
    /// The address and port dialled (a proxy's, when the exchange went through one).
    package var remoteAddress: String
    package var remotePort: Int
    package var localAddress: String
    package var localPort: Int
    /// False when libcurl opened a connection for this exchange, true when it reused one from its pool.
    package var reused: Bool
    /// `HTTP/1.1`, `HTTP/2`, … as libcurl spoke it.
    package var httpVersion: String
    /// The protocol the server chose by ALPN (`h2`, `http/1.1`); nil without TLS or when it chose none.
    package var alpn: String?
    /// nil for clear text.
    package var tls: TLS?

    /// What the TLS handshake settled. On a reused connection it is what its handshake said, when apix saw it.
    package struct TLS: Sendable, Equatable {
        /// `TLSv1.3`; nil when not seen (a reused connection whose handshake apix did not see).
        package var version: String?
        /// `TLS_AES_256_GCM_SHA384`.
        package var cipher: String?
        /// The chain as the server sent it, its own certificate first; empty when not seen.
        package var certificates: [Certificate]
        /// Whether the handshake resumed a session an earlier connection made (an abbreviated handshake, no
        /// certificate sent again); nil when not known.
        package var resumed: Bool?

        package init(
            version: String? = nil, cipher: String? = nil, certificates: [Certificate] = [], resumed: Bool? = nil
        ) {
            self.version = version
            self.cipher = cipher
            self.certificates = certificates
            self.resumed = resumed
        }
    }

    /// One certificate of the chain.
    package struct Certificate: Sendable, Equatable {
        package var subject: String
        package var issuer: String
        /// `DNS:example.com`, `IP Address:127.0.0.1`, … as the extension lists them.
        package var alternativeNames: [String]
        package var notBefore: Date?
        package var notAfter: Date?
        package var signatureAlgorithm: String?

        package init(
            subject: String, issuer: String, alternativeNames: [String] = [], notBefore: Date? = nil,
            notAfter: Date? = nil, signatureAlgorithm: String? = nil
        ) {
            self.subject = subject
            self.issuer = issuer
            self.alternativeNames = alternativeNames
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.signatureAlgorithm = signatureAlgorithm
        }

        /// Whole days from `now` to `notAfter`, rounded down (negative once it has expired); nil without a date.
        package func daysLeft(at now: Date = Date()) -> Int? {
            notAfter.map { Int(($0.timeIntervalSince(now) / 86_400).rounded(.down)) }
        }
    }

    package init(
        remoteAddress: String, remotePort: Int, localAddress: String = "", localPort: Int = 0, reused: Bool,
        httpVersion: String, alpn: String? = nil, tls: TLS? = nil
    ) {
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
        self.localAddress = localAddress
        self.localPort = localPort
        self.reused = reused
        self.httpVersion = httpVersion
        self.alpn = alpn
        self.tls = tls
    }

    /// `127.0.0.1:8443`, `[::1]:8443`.
    package static func endpoint(_ address: String, _ port: Int) -> String {
        address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
    }
}
