import Foundation

/// A GraphQL answer with a non-empty `errors` is a failed check (GraphQL over HTTP answers 200 to a query whose
/// fields failed), unless the endpoint's `expect:` says what it expects of `$.errors` itself.
package enum GraphQLErrorsCheck {
    /// The largest body read for its `errors`: past it the answer is not looked into (a GraphQL error answer is small).
    static let maxBodyBytes = 16 << 20

    /// The check for `endpoint`'s answer; nil when the endpoint is not GraphQL, its `expect:` checks `$.errors`, or
    /// the answer is not a JSON object.
    package static func result(for response: Response, endpoint: Endpoint) -> CheckResult? {
        guard case .graphql? = endpoint.body else { return nil }
        if let rules = endpoint.expectation?.json, rules.contains(where: { mentionsErrors($0.query) }) { return nil }
        guard response.body.count <= Int64(maxBodyBytes), let data = try? response.body.data(limit: maxBodyBytes),
            let document = try? JSONValue.parse(data), case .object = document
        else { return nil }
        let errors = document["errors"]?.arrayValue ?? []
        guard let first = errors.first else {
            return CheckResult(subject: "graphql errors", expected: "none", actual: "none", passed: true)
        }
        var actual = "\(errors.count): " + (first["message"]?.stringValue ?? first.serialized())
        if let path = first["path"]?.arrayValue, !path.isEmpty {
            actual += " (path " + path.map { $0.stringValue ?? $0.serialized() }.joined(separator: ".") + ")"
        }
        return CheckResult(
            subject: "graphql errors", expected: "none", actual: ExpectationChecker.shown(actual), passed: false)
    }

    /// Whether a JSONPath query starts at the answer's `errors` (`$.errors…`, `$['errors']…`).
    static func mentionsErrors(_ query: String) -> Bool {
        let compact = query.replacingOccurrences(of: " ", with: "")
        return compact.hasPrefix("$.errors") || compact.hasPrefix("$['errors']") || compact.hasPrefix("$[\"errors\"]")
    }
}
