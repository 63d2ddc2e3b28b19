import Foundation

/// The `Cookie` field of an upgrade request, from the jar's cookies in libcurl's Netscape format
/// (`CURLINFO_COOKIELIST`): libcurl writes no request of its own on a `CURLOPT_CONNECT_ONLY` connection, so apix
/// picks the cookies a request to the URL would carry (RFC 6265 §5.4: domain, path, secure, expiry).
enum WebSocketCookies {
    static func header(lines: [String], url: URLComponents, now: Date) -> String? {
        let host = (url.host ?? "").lowercased()
        let path = url.path.isEmpty ? "/" : url.path
        let secure = ["wss", "https"].contains(url.scheme?.lowercased() ?? "")
        var pairs: [String] = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 7 else { continue }
            var domain = fields[0].lowercased()
            if domain.hasPrefix("#httponly_") { domain.removeFirst("#httponly_".count) }
            let includesSubdomains = fields[1] == "TRUE"
            if domain.hasPrefix(".") { domain.removeFirst() }
            let matchesDomain = host == domain || (includesSubdomains && host.hasSuffix("." + domain))
            let cookiePath = fields[2].isEmpty ? "/" : fields[2]
            let matchesPath =
                path == cookiePath
                || (path.hasPrefix(cookiePath)
                    && (cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).first == "/"))
            let expiry = Double(fields[4]) ?? 0
            guard matchesDomain, matchesPath, fields[3] != "TRUE" || secure,
                expiry == 0 || expiry > now.timeIntervalSince1970
            else { continue }
            pairs.append("\(fields[5])=\(fields[6])")
        }
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }
}
