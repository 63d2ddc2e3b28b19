/// One exchange of a chained send: the endpoint, its response (or why there was none), what it captured and how its
/// checks went.
public struct ChainStep: Sendable {
    public var endpointID: String
    /// True for an endpoint sent first because another uses its values.
    public var isPrerequisite: Bool
    public var result: Result<Response, ClientError>
    public var captured: [CapturedValue] = []
    /// Captures that found no value, `token: $.access_token selected nothing`.
    public var captureFailures: [String] = []
    /// The endpoint's `expect:` checks, in order; empty when it declares none.
    public var checks: [CheckResult] = []
    /// The captured values could not be kept on disk (they still serve this run).
    public var storeWarning: String?

    /// True when the response came and every check passed.
    public var passed: Bool {
        guard case .success = result else { return false }
        return checks.allSatisfy(\.passed)
    }
}
