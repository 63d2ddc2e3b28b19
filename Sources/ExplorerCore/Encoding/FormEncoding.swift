/// `application/x-www-form-urlencoded`, as request bodies and OAuth token requests send it: every byte but the
/// unreserved characters percent-encoded, a space as `+`.
enum FormEncoding {
    /// One name or value.
    static func component(_ text: String) -> String {
        // `%20` can only come from a space: a `%` in the text is itself escaped to `%25`.
        PercentEncoding.encode(text, allowed: PercentEncoding.unreserved).replacingOccurrences(of: "%20", with: "+")
    }

    /// `name=value` pairs joined with `&`, in the order given.
    static func body(_ fields: [(name: String, value: String)]) -> String {
        fields.map { component($0.name) + "=" + component($0.value) }.joined(separator: "&")
    }
}
