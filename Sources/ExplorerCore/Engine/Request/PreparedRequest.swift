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
    /// The `Cookie` field libcurl's cookie engine adds from the profile's jar, as the jar held it when the request
    /// started (`Client.start` sets it on `Transfer.request`): shown with the request, never sent by apix itself.
    package var jarCookie: String?

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
