import CCurl
import Foundation

/// The connection inspector's side of an exchange: what libcurl is asked to report (for TLS only: the certificate
/// chain and its verbose text, where the version, cipher and ALPN answer are said), and the `ConnectionInfo` read
/// from it when the exchange is done.
extension CurlTransfer {
    /// Asks libcurl for the certificate chain and its handshake text, over TLS only (in clear text there is
    /// nothing to learn, and the verbose text would cost a callback per header line for nothing).
    func configureConnectionInspection(context: UnsafeMutableRawPointer) {
        guard request.url.lowercased().hasPrefix("https:") else { return }
        apix_easy_setopt_long(easy, CURLOPT_CERTINFO, 1)
        apix_easy_setopt_debug_callback(easy, curlDebugCallback)
        apix_easy_setopt_pointer(easy, CURLOPT_DEBUGDATA, context)
        apix_easy_setopt_long(easy, CURLOPT_VERBOSE, 1)
    }

    /// The connection of a finished exchange (loop thread, after it left the multi); `memory` supplies and keeps
    /// the TLS facts of reused connections.
    func collectConnection(memory: ConnectionMemory?) -> ConnectionInfo {
        var connects = 0
        var version = 0
        var remotePort = 0
        var localPort = 0
        apix_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        apix_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        apix_easy_getinfo_long(easy, CURLINFO_PRIMARY_PORT, &remotePort)
        apix_easy_getinfo_long(easy, CURLINFO_LOCAL_PORT, &localPort)
        var info = ConnectionInfo(
            remoteAddress: string(CURLINFO_PRIMARY_IP), remotePort: remotePort,
            localAddress: string(CURLINFO_LOCAL_IP), localPort: localPort, reused: connects == 0,
            httpVersion: Self.versionName(version), alpn: handshake.alpn)
        guard request.url.lowercased().hasPrefix("https:") else { return info }
        let certificates = readCertificates()
        if info.reused, handshake.version == nil, certificates.isEmpty {
            if memory?.recall(into: &info) != true { info.tls = ConnectionInfo.TLS() }
            return info
        }
        info.tls = ConnectionInfo.TLS(
            version: handshake.version, cipher: handshake.cipher, certificates: certificates,
            resumed: handshake.resumed)
        memory?.remember(info)
        return info
    }

    private func string(_ item: CURLINFO) -> String {
        var pointer: UnsafeMutablePointer<CChar>?
        apix_easy_getinfo_string(easy, item, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// `HTTP/1.1`, `HTTP/2`, … from `CURLINFO_HTTP_VERSION`.
    static func versionName(_ value: Int) -> String {
        switch value {
        case CURL_HTTP_VERSION_1_0: "HTTP/1.0"
        case CURL_HTTP_VERSION_1_1: "HTTP/1.1"
        case CURL_HTTP_VERSION_2_0: "HTTP/2"
        case CURL_HTTP_VERSION_3: "HTTP/3"
        default: ""
        }
    }

    /// The chain libcurl collected (`CURLOPT_CERTINFO`), at most `maxCertificates` of them.
    private func readCertificates() -> [ConnectionInfo.Certificate] {
        var pointer: UnsafeMutablePointer<curl_certinfo>?
        guard apix_easy_getinfo_certinfo(easy, &pointer) == CURLE_OK, let info = pointer?.pointee,
            info.num_of_certs > 0, let lists = info.certinfo
        else { return [] }
        var certificates: [ConnectionInfo.Certificate] = []
        for index in 0..<min(Int(info.num_of_certs), Self.maxCertificates) {
            var lines: [String] = []
            var item = lists[index]
            while let node = item, lines.count < 64 {
                if let data = node.pointee.data { lines.append(String(cString: data)) }
                item = node.pointee.next
            }
            certificates.append(Self.certificate(fromLines: lines))
        }
        return certificates
    }

    /// Longest chain kept (a server may send any number).
    static let maxCertificates = 10
    /// Longest name kept from a certificate, in characters.
    static let maxField = 1024

    /// One certificate from libcurl's `Name:value` lines (OpenSSL's names: `Subject`, `Issuer`,
    /// `X509v3 Subject Alternative Name`, `Start date`, `Expire date`, `Signature Algorithm`).
    static func certificate(fromLines lines: [String]) -> ConnectionInfo.Certificate {
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            guard fields[name] == nil else { continue }
            fields[name] = String(line[line.index(after: colon)...].prefix(maxField))
        }
        let names = (fields["X509v3 Subject Alternative Name"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        return ConnectionInfo.Certificate(
            subject: fields["Subject"] ?? "", issuer: fields["Issuer"] ?? "",
            alternativeNames: Array(names.prefix(100)),
            notBefore: fields["Start date"].flatMap(date), notAfter: fields["Expire date"].flatMap(date),
            signatureAlgorithm: fields["Signature Algorithm"])
    }

    /// OpenSSL's `Dec 29 18:02:43 2026 GMT` (the day may be padded with a space), in UTC.
    static func date(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count >= 4, let month = months.firstIndex(of: String(parts[0])), let day = Int(parts[1]),
            let year = Int(parts[3])
        else { return nil }
        let clock = parts[2].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month + 1, day)
        (components.hour, components.minute, components.second) = (clock[0], clock[1], clock[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }
}
