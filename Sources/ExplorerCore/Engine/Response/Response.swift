import Foundation

/// An HTTP response: status, headers in the order received, the body, and where the time went.
public struct Response: Sendable {
    public var method: HTTPMethod
    /// The URL that answered, after redirects.
    public var url: String
    public var statusCode: Int
    public var reason: String
    public var httpVersion: String
    public var headers: HTTPHeaders
    public var body: ResponseBody
    public var metrics: Metrics
    /// Whether the server answered, or the cache (with or without asking the server first).
    public var source: ResponseSource = .network
    /// How old a response from the cache is (RFC 9111 age); `nil` for a response straight from the network.
    public var age: Duration?
    /// The connection it came on (address, reuse, TLS and certificates); nil when no connection was seen (from the
    /// cache, the history, or a transport that does not say).
    package var connection: ConnectionInfo?
    /// A streamed answer's timing (`EventStream.metrics`, as it ended); nil when the answer was not a stream, or
    /// was sent without an `EventStream` to read it.
    package var stream: StreamMetrics?

    package init(
        method: HTTPMethod, url: String, statusCode: Int, reason: String, httpVersion: String = "HTTP/1.1",
        headers: HTTPHeaders, body: ResponseBody, metrics: Metrics
    ) {
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.metrics = metrics
    }

    public var statusClass: StatusClass { StatusClass(code: statusCode) }

    public var contentType: String? { headers["Content-Type"] }

    /// "200 OK" style.
    public var statusLine: String { reason.isEmpty ? "\(statusCode)" : "\(statusCode) \(reason)" }

    /// The body decoded as text by its charset (UTF-8 when none is given); `nil` when it does not decode.
    public func text(limit: Int? = nil) -> String? {
        guard let data = try? body.data(limit: limit) else { return nil }
        return Self.decode(data, charset: MediaType.charset(of: contentType))
    }

    /// Decodes the body as JSON into a model: the seeds' "operation" that turns a response into a value.
    public func decode<Model: Decodable>(_ type: Model.Type, using decoder: JSONDecoder = JSONDecoder()) throws
        -> Model
    {
        try decoder.decode(type, from: body.data())
    }

    static func decode(_ data: Data, charset: String?) -> String? {
        switch charset ?? "utf-8" {
        case "utf-8", "utf8", "us-ascii", "ascii":
            return String(data: data, encoding: .utf8)
        case "iso-8859-1", "latin1", "latin-1", "iso8859-1":
            return String(data: data, encoding: .isoLatin1)
        case "windows-1252", "cp1252":
            return String(data: data, encoding: .windowsCP1252)
        case "utf-16":
            return String(data: data, encoding: .utf16)
        case "utf-16le":
            return String(data: data, encoding: .utf16LittleEndian)
        case "utf-16be":
            return String(data: data, encoding: .utf16BigEndian)
        default:
            return String(data: data, encoding: .utf8)
        }
    }
}
