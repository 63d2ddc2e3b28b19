import Foundation

/// The header and query item names that carry a credential on a request, as declared by the credential placed on
/// it (see `CredentialPlacement.apply(to:)`).
///
/// They travel with the request because an API key may sit under any name (`X-API-Key`, `token`, `api_key`):
/// guessing from a fixed list misses custom ones. The redirect policy reads them to keep credentials from another
/// origin, and the response cache to key entries per user and to keep secrets out of its file.
package struct CredentialNames: Sendable, Hashable {
    /// Lower-cased: header names compare case-insensitively.
    package private(set) var headers: Set<String> = []
    /// As written: query item names are case-sensitive. Compared with the decoded names in a URL.
    private(set) var queryItems: Set<String> = []

    package init(headers: [String] = [], queryItems: [String] = []) {
        for name in headers { insertHeader(name) }
        self.queryItems = Set(queryItems)
    }

    package var isEmpty: Bool { headers.isEmpty && queryItems.isEmpty }

    mutating func insertHeader(_ name: String) {
        headers.insert(name.lowercased())
    }

    mutating func insertQueryItem(_ name: String) {
        queryItems.insert(name)
    }

    /// `url` with the value of every credential query item replaced by `mask` (already percent-encoded); the rest
    /// of the URL is kept byte for byte, so equal URLs still give equal results.
    func masking(_ url: String, with mask: String) -> String {
        rewritingQuery(of: url) { name, _ in String(name) + "=" + mask }
    }

    /// `url` without its credential query items.
    func removing(from url: String) -> String {
        rewritingQuery(of: url) { _, _ in nil }
    }

    /// The credential query items in `url`, as `name=value` pieces still percent-encoded, in order.
    func queryPieces(in url: String) -> [String] {
        var found: [String] = []
        _ = rewritingQuery(of: url) { name, piece in
            found.append(String(piece))
            return String(piece)
        }
        return found
    }

    /// Applies `change` to each credential query item of `url` (its raw name and whole `name=value` piece): the
    /// piece is replaced by what it returns, or dropped for `nil`. Other items and the fragment stay as they are.
    private func rewritingQuery(of url: String, _ change: (Substring, Substring) -> String?) -> String {
        guard !queryItems.isEmpty, let question = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[question...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: question)..<fragmentStart]
        var pieces: [String] = []
        var changed = false
        for piece in query.split(separator: "&", omittingEmptySubsequences: false) {
            let rawName = piece.prefix { $0 != "=" }
            let name = String(rawName).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            guard let name, queryItems.contains(name) else {
                pieces.append(String(piece))
                continue
            }
            changed = true
            if let replaced = change(rawName, piece) { pieces.append(replaced) }
        }
        // Untouched URLs come back exactly as given (an empty `?` included).
        guard changed else { return url }
        let rest = pieces.joined(separator: "&")
        return String(url[..<question]) + (rest.isEmpty ? "" : "?" + rest) + url[fragmentStart...]
    }
}
