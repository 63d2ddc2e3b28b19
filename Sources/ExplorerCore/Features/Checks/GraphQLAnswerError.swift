import Foundation

/// One entry of a GraphQL answer's `errors` (GraphQL spec, section 7.1.2), as the explorer's Errors tab lists it apart
/// from `data`: the message, the path of the field that failed, where in the query, and `extensions.code`.
package struct GraphQLAnswerError: Sendable, Hashable {
    package var message: String
    /// The field's path as JSONPath into the answer (`$.data.user.friends[0].name`); nil for a request error.
    package var path: String?
    /// `line:column` in the query, in order.
    package var locations: [String]
    /// `extensions.code` when the server gives one (`BAD_USER_INPUT`, `UNAUTHENTICATED`…).
    package var code: String?

    /// At most this many are kept; an answer with more says how many in its count.
    static let maxKept = 200

    /// The errors of `response` when `endpoint` is GraphQL and the answer is a JSON object with `errors`; empty
    /// otherwise (and for a body past `GraphQLErrorsCheck.maxBodyBytes`).
    package static func errors(in response: Response, endpoint: Endpoint) -> [GraphQLAnswerError] {
        guard case .graphql? = endpoint.body, response.body.count <= Int64(GraphQLErrorsCheck.maxBodyBytes),
            let data = try? response.body.data(limit: GraphQLErrorsCheck.maxBodyBytes),
            let document = try? JSONValue.parse(data), let errors = document["errors"]?.arrayValue
        else { return [] }
        return errors.prefix(maxKept).map(Self.init)
    }

    init(_ value: JSONValue) {
        message = value["message"]?.stringValue ?? value.serialized()
        if let steps = value["path"]?.arrayValue, !steps.isEmpty {
            path =
                "$.data"
                + steps.map { step in
                    if let index = step.intValue { return "[\(index)]" }
                    let name = step.stringValue ?? step.serialized()
                    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? ".\(name)" : "['\(name)']"
                }.joined()
        }
        locations = (value["locations"]?.arrayValue ?? []).compactMap { location in
            guard let line = location["line"]?.intValue, let column = location["column"]?.intValue else { return nil }
            return "\(line):\(column)"
        }
        code = value["extensions"]?["code"]?.stringValue
    }
}
