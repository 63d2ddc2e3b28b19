import Foundation

extension Endpoint {
    /// Longest id `readableID` makes (before a `-2` suffix): a long URL still gives an id one can type.
    static let readableIDLength = 60

    /// An id made from a method and a path or URL, as one would type it: lower case, the method then the path's
    /// segments joined with `-`, placeholder braces and other punctuation dropped (`GET /users/{id}` →
    /// `get-users-id`, `POST https://api.example/v1/refunds?x=1` → `post-v1-refunds`), made unique among `taken`
    /// with `-2`, `-3`, …. The explorer names one-off requests with it.
    package static func readableID(method: HTTPMethod, path: String, taken: Set<String>) -> String {
        var path = Substring(path)
        if let scheme = path.range(of: "://") {
            // A whole URL: only its path counts.
            let rest = path[scheme.upperBound...]
            path = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let words = [method.rawValue.lowercased()] + path.split(separator: "/").compactMap(idWord)
        var id = ""
        for word in words {
            let joined = id.isEmpty ? word : id + "-" + word
            if joined.count > readableIDLength {
                if id.isEmpty { id = String(word.prefix(readableIDLength)) }
                break
            }
            id = joined
        }
        guard taken.contains(id) else { return id }
        var counter = 2
        while taken.contains("\(id)-\(counter)") { counter += 1 }
        return "\(id)-\(counter)"
    }

    /// A path segment as a word of an id one can type: percent-decoded, lower case, ASCII letters and digits kept,
    /// every other run of characters one `-` (`a%20b` → `a-b`, `{id}` → `id`); nil when nothing is left.
    package static func idWord(_ segment: Substring) -> String? {
        let decoded = segment.removingPercentEncoding ?? String(segment)
        var word = ""
        for scalar in decoded.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty, word.last != "-" {
                word.append("-")
            }
        }
        while word.last == "-" { word.removeLast() }
        return word.isEmpty ? nil : word
    }
}
