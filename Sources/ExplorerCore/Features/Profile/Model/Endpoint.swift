/// One saved request of a profile.
public struct Endpoint: Sendable, Hashable, Identifiable {
    public enum Priority: String, Sendable, Hashable, CaseIterable {
        case high, normal, low
    }

    public var id: String
    public var name: String
    public var folder: String?
    public var description: String?
    public var method: HTTPMethod
    /// May hold `{placeholder}`s filled from `params` and `{{variables}}`.
    package var path: Template
    package var params: [Parameter]
    package var query: [Parameter]
    package var headers: [Parameter]
    package var body: BodyTemplate?
    public var priority: Priority?
    /// Seconds a response may be reused; `nil` or 0 disables caching.
    package var cacheSeconds: Int?
    /// `auth: none` opts out of the profile's auth.
    package var authDisabled: Bool
    package var location: SourceLocation?
    /// What most endpoints leave unset, behind one shared reference (`EndpointOptions`); read and written through
    /// the properties below.
    private var options = CopyOnWrite(sharing: EndpointOptions.unset)

    package var transfer: TransferSettings {
        get { options.value.transfer }
        _modify { yield &options.value.transfer }
    }
    /// The endpoint's own `auth:` (bearer, basic or an API key), over the environment's and the profile's.
    package var auth: AuthSpec? {
        get { options.value.auth }
        _modify { yield &options.value.auth }
    }
    /// `auth: NAME`: the profile's (or environment's) `auths:` definition this endpoint uses.
    package var authName: String? {
        get { options.value.authName }
        _modify { yield &options.value.authName }
    }
    /// Where `auth: NAME` was written, for `apix check` to locate a name that is not defined.
    var authNameLocation: SourceLocation? {
        get { options.value.authNameLocation }
        _modify { yield &options.value.authNameLocation }
    }
    /// `download: { to: … }`: a directory or file the body is written to.
    package var downloadTo: String? {
        get { options.value.downloadTo }
        _modify { yield &options.value.downloadTo }
    }
    /// `capture:`: values taken from the response for other endpoints (`{{id.name}}`).
    package var captures: [Capture] {
        get { options.value.captures }
        _modify { yield &options.value.captures }
    }
    /// `uses:`: endpoints whose values this one needs, and when to send them first.
    package var uses: [EndpointUse] {
        get { options.value.uses }
        _modify { yield &options.value.uses }
    }
    /// `expect:`: what a good response looks like.
    package var expectation: ResponseExpectation? {
        get { options.value.expectation }
        _modify { yield &options.value.expectation }
    }
    /// `responses:`: the schema each answer should match, by status (`"200"`, `"4XX"`, `default`).
    package var responses: [ResponseSchemaRule] {
        get { options.value.responses }
        _modify { yield &options.value.responses }
    }
    /// `request_schema:`: the schema the request body should match (a warning before sending; the explorer's field
    /// hints).
    package var requestSchema: String? {
        get { options.value.requestSchema }
        _modify { yield &options.value.requestSchema }
    }
    /// Where `request_schema:` was written, for `apix check` to locate a name no schema has.
    var requestSchemaLocation: SourceLocation? {
        get { options.value.requestSchemaLocation }
        _modify { yield &options.value.requestSchemaLocation }
    }
    /// `protocol: websocket` and its keys; nil for an HTTP endpoint.
    package var webSocket: WebSocketEndpoint? {
        get { options.value.webSocket }
        _modify { yield &options.value.webSocket }
    }

    package init(
        id: String, name: String? = nil, folder: String? = nil, description: String? = nil,
        method: HTTPMethod = .get, path: Template, params: [Parameter] = [], query: [Parameter] = [],
        headers: [Parameter] = [], body: BodyTemplate? = nil, transfer: TransferSettings = TransferSettings(),
        priority: Priority? = nil, cacheSeconds: Int? = nil, authDisabled: Bool = false, downloadTo: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.name = name ?? id
        self.folder = folder
        self.description = description
        self.method = method
        self.path = path
        self.params = params
        self.query = query
        self.headers = headers
        self.body = body
        self.priority = priority
        self.cacheSeconds = cacheSeconds
        self.authDisabled = authDisabled
        self.location = location
        // Written after every stored property is set; an endpoint with neither keeps the shared storage.
        if transfer != TransferSettings() { self.transfer = transfer }
        if let downloadTo { self.downloadTo = downloadTo }
    }

    /// `{name}` placeholders in the path, in order.
    package var placeholders: [String] {
        URLBuilder.placeholders(in: path.raw)
    }
}

/// Transfer settings a profile, environment or endpoint may set; unset ones fall through to the next level.
package struct TransferSettings: Sendable, Hashable {
    package var timeout: Duration?
    var connectTimeout: Duration?
    var stallTimeout: Duration?
    package var followRedirects: Bool?
    package var maxRedirects: Int?
    package var insecure: Bool?
    var caFile: String?
    /// Ask for compressed responses (`Accept-Encoding`) and decode them; `false` takes bodies as they come.
    package var compressed: Bool?
    var redirectBody: RedirectBody?
    /// `http_version:` (1.1, 2, 2-prior-knowledge).
    var httpVersion: HTTPVersionChoice?
    /// `proxy:` a proxy URL (may use secret variables for its credentials), or `none` for no proxy at all, the
    /// environment variables included.
    var proxy: Template?
    /// `no_proxy:` hosts reached directly (curl's list: names, `.domain` suffixes, `*`).
    var noProxy: String?
    /// `cert_file:` / `key_file:` the client certificate and its key (PEM) for mutual TLS.
    var certFile: String?
    var keyFile: String?
    /// `key_password:` the client key's passphrase (a secret variable, usually).
    var keyPassword: Template?
    /// `cookies:` keep a cookie jar for the profile and environment (default true).
    var cookies: Bool?
    /// `max_body`: the most bytes kept of a body for display (`BodyLimit`); 0: no limit.
    var maxBody: Int64?
    /// `max_body_ratio`: how many times its size on the wire a body may grow by decoding (`BodyLimit`); 0: no limit.
    var maxBodyRatio: Int64?
    /// `stream: true`: show the body as events as it arrives (`StreamMode`), whatever its content type.
    var stream: Bool?

    package init(
        timeout: Duration? = nil, connectTimeout: Duration? = nil, stallTimeout: Duration? = nil,
        followRedirects: Bool? = nil, maxRedirects: Int? = nil, insecure: Bool? = nil, caFile: String? = nil,
        compressed: Bool? = nil
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.insecure = insecure
        self.caFile = caFile
        self.compressed = compressed
    }

    /// These settings over `base`: whatever is set here wins.
    package func over(_ base: TransferSettings) -> TransferSettings {
        var merged = TransferSettings(
            timeout: timeout ?? base.timeout, connectTimeout: connectTimeout ?? base.connectTimeout,
            stallTimeout: stallTimeout ?? base.stallTimeout, followRedirects: followRedirects ?? base.followRedirects,
            maxRedirects: maxRedirects ?? base.maxRedirects, insecure: insecure ?? base.insecure,
            caFile: caFile ?? base.caFile, compressed: compressed ?? base.compressed)
        merged.redirectBody = redirectBody ?? base.redirectBody
        merged.httpVersion = httpVersion ?? base.httpVersion
        merged.proxy = proxy ?? base.proxy
        merged.noProxy = noProxy ?? base.noProxy
        merged.certFile = certFile ?? base.certFile
        merged.keyFile = keyFile ?? base.keyFile
        merged.keyPassword = keyPassword ?? base.keyPassword
        merged.cookies = cookies ?? base.cookies
        merged.maxBody = maxBody ?? base.maxBody
        merged.maxBodyRatio = maxBodyRatio ?? base.maxBodyRatio
        merged.stream = stream ?? base.stream
        return merged
    }

    /// Applies the settings to transfer options (unset ones leave the options alone).
    package func apply(to options: inout TransferOptions) {
        if let timeout { options.timeout = timeout > .zero ? timeout : nil }
        if let connectTimeout { options.connectTimeout = connectTimeout > .zero ? connectTimeout : nil }
        if let stallTimeout { options.stallTimeout = stallTimeout > .zero ? stallTimeout : nil }
        if let followRedirects { options.followRedirects = followRedirects }
        if let maxRedirects { options.maxRedirects = maxRedirects }
        if let insecure { options.insecure = insecure }
        if let caFile { options.caFile = caFile }
        if let compressed { options.compressed = compressed }
        if let redirectBody { options.redirectBody = redirectBody }
        if let httpVersion { options.httpVersion = httpVersion }
        if let noProxy { options.noProxy = noProxy }
        if let certFile { options.certFile = certFile }
        if let keyFile { options.keyFile = keyFile }
        if let maxBody { options.maxBody = maxBody > 0 ? maxBody : nil }
        if let maxBodyRatio { options.maxBodyRatio = maxBodyRatio > 0 ? maxBodyRatio : nil }
        if let stream { options.stream = stream }
    }
}
