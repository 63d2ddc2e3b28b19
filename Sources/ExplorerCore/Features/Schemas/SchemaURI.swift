import Foundation

/// The little of RFC 3986 that schema identifiers need: resolving `$id`, `$ref` and `$dynamicRef` against a base,
/// splitting off the fragment, and reading a fragment as a JSON pointer (RFC 6901, percent-decoded).
///
/// Identifiers are only names here: nothing is ever fetched, so no URL type (and no host parsing) is involved.
enum SchemaURI {
    /// `uri` without its fragment, and the fragment (nil when there is no `#`).
    static func split(_ uri: String) -> (base: String, fragment: String?) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2, strict).
    static func resolve(_ reference: String, against base: String) -> String {
        if scheme(of: reference) != nil { return removingDotSegments(inPathOf: reference) }
        let baseParts = parts(of: split(base).base)
        if reference.hasPrefix("//") { return (baseParts.scheme.map { $0 + ":" } ?? "") + reference }
        let prefix = (baseParts.scheme.map { $0 + ":" } ?? "") + (baseParts.authority.map { "//" + $0 } ?? "")
        if reference.isEmpty || reference.hasPrefix("#") {
            return split(base).base + reference
        }
        if reference.hasPrefix("?") { return prefix + baseParts.path + reference }
        if reference.hasPrefix("/") { return prefix + removeDotSegments(reference) }
        let merged: String
        if baseParts.authority != nil && baseParts.path.isEmpty {
            merged = "/" + reference
        } else if let slash = baseParts.path.lastIndex(of: "/") {
            merged = String(baseParts.path[...slash]) + reference
        } else {
            merged = reference
        }
        return prefix + removeDotSegments(merged)
    }

    /// The tokens of a JSON pointer fragment (`/a~1b/0` → `["a/b", "0"]`), percent-decoded; nil when it is not one.
    static func pointerTokens(fragment: String) -> [String]? {
        let decoded = fragment.removingPercentEncoding ?? fragment
        return pointerTokens(decoded)
    }

    /// The tokens of a JSON pointer (not percent-encoded); nil when it does not start with `/` and is not empty.
    static func pointerTokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// A JSON pointer written from tokens (`["a/b", "0"]` → `/a~1b/0`).
    static func pointer(_ tokens: [String]) -> String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    private static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.unicodeScalars.first, isLetter(first),
            candidate.unicodeScalars.allSatisfy({
                isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
            })
        else { return nil }
        return String(candidate)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func parts(of uri: String) -> (scheme: String?, authority: String?, path: String) {
        var rest = Substring(uri)
        let scheme = self.scheme(of: uri)
        if let scheme { rest = rest.dropFirst(scheme.count + 1) }
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        var authority: String?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        return (scheme, authority, String(rest))
    }

    private static func removingDotSegments(inPathOf uri: String) -> String {
        let (base, fragment) = split(uri)
        let parts = parts(of: base)
        guard parts.path.contains(".") else { return uri }
        let query = base.firstIndex(of: "?").map { String(base[$0...]) } ?? ""
        let rebuilt =
            (parts.scheme.map { $0 + ":" } ?? "") + (parts.authority.map { "//" + $0 } ?? "")
            + removeDotSegments(parts.path) + query
        return rebuilt + (fragment.map { "#" + $0 } ?? "")
    }

    /// RFC 3986 §5.2.4.
    private static func removeDotSegments(_ path: String) -> String {
        let hashSplit = split(path)
        var queryPart = ""
        var pathOnly = hashSplit.base
        if let query = pathOnly.firstIndex(of: "?") {
            queryPart = String(pathOnly[query...])
            pathOnly = String(pathOnly[..<query])
        }
        var output: [Substring] = []
        let segments = pathOnly.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment {
            case ".":
                if last { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if last { output.append("") }
            default:
                output.append(segment)
            }
        }
        return output.joined(separator: "/") + queryPart + (hashSplit.fragment.map { "#" + $0 } ?? "")
    }
}
