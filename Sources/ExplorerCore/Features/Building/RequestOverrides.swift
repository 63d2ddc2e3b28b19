/// What the user changed for one send, on top of the endpoint as saved: the CLI's `-p`, `-q`, `-H`, `--body`
/// and flags, or the TUI's edits.
public struct RequestOverrides: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        /// Text sent as-is (content type kept from the endpoint, else `text/plain`, unless a header sets it).
        case text(String)
        /// A file streamed from disk.
        case file(String)
    }

    /// Path placeholder values; they win over `params` defaults.
    public var params: [String: String]
    /// Query items; a name given here replaces the profile's items of that name, repeated names repeat.
    public var query: [(name: String, value: String)]
    /// Headers layered last (later wins, case-insensitively); an empty value removes the header.
    public var headers: HTTPHeaders
    public var body: Body?
    /// Variables layered over the profile's and environment's.
    public var variables: [String: String]
    public var timeout: Duration?
    public var followRedirects: Bool?
    public var maxRedirects: Int?
    public var insecure: Bool?
    public var downloadTo: String?
    /// `--compressed` / `--no-compressed`: over the profile's `compressed:`.
    public var compressed: Bool?
    /// `--http1.1`, `--http2`, `--http2-prior-knowledge`: over the profile's `http_version:`.
    package var httpVersion: HTTPVersionChoice?
    /// `--proxy URL` (`none`: direct) and `--noproxy LIST`: over the profile's `proxy:` and `no_proxy:`.
    package var proxy: String?
    package var noProxy: String?
    /// `--cert`, `--key`, `--cacert`: over the profile's `cert_file:`, `key_file:`, `ca_file:`.
    package var certFile: String?
    package var keyFile: String?
    package var caFile: String?
    /// `--max-body`: over the profile's `max_body:` (0: no limit).
    package var maxBody: Int64?
    /// `--max-body-ratio`: over the profile's `max_body_ratio:` (0: no limit).
    package var maxBodyRatio: Int64?

    public init(
        params: [String: String] = [:], query: [(name: String, value: String)] = [], headers: HTTPHeaders = [:],
        body: Body? = nil, variables: [String: String] = [:], timeout: Duration? = nil, followRedirects: Bool? = nil,
        maxRedirects: Int? = nil, insecure: Bool? = nil, downloadTo: String? = nil,
        compressed: Bool? = nil
    ) {
        self.params = params
        self.query = query
        self.headers = headers
        self.body = body
        self.variables = variables
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.insecure = insecure
        self.downloadTo = downloadTo
        self.compressed = compressed
    }

    public static func == (lhs: RequestOverrides, rhs: RequestOverrides) -> Bool {
        lhs.params == rhs.params && lhs.query.elementsEqual(rhs.query, by: { $0 == $1 }) && lhs.headers == rhs.headers
            && lhs.body == rhs.body && lhs.variables == rhs.variables && lhs.timeout == rhs.timeout
            && lhs.followRedirects == rhs.followRedirects && lhs.maxRedirects == rhs.maxRedirects
            && lhs.insecure == rhs.insecure && lhs.downloadTo == rhs.downloadTo
            && lhs.compressed == rhs.compressed && lhs.httpVersion == rhs.httpVersion && lhs.proxy == rhs.proxy
            && lhs.noProxy == rhs.noProxy && lhs.certFile == rhs.certFile && lhs.keyFile == rhs.keyFile
            && lhs.caFile == rhs.caFile && lhs.maxBody == rhs.maxBody
            && lhs.maxBodyRatio == rhs.maxBodyRatio
    }
}
