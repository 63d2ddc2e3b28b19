import Foundation

/// The `Cookie` field libcurl's cookie engine (7.88) writes into a request from its cookie list
/// (`CURLINFO_COOKIELIST`, Netscape lines in the list's order), computed by apix: the request as shown (`apix run
/// --json`, the Request tab, the history) carries it, and a WebSocket upgrade, which libcurl does not write, sends it.
///
/// libcurl's own rules, so that what is shown is what went:
/// - a cookie goes when its domain matches the host (a `Domain=` cookie the host or a subdomain, except to an IP
///   address; a host-only one the host exactly), its path is a prefix of the URL's path ending at a `/` or at its
///   end, it has not expired, and, when `Secure`, the request goes over TLS or to the local host (`localhost`,
///   `127.0.0.1`, `::1`: libcurl counts those as secure);
/// - at most 150 of them, taken in the list's order, then ordered longest path first, then longest domain, then
///   longest name, then the newest first (a list keeps each host's cookies in the order they were made: a
///   replaced cookie keeps its place);
/// - the field stops before a cookie that would make it 8,190 bytes or more.
package enum RequestCookies {
    /// libcurl's `MAX_COOKIE_SEND_AMOUNT`.
    static let maxCount = 150
    /// libcurl's `MAX_COOKIE_HEADER_LEN`.
    static let maxLength = 8190

    /// The field's value for a request to `url` (`host`: a `Host` header the request sets, which libcurl matches
    /// cookies against instead), nil when no cookie goes.
    package static func header(lines: [String], url: URLComponents, host: String? = nil, now: Date) -> String? {
        let cookies = sent(CookieJar.parse(lines.joined(separator: "\n")), url: url, host: host, now: now)
        return cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// The cookies of `cookies` (a jar's, in its list's order) that go with a request to `url`, in the order they go.
    package static func sent(_ cookies: [CookieJar.Cookie], url: URLComponents, host: String? = nil, now: Date)
        -> [CookieJar.Cookie]
    {
        let host = (host ?? url.host ?? "").lowercased()
        guard !host.isEmpty else { return [] }
        let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        let scheme = url.scheme?.lowercased() ?? ""
        let secure = scheme == "https" || scheme == "wss" || ["localhost", "127.0.0.1", "::1"].contains(host)
        let isIP = isIPAddress(host)
        // libcurl drops a cookie once its expiry (whole seconds) is before now.
        let seconds = now.timeIntervalSince1970.rounded(.down)
        var matched: [(order: Int, cookie: CookieJar.Cookie)] = []
        for (order, cookie) in cookies.enumerated() {
            guard cookie.expires.map({ $0.timeIntervalSince1970 >= seconds }) ?? true, !cookie.secure || secure,
                cookie.goes(to: host, isIP: isIP), cookie.goes(toPath: path)
            else { continue }
            matched.append((order, cookie))
            if matched.count >= maxCount { break }
        }
        matched.sort { first, second in
            let (a, b) = (first.cookie, second.cookie)
            if a.path.utf8.count != b.path.utf8.count { return a.path.utf8.count > b.path.utf8.count }
            if a.bareDomain.utf8.count != b.bareDomain.utf8.count {
                return a.bareDomain.utf8.count > b.bareDomain.utf8.count
            }
            if a.name.utf8.count != b.name.utf8.count { return a.name.utf8.count > b.name.utf8.count }
            return first.order > second.order
        }
        var going: [CookieJar.Cookie] = []
        var length = 0
        for (_, cookie) in matched {
            let add = cookie.name.utf8.count + cookie.value.utf8.count + 1
            guard length + add < maxLength else { break }
            length += add + (going.isEmpty ? 0 : 2)
            going.append(cookie)
        }
        return going
    }

    /// The host a `Host` header names, as libcurl takes it for cookies: inside brackets, else before a colon.
    package static func host(fromHeader value: String) -> String {
        let value = value.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("[") {
            let inside = value.dropFirst()
            return String(inside.prefix { $0 != "]" })
        }
        return String(value.prefix { $0 != ":" })
    }

    /// The field with each value masked (`session=••••; theme=••••`): the names say which cookies went.
    package static func masked(_ header: String) -> String {
        header.components(separatedBy: "; ").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return VariableScope.mask }
            return pair[..<equals] + "=" + VariableScope.mask
        }.joined(separator: "; ")
    }

    private static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}

extension CookieJar.Cookie {
    /// The domain without the leading dot a `Domain=` cookie is listed with.
    var bareDomain: String {
        let lower = domain.lowercased()
        return lower.hasPrefix(".") ? String(lower.dropFirst()) : lower
    }

    /// Whether it goes to `host`: a `Domain=` cookie to the domain and its subdomains (to an IP address only
    /// exactly), a host-only one to its host.
    func goes(to host: String, isIP: Bool) -> Bool {
        if includesSubdomains && !isIP { return host == bareDomain || host.hasSuffix("." + bareDomain) }
        return host == bareDomain
    }

    /// RFC 6265 §5.1.4 on the path as libcurl keeps it for matching: a leading and a trailing quote dropped, one not
    /// starting with `/` read as `/`, and without a trailing `/` (`/docs/` matches `/docs`).
    func goes(toPath requestPath: String) -> Bool {
        var cookiePath = path
        if cookiePath.hasPrefix("\"") { cookiePath.removeFirst() }
        if cookiePath.hasSuffix("\"") { cookiePath.removeLast() }
        if cookiePath.count > 1, cookiePath.hasSuffix("/") { cookiePath.removeLast() }
        guard !cookiePath.isEmpty, cookiePath.hasPrefix("/") else { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath == "/"
            || requestPath.dropFirst(cookiePath.count).first == "/"
    }
}
