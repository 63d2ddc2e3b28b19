/// One exchange of a chained send: the endpoint, its response (or why there was none), what it captured and how its
/// checks went.
package struct ChainStep: Sendable {
    package var endpointID: String
    /// True for an endpoint sent first because another uses its values.
    package var isPrerequisite: Bool
    package var result: Result<Response, ClientError>
    package var captured: [CapturedValue] = []
    /// Captures that found no value, `token: $.access_token selected nothing`.
    package var captureFailures: [String] = []
    /// The endpoint's `expect:` checks, in order; empty when it declares none.
    package var checks: [CheckResult] = []
    /// The captured values could not be kept on disk (they still serve this run).
    package var storeWarning: String?
    /// The answer against the schema `responses:` names for its status; nil when none is named.
    package var schema: SchemaCheck?
    /// A GraphQL answer's `errors`, each apart (the explorer's Errors tab); empty for other answers.
    package var graphQLErrors: [GraphQLAnswerError] = []

    /// True when the response came, every check passed and the answer matches its declared schema (`apix test`
    /// fails an answer that does not; `apix run` exits 0 unless `expect: { schema: true }` or `--strict-schema`).
    package var passed: Bool {
        guard case .success = result else { return false }
        return checks.allSatisfy(\.passed) && schema?.isValid != false
    }
}
