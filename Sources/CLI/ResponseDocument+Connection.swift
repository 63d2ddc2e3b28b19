import ExplorerCore
import Foundation

/// `apix run --json`'s `connection` object: the address dialled, reuse, HTTP version, ALPN and, over TLS, the
/// version, cipher and certificate chain (`tls` is null in clear text).
extension ResponseDocument {
    static func connection(_ info: ConnectionInfo, now: Date = Date()) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        var object = JSONObject()
        object.append(key: "remote_ip", value: .string(info.remoteAddress))
        object.append(key: "remote_port", value: .number(String(info.remotePort)))
        object.append(key: "local_ip", value: .string(info.localAddress))
        object.append(key: "local_port", value: .number(String(info.localPort)))
        object.append(key: "reused", value: .bool(info.reused))
        object.append(key: "http_version", value: .string(info.httpVersion))
        object.append(key: "alpn", value: text(info.alpn))
        guard let tls = info.tls else {
            object.append(key: "tls", value: .null)
            return .object(object)
        }
        let certificates: [JSONValue] = tls.certificates.map { certificate in
            var entry = JSONObject()
            entry.append(key: "subject", value: .string(certificate.subject))
            entry.append(key: "issuer", value: .string(certificate.issuer))
            entry.append(key: "subject_alt_names", value: .array(certificate.alternativeNames.map(JSONValue.string)))
            entry.append(key: "not_before", value: text(certificate.notBefore.map(timestamp)))
            entry.append(key: "not_after", value: text(certificate.notAfter.map(timestamp)))
            entry.append(
                key: "days_left", value: certificate.daysLeft(at: now).map { .number(String($0)) } ?? .null)
            entry.append(key: "signature_algorithm", value: text(certificate.signatureAlgorithm))
            return .object(entry)
        }
        var tlsObject = JSONObject()
        tlsObject.append(key: "version", value: text(tls.version))
        tlsObject.append(key: "cipher", value: text(tls.cipher))
        tlsObject.append(key: "resumed", value: tls.resumed.map(JSONValue.bool) ?? .null)
        tlsObject.append(key: "certificates", value: .array(certificates))
        object.append(key: "tls", value: .object(tlsObject))
        return .object(object)
    }

    /// `2026-12-29T18:02:43Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
