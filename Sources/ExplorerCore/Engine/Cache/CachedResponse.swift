import Foundation

/// One stored response, as kept in memory and written to the profile's cache file.
///
/// Its `Codable` form leaves the body out: `CacheFile` writes bodies as raw bytes after the JSON records, which
/// keeps a 64 MiB cache quick to save (base64 inside JSON took most of a second).
struct CachedResponse: Sendable, Codable, Equatable {
    struct Field: Sendable, Codable, Equatable {
        var name: String
        var value: String
    }

    var method: String
    /// The URL that answered.
    var url: String
    var statusCode: Int
    var reason: String
    var httpVersion: String
    var headers: [Field]
    /// Not part of the coded form (see above); filled in by `CacheFile`.
    var body = Data()
    /// When the request that got this response was sent, and when the response arrived (or was last revalidated).
    var requestTime: Date
    var responseTime: Date
    /// The digest of the credentials it was fetched with (see `CacheKey`).
    var identity: String
    /// The request headers named by `Vary`, and a digest of their values when it was fetched.
    var varyNames: [String]
    var varyDigest: String
    /// When it was last stored or reused, so the least recently used entries go first, also after a restart.
    var lastUsed: Date

    private enum CodingKeys: String, CodingKey {
        case method, url, statusCode, reason, httpVersion, headers, requestTime, responseTime, identity, varyNames,
            varyDigest, lastUsed
    }

    var key: CacheKey { CacheKey(method: method, url: url, identity: identity) }

    var httpHeaders: HTTPHeaders {
        HTTPHeaders(headers.map { ($0.name, $0.value) })
    }

    /// Bytes it costs against the cache's budget: the body plus a rough share for everything else.
    var cost: Int {
        body.count + url.utf8.count + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 } + 256
    }

    init(
        response: Response, body: Data, requestTime: Date, responseTime: Date, identity: String, varyNames: [String],
        varyDigest: String
    ) {
        method = response.method.rawValue
        url = CacheKey.normalized(response.url)
        statusCode = response.statusCode
        reason = response.reason
        httpVersion = response.httpVersion
        headers = response.headers.map { Field(name: $0.name, value: $0.value) }
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.identity = identity
        self.varyNames = varyNames
        self.varyDigest = varyDigest
        lastUsed = responseTime
    }

    /// The age now (RFC 9111 section 4.2.3: the age on arrival plus the time it has been stored).
    func age(at now: Date) -> Duration {
        CachePolicy.initialAge(of: httpHeaders, requestTime: requestTime, responseTime: responseTime)
            + .seconds(max(0, now.timeIntervalSince(responseTime)))
    }

    /// Whether it may be reused without asking the server, under the profile's `ttl`.
    func isFresh(at now: Date, ttl: Duration) -> Bool {
        let freshness = CachePolicy.freshness(of: httpHeaders, responseTime: responseTime, ttl: ttl)
        guard case .lifetime(let lifetime, _) = freshness else { return false }
        return age(at: now) < lifetime
    }

    /// The stored response as a `Response` from `source`, with `metrics` describing how it was obtained now.
    func response(source: ResponseSource, age: Duration, metrics: Metrics) -> Response {
        var response = Response(
            method: HTTPMethod(rawValue: method) ?? .get, url: url, statusCode: statusCode, reason: reason,
            httpVersion: httpVersion, headers: httpHeaders, body: ResponseBody(data: body), metrics: metrics)
        response.source = source
        response.age = age
        return response
    }
}
