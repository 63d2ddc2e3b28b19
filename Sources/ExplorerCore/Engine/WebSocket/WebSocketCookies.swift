import CCurl
import Foundation

/// The cookies of a WebSocket upgrade: libcurl parses no answer on a `CURLOPT_CONNECT_ONLY` connection and writes no
/// request, so apix keeps the answer's cookies itself (`jarLine`) and sends the jar's (`RequestCookies`).
enum WebSocketCookies {
    /// A `Set-Cookie` value of the upgrade answer as a jar line (libcurl's Netscape format, for `CURLOPT_COOKIELIST`):
    /// libcurl parses no answer on a `CURLOPT_CONNECT_ONLY` connection, and a `Set-Cookie:` line given to it without
    /// the request's host would be kept with no domain (sent to every host). So apix applies RFC 6265 §5.2–5.3
    /// itself: a `Domain` that the host does not domain-match refuses the cookie, none makes it host-only; `Path`
    /// must start with `/`, else the request path's directory (§5.1.4); `Max-Age` wins over `Expires`; a cookie that
    /// already expired is written expired, which removes the one the jar holds. Nil for a line that is no cookie.
    static func jarLine(setCookie: String, url: URLComponents, now: Date) -> String? {
        let host = (url.host ?? "").lowercased()
        let parts = setCookie.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "="), !host.isEmpty else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        // Tabs and line ends would break the jar's format (a line per cookie, tab-separated).
        guard !name.isEmpty, !(name + value).contains(where: { $0 == "\t" || $0.isNewline }) else { return nil }
        var cookie = CookieJar.Cookie(
            domain: host, includesSubdomains: false, path: defaultPath(url.path), secure: false, httpOnly: false,
            expires: nil, name: name, value: value)
        var maxAge: Int64?
        for attribute in parts.dropFirst() {
            let (key, text) = split(attribute)
            switch key {
            case "domain":
                var domain = text.lowercased()
                if domain.hasPrefix(".") { domain.removeFirst() }
                guard !domain.isEmpty else { continue }
                guard host == domain || host.hasSuffix("." + domain), acceptsDomain(domain, host: host) else {
                    return nil
                }
                cookie.domain = domain
                cookie.includesSubdomains = true
            case "path" where text.hasPrefix("/"):
                cookie.path = text
            case "secure":
                cookie.secure = true
            case "httponly":
                cookie.httpOnly = true
            case "max-age":
                if let seconds = Int64(text) { maxAge = seconds }
            case "expires" where maxAge == nil:
                cookie.expires = HTTPDate.parse(text)
            default:
                continue
            }
        }
        if let maxAge {
            cookie.expires = maxAge <= 0 ? Date(timeIntervalSince1970: 1) : now.addingTimeInterval(TimeInterval(maxAge))
        }
        return CookieJar.line(cookie)
    }

    /// libcurl's own rule for a `Domain=` an HTTP answer sets (a jar line it is given is not checked, so apix applies
    /// it): with libpsl, `psl_is_cookie_domain_acceptable`, so no cookie for a public suffix other than the host
    /// itself; a server at `ws.evil.co.uk` would otherwise set one that every `co.uk` host of the profile is sent.
    /// Without libpsl, as libcurl without it: a domain with an inner dot, or `localhost`.
    private static func acceptsDomain(_ domain: String, host: String) -> Bool {
        switch apix_psl_cookie_domain_acceptable(host, domain) {
        case 1: true
        case 0: false
        default: domain == "localhost" || (domain.dropLast().contains(".") && !domain.hasSuffix("."))
        }
    }

    private static func split(_ attribute: Substring) -> (String, String) {
        guard let equals = attribute.firstIndex(of: "=") else {
            return (attribute.trimmingCharacters(in: .whitespaces).lowercased(), "")
        }
        return (
            attribute[..<equals].trimmingCharacters(in: .whitespaces).lowercased(),
            attribute[attribute.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        )
    }

    /// RFC 6265 §5.1.4: the request path up to its last `/` (`/` when that is the first character or none).
    private static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let last = path.lastIndex(of: "/"), last != path.startIndex else { return "/" }
        return String(path[..<last])
    }
}
