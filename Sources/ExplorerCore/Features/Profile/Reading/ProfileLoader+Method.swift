import Yams

/// An endpoint's `method`: a known HTTP method, or any other token with `custom_method: true`, so a typo such as
/// `POTS` is a located problem rather than a request no server understands.
extension ProfileLoader {
    static func readMethod(_ fields: YAMLFields, reader: inout YAMLReader) -> HTTPMethod? {
        var custom = false
        if let node = fields["custom_method"] { custom = reader.bool(node, "custom_method") ?? false }
        guard let node = fields["method"], let text = reader.string(node, "method") else { return nil }
        guard let method = HTTPMethod(rawValue: text) else {
            reader.fail("`method` must be an HTTP method such as GET or POST, got \"\(text)\"", at: node)
            return nil
        }
        guard method.isKnown || custom else {
            var message = "unknown method `\(text)`"
            if let nearest = EditDistance.nearest(method.rawValue, in: HTTPMethod.known) {
                message += " (did you mean `\(nearest)`?)"
            }
            reader.fail(
                message + ": use one of " + HTTPMethod.known.joined(separator: ", ")
                    + ", or add `custom_method: true` to the endpoint to send it as written", at: node)
            return nil
        }
        return method
    }
}
