/// A request with everything resolved: the exact method, URL, headers and body that go on the wire.
public struct PreparedRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// Absolute and percent-encoded.
    public var url: String
    public var headers: HTTPHeaders
    public var body: RequestBody
    package var options: TransferOptions
    /// Which of its headers and query items are credentials (set when a credential is placed on it), so they are
    /// never sent to another origin on a redirect and never stored in clear by the cache.
    package var credentialNames: CredentialNames

    package init(
        method: HTTPMethod = .get,
        url: String,
        headers: HTTPHeaders = [:],
        body: RequestBody = .none,
        options: TransferOptions = TransferOptions(),
        credentialNames: CredentialNames = CredentialNames()
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.options = options
        self.credentialNames = credentialNames
    }
}
