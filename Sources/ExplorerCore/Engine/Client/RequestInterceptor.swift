/// Adapts a request before each attempt and decides whether a response deserves one more attempt.
///
/// Auth is the main user: `adapt` adds the current token, `retry` refreshes it after a 401 (holding the request
/// until the single refresh in flight is done) and asks for the retry. The client makes at most two attempts.
public protocol RequestInterceptor: Sendable {
    /// The request to send on this attempt (0 for the first).
    func adapt(_ request: PreparedRequest, attempt: Int) async throws(ClientError) -> PreparedRequest

    /// Whether to send the request again after `response`. Called only while another attempt is allowed.
    func retry(_ request: PreparedRequest, after response: Response, attempt: Int) async throws(ClientError) -> Bool

    /// What the user should be told after a send, one message each (a token file that had to be ignored).
    func warnings() async -> [String]
}

extension RequestInterceptor {
    public func adapt(_ request: PreparedRequest, attempt: Int) async throws(ClientError) -> PreparedRequest {
        request
    }

    public func retry(_ request: PreparedRequest, after response: Response, attempt: Int) async throws(ClientError)
        -> Bool
    {
        false
    }

    public func warnings() async -> [String] { [] }
}
