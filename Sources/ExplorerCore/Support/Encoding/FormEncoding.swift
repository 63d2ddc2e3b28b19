/// `application/x-www-form-urlencoded`, as request bodies and OAuth token requests send it: every byte but the
/// unreserved characters percent-encoded, a space as `+`.
package enum FormEncoding {
    /// One name or value.
    static func component(_ text: String) -> String {
        // `%20` can only come from a space: a `%` in the text is itself escaped to `%25`.
        PercentEncoding.encode(text, allowed: PercentEncoding.unreserved).replacingOccurrences(of: "%20", with: "+")
    }

    /// `name=value` pairs joined with `&`, in the order given.
    static func body(_ fields: [(name: String, value: String)]) -> String {
        fields.map { component($0.name) + "=" + component($0.value) }.joined(separator: "&")
    }

    /// `a=1&b=x%20y` as decoded pairs (`plusIsSpace`: a `+` is a space, as in a form body; in a URL's query as
    /// some tools write it, it stays a `+`). The one decoding of form and query text the importers and curl lines use.
    package static func decode(_ text: String, plusIsSpace: Bool) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { piece in
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let text = plusIsSpace ? part.replacingOccurrences(of: "+", with: " ") : String(part)
                return text.removingPercentEncoding ?? text
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}
