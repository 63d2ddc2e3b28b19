/// A `graphql:` body: a GraphQL document, its variables and the operation to run, sent per GraphQL over HTTP
/// (docs/GRAPHQL.md): POST with `{"query","variables","operationName"}` as JSON, or GET with the same three as query
/// parameters when the endpoint says `method: GET`.
///
/// The query is the text as written (inline, or read from `file:` when the profile loads, so `apix check` can
/// validate it and its errors have a place): GraphQL's own `$variables` are how values reach it, and only
/// `variables:` takes `{{variables}}` and captured values, like any body.
package struct GraphQLBody: Sendable, Hashable {
    /// The GraphQL document.
    package var query: String
    /// `file:` as written (relative to the profile's directory), when the query was read from a file; the emitter
    /// writes it back instead of the text.
    package var file: String?
    /// Where the query text is: the profile's `query:` value, or the `file:` value. Errors inside the query say
    /// their line and column in the query itself, and this place.
    package var location: SourceLocation?
    /// `variables:`: a YAML mapping (or JSON text) whose strings may hold `{{variables}}`.
    package var variables: TemplateValue?
    /// `operation:`, sent as `operationName` (which operation of a document with several to run).
    package var operation: String?

    package init(
        query: String, file: String? = nil, location: SourceLocation? = nil, variables: TemplateValue? = nil,
        operation: String? = nil
    ) {
        self.query = query
        self.file = file
        self.location = location
        self.variables = variables
        self.operation = operation
    }

    /// The media types a GraphQL response may come as, the newer first (GraphQL over HTTP, "Accept").
    package static let accept = "application/graphql-response+json, application/json"
    /// The `Accept` of a subscription: its answers come as server-sent events (GraphQL over SSE, distinct
    /// connections mode), each `next` event one result, then `complete`.
    package static let subscriptionAccept = "text/event-stream"

    /// Whether the operation this body runs (`operation:`, else the document's only one) is a subscription.
    package var isSubscription: Bool { GraphQLOperations.chosen(query, name: operation)?.kind == "subscription" }

    /// The variables with every `{{variable}}` filled in; a string that holds a JSON document is that document.
    package func renderedVariables(_ scope: VariableScope, masking: Bool) throws(RequestBuildError) -> JSONValue? {
        guard let variables else { return nil }
        let rendered = try variables.render(scope, masking: masking)
        if case .string(let text) = rendered {
            do {
                return try JSONValue.parse(text)
            } catch {
                throw RequestBuildError(.invalidBody("GraphQL variables: \(error)"), location: location)
            }
        }
        return rendered
    }

    /// The POST body: `{"query": …, "variables": …, "operationName": …}`, the last two only when given.
    package func envelope(_ scope: VariableScope, masking: Bool) throws(RequestBuildError) -> JSONValue {
        var object = JSONObject()
        object.append(key: "query", value: .string(query))
        if let variables = try renderedVariables(scope, masking: masking) {
            object.append(key: "variables", value: variables)
        }
        if let operation { object.append(key: "operationName", value: .string(operation)) }
        return .object(object)
    }

    /// The GET query items: `query`, `variables` (JSON text) and `operationName`, the last two only when given.
    package func queryItems(_ scope: VariableScope, masking: Bool) throws(RequestBuildError)
        -> [(name: String, value: String)]
    {
        var items: [(name: String, value: String)] = [("query", query)]
        if let variables = try renderedVariables(scope, masking: masking) {
            items.append(("variables", variables.serialized()))
        }
        if let operation { items.append(("operationName", operation)) }
        return items
    }
}
