import Foundation

/// The one decision of which header fields a request goes out with: what apix hands libcurl
/// (`transportHeaderLines`), and the same fields as they appear on the wire with what libcurl adds itself
/// (`headersOnTheWire`), which `apix run --json` shows (and the TUI's request view will).
extension PreparedRequest {
    /// Header names whose empty value removes the field libcurl would add (`Name:`); any other empty value is
    /// sent empty (`Name;`).
    static let removableHeaders = ["Expect", "Content-Type", "Accept"]

    /// The request's headers plus apix's defaults: its `User-Agent`, no `Expect: 100-continue` (servers that never
    /// answer it cost a second per upload), and the body's `Content-Type` (none for a body without a type).
    /// `Accept-Encoding` is left out: libcurl sends it so that it decodes what it asked for.
    func transportHeaders(uploads: Bool) -> HTTPHeaders {
        var headers = self.headers
        headers.remove("Accept-Encoding")
        // Sent in the one `Cookie` field with the jar's (`ownCookie`).
        if ownCookie != nil { headers.remove("Cookie") }
        if !headers.contains("User-Agent") { headers.add("User-Agent", "apix/\(Apix.version)") }
        if !headers.contains("Expect") { headers.add("Expect", "") }
        if let type = body.contentType, !headers.contains("Content-Type") { headers.add("Content-Type", type) }
        if uploads, !headers.contains("Content-Type") { headers.add("Content-Type", "") }
        return headers
    }

    /// The request's own `Cookie` fields as one value, for libcurl's `CURLOPT_COOKIE`: libcurl writes it into the same
    /// field as the jar's cookies, after them. Given as a header, it went as a second `Cookie` field, which RFC 6265
    /// §5.4 does not allow and servers misread (Werkzeug joins the two with a comma, making it part of the jar's last
    /// cookie's value). Nil when the request sets none with a value.
    var ownCookie: String? {
        let values = headers.values(for: "Cookie").filter { !$0.isEmpty }
        return values.isEmpty ? nil : values.joined(separator: "; ")
    }

    /// The one `Cookie` field libcurl writes: the jar's cookies (`jarCookie`, as shown), then the request's own.
    func cookieField(jarCookie: String?) -> String? {
        let parts = [jarCookie, ownCookie].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// libcurl's `CURLOPT_HTTPHEADER` lines for `transportHeaders`.
    func transportHeaderLines(uploads: Bool) -> [String] {
        transportHeaders(uploads: uploads).map { field in
            guard field.value.isEmpty else { return "\(field.name): \(field.value)" }
            let removes = Self.removableHeaders.contains { field.name.caseInsensitiveEquals($0) }
            return removes ? "\(field.name):" : "\(field.name);"
        }
    }

    /// Every header field as it goes on the wire over HTTP/1.1, in libcurl's order: `Host` (from the URL, unless
    /// set), `Accept: */*` (unless set or removed), `Accept-Encoding` (when asked for), one `Cookie` (libcurl writes
    /// it there: the jar's cookies, then the request's own, `cookieField`), the transport headers without the removed
    /// ones, and `Content-Length` for a body (unless set).
    ///
    /// `sentBody`: the body that really went (a shown request's masked body may differ in length, and a multipart
    /// one in its boundary); this request's own when nil. `jarCookie`: the jar's field as shown (masked or not).
    package func headersOnTheWire(sentBody: RequestBody? = nil, jarCookie: String? = nil) -> HTTPHeaders {
        var request = self
        if let sentBody { request.body = sentBody }
        let uploads = !request.body.isEmpty
        let sent = request.transportHeaders(uploads: uploads)
        let bodyLength = uploads ? (try? request.body.segments())?.reduce(0) { $0 + $1.count } : nil
        var wire = HTTPHeaders()
        if !sent.contains("Host"), let host = Self.hostField(of: url) { wire.add("Host", host) }
        if !sent.contains("Accept") { wire.add("Accept", "*/*") }
        if let encoding = headers["Accept-Encoding"] {
            wire.add("Accept-Encoding", encoding)
        } else if options.compressed {
            wire.add("Accept-Encoding", Self.decodedCodings)
        }
        if let cookie = cookieField(jarCookie: jarCookie) { wire.add("Cookie", cookie) }
        for field in sent {
            let removes = Self.removableHeaders.contains { field.name.caseInsensitiveEquals($0) }
            if field.value.isEmpty && removes { continue }
            wire.add(field.name, field.value)
        }
        if uploads, let bodyLength, !sent.contains("Content-Length") { wire.add("Content-Length", String(bodyLength)) }
        return wire
    }

    /// What libcurl sends when asked for every coding it decodes (`CURLOPT_ACCEPT_ENCODING` ""): the libcurl this
    /// machine runs decodes all four; `RunWireHeadersTests` compares it with what a server receives.
    static let decodedCodings = "deflate, gzip, br, zstd"

    /// `host[:port]` as libcurl writes the `Host` field: the port only when it is not the scheme's default.
    static func hostField(of url: String) -> String? {
        guard let components = URLComponents(string: url), let host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        let scheme = components.scheme?.lowercased()
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let port = components.port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443)
        else { return shownHost }
        return "\(shownHost):\(port)"
    }
}
